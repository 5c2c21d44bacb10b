"""The move list: browsing shows positions without changing the game; playing on from a
browsed position works like undo; nothing moves while the list is open."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pytest

from othello.gui.app import App
from othello.gui.model.session import Session
from othello.gui.scenes.move_list import MoveListOverlay, entries
from support.window import (
    FakeEngine,
    click,
    click_at,
    frames,
    frames_until,
    human_turn_idle,
    idle_at,
    press,
)


def test_showing_a_position_is_a_view_and_playing_on_keeps_the_game() -> None:
    session = Session(two_players=True)
    for move in ("f5", "d6", "c3", "d3"):
        session.play(move)
    game, moves = session.game, list(session.game.moves)
    assert session.show_ply(2) and session.browsing
    assert session.shown.transcript() == "f5d6" and session.shown.moves == moves
    assert session.game is game and game.cursor == 4 and game.moves == moves  # untouched
    session.show(None)
    assert not session.browsing and session.game.transcript() == "f5d6c3d3"
    assert session.play_from(2)  # a copy goes on from move 2, the game as it was is kept
    assert session.game is not game and session.game.transcript() == "f5d6"
    assert session.can_redo() and game.transcript() == "f5d6c3d3"
    session.play("c5")  # a different move: the copy's old continuation goes...
    assert session.game.transcript() == "f5d6c5" and not session.game.can_redo()
    while session.game is not game:  # ...and Undo walks back to the whole game
        assert session.undo()
    assert session.game.transcript() == "f5d6c3d3" and session.game.moves == moves


def test_playing_on_from_the_games_own_position_or_a_later_one_replaces_nothing() -> None:
    session = Session(two_players=True)
    for move in ("f5", "d6", "c3"):
        session.play(move)
    session.undo()
    game = session.game
    assert not session.play_from(2) and session.game is game  # where it is: nothing to do
    assert not session.play_from(3) and session.game is game  # forward: a redo
    assert session.game.transcript() == "f5d6c3" and not session.earlier


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
    assert app.session.shown.cursor == 2 and app.session.game.cursor == 4
    assert app.session.game.moves == moves
    press(pygame.K_h)  # no other key acts while browsing (no hint)
    frames(app, 2)
    assert app.session.game.moves == moves and app.play.computer.hints == {}
    press(pygame.K_END)
    press(pygame.K_HOME)
    frames(app, 1)
    assert app.session.shown.cursor == 0
    rect, ply = overlay.cells[2]  # click the third move: the position where it was played
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    frames(app, 1)
    assert app.session.shown.cursor == ply == 2 and app.session.game.cursor == 4
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
    assert app.session.game.transcript() == "f5d6c5" and not app.session.game.can_redo()


def test_closing_the_list_returns_to_the_game_where_it_was(make_app: Callable[..., App]) -> None:
    """M, a move shown, M again: the game as it was, nothing replayed (issue 31, item 1)."""
    engine = FakeEngine()
    app = make_app(engine)
    for turn in range(1, 4):
        click(app, app.session.board.legal_moves()[0])
        frames_until(app, idle_at(app, 2 * turn))
    game, moves, calls = app.session.game, list(app.session.game.moves), engine.calls
    for key in (pygame.K_m, pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT, pygame.K_m):
        press(key)
        frames(app, 1)
    frames(app, 20)
    assert app.find_scene(MoveListOverlay) is None and app.session.game is game
    assert game.moves == moves and game.cursor == len(moves) and engine.calls == calls
    press(pygame.K_m)
    press(pygame.K_HOME)
    press(pygame.K_ESCAPE)  # Esc closes the same way
    frames(app, 5)
    assert app.session.game is game and game.cursor == len(moves) and engine.calls == calls


def test_playing_on_from_a_finished_game_keeps_it_for_undo(make_app: Callable[..., App]) -> None:
    from othello.core.game import Game
    from support.positions import random_game

    app = make_app(FakeEngine(), mode="two-players")
    finished = Game()
    for sq in random_game(seed=4):
        finished.play(sq)
    app.session.set_game(finished)
    frames(app, 2)
    whole = list(app.session.game.moves)
    press(pygame.K_m)
    press(pygame.K_HOME)
    for _ in range(11):
        press(pygame.K_RIGHT)
    press(pygame.K_RETURN)  # play from here: move 11
    frames(app, 2)
    assert app.session.game.cursor == 11
    assert any("U brings back the game as it was" in t.text for t in app.play.notices.toasts)
    click(app, app.session.board.legal_moves()[-1])
    frames(app, 3)
    while app.session.game.moves != whole:
        press(pygame.K_u)
        frames(app, 1)
        assert app.session.can_undo() or app.session.game.moves == whole
    assert app.session.game.cursor == len(whole) and app.session.board.is_game_over()


def test_the_computer_waits_while_the_list_is_open(make_app: Callable[..., App]) -> None:
    engine = FakeEngine()
    app = make_app(engine)
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    calls = engine.calls
    press(pygame.K_m)
    press(pygame.K_LEFT)  # the computer's turn, shown
    frames(app, 20)
    assert app.session.shown.cursor == 1 and engine.calls == calls
    press(pygame.K_RETURN)  # play on from there: the computer moves again
    frames(app, 1)
    frames_until(app, lambda: app.session.game.cursor == 2 and human_turn_idle(app))
    assert engine.calls > calls and app.session.earlier  # the game it replaced is kept


def test_the_list_numbers_discs_and_shows_passes() -> None:
    session = Session(two_players=True)
    session.new_game()
    for move in ("f5", "d6"):
        session.play(move)
    assert entries(session) == [(0, "1. f5"), (1, "2. d6")]
    from othello import Board
    from support.window import WHITE_PASSES

    session.new_game(Board.from_string(WHITE_PASSES))
    session.play("d1")
    session.pass_if_forced()  # White has no move
    assert entries(session) == [(0, "1. d1"), (1, "pass")]


def test_after_m_and_m_again_space_still_hides_and_shows_the_result(
    make_app: Callable[..., App],
) -> None:
    from othello.core.game import Game

    app = make_app(FakeEngine())
    app.session.set_game(Game.from_transcript("d3c3b3d2e1d6d7e3f4"))  # Black is wiped out
    frames(app, 2)
    assert app.find_screen("end") is not None
    press(pygame.K_m)
    frames(app, 1)
    assert app.find_screen("moves") is not None and app.find_screen("end") is None
    press(pygame.K_m)
    frames(app, 1)
    end = app.find_screen("end")
    assert app.find_screen("moves") is None and end is not None and end.shown  # type: ignore[attr-defined]
    press(pygame.K_SPACE)
    frames(app, 1)
    assert not end.shown  # type: ignore[attr-defined]
    press(pygame.K_SPACE)
    frames(app, 1)
    assert end.shown  # type: ignore[attr-defined]


class Blits(pygame.Surface):
    """A surface that keeps each blit: what was drawn, and where."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        drawn = super().blit(source, dest, *args, **kwargs)
        self.drawn.append((source, pygame.Rect(drawn.topleft, source.get_size())))
        return drawn


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_chosen_moves_frame_holds_its_line_whole(
    make_app: Callable[..., App], language: str
) -> None:
    from othello.app import i18n
    from othello.core.game import Game

    app = make_app(FakeEngine(), mode="two-players")
    app.live_settings.show_display(replace(app.settings, language=language))
    app.session.set_game(Game.from_transcript("f5d6c3d3c4f4f6f3e6e7"))
    press(pygame.K_m)
    frames(app, 1)
    press(pygame.K_LEFT)
    frames(app, 1)
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None and i18n.language() == language
    surface = Blits(app.screen.get_size())
    overlay.draw(surface)
    frame = next(rect for rect, after in overlay.cells if after == overlay.cursor)
    ink = [
        source.get_bounding_rect().move(at.topleft)
        for source, at in surface.drawn
        if frame.collidepoint(at.left + 1, at.centery) and source.get_bounding_rect().height
    ]
    assert ink and all(frame.top < box.top and box.bottom < frame.bottom for box in ink)
