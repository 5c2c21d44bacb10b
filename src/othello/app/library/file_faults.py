"""The library's file when something is wrong with it: a damaged library is set aside whole
(never deleted), what can still be read of it is copied into a new one, and the game goes on
with a notice that says where the old one is.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from othello.app.i18n import _, integer, ngettext
from othello.app.library.database import (
    WAIT_SECONDS,
    Library,
    LibraryBusy,
    LibraryDamaged,
    LibraryError,
    LibraryUnusable,
    library_path,
)


def set_aside(path: Path, now: float | None = None) -> Path | None:
    """Move a damaged library out of the way (with its WAL files), keeping it; where to."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 1
    while os.path.lexists(aside):  # a second one in the same second: never over the first
        number += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
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


SALVAGED = ("games", "held", "seats", "puzzles", "ratings", "drills", "meta")
"""The tables copied out of a damaged library, in this order: the games first."""


def salvage(damaged: Path, into: Library) -> int:
    """Copy what can still be read of a damaged library into ``into``: its games, the games
    each window held, the puzzles, the rating, the drills, each table up to its first
    damage; how many games came over."""
    if not damaged.is_file():  # a folder, a pipe, a link to a device: nothing to read
        return 0
    try:
        old = sqlite3.connect(f"{damaged.absolute().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0
    saved = 0
    try:
        for table in SALVAGED:
            copied = _copy_table(old, into, table)
            saved += copied if table == "games" else 0
    finally:
        old.close()
    return saved


def _copy_table(old: sqlite3.Connection, into: Library, table: str) -> int:
    """The rows of ``table`` that can be read, with the columns both files have; how many."""
    copied = 0
    try:
        theirs = [str(row[1]) for row in old.execute(f"PRAGMA table_info({table})")]
        ours = {str(row[1]) for row in into.db.execute(f"PRAGMA table_info({table})")}
        columns = ", ".join(c for c in theirs if c in ours)
        if not columns:
            return 0
        marks = ", ".join("?" * len(columns.split(", ")))
        cursor = old.execute(f"SELECT {columns} FROM {table}")
        into.begin()
        for row in cursor:
            into.db.execute(f"INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})", row)
            copied += 1
    except sqlite3.Error:
        pass  # the damage: what came before it is kept
    finally:
        if into.db.in_transaction:
            into.commit()
    return copied


def open_for_reading(path: Path | None = None) -> tuple[Library, list[str]]:
    """The library for a command that only reads: opened as the window opens it where it
    can be written (a damaged file set aside, a new one begun), else only read (a folder
    the player cannot write to)."""
    path = Path(path) if path is not None else library_path()
    try:
        return open_library(path)
    except LibraryBusy:
        raise
    except LibraryError:
        if not path.is_file():
            raise
        return Library(path, read_only=True), []


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
                _("the library {path} is damaged ({why}) and cannot be moved").format(
                    path=path, why=err
                )
            ) from None
        library = Library(path, wait)
        saved = salvage(aside, library)
        if isinstance(err, LibraryUnusable):
            return library, [unusable_notice(aside, err)]
        return library, [damaged_notice(aside, saved)]


def reopen_damaged(library: Library) -> tuple[Library, str]:
    """A library found damaged while in use: set aside, what can be read copied into a new
    one; the new one and the notice."""
    path, wait = library.path, WAIT_SECONDS
    library.close()
    aside = set_aside(path)
    if aside is None:
        raise LibraryError(_("the library {path} is damaged and cannot be moved").format(path=path))
    fresh = Library(path, wait)
    return fresh, damaged_notice(aside, salvage(aside, fresh))


def unusable_notice(aside: Path, err: LibraryUnusable) -> str:
    return _(
        "The game library could not be used ({why}): it was kept as {name} and a new one begun."
    ).format(why=err, name=aside.name)


def damaged_notice(aside: Path, saved: int) -> str:
    if saved:
        return ngettext(
            "The game library was damaged: it was kept as {name} and a new one begun; "
            "{n} game was read from it.",
            "The game library was damaged: it was kept as {name} and a new one begun; "
            "{n} games were read from it.",
            saved,
        ).format(name=aside.name, n=integer(saved))
    return _("The game library was damaged: it was kept as {name} and a new one begun.").format(
        name=aside.name
    )
