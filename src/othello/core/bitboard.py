"""Bitboard primitives on plain Python ints: the hot path of perft and search.

A bitboard is a 64-bit int; bit ``row * 8 + col`` is a square, a1 = bit 0, h8 = bit 63.
Functions take the side to move's discs ``p`` and the opponent's ``o`` so the same code
serves both colours. Nothing here allocates objects, which is what keeps it fast.
"""

from __future__ import annotations

from typing import Final

Bitboard = int
Square = int
"""A square's number: a1 = 0 .. h8 = 63 (``row * 8 + column``)."""
PASS: Final[Square] = -1
"""The move value of a pass, wherever moves are square numbers."""

FULL: Final[Bitboard] = (1 << 64) - 1
INNER_COLS: Final[Bitboard] = 0x7E7E7E7E7E7E7E7E  # columns b..g: stops horizontal wrap-around
NOT_A: Final[Bitboard] = (
    0xFEFEFEFEFEFEFEFE  # every column but a: masks wrap after a shift towards h
)
NOT_H: Final[Bitboard] = 0x7F7F7F7F7F7F7F7F  # every column but h

_DIRECTIONS: Final = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _build_rays() -> tuple[tuple[tuple[Bitboard, bool, Bitboard], ...], ...]:
    """Per square, the rays (squares beyond it) that are long enough to flip.

    Each ray is ``(mask, upward, nearest)``: its squares, whether it runs towards higher
    bit indexes, and its first square. A ray shorter than two squares can never hold an
    opponent disc plus a closing disc, so it is left out. A ray whose nearest square is
    not the opponent's flips nothing, which the flip loops test first: it is the common
    case and the cheapest test.
    """
    table = []
    for sq in range(64):
        row, col = divmod(sq, 8)
        rays = []
        for dr, dc in _DIRECTIONS:
            mask, r, c, length = 0, row + dr, col + dc, 0
            while 0 <= r < 8 and 0 <= c < 8:
                mask |= 1 << (r * 8 + c)
                length += 1
                r, c = r + dr, c + dc
            if length >= 2:
                nearest = 1 << ((row + dr) * 8 + col + dc)
                rays.append((mask, dr * 8 + dc > 0, nearest))
        table.append(tuple(rays))
    return tuple(table)


RAYS: Final = _build_rays()

NEIGHBOURS: Final[tuple[Bitboard, ...]] = tuple(
    sum(nearest for _, _, nearest in rays) for rays in RAYS
)
"""Per square, the nearest squares of its flipping rays: with no opponent disc among them,
a move there flips nothing (a test cheaper than computing the flips)."""


def neighbours(x: Bitboard) -> Bitboard:
    """Squares next to any disc of ``x`` (``x`` itself included), without wrapping."""
    row = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H)
    return (row | (row << 8) | (row >> 8)) & FULL


def transpose(x: Bitboard) -> Bitboard:
    """The board flipped about the a1-h8 diagonal (rows become columns), by three delta
    swaps instead of a loop over squares."""
    t = 0x0F0F0F0F00000000 & (x ^ (x << 28))
    x ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (x ^ (x << 14))
    x ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (x ^ (x << 7))
    return x ^ t ^ (t >> 7)


def legal_moves(p: Bitboard, o: Bitboard) -> Bitboard:
    """Squares where the side owning ``p`` may play, as a bitboard.

    Parallel-prefix (Kogge-Stone style) fill in each of the eight directions: a run of up
    to six opponent discs is found in three shift steps instead of six.
    """
    empty = ~(p | o) & FULL
    oi = o & INNER_COLS
    moves = 0

    # east (+1) and west (-1)
    pre = oi & (oi << 1)
    t = oi & (p << 1)
    t |= oi & (t << 1)
    t |= pre & (t << 2)
    t |= pre & (t << 2)
    moves |= t << 1
    pre >>= 1
    t = oi & (p >> 1)
    t |= oi & (t >> 1)
    t |= pre & (t >> 2)
    t |= pre & (t >> 2)
    moves |= t >> 1

    # north (+8) and south (-8)
    pre = o & (o << 8)
    t = o & (p << 8)
    t |= o & (t << 8)
    t |= pre & (t << 16)
    t |= pre & (t << 16)
    moves |= t << 8
    pre >>= 8
    t = o & (p >> 8)
    t |= o & (t >> 8)
    t |= pre & (t >> 16)
    t |= pre & (t >> 16)
    moves |= t >> 8

    # +9 and -9 diagonals
    pre = oi & (oi << 9)
    t = oi & (p << 9)
    t |= oi & (t << 9)
    t |= pre & (t << 18)
    t |= pre & (t << 18)
    moves |= t << 9
    pre >>= 9
    t = oi & (p >> 9)
    t |= oi & (t >> 9)
    t |= pre & (t >> 18)
    t |= pre & (t >> 18)
    moves |= t >> 9

    # +7 and -7 diagonals
    pre = oi & (oi << 7)
    t = oi & (p << 7)
    t |= oi & (t << 7)
    t |= pre & (t << 14)
    t |= pre & (t << 14)
    moves |= t << 7
    pre >>= 7
    t = oi & (p >> 7)
    t |= oi & (t >> 7)
    t |= pre & (t >> 14)
    t |= pre & (t >> 14)
    moves |= t >> 7

    return moves & empty


_HALF: Final = 128
"""Where :func:`mobility` puts the second board: no shift of a fill step (18 squares at
most) carries a disc from one board into the other's squares, through the empty gap."""


