"""No single key loses a game: a game replaced by a new, pasted or loaded one comes back with
Undo (and goes forward again with Redo), and the notice says so. Messages about what the
player just did show at once and say what happened."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello import Engine, MoveScore
from othello.app import search_service
from othello.app.library import held_games
from othello.app.library.database import Library, library_path
from othello.app.library.held_games import PlayerMode
from othello.app.settings.keys import Settings
from othello.core.board import Board
from othello.core.game import Game
from othello.engine.api import SearchResult
from othello.engine.levels import ANALYSIS
from othello.gui.app import App
from othello.gui.model.game_words import game_summary, move_info
from othello.gui.model.session import Session
from othello.gui.scenes.end_card import EndOverlay
from othello.gui.services import persistence
from support.files_window import ctrl, frames, isolate, toast_texts, window_maker
from support.kept_games import board_index, keep, written
from support.patience import PATIENCE
from support.window import frames_until, press, press_waiting


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)


@pytest.fixture
def make_app() -> Iterator[Callable[..., Any]]:
    yield from window_maker()


# ----- the session: a shelf of games behind Undo and Redo -----------------------------------


def played(transcript: str) -> Session:
    session = Session(human="black")
    session.set_game(Game.from_transcript(transcript))
    return session


def test_undo_at_the_start_of_a_new_game_brings_the_last_one_back() -> None:
    session = played("f5d6c3d3")
    kept = session.new_game()
    assert kept is not None and kept.transcript() == "f5d6c3d3"
    assert session.board == Board() and session.can_undo()
    assert session.undo()
    assert session.game is kept and session.game.transcript() == "f5d6c3d3"
    assert session.undo() and session.game.transcript() == "f5d6"  # then its own moves


def test_redo_goes_forward_to_the_game_undo_stepped_back_from() -> None:
    session = played("f5d6")
    session.set_game(Game(Board.from_transcript("f5f6e6")))  # a set-up position, no moves
    assert session.undo() and session.game.transcript() == "f5d6"
    assert session.can_redo() and session.redo()
    assert session.board == Board.from_transcript("f5f6e6")


def test_an_untouched_game_is_not_kept() -> None:
    session = Session(human="black")
    assert session.new_game() is None and not session.can_undo()


def test_every_replaced_game_is_kept_in_order_with_no_limit() -> None:
    session = Session(human="black")
    openings = ["f5", "d3", "c4", "e6"]
    for move in openings:
        session.new_game()
        session.play(move)
    seen = []
    while session.undo():
        seen.append(session.game.transcript())
    # Undo takes back each game's own move first, then steps to the game before it.
    assert seen == ["", "c4", "", "d3", "", "f5", ""]
    for _ in range(100):  # the old shelf kept 20: the 21st fell off (issue 41)
        session.new_game()
        session.play("f5")
    assert len(session.earlier) == 103 and session.earlier[0].moves == [37]  # f5, undone


def test_a_new_game_after_stepping_back_keeps_the_game_stepped_over() -> None:
    session = played("f5d6")
    session.set_game(Game.from_transcript("c4"))
    session.undo()  # back to f5d6 (the game c4 replaced); the c4 game waits for Redo
    assert session.game.transcript() == "f5d6"
    session.new_game()
    assert [g.moves for g in session.earlier] == [[37, 43], [26]]  # f5d6, then c4: both kept


# ----- in the window ----------------------------------------------------------------------


def test_n_in_mid_game_can_be_undone(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.play("f5")
    frames_until(app, lambda: len(app.session.game.moves) == 2)  # the computer answers
    before = app.session.game.transcript()
    press(pygame.K_n)
    frames(app, 1)
    assert app.session.board == Board()
    assert "Undo (U) brings back the last one: a game of 2 moves" in toast_texts(app)
    assert app.play.panel_view().enabled["undo"]
    press(pygame.K_u)
    frames(app, 1)
    assert app.session.game.transcript() == before
    assert "Back to the game before: a game of 2 moves" in toast_texts(app)
    assert written(app) is not None  # and it is the kept game again


def test_the_end_card_new_game_keeps_the_finished_game(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    game = Game.from_transcript("d3c3b3d2e1d6d7e3f4")  # one of the shortest finished games
    assert game.board.is_game_over()
    app.session.set_game(game)
    frames(app, 2)
    card = app.find_scene(EndOverlay)
    assert card is not None
    press(pygame.K_RETURN)
    frames(app, 1)
    assert app.session.board == Board() and app.find_scene(EndOverlay) is None
    press(pygame.K_u)
    frames(app, 2)
    assert app.session.game.transcript() == game.transcript()
    assert app.find_scene(EndOverlay) is not None


@pytest.mark.parametrize("how", ["paste", "load"])
def test_a_pasted_or_loaded_game_can_be_undone(
    make_app: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    how: str,
) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.play("f5")
    frames_until(app, lambda: len(app.session.game.moves) == 2)
    before = app.session.game.transcript()
    if how == "paste":
        monkeypatch.setattr(persistence, "system_text", lambda: "c4c3")
        ctrl(pygame.K_v)
    else:
        path = tmp_path / "other.txt"
        path.write_text("c4c3\n")
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app, 1)
    assert app.session.game.transcript() == "c4c3"
    assert "Undo (U) brings back the game you were playing." in toast_texts(app)
    press(pygame.K_u)  # what the notice promised: the game before, not a move of c4c3
    frames(app, 1)
    assert app.session.game.transcript() == before
    ctrl(pygame.K_y)  # and forward again: the loaded game, whole
    frames(app, 1)
    assert app.session.game.transcript() == "c4c3"


def test_a_message_shown_before_a_load_does_not_come_back(
    make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.play("f5")
    frames_until(app, lambda: len(app.session.game.moves) == 2)
    app.play.notices.toasts.clear()  # the start's messages said
    monkeypatch.setattr(persistence, "system_text", lambda: "not a game")
    ctrl(pygame.K_v)
    frames(app, 2)
    assert app.play.notices.strip(app.play.now)[0].text.startswith("Pasted text not used")
    path = tmp_path / "other.txt"
    path.write_text("c4c3\n")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app, 2)
    press(pygame.K_u)
    frames(app, 2)
    shown = [notice.text for notice in app.play.notices.strip(app.play.now)]
    assert not any(text.startswith("Pasted text not used") for text in shown)


# ----- messages that say what happened, at once -----------------------------------------------


def test_what_was_pasted_is_said_in_words() -> None:
    assert game_summary(Game.from_transcript("f5d6c3")) == "a game of 3 moves, white to move"
    setup = Game(Board.from_transcript("f5d6c3d3"))
    assert game_summary(setup) == "a set-up position (8 discs), black to move"
    assert move_info(setup) == "Set-up position · Black to move"  # not "Black moves first"
    assert move_info(Game()) == "Black moves first"


def test_two_loads_a_second_apart_say_the_second(
    make_app: Callable[..., Any], tmp_path: Path
) -> None:
    app = make_app()
    persistence.attach(app)
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text(Board.from_transcript("f5d6").to_string() + "\n")  # a position, no moves
    second.write_text("f5d6c3d3c4f4c5b3c2e6\n")  # ten moves
    for path in (first, second):
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
        frames(app, 30)
    shown = [t.text for t in app.play.notices.shown()]
    assert shown and shown[0].startswith("Loaded second.txt: a game of 10 moves")
    assert not any("first.txt" in text for text in shown)


def test_routine_messages_are_logged_as_information(
    make_app: Callable[..., Any], caplog: pytest.LogCaptureFixture
) -> None:
    keep(Game.from_transcript("f5d6"))
    app = make_app()
    with caplog.at_level(logging.INFO, logger="othello"):
        persistence.attach(app)
        ctrl(pygame.K_s)
        frames(app, 1)
    routine = [r for r in caplog.records if "Resumed" in r.message or "Saved to" in r.message]
    assert len(routine) == 2 and all(r.levelno == logging.INFO for r in routine)


# ----- hints are advice: the strongest analysis, whatever the opponent's level ------------------


@pytest.mark.parametrize("level", [1, 6])
def test_a_hint_uses_the_analysis_settings_at_every_level(level: int) -> None:
    asked: list[int] = []

    def engines(number: int) -> ScoringEngine:
        asked.append(number)
        return ScoringEngine()

    app = App(Settings(level=level, sound=False), engine_factory=engines, remember=None)
    try:
        press(pygame.K_h)
        frames_until(app, lambda: bool(app.play.computer.hints))
        assert asked == [ANALYSIS.number]  # not the opponent's level
        assert "exact" in toast_texts(app)  # the scores say what they are
    finally:
        app.close()


class ScoringEngine:
    """Scores every legal move 0, exactly; it has no move of its own to play."""

    def think(self, board: Board, stop: Any = None, on_progress: Any = None) -> SearchResult:
        raise AssertionError("asked to move")

    def analyze(self, board: Board, stop: Any = None) -> list[MoveScore]:
        return [MoveScore(move, 0, True) for move in board.legal_moves()]


@pytest.mark.slow
def test_the_analysis_is_exact_near_the_end_and_the_search_process_uses_it() -> None:
    from support.positions import brute_force, random_board

    board = random_board(9, 42)
    assert not board.is_game_over() and board.legal_moves()
    table = Engine(level=ANALYSIS, time_limit=600).analyze(board)  # no clock in the result
    assert all(m.exact for m in table)
    assert table[0].score == brute_force(board.copy())
    assert search_service.engine_for(ANALYSIS.number).level_info == ANALYSIS
    assert search_service.engine_for(3).level_info.number == 3


# ----- switching sides in a fresh game ------------------------------------------------------------


def test_switching_sides_before_your_first_move_starts_the_game_fresh(
    make_app: Callable[..., Any],
) -> None:
    app = make_app()
    press(pygame.K_w)  # play White: the computer opens as Black
    frames_until(app, lambda: len(app.session.game.moves) == 1)
    press_waiting(app, pygame.K_b)  # back to Black before playing anything
    frames(app, 5)
    assert app.session.human == "black" and app.session.board == Board()
    assert app.session.is_human_turn() and app.session.game.moves == []


def test_switching_sides_mid_game_keeps_the_game() -> None:
    session = played("f5d6")  # Black (the player) has moved
    session.set_human("white")
    assert session.game.transcript() == "f5d6"


# ----- the window's size and a finished game outlast a restart -----------------------------------


def test_the_window_size_the_player_chose_is_remembered(tmp_path: Path) -> None:
    from othello.app.files.paths import default_ini
    from othello.app.settings.choices import load_with_choices, save_preferences

    ini = tmp_path / "othello.ini"
    ini.write_text(default_ini().read_text(encoding="utf-8"), encoding="utf-8")
    settings, _ = load_with_choices(ini)
    app = App(
        settings,
        engine_factory=lambda level: ScoringEngine(),
        remember=lambda prefs: save_preferences(prefs, ini),
    )
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=640, size=(900, 640)))
        frames(app, 2)
        layout = app.layout
    finally:
        app.close()
    again, notices = load_with_choices(ini)
    # the size; SQUARESIZE stays as set: a window of that size is laid out from it alone
    assert (again.window_width, again.window_height, again.square_size) == (900, 640, 70)
    assert notices == []
    restarted = App(again, engine_factory=lambda level: ScoringEngine())
    try:
        assert restarted.layout == layout
    finally:
        restarted.close()


def test_quitting_at_the_end_card_keeps_the_finished_game(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.set_game(Game.from_transcript("d3c3b3d2e1d6d7e3f4"))
    frames(app, 2)
    assert app.find_scene(EndOverlay) is not None
    app.close()
    again = make_app()
    persistence.attach(again)
    frames(again, 2)
    assert again.session.game.transcript() == "d3c3b3d2e1d6d7e3f4"
    assert again.find_scene(EndOverlay) is not None  # the result, as it was left
    press(pygame.K_n)
    frames(again, 1)
    resumed = written(again)  # a new game on the board; the finished one behind Undo
    assert resumed is not None and resumed.is_untouched()


def test_an_autosave_resumes_in_the_mode_it_was_saved_in(make_app: Callable[..., Any]) -> None:
    app = make_app(Settings(sound=False, animation=False, mode="computer"))
    persistence.attach(app)
    app.session.play("f5")
    frames_until(app, lambda: len(app.session.game.moves) == 2)
    press(pygame.K_t)  # two players from here on
    frames(app, 1)
    app.library.flush(PATIENCE)
    with Library(library_path()) as library:
        held = held_games.read(library, 1)
    assert (
        app.session.two_players and held is not None and held.seat.players == PlayerMode.TWO_PLAYERS
    )
    # the settings still say "computer" (nothing remembered them): the autosave decides
    app.close()  # a restart: the first window is gone before the next opens
    again = make_app(Settings(sound=False, animation=False, mode="computer"))
    persistence.attach(again)
    assert again.session.two_players and again.session.game.moves == app.session.game.moves


def test_the_players_kept_with_a_game_are_checked() -> None:
    game = Game.from_transcript("f5")
    for players in PlayerMode:
        keep(game, players=players)
        with Library(library_path()) as library:
            held = held_games.read(library, 1)
        assert held is not None and held.seat.players == players
        session = Session()
        session.set_players(players)
        assert session.players == players
    keep(game)  # kept without it: the settings decide
    with Library(library_path()) as library:
        held = held_games.read(library, 1)
        assert held is not None and held.seat.players is None
        library.db.execute("UPDATE seats SET players = 'chess'")
        held = held_games.read(library, 1)
    assert held is not None and held.seat.players is None and board_index(held) == 0


def test_page_up_reaches_any_earlier_game_in_one_press_each(
    make_app: Callable[..., Any],
) -> None:
    """Issue 51, item 7: the game before the last one once took an Undo for each of the
    last one's moves; PgUp steps back a whole game a press, whatever its moves, and PgDn
    forward again, each game as it was left."""
    app = make_app(Settings(sound=False, animation=False, mode="two-players"))
    games = []
    for moves in ("f5d6c3d3c4", "e6f4e3f6d3", "c4e3f6e6f5"):
        app.session.set_game(Game.from_transcript(moves))
        games.append(app.session.game)
        frames(app, 1)
    press(pygame.K_PAGEUP)
    frames(app, 1)
    press(pygame.K_PAGEUP)
    frames(app, 1)
    assert app.session.game is games[0] and games[0].cursor == 5
    assert "Back to the game before" in toast_texts(app)
    press(pygame.K_PAGEUP)  # nothing before it: said, nothing changes
    frames(app, 1)
    assert app.session.game is games[0] and "No game before this one." in toast_texts(app)
    press(pygame.K_PAGEDOWN)
    frames(app, 1)
    assert app.session.game is games[1] and games[1].cursor == 5
    press(pygame.K_PAGEDOWN)
    frames(app, 1)
    assert app.session.game is games[2] and games[2].cursor == 5
    assert all(g.transcript() for g in games)  # no move was taken back on the way
