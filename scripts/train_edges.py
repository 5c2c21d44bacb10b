#!/usr/bin/env python3
"""Learn the evaluation's edge table from self-play: what each edge pattern is worth.

Two steps:

    python scripts/train_edges.py games --games 4000 --jobs 2 --out /tmp/games.jsonl
    python scripts/train_edges.py fit /tmp/games.jsonl        # writes src/othello/tables/edge-values.bin

``games`` plays the engine against itself (a depth-4 search with exact play from 10
empties; the first moves after a random four-move opening get random error, so games
differ) and records every position with the game's final disc difference. ``fit`` learns,
per game phase, a value for each of the 3^8 patterns of an edge (mirror images share one)
that best explains what the static evaluation misses: the final result minus the
evaluation, fitted by a few damped passes in which each pattern's value moves towards
the mean error of the positions that show it, shrunk towards zero when a pattern is
rare. The table is written as a module the evaluation imports.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from match import opening  # noqa: E402

from othello import Board, Engine, learned  # noqa: E402
from othello.evaluation import (  # noqa: E402
    EDGE_BUCKETS,
    EDGE_TABLE,
    SCALE,
    base_evaluate,
    edge_patterns,
    phase_bucket,
)

NOISY_PLIES = 12
SHRINK = 8.0  # pseudo-count pulling rare patterns' values towards zero
STEP = 0.5  # share of a pattern's mean error taken per pass (four edges share each error)


def play_one(index: int) -> tuple[list[str], int]:
    """One self-play game: the board strings of every position, and the final result
    (disc difference for black)."""
    rng = random.Random(index)
    clean = Engine(level=3, seed=index)
    noisy = Engine(level=2, seed=index)
    board = Board()
    for move in opening(index + rng.randrange(244)):
        board.push(move)
    positions: list[str] = []
    plies = 0
    while not board.is_game_over():
        if board.must_pass():
            board.push_pass()
            continue
        positions.append(board.to_string())
        engine = noisy if plies < NOISY_PLIES else clean
        board.push(engine.think(board).move)
        plies += 1
    return positions, board.score()


def cmd_games(args: argparse.Namespace) -> None:
    with multiprocessing.Pool(args.jobs) as pool, args.out.open("w") as out:
        for done, (positions, result) in enumerate(
            pool.imap_unordered(play_one, range(args.seed, args.seed + args.games), chunksize=8), 1
        ):
            out.write(json.dumps({"positions": positions, "black": result}) + "\n")
            if done % 200 == 0:
                print(f"{done} games", flush=True)


def samples(path: Path) -> list[tuple[int, tuple[int, ...], float]]:
    """(phase bucket, edge pattern indexes, residual in discs) per recorded position."""
    rows: list[tuple[int, tuple[int, ...], float]] = []
    for line in path.read_text().splitlines():
        try:
            game = json.loads(line)
        except json.JSONDecodeError:  # a file still being written ends mid-line
            continue
        for text in game["positions"]:
            board = Board.from_string(text)
            p, o = board.player, board.opponent
            target = game["black"] if board.black_to_move else -game["black"]
            residual = target - base_evaluate(p, o) / SCALE
            rows.append((phase_bucket(board.empties()), edge_patterns(p, o), residual))
    return rows


def fit(rows: list[tuple[int, tuple[int, ...], float]], passes: int) -> list[list[float]]:
    """Per bucket, each pattern's value moves towards the mean error of the positions that
    show it (the residual minus all four edges' current values), damped because the four
    edges of a position share that error; rare patterns are shrunk towards zero."""
    size = 3**8
    table = [[0.0] * size for _ in range(EDGE_BUCKETS)]
    for _ in range(passes):
        sums = [[0.0] * size for _ in range(EDGE_BUCKETS)]
        counts = [[0] * size for _ in range(EDGE_BUCKETS)]
        for bucket, patterns, residual in rows:
            t = table[bucket]
            error = residual - sum(t[k] for k in patterns)
            for k in patterns:
                sums[bucket][k] += error
                counts[bucket][k] += 1
        for b in range(EDGE_BUCKETS):
            t, s, c = table[b], sums[b], counts[b]
            for k in range(size):
                if c[k]:
                    t[k] = (t[k] * c[k] + STEP * s[k]) / (c[k] + SHRINK)
        err = sum((r - sum(table[b][k] for k in pats)) ** 2 for b, pats, r in rows) / len(rows)
        print(f"pass: mean squared residual {err:.1f} discs^2", flush=True)
    return table


def write_table(table: list[list[float]]) -> Path:
    values = array("h", (round(v * SCALE) for bucket in table for v in bucket))
    return learned.write_int16(ROOT / "src" / "othello" / learned.FOLDER, EDGE_TABLE, values)


def mean_squared(rows: list[tuple[int, tuple[int, ...], float]], table: list[list[float]]) -> float:
    return sum((r - sum(table[b][k] for k in pats)) ** 2 for b, pats, r in rows) / len(rows)


def cmd_fit(args: argparse.Namespace) -> None:
    rows = samples(args.games)
    games = sum(1 for _ in args.games.open())
    cut = int(len(rows) * 0.9)  # games are written in order: the last tenth is held out
    train, held = rows[:cut], rows[cut:]
    zero = [[0.0] * 3**8 for _ in range(EDGE_BUCKETS)]
    print(
        f"{len(rows):,d} positions from {games:,d} games; evaluation alone: mean squared "
        f"residual {mean_squared(train, zero):.1f} (held out {mean_squared(held, zero):.1f}) discs^2"
    )
    table = fit(train, args.passes)
    print(f"held-out positions: mean squared residual {mean_squared(held, table):.1f} discs^2")
    if not args.dry_run:
        print(f"wrote {write_table(table)} ({len(train):,d} positions from {games:,d} games)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(required=True)
    g = sub.add_parser("games", help="play self-play games and record their positions")
    g.add_argument("--games", type=int, default=4000)
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--out", type=Path, required=True)
    g.set_defaults(func=cmd_games)
    f = sub.add_parser("fit", help="fit the edge table to recorded games")
    f.add_argument("games", type=Path)
    f.add_argument("--passes", type=int, default=8)
    f.add_argument("--dry-run", action="store_true", help="fit and report, write nothing")
    f.set_defaults(func=cmd_fit)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
