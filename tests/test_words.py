"""Words (othello.core.words): bitboards as machine integers in the compiled build, plain
ints in the pure one. These run on whichever build is installed; .ci/run runs them on both."""

from __future__ import annotations

import random

import pytest

from othello.core.bitboard import FULL
from othello.core.words import popcount, to_bitboard, to_word

EDGES = [0, 1, 1 << 62, 1 << 63, FULL, FULL >> 1, (1 << 63) | 1, 0x8000_0000_0000_00FF]


@pytest.mark.parametrize("seed", range(3))
def test_a_word_keeps_its_squares_and_their_count(seed: int) -> None:
    rng = random.Random(seed)
    boards = EDGES + [rng.getrandbits(64) for _ in range(2000)]
    for x in boards:
        w = to_word(x)
        assert to_bitboard(w) == x
        assert popcount(w) == x.bit_count()
