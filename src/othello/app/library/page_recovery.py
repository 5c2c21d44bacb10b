"""The rows of a damaged library read straight from its pages, as the ``sqlite3`` shell's
``.recover`` does: for when SQL can no longer walk the b-trees (page 1 or an interior page
damaged) and a query stops at the first bad page.

Written from SQLite's published "Database File Format" and "WAL file format" descriptions.
Every table of the library is a rowid table whose rows sit in the cells of its b-tree's
leaf pages (type 13), so every such page is read, whatever led to it:

- The page size is page 1's when its header is readable, else the ``-wal``'s, else the size
  under which the most pages parse as b-tree pages.
- The ``-wal`` beside the file gives the newest copy of each page written by a committed
  transaction (frames with the header's salts and a valid checksum chain, up to the last
  commit frame), as SQLite itself would read the file.
- A leaf reached from a table's root page (named in ``sqlite_master`` on page 1) is that
  table's. A leaf no root reaches (an interior page damaged, page 1 damaged) is matched by
  the shape of each record: how many values and the storage class of each, against each
  table's columns (from ``MIGRATIONS``). A record that fits no table is dropped. One row
  per table and rowid: the one on a leaf its table's root reaches, else the first found.
- The freelist's pages (those no root reaches) are skipped when page 1's header is
  readable, so deleted rows do not come back. With page 1 damaged the freelist is unknown, and a freed page that still holds
  its old cells (``secure_delete`` off) may bring an old row back: a game deleted then stays
  marked deleted, an old held row is one game more in a window's line, and of two rows with
  one key (puzzles, drills, book, meta) the later write is kept.

Nothing here trusts a byte: sizes and offsets are checked against the page, every page is
visited once per purpose and every overflow page at most once, so any file is read in time
and memory bounded by its size, and no bytes make it raise.

The file is opened with Python's own ``open``: on POSIX, closing it drops every SQLite lock
this process holds on that file, so call it on a file no connection of this process has open
(a library already set aside, its connections closed).
"""

from __future__ import annotations

import functools
import sqlite3
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from othello.app.library.database import MIGRATIONS

MAGIC = b"SQLite format 3\0"
WAL_MAGIC = (0x377F0682, 0x377F0683)  # checksums of little-endian words, of big-endian ones
PAGE_SIZES = (4096, 512, 1024, 2048, 8192, 16384, 32768, 65536)  # the guesses, in order
GUESS_BYTES = 8 << 20  # how much of the file the page size is guessed from
TABLE_LEAF, TABLE_INTERIOR, INDEX_LEAF, INDEX_INTERIOR = 13, 5, 10, 2
ENCODINGS = {1: "utf-8", 2: "utf-16-le", 3: "utf-16-be"}  # page 1's byte 56
WIDTHS = (0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0)  # bytes of a value of serial type 0 to 11


@dataclass(frozen=True)
class RecoveredRow:
    """One row read from the pages: its table, its rowid, and its values in the current
    schema's column order (a rowid alias filled with the rowid, a column the row predates
    with its default)."""

    table: str
    rowid: int
    values: tuple[object, ...]


def recover_rows(path: Path) -> list[RecoveredRow]:
    """Every row that can be read from the pages of the library at ``path`` (and its
    ``-wal``), by table in the schema's order, then by rowid. Never raises: a file that
    cannot be read gives no rows."""
    path = Path(path)
    try:
        if not path.is_file():  # a folder, a pipe (which would wait for ever), a device
            return []
        with path.open("rb") as db:
            wal = _open_wal(path)
            try:
                return _recover(_Pages(db, wal))
            finally:
                if wal is not None:
                    wal.file.close()
    except OSError:
        return []


# ----- the library's tables, as MIGRATIONS makes them ---------------------------------------


@dataclass(frozen=True)
class _Column:
    name: str
    kinds: frozenset[type]  # the storage classes a value of it may have
    real: bool  # REAL affinity: SQLite stores a whole number as an integer, read back as one
    alias: bool  # INTEGER PRIMARY KEY: the rowid itself, NULL in the record
    default: object


@dataclass(frozen=True)
class _Table:
    name: str
    columns: tuple[_Column, ...]
    counts: frozenset[int]  # how many values its records may hold (fewer before an ALTER)
    key: int | None  # the column of a primary key that is not the rowid


