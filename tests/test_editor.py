"""Setting up a position: squares cycle, the side to move changes, Enter makes a playable
game (the earlier one kept for undo), Esc changes nothing, a finished position says so."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from othello import Board
from othello.app.files import game_files
from othello.core.notation import parse_square
from othello.gui.app import App
from othello.gui.scenes.position_editor import PositionEditor
from support.window import FakeEngine, click_at, frames, press, press_waiting


def right_click(app: App, name: str, button: int = 1) -> None:
    pos = app.layout.square_rect(parse_square(name)).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    frames(app, 1)


def test_setting_up_and_playing_a_position(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    app.session.play("f5")
    press_waiting(app, pygame.K_e)
    frames(app, 1)
    assert app.find_scene(PositionEditor) is not None
    right_click(app, "c4")  # empty -> black
    right_click(app, "f6")
    right_click(app, "f6")  # -> white
    right_click(app, "c3", button=3)  # empty -> white, going back
    editor = app.find_scene(PositionEditor)
    assert editor is not None
    press(pygame.K_TAB)
    frames(app, 1)
    assert editor.black_to_move  # after f5 it was White's move
    press(pygame.K_TAB)
    press(pygame.K_RETURN)
    frames(app, 2)
    board = app.session.board
    assert app.find_scene(PositionEditor) is None and not app.session.browsing
    assert board.black >> parse_square("c4") & 1 and board.white >> parse_square("f6") & 1
    assert board.white >> parse_square("c3") & 1 and board.side_to_move == "white"
    assert app.session.game.start == board and app.session.can_undo()  # the f5 game is kept
    move = board.legal_moves()[0]
    app.session.play(move)  # a playable game
    assert app.session.game.transcript() == move
    app.session.undo()
    app.session.undo()
    assert app.session.game.transcript() == "f5"  # the earlier game, back


def test_escape_changes_nothing(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    app.session.play("f5")
    before = app.session.game
    press_waiting(app, pygame.K_e)
    press(pygame.K_c)  # cleared...
    frames(app, 1)
    assert app.session.shown.board.black == 0 and app.session.game is before  # a view
    press(pygame.K_ESCAPE)  # ...and cancelled
    frames(app, 1)
    assert app.session.game is before and app.session.game.transcript() == "f5"


def test_a_finished_position_says_so(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    press_waiting(app, pygame.K_e)
    press(pygame.K_c)
    for name in ("d4", "e4", "d5", "e5"):
        right_click(app, name)  # the centre, all black: nobody can move
    press(pygame.K_RETURN)
    frames(app, 2)
    centre = sum(1 << parse_square(name) for name in ("d4", "e4", "d5", "e5"))
    assert app.session.board.is_game_over() and app.session.board == Board.from_bitboards(centre, 0)
    assert any("game is over" in t.text for t in app.play.notices.toasts)


def test_a_position_paste_refuses_is_not_played_and_says_why(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    app.session.play("f5")
    before = app.session.game
    press_waiting(app, pygame.K_e)
    press(pygame.K_c)
    right_click(app, "a1")  # black
    right_click(app, "b2")
    right_click(app, "b2")  # white; the centre empty
    editor = app.find_scene(PositionEditor)
    board_string = app.session.shown.board.to_string()
    press(pygame.K_RETURN)
    frames(app, 2)
    assert app.find_scene(PositionEditor) is editor  # still setting up: nothing lost
    with pytest.raises(game_files.GameTextError) as refused:
        game_files.parse_game_text(board_string)  # what a paste of the same position says
    said = [t.text for t in app.play.notices.toasts]
    assert any(str(refused.value) in text for text in said)
    press(pygame.K_ESCAPE)
    frames(app, 1)
    assert app.session.game is before


def test_the_editors_buttons_do_what_their_keys_do(make_app: Callable[..., App]) -> None:
    from othello.gui.scenes.position_editor import PositionEditor

    app = make_app(FakeEngine(), mode="two-players")
    frames(app, 1)
    press_waiting(app, pygame.K_e)
    frames(app, 1)
    editor = app.find_scene(PositionEditor)
    assert editor is not None and set(editor.buttons) == {
        "clear",
        "start",
        "side",
        "play",
        "cancel",
    }
    click_at(editor.buttons["clear"].center)
    frames(app, 1)
    assert app.session.shown.board.count() == (0, 0)
    click_at(editor.buttons["start"].center)
    click_at(editor.buttons["side"].center)
    frames(app, 1)
    assert app.session.shown.board.count() == (2, 2) and not editor.black_to_move
    click_at(editor.buttons["play"].center)
    frames(app, 1)
    assert app.find_scene(PositionEditor) is None and app.session.board.side_to_move == "white"
    app.session.play(app.session.board.legal_moves()[0])  # playable, and saved as played
    saved = game_files.parse_game_text(game_files.game_to_text(app.session.game))
    assert saved.start == app.session.game.start and saved.moves == app.session.game.moves


def test_a_refusal_goes_once_its_cause_is_mended(make_app: Callable[..., App]) -> None:
    """Issue 31, item 13: "Cannot play this set-up" goes away once the position can be
    played, instead of staying its full time over a position that is fine now."""
    app = make_app(FakeEngine(), mode="two-players")
    press_waiting(app, pygame.K_e)
    frames(app, 1)
    right_click(app, "a1")  # a black disc on a1, joined to nothing
    press(pygame.K_RETURN)
    frames(app, 1)
    assert any("Cannot play this set-up" in t.text for t in app.play.notices.toasts)
    right_click(app, "a1", button=3)  # a1 empty again: the start position, playable
    frames(app, 1)
    assert not any("Cannot play this set-up" in t.text for t in app.play.notices.toasts)
