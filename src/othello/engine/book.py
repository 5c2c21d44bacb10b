"""The opening book: what people and Logistello played in positions of the first 20 moves,
and how those games ended.

``scripts/build_book.py`` counts, for every position reached often enough in the 256,765
shared games, each move played there and the sum of the final disc differences (for the
player who moved). Symmetric positions are one entry: a position is stored in its canonical
form (the smallest of its eight images under the board's symmetries) with its moves mapped
the same way, and looked up the same way.

The file ``tables/book.bin`` (little-endian): ``OTBK``, the version and the number of
positions as 32-bit integers; each position's two bitboards (side to move, opponent) as
64-bit integers; the start of each position's moves (32-bit, one more than positions); then
per move its square (8-bit), its count (32-bit) and its summed result (32-bit, signed).
"""

from __future__ import annotations

import random
import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from othello.core.bitboard import Bitboard, Square, transpose
from othello.core.errors import OthelloError
from othello.core.file_reading import read_package, short_reason
from othello.engine.patterns import symmetry

FILE = "book.bin"
LIMIT = 64_000_000  # far more than the file holds
MAGIC = b"OTBK"
VERSION = 1
MAX_PLIES = 20
"""Positions of the first 20 moves (discs placed) are in the book."""
MIN_COUNT = 8
"""A move needs this many games behind it to be played from the book."""
MARGIN = 2.0
"""A book move is played only if its average result is within this many discs of the best
move's (moves with MIN_COUNT games or more): never one the book's own results show as bad."""


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
class BookMove:
    square: Square
    count: int
    total: int  # summed final disc difference for the mover

    @property
    def average(self) -> float:
        return self.total / self.count


class Book:
    """The positions (canonical) and their moves, as read from the file: the moves of a
    position are made into objects only when it is looked up, so loading stays quick."""

    def __init__(
        self,
        index: dict[tuple[int, int], int],
        starts: Sequence[int],
        squares: Sequence[int],
        counts: Sequence[int],
        totals: Sequence[int],
    ) -> None:
        self.index = index
        self.starts, self.squares, self.counts, self.totals = starts, squares, counts, totals

    def __len__(self) -> int:
        return len(self.index)

    def lookup(self, p: Bitboard, o: Bitboard) -> list[BookMove]:
        """The book's moves in this position (in its own orientation), or none."""
        kind, cp, co = canonical(p, o)
        i = self.index.get((cp, co))
        if i is None:
            return []
        back = INVERSE[kind]
        return [
            BookMove(symmetry(back, self.squares[j]), self.counts[j], self.totals[j])
            for j in range(self.starts[i], self.starts[i + 1])
        ]

    def choose(self, p: Bitboard, o: Bitboard, rng: random.Random) -> BookMove | None:
        """A good book move, chosen at random in proportion to how often it was played, or
        None when the book has nothing trustworthy here."""
        known = [m for m in self.lookup(p, o) if m.count >= MIN_COUNT]
        if not known:
            return None
        best = max(m.average for m in known)
        good = [m for m in known if m.average >= best - MARGIN]
        return rng.choices(good, weights=[m.count for m in good])[0]


def encode(entries: dict[tuple[int, int], dict[Square, tuple[int, int]]]) -> bytes:
    """The file for ``{(p, o): {square: (count, total)}}`` (canonical positions)."""
    keys = sorted(entries)
    ps, os_ = array("Q", (k[0] for k in keys)), array("Q", (k[1] for k in keys))
    starts, squares, counts, totals = array("I", [0]), array("B"), array("I"), array("i")
    for key in keys:
        for sq, (count, total) in sorted(entries[key].items()):
            squares.append(sq)
            counts.append(count)
            totals.append(total)
        starts.append(len(squares))
    head = array("I", [VERSION, len(keys)])
    parts = [head, ps, os_, starts, squares, counts, totals]
    if sys.byteorder != "little":
        for part in parts:
            part.byteswap()
    return MAGIC + b"".join(part.tobytes() for part in parts)


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
    if version != VERSION:
        raise BookError(f"the opening book file is version {version}, not {VERSION}")
    ps, os_, starts = take("Q", n), take("Q", n), take("I", n + 1)
    m = starts[-1]
    squares, counts, totals = take("B", m), take("I", m), take("i", m)
    if at != len(data) or any(sq > 63 for sq in squares):
        raise BookError("the opening book file is damaged")
    index = {key: i for i, key in enumerate(zip(ps, os_, strict=True))}
    return Book(index, starts, squares, counts, totals)


def problem() -> str | None:
    """What is wrong with the packaged book, or None: the window's check at start, reading
    the header and the sizes only (the search process loads the book itself)."""
    try:
        data = _read()
        if data[:4] != MAGIC or len(data) < 12:
            raise BookError("the opening book file is not a book (wrong header)")
        version, n = _uint32s(data[4:12])
        if version != VERSION:
            raise BookError(f"the opening book file is version {version}, not {VERSION}")
        starts = _uint32s(data[12 + 16 * n : 16 + 20 * n])
        if len(starts) != n + 1 or len(data) != 16 + 20 * n + 9 * starts[-1]:
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


def write_book(folder: Path, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE
    path.write_bytes(data)
    return path
