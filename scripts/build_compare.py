#!/usr/bin/env python3
"""The compiled engine against the pure one, in one run: each measurement run in turn on
each build (compiled, pure, compiled, pure, ...), a fresh process each time, with its wall
and CPU seconds and the line that gives its figure; then the medians and their ratio.

    OTHELLO_COMPILE=1 python setup.py build_ext --inplace     # the compiled modules in src/
    python scripts/build_compare.py                           # every measurement, 2 rounds
    python scripts/build_compare.py perft ff40 --rounds 3

The pure runs are the same checkout with ``OTHELLO_PURE=1`` (the ``.py`` files where the
compiled modules sit beside them). The measurements: ``perft`` (perft 9 from the start),
``bench`` (``othello bench``'s midgame search: nodes a second), ``fforum`` (FForum #1-19
solved one by one), ``ff40`` (FForum #40 on 2 worker processes, ``othello solve``),
``ff40-1`` (on one), ``review`` (a 60-move game reviewed on one process,
``scripts/review_workers.py``). Run it alone: the times follow the machine's load, which
is printed before each run.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
FFORUM_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"

BENCH = "from othello.app.commands import bench; bench.bench_search()"
FFORUM = "from othello.app.commands import bench; bench.bench_solve()"

TASKS: dict[str, tuple[list[str], str]] = {
    "perft": (["-m", "othello", "perft", "9"], r"^9\t.*"),
    "bench": (["-c", BENCH], r"nodes/s"),
    "fforum": (["-c", FFORUM], r"^median"),
    "ff40": (["-m", "othello", "solve", FFORUM_40, "--workers", "2"], r"^time:"),
    "ff40-1": (["-m", "othello", "solve", FFORUM_40, "--workers", "1"], r"^(time|nodes):"),
    "review": (
        [str(ROOT / "scripts" / "review_workers.py"), "--pairs", "1"],
        r"worker\(s\)|verdicts",
    ),
}
"""Per measurement: the arguments after ``python``, and a pattern for its lines to show."""


def children_cpu() -> float:
    """CPU seconds of this process's ended children (0 where the system cannot say)."""
    try:
        import resource
    except ImportError:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def load() -> str:
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "?"


def run_once(task: str, pure: bool) -> tuple[float, float, list[str]]:
    """One run: wall seconds, CPU seconds (with its worker processes), the lines to show."""
    args, pattern = TASKS[task]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop("OTHELLO_PURE", None)
    if pure:
        env["OTHELLO_PURE"] = "1"
    cpu, started = children_cpu(), time.perf_counter()
    proc = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    wall, cpu = time.perf_counter() - started, children_cpu() - cpu
    if proc.returncode != 0:
        raise SystemExit(f"{task} failed:\n{proc.stdout}\n{proc.stderr}")
    shown = [line for line in proc.stdout.splitlines() if re.search(pattern, line, re.MULTILINE)]
    return wall, cpu, shown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tasks", nargs="*", help=f"of {', '.join(TASKS)} (default: all)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each build (default 2)")
    args = parser.parse_args(argv)
    unknown = [task for task in args.tasks if task not in TASKS]
    if unknown:
        parser.error(f"no measurement {', '.join(unknown)}; there are {', '.join(TASKS)}")
    sys.path.insert(0, str(SRC))
    from othello.engine.compiled import MODULES, compiled_modules

    if compiled_modules() != list(MODULES):
        print(
            "build_compare: the checkout's engine is not compiled; first run\n"
            "  OTHELLO_COMPILE=1 python setup.py build_ext --inplace",
            file=sys.stderr,
        )
        return 2
    for task in args.tasks or list(TASKS):
        walls: dict[str, list[float]] = {"compiled": [], "pure": []}
        for _ in range(args.rounds):
            for build in walls:
                before = load()
                wall, cpu, shown = run_once(task, pure=build == "pure")
                walls[build].append(wall)
                print(
                    f"{task:7s} {build:8s} load {before:>5s}  wall {wall:7.2f} s  cpu {cpu:7.2f} s"
                )
                for line in shown:
                    print(f"        {line}")
        compiled, pure = (statistics.median(walls[b]) for b in ("compiled", "pure"))
        print(
            f"{task:7s} median wall: compiled {compiled:.2f} s, pure {pure:.2f} s: "
            f"{pure / compiled:.2f}x\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
