"""Stable discs: discs that no sequence of moves can ever turn over.

The exact solver uses them as a bound: the side to move can never own the opponent's
stable discs, so its final score is at most ``64 - 2 * stable(opponent)``; when that is no
better than what it already has (alpha), the position fails low without a search (the
"stability cutoff" of strong endgame solvers).

Found here, cheaply and never too many (a disc counted stable truly is; some stable discs
are missed):

- the edges: an edge disc can only be flanked along its edge (every other line through it
  ends there), so its stability is a property of the edge's eight squares alone, tabled
  for every edge by playing out every empty edge square for either side (legal or not:
  a move's legality may come from outside the edge);
- full lines: a disc whose four lines (row, column, both diagonals) are full of discs;
- by contact: a disc of which, on each of its four lines, the line is full or a neighbour
  on it is a stable disc of the same colour (a flip needs the whole run of same-coloured
  discs bracketed, and the stable neighbour is in that run), repeated until nothing new.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from othello.core.bitboard import FULL, Bitboard

_INNER: Final[Bitboard] = 0x007E7E7E7E7E7E00
"""Squares off every edge: the contact rule's neighbours are all on the board."""

_COL_A: Final[Bitboard] = 0x0101010101010101
_COL_H: Final[Bitboard] = 0x8080808080808080
_PACK: Final = 0x0102040810204080
"""Multiplying a column-a bitboard by this gathers its eight squares into the top byte."""


def _column(byte: int) -> Bitboard:
    """Column a's squares for an edge byte as :func:`_column_byte` packs them."""
    x = 0
    for i in range(8):
        if byte >> i & 1:
            x |= 1 << (8 * i)
    return x


def _column_byte(x: Bitboard) -> int:
    """Column a of ``x`` as a byte, a1 in bit 0 to a8 in bit 7."""
    return ((x & _COL_A) * _PACK & FULL) >> 56


_UNPACK_COLUMN: Final = tuple(_column(byte) for byte in range(256))


def _edge_flips(p: int, o: int, sq: int) -> int:
    """Discs of ``o`` that ``p`` flips along an eight-square line by playing ``sq``."""
    f = 0
    for step in (1, -1):
        run, i = 0, sq + step
        while 0 <= i < 8 and o >> i & 1:
            run |= 1 << i
            i += step
        if 0 <= i < 8 and p >> i & 1:
            f |= run
    return f


@cache
def _edge_stable(p: int, o: int) -> int:
    """Discs of ``p`` on an eight-square edge that stay ``p``'s whatever is played there:
    every empty square played by either side (legal along the edge or not), recursively."""
    stable = p
    empty = ~(p | o) & 0xFF
    for sq in range(8):
        if not empty >> sq & 1:
            continue
        b = 1 << sq
        f = _edge_flips(p, o, sq)
        stable &= _edge_stable(p | f | b, o & ~f)
        g = _edge_flips(o, p, sq)
        stable &= _edge_stable(p & ~g, o | g | b)
        if not stable:
            break
    return stable


_EDGE_TABLE: Final[list[int]] = []
"""``_EDGE_TABLE[p << 8 | o]``: the stable discs of ``p`` on an edge; made at first use."""


def _edge_table() -> list[int]:
    """The edge table, made once (about a tenth of a second): importing stays quick."""
    if not _EDGE_TABLE:
        table = [0] * 65536
        for p in range(256):
            for o in range(256):
                if not p & o:
                    table[p << 8 | o] = _edge_stable(p, o)
        _edge_stable.cache_clear()
        _EDGE_TABLE.extend(table)
    return _EDGE_TABLE


def _off_masks(shift: int, col_step: int) -> tuple[Bitboard, Bitboard, Bitboard]:
    """Squares from which 1, 2 and 4 steps of a direction (``shift`` bits, ``col_step``
    columns each) leave the board: for them the rest of the line is vacuously full."""
    masks = []
    for steps in (1, 2, 4):
        m = 0
        for sq in range(64):
            row, col = divmod(sq, 8)
            r = row + steps * (shift - col_step) // 8
            c = col + steps * col_step
            if not (0 <= r < 8 and 0 <= c < 8):
                m |= 1 << sq
        masks.append(m)
    return masks[0], masks[1], masks[2]


