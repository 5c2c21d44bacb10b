"""Static evaluation of a position: the learned pattern evaluation, for the side to move.

A score is the expected final disc difference for the side to move, in hundredths of a disc
(``SCALE`` per disc), the scale the exact solver's results are on. It is the sum of one
learned value per pattern instance (46 of them: the four edges with their X squares, the
corners' 3x3 and 2x5 blocks, the rows and columns 2-4, the diagonals of 4 to 8 squares; see
``othello.patterns``), plus learned weights for mobility and parity and a constant, all
fitted for the game phase (a bucket of 4 empty squares) to the results of 256,765 real games
by ``scripts/train_patterns.py``.

The configurations are read from the bitboards without a loop over squares: each row (and,
from the transposed board, each column) gives a 16-bit key (the side to move's byte and the
opponent's), which a table turns into the row's base-3 number read from either end; a block
of rows is a few such numbers, a diagonal is first gathered into a byte by one
multiplication. This function runs at every leaf of the search, so it is written out flat.

If the weights file cannot be read, ``WEIGHTS_PROBLEM`` says why and the evaluation is
mobility alone: the game still plays (weakly), and the window says so at start.
"""

from __future__ import annotations

from array import array

from .bitboard import FULL, Bitboard, legal_moves, transpose
from .errors import WeightsError
from .pattern_weights import PHASES, PhaseWeights, phase_of, read_weights
from .patterns import PATTERNS

SCALE = 100
"""Evaluation units per disc of final disc difference."""

_GATHER = 0x0101010101010101
"""Multiplying squares of distinct columns by this collects them, by column, in the top byte."""


def _ternary(reverse: bool) -> list[int]:
    """For every 16-bit key (mine << 8 | theirs), the row's base-3 number: digit ``i`` is
    column ``i`` (from the a-file), or column ``7 - i`` when ``reverse``."""
    single = [0] * 256
    for byte in range(256):
        single[byte] = sum(3**i for i in range(8) if byte >> (7 - i if reverse else i) & 1)
    return [mine + 2 * theirs for mine in single for theirs in single]


FORWARD = _ternary(False)
BACKWARD = _ternary(True)


def _load() -> tuple[list[PhaseWeights], str | None]:
    try:
        return read_weights(), None
    except WeightsError as err:
        zeros = tuple(array("h", bytes(2 * pattern.size)) for pattern in PATTERNS)
        mobility_only = (*zeros, array("h", [SCALE, 0, 0]))
        return [mobility_only] * PHASES, str(err)


_PHASES, WEIGHTS_PROBLEM = _load()
_BY_EMPTIES = [_PHASES[phase_of(n)] for n in range(65)]


