"""The midgame search on one process and on worker processes, side by side in one run.

    python scripts/split_bench.py --workers 2 --depth 8 --positions 8 --rounds 2

Each seeded midgame position (24-40 empty squares, the bench's) is searched to a fixed
depth (``--analyze``: every move scored, as a hint does) by a fresh engine, alone and then with the workers, alternating, so that whatever
else the machine does falls on both. A full-width search (``--selectivity 0``, the default)
must give the same score either way; the script says when it does not. Times include the
calling process's own depths below ``othello.engine.multicore.midgame.SPLIT_FROM_DEPTH``; the workers' pool
is started before the clock.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from othello import Board, Engine
from othello.app.commands.bench import random_positions
from othello.engine.api import SearchResult
from othello.engine.evaluation import prepare
from othello.engine.levels import ANALYSIS, LEVELS
from othello.engine.multicore import endgame


def cpu_seconds(pid: int | None) -> float:
    """A process's CPU time so far (Linux's /proc; 0 elsewhere): what it searched, whatever
    else the machine ran meanwhile."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def positions(count: int) -> list[Board]:
    found = []
    for p, o in random_positions(200, seed=7):
        board = Board.from_bitboards(p, o, True)
        if 24 <= board.empties() <= 40 and board.legal_moves():
            found.append(board)
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--selectivity", type=float, default=0.0)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument(
        "--analyze", action="store_true", help="every move scored (a hint), not one chosen"
    )
    args = parser.parse_args()
    prepare()
    pool = endgame.shared_pool(args.workers)  # started before the clock
    pids = [proc.pid for proc in pool.procs] if pool is not None else []
    cpu_alone = 0.0
    cpu_before = [cpu_seconds(pid) for pid in pids]
    settings = {"time_limit": 600.0, "depth": args.depth, "selectivity": args.selectivity}
    totals = {1: 0.0, args.workers: 0.0}
    nodes = {1: 0, args.workers: 0}
    mismatches = 0
    for _ in range(args.rounds):
        for board in positions(args.positions):
            scores = {}
            for workers in (1, args.workers):
                level = ANALYSIS if args.analyze else LEVELS[5]
                engine = Engine(level=level, workers=workers, **settings)
                t0, c0 = time.perf_counter(), time.process_time()
                if args.analyze:
                    table = engine.analyze(board)
                    result = SearchResult(table[0].move, table[0].score, args.depth, 0)
                else:
                    result = engine.think(board)
                totals[workers] += time.perf_counter() - t0
                if workers == 1:
                    cpu_alone += time.process_time() - c0
                nodes[workers] += result.nodes
                scores[workers] = (result.score, result.move)
            if scores[1][0] != scores[args.workers][0]:
                mismatches += 1
            print(
                f"{board.empties()} empties: alone {scores[1]}, "
                f"{args.workers} workers {scores[args.workers]}",
                flush=True,
            )
    one, many = totals[1], totals[args.workers]
    print(
        f"depth {args.depth}, selectivity {args.selectivity}: alone {one:.1f} s "
        f"({nodes[1]:,d} nodes), {args.workers} workers {many:.1f} s ({nodes[args.workers]:,d} "
        f"nodes): {one / many:.2f} times as fast; {mismatches} scores differ"
    )
    busy = [cpu_seconds(pid) - c for pid, c in zip(pids, cpu_before, strict=True)]
    if busy and max(busy) > 0:
        print(
            f"CPU seconds: alone {cpu_alone:.1f}, each worker "
            f"{', '.join(f'{b:.1f}' for b in busy)}: on idle cores at most "
            f"{cpu_alone / max(busy):.2f} times as fast (the busiest worker's share)"
        )
    endgame.close_shared_pool()


if __name__ == "__main__":
    main()
