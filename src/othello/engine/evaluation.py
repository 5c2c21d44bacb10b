"""Static evaluation of a position: the learned pattern evaluation, for the side to move.

A score is the expected final disc difference for the side to move, in hundredths of a disc
(``SCALE`` per disc), the scale the exact solver's results are on. It is the sum of one
learned value per pattern instance (46 of them: the four edges with their X squares, the
corners' 3x3 and 2x5 blocks, the rows and columns 2-4, the diagonals of 4 to 8 squares; see
``othello.engine.patterns``), plus learned weights for mobility and parity and a constant, all
fitted for the game phase (a bucket of 4 empty squares) to 256,765 real games by
``scripts/train_patterns.py`` (each position's label half its game's result, half the value
the later phase's tables give the position four moves on).

How it is fast in pure Python: a configuration number is a sum over the pattern's squares
(``3**i`` for a disc of mine on square ``i``, twice that for theirs), so all 46 numbers at
once are linear in the board. They are kept side by side in the 32-bit fields of one big
int (``_FIELD`` bits each): a table per row of the board gives, for each byte of discs, the
big int its squares add to every field, so the whole vector is 16 lookups and additions
(8 rows, mine and theirs) plus a constant that already holds each field's offset into the
phase's flat list of weights. ``int.to_bytes`` and a memoryview cast then hand the 46
positions to ``sum(map(...))``, which looks them up without a Python loop. Keeping the
vector up to date move by move (incrementally) would cost as much: a move's flips span
several rows, so the update is the same lookups.

If the weights file cannot be read, ``WEIGHTS_PROBLEM`` says why and the evaluation is
mobility alone: the game still plays (weakly), and the window says so at start.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Final

from othello.core.bitboard import Bitboard, mobility
from othello.core.errors import WeightsError
from othello.core.words import COMPILED, Word, legal_words, popcount, to_word
from othello.engine.pattern_weights import PHASES, PhaseWeights, phase_of, read_weights
from othello.engine.patterns import PATTERNS, POWERS_OF_3, instances

SCALE: Final = 100
"""Evaluation units per disc of final disc difference."""

_FIELD: Final = 32
"""Bits per configuration number in the packed vector: room for the offset of its
pattern's table in a phase's flat list of weights (160,701 values)."""

INSTANCES: Final[tuple[tuple[int, tuple[int, ...]], ...]] = tuple(
    (k, squares) for k, pattern in enumerate(PATTERNS) for squares in instances(pattern)
)
"""Every pattern instance as (pattern number, squares in reading order), in field order."""

_BYTES: Final = len(INSTANCES) * _FIELD // 8


def _square_vectors() -> list[int]:
    """Per square, what a disc of mine there adds to every field of the packed vector."""
    vectors = [0] * 64
    for field, (_, squares) in enumerate(INSTANCES):
        for digit, sq in enumerate(squares):
            vectors[sq] += POWERS_OF_3[digit] << (_FIELD * field)
    return vectors


def _row_tables(factor: int) -> list[list[int]]:
    """Per row of the board, per byte of discs in it: their sum in the packed vector, times
    ``factor`` (1 for my discs, 2 for the opponent's)."""
    vectors = _square_vectors()
    return [
        [
            factor * sum(vectors[row * 8 + c] for c in range(8) if byte >> c & 1)
            for byte in range(256)
        ]
        for row in range(8)
    ]


_MINE: Final = _row_tables(1)
_THEIRS: Final = _row_tables(2)


def _offsets() -> int:
    """The packed vector of every field's offset: where its pattern's table starts in a
    phase's flat list of weights."""
    starts, at = [], 0
    for pattern in PATTERNS:
        starts.append(at)
        at += pattern.size
    return sum(starts[k] << (_FIELD * field) for field, (k, _) in enumerate(INSTANCES))


_OFFSETS: Final = _offsets()
_PHASE_OF: Final = [phase_of(n) for n in range(65)]


def _load() -> tuple[list[PhaseWeights], str | None]:
    try:
        return read_weights(), None
    except WeightsError as err:
        zeros = tuple(array("h", bytes(2 * pattern.size)) for pattern in PATTERNS)
        mobility_only = (*zeros, array("h", [SCALE, 0, 0]))
        return [mobility_only] * PHASES, str(err)


_PHASES, WEIGHTS_PROBLEM = _load()
_LOOKUPS: Final[list[Callable[[int], int] | None]] = [None] * PHASES
"""Per phase, the ``__getitem__`` of its flat list of pattern values, made on first use."""
_FLAT: Final[list[list[int]]] = [[] for _ in range(PHASES)]
"""Per phase, that flat list itself (empty until made), for the compiled evaluation."""
_EXTRAS: Final[list[tuple[int, int, int]]] = []
"""Per number of empty squares, the weights of mobility, parity and the constant."""


def use_weights(phases: Sequence[PhaseWeights]) -> list[PhaseWeights]:
    """Evaluate with these weights from now on (tests, training scripts); returns the ones
    in use before, to put back."""
    global _PHASES
    before, _PHASES = _PHASES, list(phases)
    _LOOKUPS[:] = [None] * PHASES
    _FLAT[:] = [[] for _ in range(PHASES)]
    _EXTRAS[:] = [(e[0], e[1], e[2]) for e in (_PHASES[phase_of(n)][-1] for n in range(65))]
    return before


use_weights(_PHASES)


def _lookup(phase: int) -> Callable[[int], int]:
    """The phase's pattern tables as one flat list (equal values share one int object: the
    file holds a few thousand distinct values in 160,704 places a phase); a list indexes
    twice as fast as an ``array``. Made when the phase is first needed, so that importing
    the engine stays quick (25 ms a phase)."""
    flat = array("h")
    for table in _PHASES[phase][:-1]:
        flat.extend(table)
    shared = {value: value for value in set(flat)}
    values = list(map(shared.__getitem__, flat))
    _FLAT[phase] = values
    lookup = values.__getitem__
    _LOOKUPS[phase] = lookup
    return lookup


def prepare() -> None:
    """Make every phase's list now (0.4 s), not at its first use: for search processes,
    whose first searches should not pause for it, and for timing the evaluation."""
    for phase in range(PHASES):
        if _LOOKUPS[phase] is None:
            _lookup(phase)


def _instance_starts() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per pattern instance, where its pattern's values start in a phase's flat list and
    its squares in reading order (the digits of its configuration number)."""
    starts, at = [], 0
    for pattern in PATTERNS:
        starts.append(at)
        at += pattern.size
    return tuple((starts[k], squares) for k, squares in INSTANCES)


_INSTANCE_STARTS: Final = _instance_starts()


def evaluate(p: Bitboard, o: Bitboard) -> int:
    """Estimated final disc difference for the side owning ``p``, times ``SCALE``."""
    if COMPILED:
        return evaluate_words(to_word(p), to_word(o))
    n = 64 - (p | o).bit_count()
    m0, m1, m2, m3, m4, m5, m6, m7 = _MINE
    t0, t1, t2, t3, t4, t5, t6, t7 = _THEIRS
    packed = (
        _OFFSETS
        + m0[p & 255] + m1[p >> 8 & 255] + m2[p >> 16 & 255] + m3[p >> 24 & 255]
        + m4[p >> 32 & 255] + m5[p >> 40 & 255] + m6[p >> 48 & 255] + m7[p >> 56]
        + t0[o & 255] + t1[o >> 8 & 255] + t2[o >> 16 & 255] + t3[o >> 24 & 255]
        + t4[o >> 32 & 255] + t5[o >> 40 & 255] + t6[o >> 48 & 255] + t7[o >> 56]
    )  # fmt: skip
    phase = _PHASE_OF[n]
    lookup = _LOOKUPS[phase] or _lookup(phase)
    score = sum(map(lookup, memoryview(packed.to_bytes(_BYTES, "little")).cast("I")))
    w_mobility, w_parity, constant = _EXTRAS[n]
    return score + w_mobility * mobility(p, o) + (w_parity if n & 1 else 0) + constant


def evaluate_words(p: Word, o: Word) -> int:
    """:func:`evaluate` as compiled code does it fastest, with the same result: each
    instance's configuration number digit by digit in machine words, where the packed
    vector would be a long of 1,472 bits; mobility from two fills on words."""
    n = 64 - popcount(p | o)
    phase = _PHASE_OF[n]
    values = _FLAT[phase]
    if not values:
        _lookup(phase)
        values = _FLAT[phase]
    score = 0
    for start, squares in _INSTANCE_STARTS:
        index = start
        digit = 1
        for sq in squares:
            index += digit * ((p >> sq & 1) + 2 * (o >> sq & 1))
            digit *= 3
        score += values[index]
    w_mobility, w_parity, constant = _EXTRAS[n]
    moves = popcount(legal_words(p, o)) - popcount(legal_words(o, p))
    return score + w_mobility * moves + (w_parity if n & 1 else 0) + constant


# fmt: off
SQUARE_WEIGHTS: Final[tuple[int, ...]] = (
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
