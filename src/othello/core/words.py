"""Bitboards as machine words where the engine is compiled: ``Word`` is mypyc's native
64-bit integer in the compiled build and a plain ``int`` in the pure one.

Why: compiled code keeps an ``int`` in a machine word only while it fits 62 bits (mypyc's
tagged integers); a bitboard holding g8 or h8 (bits 62 and 63), as most endgame
positions do, is a CPython long there, allocated at every operation. An ``i64`` is always
a machine word, but a signed one: h8 is its sign bit, a shift right copies that bit, and
arithmetic wraps at 64 bits.

So code on words looks at their low 64 bits only, which both builds agree on: ``&``,
``|``, ``^``, ``~``, ``x & -x``, ``x - 1`` and products give the same low 64 bits signed
or not; a shift right is masked to the bits it keeps; discs are counted by
:func:`popcount`; a word goes back to a bitboard through :func:`to_bitboard`. The pure
build keeps its words as the non-negative ints they always were, so it runs as before;
where a count is made at every node, the callers write
``popcount(x) if COMPILED else int.bit_count(x)``, which spares the pure build a call.
"""

from __future__ import annotations

from typing import Final

from othello.core.bitboard import (
    FULL,
    INNER_COLS,
    NEIGHBOURS,
    RAYS,
    Bitboard,
    Square,
    final_difference,
)

try:
    from mypy_extensions import i64
except ImportError:  # the pure build needs nothing beyond the standard library
    i64 = int  # type: ignore[misc]

Word = i64

COMPILED: Final = not __file__.endswith(".py")
"""Whether mypyc compiled this module (and with it the engine's other hot modules)."""


def to_word(x: Bitboard) -> Word:
    """A bitboard as a word: h8 becomes the sign bit where compiled; unchanged where not."""
    if COMPILED:
        return Word(x - (x >> 63 << 64))
    return x


def to_bitboard(x: Word) -> Bitboard:
    """A word back as a bitboard (a non-negative int), for code that takes bitboards."""
    if COMPILED:
        return int(x) & FULL
    return x


def popcount(x: Word) -> int:
    """The number of squares in a word: bit arithmetic where compiled (``int.bit_count``
    is no native operation there), ``int.bit_count`` where not."""
    if COMPILED:
        x -= x >> 1 & 0x5555555555555555
        x = (x & 0x3333333333333333) + (x >> 2 & 0x3333333333333333)
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
        return int(x * 0x0101010101010101 >> 56)
    return int(x).bit_count()


def final_words(p: Word, o: Word) -> int:
    """:func:`~othello.engine.search_common.final_score` on words."""
    return final_difference(popcount(p), popcount(o))


FULL_WORD: Final[Word] = to_word(FULL)
"""Every square: ``-1`` where compiled, ``2**64 - 1`` where not."""

WORD_RAYS: Final[tuple[tuple[tuple[Word, bool, Word], ...], ...]] = tuple(
    tuple((to_word(ray), upward, to_word(nearest)) for ray, upward, nearest in rays)
    for rays in RAYS
)
WORD_NEIGHBOURS: Final[tuple[Word, ...]] = tuple(to_word(x) for x in NEIGHBOURS)
WORD_SQUARE: Final[tuple[Word, ...]] = tuple(to_word(1 << sq) for sq in range(64))
"""The bitboard module's tables as words, and each square's own word."""

BELOW_TOP_ROW: Final = FULL >> 8
_BELOW_TOP_TWO_ROWS: Final = FULL >> 16
_AFTER_SHIFT_7: Final = FULL >> 7
_AFTER_SHIFT_9: Final = FULL >> 9
"""Masks for a shift right by 8, 16, 7 or 9 squares: on a signed word the shift copies
h8 (the sign) into the top 8, 16, 7 or 9 bits, which these clear."""


def square_of(b: Word) -> Square:
    """The square of a word holding one square (h8 too: where compiled its word is
    ``-2**63``, whose bit length is 64, as that of ``2**63``)."""
    top: int = b
    return top.bit_length() - 1


def legal_words(p: Word, o: Word) -> Word:
    """:func:`~othello.core.bitboard.legal_moves` on words: the same fills, with a shift
    right of a word that may hold h8 masked (on a signed word it copies h8 into the top
    bits; a shift by one is masked by the inner columns, which h8 is not in, and the
    runs of inner opponent discs never hold h8)."""
    empty = ~(p | o) & FULL_WORD
    oi = o & INNER_COLS
    moves: Word = 0

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

    pre = o & (o << 8)
    t = o & (p << 8)
    t |= o & (t << 8)
    t |= pre & (t << 16)
    t |= pre & (t << 16)
    moves |= t << 8
    pre = pre >> 8 & BELOW_TOP_ROW
    t = o & (p >> 8 & BELOW_TOP_ROW)
    t |= o & (t >> 8 & BELOW_TOP_ROW)
    t |= pre & (t >> 16 & _BELOW_TOP_TWO_ROWS)
    t |= pre & (t >> 16 & _BELOW_TOP_TWO_ROWS)
    moves |= t >> 8 & BELOW_TOP_ROW

    pre = oi & (oi << 9)
    t = oi & (p << 9)
    t |= oi & (t << 9)
    t |= pre & (t << 18)
    t |= pre & (t << 18)
    moves |= t << 9
    pre >>= 9
    t = oi & (p >> 9 & _AFTER_SHIFT_9)
    t |= oi & (t >> 9)
    t |= pre & (t >> 18)
    t |= pre & (t >> 18)
    moves |= t >> 9

    pre = oi & (oi << 7)
    t = oi & (p << 7)
    t |= oi & (t << 7)
    t |= pre & (t << 14)
    t |= pre & (t << 14)
    moves |= t << 7
    pre >>= 7
    t = oi & (p >> 7 & _AFTER_SHIFT_7)
    t |= oi & (t >> 7)
    t |= pre & (t >> 14)
    t |= pre & (t >> 14)
    moves |= t >> 7

    return moves & empty


def flip_words(p: Word, o: Word, sq: Square) -> Word:
    """:func:`~othello.core.bitboard.flips` on words."""
    f: Word = 0
    not_o = ~o
    for ray, upward, nearest in WORD_RAYS[sq]:
        if nearest & o:
            x = ray & not_o
            if upward:
                b = x & -x
                if b & p:
                    f |= ray & (b - 1)
            elif x:
                top: int = x  # a ray downwards never holds h8: no sign bit
                b = WORD_SQUARE[top.bit_length() - 1]
                if b & p:
                    f |= ray & -(b << 1)
    return f
