"""Does the game install from wheels alone on every CPython a player may have?

Builds the project's wheel, then asks pip to download it with its dependencies as binary
wheels only, for each Python version and system, and prints what it would install (or that
it could not): a newcomer without a compiler and SDL's headers gets exactly that.

    python scripts/check_wheels.py [--pythons 3.10 3.11 ...] [--platforms ...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHONS = ["3.10", "3.11", "3.12", "3.13", "3.14", "3.15"]
PLATFORMS = ["manylinux2014_x86_64", "manylinux2014_aarch64", "win_amd64", "macosx_11_0_arm64"]


def pip(*args: str) -> subprocess.CompletedProcess[str]:
    # the pure wheel (the one every system can take): the compile is skipped
    env = dict(os.environ, OTHELLO_PURE_INSTALL="1")
    return subprocess.run(
        [sys.executable, "-m", "pip", *args], capture_output=True, text=True, check=False, env=env
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pythons", nargs="+", default=PYTHONS)
    parser.add_argument("--platforms", nargs="+", default=PLATFORMS)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="othello-wheels-"))
    built = pip("wheel", "-q", "--no-deps", "-w", str(scratch / "dist"), str(ROOT))
    if built.returncode != 0:
        print(built.stderr, file=sys.stderr)
        return 1
    wheel = next((scratch / "dist").glob("*.whl"))
    failures = 0
    for python in args.pythons:
        for platform in args.platforms:
            dest = scratch / f"{python}-{platform}"
            got = pip(
                "download", "-q", "--only-binary=:all:", "--python-version", python,
                "--platform", platform, "-d", str(dest), str(wheel),
            )  # fmt: skip
            if got.returncode == 0:
                names = sorted(p.name for p in dest.iterdir() if p.name != wheel.name)
                print(f"{python:5} {platform:24} {' '.join(names)}")
            else:
                failures += 1
                print(f"{python:5} {platform:24} NO WHEELS: {got.stderr.strip().splitlines()[-1]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
