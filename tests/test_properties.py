"""Property tests: push/pop and the text forms round-trip for any reachable position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from othello import Board, Game
from othello.core.bitboard import PASS
from othello.core.notation import parse_square, square_name


@st.composite
def games(draw: st.DrawFn) -> Board:
    """A board after a game of random length, passes included where forced."""
    board = Board()
    for _ in range(draw(st.integers(0, 64))):
        if board.is_game_over():
            break
        if board.must_pass():
            board.push_pass()
        else:
            board.push(draw(st.sampled_from(board.legal_moves())))
    return board


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(games())
def test_push_pop_round_trip(board: Board) -> None:
    snapshot = board.to_string()
    for move in board.legal_moves() or (["pass"] if board.must_pass() else []):
        board.push(move)
        board.pop()
        assert board.to_string() == snapshot


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(games())
def test_notation_round_trips(board: Board) -> None:
    assert Board.from_string(board.to_string()) == board
    assert Board.from_transcript(board.transcript(with_passes=True)) == board
    # Implied passes cannot show a pass that ends the transcript; all else is the same.
    trimmed = board.copy()
    if trimmed.last_move == PASS:
        trimmed.pop()
    assert Board.from_transcript(board.transcript()) == trimmed
    assert Board.from_transcript(board.transcript()).transcript() == board.transcript()


@given(st.integers(0, 63))
def test_square_names_round_trip(sq: int) -> None:
    assert parse_square(square_name(sq)) == sq
    assert parse_square(square_name(sq).upper()) == sq


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(games(), st.data())
def test_game_undo_redo_round_trip(board: Board, data: st.DataObject) -> None:
    game = Game.from_transcript(board.transcript(with_passes=True))
    assert game.board == board
    back = data.draw(st.integers(0, game.cursor))
    for _ in range(back):
        game.undo()
    for _ in range(back):
        game.redo()
    assert game.board == board
    assert game.transcript(with_passes=True) == board.transcript(with_passes=True)
