"""The game library: every game kept or imported, in one SQLite file in the data folder.

Why SQLite (the standard library's ``sqlite3``): a game is written in a transaction, so a
kill leaves it whole or absent, never half; an imported file is one transaction, so it comes
in entirely or not at all; two windows may write at once (WAL: readers never wait for the
writer, writers wait their turn for a few seconds); and the list's filters and sorts over
100,000 games are index look-ups or one scan in C, in milliseconds.

The schema's version is ``PRAGMA user_version``, raised by one migration per step
(``MIGRATIONS``). Every query takes its values as parameters. A deleted game is only marked
(``deleted``), so Undo brings it back; marked games are gone for good after ``PURGE_DAYS``.
A file that is not a database, or a damaged one, is set aside whole by
``file_faults.open_library`` (what can still be read of it is copied into the new one) and
the game goes on.
"""

from __future__ import annotations

import errno
import hashlib
import os
import sqlite3
import stat
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from othello.app.files import paths
from othello.app.i18n import _
from othello.app.library.game_records import GameRecord
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.errors import OthelloError
from othello.study.named_openings import opening_of, to_f5

WAIT_SECONDS = 5.0  # how long a write waits for another window's (an import is longer)
PURGE_DAYS = 30
LINE_MOVES = 20  # the explorer's depth: a game's first moves, seen from f5
STANDARD = Board().to_string()

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        key INTEGER NOT NULL,        -- the game's fingerprint: a duplicate has the same
        date TEXT NOT NULL,          -- "2024-05-01 14:03", "2024-05-01" or a year
        black TEXT NOT NULL,
        white TEXT NOT NULL,
        result INTEGER NOT NULL,     -- Black's discs minus White's at the end
        start TEXT,                  -- a board string; NULL: the standard start
        moves BLOB NOT NULL,         -- a byte a move: the square 0-63, 64 a pass
        line BLOB,                   -- the first moves seen from f5 (the explorer's "mine")
        opening TEXT,
        source TEXT NOT NULL,        -- "played here", "saved here" or the imported file
        memo TEXT NOT NULL DEFAULT '',
        marks TEXT,                  -- the review's mark for each placed move ("" unmarked)
        tags TEXT,                   -- GGF's other tags, one "KEY=value" a line
        notes TEXT,                  -- each move's GGF annotation, one a line
        added REAL NOT NULL,         -- seconds since 1970
        deleted REAL                 -- when deleted (Undo clears it); NULL: in the library
    );
    CREATE UNIQUE INDEX games_key ON games(key) WHERE deleted IS NULL;
    CREATE INDEX games_list ON games(date, black, white, result, opening, source)
        WHERE deleted IS NULL;       -- the list's order, and every filter without the table
    CREATE INDEX games_black ON games(black COLLATE NOCASE);
    CREATE INDEX games_white ON games(white COLLATE NOCASE);
    CREATE INDEX games_line ON games(line) WHERE line IS NOT NULL;
    CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 2: everything else a player makes or earns: the games each window holds (the one on
    # the board, and the line Undo walks back through), the puzzles, the rating's games;
    # and a game kept before its end is told apart from a draw.
    """
    ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 1;
    DROP INDEX games_list;
    CREATE INDEX games_list ON games(date, black, white, result, opening, source, finished)
        WHERE deleted IS NULL;
    CREATE TABLE held (
        key INTEGER PRIMARY KEY,     -- the game's own number, given by the window that made it
        slot INTEGER NOT NULL,       -- which window holds it: 1 for the first copy, 2...
        seq INTEGER NOT NULL,        -- its place in that window's line of games (Undo's way)
        start TEXT NOT NULL,         -- a board string
        moves BLOB NOT NULL,         -- every move, undone ones too: a byte a move, 64 a pass
        cursor INTEGER NOT NULL,     -- the first cursor moves are on the board
        state TEXT NOT NULL,         -- JSON: given moves, origin, clock, times, a lost flag
        judged TEXT,                 -- JSON: what the window knows of the moves (the review)
        game_id INTEGER              -- the same game in the library, once kept there
    );
    CREATE INDEX held_slot ON held(slot, seq);
    CREATE TABLE seats (
        slot INTEGER PRIMARY KEY,
        board INTEGER,               -- the held game on the board (its key)
        players TEXT,                -- who plays: computer:black, computer:white...
        played_by TEXT,              -- who played it, once it is over
        replaced INTEGER NOT NULL DEFAULT 0,  -- it just replaced one: Undo brings that back
        saved REAL NOT NULL
    );
    CREATE TABLE puzzles (
        id TEXT PRIMARY KEY,
        data TEXT NOT NULL           -- the puzzle as JSON: position, moves, its box, answers
    );
    CREATE TABLE ratings (
        id INTEGER PRIMARY KEY,      -- in the order the games were rated
        date TEXT NOT NULL,
        level INTEGER NOT NULL,
        score REAL NOT NULL,         -- 1, 0.5 or 0
        rating REAL NOT NULL,        -- the rating after it
        deviation REAL NOT NULL
    );
    """,
    # 3: the opening drills: each position the player has answered, with its Leitner box
    # (the schedule's clock, answers given, in meta's "drills.turn")
    """
    CREATE TABLE drills (
        line TEXT PRIMARY KEY,       -- the moves before the position, seen from f5 ("f5d6c3")
        box INTEGER NOT NULL,        -- 1 to 5
        due INTEGER NOT NULL,        -- the answer count from which it is asked again
        right_count INTEGER NOT NULL,
        wrong_count INTEGER NOT NULL,
        last_right INTEGER           -- the last answer: 1 right, 0 wrong
    );
    """,
    # 4: the player's own opening book: each book move whose value they corrected (learned
    # from a game or a review, a line added, a move removed), read over the shipped book
    """
    CREATE TABLE book (
        key TEXT PRIMARY KEY,        -- the position as the book keys it and the move in it:
                                     -- "<mover's discs> <the other's> <square 0-63>", the
                                     -- discs as 16 hex digits, canonical (engine/book.py)
        value INTEGER NOT NULL,      -- the final disc difference for the mover, -64 to 64
        depth INTEGER NOT NULL,      -- of the search that found it (0: none, a move removed)
        kind INTEGER NOT NULL,       -- 1 learned, 2 added by the player, 3 removed
        added REAL NOT NULL          -- when, seconds since 1970
    );
    """,
)


