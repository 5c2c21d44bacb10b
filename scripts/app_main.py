"""The standalone app's entry point: the script PyInstaller freezes (see build_app.py).

The same ``othello`` command as the pip-installed game, with what a frozen program needs first:
``freeze_support`` so that a search process started by "spawn" (which re-runs this executable)
serves its search instead of opening a second window; and, for the Windows app, which has no
console (PyInstaller's ``--windowed`` leaves ``sys.stdout`` and ``sys.stderr`` as None), what
would have been printed (``--where``, ``--install-shortcut``, an error) shown in a message box
at the end instead of lost.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
from collections.abc import Callable


def message_box(text: str) -> None:
    """Show ``text`` in a Windows message box (elsewhere there is always a stream to print to)."""
    if sys.platform == "win32":
        import ctypes

        ctypes.windll.user32.MessageBoxW(None, text[-3000:], "Othello", 0x40)  # information


def capture_missing_streams() -> io.StringIO | None:
    """Give a stream-less app somewhere to print: a buffer, returned to be shown at the end."""
    if sys.stdout is not None and sys.stderr is not None:
        return None
    buffer = io.StringIO()
    sys.stdout = sys.stdout or buffer
    sys.stderr = sys.stderr or buffer
    return buffer


def main(argv: list[str] | None = None, show: Callable[[str], None] = message_box) -> int:
    multiprocessing.freeze_support()  # a search process: serves and exits here
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner before --where
    captured = capture_missing_streams()
    from othello.cli import main as othello_main

    try:
        return othello_main(argv)
    finally:  # also after argparse's SystemExit (a mistyped option, --help)
        if captured is not None and captured.getvalue().strip():
            show(captured.getvalue())


if __name__ == "__main__":
    sys.exit(main())
