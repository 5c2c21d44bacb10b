"""The last few empty squares, solved exactly by the cheapest means: a walk over a short
list of the empty squares in parity order, the last two written out, with no move lists,
sorting or table. The endgame solver hands positions over at ``SHALLOW_EMPTIES``.

The very last square is scored without computing its flips: with every other square full,
the mover's discs along each of its four lines index a table of what playing there flips,
for either side (:func:`last_score`). From ``STABILITY_SHALLOW_EMPTIES`` the walk tries the
stability cutoff (see :mod:`othello.engine.stability`) when alpha is high.
"""

from __future__ import annotations

from typing import Final

from othello.core.bitboard import Bitboard
from othello.core.words import (
    COMPILED,
    WORD_NEIGHBOURS,
    WORD_RAYS,
    WORD_SQUARE,
    Word,
    final_words,
    popcount,
    to_bitboard,
    to_word,
)
from othello.engine.evaluation import SQUARE_WEIGHTS
from othello.engine.search_common import INF, Limits
from othello.engine.stability import stable_discs

SHALLOW_EMPTIES: Final = 6
"""At this many empties or fewer the solver walks a list of empty squares (parity order)
instead of generating and sorting moves: cheaper when the remaining tree is tiny."""

STABILITY_MIN_ALPHA = 28
"""The stability cutoff is tried only when alpha is at least this: the opponent then needs
no more than 18 stable discs to cut, which they had in 5-15% of the tries at 7-8 empties on
FForum #1-19 and #40; with a lower alpha fewer than 2% of the tries cut, too few to pay
for finding the stable discs (about 3 us, a node's cost). Not ``Final``, unlike the
module's other figures: a test switches the cutoff off through it."""

STABILITY_SHALLOW_EMPTIES: Final = 6
"""The walk over the last empties tries the stability cutoff too from this many empties.
Measured on FForum #40 (root moves a1..h8, first guess 34, no presearch): no cutoff 12.30 M
nodes and 33.0 CPU s; the cutoff from 7 empties (the solver's nodes only) 10.90 M, 30.1 s;
from 6 9.98 M, 29.4 s; from 5 9.76 M, 29.6 s (the nodes it saves are the cheapest)."""

# quadrant of every square (0..3), for parity ordering
QUADRANT_MASKS: Final[tuple[Bitboard, ...]] = (
    0x000000000F0F0F0F,
    0x00000000F0F0F0F0,
    0x0F0F0F0F00000000,
    0xF0F0F0F000000000,
)
QUADRANT_OF: Final = tuple(
    next(i for i, m in enumerate(QUADRANT_MASKS) if m >> sq & 1) for sq in range(64)
)
# squares in the order the shallow solver tries them, best squares first
_STATIC_ORDER = sorted(range(64), key=lambda sq: -SQUARE_WEIGHTS[sq])
_RANK = [0] * 64
for _i, _sq in enumerate(_STATIC_ORDER):
    _RANK[_sq] = _i


def parity_order(empty: Bitboard) -> tuple[int, ...]:
    """Empty squares with those in odd-count quadrants first, then by square weight.

    Playing into a quadrant with an odd number of empties tends to leave the last move
    of that region to us: the classic parity heuristic, almost free to compute.
    """
    odd = 0
    for m in QUADRANT_MASKS:
        if (empty & m).bit_count() & 1:
            odd |= m
    first: list[int] = []
    rest: list[int] = []
    while empty:
        b = empty & -empty
        empty ^= b
        (first if b & odd else rest).append(b.bit_length() - 1)
    first.sort(key=_RANK.__getitem__)
    rest.sort(key=_RANK.__getitem__)
    return tuple(first + rest)


_COL_A: Final[Bitboard] = 0x0101010101010101
_GATHER_COLUMN: Final = 0x0102040810204080
"""Multiplying column a's squares by this gathers them into the top byte, a1 lowest."""
_GATHER_DIAGONAL: Final = 0x0101010101010101
"""Multiplying a diagonal's squares by this gathers them into the top byte by column (a
diagonal has one square per column, so no two products meet)."""


