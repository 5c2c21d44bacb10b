"""Named openings: which known line a game follows (Tiger, Rose, Buffalo, ...).

The names come from ``data/openings.tsv`` (76 lines as the Othello community names them, in
standard coordinates with Black opening f5). A game opening d3, c4 or e6 is the same opening
seen in a mirror: the start position is unchanged by four of the board's eight symmetries,
and exactly one of them takes the first move to f5, so the game is looked up through it.
Where two names share a prefix the longest line the game has followed names it, and once the
game leaves every named line that last name stays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.errors import NotationError, OthelloError
from othello.core.file_reading import decode_text, read_package, short_reason
from othello.core.notation import parse_square
from othello.engine.patterns import symmetry, transform

FILE = "openings.tsv"
LIMIT = 1_000_000  # far more than the file holds
F5 = parse_square("f5")


@dataclass(frozen=True)
class Opening:
    """Where a game stands among the named lines."""

    name: str | None
    """The longest named line the game began with (kept after the game leaves the list)."""
    plies: int
    """How many of the game's first moves that named line covers (0 without a name)."""
    known: int
    """How many of the game's first moves are on some named line: the game left the known
    lines at move ``known + 1`` (if it has that many moves)."""


@dataclass(frozen=True)
class OpeningBook:
    """The named lines, with every prefix of them, in f5 coordinates."""

    names: dict[tuple[Square, ...], str]
    prefixes: frozenset[tuple[Square, ...]]

    def identify(self, moves: Sequence[Square]) -> Opening:
        """The opening of a game from the standard start, given its moves (passes included)."""
        line = to_f5(moves)
        known = 0
        while known < len(line) and tuple(line[: known + 1]) in self.prefixes:
            known += 1
        for plies in range(known, 0, -1):
            name = self.names.get(tuple(line[:plies]))
            if name is not None:
                return Opening(name, plies, known)
        return Opening(None, 0, known)


def parse_openings(text: str) -> OpeningBook:
    """Read ``moves<TAB>name`` lines (``#`` starts a comment); NotationError names a bad line."""
    names: dict[tuple[Square, ...], str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        moves, tab, name = raw.partition("\t")
        if not tab or not name.strip():
            raise NotationError(f"line {number}: expected moves, a tab, then a name")
        try:  # also checks the line is legal from the start
            squares = tuple(e.square for e in Board.from_transcript(moves.strip()).history)
        except OthelloError as err:
            raise NotationError(f"line {number}: {err}") from None
        names[squares] = name.strip()
    prefixes = frozenset(line[:n] for line in names for n in range(1, len(line) + 1))
    return OpeningBook(names, prefixes)


@cache
def load_openings() -> tuple[OpeningBook, str | None]:
    """The packaged names, and what went wrong reading them (then no names, no crash)."""
    try:
        book = parse_openings(decode_text(read_package(f"data/{FILE}", LIMIT)))
    except (OSError, ValueError) as err:  # missing, not a file, too large, not text, bad line
        return OpeningBook({}, frozenset()), (
            f"The opening names could not be read (data/{FILE}: {short_reason(err)})."
        )
    if not book.names:  # the package's own file, emptied: the player's files are not to blame
        return book, f"The opening names could not be read (data/{FILE} holds none)."
    return book, None


@cache
def _start_symmetries() -> tuple[int, ...]:
    """The symmetries that leave the start position as it is."""
    start = Board()
    return tuple(
        kind
        for kind in range(8)
        if transform(kind, start.black) == start.black
        and transform(kind, start.white) == start.white
    )


def to_f5(moves: Sequence[Square]) -> list[Square]:
    """The moves seen through the start-preserving symmetry that takes the first to f5; the
    line stops at the first pass (no named opening has one)."""
    if not moves or moves[0] == PASS:
        return []
    kind = next(k for k in _start_symmetries() if symmetry(k, moves[0]) == F5)
    line = []
    for sq in moves:
        if sq == PASS:
            break
        line.append(symmetry(kind, sq))
    return line


def opening_of(moves: Sequence[Square], start: Board | None = None) -> Opening:
    """The opening of a game: none unless it began at the standard start position."""
    if start is not None and start != Board():
        return Opening(None, 0, 0)
    return load_openings()[0].identify(moves)
