"""A game read back from the library, never trusted: checked before anything draws, opens,
prints or exports it.

A few stray bytes in the file can leave a row whose result is text, whose moves are no
squares or cannot be played, whose start is no position (or one no game can reach), or
whose names are huge, hold a NUL or a byte that is not UTF-8, and SQLite's integrity check
does not see them. Every value is cleaned and bounded as an import's are (``record_text``);
a row that cannot be shown or opened as a game comes out with its :class:`Damage`, which
says why, so the screen and the command line show it as damaged instead of raising.

The same holds for every table (the puzzles, the drills): text is read as its bytes
(:func:`raw`), since sqlite3 decoding a value that is not UTF-8 fails the whole query, and
decoded here with a replacement (:func:`text_of`), so a bad byte costs its field or its row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from othello.app.files.game_files import impossible_reason
from othello.app.files.record_text import DATE_CHARS, NAME_CHARS, NOTE_CHARS, clean
from othello.app.library.database import COLUMNS, STANDARD, Entry, Library
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.errors import OthelloError
from othello.core.notation import square_name

LARGEST_ID = (1 << 63) - 1  # SQLite's largest integer: a larger number is no game's
MOST_MOVES = 130  # 60 discs and the passes between them
LARGEST_COUNT = (1 << 53) - 1  # a count of answers no player reaches: more is a damaged row


def raw(column: str) -> str:
    """SQL for ``column`` as stored, its text as the bytes it holds: sqlite3 never decodes
    it (a byte that is not UTF-8 would fail the whole query), :func:`text_of` does."""
    return f"CASE WHEN typeof({column}) = 'text' THEN CAST({column} AS BLOB) ELSE {column} END"


def blob(column: str) -> str:
    """SQL for a blob column (the moves): its bytes, or NULL when it holds anything else
    (text there is no list of squares, whatever its bytes)."""
    return f"CASE typeof({column}) WHEN 'blob' THEN {column} END"


RAW_COLUMNS = ", ".join(
    blob(column) if column == "moves" else raw(column) for column in COLUMNS.split(", ")
)
"""``database.COLUMNS`` as read as if hostile: text as its bytes, the moves a blob or NULL."""


def text_of(value: object) -> str | None:
    """A text column's value as read through :func:`raw` (bytes) or decoded already (str):
    its text, a byte that is not UTF-8 as "\ufffd"; None for anything else (NULL, a
    number)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return value if isinstance(value, str) else None


def count_of(value: object) -> int | None:
    """A count (of answers, of a clock) as stored: a whole number from 0 to
    :data:`LARGEST_COUNT`, or None."""
    if type(value) is int and 0 <= value <= LARGEST_COUNT:
        return value
    return None


class Flaw(Enum):
    """What is wrong with a damaged row."""

    RESULT = "result"  # not a number of discs (-64 to 64)
    START = "start"  # the start is no position
    MOVES = "moves"  # the moves are not a list of squares
    SQUARE = "square"  # a move is no square
    ILLEGAL = "illegal"  # a move cannot be played where the game stands


@dataclass(frozen=True)
class Damage:
    """Why a row cannot be a game: its flaw, and for a move, which (from 1) and where."""

    flaw: Flaw
    move: int = 0
    square: str = ""

    def english(self) -> str:
        """The reason as the command line says it (the window says it translated)."""
        if self.flaw is Flaw.RESULT:
            return "its result is not a number of discs"
        if self.flaw is Flaw.START:
            return "its start is no position"
        if self.flaw is Flaw.MOVES:
            return "its moves are not a list of squares"
        if self.flaw is Flaw.SQUARE:
            return f"its move {self.move} is no square"
        return f"its move {self.move} ({self.square}) cannot be played there"


@dataclass(frozen=True)
class Damaged:
    """A row that is no game, with what can still be shown of it."""

    id: int
    date: str
    black: str
    white: str
    source: str
    damage: Damage


def meta_count(library: Library, name: str) -> int:
    """A count kept in ``meta`` (the puzzles' or the drills' clock of answers): 0 when none
    is kept, or what is kept is no count (text that is no number, or a number of 400
    digits)."""
    found = library.execute(f"SELECT {raw('value')} FROM meta WHERE name = ?", (name,))
    text = text_of(found[0][0]) if found else None
    if text is None or len(text) > 20:
        return 0
    try:
        return count_of(int(text)) or 0
    except ValueError:
        return 0


