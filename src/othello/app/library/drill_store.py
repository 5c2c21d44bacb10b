"""The player's opening drills in the library: a row a position answered (its line from f5,
its Leitner box), the schedule's clock (answers given) in ``meta``, and the lines the
library's games began with, for "my openings".

An answer writes the positions it changed and adds to the clock, in one transaction, as the
puzzles do: two windows drilling at once each write only what they answered, and both
windows' answers count. A row that does not hold up when read costs that position only.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any

from othello.app.i18n import ngettext
from othello.app.library.database import LINE_MOVES, Library, translate
from othello.app.library.rows import count_of, meta_count, raw, text_of
from othello.core.board import Board
from othello.core.errors import OthelloError
from othello.study.drills import Card, Line, Schedule, parse_line
from othello.study.drills import my_lines as on_the_book
from othello.study.named_openings import OpeningBook
from othello.study.puzzles import MAX_BOX

log = logging.getLogger(__name__)

TURN = "drills.turn"  # the meta row of the schedule's clock
FORMAT = "othello-drills"  # a spooled file's (library-pending/*.drills.json)
LINE_CHARS = 120  # a line of 60 moves, two characters a move

Row = tuple[int, int, int, int, int | None]
"""A card as stored: box, due, right answers, wrong answers, the last answer (1, 0, NULL)."""


@dataclass
class DrillChanges:
    """What a save writes: the positions answered (their cards, by line) and how many
    answers were given."""

    rows: dict[str, Row] = field(default_factory=dict)
    answers: int = 0

    def __bool__(self) -> bool:
        return bool(self.rows) or self.answers > 0

    def merge(self, later: DrillChanges) -> None:
        self.rows.update(later.rows)
        self.answers += later.answers

    def to_text(self) -> str:
        """As the pending spool keeps them (the window could not write them)."""
        rows = {line: list(row) for line, row in self.rows.items()}
        return json.dumps({"format": FORMAT, "version": 1, "answers": self.answers, "rows": rows})

    @classmethod
    def from_data(cls, data: Any) -> DrillChanges:
        """A spooled file's changes; ValueError says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a drills file")
        answers, rows = data.get("answers"), data.get("rows")
        if not isinstance(answers, int) or answers < 0 or not isinstance(rows, dict):
            raise ValueError("a drills file without its answers or rows")
        changes = cls(answers=answers)
        for line, row in rows.items():
            card = _card(line, *row) if isinstance(row, list) else None
            if card is None:
                raise ValueError(f"a drill's row is damaged ({str(line)[:40]})")
            changes.rows[line] = _row(card)
        return changes


def _row(card: Card) -> Row:
    last = None if card.last_right is None else int(card.last_right)
    return (card.box, card.due, card.right, card.wrong, last)


def _card(line: object, *values: object) -> Card | None:
    """A stored row (box, due, right, wrong, last) as a card, or None when it is none (a
    damaged file): read as if hostile, as ``rows`` reads a game's (the line a legal one from
    the start, the box one of the boxes, the counts counts, the last answer right or
    wrong)."""
    counts = [count_of(v) for v in values[1:4]]
    if not isinstance(line, str) or len(values) != 5 or None in counts or not legal(line):
        return None
    box, last = values[0], values[4]
    if type(box) is not int or not 1 <= box <= MAX_BOX or type(last) not in (int, type(None)):
        return None
    if last not in (None, 0, 1):
        return None
    due, right, wrong = (int(n or 0) for n in counts)
    return Card(box, due, right, wrong, None if last is None else bool(last))


def legal(line: str) -> bool:
    """A drill's line as kept ("f5d6c3"): moves from the standard start, each legal."""
    if len(line) > LINE_CHARS:
        return False
    try:
        board = Board()
        for sq in parse_line(line):
            board.push_square(sq)
    except (ValueError, OthelloError):
        return False
    return True


class DrillSaves:
    """The window's side of saving: what was answered since the last save, taken from the
    schedule on the frame loop, written by the library's writer."""

    def __init__(self, schedule: Schedule) -> None:
        self.turn = schedule.turn  # the clock as last handed over

    def take(self, schedule: Schedule) -> DrillChanges:
        rows = {key: _row(schedule.cards[key]) for key in schedule.touched}
        schedule.touched.clear()
        answers, self.turn = max(0, schedule.turn - self.turn), schedule.turn
        return DrillChanges(rows, answers)


def load(library: Library) -> tuple[Schedule, str | None]:
    """The schedule as kept, and a notice when some rows could not be used."""
    columns = ("line", "box", "due", "right_count", "wrong_count", "last_right")
    found = library.execute(f"SELECT {', '.join(raw(c) for c in columns)} FROM drills")
    schedule = Schedule(turn=turn_of(library))
    bad = 0
    for stored, *numbers in found:
        line = text_of(stored)
        card = _card(line, *numbers)
        if card is None or line is None:
            bad += 1
        else:
            schedule.cards[line] = card
    if bad:
        log.warning("drills: %d damaged rows left out", bad)
        return schedule, ngettext(
            "{n} of your drilled positions could not be read (damaged) and was left out.",
            "{n} of your drilled positions could not be read (damaged) and were left out.",
            bad,
        ).format(n=bad)
    return schedule, None


def turn_of(library: Library) -> int:
    """The schedule's clock as kept (0 when none is, or it is no count)."""
    return meta_count(library, TURN)


def write(library: Library, changes: DrillChanges) -> None:
    """One transaction: the positions answered, the answers added to the clock."""
    with library.transaction():
        write_rows(library, changes)


def write_rows(library: Library, changes: DrillChanges) -> None:
    """:func:`write` inside the caller's transaction."""
    with translate():
        library.db.executemany(
            "INSERT OR REPLACE INTO drills "
            "(line, box, due, right_count, wrong_count, last_right) VALUES (?, ?, ?, ?, ?, ?)",
            [(line, *row) for line, row in changes.rows.items()],
        )
    if changes.answers:
        library.set_meta(TURN, str(turn_of(library) + changes.answers))


def my_lines(library: Library, book: OpeningBook) -> list[Line]:
    """The lines the library's games began with (the explorer's "mine": every game from the
    standard start, seen from f5), each as far as it stayed on the named lines. A line is
    read as if hostile: only a blob (text or a number there is a damaged row, left out),
    and only as far as its moves are squares played legally from the start."""
    found = library.execute(
        "SELECT DISTINCT substr(line, 1, ?) FROM games "
        "WHERE deleted IS NULL AND typeof(line) = 'blob'",
        [LINE_MOVES],
    )
    return on_the_book(book, filter(None, (_played(row[0]) for row in found)))


def _played(blob: object) -> Line:
    """A stored line's moves, as far as they are squares played legally from the start."""
    board, moves = Board(), []
    for byte in blob if isinstance(blob, bytes) else b"":
        try:
            board.push_square(byte)
        except OthelloError:  # no square (64 and up), or not legal there
            break
        moves.append(byte)
    return tuple(moves)