def _line_counts(pos: int, lo: int, hi: int) -> list[int]:
    """Per byte of the mover's discs on a line (positions ``lo..hi`` of the byte are the
    line), the discs flipped along it by playing the empty ``pos`` when every other square
    is full: the mover's count in the low byte, the opponent's (whose discs are the other
    squares) in the next. An empty square is the only one left, so the mover's discs alone
    say everything."""
    table = []
    for line in range(256):
        mine = theirs = 0
        for step in (1, -1):
            i, run = pos + step, 0
            while lo <= i <= hi and not line >> i & 1:
                run, i = run + 1, i + step
            if lo <= i <= hi:
                mine += run
            i, run = pos + step, 0
            while lo <= i <= hi and line >> i & 1:
                run, i = run + 1, i + step
            if lo <= i <= hi:
                theirs += run
        table.append(mine | theirs << 8)
    return table


LastLines = tuple[int, list[int], int, list[int], Word, list[int], Word, list[int]]
"""Per square: its row's shift and table, its column's shift and table, each diagonal's
mask and table (see ``_line_counts``)."""


def _last_lines() -> tuple[LastLines, ...]:
    """The four lines through every square, each with its table of flip counts (64 tables
    in all, shared between squares at the same place on the same line; about 10 ms)."""
    tables: dict[tuple[int, int, int], list[int]] = {}

    def table(pos: int, lo: int, hi: int) -> list[int]:
        if (pos, lo, hi) not in tables:
            tables[pos, lo, hi] = _line_counts(pos, lo, hi)
        return tables[pos, lo, hi]

    found = []
    for sq in range(64):
        row, col = divmod(sq, 8)
        diagonals = []
        for way in (1, -1):  # a1-h8, then h1-a8
            mask, cols = 0, []
            for k in range(-7, 8):
                r, c = row + k, col + way * k
                if 0 <= r < 8 and 0 <= c < 8:
                    mask |= 1 << (r * 8 + c)
                    cols.append(c)
            diagonals.append((to_word(mask), table(col, min(cols), max(cols))))
        (m9, t9), (m7, t7) = diagonals
        found.append((8 * row, table(col, 0, 7), col, table(row, 0, 7), m9, t9, m7, t7))
    return tuple(found)


_LAST_LINES: Final = _last_lines()


def last_score(p: Word, sq: int) -> int:
    """The final score for ``p``'s side when ``sq`` is the only empty square: whoever can
    play there does. Every other square is full, so the opponent's discs are the rest and
    the flips along each line are one table lookup on ``p``'s discs of that line."""
    rs, rt, cs, ct, m9, t9, m7, t7 = _LAST_LINES[sq]
    t = (
        rt[p >> rs & 255]
        + ct[(p >> cs & _COL_A) * _GATHER_COLUMN >> 56 & 255]
        + t9[(p & m9) * _GATHER_DIAGONAL >> 56 & 255]
        + t7[(p & m7) * _GATHER_DIAGONAL >> 56 & 255]
    )
    n = popcount(p) if COMPILED else int.bit_count(p)  # the opponent has 63 - n
    if t & 255:
        return 2 * (n + (t & 255)) - 62
    if t >> 8:
        return 2 * (n - (t >> 8)) - 64
    return 2 * n - 62 if 2 * n > 63 else 2 * n - 64


