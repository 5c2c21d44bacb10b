"""Opening othello.ini in the system's text editor, for a player who never opened a terminal.

Each system has its own way to open a file in the program the player chose for it:
``xdg-open`` on Linux, ``open -t`` (the default text editor) on macOS, ``os.startfile`` on
Windows. None of them waits for the editor: the launcher answers within a moment whether it
found one, so the window polls the answer instead of waiting on it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import paths
from .config import write_default_ini

GIVE_UP_SECONDS = 15.0  # a launcher still running by then found an editor and waits on it


class NoEditor(Exception):
    """No way to open the file here; the message says why, for the log."""


def launch_command(path: Path, platform: str) -> list[str]:
    """The command that opens ``path`` in the text editor on Linux or macOS."""
    if platform == "macos":
        return ["open", "-t", str(path)]
    return ["xdg-open", str(path)]


class Launch:
    """One request to open the file: ``failed`` tells, once the launcher has answered."""

    def __init__(self, process: Any, started: float) -> None:
        self.process = process  # None: the system took the request at once (Windows)
        self.started = started

    def failed(self, now: float) -> bool | None:
        """True when the launcher found no editor, False when it did, None while unknown."""
        if self.process is None:
            return False
        code = self.process.poll()
        if code is None:
            return False if now - self.started > GIVE_UP_SECONDS else None
        return bool(code != 0)


def open_in_editor(
    path: Path,
    now: float,
    *,
    platform: str | None = None,
    popen: Callable[..., Any] | None = None,
    startfile: Callable[[str], None] | None = None,
) -> Launch:
    """Create ``path`` from the default if needed and ask the system to open it for editing.

    Raises OSError when the file cannot be created, NoEditor when there is no launcher.
    """
    write_default_ini(path)
    platform = platform or paths.platform_name()
    if platform == "windows":
        start = startfile or getattr(os, "startfile", None)
        if start is None:
            raise NoEditor("os.startfile is not available")
        try:
            start(str(path))
        except OSError as err:
            raise NoEditor(f"Windows could not open it ({err})") from None
        return Launch(None, now)
    command = launch_command(path, platform)
    try:
        process = (popen or subprocess.Popen)(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=True,
            start_new_session=sys.platform != "win32",
        )
    except OSError as err:
        raise NoEditor(f"{command[0]} could not be started ({err.strerror or err})") from None
    return Launch(process, now)
