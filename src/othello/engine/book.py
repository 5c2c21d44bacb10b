"""The opening book: what people and Logistello played in positions of the first 20 moves,
how those games ended, and what the engine's own search makes of each move.

``scripts/build_book.py`` counts, for every position reached often enough in the 256,765
shared games, each move played there and the sum of the final disc differences (for the
player who moved). Symmetric positions are one entry: a position is stored in its canonical
form (the smallest of its eight images under the board's symmetries) with its moves mapped
the same way, and looked up the same way.

Since issue 55 each move also has a value: the final disc difference for the mover that a
search of the compiled engine expects (``scripts/book_values.py``), or, where the move leads
to another book position, that position's value (negamax through the book's own tree, as
Edax's book links do). Each position also keeps the engine's best move outside the book and
its value (Edax's "deviation"), and its own value: the best of all of them. The levels that
play from the book choose among the moves within ``VALUE_MARGIN`` of that value.

The file ``tables/book.bin`` (little-endian): ``OTBK``, the version and the number of
positions as 32-bit integers; each position's two bitboards (side to move, opponent) as
64-bit integers; the start of each position's moves (32-bit, one more than positions); then
per move its square (8-bit), its count (32-bit) and its summed result (32-bit, signed); in
version 2, per move its value (8-bit, signed; ``NO_VALUE`` where none was found), the depth of
the search that gave it and where it came from (8-bit each, ``Origin``), then per position its
value, its best move outside the book (255: none), that move's value and depth (8-bit each).
Version 1 (counts only) is still read: its moves have no values.
"""

from __future__ import annotations

import random
import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from functools import cache, lru_cache
from pathlib import Path

from othello.core.bitboard import Bitboard, Square, transpose
from othello.core.errors import OthelloError
from othello.core.file_reading import read_package, short_reason
from othello.engine.patterns import symmetry

FILE = "book.bin"
LIMIT = 64_000_000  # far more than the file holds
MAGIC = b"OTBK"
VERSION = 2
VERSIONS = (1, 2)
"""The versions this module reads (1: counts and results only)."""
NO_VALUE = -128
"""A value not (yet) found: the build had not searched that far."""
NO_MOVE = 255
"""No move outside the book: every legal move is in it."""
MAX_PLIES = 20
"""Positions of the first 20 moves (discs placed) are in the book."""
MIN_COUNT = 8
"""A move needs this many games behind it to be played from the book."""
MARGIN = 2.0
"""Without values: a book move is played only if its average result is within this many discs
of the best move's (moves with MIN_COUNT games or more)."""
VALUE_MARGIN = 2
"""With values: a book move is played only if its value is within this many discs of the
position's (the best of its moves and of the engine's own move outside the book): never one
the values show as bad; among those, at random in proportion to how often people played it."""


class Origin(IntEnum):
    """Where a value came from."""

    NONE = 0
    """No value: the build did not search this far."""
    SEARCH = 1
    """A midgame search of the compiled engine from this position, to ``depth`` plies."""
    LINE = 2
    """The value of the book position the move leads to (``depth``: the search at the end)."""
    PLAYER = 3
    """The player's own book: a correction kept in their library (``Correction``)."""


ORIGINS = frozenset(int(origin) for origin in Origin)


class CorrectionKind(IntEnum):
    """Why the player's book holds a move: the numbers are what their library stores."""

    LEARNED = 1
    """A game or a review lost more than the book said: the move searched again."""
    ADDED = 2
    """A line the player added from the window."""
    REMOVED = 3
    """A move the player took out of their book: never played from it."""


CORRECTION_KINDS = frozenset(int(kind) for kind in CorrectionKind)


@dataclass(frozen=True)
class Correction:
    """The player's value for one book move (canonical position and square), over the
    shipped one: the engine reads it as plain data, handed over by the application, which
    keeps it in the player's library."""

    position: tuple[Bitboard, Bitboard]  # canonical, as ``canonical`` gives it
    square: Square  # in the canonical position
    discs: int  # the final disc difference for the mover
    depth: int  # of the search that found it (0: none, a move removed)
    kind: CorrectionKind


Corrections = tuple[Correction, ...]
"""The player's corrections, as the application hands them over (hashable, picklable)."""


def correction(
    p: Bitboard, o: Bitboard, sq: Square, discs: int, depth: int, kind: CorrectionKind
) -> Correction:
    """A correction of the move ``sq`` in the position (p, o) in any orientation."""
    cp, co, move = canonical_move(p, o, sq)
    return Correction((cp, co), move, discs, depth, kind)


class BookError(OthelloError):
    """The book file is damaged; the message says how."""


def _mirror(x: Bitboard) -> Bitboard:
    """Columns reversed (a <-> h)."""
    x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1)
    x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2)
    return ((x >> 4) & 0x0F0F0F0F0F0F0F0F) | ((x & 0x0F0F0F0F0F0F0F0F) << 4)


