"""Balanced starts and random positions in a score range: legal, where they say they are, and
scored as the search that chose them scores them."""

from __future__ import annotations

import json
import random

import pytest

from othello import Board, Engine
from othello.cli import main
from othello.club.starts import (
    BALANCED_MARGIN,
    BALANCED_MOVES,
    OPENING_SEARCH,
    RANGE_SEARCH,
    START_SYMMETRIES,
    Start,
    StartsError,
    balanced_start,
    decode,
    distinct_openings,
    encode,
    learnable,
    learnable_balanced,
    load_balanced,
    random_positions,
)
from othello.core.notation import square_name


def test_the_packaged_openings_are_legal_8_moves_in_and_balanced() -> None:
    starts, problem = load_balanced()
    assert problem is None and len(starts) >= 200
    assert len(set(starts)) == len(starts)
    for start in starts:
        board = start.board()  # raises on an illegal move
        assert len(board.history) == BALANCED_MOVES == len(start.moves)
        assert (board.black | board.white).bit_count() == 4 + BALANCED_MOVES
        assert board.black_to_move and not board.must_pass()
        assert abs(start.score) <= BALANCED_MARGIN


@pytest.mark.slow
def test_the_search_that_chose_them_scores_them_as_the_file_says() -> None:
    # The opening judge is a fixed depth: the same score on any machine, at any load.
    starts, _ = load_balanced()
    engine = Engine(level=OPENING_SEARCH)
    for start in random.Random(34).sample(starts, 2):
        engine.forget()
        assert engine.think(start.board()).score == start.score


def test_a_balanced_start_turned_by_a_symmetry_keeps_the_start_and_its_moves_legal() -> None:
    assert len(START_SYMMETRIES) == 4 and 0 in START_SYMMETRIES
    rng = random.Random(7)
    seen = set()
    for _ in range(40):
        start = balanced_start(rng)
        board = start.board()
        assert len(board.history) == BALANCED_MOVES and abs(start.score) <= BALANCED_MARGIN
        seen.add(start.moves[0])
    assert seen <= {37, 19, 26, 44}  # f5, d3, c4, e6
    assert len(seen) > 1  # the symmetries are used


@pytest.mark.slow
def test_the_file_format_round_trips_and_refuses_damage() -> None:
    starts = tuple(Start(line, score) for score, line in enumerate(distinct_openings(8)[:5]))
    data = encode(starts, 10, 1.5)
    assert decode(data) == starts
    for bad in (b"", b"XXXX" + data[4:], data[:-1], data[:12] + bytes([64]) + data[13:]):
        with pytest.raises(StartsError):
            decode(bad)


def test_every_distinct_opening_is_counted_once() -> None:
    lines = distinct_openings(3)
    # after f5: 3 replies, then Black's moves: the 4-disc positions up to symmetry
    assert all(line[0] == 37 and len(line) == 3 for line in lines)
    boards = {Start(line, 0).board().to_string() for line in lines}
    assert len(boards) == len(lines)


def test_random_positions_are_legal_at_their_move_and_in_their_range() -> None:
    rng = random.Random(1)

    def choose(board: Board) -> str:
        return rng.choice(board.legal_moves())

    def score(board: Board) -> int:
        return Engine(level=RANGE_SEARCH, depth=2).think(board).score

    found = list(random_positions(20, -4, 6, choose, score, tries=40))
    assert found
    for start in found:
        board = start.board()
        assert sum(1 for p in board.history if p.square >= 0) == 20
        assert -4 <= start.score <= 6 and score(board) == start.score
        assert not board.must_pass()


@pytest.mark.parametrize("moves, low, high", [(0, 0, 1), (60, 0, 1), (20, 5, 4), (20, -65, 0)])
def test_random_positions_refuse_an_impossible_request(moves: int, low: int, high: int) -> None:
    with pytest.raises(ValueError):
        next(random_positions(moves, low, high, lambda b: "", lambda b: 0))


def test_the_command_line_gives_balanced_starts_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["openings", "--balanced", "--count", "3", "--seed", "5", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 3 and len({row["moves"] for row in rows}) == 3
    for row in rows:
        assert set(row) == {"moves", "position", "score"}
        board = Board.from_transcript(row["moves"])
        assert board.to_string() == row["position"] and row["position"].endswith(" X")
        assert abs(row["score"]) <= BALANCED_MARGIN
    assert main(["openings", "--balanced", "--count", "3", "--seed", "5", "--json"]) == 0
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == rows


@pytest.mark.slow
def test_the_command_line_gives_positions_in_a_score_range(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["openings", "--random", "--moves", "24", "--range", "0:6", "--seed", "3", "--json"]
    assert main(args) == 0
    row = json.loads(capsys.readouterr().out)
    board = Board.from_transcript(row["moves"])
    assert board.to_string() == row["position"] and 0 <= row["score"] <= 6
    assert sum(1 for p in board.history if p.square >= 0) == 24
    judge = Engine(level=RANGE_SEARCH)
    assert judge.think(board).score == row["score"]  # the search's own score


@pytest.mark.parametrize(
    "args",
    [
        ["openings"],
        ["openings", "--random"],
        ["openings", "--random", "--moves", "20", "--range", "4"],
        ["openings", "--random", "--moves", "20", "--range", "5:1"],
        ["openings", "--balanced", "--count", "0"],
    ],
)
def test_the_command_line_refuses_what_it_cannot_do(args: list[str]) -> None:
    try:
        assert main(args) == 2
    except SystemExit as exit_:  # argparse's own refusal
        assert exit_.code == 2


def test_a_window_game_starts_from_an_opening_a_player_can_learn_from() -> None:
    """Issue 51, item 6: "c4 e3 f6 e6 d6 g7 f2 e7" played an X-square (g7) for the player; the
    window's balanced starts keep every move off the edges and the X-squares (7,602 of the
    10,032 balanced openings, every score from -2 to +2 among them)."""
    poor = Start(tuple(p.square for p in Board.from_transcript("c4e3f6e6d6g7f2e7").history), 0)
    assert not learnable(poor)
    kept = learnable_balanced()
    assert len(kept) == 7602 and {s.score for s in kept} == set(range(-2, 3))
    rng = random.Random(51)
    for _ in range(500):
        names = [square_name(sq) for sq in balanced_start(rng).moves]
        assert not {"b2", "g2", "b7", "g7"} & set(names), names
        assert not any(n[0] in "ah" or n[1] in "18" for n in names), names