class LastMoves(Limits):
    """Exact search of the last few empty squares: a walk over a list of them in parity
    order, with the last two written out, no move lists, sorting or table. Its bitboards
    are words (:mod:`othello.core.words`): machine integers where compiled."""

    def shallow(
        self,
        p: Bitboard,
        o: Bitboard,
        alpha: int,
        beta: int,
        empties: tuple[int, ...],
        passed: bool,
    ) -> int:
        """Exact search over a short tuple of empty squares, tried in the order given."""
        return self._walk(to_word(p), to_word(o), alpha, beta, empties, passed)

    def _walk(
        self,
        p: Word,
        o: Word,
        alpha: int,
        beta: int,
        empties: tuple[int, ...],
        passed: bool,
    ) -> int:
        """:meth:`shallow` on words."""
        n = len(empties)
        if n == 3:
            return self._three(p, o, alpha, beta, empties[0], empties[1], empties[2], passed)
        self.nodes += 1
        if n == 2:
            return self._two(p, o, beta, empties[0], empties[1], passed)
        if n == 1:
            return last_score(p, empties[0])
        if (
            alpha >= STABILITY_MIN_ALPHA
            and n >= STABILITY_SHALLOW_EMPTIES
            and 2 * popcount(o) >= 64 - alpha
        ):
            bound = 64 - 2 * stable_discs(to_bitboard(o), to_bitboard(p)).bit_count()
            if bound <= alpha:
                return bound
        best = -INF
        rays = WORD_RAYS
        near = WORD_NEIGHBOURS
        not_o = ~o
        for i, sq in enumerate(empties):
            adjacent = near[sq] & o
            if not adjacent:
                continue
            # inlined flips()
            f = 0
            for ray, upward, nearest in rays[sq]:
                if nearest & adjacent:
                    x = ray & not_o
                    if upward:
                        y = x & -x
                        if y & p:
                            f |= ray & (y - 1)
                    elif x:
                        top: int = x  # a ray downwards never holds h8: no sign bit
                        y = WORD_SQUARE[top.bit_length() - 1]
                        if y & p:
                            f |= ray & -(y << 1)
            if f:
                v = -self._walk(
                    o ^ f,
                    p | f | WORD_SQUARE[sq],
                    -beta,
                    -alpha,
                    empties[:i] + empties[i + 1 :],
                    False,
                )
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            return v
        if best == -INF:
            if passed:
                return final_words(p, o)
            return -self._walk(o, p, -beta, -alpha, empties, True)
        return best

    def _three(
        self, p: Word, o: Word, alpha: int, beta: int, x: int, y: int, z: int, passed: bool
    ) -> int:
        """Three empty squares: :meth:`shallow` without the tuple, calling :meth:`_two`
        directly (3% less time on positions of 4-6 empties than through :meth:`shallow`)."""
        self.nodes += 1
        best = -INF
        near = WORD_NEIGHBOURS
        not_o = ~o
        for sq, a, b in ((x, y, z), (y, x, z), (z, x, y)):
            adjacent = near[sq] & o
            if not adjacent:
                continue
            f = 0
            for ray, upward, nearest in WORD_RAYS[sq]:
                if nearest & adjacent:
                    t = ray & not_o
                    if upward:
                        t &= -t
                        if t & p:
                            f |= ray & (t - 1)
                    elif t:
                        top: int = t  # a ray downwards never holds h8: no sign bit
                        t = WORD_SQUARE[top.bit_length() - 1]
                        if t & p:
                            f |= ray & -(t << 1)
            if f:
                self.nodes += 1
                v = -self._two(o ^ f, p | f | WORD_SQUARE[sq], -alpha, a, b, False)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            return v
        if best == -INF:
            if passed:
                return final_words(p, o)
            return -self._three(o, p, -beta, -alpha, x, y, z, True)
        return best

    def _two(self, p: Word, o: Word, beta: int, x: int, y: int, passed: bool) -> int:
        """Two empty squares left: try both orders directly, no lists and no recursion
        (the flips written out, as in :meth:`shallow`)."""
        best = -INF
        not_o = ~o
        adjacent = WORD_NEIGHBOURS[x] & o
        if adjacent:
            f = 0
            for ray, upward, nearest in WORD_RAYS[x]:
                if nearest & adjacent:
                    z = ray & not_o
                    if upward:
                        z &= -z
                        if z & p:
                            f |= ray & (z - 1)
                    elif z:
                        top: int = z  # a ray downwards never holds h8: no sign bit
                        z = WORD_SQUARE[top.bit_length() - 1]
                        if z & p:
                            f |= ray & -(z << 1)
            if f:
                best = -last_score(o ^ f, y)
                if best >= beta:
                    return best
        adjacent = WORD_NEIGHBOURS[y] & o
        if adjacent:
            f = 0
            for ray, upward, nearest in WORD_RAYS[y]:
                if nearest & adjacent:
                    z = ray & not_o
                    if upward:
                        z &= -z
                        if z & p:
                            f |= ray & (z - 1)
                    elif z:
                        top = z
                        z = WORD_SQUARE[top.bit_length() - 1]
                        if z & p:
                            f |= ray & -(z << 1)
            if f:
                v = -last_score(o ^ f, x)
                if v > best:
                    return v
        if best > -INF:
            return best
        if passed:
            return final_words(p, o)
        return -self._two(o, p, INF, x, y, True)
