"""Rules of the engine, checked against published perft counts, the FFO move lists and a
naive reference implementation over thousands of random games."""

from __future__ import annotations

import doctest
import random

import pytest

import othello.core.board
import othello.core.notation
from conftest import DATA
from othello import Board, IllegalMoveError, NotationError
from othello.core.bitboard import perft
from othello.core.board import START_BLACK, START_WHITE
from support.reference import RefBoard, name, other
from support.reference import perft as reference_perft


def published_perft() -> dict[int, int]:
    counts = {}
    for line in (DATA / "perft.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            ply, leaves = line.split()
            counts[int(ply)] = int(leaves)
    return counts


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_matches_published_counts(depth: int) -> None:
    assert perft(START_BLACK, START_WHITE, depth) == published_perft()[depth]


@pytest.mark.slow
def test_perft_9_reaches_the_first_finished_games() -> None:
    # The shortest Othello games end at ply 9: the first depth where the counting rule
    # for finished games matters from the start position.
    assert perft(START_BLACK, START_WHITE, 9) == published_perft()[9]


def endgame_positions(count: int, seed: int) -> list[tuple[Board, RefBoard]]:
    """Random positions 4 to 10 plies before the end of random games, on both boards."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        game = Board()
        while not game.is_game_over():
            game.push_pass() if game.must_pass() else game.push(rng.choice(game.legal_moves()))
        ours, ref = Board(), RefBoard()
        for played in game.history[: max(0, len(game.history) - rng.randint(4, 10))]:
            if played.square < 0:
                ours.push_pass()
                ref.pass_turn()
            else:
                ours.push_square(played.square)
                ref.play(played.square // 8, played.square % 8)
        positions.append((ours, ref))
    return positions


def tree_events(board: Board, depth: int) -> set[str]:
    """Which of "pass" and "end" occur within ``depth`` plies of ``board``."""
    if board.is_game_over():
        return {"end"}
    if depth == 0:
        return set()
    events = {"pass"} if board.must_pass() else set()
    for move in board.legal_moves() or ["pass"]:
        board.push(move)
        events |= tree_events(board, depth - 1)
        board.pop()
    return events


@pytest.mark.slow
def test_perft_counts_passes_and_finished_games_like_the_reference() -> None:
    # Near the end of a game passes and finished games are common: the engine's perft
    # and a perft over the naive reference board must agree ply by ply.
    events: set[str] = set()
    for ours, ref in endgame_positions(40, seed=99):
        for depth in range(1, 5):
            assert perft(ours.player, ours.opponent, depth) == reference_perft(ref, depth)
        events |= tree_events(ours, 4)
    assert events == {"pass", "end"}  # the positions really exercise both rules


def test_start_position() -> None:
    b = Board()
    assert b.side_to_move == "black"
    assert b.legal_moves() == ["d3", "c4", "f5", "e6"]
    assert b.count() == (2, 2)
    assert b.to_string() == "-" * 27 + "OX------XO" + "-" * 27 + " X"


def test_white_never_moves_first() -> None:
    b = Board()
    with pytest.raises(IllegalMoveError):
        b.push("f4")  # a white-only opening square would need white to move
    b.push("f5")
    assert b.side_to_move == "white"


def test_push_pop_restores_everything() -> None:
    b = Board()
    before = (b.black, b.white, b.black_to_move)
    b.push("f5")
    assert b.count() == (4, 1)
    assert b.pop() == "f5"
    assert (b.black, b.white, b.black_to_move) == before
    with pytest.raises(IndexError):
        b.pop()


@pytest.mark.parametrize(
    "move, why",
    [("a1", "turns no disc over"), ("d4", "occupied"), ("pass", "cannot pass")],
)
def test_illegal_moves_are_refused_and_change_nothing(move: str, why: str) -> None:
    b = Board()
    with pytest.raises(IllegalMoveError, match=why):
        b.push(move)
    assert b == Board() and b.history == []


def ffo_positions() -> list[tuple[str, list[str]]]:
    rows = []
    for path in sorted(DATA.glob("fforum-*.obf")):
        for line in path.read_text().splitlines():
            if line.strip():
                board_text, *moves = [part.strip() for part in line.split(";")]
                rows.append((board_text, sorted(m.split(":")[0].lower() for m in moves if m)))
    return rows


def test_ffo_legal_moves_match_published_lists() -> None:
    positions = ffo_positions()
    assert len(positions) == 39
    for board_text, moves in positions:
        b = Board.from_string(board_text)
        assert sorted(b.legal_moves()) == moves, board_text
        assert Board.from_string(b.to_string()) == b


def test_ffo_counts_move_lists_by_square() -> None:
    # The number of listed moves per position equals our move count: a second, coarser check.
    for board_text, moves in ffo_positions():
        assert len(Board.from_string(board_text).legal_squares()) == len(moves)


def play_random_game(rng: random.Random) -> RefBoard:
    """Play one random game on both implementations, comparing every step; returns the
    reference's final position."""
    ours, ref = Board(), RefBoard()
    while True:
        ref_squares = ref.moves()  # the naive generator is slow: once per ply
        # ascending a1..h8 means by square index: a1, b1, ..., h1, a2, ...
        ref_moves = sorted((name(r, c) for r, c in ref_squares), key=othello.parse_square)
        over = not ref_squares and not ref.moves(other(ref.turn))
        assert ours.legal_moves() == ref_moves
        assert ours.is_game_over() == over
        assert ours.count() == ref.count()
        assert ours.side_to_move == ("black" if ref.turn == "B" else "white")
        if over:
            with pytest.raises(IllegalMoveError):
                ours.push_pass()
            return ref
        if not ref_squares:
            assert ours.must_pass()
            ref.pass_turn()
            ours.push_pass()
            continue
        assert not ours.must_pass()
        r, c = rng.choice(ref_squares)
        expected = sorted(name(fr, fc) for fr, fc in ref.flips_for(r, c, ref.turn))
        assert sorted(othello.square_name(s) for s in ours.flips(name(r, c))) == expected
        ref.play(r, c)
        ours.push(name(r, c))


@pytest.mark.slow
def test_random_games_agree_with_reference() -> None:
    rng = random.Random(12345)
    for _ in range(2000):
        play_random_game(rng)


def test_random_games_unwind_to_start() -> None:
    rng = random.Random(7)
    for _ in range(200):
        b = Board()
        seen = [b.to_string()]
        while not b.is_game_over():
            if b.must_pass():
                b.push_pass()
            else:
                b.push(rng.choice(b.legal_moves()))
            seen.append(b.to_string())
        for expected in reversed(seen[:-1]):
            b.pop()
            assert b.to_string() == expected


def test_pass_keeps_the_game_going() -> None:
    # White to move with no legal move while black still has one: white must pass.
    # a1 black, b1 white, c1 empty: black can capture via c1; white has nothing to flip.
    b = Board.from_string("XO" + "-" * 62 + " O")
    assert b.legal_moves() == []
    assert b.must_pass() and not b.is_game_over()
    with pytest.raises(IllegalMoveError):
        b.push("c1")
    b.push_pass()
    assert b.side_to_move == "black" and b.legal_moves() == ["c1"]
    b.push("c1")
    assert b.is_game_over() and b.winner() == "black"
    assert b.count() == (3, 0)


def test_game_over_and_winner() -> None:
    full = Board.from_string("X" * 40 + "O" * 24 + " O")
    assert full.is_game_over() and full.winner() == "black" and full.score() == 16
    draw = Board.from_string("X" * 32 + "O" * 32 + " X")
    assert draw.is_game_over() and draw.winner() is None
    assert Board().winner() is None


def test_transcript_round_trip_and_implied_passes() -> None:
    text = "f5d6c3d3c4f4f6f3e6e7"
    b = Board.from_transcript(text)
    assert b.transcript() == text
    assert Board.from_transcript(" F5 D6 c3d3c4f4f6f3e6e7 ") == b
    # Play a random game with passes; written passes and implied passes read the same.
    rng = random.Random(3)
    for _ in range(300):
        g = Board()
        while not g.is_game_over():
            g.push_pass() if g.must_pass() else g.push(rng.choice(g.legal_moves()))
        assert Board.from_transcript(g.transcript()) == g
        assert Board.from_transcript(g.transcript(with_passes=True)) == g
        assert Board.from_transcript(g.transcript(with_passes=True).replace("pa", "--")) == g


@pytest.mark.parametrize(
    "text, error, fragment",
    [
        ("f5d6z3", NotationError, "'z3'"),
        ("f5d", NotationError, "lone 'd'"),
        ("f 5d6", NotationError, "lone 'f' at character 1"),  # a move split by a space
        ("f5 d6 c", NotationError, "lone 'c' at character 7"),
        ("f5f5", IllegalMoveError, "move 2"),
        ("pa", IllegalMoveError, "cannot pass"),
        ("f5i9", NotationError, "move 2"),
    ],
)
def test_malformed_transcripts_name_the_problem(text: str, error: type, fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        Board.from_transcript(text)


def test_a_transcript_must_be_text() -> None:
    with pytest.raises(NotationError, match="must be text"):
        Board.from_transcript(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("X" * 63 + " X", "64 characters"),
        ("X" * 64 + " Z", "'Z'"),
        ("X" * 30 + "?" + "X" * 33 + " X", "'?' at square g4"),
        ("", "0 characters"),
    ],
)
def test_malformed_board_strings_name_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        Board.from_string(text)


def test_board_string_accepts_alternative_characters() -> None:
    a = Board.from_string("*0." + "-" * 61 + " 0")
    assert a == Board.from_string("XO" + "-" * 62 + " O")
    assert a.to_string() == "XO" + "-" * 62 + " O"


def test_squares_are_case_insensitive_in_lower_case_out() -> None:
    assert othello.parse_square("F5") == othello.parse_square("f5") == 37
    assert othello.square_name(0) == "a1" and othello.square_name(63) == "h8"
    for bad in ("i1", "a9", "a", "f55", ""):
        with pytest.raises(NotationError):
            othello.parse_square(bad)


def test_errors_are_value_errors() -> None:
    assert issubclass(NotationError, ValueError) and issubclass(IllegalMoveError, ValueError)


def test_docstring_examples() -> None:
    for module in (othello.core.board, othello.core.notation):
        assert doctest.testmod(module).failed == 0
