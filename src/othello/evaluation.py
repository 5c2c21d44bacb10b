"""Static evaluation of a midgame position, from the side to move's point of view.

Scores are in hundredths of a disc (``SCALE`` per disc) so that a search score reads as an
estimated final disc difference, the same scale the exact endgame solver uses.

Features (each a difference "mine minus theirs"):

- mobility: legal moves now; the side with more choices rarely has to give up a corner;
- potential mobility: empty squares next to the opponent's discs (future moves);
- corners, and the X squares (diagonal to an empty corner) and C squares (next to an
  empty corner along the edge) that hand corners to the opponent;
- stable edge discs: edge discs that can never be flipped, from a precomputed table;
- parity: who is due to play the last move of the game;
- disc count, which only matters as the game ends.

Each weight is a pair (opening, ending) interpolated on the number of empty squares, so
the game phase shifts the balance smoothly. How the weights were chosen is recorded in
``WEIGHTS_NOTE`` and the README.
"""

from __future__ import annotations

from . import learned
from .bitboard import FULL, NOT_A, NOT_H, Bitboard, legal_moves, neighbours

SCALE = 100
"""Evaluation units per disc of final disc difference."""

CORNERS: Bitboard = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
COL_A: Bitboard = 0x0101010101010101
_GATHER = 0x0102040810204080  # multiplying column a by this packs it into the top byte

# (corner, X square, C squares) for each corner: a1, h1, a8, h8
_CORNER_GROUPS: tuple[tuple[Bitboard, Bitboard, Bitboard], ...] = (
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 57) | (1 << 48)),
    (1 << 63, 1 << 54, (1 << 62) | (1 << 55)),
)

# weights as (at 60 empties, at 0 empties), in SCALE units per unit of feature
WEIGHTS: dict[str, tuple[int, int]] = {
    "mobility": (90, 60),
    "potential": (30, 30),
    "corner": (400, 250),
    "x_square": (-250, -60),
    "c_square": (-80, -20),
    "stable": (110, 80),
    "parity": (0, 150),
    "discs": (-25, 67),
}

WEIGHTS_NOTE = (
    "Hand-set starting values, then one and a half rounds of coordinate search by self-play "
    "(scripts/tune.py --depth 4 --games 100: a nudged weight is kept when it scores >= 55% "
    "against the current set). Kept: potential end 10->30, discs start -5->-25, discs end "
    "100->67, mobility end 40->60. Log: scripts/tune-log-2026-11-22.txt."
)


def _build_edge_stability() -> list[int]:
    """For every edge pattern (mine, theirs as 8-bit rows), stable mine minus stable theirs.

    An edge disc can only be flipped along its edge, so an edge pattern's stable discs are
    those that keep their colour in every continuation where either side fills any empty
    square of the edge (flipping what it brackets). Worked out once by memoised recursion
    over the 3^8 patterns.
    """
    memo: dict[tuple[int, int], int] = {}

    def flip_line(mine: int, theirs: int, sq: int) -> int:
        flipped = 0
        for step in (1, -1):
            run, k = 0, sq + step
            while 0 <= k < 8 and theirs >> k & 1:
                run |= 1 << k
                k += step
            if run and 0 <= k < 8 and mine >> k & 1:
                flipped |= run
        return flipped

    def stable(a: int, b: int) -> int:
        """Bitmask of the discs (of either colour) that can never change in pattern (a, b)."""
        key = (a, b)
        if key in memo:
            return memo[key]
        result = a | b
        empty = ~(a | b) & 0xFF
        for sq in range(8):
            if not empty >> sq & 1 or not result:
                continue
            bit = 1 << sq
            f = flip_line(a, b, sq)  # a plays here
            result &= ~f & stable(a | bit | f, b & ~f)
            f = flip_line(b, a, sq)  # b plays here
            result &= ~f & stable(a & ~f, b | bit | f)
        memo[key] = result
        return result

    table = [0] * 65536
    for a in range(256):
        for b in range(256):
            if a & b:
                continue
            s = stable(a, b)
            table[a << 8 | b] = (s & a).bit_count() - (s & b).bit_count()
    return table


