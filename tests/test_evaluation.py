"""The learned pattern evaluation: its fast indexes against the plain definition, its
symmetry, and its weights file (shape, and a clear error when it is missing or damaged)."""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from othello.core.bitboard import FULL, legal_moves, mobility
from othello.core.board import Board
from othello.core.errors import WeightsError
from othello.engine import evaluation, pattern_weights, table_files
from othello.engine.api import Engine
from othello.engine.pattern_weights import EXTRA_FEATURES, PHASES, PhaseWeights, read_weights
from othello.engine.patterns import PATTERNS, canonical, index_of, instances, transform


def random_positions(count: int, seed: int) -> list[tuple[int, int]]:
    """Positions (side to move, opponent) from seeded random games, at every stage."""
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        board = Board()
        while not board.is_game_over():
            squares = board.legal_squares()
            if squares:
                board.push_square(rng.choice(squares))
            else:
                board.push_pass()
            if rng.random() < 0.15:
                found.append((board.player, board.opponent))
    return found[:count]


def slow_evaluate(phase: PhaseWeights, p: int, o: int) -> int:
    """The evaluation as defined: every instance of every pattern read square by square."""
    score = sum(
        phase[k][index_of(p, o, squares)]
        for k, pattern in enumerate(PATTERNS)
        for squares in instances(pattern)
    )
    mobility, parity, constant = phase[-1]
    empties = 64 - (p | o).bit_count()
    moves = legal_moves(p, o).bit_count() - legal_moves(o, p).bit_count()
    return score + mobility * moves + (parity if empties & 1 else 0) + constant


def random_phase(rng: random.Random) -> PhaseWeights:
    tables = [array("h", [rng.randint(-900, 900) for _ in range(p.size)]) for p in PATTERNS]
    return (*tables, array("h", [rng.randint(-99, 99) for _ in EXTRA_FEATURES]))


@pytest.fixture
def weights() -> Iterator[Callable[[list[PhaseWeights]], None]]:
    """Evaluate with other weights inside a test; the shipped ones come back after it."""
    shipped: list[list[PhaseWeights]] = []

    def use(phases: list[PhaseWeights]) -> None:
        before = evaluation.use_weights(phases)
        if not shipped:
            shipped.append(before)

    yield use
    if shipped:
        evaluation.use_weights(shipped[0])


@pytest.mark.slow
def test_fast_indexes_match_the_plain_definition(
    weights: Callable[[list[PhaseWeights]], None],
) -> None:
    # Random values in every table entry, different in every phase: a wrong index, a
    # swapped digit, a pattern read from the wrong end or the wrong phase changes the sum.
    rng = random.Random(14)
    phases = [random_phase(rng) for _ in range(PHASES)]
    weights(phases)
    for p, o in random_positions(400, seed=1):
        n = 64 - (p | o).bit_count()
        assert evaluation.evaluate(p, o) == slow_evaluate(phases[pattern_weights.phase_of(n)], p, o)


def test_the_evaluation_follows_moves_and_undos_with_passes() -> None:
    # The evaluation keeps no state between calls (each call builds its packed vector
    # afresh), so a game walked forwards and back, passes included, scores as defined at
    # every step; the walk plays to the end so that positions with a pass are in it.
    phases = read_weights()
    rng = random.Random(21)
    board, passes = Board(), 0
    for _ in range(400):
        if board.is_game_over() or (board.history and rng.random() < 0.3):
            board.pop()
        elif board.must_pass():
            board.push_pass()
            passes += 1
        else:
            board.push_square(rng.choice(board.legal_squares()))
        p, o = board.player, board.opponent
        phase = phases[pattern_weights.phase_of(64 - (p | o).bit_count())]
        assert evaluation.evaluate(p, o) == slow_evaluate(phase, p, o)
    assert passes > 0


