#!/usr/bin/env python3
"""The review of one 60-move game on 1 and on N worker processes, in one run: the wall times,
their ratio, and whether the verdicts are the same.

    python scripts/review_workers.py             # 1 vs 2 workers, 2 pairs: about 3 minutes
    python scripts/review_workers.py --pairs 3 --workers 4

The runs alternate (1, N, 1, N, ...) so a machine whose load changes meanwhile (other work
on it) weighs on both alike; the load average before each run is printed beside it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from render_views import GAME  # noqa: E402

from othello.board import Board  # noqa: E402
from othello.review import MoveReview, review_game  # noqa: E402


def timed(moves: list[int], workers: int) -> tuple[float, list[MoveReview]]:
    t0 = time.perf_counter()
    reviews = review_game(Board(), moves, workers=workers)
    return time.perf_counter() - t0, reviews


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    moves = [played.square for played in Board.from_transcript(GAME).history]
    placed = sum(1 for sq in moves if sq >= 0)
    print(f"game: {placed} moves placed; {os.cpu_count()} cores")
    times: dict[int, list[float]] = {1: [], args.workers: []}
    first: list[MoveReview] | None = None
    same = True
    for _ in range(args.pairs):
        for workers in (1, args.workers):
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            seconds, reviews = timed(moves, workers)
            times[workers].append(seconds)
            first = first or reviews
            same = same and reviews == first
            print(f"  {workers} worker(s): {seconds:6.1f} s   (load average before: {load:.1f})")
    one, many = statistics.median(times[1]), statistics.median(times[args.workers])
    print(
        f"median: 1 worker {one:.1f} s, {args.workers} workers {many:.1f} s: ratio {many / one:.2f}"
    )
    print(f"verdicts identical on every run: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
