"""The patterns of the learned evaluation: which squares each one reads, and in what order.

A pattern is a small group of squares (an edge with its two X squares, a corner's 3x3 block,
a row, a diagonal, ...). Its configuration, each square empty, the side to move's or the
opponent's, is a number in base 3: digit ``i`` is square ``i`` of the pattern (0 empty,
1 mine, 2 theirs). Every pattern stands on the board several times, in the images of its
first instance under the board's eight symmetries, and every instance reads its squares in
the image of the first one's order, so the same configuration seen from any corner gets the
same number and one table of values serves all instances. Where a symmetry maps an instance
onto itself in another order (an edge read from its other end), the two numbers are the same
configuration: the training ties their values (``canonical``), so the evaluation of a
position and of its mirror images is the same.

This module is the definition both sides share: the training script computes the same
numbers with numpy, the evaluation (``othello.engine.evaluation``) from bitboards by table lookups.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from othello.core.bitboard import Bitboard, Square

POWERS_OF_3: tuple[int, ...] = tuple(3**i for i in range(11))


@dataclass(frozen=True)
class Pattern:
    """A pattern: its name and the squares of its first instance, in reading order."""

    name: str
    squares: tuple[Square, ...]

    @property
    def size(self) -> int:
        """How many configurations it has: 3 to the number of squares."""
        return POWERS_OF_3[len(self.squares)]


def _squares(*names: str) -> tuple[Square, ...]:
    return tuple((int(n[1]) - 1) * 8 + "abcdefgh".index(n[0]) for n in names)


# fmt: off
PATTERNS: tuple[Pattern, ...] = (
    Pattern("edge+2x", _squares("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "g2")),
    Pattern("corner3x3", _squares("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")),
    Pattern("corner2x5", _squares("a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2")),
    Pattern("row2", _squares("a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2")),
    Pattern("row3", _squares("a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3")),
    Pattern("row4", _squares("a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4")),
    Pattern("diag8", _squares("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8")),
    Pattern("diag7", _squares("b1", "c2", "d3", "e4", "f5", "g6", "h7")),
    Pattern("diag6", _squares("c1", "d2", "e3", "f4", "g5", "h6")),
    Pattern("diag5", _squares("d1", "e2", "f3", "g4", "h5")),
    Pattern("diag4", _squares("e1", "f2", "g3", "h4")),
)
# fmt: on


def symmetry(kind: int, sq: Square) -> Square:
    """``sq`` under one of the board's 8 symmetries (0 is the identity): bit 0 mirrors the
    columns, bit 1 the rows, bit 2 swaps rows and columns (applied first)."""
    row, col = divmod(sq, 8)
    if kind & 4:
        row, col = col, row
    if kind & 1:
        col = 7 - col
    if kind & 2:
        row = 7 - row
    return row * 8 + col


def transform(kind: int, bb: Bitboard) -> Bitboard:
    """A whole bitboard under symmetry ``kind``."""
    out = 0
    while bb:
        b = bb & -bb
        bb ^= b
        out |= 1 << symmetry(kind, b.bit_length() - 1)
    return out


@cache
def instances(pattern: Pattern) -> tuple[tuple[Square, ...], ...]:
    """Every instance of ``pattern`` on the board, each in its reading order, one per set of
    squares (the first image found of each): the order the evaluation sums them in."""
    found: dict[frozenset[Square], tuple[Square, ...]] = {}
    for kind in range(8):
        image = tuple(symmetry(kind, sq) for sq in pattern.squares)
        found.setdefault(frozenset(image), image)
    return tuple(found.values())


@cache
def self_symmetries(pattern: Pattern) -> tuple[tuple[int, ...], ...]:
    """The reorderings of the pattern's own squares that a symmetry of the board gives: each
    is a permutation ``perm`` with ``squares[perm[i]]`` the square the image reads at ``i``."""
    first = pattern.squares
    perms = set()
    for kind in range(8):
        image = tuple(symmetry(kind, sq) for sq in first)
        if set(image) == set(first):
            perms.add(tuple(first.index(sq) for sq in image))
    return tuple(sorted(perms))


def cell(p: Bitboard, o: Bitboard, sq: Square) -> int:
    """A square as a base-3 digit: 0 empty, 1 the side to move's, 2 the opponent's."""
    return (p >> sq & 1) + 2 * (o >> sq & 1)


def index_of(p: Bitboard, o: Bitboard, squares: tuple[Square, ...]) -> int:
    """The configuration number of the squares, read in order (the slow, plain definition)."""
    return sum(cell(p, o, sq) * 3**i for i, sq in enumerate(squares))


def digits(index: int, length: int) -> list[int]:
    return [index // 3**i % 3 for i in range(length)]


def canonical(pattern: Pattern, index: int) -> int:
    """The smallest number of the configurations a self-symmetry makes of this one: the
    index whose value the training fits for all of them."""
    cells = digits(index, len(pattern.squares))
    return min(
        sum(cells[perm[i]] * POWERS_OF_3[i] for i in range(len(cells)))
        for perm in self_symmetries(pattern)
    )
