"""The standalone app's entry point: the script PyInstaller freezes (see build_app.py).

The same ``othello`` command as the pip-installed game, with what a frozen program needs first:
``freeze_support`` so that a search process started by "spawn" (which re-runs this executable)
serves its search instead of opening a second window, and somewhere for prints to go when the
Windows app has no console (PyInstaller's ``--windowed`` leaves ``sys.stdout`` as None).
"""

from __future__ import annotations

import multiprocessing
import os
import sys


def _give_prints_somewhere() -> None:
    """A windowed Windows app has no standard streams: send prints to nowhere, not a crash."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))


def main() -> int:
    multiprocessing.freeze_support()  # a search process: serves and exits here
    _give_prints_somewhere()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner before --where
    from othello.app.cli import main as othello_main

    return othello_main()


if __name__ == "__main__":
    sys.exit(main())
