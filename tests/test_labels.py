"""What the panel says about the game: which move came from the book, which level the
computer plays, what applies with two players."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from othello.core.board import Board
from othello.gui.app import App
from support.window import BookResult, FakeEngine, FakeResult, click, frames, frames_until, press


class BookEngine(FakeEngine):
    """Answers every position with a move 'from the book' (the first legal one)."""

    def think(
        self, board: Board, stop: threading.Event | None = None, on_progress: Any = None
    ) -> FakeResult:
        return BookResult(super().think(board, stop, on_progress).move)


def test_only_the_computers_book_moves_in_this_game_are_labelled(
    make_app: Callable[..., App],
) -> None:
    app = make_app(BookEngine(), mode="computer", human_color="black")
    click(app, "f5")
    frames_until(app, lambda: app.session.game.cursor == 2)
    frames(app, 1)
    assert app.play.panel_view().from_book  # the computer's reply came from the book
    reply = app.session.game.moves[1]
    app.session.set_two_players(True)
    app.session.new_game()  # a new game, both moves by hand: the same squares, no book
    app.session.play("f5")
    app.session.play(reply)
    frames(app, 1)
    assert not app.play.panel_view().from_book
    app.session.undo()  # the same game: the book's move taken back and played by a person
    app.session.play(reply)
    frames(app, 1)
    assert not app.play.panel_view().from_book


def test_two_players_show_the_hints_strength_not_a_level(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players", level=2)
    frames(app, 1)
    view = app.play.panel_view()
    assert view.level_label == "Hints" and "Learner" not in view.level_text + view.level_help
    assert "no computer plays" in view.level_help
    assert not view.enabled["level-up"] and not view.enabled["level-down"]
    press(pygame.K_PLUS, unicode="+")
    frames(app, 1)
    assert app.session.level == 2
    app.session.set_two_players(False)
    assert app.play.panel_view().level_text == "2 · Learner"
