"""The files a command writes where the player says (``othello export --out``, ``othello
nboard --log``): never one of the game's own, never something that is not a file.

A slip (``--out ~/.local/share/othello/library.sqlite3``, a log named after the library's
``-wal``) must not write over the player's games; a pipe, a folder or a device named by
mistake is refused in one line at once, never waited on.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TextIO

from othello.app.files.paths import inside, kept_by_the_game
from othello.app.files.record_text import readable
from othello.app.settings.loading import find_config
from othello.core.errors import OthelloError
from othello.core.file_reading import kind_of, short_reason


def refuse_game_file(path: Path, config: Path | None, option: str) -> None:
    """OthelloError when ``path`` is one of the files the game keeps (the library, its
    ``-wal``, the log, othello.ini, a lock, the spool...)."""
    ini = find_config(config)
    if kept_by_the_game(path) or (ini is not None and inside(path, ini)):
        raise OthelloError(
            f"{readable(str(path))} is one of the game's own files (its library, log or "
            f"settings); choose another {option}"
        )


def open_to_append(path: Path, config: Path | None, option: str) -> TextIO:
    """``path`` opened to add lines to (made when missing); OthelloError in one line when it
    cannot be: one of the game's files, a folder, a pipe, a device (``/dev/full``), a folder
    that does not exist, a place that cannot be written. A pipe is opened without waiting
    for a reader, so nothing hangs."""
    refuse_game_file(path, config, option)
    shown = readable(str(path))
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise OthelloError(f"cannot write {shown}: {short_reason(err)}") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OthelloError(f"cannot write {shown}: it is {kind_of(info.st_mode)}, not a file")
    waitless = getattr(os, "O_NONBLOCK", 0)  # a pipe put there since: refused, not waited on
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | waitless | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except FileNotFoundError:
        raise OthelloError(f"cannot write {shown}: its folder does not exist") from None
    except OSError as err:
        raise OthelloError(f"cannot write {shown}: {short_reason(err)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OthelloError(f"cannot write {shown}: it is {kind_of(mode)}, not a file")
        if waitless:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace")
    except BaseException:
        os.close(fd)
        raise
