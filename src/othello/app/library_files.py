"""The library's file when something is wrong with it: a damaged library is set aside whole
(never deleted), what can still be read of it is copied into a new one, and the game goes on
with a notice that says where the old one is.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from .library import COLUMNS, WAIT_SECONDS, Library, LibraryDamaged, LibraryError, library_path


def set_aside(path: Path, now: float | None = None) -> Path | None:
    """Move a damaged library out of the way (with its WAL files), keeping it; where to."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    try:
        os.replace(path, aside)
    except OSError:
        return None
    for extra in ("-wal", "-shm"):
        side = path.with_name(path.name + extra)
        try:
            os.replace(side, aside.with_name(aside.name + extra))
        except OSError:
            pass
    return aside


def salvage(damaged: Path, into: Library) -> int:
    """Copy what can still be read of a damaged library's games; how many."""
    saved = 0
    try:
        old = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0
    try:
        cursor = old.execute(f"SELECT {COLUMNS}, key, line, added, deleted FROM games ORDER BY id")
        into.begin()
        for row in cursor:
            into.db.execute(
                "INSERT OR IGNORE INTO games (id, date, black, white, result, start, moves, "
                "opening, source, memo, marks, tags, notes, key, line, added, deleted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )
            saved += 1
    except sqlite3.Error:
        pass  # the damage: what came before it is kept
    finally:
        if into.db.in_transaction:
            into.commit()
        old.close()
    return saved


def open_library(path: Path | None = None, wait: float = WAIT_SECONDS) -> tuple[Library, list[str]]:
    """The library, and what the player should hear about it: a damaged file is set aside
    (what can be read of it copied over) and a new one begun. LibraryBusy when another
    program holds it; LibraryError when even a new one cannot be made."""
    path = Path(path) if path is not None else library_path()
    try:
        return Library(path, wait), []
    except LibraryDamaged as err:
        aside = set_aside(path)
        if aside is None:
            raise LibraryError(
                f"the library {path} is damaged ({err}) and cannot be moved"
            ) from None
        library = Library(path, wait)
        saved = salvage(aside, library)
        return library, [damaged_notice(aside, saved)]


def reopen_damaged(library: Library) -> tuple[Library, str]:
    """A library found damaged while in use: set aside, what can be read copied into a new
    one; the new one and the notice."""
    path, wait = library.path, WAIT_SECONDS
    library.close()
    aside = set_aside(path)
    if aside is None:
        raise LibraryError(f"the library {path} is damaged and cannot be moved")
    fresh = Library(path, wait)
    return fresh, damaged_notice(aside, salvage(aside, fresh))


def damaged_notice(aside: Path, saved: int) -> str:
    kept = f"; {saved} games were read from it" if saved else ""
    return f"The game library was damaged: it was kept as {aside.name} and a new one begun{kept}."
