"""The library's file when something is wrong with it: a damaged library is set aside whole
(never deleted), what can still be read of it is copied into a new one, and the game goes on
with a notice that says where the old one is.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from othello.app.i18n import _, integer, ngettext
from othello.app.library.database import (
    TABLES,
    WAIT_SECONDS,
    Library,
    LibraryBusy,
    LibraryDamaged,
    LibraryError,
    LibraryUnusable,
    lenient_text,
    library_path,
)
from othello.app.library.page_recovery import RecoveredRow, recover_rows

log = logging.getLogger(__name__)

PAGES_SECONDS = 600.0  # the page reader's time, at most (50,000 games take about a second)
OPEN_TRIES = 3  # an open that meets "malformed" on a file that checks whole: tried again


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


SALVAGED = ("held", "seats", "games", "puzzles", "ratings", "drills", "book", "meta")
"""The tables copied out of a damaged library, in this order: the game in progress and the
games behind Undo first, then the library's games."""

BATCH = 200  # rows read at a time while nothing is damaged
LAST_ROWID = 2**63 - 1


def salvage(damaged: Path, into: Library) -> int:
    """Copy what can still be read of a damaged library into ``into``: the games each window
    held, its games, the puzzles, the rating, the drills, the player's book; every row SQLite can still read,
    table by table and row by row, stepping over the rowids of a damaged page; and where
    SQL met damage, every row still on the file's pages (``page_recovery``, as the
    ``sqlite3`` shell's ``.recover`` does). How many games came over."""
    if not damaged.is_file():  # a folder, a pipe, a link to a device: nothing to read
        return 0
    saved, damage = 0, []
    old = _open_damaged(damaged)
    if old is None:
        damage.append("the file cannot be opened as a database")
    else:
        try:
            for table in SALVAGED:
                copied = _copy_table(old, into, table, damage)
                saved += copied if table == "games" else 0
        finally:
            old.close()
    if damage:
        log.warning("the damaged library read page by page too: %s", damage[0])
        saved += _copy_pages(damaged, into)
    return saved


def _copy_pages(damaged: Path, into: Library) -> int:
    """The rows read from the damaged file's pages that SQL could not reach; how many games."""
    try:
        found = _read_pages(damaged)
    except Exception as err:  # the reading process failed: what SQL read is kept
        log.warning("the damaged library's pages could not be read: %s", err)
        return 0
    games = 0
    for table in SALVAGED:
        columns = TABLES[table]
        insert = (
            f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) "
            f"VALUES ({', '.join('?' * len(columns))})"
        )
        into.begin()
        try:
            for row in found:
                if row.table == table and len(row.values) == len(columns):
                    added = into.db.execute(insert, row.values).rowcount
                    games += added if table == "games" else 0
        except sqlite3.Error:
            pass  # the new file refused (full?): what came before is kept
        finally:
            if into.db.in_transaction:
                into.commit()
    return games