def evaluate(p: Bitboard, o: Bitboard) -> int:
    """Estimated final disc difference for the side owning ``p``, times ``SCALE``."""
    f, r = FORWARD, BACKWARD
    n = 64 - (p | o).bit_count()
    we, w33, w25, w2, w3, w4, wd8, wd7, wd6, wd5, wd4, wx = _BY_EMPTIES[n]
    # rows 1-8 and, transposed, columns a-h, as 16-bit keys
    k0 = (p & 255) << 8 | (o & 255)
    k1 = (p >> 8 & 255) << 8 | (o >> 8 & 255)
    k2 = (p >> 16 & 255) << 8 | (o >> 16 & 255)
    k3 = (p >> 24 & 255) << 8 | (o >> 24 & 255)
    k4 = (p >> 32 & 255) << 8 | (o >> 32 & 255)
    k5 = (p >> 40 & 255) << 8 | (o >> 40 & 255)
    k6 = (p >> 48 & 255) << 8 | (o >> 48 & 255)
    k7 = (p >> 56) << 8 | (o >> 56)
    tp, to = transpose(p), transpose(o)
    c0 = (tp & 255) << 8 | (to & 255)
    c1 = (tp >> 8 & 255) << 8 | (to >> 8 & 255)
    c2 = (tp >> 16 & 255) << 8 | (to >> 16 & 255)
    c3 = (tp >> 24 & 255) << 8 | (to >> 24 & 255)
    c4 = (tp >> 32 & 255) << 8 | (to >> 32 & 255)
    c5 = (tp >> 40 & 255) << 8 | (to >> 40 & 255)
    c6 = (tp >> 48 & 255) << 8 | (to >> 48 & 255)
    c7 = (tp >> 56) << 8 | (to >> 56)
    # the X squares b2, g2, b7, g7 as base-3 digits
    xb2 = (p >> 9 & 1) + 2 * (o >> 9 & 1)
    xg2 = (p >> 14 & 1) + 2 * (o >> 14 & 1)
    xb7 = (p >> 49 & 1) + 2 * (o >> 49 & 1)
    xg7 = (p >> 54 & 1) + 2 * (o >> 54 & 1)
    score = (
        we[f[k0] + 6561 * xb2 + 19683 * xg2]
        + we[f[k7] + 6561 * xb7 + 19683 * xg7]
        + we[f[c0] + 6561 * xb2 + 19683 * xb7]
        + we[f[c7] + 6561 * xg2 + 19683 * xg7]
        + w33[f[k0 & 0x0707] + 27 * f[k1 & 0x0707] + 729 * f[k2 & 0x0707]]
        + w33[r[k0 & 0xE0E0] + 27 * r[k1 & 0xE0E0] + 729 * r[k2 & 0xE0E0]]
        + w33[f[k7 & 0x0707] + 27 * f[k6 & 0x0707] + 729 * f[k5 & 0x0707]]
        + w33[r[k7 & 0xE0E0] + 27 * r[k6 & 0xE0E0] + 729 * r[k5 & 0xE0E0]]
        + w25[f[k0 & 0x1F1F] + 243 * f[k1 & 0x1F1F]]
        + w25[r[k0 & 0xF8F8] + 243 * r[k1 & 0xF8F8]]
        + w25[f[k7 & 0x1F1F] + 243 * f[k6 & 0x1F1F]]
        + w25[r[k7 & 0xF8F8] + 243 * r[k6 & 0xF8F8]]
        + w25[f[c0 & 0x1F1F] + 243 * f[c1 & 0x1F1F]]
        + w25[f[c7 & 0x1F1F] + 243 * f[c6 & 0x1F1F]]
        + w25[r[c0 & 0xF8F8] + 243 * r[c1 & 0xF8F8]]
        + w25[r[c7 & 0xF8F8] + 243 * r[c6 & 0xF8F8]]
        + w2[f[k1]] + w2[f[k6]] + w2[f[c1]] + w2[f[c6]]
        + w3[f[k2]] + w3[f[k5]] + w3[f[c2]] + w3[f[c5]]
        + w4[f[k3]] + w4[f[k4]] + w4[f[c3]] + w4[f[c4]]
    )  # fmt: skip
    # diagonals: gathered into a byte by column, read from the end the instance starts at
    g = _GATHER
    a = ((p & 0x8040201008040201) * g & FULL) >> 56  # a1-h8
    b = ((o & 0x8040201008040201) * g & FULL) >> 56
    score += wd8[f[a << 8 | b]]
    a = ((p & 0x0102040810204080) * g & FULL) >> 56  # h1-a8
    b = ((o & 0x0102040810204080) * g & FULL) >> 56
    score += wd8[r[a << 8 | b]]
    a = ((p & 0x0080402010080402) * g & FULL) >> 57  # b1-h7
    b = ((o & 0x0080402010080402) * g & FULL) >> 57
    score += wd7[f[a << 8 | b]]
    a = ((p & 0x0001020408102040) * g & FULL) >> 56 << 1  # g1-a7
    b = ((o & 0x0001020408102040) * g & FULL) >> 56 << 1
    score += wd7[r[a << 8 | b]]
    a = ((p & 0x0204081020408000) * g & FULL) >> 57  # b8-h2
    b = ((o & 0x0204081020408000) * g & FULL) >> 57
    score += wd7[f[a << 8 | b]]
    a = ((p & 0x4020100804020100) * g & FULL) >> 56 << 1  # g8-a2
    b = ((o & 0x4020100804020100) * g & FULL) >> 56 << 1
    score += wd7[r[a << 8 | b]]
    a = ((p & 0x0000804020100804) * g & FULL) >> 58  # c1-h6
    b = ((o & 0x0000804020100804) * g & FULL) >> 58
    score += wd6[f[a << 8 | b]]
    a = ((p & 0x0000010204081020) * g & FULL) >> 56 << 2  # f1-a6
    b = ((o & 0x0000010204081020) * g & FULL) >> 56 << 2
    score += wd6[r[a << 8 | b]]
    a = ((p & 0x0408102040800000) * g & FULL) >> 58  # c8-h3
    b = ((o & 0x0408102040800000) * g & FULL) >> 58
    score += wd6[f[a << 8 | b]]
    a = ((p & 0x2010080402010000) * g & FULL) >> 56 << 2  # f8-a3
    b = ((o & 0x2010080402010000) * g & FULL) >> 56 << 2
    score += wd6[r[a << 8 | b]]
    a = ((p & 0x0000008040201008) * g & FULL) >> 59  # d1-h5
    b = ((o & 0x0000008040201008) * g & FULL) >> 59
    score += wd5[f[a << 8 | b]]
    a = ((p & 0x0000000102040810) * g & FULL) >> 56 << 3  # e1-a5
    b = ((o & 0x0000000102040810) * g & FULL) >> 56 << 3
    score += wd5[r[a << 8 | b]]
    a = ((p & 0x0810204080000000) * g & FULL) >> 59  # d8-h4
    b = ((o & 0x0810204080000000) * g & FULL) >> 59
    score += wd5[f[a << 8 | b]]
    a = ((p & 0x1008040201000000) * g & FULL) >> 56 << 3  # e8-a4
    b = ((o & 0x1008040201000000) * g & FULL) >> 56 << 3
    score += wd5[r[a << 8 | b]]
    a = ((p & 0x0000000080402010) * g & FULL) >> 60  # e1-h4
    b = ((o & 0x0000000080402010) * g & FULL) >> 60
    score += wd4[f[a << 8 | b]]
    a = ((p & 0x0000000001020408) * g & FULL) >> 56 << 4  # d1-a4
    b = ((o & 0x0000000001020408) * g & FULL) >> 56 << 4
    score += wd4[r[a << 8 | b]]
    a = ((p & 0x1020408000000000) * g & FULL) >> 60  # e8-h5
    b = ((o & 0x1020408000000000) * g & FULL) >> 60
    score += wd4[f[a << 8 | b]]
    a = ((p & 0x0804020100000000) * g & FULL) >> 56 << 4  # d8-a5
    b = ((o & 0x0804020100000000) * g & FULL) >> 56 << 4
    score += wd4[r[a << 8 | b]]
    mobility = legal_moves(p, o).bit_count() - legal_moves(o, p).bit_count()
    return score + wx[0] * mobility + (wx[1] if n & 1 else 0) + wx[2]


# fmt: off
SQUARE_WEIGHTS: tuple[int, ...] = (
    100, -20, 10, 5, 5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
    10, -2, -1, -1, -1, -1, -2, 10,
    5, -2, -1, -1, -1, -1, -2, 5,
    5, -2, -1, -1, -1, -1, -2, 5,
    10, -2, -1, -1, -1, -1, -2, 10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10, 5, 5, 10, -20, 100,
)
# fmt: on
"""The classic static square-weight table: move ordering, and the match script's baseline."""


def square_weight_eval(p: Bitboard, o: Bitboard) -> int:
    """Sum of the square weights of ``p``'s discs minus ``o``'s (the naive evaluation)."""
    score = 0
    w = SQUARE_WEIGHTS
    while p:
        b = p & -p
        score += w[b.bit_length() - 1]
        p ^= b
    while o:
        b = o & -o
        score -= w[b.bit_length() - 1]
        o ^= b
    return score
