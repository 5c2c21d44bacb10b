"""How long a player waits for the window: start to first frame, for several builds in one run.

    python scripts/startup_time.py dist/app/Othello/Othello /tmp/venv/bin/othello --rounds 10

Starts each command with ``--frames 1`` in turn (alternating, after one warm-up start each, so
the file cache and the machine's load treat them alike) and reads the "first frame drawn ... ms
after the process started" line each prints (Linux: the kernel's start time, so loading Python
or the frozen app is counted). Each command keeps its own scratch settings and data folders.
Headless (SDL's dummy drivers) unless --display is given, then in the window system of $DISPLAY.
Prints the median, lowest and highest per command, and each median against the last command's.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

FIRST_FRAME = re.compile(r"first frame drawn (\d+) ms after the process started")


def environment(scratch: Path, display: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTHELLO_", "PYTHON"))}
    env.update(
        OTHELLO_CONFIG_DIR=str(scratch / "config"),
        OTHELLO_DATA_DIR=str(scratch / "data"),
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    if not display:
        env["SDL_VIDEODRIVER"] = "dummy"
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
    return env


def first_frame_ms(command: str, env: dict[str, str]) -> float:
    out = subprocess.run(
        [command, "--frames", "1"], env=env, capture_output=True, text=True, timeout=120
    )
    found = FIRST_FRAME.search(out.stdout)
    if out.returncode != 0 or found is None:
        raise SystemExit(f"{command} printed no first-frame time:\n{out.stdout}\n{out.stderr}")
    return float(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commands", nargs="+", help="game executables to compare")
    parser.add_argument("--rounds", type=int, default=10, help="starts of each (default 10)")
    parser.add_argument("--display", action="store_true", help="open real windows in $DISPLAY")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="othello-startup-") as tmp:
        envs = [environment(Path(tmp) / str(i), args.display) for i in range(len(args.commands))]
        for command, env in zip(args.commands, envs, strict=True):
            first_frame_ms(command, env)  # warm-up: the file cache, a first start's writing
        times: list[list[float]] = [[] for _ in args.commands]
        for n in range(args.rounds):
            order = list(range(len(args.commands)))
            order = order if n % 2 == 0 else order[::-1]
            for i in order:
                times[i].append(first_frame_ms(args.commands[i], envs[i]))
    base = statistics.median(times[-1])
    for command, ms in zip(args.commands, times, strict=True):
        median = statistics.median(ms)
        print(
            f"{command}: median {median:.0f} ms (lowest {min(ms):.0f}, highest {max(ms):.0f}, "
            f"{len(ms)} starts), {median / base:.2f}x the last"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