def test_mobility_is_both_sides_moves_counted_apart() -> None:
    # The two boards share one int: a disc of one leaking into the other's fill would show.
    positions = [*random_positions(600, seed=9), (FULL, 0), (0, 0), (1, 2), (FULL ^ 1, 0)]
    for p, o in positions:
        expected = legal_moves(p, o).bit_count() - legal_moves(o, p).bit_count()
        assert mobility(p, o) == expected
        assert mobility(o, p) == -expected


def test_the_shipped_weights_are_what_the_evaluation_uses() -> None:
    phases = read_weights()
    for p, o in random_positions(100, seed=2):
        n = 64 - (p | o).bit_count()
        phase = phases[pattern_weights.phase_of(n)]
        assert evaluation.evaluate(p, o) == slow_evaluate(phase, p, o)
    assert evaluation.WEIGHTS_PROBLEM is None


@pytest.mark.parametrize("seed", range(4))
def test_the_eight_symmetries_of_a_position_score_the_same(seed: int) -> None:
    for p, o in random_positions(25, seed=100 + seed):
        scores = {evaluation.evaluate(transform(k, p), transform(k, o)) for k in range(8)}
        assert len(scores) == 1, (p, o)


def test_the_weights_file_has_the_expected_shape() -> None:
    phases = read_weights()
    assert len(phases) == PHASES
    for phase in phases:
        assert [len(t) for t in phase] == [p.size for p in PATTERNS] + [len(EXTRA_FEATURES)]
        assert any(phase[0])  # fitted, not zeros
    # configurations that are the same up to a self-symmetry share their value
    edge = PATTERNS[0]
    for index in random.Random(3).sample(range(edge.size), 300):
        assert phases[8][0][index] == phases[8][0][canonical(edge, index)]
    # mobility is worth something from the middle game on, and a disc lead at the end
    assert all(phase[-1][0] > 0 for phase in phases[4:14])


def test_the_evaluation_prefers_the_obvious() -> None:
    # Owning all four corners in the middle game is good for the side that owns them.
    corners = 0x8100000000000081
    middle = 0x00003C3C3C3C0000
    assert evaluation.evaluate(corners | 0x1818000000, middle & ~0x1818000000) > 0
    assert evaluation.evaluate(middle & ~0x1818000000, corners | 0x1818000000) < 0


def _raw_with(monkeypatch: pytest.MonkeyPatch, raw: array[int] | None) -> None:
    monkeypatch.setattr(table_files, "read_int16", lambda name: raw)


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        ("missing", "missing from the package"),
        ("header", "fitted for other patterns or is damaged"),
        ("short", "cut short or too long"),
    ],
)
def test_a_missing_or_damaged_weights_file_is_named_clearly(
    monkeypatch: pytest.MonkeyPatch, damage: str, words: str
) -> None:
    good = table_files.read_int16(pattern_weights.TABLE)
    assert good is not None
    raw = {
        "missing": None,
        "header": array("h", [7]) + good[1:],
        "short": good[:-5],
    }[damage]
    _raw_with(monkeypatch, raw)
    with pytest.raises(WeightsError, match=words):
        read_weights()
    message = pattern_weights.problem()
    assert message is not None and words in message and "patterns.bin" in message


def test_without_weights_the_engine_still_plays_a_whole_game(
    monkeypatch: pytest.MonkeyPatch, weights: Callable[[list[PhaseWeights]], None]
) -> None:
    # The search process reads the weights at import; if they are broken it says why and
    # plays on mobility alone, so nothing fails later in the middle of a game.
    _raw_with(monkeypatch, None)
    phases, message = evaluation._load()
    assert message is not None and "missing" in message
    weights(phases)
    board = Board()
    engine = Engine(level=2, seed=5)
    while not board.is_game_over():
        board.push(engine.think(board).move)
    assert board.is_game_over()


def test_learned_tables_are_little_endian_files(tmp_path: Path) -> None:
    assert table_files.read_int16("no-such-table") is None
    path = table_files.write_int16(tmp_path, "t", array("h", [1, -2, 300]))
    assert path.read_bytes() == b"\x01\x00\xfe\xff\x2c\x01"  # the same on every machine