def _flip(x: Bitboard) -> Bitboard:
    """Rows reversed (1 <-> 8)."""
    return int.from_bytes(x.to_bytes(8, "little"), "big")


def fast_transform(kind: int, x: Bitboard) -> Bitboard:
    """``patterns.transform`` without a loop over squares (the same eight symmetries)."""
    if kind & 4:
        x = transpose(x)
    if kind & 1:
        x = _mirror(x)
    if kind & 2:
        x = _flip(x)
    return x


INVERSE = tuple(
    next(j for j in range(8) if all(symmetry(j, symmetry(k, sq)) == sq for sq in (1, 10, 23)))
    for k in range(8)
)


def canonical(p: Bitboard, o: Bitboard) -> tuple[int, Bitboard, Bitboard]:
    """The symmetry that takes the position to its canonical form, and that form."""
    best = (p, o)
    kind = 0
    for k in range(1, 8):
        image = (fast_transform(k, p), fast_transform(k, o))
        if image < best:
            best, kind = image, k
    return kind, best[0], best[1]


def canonical_move(p: Bitboard, o: Bitboard, sq: Square) -> tuple[Bitboard, Bitboard, Square]:
    """The canonical position and the move in it; where the position is its own mirror image
    (the start, for one) the equivalent moves become one, the smallest."""
    images = [(fast_transform(k, p), fast_transform(k, o), k) for k in range(8)]
    cp, co = min((a, b) for a, b, _ in images)
    move = min(symmetry(k, sq) for a, b, k in images if (a, b) == (cp, co))
    return cp, co, move


@dataclass(frozen=True)
class Value:
    """A value in discs for the side to move, the depth of the search that found it and
    where it came from."""

    discs: int
    depth: int
    origin: Origin


@dataclass(frozen=True)
class BookMove:
    square: Square
    count: int
    total: int  # summed final disc difference for the mover
    value: Value | None = None  # None: no value found (a version 1 file, or not searched)

    @property
    def average(self) -> float:
        return self.total / self.count if self.count else 0.0


@dataclass(frozen=True)
class Deviation:
    """The engine's best move outside the book in a position, and its value."""

    square: Square
    value: Value


@dataclass(frozen=True)
class Entry:
    """One position's moves, its value and its best move outside the book (squares in the
    orientation it was looked up in)."""

    moves: list[BookMove]
    value: int | None
    deviation: Deviation | None


@dataclass(frozen=True)
class Values:
    """The values of a version 2 file, one item per move or position (``NO_VALUE``: none)."""

    move_values: Sequence[int]
    move_depths: Sequence[int]
    move_origins: Sequence[int]
    values: Sequence[int]
    deviations: Sequence[int]
    deviation_values: Sequence[int]
    deviation_depths: Sequence[int]


def _value(discs: int, depth: int, origin: int) -> Value | None:
    return None if discs == NO_VALUE else Value(discs, depth, Origin(origin))