@functools.cache
def _tables() -> tuple[_Table, ...]:
    """The tables as the migrations make them, read back from SQLite itself (an empty
    database in memory), so this module never holds a second copy of the schema."""
    db = sqlite3.connect(":memory:")
    try:
        counts: dict[str, set[int]] = {}
        for script in MIGRATIONS:
            db.executescript(script)
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
                size = db.execute("SELECT count(*) FROM pragma_table_info(?)", (name,))
                counts.setdefault(name, set()).add(int(size.fetchone()[0]))
        tables = []
        for name, sizes in counts.items():
            info = db.execute(
                'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)', (name,)
            ).fetchall()
            columns, key = [], None
            for number, (column, declared, notnull, default, pk) in enumerate(info):
                alias = bool(pk) and str(declared).upper() == "INTEGER"
                if pk and not alias:
                    key = number
                kinds, real = _kinds(str(declared))
                if alias:
                    kinds = {type(None)}
                elif not notnull:
                    kinds.add(type(None))
                # the default as SQL text, from MIGRATIONS: evaluated by SQLite itself
                value = None if default is None else db.execute(f"SELECT {default}").fetchone()[0]
                columns.append(_Column(str(column), frozenset(kinds), real, alias, value))
            tables.append(_Table(str(name), tuple(columns), frozenset(sizes), key))
        return tuple(tables)
    finally:
        db.close()


def _kinds(declared: str) -> tuple[set[type], bool]:
    """The storage classes the library writes in a column of this declared type, and
    whether its affinity is REAL (SQLite's rules for the affinity, in their order)."""
    words = declared.upper()
    if "INT" in words:
        return {int}, False
    if any(w in words for w in ("CHAR", "CLOB", "TEXT")):
        return {str}, False
    if "BLOB" in words or not words:
        return {bytes}, False
    return {float, int}, any(w in words for w in ("REAL", "FLOA", "DOUB"))


@functools.cache
def _by_count() -> dict[int, list[_Table]]:
    """The tables whose records may hold so many values."""
    found: dict[int, list[_Table]] = {}
    for table in _tables():
        for count in table.counts:
            found.setdefault(count, []).append(table)
    return found


def _fits(table: _Table, values: list[object]) -> bool:
    return len(values) in table.counts and all(
        type(v) in c.kinds for v, c in zip(values, table.columns, strict=False)
    )


def _shaped(values: list[object]) -> _Table | None:
    """The one table a record of no known table fits by its shape, or None.

    Only puzzles and meta share a shape (two texts). Every puzzle's data is
    ``json.dumps(Puzzle.to_data())``, whose first field is its id, and every puzzle's id
    begins "game-" or "fforum-"; meta's names are words ("rating", "puzzles.turn",
    "taken-in:...") and its values a number, "yes" or the rating's ``{"value": ...}``.
    """
    fits = [t for t in _by_count().get(len(values), ()) if _fits(t, values)]
    if len(fits) == 1:
        return fits[0]
    if sorted(t.name for t in fits) == ["meta", "puzzles"]:
        name, data = str(values[0]), str(values[1])
        puzzle = data.startswith('{"id":') or name.startswith(("game-", "fforum-"))
        return next(t for t in fits if t.name == ("puzzles" if puzzle else "meta"))
    return None


def _row(table: _Table, rowid: int, values: list[object]) -> RecoveredRow:
    full = values + [c.default for c in table.columns[len(values) :]]
    for number, column in enumerate(table.columns):
        value = full[number]
        if column.alias:
            full[number] = rowid
        elif column.real and isinstance(value, int):
            full[number] = float(value)
    return RecoveredRow(table.name, rowid, tuple(full))


# ----- the pages, with the -wal's newest committed frames over them --------------------------


class _Bad(Exception):
    """Bytes that do not hold what the format says they must."""


def _u16(data: bytes, at: int) -> int:
    if at < 0 or at + 2 > len(data):
        raise _Bad
    return int.from_bytes(data[at : at + 2], "big")


