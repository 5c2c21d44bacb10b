"""The game record: undo, redo, and dropping the redo line when a new move is played."""

from __future__ import annotations

import pytest

from othello import Board, Game, IllegalMoveError
from othello.core.bitboard import PASS


def test_undo_redo_and_branching() -> None:
    game = Game()
    for move in ("f5", "d6", "c3"):
        game.play(move)
    assert game.transcript() == "f5d6c3"
    assert game.undo() is not None and game.undo() is not None
    assert game.transcript() == "f5" and game.can_redo()
    assert game.redo() is not None
    assert game.transcript() == "f5d6"
    game.play("c5")  # a different move: the undone c3 can no longer be redone
    assert game.transcript() == "f5d6c5" and not game.can_redo()
    while game.undo() is not None:
        pass
    assert game.board == Board() and game.undo() is None


def test_illegal_play_changes_nothing() -> None:
    game = Game.from_transcript("f5d6")
    with pytest.raises(IllegalMoveError):
        game.play("a1")
    assert game.transcript() == "f5d6" and game.cursor == 2


def test_passes_are_recorded() -> None:
    game = Game(Board.from_string("XO" + "-" * 62 + " O"))
    game.play(PASS)
    game.play("c1")
    assert game.moves == [PASS, 2]
    assert game.transcript() == "c1" and game.transcript(with_passes=True) == "pac1"
    assert game.board.is_game_over()