class Book:
    """The positions (canonical) and their moves, as read from the file: the moves of a
    position are made into objects only when it is looked up, so loading stays quick. The
    player's corrections, where a book has them (``overlaid``), are read over the file's."""

    def __init__(
        self,
        index: dict[tuple[int, int], int],
        starts: Sequence[int],
        squares: Sequence[int],
        counts: Sequence[int],
        totals: Sequence[int],
        values: Values | None = None,
    ) -> None:
        self.index = index
        self.starts, self.squares, self.counts, self.totals = starts, squares, counts, totals
        self.values = values
        self.overlay: dict[tuple[int, int], dict[Square, Correction]] = {}

    def __len__(self) -> int:
        return len(self.index)

    def overlaid(self, corrections: Corrections) -> Book:
        """This book with the player's corrections over it (and over any it had): a
        corrected move has the player's value (``Origin.PLAYER``), a removed one is gone, an
        added one is in (the shipped file is shared, never changed). The later of two
        corrections of one move counts."""
        if not corrections:
            return self
        book = Book(self.index, self.starts, self.squares, self.counts, self.totals, self.values)
        book.overlay = {key: dict(moves) for key, moves in self.overlay.items()}
        for fix in corrections:
            book.overlay.setdefault(fix.position, {})[fix.square] = fix
        return book

    def lookup(self, p: Bitboard, o: Bitboard) -> list[BookMove]:
        """The book's moves in this position (in its own orientation), or none."""
        entry = self.entry(p, o)
        return entry.moves if entry is not None else []

    def entry(self, p: Bitboard, o: Bitboard) -> Entry | None:
        """The position's moves, value and deviation (in its own orientation), or None."""
        kind, cp, co = canonical(p, o)
        i = self.index.get((cp, co))
        mine = self.overlay.get((cp, co))
        if i is None and mine is None:
            return None
        found = self._shipped(i) if i is not None else Entry([], None, None)
        if mine is not None:
            found = _corrected(found, mine)
        back = INVERSE[kind]
        moves = [replace(m, square=symmetry(back, m.square)) for m in found.moves]
        deviation = found.deviation
        if deviation is not None:
            deviation = Deviation(symmetry(back, deviation.square), deviation.value)
        return Entry(moves, found.value, deviation)

    def _shipped(self, i: int) -> Entry:
        """The file's entry number ``i``, squares as stored (canonical)."""
        v = self.values
        moves = [
            BookMove(
                self.squares[j],
                self.counts[j],
                self.totals[j],
                None
                if v is None
                else _value(v.move_values[j], v.move_depths[j], v.move_origins[j]),
            )
            for j in range(self.starts[i], self.starts[i + 1])
        ]
        if v is None:
            return Entry(moves, None, None)
        deviation = None
        found = _value(v.deviation_values[i], v.deviation_depths[i], Origin.SEARCH)
        if v.deviations[i] != NO_MOVE and found is not None:
            deviation = Deviation(v.deviations[i], found)
        value = None if v.values[i] == NO_VALUE else v.values[i]
        return Entry(moves, value, deviation)

    def choose(self, p: Bitboard, o: Bitboard, rng: random.Random) -> BookMove | None:
        """A good book move, chosen at random in proportion to how often it was played, or
        None when the book has nothing trustworthy here.

        Where the book has values, a move is good when its value is within ``VALUE_MARGIN``
        of the position's (so not when the engine's own move outside the book is better by
        more: then the engine searches); without values, when people played it ``MIN_COUNT``
        times or more and its average result is within ``MARGIN`` of the best such move's.
        A move only the player's book holds counts as played once."""
        entry = self.entry(p, o)
        if entry is None:
            return None
        valued = [m for m in entry.moves if m.value is not None]
        if valued and entry.value is not None:
            good = [m for m in valued if m.value and m.value.discs >= entry.value - VALUE_MARGIN]
            if not good:
                return None
            return rng.choices(good, weights=[max(1, m.count) for m in good])[0]
        known = [m for m in entry.moves if m.count >= MIN_COUNT]
        if not known:
            return None
        best = max(m.average for m in known)
        good = [m for m in known if m.average >= best - MARGIN]
        return rng.choices(good, weights=[m.count for m in good])[0]


def _corrected(shipped: Entry, mine: dict[Square, Correction]) -> Entry:
    """A position's entry (canonical squares) with the player's corrections over it; its
    value the best of its moves and its deviation again."""
    moves: list[BookMove] = []
    for move in shipped.moves:
        fix = mine.get(move.square)
        if fix is None:
            moves.append(move)
        elif fix.kind is not CorrectionKind.REMOVED:
            moves.append(replace(move, value=Value(fix.discs, fix.depth, Origin.PLAYER)))
    deviation = shipped.deviation
    held = {m.square for m in shipped.moves}
    for sq, fix in sorted(mine.items()):
        if sq in held or fix.kind is CorrectionKind.REMOVED:
            continue
        mine_value = Value(fix.discs, fix.depth, Origin.PLAYER)
        if deviation is not None and sq == deviation.square and fix.kind is CorrectionKind.LEARNED:
            deviation = Deviation(sq, mine_value)  # the engine's own move, searched again
        else:
            moves.append(BookMove(sq, 0, 0, mine_value))
    gone = None if deviation is None else mine.get(deviation.square)
    if gone is not None and gone.kind is CorrectionKind.REMOVED:
        deviation = None
    found = [m.value.discs for m in moves if m.value is not None]
    found += [] if deviation is None else [deviation.value.discs]
    value = max(found) if found else shipped.value
    return Entry(moves, value, deviation)


@dataclass(frozen=True)
class MoveData:
    """What the file holds for one book move (canonical square)."""

    count: int
    total: int
    value: Value | None = None


@dataclass(frozen=True)
class PositionData:
    """What the file holds for one position besides its moves."""

    value: int | None = None
    deviation: Deviation | None = None


