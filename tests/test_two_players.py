"""Two people at one board: both sides are played by clicks, the computer never moves, undo
takes back one move, and T (or choosing a colour) goes back to playing the computer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from othello import Board
from othello.app.settings.loading import load_settings
from othello.gui.app import App
from othello.gui.model.session import Session
from support.window import FakeEngine, click, frames, frames_until, press


def test_the_session_gives_both_sides_to_people() -> None:
    session = Session(human="black", two_players=True)
    for move in ("f5", "d6", "c3"):
        assert session.is_human_turn() and not session.is_computer_turn()
        session.play(move)
    assert session.undo() and session.game.transcript() == "f5d6"  # one move at a time
    assert session.undo() and session.game.transcript() == "f5"
    session.set_two_players(False)
    assert session.is_computer_turn()  # White is the computer's again


def test_a_forced_pass_is_stepped_over_by_undo() -> None:
    # After Black's d1 White has no move and passes; Black plays again.
    start = Board.from_string("OXX-OXO-OXOOOOO-OOXXOOO-OOOOO------OO-----O--O--------O--------- X")
    session = Session(human="black", two_players=True)
    session.new_game(start)
    session.play("d1")
    assert session.pass_if_forced() is not None
    session.play(session.board.legal_moves()[0])
    session.undo()  # Black's second move
    assert session.game.cursor == 2 and session.board.side_to_move == "black"
    session.undo()  # d1, and White's pass with it
    assert session.game.cursor == 0


def test_two_players_in_the_window(make_app: Callable[..., App]) -> None:
    engine = FakeEngine()
    app = make_app(engine, mode="two-players")
    frames(app, 1)
    view = app.play.panel_view()
    assert view.names == {"black": "Black", "white": "White"} and view.status == "Black to move"
    click(app, "f5")
    frames(app, 3)
    assert app.play.panel_view().status == "White to move"
    click(app, "d6")
    frames(app, 3)
    frames(app, 10)  # the engine only scores the positions (the graph), never moves
    assert app.session.game.transcript() == "f5d6" and app.play.computer.pending is None
    press(pygame.K_t)  # against the computer again: it is Black's move, the player's
    frames(app, 3)
    assert not app.session.two_players and app.play.panel_view().names["white"] == "Computer"
    click(app, "c3")
    frames_until(app, lambda: app.session.game.cursor == 4)  # the computer answers for White


def test_choosing_a_colour_leaves_two_player_mode(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    press(pygame.K_w)
    frames(app, 2)
    assert not app.session.two_players and app.session.human == "white"


def test_the_mode_setting_is_read_and_a_bad_one_falls_back(tmp_path: Path) -> None:
    path = tmp_path / "othello.ini"
    path.write_text("[GAME]\nMODE = two-players\n")
    assert load_settings(path)[0].mode == "two-players"
    path.write_text("[GAME]\nMODE = chess\n")
    settings, notices = load_settings(path)
    assert settings.mode == "computer" and any("MODE" in n for n in notices)