def _u32(data: bytes, at: int) -> int:
    if at < 0 or at + 4 > len(data):
        raise _Bad
    return int.from_bytes(data[at : at + 4], "big")


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: its value and where the next thing starts."""
    value = 0
    for n in range(8):
        if at + n >= len(data):
            raise _Bad
        byte = data[at + n]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + n + 1
    if at + 8 >= len(data):
        raise _Bad
    return (value << 8) | data[at + 8], at + 9


def _valid_size(size: int) -> bool:
    return 512 <= size <= 65536 and size & (size - 1) == 0


@dataclass
class _Wal:
    file: BinaryIO
    page_size: int
    frames: dict[int, int]  # page number -> where its newest committed copy starts
    pages: int  # the database's size in pages after the last commit


def _open_wal(path: Path) -> _Wal | None:
    """The ``-wal`` beside ``path`` when it holds a committed transaction, else None."""
    wal_path = path.with_name(path.name + "-wal")
    try:
        if not wal_path.is_file():
            return None
        file = wal_path.open("rb")
    except OSError:
        return None
    try:
        wal = _read_wal(file)
    except OSError:
        wal = None
    if wal is None:
        file.close()
    return wal


def _read_wal(file: BinaryIO) -> _Wal | None:
    head = file.read(32)
    if len(head) < 32 or int.from_bytes(head[:4], "big") not in WAL_MAGIC:
        return None
    big = head[3] & 1 == 1
    size = int.from_bytes(head[8:12], "big")
    if not _valid_size(size):
        return None
    sums = _checksum(head[:24], 0, 0, big)
    if sums != (_u32(head, 24), _u32(head, 28)):
        return None
    frames: dict[int, int] = {}
    pending: dict[int, int] = {}
    pages, at = 0, 32
    while True:
        frame = file.read(24)
        data = file.read(size)
        if len(frame) < 24 or len(data) < size or frame[8:16] != head[16:24]:
            break
        sums = _checksum(data, *_checksum(frame[:8], *sums, big), big)
        page, commit = _u32(frame, 0), _u32(frame, 4)
        if sums != (_u32(frame, 16), _u32(frame, 20)) or page == 0:
            break
        pending[page] = at + 24
        if commit:  # the last frame of a transaction: the database's size after it
            frames.update(pending)
            pending.clear()
            pages = commit
        at += 24 + size
    return _Wal(file, size, frames, pages) if frames else None


def _checksum(data: bytes, s0: int, s1: int, big: bool) -> tuple[int, int]:
    """The WAL's running checksum over ``data`` (pairs of 32-bit words), from ``s0, s1``."""
    words = iter(struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data))
    for x0, x1 in zip(words, words, strict=False):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