def number(value: object) -> int | None:
    """A result as the library keeps it (Black's discs minus White's), or None."""
    if isinstance(value, int) and not isinstance(value, bool) and -64 <= value <= 64:
        return value
    return None


def moves_of(blob: object) -> tuple[Square, ...] | Damage:
    """The moves a row's blob holds (a byte a square, 64 a pass), or what is wrong."""
    if not isinstance(blob, bytes) or len(blob) > MOST_MOVES:
        return Damage(Flaw.MOVES)
    for at, byte in enumerate(blob, 1):
        if byte > 64:
            return Damage(Flaw.SQUARE, at)
    return tuple(PASS if byte == 64 else byte for byte in blob)


def start_of(value: object) -> Board | None:
    """A row's start (NULL: the standard one), or None when it is no position, or one no
    game can reach (checked as every other door checks a position)."""
    if value is None:
        return Board()
    text = text_of(value)
    if text is None or len(text) > 80:
        return None
    try:
        board = Board.from_string(text)
    except OthelloError:
        return None
    return None if impossible_reason(board) else board


def damage_of(result: object, start: object, blob: object) -> Damage | None:
    """What keeps a row from being a game (its result, start or moves), or None: every move
    is played over from the start, so a game that opens is a game that replays."""
    if number(result) is None:
        return Damage(Flaw.RESULT)
    board = start_of(start)
    if board is None:
        return Damage(Flaw.START)
    moves = moves_of(blob)
    if isinstance(moves, Damage):
        return moves
    for at, sq in enumerate(moves, 1):
        try:
            board.push_square(sq)
        except OthelloError:
            return Damage(Flaw.ILLEGAL, at, square_name(sq))
    return None


def placed(blob: object) -> int:
    """The discs a row's moves place (passes are no moves to a player)."""
    moves = moves_of(blob)
    return 0 if isinstance(moves, Damage) else sum(1 for sq in moves if sq != PASS)


def entry_or_damage(library: Library, game_id: int) -> Entry | Damaged | None:
    """The game ``game_id`` checked: an entry to open or export, what is wrong with it, or
    None when the library has no such game (a number too large for one included)."""
    if not 0 < game_id <= LARGEST_ID:
        return None
    found = library.execute(
        f"SELECT {RAW_COLUMNS} FROM games WHERE id = ? AND deleted IS NULL", (game_id,)
    )
    return checked(found[0]) if found else None


def checked(row: Sequence[Any]) -> Entry | Damaged:
    """A row of ``database.COLUMNS`` (or :data:`RAW_COLUMNS`) as an entry, its words
    cleaned; Damaged when it is no game."""
    (game_id, date, black, white, result, start, blob, opening, source, memo, marks, tags,
     notes, finished) = row  # fmt: skip
    start, opening, marks, tags, notes = map(_decoded, (start, opening, marks, tags, notes))
    damage = damage_of(result, start, blob)
    if damage is not None:
        return Damaged(
            int(game_id), clean(date, DATE_CHARS), clean(black, NAME_CHARS),
            clean(white, NAME_CHARS), clean(source), damage,
        )  # fmt: skip
    moves = moves_of(blob)
    assert not isinstance(moves, Damage)
    tag_lines = _lines(tags)
    return Entry(
        int(game_id),
        clean(date, DATE_CHARS),
        clean(black, NAME_CHARS),
        clean(white, NAME_CHARS),
        int(result),
        start if isinstance(start, str) and start else STANDARD,
        moves,
        None if opening is None else clean(opening),
        clean(source),
        clean(memo),
        None if marks is None else clean(marks, MOST_MOVES),
        {clean(k, 16): clean(v) for k, _, v in (line.partition("=") for line in tag_lines)},
        [clean(note, NOTE_CHARS) for note in _lines(notes)],
        finished != 0,
    )


def _decoded(value: object) -> object:
    """Text read as its bytes, decoded (see :func:`text_of`); anything else as it is."""
    return value.decode("utf-8", errors="replace") if isinstance(value, bytes) else value


def _lines(value: object) -> list[str]:
    """A column of lines (the tags, the notes) as its lines; none for NULL or a blob."""
    if not isinstance(value, str) or not value:
        return []
    return value[: 1 << 16].split("\n")
