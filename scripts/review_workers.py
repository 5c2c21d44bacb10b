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
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from render_views import GAME  # noqa: E402

resource: ModuleType | None
try:
    import resource  # CPU time of ended children: not on Windows
except ImportError:
    resource = None

from othello.core.board import Board  # noqa: E402
from othello.study.review import MoveReview, review_game  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and of its ended children (the pool's workers)."""
    if resource is None:
        return float("nan")
    me, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return float(me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime)


def timed(moves: list[int], workers: int) -> tuple[float, float, list[MoveReview]]:
    """Wall and CPU seconds (this process and its workers) of one review."""
    t0, c0 = time.perf_counter(), cpu_seconds()
    reviews = review_game(Board(), moves, workers=workers)
    return time.perf_counter() - t0, cpu_seconds() - c0, reviews


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    moves = [played.square for played in Board.from_transcript(GAME).history]
    placed = sum(1 for sq in moves if sq >= 0)
    print(f"game: {placed} moves placed; {os.cpu_count()} cores")
    times: dict[int, list[float]] = {1: [], args.workers: []}
    cpus: dict[int, list[float]] = {1: [], args.workers: []}
    first: list[MoveReview] | None = None
    same = True
    for _ in range(args.pairs):
        for workers in (1, args.workers):
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            seconds, cpu, reviews = timed(moves, workers)
            times[workers].append(seconds)
            cpus[workers].append(cpu)
            first = first or reviews
            same = same and reviews == first
            print(
                f"  {workers} worker(s): {seconds:6.1f} s, CPU {cpu:6.1f} s"
                f"   (load average before: {load:.1f})"
            )
    one, many = statistics.median(times[1]), statistics.median(times[args.workers])
    print(
        f"median: 1 worker {one:.1f} s, {args.workers} workers {many:.1f} s: ratio {many / one:.2f}"
    )
    alone, shared = statistics.median(cpus[1]), statistics.median(cpus[args.workers])
    print(
        f"CPU: 1 worker {alone:.1f} s, {args.workers} workers {shared:.1f} s in all: on "
        f"{args.workers} idle cores, shared evenly, about {shared / args.workers / alone:.2f} "
        "of the time of 1 (what other work leaves of the cores decides the wall time here)"
    )
    print(f"verdicts identical on every run: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
