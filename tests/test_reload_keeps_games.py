"""A reload of othello.ini never changes a game already played or its result, and a file
emptied by an editor's save does not undo the choices made in the window (issue 31, item 8)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.settings.keys import DEFAULTS, Settings
from othello.app.settings.watch import SettingsWatch
from othello.core.game import Game
from othello.gui.app import App
from othello.gui.scenes.end_card import EndOverlay
from support.files_window import attached_window_maker, isolate
from support.settings_file import (
    DEFAULT_TEXT,
    edit,
    looks,
    notices_text,
    save,
    settle,
)
from support.window import frames, frames_until, press


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)


ENDED = "d3c3b3d2e1d6d7e3f4"  # Black's f4 ends it, 13-0 on the board: Black wins
AS_WHITE = DEFAULT_TEXT.replace("HUMAN_COLOR = black", "HUMAN_COLOR = white").replace(
    "REVIEW_AT_END = True", "REVIEW_AT_END = False"
)


def card_words(app: App) -> list[str]:
    """What the end card says, once it is up (after the last move's flips)."""
    frames_until(app, lambda: app.find_scene(EndOverlay) is not None)
    frames(app, 1)
    card = app.find_scene(EndOverlay)
    assert card is not None
    return card.lines


def lose_as_white(app: App) -> None:
    """The game ends on the computer's (Black's) last move: the player, White, lost."""
    assert app.session.human == "white"
    app.session.set_game(Game.from_transcript(ENDED[:-2]))
    app.session.play("f4")
    assert app.session.board.winner() == "black"
    assert "The computer wins this time." in card_words(app)


def test_emptying_the_file_over_a_finished_game_changes_nothing(live_app: Any) -> None:
    app, ini = live_app(text=AS_WHITE)
    press(pygame.K_PLUS)  # a choice made in the window: level 3, remembered apart
    frames(app, 1)
    assert app.session.level == 3
    lose_as_white(app)
    save(ini, "")  # an editor's save caught empty, or the player emptied it
    settle(app)
    assert app.session.human == "white" and app.session.level == 3
    assert (app.settings.human_color, app.settings.level) == ("white", 3)
    words = card_words(app)
    assert "The computer wins this time." in words and "You win! Well played." not in words
    assert "has no settings in it" in notices_text(app)
    assert "the settings in effect stay" in notices_text(app)


def test_a_colour_set_in_the_file_over_a_finished_game_applies_from_the_next_game(
    live_app: Any,
) -> None:
    app, ini = live_app(text=AS_WHITE)
    lose_as_white(app)
    edit(ini, "HUMAN_COLOR = white", "HUMAN_COLOR = black")
    settle(app)
    assert "The computer wins this time." in card_words(app)  # the game as it was played
    assert app.session.human == "white"
    assert "apply from the next game" in notices_text(app)
    press(pygame.K_n)
    frames(app, 2)
    assert app.session.human == "black" and app.session.game.cursor == 0


def test_a_side_chosen_over_the_end_card_does_not_rewrite_the_result(live_app: Any) -> None:
    app, _ini = live_app(text=AS_WHITE)
    lose_as_white(app)
    press(pygame.K_b)  # playing Black from now on
    frames(app, 2)
    assert app.session.human == "black"
    words = card_words(app)
    assert "The computer wins this time." in words and "You win! Well played." not in words
    press(pygame.K_u)  # undo: the game is not over any more, and no longer White's to lose
    frames(app, 2)
    assert app.find_scene(EndOverlay) is None


def test_a_side_chosen_over_the_end_card_is_not_the_result_after_a_restart() -> None:
    as_white = Settings(human_color="white", sound=False, animation=False, review_at_end=False)
    windows = attached_window_maker(as_white)
    window = next(windows)
    app = window()
    lose_as_white(app)
    press(pygame.K_b)  # playing Black from the next game; then the window is closed
    frames(app, 2)
    app.close()
    again = window()  # the autosave resumes the finished game; Black is the choice now
    assert again.session.game.is_over() and again.session.human == "black"
    words = card_words(again)  # the game as White played it, and lost it
    assert "The computer wins this time." in words and "You win! Well played." not in words
    next(windows, None)


def test_a_reload_applies_what_the_file_says_and_nothing_it_does_not(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    save(ini, DEFAULT_TEXT)
    watch = SettingsWatch(ini)
    current = replace(DEFAULTS, level=6, human_color="white", window_width=900)
    save(ini, "[GAME]\nLEVEL = 12\n")  # only the level: the rest keeps what is in effect
    (reload,) = looks(watch, current, 1.0, 3)
    assert reload.settings.level == 12
    assert (reload.settings.human_color, reload.settings.window_width) == ("white", 900)
    assert reload.notices == []  # no "[BASIC] missing": nothing of the window changes
    save(ini, "  \n\n")
    (reload,) = looks(watch, current, 10.0, 3)
    assert replace(reload.settings, source=None) == current
    assert reload.notices == [
        "othello.ini has no settings in it (emptied, or caught while being saved); "
        "the settings in effect stay"
    ]
