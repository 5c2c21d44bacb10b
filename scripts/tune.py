#!/usr/bin/env python3
"""Tune the evaluation weights by self-play: keep a change only if it wins a match.

Coordinate search: for each weight (feature x phase end) try nudging it up and down;
a nudged set plays the current set over ``--games`` games (seeded openings, colours
swapped, both sides the same fixed-depth search with exact play from 10 empties) and
replaces it when it scores at least ``--accept``. Prints every trial and, at the end,
the WEIGHTS dict to paste into src/othello/evaluation.py.

    python scripts/tune.py --depth 3 --games 60 --rounds 1 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import opening, play_game

from othello import (
    Board,
    Engine,
    evaluation,
)

Weights = dict[str, tuple[int, int]]


def weighted_player(weights: Weights, depth: int):  # type: ignore[no-untyped-def]
    """An engine that installs its own weights before every move (both share a process)."""
    engine = Engine(level=3, depth=depth)

    def play(board: Board) -> str:
        evaluation.set_weights(weights)
        engine.forget()  # cached scores belong to the other weights
        return engine.think(board).move

    return play


def game(args: tuple[Weights, Weights, int, int]) -> float:
    """Points (1, 0.5, 0) for ``a`` in game ``index``; opening index // 2, colours alternate."""
    a, b, depth, index = args
    pa, pb = weighted_player(a, depth), weighted_player(b, depth)
    start = opening(500 + index // 2)
    if index % 2 == 0:
        diff, _ = play_game(pa, pb, start)
    else:
        diff, _ = play_game(pb, pa, start)
        diff = -diff
    return 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0


def duel(pool: multiprocessing.pool.Pool, a: Weights, b: Weights, games: int, depth: int) -> float:
    """Share of the points ``a`` takes from ``b``."""
    return sum(pool.map(game, [(a, b, depth, i) for i in range(games)])) / games


def nudges(value: int) -> list[int]:
    step = max(abs(value) // 3, 20)
    return [value + step, value - step]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--accept", type=float, default=0.55)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    best: Weights = dict(evaluation.WEIGHTS)
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for rnd in range(args.rounds):
            for name in list(best):
                for end in (0, 1):
                    for value in nudges(best[name][end]):
                        trial = dict(best)
                        pair = list(trial[name])
                        pair[end] = value
                        trial[name] = (pair[0], pair[1])
                        share = duel(pool, trial, best, args.games, args.depth)
                        kept = share >= args.accept
                        print(
                            f"[{time.perf_counter() - t0:5.0f}s] round {rnd + 1} {name}[{end}] "
                            f"{best[name][end]} -> {value}: {share:.0%}{'  kept' if kept else ''}",
                            flush=True,
                        )
                        if kept:
                            best = trial
                            break
    print("WEIGHTS = {")
    for name, (a, b) in best.items():
        print(f'    "{name}": ({a}, {b}),')
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