def _statements(script: str) -> list[str]:
    """The statements of a migration, one by one (executescript would commit on its own)."""
    kept = "\n".join(line.split("--")[0] for line in script.splitlines())
    return [s.strip() for s in kept.split(";") if s.strip()]


def _tables() -> dict[str, tuple[str, ...]]:
    """Each table's columns, in order, as the migrations make them."""
    db = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS:
            for statement in _statements(script):
                db.execute(statement)
        names = [str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: tuple(str(r[1]) for r in db.execute(f"PRAGMA table_info({n})")) for n in names}
    finally:
        db.close()


COLUMNS = (
    "id, date, black, white, result, start, moves, opening, source, memo, marks, tags, notes, "
    "finished"
)


TABLES = _tables()
"""Each table's columns, as a library of this version has them."""


class LibraryError(OthelloError):
    """The library cannot be used just now; the message says why."""


class LibraryBusy(LibraryError):
    """Another window or program holds the library longer than a write waits."""


class LibraryDamaged(LibraryError):
    """The file is not a database, or a damaged one."""


class LibraryUnusable(LibraryDamaged):
    """Something in the library's place that this game cannot use: not a file, a file it
    may not read, another program's database, a newer version's schema. Set aside like a
    damaged one, never written to."""


@dataclass(frozen=True)
class Entry:
    """One game as the library keeps it."""

    id: int
    date: str
    black: str
    white: str
    result: int
    start: str  # a board string
    moves: tuple[Square, ...]
    opening: str | None
    source: str
    memo: str
    marks: str | None
    tags: dict[str, str]
    notes: list[str]
    finished: bool = True  # False: kept before its end (saved, or replaced by another game)

    def record(self) -> GameRecord:
        return GameRecord(
            Board.from_string(self.start),
            list(self.moves),
            self.black,
            self.white,
            self.date,
            dict(self.tags),
            list(self.notes),
        )


