"""Words (othello.core.words): bitboards as machine integers in the compiled build, plain
ints in the pure one. These run on whichever build is installed; .ci/run runs them on both."""

from __future__ import annotations

import random

import pytest

from othello.core.bitboard import FULL, flips, legal_moves
from othello.core.words import (
    WORD_SQUARE,
    final_words,
    flip_words,
    legal_words,
    popcount,
    square_of,
    to_bitboard,
    to_word,
)
from othello.engine.search_common import final_score

EDGES = [0, 1, 1 << 62, 1 << 63, FULL, FULL >> 1, (1 << 63) | 1, 0x8000_0000_0000_00FF]


@pytest.mark.parametrize("seed", range(3))
def test_a_word_keeps_its_squares_and_their_count(seed: int) -> None:
    rng = random.Random(seed)
    boards = EDGES + [rng.getrandbits(64) for _ in range(2000)]
    for x in boards:
        w = to_word(x)
        assert to_bitboard(w) == x
        assert popcount(w) == x.bit_count()


def random_positions(seed: int, count: int) -> list[tuple[int, int]]:
    """Random positions, h8 and g8 taken in most (where a signed word differs)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        taken = rng.getrandbits(64) | rng.getrandbits(64)
        if rng.random() < 0.7:
            taken |= 3 << 62
        p = taken & rng.getrandbits(64)
        found.append((p, taken & ~p))
    return found


@pytest.mark.parametrize("seed", range(3))
def test_moves_and_flips_on_words_are_the_bitboards(seed: int) -> None:
    """legal_words and flip_words against legal_moves and flips (on the compiled build the
    words are signed: a shift right that is not masked shows here)."""
    for p, o in random_positions(seed, 1500):
        assert to_bitboard(legal_words(to_word(p), to_word(o))) == legal_moves(p, o)
        empty = ~(p | o) & FULL
        while empty:
            sq = (empty & -empty).bit_length() - 1
            empty &= empty - 1
            flipped = flip_words(to_word(p), to_word(o), sq)
            assert to_bitboard(flipped) == flips(p, o, sq)
            assert square_of(WORD_SQUARE[sq]) == sq


def test_the_final_score_on_words_is_the_bitboards() -> None:
    for p, o in random_positions(9, 1000):
        assert final_words(to_word(p), to_word(o)) == final_score(p, o)


def test_the_evaluation_on_words_is_the_packed_one() -> None:
    """The compiled build's evaluation (each pattern's number digit by digit) against the
    pure one's packed vector; on the pure build both run (the compiled one slowly)."""
    from othello.engine import evaluation

    for p, o in random_positions(11, 300):
        assert evaluation.evaluate_words(to_word(p), to_word(o)) == evaluation.evaluate(p, o)
