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
build keeps its words as the non-negative ints they always were, so it runs as before.
"""

from __future__ import annotations

from typing import Final

from othello.core.bitboard import FULL, Bitboard

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
