"""The exact solver, old against new, on FForum positions, taking turns in one run.

    git archive main src | tar -x -C /tmp/eg_old
    python scripts/endgame_bench.py --old /tmp/eg_old/src --file ../shared/data/fforum-1-19.obf
    python scripts/endgame_bench.py --old /tmp/eg_old/src --file ../shared/data/fforum-40.obf \\
        --workers 2

Every position is solved by ``Engine(workers=N).solve`` in a fresh process, once with each
source tree (``--old`` and ``--new``, this worktree's ``src`` by default), one after the
other, so whatever else the machine runs falls on both. Printed per solve: the score (checked
against the file's listed best score: a wrong one is reported and makes the exit status 1),
the nodes (load-proof) and the CPU seconds of the solving processes (the workers' included),
which shared cores disturb far less than the clock; the wall time is printed too, for what it
is worth on a busy machine. With workers, each exact probe's nodes per worker are counted
too (the calling process watching the answers), and their critical path: per probe the
busier worker's nodes, summed. Against half of all the workers' nodes it says how evenly the
workers share the solve, whatever the load.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def first_number(path: Path) -> int:
    """The FForum number of a file's first position: ``fforum-20-39.obf`` starts at 20."""
    found = re.match(r"fforum-(\d+)", path.name)
    return int(found.group(1)) if found else 1


def read_positions(path: Path, numbers: list[int] | None) -> list[tuple[int, str, int]]:
    """``(FForum number, board string, best score)`` of an OBF file's positions."""
    found = []
    for i, line in enumerate(path.read_text().splitlines(), first_number(path)):
        if not line.strip() or (numbers and i not in numbers):
            continue
        board, rest = line.split(" ", 1)
        side, moves = rest.split(";", 1)
        best = int(moves.split(";")[0].split(":")[1])
        found.append((i, f"{board} {side.strip()}", best))
    return found


def count_probes(probes: list[dict[int, int]]) -> None:
    """Count each worker's nodes per exact probe: ``WorkerPool`` wrapped, not changed."""
    from othello.engine.multicore.endgame import WorkerPool

    probe, receive = WorkerPool.probe, WorkerPool._receive

    def counted_probe(pool: WorkerPool, *args: Any, **kwargs: Any) -> tuple[int, int]:
        probes.append({})
        return probe(pool, *args, **kwargs)

    def counted_receive(pool: WorkerPool, w: int, busy: set[int]) -> tuple[int, int | None]:
        before = pool.nodes
        answer = receive(pool, w, busy)
        if probes:
            probes[-1][w] = probes[-1].get(w, 0) + pool.nodes - before
        return answer

    setattr(WorkerPool, "probe", counted_probe)  # noqa: B010 (a measuring wrapper)
    setattr(WorkerPool, "_receive", counted_receive)  # noqa: B010


def solve_one(board_text: str, workers: int) -> dict[str, object]:
    """Solve in this process (the ``--one`` mode, run with PYTHONPATH at a source tree)."""
    from othello import Board, Engine
    from othello.engine.multicore import endgame

    probes: list[dict[int, int]] = []
    count_probes(probes)
    board = Board.from_string(board_text)
    engine = Engine(workers=workers)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    result = engine.solve(board)
    wall = time.perf_counter() - wall0
    endgame.close_shared_pool()  # the workers are reaped, so their CPU time is counted
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - cpu0 + children.ru_utime + children.ru_stime
    shared = sum(sum(p.values()) for p in probes)
    critical = sum(max(p.values(), default=0) for p in probes)
    return {
        "score": result.score,
        "nodes": result.nodes,
        "cpu": cpu,
        "wall": wall,
        "probes": [sorted(p.items()) for p in probes],
        "balance": shared / workers / critical if critical else 1.0,
        "critical": critical,
    }


def run(src: str, board_text: str, workers: int) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=src)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--one", board_text]
    cmd += ["--workers", str(workers)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    answer: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--old", help="the old source tree (its src directory)")
    parser.add_argument("--new", default=str(ROOT / "src"))
    parser.add_argument("--file", type=Path, default=ROOT.parent / "shared/data/fforum-1-19.obf")
    parser.add_argument("--numbers", type=int, nargs="*", help="FForum numbers (default all)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--probes", action="store_true", help="print each probe's nodes per worker")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(solve_one(args.one, args.workers)))
        return 0
    trees = [("old", args.old)] if args.old else []
    trees.append(("new", args.new))
    totals = {name: [0, 0.0, 0.0] for name, _ in trees}
    wrong = 0
    for number, board, best in read_positions(args.file, args.numbers):
        row = [f"#{number:<3d} {best:+3d}"]
        for name, src in trees:
            got = run(src, board, args.workers)
            score, nodes = int(got["score"]), int(got["nodes"])  # type: ignore[call-overload]
            cpu, wall = float(got["cpu"]), float(got["wall"])  # type: ignore[arg-type]
            if score != best:
                wrong += 1
                row.append(f"WRONG {score:+d}")
            t = totals[name]
            t[0], t[1], t[2] = t[0] + nodes, t[1] + cpu, t[2] + wall
            row.append(f"{name} {nodes:>11,d} n {cpu:7.2f} cpu-s {wall:7.2f} s")
            if args.workers > 1:
                row.append(f"critical path {got['critical']:,} n, balance {got['balance']:.2f}")
                if args.probes:
                    row.append(f"probes {got['probes']}")
        print("  ".join(row), flush=True)
    for name, (nodes, cpu, wall) in totals.items():
        print(f"total {name}: {nodes:,d} nodes, {cpu:.2f} CPU s, {wall:.2f} s wall")
    if args.old:
        (on, oc, _), (nn, nc, _) = totals["old"], totals["new"]
        print(f"new/old: nodes {nn / max(on, 1):.3f}, CPU {nc / max(oc, 1e-9):.3f}")
    print(f"workers {args.workers}; scores checked: {'all right' if not wrong else wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