def mobility(p: Bitboard, o: Bitboard) -> int:
    """Legal moves of ``p``'s side minus ``o``'s: the two fills of :func:`legal_moves` in
    one pass, on one int holding both boards (``p`` to move below bit 64, ``o`` to move
    from bit 128 up); it costs 60% of the two calls, and the evaluation needs it at every
    leaf."""
    moves = packed_legal_moves(p | o << _HALF, o | p << _HALF, 2)
    return (moves & FULL).bit_count() - (moves >> _HALF).bit_count()


MAX_PACKED: Final = 40
"""The most positions :func:`packed_legal_moves` takes at once (no position has more than
33 legal moves, so every child of one position fits)."""
_FULL_PACKED: Final = [sum(FULL << (_HALF * i) for i in range(k)) for k in range(MAX_PACKED + 1)]
_INNER_PACKED: Final = [
    sum(INNER_COLS << (_HALF * i) for i in range(k)) for k in range(MAX_PACKED + 1)
]


def packed_legal_moves(pp: Bitboard, oo: Bitboard, count: int) -> Bitboard:
    """:func:`legal_moves` of ``count`` positions at once, packed ``_HALF`` bits apart
    (position ``i``'s mover's discs at ``pp >> (128 * i)``, as :func:`mobility` packs two):
    one fill on a long int costs little more than on one board, so the solver's ordering
    counts every child's replies for about the price of two (measured: 6.4 us for ten
    children against 25 us one by one)."""
    empty = ~(pp | oo) & _FULL_PACKED[count]
    oi = oo & _INNER_PACKED[count]
    moves = 0

    # east (+1) and west (-1)
    pre = oi & (oi << 1)
    t = oi & (pp << 1)
    t |= oi & (t << 1)
    t |= pre & (t << 2)
    t |= pre & (t << 2)
    moves |= t << 1
    pre >>= 1
    t = oi & (pp >> 1)
    t |= oi & (t >> 1)
    t |= pre & (t >> 2)
    t |= pre & (t >> 2)
    moves |= t >> 1

    # north (+8) and south (-8)
    pre = oo & (oo << 8)
    t = oo & (pp << 8)
    t |= oo & (t << 8)
    t |= pre & (t << 16)
    t |= pre & (t << 16)
    moves |= t << 8
    pre >>= 8
    t = oo & (pp >> 8)
    t |= oo & (t >> 8)
    t |= pre & (t >> 16)
    t |= pre & (t >> 16)
    moves |= t >> 8

    # +9 and -9 diagonals
    pre = oi & (oi << 9)
    t = oi & (pp << 9)
    t |= oi & (t << 9)
    t |= pre & (t << 18)
    t |= pre & (t << 18)
    moves |= t << 9
    pre >>= 9
    t = oi & (pp >> 9)
    t |= oi & (t >> 9)
    t |= pre & (t >> 18)
    t |= pre & (t >> 18)
    moves |= t >> 9

    # +7 and -7 diagonals
    pre = oi & (oi << 7)
    t = oi & (pp << 7)
    t |= oi & (t << 7)
    t |= pre & (t << 14)
    t |= pre & (t << 14)
    moves |= t << 7
    pre >>= 7
    t = oi & (pp >> 7)
    t |= oi & (t >> 7)
    t |= pre & (t >> 14)
    t |= pre & (t >> 14)
    moves |= t >> 7

    return moves & empty


def final_difference(mine: int, theirs: int) -> int:
    """The disc difference of a finished game with ``mine`` and ``theirs`` discs on the board,
    the empty squares going to the winner (the counts, so that bitboards and the compiled
    engine's words share it)."""
    diff = mine - theirs
    if diff > 0:
        return diff + 64 - mine - theirs
    if diff < 0:
        return diff - (64 - mine - theirs)
    return 0


def flips(p: Bitboard, o: Bitboard, sq: Square) -> Bitboard:
    """Discs of ``o`` that turn over when the side owning ``p`` plays on ``sq``.

    Along each ray the first square that is not an opponent disc decides: if it is our
    own disc, everything nearer is flipped. Zero means the move is illegal.
    """
    f = 0
    not_o = ~o
    for ray, upward, nearest in RAYS[sq]:
        if nearest & o:
            x = ray & not_o
            if upward:
                b = x & -x  # zero when the whole ray is the opponent's
                if b & p:
                    f |= ray & (b - 1)
            elif x:
                b = 1 << (x.bit_length() - 1)
                if b & p:
                    f |= ray & -(b << 1)
    return f


def perft(p: Bitboard, o: Bitboard, depth: int) -> int:
    """Leaf count ``depth`` plies below a position, the last ply bulk-counted.

    A pass is a ply; a finished game is one leaf at every deeper ply.
    """
    moves = legal_moves(p, o)
    if depth <= 1:
        if depth <= 0:
            return 1
        return moves.bit_count() if moves else 1
    if not moves:
        if legal_moves(o, p):
            return perft(o, p, depth - 1)
        return 1
    total = 0
    rays = RAYS
    depth -= 1
    not_o = ~o
    while moves:
        b = moves & -moves
        moves ^= b
        # inlined flips(): this loop is the whole cost of perft
        f = 0
        for ray, upward, nearest in rays[b.bit_length() - 1]:
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
        total += perft(o ^ f, p | f | b, depth)
    return total
