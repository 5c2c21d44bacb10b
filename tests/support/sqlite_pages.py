"""Which rows of an SQLite file live on which page, read from the file itself by SQLite's
published file format (https://www.sqlite.org/fileformat2.html), so a test can damage a
page and know which rows it took with it; and damage, page by page.

Only what the library's tables need: rowid tables (a table b-tree: interior pages 0x05,
leaf pages 0x0D) and the overflow pages of a row too long for its leaf. Index pages hold no
row of their own (every row is still in its table), so damaging one should cost nothing.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

INTERIOR_TABLE = 0x05
LEAF_TABLE = 0x0D


@dataclass(frozen=True)
class RowPlace:
    """One row of a table: its rowid, the leaf page holding its cell and the overflow pages
    holding the rest of it."""

    table: str
    rowid: int
    pages: frozenset[int]


@dataclass(frozen=True)
class PageMap:
    """Every row of every table, with the pages it needs; the page size and page count."""

    page_size: int
    pages: int
    rows: tuple[RowPlace, ...]
    tree_pages: dict[int, str]  # every page of a table's or an index's b-tree: whose

    def lost_with(self, page: int) -> set[tuple[str, int]]:
        """The rows (table, rowid) that need ``page``."""
        return {(r.table, r.rowid) for r in self.rows if page in r.pages}


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: its value and the offset after it."""
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


def page_map(path: Path) -> PageMap:
    """Read ``path`` (a database with no -wal beside it: everything in the file)."""
    data = path.read_bytes()
    size = int.from_bytes(data[16:18], "big")
    size = 65536 if size == 1 else size
    usable = size - data[20]
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        schema = db.execute(
            "SELECT type, name, rootpage FROM sqlite_master WHERE rootpage > 0"
        ).fetchall()
    finally:
        db.close()
    rows: list[RowPlace] = []
    tree_pages: dict[int, str] = {1: "sqlite_master"}
    for kind, name, root in schema:
        if kind == "table":
            found, tree = _table_rows(data, size, usable, int(root))
            rows += [RowPlace(str(name), rowid, pages) for rowid, pages in found]
            tree_pages.update(dict.fromkeys(tree, str(name)))
        else:
            tree_pages.update(dict.fromkeys(_tree_pages(data, size, int(root)), str(name)))
    return PageMap(size, len(data) // size, tuple(rows), tree_pages)


def _page(data: bytes, size: int, number: int) -> tuple[bytes, int]:
    """Page ``number`` and where its b-tree header starts (after the file header on page 1)."""
    page = data[(number - 1) * size : number * size]
    return page, 100 if number == 1 else 0


def _cells(page: bytes, head: int) -> Iterator[int]:
    header = 12 if page[head] in (0x02, 0x05) else 8
    count = int.from_bytes(page[head + 3 : head + 5], "big")
    for i in range(count):
        at = head + header + 2 * i
        yield int.from_bytes(page[at : at + 2], "big")


def _children(page: bytes, head: int) -> list[int]:
    """An interior page's child pages (tables and indexes alike: the first 4 bytes of each
    cell, and the right-most pointer)."""
    found = [int.from_bytes(page[cell : cell + 4], "big") for cell in _cells(page, head)]
    return [*found, int.from_bytes(page[head + 8 : head + 12], "big")]


def _tree_pages(data: bytes, size: int, root: int) -> set[int]:
    """Every page of an index's b-tree (its interior and leaf pages; overflow left out)."""
    seen, todo = set(), [root]
    while todo:
        number = todo.pop()
        if number in seen:
            continue
        seen.add(number)
        page, head = _page(data, size, number)
        if page[head] in (0x02, 0x05):
            todo.extend(_children(page, head))
    return seen


def _table_rows(
    data: bytes, size: int, usable: int, root: int
) -> tuple[list[tuple[int, frozenset[int]]], set[int]]:
    """Each row of the table b-tree at ``root`` (its rowid and its pages), and the tree's
    own pages."""
    todo, tree = [root], set()
    rows: list[tuple[int, frozenset[int]]] = []
    while todo:
        number = todo.pop()
        tree.add(number)
        page, head = _page(data, size, number)
        kind = page[head]
        if kind == INTERIOR_TABLE:
            todo.extend(_children(page, head))
            continue
        if kind != LEAF_TABLE:
            raise ValueError(f"page {number} is no table page ({kind:#x})")
        for cell in _cells(page, head):
            length, at = _varint(page, cell)
            rowid, at = _varint(page, at)
            pages = {number}
            local = _local_size(length, usable)
            if local < length:
                next_page = int.from_bytes(page[at + local : at + local + 4], "big")
                while next_page:
                    pages.add(next_page)
                    overflow, _head = _page(data, size, next_page)
                    next_page = int.from_bytes(overflow[:4], "big")
            rows.append((rowid, frozenset(pages)))
    return rows, tree


def _local_size(payload: int, usable: int) -> int:
    """How much of a table leaf cell's payload stays on its page (the format's rule)."""
    most = usable - 35
    if payload <= most:
        return payload
    least = ((usable - 12) * 32 // 255) - 23
    local = least + (payload - least) % (usable - 4)
    return local if local <= most else least


def damage(path: Path, page: int, page_size: int, how: str, seed: int = 0) -> None:
    """Write over page ``page`` of ``path``: ``how`` "zeros", or "garbage" (seeded bytes)."""
    fill = (
        bytes(page_size)
        if how == "zeros"
        else random.Random(seed * 100_003 + page).randbytes(page_size)
    )
    with path.open("r+b") as file:
        file.seek((page - 1) * page_size)
        file.write(fill)