_DIRECTIONS: Final = tuple(
    (shift, _off_masks(shift, col_step), _off_masks(-shift, -col_step))
    for shift, col_step in ((1, 1), (8, 0), (9, 1), (7, -1))
)
"""Per line direction (row, column, the two diagonals): its shift and the off-board masks
of both ways along it."""


def full_lines(occupied: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """Per direction (row, column, diagonal a1-h8, diagonal h1-a8) the squares whose line
    in that direction is full: three doubling steps each way, no loop over squares."""
    found = []
    for shift, (u1, u2, u4), (d1, d2, d4) in _DIRECTIONS:
        up = occupied & ((occupied >> shift) | u1)
        up &= (up >> 2 * shift) | u2
        up &= (up >> 4 * shift) | u4
        down = occupied & (((occupied << shift) & FULL) | d1)
        down &= ((down << 2 * shift) & FULL) | d2
        down &= ((down << 4 * shift) & FULL) | d4
        found.append(up & down)
    return found[0], found[1], found[2], found[3]


def edge_stable(p: Bitboard, o: Bitboard) -> Bitboard:
    """``p``'s discs on the four edges that can never be flipped."""
    table = _edge_table()
    stable = table[(p & 0xFF) << 8 | o & 0xFF] | table[(p >> 56) << 8 | o >> 56] << 56
    stable |= _UNPACK_COLUMN[table[_column_byte(p) << 8 | _column_byte(o)]]
    ph, oh = (p & _COL_H) >> 7, (o & _COL_H) >> 7
    stable |= _UNPACK_COLUMN[table[_column_byte(ph) << 8 | _column_byte(oh)]] << 7
    return stable


def stable_discs(p: Bitboard, o: Bitboard) -> Bitboard:
    """Discs of ``p`` that can never be flipped (a subset of them: see the module).

    The hot path of the stability cutoff, so :func:`full_lines` and :func:`edge_stable`
    are written out here (about half their cost as calls)."""
    table = _EDGE_TABLE or _edge_table()
    stable = table[(p & 0xFF) << 8 | o & 0xFF] | table[(p >> 56) << 8 | o >> 56] << 56
    pc = p & _COL_A
    oc = o & _COL_A
    stable |= _UNPACK_COLUMN[table[(pc * _PACK & FULL) >> 48 & 0xFF00 | (oc * _PACK & FULL) >> 56]]
    pc = p >> 7 & _COL_A
    oc = o >> 7 & _COL_A
    col = _UNPACK_COLUMN[table[(pc * _PACK & FULL) >> 48 & 0xFF00 | (oc * _PACK & FULL) >> 56]]
    stable |= col << 7
    inner = p & _INNER
    if not inner:
        return stable
    occ = p | o
    x = occ & occ >> 1
    x &= x >> 2
    x &= x >> 4
    h = (x & _COL_A) * 0xFF
    x = occ & occ >> 8
    x &= x >> 16
    x &= x >> 32
    v = (x & 0xFF) * _COL_A
    x = occ & (occ >> 9 | 0xFF80808080808080)
    x &= x >> 18 | 0xFFFFC0C0C0C0C0C0
    x &= x >> 36 | 0xFFFFFFFFF0F0F0F0
    y = occ & (occ << 9 | 0x01010101010101FF)
    y &= y << 18 | 0x030303030303FFFF
    y &= y << 36 | 0x0F0F0F0FFFFFFFFF
    d9 = x & y
    x = occ & (occ >> 7 | 0xFF01010101010101)
    x &= x >> 14 | 0xFFFF030303030303
    x &= x >> 28 | 0xFFFFFFFF0F0F0F0F
    y = occ & (occ << 7 | 0x80808080808080FF)
    y &= y << 14 | 0xC0C0C0C0C0C0FFFF
    y &= y << 28 | 0xF0F0F0F0FFFFFFFF
    d7 = x & y
    stable |= inner & h & v & d9 & d7
    if not stable:
        return 0
    while True:
        grown = stable | (
            inner
            & (h | stable >> 1 | stable << 1)
            & (v | stable >> 8 | stable << 8)
            & (d9 | stable >> 9 | stable << 9)
            & (d7 | stable >> 7 | stable << 7)
        )
        if grown == stable:
            return stable
        stable = grown