def _read_pages(path: Path) -> list[RecoveredRow]:
    """``page_recovery.recover_rows`` in a process of its own: it reads the file through a
    descriptor, and closing one in this process would drop the locks its SQLite connections
    may still hold on that file (another thread's, until it opens the new library)."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        return pool.submit(recover_rows, path).result(timeout=PAGES_SECONDS)


def _open_damaged(path: Path) -> sqlite3.Connection | None:
    """A connection that only reads the file set aside: with its -wal where that can be read
    (the latest writes are there), else the file alone (a -wal that is a folder, say)."""
    uri = path.absolute().as_uri()
    for mode in ("?mode=ro", "?mode=ro&immutable=1"):
        try:
            old = sqlite3.connect(uri + mode, uri=True, isolation_level=None)
            old.text_factory = lenient_text
            old.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return old
        except sqlite3.Error:
            old.close()
    return None


def _copy_table(old: sqlite3.Connection, into: Library, table: str, damage: list[str]) -> int:
    """The rows of ``table`` that can be read, with the columns both files have, in one
    transaction of their own; how many. What damage was met is added to ``damage``."""
    try:
        theirs = [str(row[1]) for row in old.execute(f"PRAGMA table_info({table})")]
    except sqlite3.Error as err:
        damage.append(str(err))
        return 0  # the schema itself cannot be read
    ours = set(TABLES.get(table, ()))
    columns = ", ".join(c for c in theirs if c in ours)
    if not columns:
        return 0
    marks = ", ".join("?" * len(columns.split(", ")))
    insert = f"INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})"
    copied = 0
    into.begin()
    try:
        for row in readable_rows(old, table, columns, damage):
            copied += into.db.execute(insert, row).rowcount
    except sqlite3.Error:
        pass  # the new file refused (full?): what came before is kept
    finally:
        if into.db.in_transaction:
            into.commit()
    return copied


def readable_rows(
    old: sqlite3.Connection, table: str, columns: str, damage: list[str]
) -> Iterator[tuple[object, ...]]:
    """Every row of ``table`` that SQLite can still read, in rowid order (the table's own
    b-tree, never an index, which may be what is damaged). A row that cannot be read is
    stepped over; a damaged page is stepped over by finding the first rowid after which
    the table can be read again. Each error met is added to ``damage``."""
    after = -LAST_ROWID - 1  # the last rowid dealt with

    def next_rowid(past: int) -> int | None:
        """The first rowid after ``past``; None at the end; DatabaseError where damaged."""
        row = old.execute(
            f"SELECT rowid FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT 1", (past,)
        ).fetchone()
        return None if row is None else int(row[0])

    def row_at(rowid: int) -> tuple[object, ...] | None:
        try:
            found = old.execute(f"SELECT {columns} FROM {table} WHERE rowid = ?", (rowid,))
            row = found.fetchone()
        except sqlite3.Error:
            return None  # this row's own bytes are damaged: it alone is lost
        return None if row is None else tuple(row)

    while True:
        try:
            batch = old.execute(
                f"SELECT rowid, {columns} FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT ?",
                (after, BATCH),
            ).fetchall()
        except sqlite3.Error as err:
            damage.append(f"{table}: {err}")
            batch = None
        if batch is not None:
            if not batch:
                return
            for row in batch:
                yield tuple(row[1:])
            after = int(batch[-1][0])
            continue
        try:  # something in the next rows is damaged: one at a time
            rowid = next_rowid(after)
        except sqlite3.Error:
            rowid = _past_damage(next_rowid, after)  # the rows after it can be read
        if rowid is None:
            return
        row = row_at(rowid)  # (past damage: the row may be on the damaged page)
        if row is not None:
            yield row
        after = rowid


def _past_damage(next_rowid: Callable[[int], int | None], after: int) -> int | None:
    """The least rowid from which the table can be read on, past a damaged page after
    ``after`` (rowids farther and farther on, then halving back); None when there is none."""
    step, good = 1, None
    while after + step < LAST_ROWID:
        try:
            next_rowid(after + step)
            good = after + step
            break
        except sqlite3.Error:
            step *= 2
    if good is None:
        return None
    bad = after + step // 2 if step > 1 else after
    while good - bad > 1:
        middle = (good + bad) // 2
        try:
            next_rowid(middle)
            good = middle
        except sqlite3.Error:
            bad = middle
    return good


def healthy(path: Path) -> bool | None:
    """Whether SQLite's full check of the file, from a connection of its own, finds it whole
    (None: it cannot tell now, the file held or gone). An error on one connection is no
    proof of damage: a library is set aside only when this says False."""
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=WAIT_SECONDS)
    except sqlite3.Error:
        return None
    try:
        db.text_factory = lenient_text
        found = [str(row[0]) for row in db.execute("PRAGMA integrity_check(3)")]
    except sqlite3.OperationalError as err:
        words = str(err).lower()
        return False if "malformed" in words or "not a database" in words else None
    except sqlite3.DatabaseError:
        return False
    finally:
        db.close()
    return found == ["ok"]


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
    for attempt in range(OPEN_TRIES):
        try:
            return Library(path, wait), []
        except LibraryUnusable as err:
            return _begin_anew(path, wait, err)
        except LibraryDamaged as err:
            if healthy(path) is False:
                return _begin_anew(path, wait, err)
            if attempt == OPEN_TRIES - 1:
                raise LibraryBusy(
                    _("the library could not be read just now ({why}); it is tried again").format(
                        why=err
                    )
                ) from None
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


def _begin_anew(path: Path, wait: float, err: LibraryDamaged) -> tuple[Library, list[str]]:
    """The file set aside whole, a new library begun with what can be read of it."""
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


def reopen_damaged(library: Library) -> tuple[Library, str | None]:
    """A library found damaged while in use: checked from a fresh connection first; where
    it is whole, the same file again and no notice (the error was this connection's); else
    set aside, what can be read copied into a new one; the new one and the notice."""
    path, wait = library.path, WAIT_SECONDS
    library.close()
    if healthy(path) is not False:
        return Library(path, wait), None
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
