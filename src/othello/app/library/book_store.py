"""The player's own opening book in the library: a row for each book move whose value they
corrected (a game or a review lost more than the shipped book said, a line they added, a
move they took out), read over the shipped book (``othello.engine.book.Book.overlaid``).

A row's key is the position as the book keys it (its canonical form: the mover's discs and
the other's as 16 hex digits each) and the move in it (0-63): the same move reached in any
of the eight orientations is one row. A save writes the moves it changed in one
transaction; a row set to None is deleted (an undone removal). A row that does not hold up
when read costs that move only: the shipped value stands.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from othello.app.i18n import ngettext
from othello.app.library.database import Library, translate
from othello.app.library.rows import raw, text_of
from othello.core.bitboard import legal_moves
from othello.engine.book import (
    CORRECTION_KINDS,
    Correction,
    CorrectionKind,
    Corrections,
    canonical,
)

log = logging.getLogger(__name__)

FORMAT = "othello-book"  # a spooled file's (library-pending/*.book.json)
KEY_CHARS = 36  # "<16 hex> <16 hex> <square>"
MOST_DEPTH = 60

Row = tuple[int, int, int, float]
"""A correction as stored: its value (discs for the mover), depth, kind and when (seconds
since 1970)."""


def key_of(fix: Correction) -> str:
    """The row's key: the canonical position and the move in it."""
    p, o = fix.position
    return f"{p:016x} {o:016x} {fix.square}"


def row_of(fix: Correction, when: float | None = None) -> Row:
    return (fix.discs, fix.depth, int(fix.kind), time.time() if when is None else when)


def correction_of(key: object, *values: object) -> Correction | None:
    """A stored row as a correction, or None when it is none (a damaged file): read as if
    hostile, as ``rows`` reads a game's: the key a canonical position with the move legal in
    it, the value a disc difference, the depth a depth, the kind one of the kinds."""
    if not isinstance(key, str) or len(key) > KEY_CHARS or len(values) != 4:
        return None
    parts = key.split(" ")
    try:
        p, o, sq = int(parts[0], 16), int(parts[1], 16), int(parts[2])
    except (ValueError, IndexError):
        return None
    if len(parts) != 3 or len(parts[0]) != 16 or len(parts[1]) != 16 or not 0 <= sq < 64:
        return None
    if p & o or canonical(p, o)[1:] != (p, o) or not legal_moves(p, o) >> sq & 1:
        return None
    discs, depth, kind, when = values
    if type(discs) is not int or not -64 <= discs <= 64 or type(depth) is not int:
        return None
    if not 0 <= depth <= MOST_DEPTH or type(kind) is not int or kind not in CORRECTION_KINDS:
        return None
    if type(when) not in (int, float):
        return None
    return Correction((p, o), sq, discs, depth, CorrectionKind(kind))


@dataclass
class BookChanges:
    """What a save writes: each move's row by its key (None: the row deleted)."""

    rows: dict[str, Row | None] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.rows)

    def merge(self, later: BookChanges) -> None:
        self.rows.update(later.rows)

    @classmethod
    def of(cls, corrections: Corrections) -> BookChanges:
        """The changes that keep ``corrections`` (the later of two for one move)."""
        return cls({key_of(fix): row_of(fix) for fix in corrections})

    def to_text(self) -> str:
        """As the pending spool keeps them (the window could not write them)."""
        rows = {key: None if row is None else list(row) for key, row in self.rows.items()}
        return json.dumps({"format": FORMAT, "version": 1, "rows": rows})

    @classmethod
    def from_data(cls, data: Any) -> BookChanges:
        """A spooled file's changes; ValueError says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not an opening book file")
        rows = data.get("rows")
        if not isinstance(rows, dict):
            raise ValueError("an opening book file without its rows")
        changes = cls()
        for key, row in rows.items():
            fix = correction_of(key, *row) if isinstance(row, list) else None
            if row is not None and fix is None:
                raise ValueError(f"a book row is damaged ({str(key)[:40]})")
            changes.rows[key] = None if fix is None else row_of(fix, float(row[3]))
        return changes


def merged(earlier: Iterable[Correction], later: Iterable[Correction]) -> Corrections:
    """One correction a move: the later of two."""
    by_key = {key_of(fix): fix for fix in earlier}
    by_key.update((key_of(fix), fix) for fix in later)
    return tuple(by_key.values())


def learned_words(n: int) -> str:
    """What the player hears when a game taught the book ``n`` corrections."""
    return ngettext(
        "The opening book learned from this game: {n} move's value corrected.",
        "The opening book learned from this game: {n} moves' values corrected.",
        n,
    ).format(n=n)


def load(library: Library) -> tuple[Corrections, str | None]:
    """The player's corrections as kept, oldest first, and a notice when some rows could not
    be used."""
    columns = ("key", "value", "depth", "kind", "added")
    found = library.execute(
        f"SELECT {', '.join(raw(c) for c in columns)} FROM book ORDER BY added, key"
    )
    kept: list[Correction] = []
    bad = 0
    for stored, *values in found:
        fix = correction_of(text_of(stored), *values)
        if fix is None:
            bad += 1
        else:
            kept.append(fix)
    if bad:
        log.warning("book: %d damaged rows left out", bad)
        return tuple(kept), ngettext(
            "{n} of your opening book's moves could not be read (damaged) and was left out.",
            "{n} of your opening book's moves could not be read (damaged) and were left out.",
            bad,
        ).format(n=bad)
    return tuple(kept), None


def write(library: Library, changes: BookChanges) -> None:
    """One transaction: the moves changed."""
    with library.transaction():
        write_rows(library, changes)


def write_rows(library: Library, changes: BookChanges) -> None:
    """:func:`write` inside the caller's transaction."""
    kept = [(key, *row) for key, row in changes.rows.items() if row is not None]
    gone = [(key,) for key, row in changes.rows.items() if row is None]
    with translate():
        library.db.executemany(
            "INSERT OR REPLACE INTO book (key, value, depth, kind, added) VALUES (?, ?, ?, ?, ?)",
            kept,
        )
        library.db.executemany("DELETE FROM book WHERE key = ?", gone)
