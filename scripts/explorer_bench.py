#!/usr/bin/env python3
"""The opening explorer's figures: its data's size, load time, look-up time, and the window's
start with and without it.

    python scripts/explorer_bench.py                      # about half a minute
    python scripts/explorer_bench.py --other-src ../x/src # also the start of another checkout

The window's start is timed in fresh processes (headless: SDL's dummy driver), from before
``othello.gui.app`` is imported to the end of the first frame: as it starts (the explorer
is read on first use, so not at all), and with X pressed in that first frame (the data read
and the board's first explorer drawn). Medians of ``--runs`` starts each.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from othello.core.board import Board  # noqa: E402
from othello.study.explorer import decode, read_data  # noqa: E402

START = """
import os, sys, time
t0 = time.perf_counter()
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
from othello.app.settings.keys import Settings
from othello.gui.app import App
app = App(Settings(animation=False, sound=False, mode="two-players"), remember=None)
if {explore}:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode=""))
app.frame(1 / 30)
print(time.perf_counter() - t0)
app.close()
"""


def start_seconds(src: Path, explore: bool, runs: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(src), OTHELLO_DATA_DIR=os.environ.get("TMPDIR", "/tmp"))
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", START.format(explore=explore)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        times.append(float(out.split()[-1]))
    return statistics.median(times)


def positions(count: int) -> list[Board]:
    """Positions of the first 12 moves by random play (most are in the data early on)."""
    rng = random.Random(1)
    boards: list[Board] = []
    while len(boards) < count:
        board = Board()
        for _ in range(rng.randint(0, 12)):
            if board.must_pass() or board.is_game_over():
                break
            board.push_square(rng.choice(board.legal_squares()))
        boards.append(board)
    return boards


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--other-src", type=Path, help="another checkout's src, to compare starts")
    args = parser.parse_args()

    data = read_data()
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as whl:
        whl.writestr("explorer.bin", data)
    print(f"data: {len(data):,d} bytes on disk, {len(packed.getvalue()):,d} in a wheel (zip)")
    loads = []
    for _ in range(5):
        t0 = time.perf_counter()
        explorer = decode(read_data())
        loads.append(time.perf_counter() - t0)
    print(f"load (read + decompress + arrays): median {1000 * statistics.median(loads):.1f} ms")
    print(f"  {len(explorer):,d} positions")
    boards = positions(2000)
    times, found = [], 0
    for board in boards:
        t0 = time.perf_counter()
        result = explorer.lookup(board.black, board.white, board.black_to_move, "all")
        times.append(time.perf_counter() - t0)
        found += bool(result.moves)
    times.sort()
    print(
        f"look-up ({len(boards)} positions of the first 12 moves, {found} in the data): "
        f"median {1000 * statistics.median(times):.3f} ms, 99th percentile "
        f"{1000 * times[len(times) * 99 // 100]:.3f} ms, worst {1000 * times[-1]:.3f} ms"
    )
    here = ROOT / "src"
    print(f"window start to first frame, median of {args.runs}:")
    print(f"  this checkout:                 {1000 * start_seconds(here, False, args.runs):.0f} ms")
    print(f"  this checkout, X pressed:      {1000 * start_seconds(here, True, args.runs):.0f} ms")
    if args.other_src:
        other = start_seconds(args.other_src.resolve(), False, args.runs)
        print(f"  {args.other_src}: {1000 * other:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
