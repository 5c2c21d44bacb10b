"""The move list: browsing shows positions without changing the game; playing on from a
browsed position works like undo; nothing moves while the list is open."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from othello.gui.app import App
from othello.gui.move_list import MoveListOverlay, entries
from othello.gui.session import Session
from test_gui import (
    FakeEngine,
    app_maker,
    click,
    click_at,
    frames,
    frames_until,
    human_turn_idle,
    press,
)


@pytest.fixture
def make_app() -> Iterator[Callable[..., App]]:
    yield from app_maker()


def test_go_to_keeps_every_move_and_playing_on_is_like_undo() -> None:
    session = Session(two_players=True)
    for move in ("f5", "d6", "c3", "d3"):
        session.play(move)
    moves = list(session.game.moves)
    assert session.go_to(2) and session.game.moves == moves and session.game.cursor == 2
    assert session.game.transcript() == "f5d6"
    assert session.go_to(3) and session.game.transcript() == "f5d6c3"
    undone = Session(two_players=True)
    for move in ("f5", "d6", "c3", "d3"):
        undone.play(move)
    undone.undo()
    undone.undo()
    session.go_to(2)
    assert session.game.moves == undone.game.moves and session.board == undone.board
    session.play("c5")  # a different move: the old continuation goes
    assert session.game.transcript() == "f5d6c5" and not session.can_redo()


def test_browsing_in_the_window_is_view_only(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    for move in ("f5", "d6", "c3", "d3"):
        click(app, move)
        frames(app, 3)
    moves = list(app.session.game.moves)
    press(pygame.K_m)
    frames(app, 1)
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None and app.session.browsing
    press(pygame.K_LEFT)
    press(pygame.K_LEFT)
    frames(app, 2)
    assert app.session.game.cursor == 2 and app.session.game.moves == moves
    press(pygame.K_h)  # no other key acts while browsing (no hint)
    frames(app, 2)
    assert app.session.game.moves == moves and app.play.computer.hints == {}
    press(pygame.K_END)
    press(pygame.K_HOME)
    frames(app, 1)
    assert app.session.game.cursor == 0
    rect, ply = overlay.cells[2]  # click the third move: the position where it was played
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    frames(app, 1)
    assert app.session.game.cursor == ply == 2
    press(pygame.K_RETURN)  # play from here
    frames(app, 2)
    assert app.find_scene(MoveListOverlay) is None and not app.session.browsing
    click(app, "c5")
    frames(app, 3)
    assert app.session.game.transcript() == "f5d6c5"


def test_a_move_on_the_board_or_the_button_plays_on_from_the_position_shown(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    for move in ("f5", "d6", "c3", "d3"):
        app.session.play(move)
    press(pygame.K_m)
    press(pygame.K_LEFT)
    press(pygame.K_LEFT)
    frames(app, 2)
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None and overlay.play_button.width > 0
    click_at(overlay.play_button.center)  # "Play from here": the list closes, redo kept
    frames(app, 1)
    assert app.find_scene(MoveListOverlay) is None and app.session.can_redo()
    assert app.session.game.cursor == 2
    press(pygame.K_m)
    frames(app, 1)
    click(app, "c5")  # a move on the board: from the position shown, the old line goes
    frames(app, 3)
    assert app.find_scene(MoveListOverlay) is None and not app.session.browsing
    assert app.session.game.transcript() == "f5d6c5" and not app.session.can_redo()


def test_the_computer_waits_while_the_list_is_open(make_app: Callable[..., App]) -> None:
    engine = FakeEngine()
    app = make_app(engine)
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    calls = engine.calls
    press(pygame.K_m)
    press(pygame.K_LEFT)  # the computer's turn, shown
    frames(app, 20)
    assert app.session.game.cursor == 1 and engine.calls == calls
    press(pygame.K_ESCAPE)  # play on from there: the computer moves again
    frames_until(app, lambda: app.session.game.cursor == 2)
    assert engine.calls > calls


def test_the_list_numbers_discs_and_shows_passes() -> None:
    session = Session(two_players=True)
    session.new_game()
    for move in ("f5", "d6"):
        session.play(move)
    assert entries(session) == [(0, "1. f5"), (1, "2. d6")]
    from othello import Board
    from test_gui import WHITE_PASSES

    session.new_game(Board.from_string(WHITE_PASSES))
    session.play("d1")
    session.pass_if_forced()  # White has no move
    assert entries(session) == [(0, "1. d1"), (1, "pass")]