def library_path() -> Path:
    return paths.library_path()


def storable(text: str) -> str:
    """``text`` as UTF-8 can hold it: a lone surrogate (a name read from a system that is not
    UTF-8) becomes "?", where it would make the write fail."""
    return text.encode("utf-8", "replace").decode("utf-8")


def lenient_text(data: bytes) -> str:
    """A text column as read: bytes that are not UTF-8 (a stray byte on disk, another
    program's write) cost their characters, shown as U+FFFD, never the row or the table."""
    return data.decode("utf-8", "replace")


def file_identity(path: Path) -> tuple[int, int] | None:
    """The file at ``path`` (device and inode; None when there is none, or it is empty: a
    library is never empty once made, so an emptied one is another file)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if info.st_size else None


def fingerprint(start: str, moves: bytes, black: str, white: str, date: str) -> int:
    """What makes two games the same game: a signed 64-bit hash of all of it."""
    text = "\0".join((start, moves.hex(), black, white, date)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little", signed=True)


def encode_moves(moves: Sequence[Square]) -> bytes:
    return bytes(64 if sq == PASS else sq for sq in moves)


def decode_moves(blob: bytes) -> tuple[Square, ...]:
    return tuple(PASS if b == 64 else b for b in blob)


def explorer_line(start: Board, moves: Sequence[Square]) -> bytes | None:
    """The game's first moves through the symmetry that takes its first to f5, for the
    explorer's "mine" (None: not from the standard start)."""
    if start != Board() or not moves:
        return None
    return bytes(to_f5(moves)[:LINE_MOVES]) or None