class _Pages:
    """The database's pages as SQLite would see them, and what page 1's header says."""

    def __init__(self, db: BinaryIO, wal: _Wal | None) -> None:
        self.db = db
        db.seek(0, 2)
        file_size = db.tell()
        first = self._read(db, 0, 100)
        header = first.startswith(MAGIC) and len(first) == 100
        stated = _u16(first, 16) if header else 0
        stated = 65536 if stated == 1 else stated
        if header and _valid_size(stated):
            size = stated
        elif wal is not None:
            size = wal.page_size
        else:
            size = self._guess(file_size)
        self.wal = wal if wal is not None and wal.page_size == size else None
        self.size = size
        self.in_file = file_size // size
        self.count = self.in_file
        if self.wal is not None:
            self.count = min(self.wal.pages, max(self.in_file, *self.wal.frames))
        self.usable = size
        self.free_trunk = self.free_count = 0
        self.encoding = "utf-8"
        page1 = self.get(1) or b""
        stated = _u16(page1, 16) if len(page1) >= 100 else 0
        self.header = page1.startswith(MAGIC) and (stated == size or (stated, size) == (1, 65536))
        # page 1 as the -wal left it: readable, and of this size
        if self.header:
            reserved = page1[20]
            self.usable = size - reserved if size - reserved >= 480 else size
            self.free_trunk, self.free_count = _u32(page1, 32), _u32(page1, 36)
            self.encoding = ENCODINGS.get(_u32(page1, 56), "utf-8")

    @staticmethod
    def _read(file: BinaryIO, at: int, size: int) -> bytes:
        try:
            file.seek(at)
            return file.read(size)
        except OSError:  # a bad sector costs its page
            return b""

    def get(self, number: int) -> bytes | None:
        """Page ``number`` (from 1) whole, or None when it is not there."""
        if not 1 <= number <= self.count:
            return None
        if self.wal is not None and number in self.wal.frames:
            data = self._read(self.wal.file, self.wal.frames[number], self.size)
        elif number <= self.in_file:
            data = self._read(self.db, (number - 1) * self.size, self.size)
        else:
            return None
        return data if len(data) == self.size else None

    def _guess(self, file_size: int) -> int:
        """The page size under which the most pages of the file's start parse as b-tree
        pages (4096, the usual, when as many do)."""
        best, most = PAGE_SIZES[0], -1
        span = min(file_size, GUESS_BYTES)
        for size in PAGE_SIZES:
            found = sum(
                _btree(self._read(self.db, at, size), 1 + at // size, size) is not None
                for at in range(0, span - size + 1, size)
            )
            if found > most:
                best, most = size, found
        return best


def _btree(page: bytes, number: int, usable: int) -> tuple[int, list[int], int] | None:
    """A b-tree page's type, its cells' offsets and its right-most child (interior pages),
    or None when its header and cell pointers do not hold together."""
    start = 100 if number == 1 else 0
    if len(page) < start + 12 or usable > len(page):
        return None
    kind = page[start]
    if kind not in (TABLE_LEAF, TABLE_INTERIOR, INDEX_LEAF, INDEX_INTERIOR):
        return None
    head = 8 if kind in (TABLE_LEAF, INDEX_LEAF) else 12
    cells = _u16(page, start + 3)
    content = _u16(page, start + 5) or 65536
    end = start + head + 2 * cells
    if end > usable or content > usable or (cells and content < end):
        return None
    offsets = list(struct.unpack_from(f">{cells}H", page, start + head))
    if not all(content <= at < usable for at in offsets):
        return None
    right = _u32(page, start + 8) if head == 12 else 0
    return kind, offsets, right


# ----- cells and records ---------------------------------------------------------------------


def _payload(pages: _Pages, page: bytes, cell: int, claimed: set[int]) -> tuple[int, bytes, int]:
    """A table-leaf cell's rowid, its whole payload (its overflow pages followed) and how
    many bytes of the page it takes. Each overflow page is read once in the whole file
    (``claimed``), so no chain loops or is read twice."""
    usable = pages.usable
    size, at = _varint(page, cell)
    rowid, at = _varint(page, at)
    rowid = rowid - (1 << 64) if rowid >= 1 << 63 else rowid
    if size > pages.count * usable:
        raise _Bad
    most = usable - 35
    if size <= most:
        local = size
    else:
        least = (usable - 12) * 32 // 255 - 23
        local = least + (size - least) % (usable - 4)
        local = local if local <= most else least
    end = at + local + (4 if local < size else 0)
    if end > usable:
        raise _Bad
    parts = [page[at : at + local]]
    needed = size - local
    following = _u32(page, at + local) if needed else 0
    while needed > 0:
        if following in claimed:
            raise _Bad
        claimed.add(following)
        overflow = pages.get(following)
        if overflow is None:
            raise _Bad
        parts.append(overflow[4 : 4 + min(needed, usable - 4)])
        needed -= usable - 4
        following = _u32(overflow, 0)
    return rowid, b"".join(parts), end - cell


def _record(payload: bytes, encoding: str) -> list[object]:
    """A record's values: a header of serial types, then the values, filling the payload."""
    header, at = _varint(payload, 0)
    if not 1 <= header <= len(payload):
        raise _Bad
    types = []
    while at < header:
        if payload[at] < 0x80:  # nearly every serial type is one byte
            types.append(payload[at])
            at += 1
        else:
            kind, at = _varint(payload, at)
            types.append(kind)
    if at != header:
        raise _Bad
    values: list[object] = []
    for kind in types:
        width = (kind - 12) >> 1 if kind >= 12 else WIDTHS[kind]
        end = at + width
        if end > len(payload) or kind in (10, 11):  # 10 and 11 are reserved: never in a record
            raise _Bad
        if kind >= 12:
            data = payload[at:end]
            values.append(data if kind % 2 == 0 else data.decode(encoding, errors="replace"))
        elif kind == 0:
            values.append(None)
        elif kind <= 6:
            values.append(int.from_bytes(payload[at:end], "big", signed=True))
        elif kind == 7:
            values.append(struct.unpack_from(">d", payload, at)[0])
        else:
            values.append(kind - 8)
        at = end
    if at != len(payload):
        raise _Bad
    return values


def _records(pages: _Pages, number: int, claimed: set[int]) -> Iterator[tuple[int, list[object]]]:
    """The rowid and values of each cell of table leaf ``number`` that can be read. Cells
    of a sound page never share bytes, so all of them together never hold more than the
    page: that bounds the work a page of nonsense costs."""
    page = pages.get(number)
    parsed = None if page is None else _btree(page, number, pages.usable)
    if page is None or parsed is None or parsed[0] != TABLE_LEAF:
        return
    room = pages.usable
    for at in parsed[1]:
        try:
            rowid, payload, taken = _payload(pages, page, at, claimed)
            room -= taken
            if room < 0:
                return
            yield rowid, _record(payload, pages.encoding)
        except _Bad:
            continue


# ----- which leaf is which table's ------------------------------------------------------------


def _walk(pages: _Pages, root: int) -> set[int]:
    """The table leaves reached from ``root``, each page visited once."""
    leaves: set[int] = set()
    seen: set[int] = set()
    waiting = [root]
    while waiting:
        number = waiting.pop()
        if number in seen or not 1 <= number <= pages.count:
            continue
        seen.add(number)
        page = pages.get(number)
        parsed = None if page is None else _btree(page, number, pages.usable)
        if page is None or parsed is None:
            continue
        kind, offsets, right = parsed
        if kind == TABLE_LEAF:
            leaves.add(number)
        elif kind == TABLE_INTERIOR:
            waiting.append(right)
            for at in offsets:
                try:
                    waiting.append(_u32(page, at))
                except _Bad:
                    continue
    return leaves


def _roots(pages: _Pages, claimed: set[int]) -> dict[str, int]:
    """Each library table's root page, from ``sqlite_master`` (rooted on page 1)."""
    names = {t.name for t in _tables()}
    roots: dict[str, int] = {}
    for leaf in sorted(_walk(pages, 1)):
        for _rowid, values in _records(pages, leaf, claimed):
            if len(values) == 5 and values[0] == "table" and values[1] in names:
                root = values[3]
                if isinstance(root, int) and 1 < root <= pages.count:
                    roots[str(values[1])] = root
    return roots


def _freelist(pages: _Pages) -> set[int]:
    """The freelist's trunk and leaf pages, as far as page 1's header leads."""
    free: set[int] = set()
    trunk = pages.free_trunk
    most = pages.usable // 4 - 2
    while 1 < trunk <= pages.count and trunk not in free and len(free) < pages.free_count:
        free.add(trunk)
        page = pages.get(trunk)
        if page is None:
            break
        leaves = _u32(page, 4)
        if leaves > most:
            break
        free.update(n for n in (_u32(page, 8 + 4 * i) for i in range(leaves)) if n > 1)
        trunk = _u32(page, 0)
    return free


def _recover(pages: _Pages) -> list[RecoveredRow]:
    tables = {t.name: t for t in _tables()}
    claimed: set[int] = set()  # overflow pages already read
    owner: dict[int, str | None] = {}  # leaf -> its table (None: reached from two roots)
    free: set[int] = set()
    if pages.header:
        for name, root in _roots(pages, claimed).items():
            for leaf in _walk(pages, root):
                owner[leaf] = name if owner.get(leaf, name) == name else None
        free = _freelist(pages)
    found: dict[tuple[str, int], RecoveredRow] = {}
    for leaf, mine in sorted(owner.items()):
        if mine is None:
            continue
        for rowid, values in _records(pages, leaf, claimed):
            if len(values) in tables[mine].counts:
                found.setdefault((mine, rowid), _row(tables[mine], rowid, values))
    for leaf in range(2, pages.count + 1):
        if owner.get(leaf) is not None or leaf in free:
            continue
        for rowid, values in _records(pages, leaf, claimed):
            table = _shaped(values)
            if table is not None:
                found.setdefault((table.name, rowid), _row(table, rowid, values))
    return _one_per_key(found.values())


def _one_per_key(rows: Iterable[RecoveredRow]) -> list[RecoveredRow]:
    """The rows by table and rowid; of two with one primary key that is not the rowid (an
    old copy on a freed page), the later write: ``INSERT OR REPLACE`` gives the new row a
    larger rowid."""
    order = {t.name: n for n, t in enumerate(_tables())}
    keys = {t.name: t.key for t in _tables()}
    latest: dict[tuple[str, object], RecoveredRow] = {}
    kept: list[RecoveredRow] = []
    for row in sorted(rows, key=lambda r: (order[r.table], r.rowid)):
        key = keys[row.table]
        if key is None:
            kept.append(row)
        else:
            latest[(row.table, row.values[key])] = row  # a later rowid replaces an earlier
    kept.extend(latest.values())
    return sorted(kept, key=lambda r: (order[r.table], r.rowid))