def encode(
    entries: dict[tuple[int, int], dict[Square, MoveData]],
    positions: dict[tuple[int, int], PositionData] | None = None,
) -> bytes:
    """The file (version 2) for ``{(p, o): {square: MoveData}}`` (canonical positions) and
    each position's value and deviation (none where ``positions`` has no entry)."""
    keys = sorted(entries)
    ps, os_ = array("Q", (k[0] for k in keys)), array("Q", (k[1] for k in keys))
    starts, squares, counts, totals = array("I", [0]), array("B"), array("I"), array("i")
    move_values, move_depths, move_origins = array("b"), array("B"), array("B")
    values, deviations, deviation_values, deviation_depths = (
        array("b"), array("B"), array("b"), array("B")
    )  # fmt: skip
    for key in keys:
        for sq, data in sorted(entries[key].items()):
            squares.append(sq)
            counts.append(data.count)
            totals.append(data.total)
            value = data.value
            move_values.append(NO_VALUE if value is None else value.discs)
            move_depths.append(0 if value is None else value.depth)
            move_origins.append(Origin.NONE if value is None else value.origin)
        starts.append(len(squares))
        position = (positions or {}).get(key, PositionData())
        values.append(NO_VALUE if position.value is None else position.value)
        dev = position.deviation
        deviations.append(NO_MOVE if dev is None else dev.square)
        deviation_values.append(NO_VALUE if dev is None else dev.value.discs)
        deviation_depths.append(0 if dev is None else dev.value.depth)
    head = array("I", [VERSION, len(keys)])
    parts = [head, ps, os_, starts, squares, counts, totals, move_values, move_depths]
    parts += [move_origins, values, deviations, deviation_values, deviation_depths]
    if sys.byteorder != "little":
        for part in parts:
            part.byteswap()
    return MAGIC + b"".join(part.tobytes() for part in parts)


def size(version: int, positions: int, moves: int) -> int:
    """The file's length in bytes for this many positions and moves."""
    per_move, per_position = (9, 20) if version == 1 else (12, 24)
    return 16 + per_position * positions + per_move * moves


def decode(data: bytes) -> Book:
    """A Book from the file's bytes; BookError says what is wrong."""
    if data[:4] != MAGIC:
        raise BookError("the opening book file is not a book (wrong header)")
    at = 4

    def take(code: str, count: int) -> array[int]:
        nonlocal at
        part = array(code)
        size = part.itemsize * count
        if at + size > len(data):
            raise BookError("the opening book file is cut short")
        part.frombytes(data[at : at + size])
        if sys.byteorder != "little":
            part.byteswap()
        at += size
        return part

    version, n = take("I", 2)
    if version not in VERSIONS:
        raise BookError(f"the opening book file is version {version}, not {VERSION}")
    ps, os_, starts = take("Q", n), take("Q", n), take("I", n + 1)
    m = starts[-1]
    squares, counts, totals = take("B", m), take("I", m), take("i", m)
    values = None
    if version >= 2:
        values = Values(take("b", m), take("B", m), take("B", m), take("b", n), take("B", n),
                        take("b", n), take("B", n))  # fmt: skip
        if any(x > 63 and x != NO_MOVE for x in values.deviations) or any(
            x not in ORIGINS for x in values.move_origins
        ):
            raise BookError("the opening book file is damaged")
    if at != len(data) or any(sq > 63 for sq in squares):
        raise BookError("the opening book file is damaged")
    index = {key: i for i, key in enumerate(zip(ps, os_, strict=True))}
    return Book(index, starts, squares, counts, totals, values)


def problem() -> str | None:
    """What is wrong with the packaged book, or None: the window's check at start, reading
    the header and the sizes only (the search process loads the book itself)."""
    try:
        data = _read()
        if data[:4] != MAGIC or len(data) < 12:
            raise BookError("the opening book file is not a book (wrong header)")
        version, n = _uint32s(data[4:12])
        if version not in VERSIONS:
            raise BookError(f"the opening book file is version {version}, not {VERSION}")
        starts = _uint32s(data[12 + 16 * n : 16 + 20 * n])
        if len(starts) != n + 1 or len(data) != size(version, n, starts[-1]):
            raise BookError("the opening book file is cut short or damaged")
    except (OSError, ValueError) as err:
        return f"The opening book could not be read ({short_reason(err)}); playing without it."
    return None


def _uint32s(data: bytes) -> array[int]:
    values = array("I", data[: len(data) // 4 * 4])
    if sys.byteorder != "little":
        values.byteswap()
    return values


def _read() -> bytes:
    """The packaged file's bytes, read like any file the game reads (``reading``)."""
    return read_package(f"tables/{FILE}", LIMIT)


@cache
def load_book() -> tuple[Book, str | None]:
    """The packaged book, and what went wrong reading it (then an empty book: the computer
    plays without one)."""
    try:
        return decode(_read()), None
    except (OSError, ValueError) as err:
        return Book(
            {}, [0], [], [], []
        ), f"The opening book could not be read ({short_reason(err)}); playing without it."


def book_with(corrections: Corrections) -> Book:
    """The packaged book with the player's corrections over it (the same object while they
    stay the same, so the engine's every move does not build it again)."""
    book = load_book()[0]
    return _overlaid(book, corrections) if corrections else book


@lru_cache(maxsize=2)
def _overlaid(book: Book, corrections: Corrections) -> Book:
    return book.overlaid(corrections)


def write_book(folder: Path, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE
    path.write_bytes(data)
    return path