class Library:
    """One connection to the library file (a connection per thread: sqlite3's rule)."""

    def __init__(
        self, path: Path | None = None, wait: float = WAIT_SECONDS, read_only: bool = False
    ) -> None:
        """``read_only``: only look (a command that lists or exports), which works in a
        folder the player may not write to; nothing is migrated then."""
        self.path = Path(path) if path is not None else library_path()
        self.read_only = read_only
        self.wait = wait
        if not read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        check_file(self.path)
        if not read_only:
            _let_write(self.path)
        try:
            if read_only:
                self.db = _connect_read_only(self.path, wait)
            else:
                self.db = sqlite3.connect(self.path, timeout=wait, isolation_level=None)
            self.db.text_factory = lenient_text
        except sqlite3.Error as err:
            raise LibraryError(
                _("the library {path} cannot be opened ({why})").format(path=self.path, why=err)
            ) from None
        try:
            if read_only:
                self._check_schema(self._version())
            else:
                self._migrate()
            self._check_tables()
        except BaseException:
            self.db.close()
            raise
        self.identity = file_identity(self.path)

    def same_file(self) -> bool:
        """Whether the file at the library's path is still the one this connection opened:
        not deleted, replaced or emptied by another program (a connection to a file no
        longer there would go on writing where no later start looks)."""
        now = file_identity(self.path)
        return now is not None and now == self.identity

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- schema --------------------------------------------------------------------------

    def _version(self) -> int:
        with translate():
            return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _check_schema(self, version: int) -> None:
        """LibraryUnusable when the file is a database this game must not use, or one whose
        version can be no version of this game's (set aside, what can be read carried over)."""
        if version < 0:
            raise LibraryUnusable(
                _("the library {path} has an impossible schema version ({version})").format(
                    path=self.path, version=version
                )
            )
        if version > len(MIGRATIONS):
            raise LibraryUnusable(
                _(
                    "the library {path} is from a newer version of the game "
                    "(schema {version}; this one knows {known})"
                ).format(path=self.path, version=version, known=len(MIGRATIONS))
            )
        if version == 0:
            with translate():
                tables = {
                    str(row[0])
                    for row in self.db.execute(
                        "SELECT name FROM sqlite_master WHERE type = 'table'"
                    )
                }
            if tables:
                raise LibraryUnusable(
                    _("the file {path} is another program's database ({tables})").format(
                        path=self.path, tables=", ".join(sorted(tables)[:5])
                    )
                )

    def _check_tables(self) -> None:
        """LibraryUnusable when a library of this version lacks a table or has other columns
        than its migrations made (edited by hand, or another program's): set aside and what
        can be read carried over, rather than "cannot be used" at every start."""
        if self._version() != len(MIGRATIONS):
            return  # read-only, an older version: nothing of it is written
        with translate():
            found = {
                table: tuple(str(row[1]) for row in self.db.execute(f"PRAGMA table_info({table})"))
                for table in TABLES
            }
        wrong = [table for table, columns in TABLES.items() if found[table] != columns]
        if wrong:
            raise LibraryUnusable(
                _("the library's tables {tables} are not as this version makes them").format(
                    tables=", ".join(wrong)
                )
            )

    def _write_ahead(self) -> None:
        """WAL mode (once set, it stays with the file). Setting it on a new file needs the
        file to itself, and SQLite says "locked" at once rather than wait while another
        program opens the same new file: so it is tried again, for as long as a write waits."""
        tries = max(1, int(self.wait / 0.02))
        for attempt in range(tries):
            try:
                self.db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as err:
                if "locked" not in str(err) or attempt == tries - 1:
                    raise
                time.sleep(0.02)

    def _migrate(self) -> None:
        """Bring the schema up to date. The version is read again once the write lock is
        held: two programs that open a new library at once migrate it once, in turn."""
        with translate():
            self.db.execute("BEGIN")  # the version and the tables read in one snapshot
            try:
                self._check_schema(self._version())  # before anything is written to it
            finally:
                self.db.execute("COMMIT")
            self._write_ahead()
            self.db.execute("PRAGMA synchronous=FULL")  # a commit survives a power cut too
            if self._version() == len(MIGRATIONS):
                return
            self.db.execute("BEGIN IMMEDIATE")
            try:
                version = self._version()
                self._check_schema(version)
                for number in range(version, len(MIGRATIONS)):
                    for statement in _statements(MIGRATIONS[number]):
                        self.db.execute(statement)
                    self.db.execute(f"PRAGMA user_version = {number + 1}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def check(self) -> None:
        """LibraryDamaged when SQLite's own check of every page finds damage (a few bytes
        written over, a file cut short): a damaged page would otherwise be met only when
        some query reads it."""
        with translate():
            found = [str(row[0]) for row in self.db.execute("PRAGMA quick_check(3)")]
        if found != ["ok"]:
            raise LibraryDamaged("; ".join(found)[:300])

    def meta(self, name: str) -> str | None:
        with translate():
            row = self.db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, name: str, value: str) -> None:
        with translate():
            self.db.execute(
                "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", (name, value)
            )

    # ----- writing ---------------------------------------------------------------------------

    def begin(self) -> None:
        with translate():
            self.db.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        with translate():
            self.db.execute("COMMIT")

    def rollback(self) -> None:
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction: all of it committed, or none of it (rolled back)."""
        self.begin()
        try:
            yield
            self.commit()
        except BaseException:
            self.rollback()
            raise

    def add(self, record: GameRecord, source: str, now: float | None = None) -> int | None:
        """Keep ``record``; its id, or None when the library has it already. Inside a
        transaction of the caller's, or one of its own."""
        start = record.start.to_string()
        moves = encode_moves(record.moves)
        black, white, date = (storable(t) for t in (record.black, record.white, record.date))
        key = fingerprint(start, moves, black, white, date)
        opening = opening_of(record.moves, record.start).name
        tags = "\n".join(f"{k}={v}" for k, v in record.tags.items()) or None
        notes = "\n".join(record.notes) if any(record.notes) else None
        with translate():
            cursor = self.db.execute(
                "INSERT OR IGNORE INTO games (key, date, black, white, result, start, moves, "
                "line, opening, source, tags, notes, added, finished) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key, date, black, white, record.result(),
                    None if start == STANDARD else start, moves,
                    explorer_line(record.start, record.moves), opening, storable(source),
                    None if tags is None else storable(tags),
                    None if notes is None else storable(notes),
                    time.time() if now is None else now, int(record.finished()),
                ),
            )  # fmt: skip
        return cursor.lastrowid if cursor.rowcount == 1 else None

    def replace_game(self, game_id: int, record: GameRecord) -> None:
        """The game ``game_id`` has gone on (a saved game finished): its moves and result."""
        moves = encode_moves(record.moves)
        start = record.start.to_string()
        key = fingerprint(
            start, moves, *(storable(t) for t in (record.black, record.white, record.date))
        )
        with translate():
            self.db.execute(
                "UPDATE OR IGNORE games SET key = ?, moves = ?, result = ?, line = ?, opening = ?,"
                " finished = ? WHERE id = ?",
                (
                    key, moves, record.result(), explorer_line(record.start, record.moves),
                    opening_of(record.moves, record.start).name, int(record.finished()),
                    game_id,
                ),
            )  # fmt: skip

    def edit(self, game_id: int, **values: str | None) -> None:
        """Change the names, the memo or the marks of a game."""
        allowed = {"black", "white", "memo", "marks"}
        for name, value in values.items():
            if name not in allowed:
                raise ValueError(f"{name} is not a column a player may change")
            with translate():  # the column's name is one of ``allowed``, never the caller's text
                self.db.execute(f"UPDATE games SET {name} = ? WHERE id = ?", (value, game_id))

    def delete(self, ids: Sequence[int], now: float | None = None) -> None:
        when = time.time() if now is None else now
        with translate():
            self.db.executemany(
                "UPDATE games SET deleted = ? WHERE id = ?", [(when, i) for i in ids]
            )

    def restore(self, ids: Sequence[int]) -> int:
        """Undo a delete; how many came back (one the library has again meanwhile stays out)."""
        back = 0
        for game_id in ids:
            with translate():
                cursor = self.db.execute(
                    "UPDATE OR IGNORE games SET deleted = NULL WHERE id = ?", (game_id,)
                )
            back += cursor.rowcount
        return back

    def purge(self, now: float | None = None) -> int:
        """Forget games deleted more than PURGE_DAYS ago; how many."""
        limit = (time.time() if now is None else now) - PURGE_DAYS * 86400
        with translate():
            return self.db.execute("DELETE FROM games WHERE deleted < ?", (limit,)).rowcount

    # ----- reading ---------------------------------------------------------------------------

    def get(self, game_id: int) -> Entry | None:
        with translate():
            row = self.db.execute(
                f"SELECT {COLUMNS} FROM games WHERE id = ? AND deleted IS NULL", (game_id,)
            ).fetchone()
        return None if row is None else entry(row)

    def has(self, game_id: int) -> bool:
        """Whether the library has game ``game_id`` (its row is not read: it may be damaged)."""
        with translate():
            found = self.db.execute(
                "SELECT 1 FROM games WHERE id = ? AND deleted IS NULL", (game_id,)
            ).fetchone()
        return found is not None

    def total(self) -> int:
        with translate():
            return int(
                self.db.execute("SELECT count(*) FROM games WHERE deleted IS NULL").fetchone()[0]
            )

    def execute(self, sql: str, values: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """A read-only query of the library's own (the list, the explorer): its rows."""
        with translate():
            return list(self.db.execute(sql, values).fetchall())


def entry(row: Sequence[Any]) -> Entry:
    (game_id, date, black, white, result, start, moves, opening, source, memo, marks, tags,
     notes, finished) = row  # fmt: skip
    tag_lines = str(tags).split("\n") if tags else []
    return Entry(
        int(game_id),
        str(date),
        str(black),
        str(white),
        int(result),
        str(start) if start else STANDARD,
        decode_moves(bytes(moves)),
        None if opening is None else str(opening),
        str(source),
        str(memo),
        None if marks is None else str(marks),
        dict(line.partition("=")[::2] for line in tag_lines),
        str(notes).split("\n") if notes else [],
        bool(finished),
    )


def check_file(path: Path) -> None:
    """LibraryDamaged when something other than a file is where the library goes (a folder,
    a named pipe, a link to a device): SQLite would fail on it, or wait on a pipe for ever.
    Looked at, never opened (see below)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError as err:  # a link that leads nowhere, a loop of links
        raise LibraryUnusable(
            _("{path} cannot be looked at ({why})").format(path=path, why=err.strerror or err)
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise LibraryUnusable(_("{path} is not a file").format(path=path))
    for side in (f"{path}-wal", f"{path}-shm"):  # a folder there: SQLite fails at every start
        try:
            if not stat.S_ISREG(os.lstat(side).st_mode):
                raise LibraryUnusable(_("{path} is not a file").format(path=side))
        except FileNotFoundError:
            pass
    # os.access, never an open and close: on POSIX closing any descriptor of the file drops
    # every lock this process holds on it, those of SQLite's other connections too
    if not os.access(path, os.R_OK):
        raise LibraryUnusable(
            _("{path} cannot be read ({why})").format(path=path, why=os.strerror(errno.EACCES))
        )


def _let_write(path: Path) -> None:
    """A -wal or -shm of the player's own left read-only (a copy, a restore) makes every
    connection read-only, and the library "cannot be used" at every start: given its write
    permission back. A change of mode, never an open, so no lock of this process is lost."""
    for side in ("-wal", "-shm"):
        name = f"{path}{side}"
        try:
            info = os.lstat(name)
            if stat.S_ISREG(info.st_mode) and not info.st_mode & stat.S_IWUSR:
                os.chmod(name, stat.S_IMODE(info.st_mode) | stat.S_IWUSR | stat.S_IRUSR)
        except OSError:
            pass  # none there, or not the player's: SQLite says what it finds


def _connect_read_only(path: Path, wait: float) -> sqlite3.Connection:
    """A connection that only reads. A library in WAL mode needs its -shm file, which a
    folder the player cannot write to may lack: then the file is read as it stands
    (``immutable``), but only when no -wal or -shm beside it says that a program has it open
    to write (reading a file as immutable while another writes it reads wrong pages)."""
    if not path.is_file():
        raise sqlite3.OperationalError(f"no library at {path}")
    uri = path.absolute().as_uri()
    modes = ["?mode=ro"]
    if not any(os.path.lexists(f"{path}{side}") for side in ("-wal", "-shm")):
        # no -wal: no program has the library open to write (SQLite makes one at its first
        # write and keeps it while a connection is open), so reading it as it stands is safe
        modes.append("?mode=ro&immutable=1")
    for mode in modes:
        db = sqlite3.connect(uri + mode, uri=True, timeout=wait, isolation_level=None)
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.OperationalError as err:
            db.close()
            if "unable to open" not in str(err) and "readonly" not in str(err):
                raise
    raise sqlite3.OperationalError(f"{path} cannot be read here")


class translate:
    """sqlite3's errors as the library's: busy (another writer held on too long), damaged
    (not a database, or a damaged one) or another problem."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, err: object, tb: object) -> Literal[False]:
        if isinstance(err, sqlite3.OperationalError):
            words = str(err).lower()
            if "locked" in words or "busy" in words:
                raise LibraryBusy(
                    _("the library is in use elsewhere ({why})").format(why=err)
                ) from None
            if "not a database" in words or "malformed" in words:
                raise LibraryDamaged(str(err)) from None
            raise LibraryError(_("the library cannot be used ({why})").format(why=err)) from None
        if isinstance(err, sqlite3.DatabaseError):
            raise LibraryDamaged(str(err)) from None
        return False
