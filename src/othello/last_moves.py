"""The last few empty squares, solved exactly by the cheapest means: a walk over a short
list of the empty squares in parity order, the last two written out, with no move lists,
sorting or table. The endgame solver hands positions over at ``SHALLOW_EMPTIES``.
"""

from __future__ import annotations

from .bitboard import NEIGHBOURS, RAYS, Bitboard, flips
from .evaluation import SQUARE_WEIGHTS
from .search import INF, Limits, final_score

SHALLOW_EMPTIES = 6
"""At this many empties or fewer the solver walks a list of empty squares (parity order)
instead of generating and sorting moves: cheaper when the remaining tree is tiny."""

# quadrant of every square (0..3), for parity ordering
QUADRANT_MASKS: tuple[Bitboard, ...] = (
    0x000000000F0F0F0F,
    0x00000000F0F0F0F0,
    0x0F0F0F0F00000000,
    0xF0F0F0F000000000,
)
QUADRANT_OF = tuple(
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


class LastMoves(Limits):
    """Exact search of the last few empty squares: a walk over a list of them in parity
    order, with the last two written out, no move lists, sorting or table."""

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
        self.nodes += 1
        if len(empties) == 2:
            return self._two(p, o, beta, empties[0], empties[1], passed)
        if len(empties) == 1:
            return self._last(p, o, empties[0])
        best = -INF
        rays = RAYS
        near = NEIGHBOURS
        not_o = ~o
        for i, sq in enumerate(empties):
            if not near[sq] & o:
                continue
            # inlined flips()
            f = 0
            for ray, upward, nearest in rays[sq]:
                if nearest & o:
                    x = ray & not_o
                    if upward:
                        y = x & -x
                        if y & p:
                            f |= ray & (y - 1)
                    elif x:
                        y = 1 << (x.bit_length() - 1)
                        if y & p:
                            f |= ray & -(y << 1)
            if f:
                v = -self.shallow(
                    o ^ f, p | f | (1 << sq), -beta, -alpha, empties[:i] + empties[i + 1 :], False
                )
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            return v
        if best == -INF:
            if passed:
                return final_score(p, o)
            return -self.shallow(o, p, -beta, -alpha, empties, True)
        return best

    def _two(self, p: Bitboard, o: Bitboard, beta: int, x: int, y: int, passed: bool) -> int:
        """Two empty squares left: try both orders directly, no lists and no recursion."""
        best = -INF
        f = flips(p, o, x) if NEIGHBOURS[x] & o else 0
        if f:
            best = -self._last(o ^ f, p | f | (1 << x), y)
            if best >= beta:
                return best
        f = flips(p, o, y) if NEIGHBOURS[y] & o else 0
        if f:
            v = -self._last(o ^ f, p | f | (1 << y), x)
            best = max(best, v)
        if best > -INF:
            return best
        if passed:
            return final_score(p, o)
        return -self._two(o, p, INF, x, y, True)

    def _last(self, p: Bitboard, o: Bitboard, sq: int) -> int:
        """The final score when one square is left: whoever can play there does."""
        diff = p.bit_count() - o.bit_count()
        near = NEIGHBOURS[sq]
        f = flips(p, o, sq) if near & o else 0
        if f:
            return diff + 2 * f.bit_count() + 1
        f = flips(o, p, sq) if near & p else 0
        if f:
            return diff - 2 * f.bit_count() - 1
        return diff + 1 if diff > 0 else diff - 1