EDGE_STABLE = _build_edge_stability()


def stable_edge_diff(p: Bitboard, o: Bitboard) -> int:
    """Stable edge discs of ``p`` minus those of ``o`` (corners count on both their edges)."""
    return sum(EDGE_STABLE[i] for i in _edge_rows(p, o))


def features(p: Bitboard, o: Bitboard) -> dict[str, int]:
    """The raw feature differences, for tuning and tests (the search uses ``evaluate``)."""
    empty = ~(p | o) & FULL
    xs = cs = 0
    for corner, x, c in _CORNER_GROUPS:
        if not (p | o) & corner:
            xs += (p & x).bit_count() - (o & x).bit_count()
            cs += (p & c).bit_count() - (o & c).bit_count()
    return {
        "mobility": legal_moves(p, o).bit_count() - legal_moves(o, p).bit_count(),
        "potential": (neighbours(o) & empty).bit_count() - (neighbours(p) & empty).bit_count(),
        "corner": (p & CORNERS).bit_count() - (o & CORNERS).bit_count(),
        "x_square": xs,
        "c_square": cs,
        "stable": stable_edge_diff(p, o),
        "parity": 1 if empty.bit_count() & 1 else -1,
        "discs": p.bit_count() - o.bit_count(),
    }


def _phase_tables(weights: dict[str, tuple[int, int]]) -> list[tuple[int, ...]]:
    """Per number of empties (0..64), every weight already interpolated."""
    names = list(weights)
    tables = []
    for n in range(65):
        t = min(n, 60)
        tables.append(tuple((weights[k][0] * t + weights[k][1] * (60 - t)) // 60 for k in names))
    return tables


_PHASE = _phase_tables(WEIGHTS)


def set_weights(weights: dict[str, tuple[int, int]]) -> None:
    """Replace the weights (used by the tuning script); keys must match ``WEIGHTS``."""
    global _PHASE
    if set(weights) != set(WEIGHTS):
        raise ValueError(f"weights must have exactly the keys {sorted(WEIGHTS)}")
    WEIGHTS.update(weights)
    _PHASE = _phase_tables(WEIGHTS)


# ----- learned edge patterns --------------------------------------------------------------

EDGE_BUCKETS = 4
"""Game phases with an edge table of their own: 45+ empties, 35-44, 25-34, 24 or fewer."""

EDGE_TABLE = "edge-values"
"""The learned edge table: for each phase bucket in turn, 3^8 values in hundredths of a
disc for the side to move, indexed by pattern number (see ``PATTERN_INDEX``). Fitted by
scripts/train_edges.py on 400,729 positions from 8,000 self-play games."""


def phase_bucket(empties: int) -> int:
    """The edge-table phase of a position with ``empties`` empty squares."""
    return 0 if empties >= 45 else 1 if empties >= 35 else 2 if empties >= 25 else 3


def _build_pattern_index() -> list[int]:
    """For every edge as (mine, theirs) 8-bit rows, its pattern number 0..3^8-1.

    A pattern and its mirror image (the edge read from the other corner) get the same
    number: they are the same situation, so they share one learned value.
    """
    index = [-1] * 65536
    for a in range(256):
        for b in range(256):
            if a & b:
                continue
            forward = backward = 0
            for i in range(8):
                digit = 1 if a >> i & 1 else 2 if b >> i & 1 else 0
                forward += digit * 3**i
                backward += digit * 3 ** (7 - i)
            index[a << 8 | b] = min(forward, backward)
    return index


PATTERN_INDEX = _build_pattern_index()


def _load_edge_values() -> list[list[int]]:
    """Per empties count (0..64), the learned value of each (mine, theirs) edge row.

    The values are the table ``edge-values`` (written by scripts/train_edges.py); without
    it every value is zero and the evaluation is the hand-weighted features alone.
    """
    raw = learned.read_int16(EDGE_TABLE)
    size = 3**8
    if raw is None or len(raw) != EDGE_BUCKETS * size:
        learned_values = [[0] * size for _ in range(EDGE_BUCKETS)]
    else:
        learned_values = [list(raw[b * size : (b + 1) * size]) for b in range(EDGE_BUCKETS)]
    by_row = [[v[k] if k >= 0 else 0 for k in PATTERN_INDEX] for v in learned_values]
    return [by_row[phase_bucket(n)] for n in range(65)]


EDGE_VALUES = _load_edge_values()


def edge_patterns(p: Bitboard, o: Bitboard) -> tuple[int, int, int, int]:
    """Pattern numbers of the four edges (rows 1 and 8, columns a and h), for training."""
    return tuple(PATTERN_INDEX[i] for i in _edge_rows(p, o))  # type: ignore[return-value]


def _edge_rows(p: Bitboard, o: Bitboard) -> tuple[int, int, int, int]:
    """The four edges as ``mine << 8 | theirs`` row indexes."""
    pa = ((p & COL_A) * _GATHER & FULL) >> 56
    oa = ((o & COL_A) * _GATHER & FULL) >> 56
    ph = (((p >> 7) & COL_A) * _GATHER & FULL) >> 56
    oh = (((o >> 7) & COL_A) * _GATHER & FULL) >> 56
    return ((p & 0xFF) << 8 | (o & 0xFF), (p >> 56) << 8 | (o >> 56), pa << 8 | oa, ph << 8 | oh)


def edge_value(p: Bitboard, o: Bitboard) -> int:
    """The learned edge part of :func:`evaluate` (SCALE units)."""
    ev = EDGE_VALUES[(~(p | o) & FULL).bit_count()]
    return sum(ev[i] for i in _edge_rows(p, o))


def base_evaluate(p: Bitboard, o: Bitboard) -> int:
    """The evaluation without the learned edge table: what the table is trained to correct."""
    return evaluate(p, o) - edge_value(p, o)


def evaluate(p: Bitboard, o: Bitboard) -> int:
    """Estimated final disc difference for the side owning ``p``, times ``SCALE``.

    Written out in one function because it runs at every leaf of the search.
    """
    occ = p | o
    empty = ~occ & FULL
    n = empty.bit_count()
    w_mob, w_pot, w_cor, w_x, w_c, w_st, w_par, w_disc = _PHASE[n]

    mob = legal_moves(p, o).bit_count() - legal_moves(o, p).bit_count()

    row = o | ((o << 1) & NOT_A) | ((o >> 1) & NOT_H)
    pot = ((row | (row << 8) | (row >> 8)) & empty).bit_count()
    row = p | ((p << 1) & NOT_A) | ((p >> 1) & NOT_H)
    pot -= ((row | (row << 8) | (row >> 8)) & empty).bit_count()

    score = w_mob * mob + w_pot * pot
    score += w_cor * ((p & CORNERS).bit_count() - (o & CORNERS).bit_count())
    for corner, x, c in _CORNER_GROUPS:
        if not occ & corner:
            score += w_x * ((p & x).bit_count() - (o & x).bit_count())
            score += w_c * ((p & c).bit_count() - (o & c).bit_count())

    t = EDGE_STABLE
    ev = EDGE_VALUES[n]
    pa = ((p & COL_A) * _GATHER & FULL) >> 56
    oa = ((o & COL_A) * _GATHER & FULL) >> 56
    ph = (((p >> 7) & COL_A) * _GATHER & FULL) >> 56
    oh = (((o >> 7) & COL_A) * _GATHER & FULL) >> 56
    e1 = (p & 0xFF) << 8 | (o & 0xFF)
    e2 = (p >> 56) << 8 | (o >> 56)
    e3 = pa << 8 | oa
    e4 = ph << 8 | oh
    score += w_st * (t[e1] + t[e2] + t[e3] + t[e4])
    score += ev[e1] + ev[e2] + ev[e3] + ev[e4]
    score += w_par if n & 1 else -w_par
    score += w_disc * (p.bit_count() - o.bit_count())
    return score


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
