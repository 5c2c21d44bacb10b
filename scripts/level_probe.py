#!/usr/bin/env python3
"""What a level searches on positions from real games: per position the move, score, depth
reached, positions visited and time, and the totals. It shows what a time limit buys a level
on this machine beside what a node budget does (the top of the ladder, issue 34).

    python scripts/level_probe.py level:16 level:17
    python scripts/level_probe.py level:6 --src /tmp/old-engine/src     # an older engine
    python scripts/level_probe.py "level:17 time=5 depth=18 nodes=0"    # settings to try
    python scripts/level_probe.py "level:17 exact=20 wld=22" --empties 20 22   # the solver's
    python scripts/level_probe.py "level:0 exact=14" --empties 15 16   # a hint's (analysis)

The positions: 10 games drawn (seed 7) from the last 20,000 of the WTHOR file in
``../shared/data/games/``, each taken at 44, 34, 26, 21 and 19 empty squares where the side
to move has a move (50 positions). Run it alone: the times (and a timed level's depths)
follow the load.
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from othello.engine.api import Engine

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT.parent / "shared" / "data" / "games" / "wthor-1977-2025.txt.gz"
EMPTIES = (44, 34, 26, 21, 19)


def positions(
    path: Path, games: int = 10, seed: int = 7, empties: tuple[int, ...] = EMPTIES
) -> list[str]:
    """Board strings (with the side to move) from ``games`` real games at ``empties``."""
    from othello import Board

    with gzip.open(path, "rt") as file:
        rows = file.read().splitlines()
    out = []
    for row in random.Random(seed).sample(rows[-20000:], games):
        moves = row.split()[0]
        for k in range(0, len(moves), 2):
            board = Board.from_transcript(moves[:k])
            if board.empties() in empties and not board.must_pass() and not board.is_game_over():
                out.append(board.to_string())
    return out


def engine_for(spec: str, workers: int = 1) -> Engine:
    """``level:N`` with optional ``key=value`` overrides (time, depth, nodes, and the
    empties from which it solves exactly and proves a win: exact, wld)."""
    import dataclasses

    from othello.engine.api import Engine
    from othello.engine.levels import ANALYSIS, LEVELS

    level, *overrides = spec.split()
    given = dict(item.split("=") for item in overrides)
    unknown = set(given) - {"time", "depth", "nodes", "exact", "wld"}
    if unknown:
        raise SystemExit(f"level_probe: unknown setting {sorted(unknown)[0]!r} in {spec!r}")
    number = int(level.removeprefix("level:"))
    settings = ANALYSIS if number == ANALYSIS.number else LEVELS[number - 1]
    if "exact" in given:
        settings = dataclasses.replace(settings, exact_empties=int(given["exact"]))
    if "wld" in given:
        settings = dataclasses.replace(settings, wld_empties=int(given["wld"]))
    return Engine(
        level=settings,
        workers=workers,
        time_limit=float(given["time"]) if "time" in given else None,
        depth=int(given["depth"]) if "depth" in given else None,
        node_budget=int(given["nodes"]) if "nodes" in given else None,
    )


def probe(spec: str, boards: list[str], workers: int = 1) -> None:
    """Think on every board (``level:0``: analyse it, as a hint does); print each answer and
    the totals."""
    from othello import Board
    from othello.engine.levels import ANALYSIS

    engine = engine_for(spec, workers)
    analysing = engine.level_info.number == ANALYSIS.number
    nodes = seconds = 0.0
    print(f"{spec}: empties move score depth nodes seconds")
    for text in boards:
        board = Board.from_string(text)
        start = time.perf_counter()
        if analysing:
            table = engine.analyze(board)
            took = time.perf_counter() - start
            exact = " exact" if all(m.exact for m in table) else ""
            print(f"  {board.empties():2d} {table[0].move} {len(table)} moves {took:5.2f}{exact}")
            seconds += took
            continue
        result = engine.think(board)
        took = time.perf_counter() - start
        nodes, seconds = nodes + result.nodes, seconds + took
        exact = " exact" if result.exact else ""
        print(
            f"  {board.empties():2d} {result.move} {result.score:+3d} d{result.depth:<2d} "
            f"{result.nodes:8d} {took:5.2f}{exact}"
        )
    count = max(len(boards), 1)
    print(
        f"{spec}: {len(boards)} positions, {nodes / count:,.0f} positions a move, "
        f"{seconds / count:.2f} s a move, {nodes / max(seconds, 1e-9):,.0f} a second"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", help='"level:N [time=S] [depth=D] [nodes=N]"')
    parser.add_argument("--src", help="an older checkout's src/ folder to import othello from")
    parser.add_argument("--games", type=Path, default=GAMES, help="the WTHOR transcripts file")
    parser.add_argument(
        "--empties", type=int, nargs="+", default=list(EMPTIES), help="where to take positions"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes a level may use")
    args = parser.parse_args()
    sys.path.insert(0, args.src or str(ROOT / "src"))
    boards = positions(args.games, empties=tuple(args.empties))
    for spec in args.specs:
        probe(spec, boards, args.workers)


if __name__ == "__main__":
    main()
