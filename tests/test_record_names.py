"""Other people's games by their names: a GGS game opened from the library, pasted or loaded
shows who played it (the score boxes, the status, the end card, the library when it is kept
again), never "You" against "Computer"; you are only ever the person at the window, and the
game becomes yours against the computer only when you take a side. The names the game writes
itself ("Computer, level 14", "You") are kept in English and shown in the player's language."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from othello.app import i18n
from othello.app.files import game_files
from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord, records_from_text
from othello.core.board import Color
from othello.gui.app import App
from othello.gui.model import library_words as words
from othello.gui.model.panel_words import panel_view, result_words
from othello.gui.model.player_names import player_forms
from othello.gui.services import persistence
from othello.gui.services.library_feed import names
from support.ggs_records import HERCULE, SAIO
from support.library_screen import open_library
from support.window import frames, frames_until, press, press_waiting

pytestmark = pytest.mark.usefixtures("data")  # a library of its own (conftest.py)


def shown_names(app: App) -> dict[Color, str]:
    view = panel_view(
        app.session, search=None, depth=None, busy=None, levels=(1, 17), sound_on=False, demo=False
    )
    return dict(view.names)


def record(text: str) -> GameRecord:
    (found,) = [g for g in records_from_text(text).items if isinstance(g, GameRecord)][:1]
    return found


def test_a_library_game_shows_its_players_and_who_won_by_name(
    make_app: Callable[..., App], data: Path
) -> None:
    data.mkdir(parents=True)
    with Library(data / "library.sqlite3") as library:
        library.add(record(HERCULE), "archive.ggf")  # hercule beat scorp+ by 6
    app = make_app(player_name="Ann", level=3)
    open_library(app)
    press(pygame.K_RETURN)
    frames_until(app, lambda: app.session.game.players is not None)  # read on the library's thread
    assert shown_names(app) == {"black": "hercule", "white": "scorp+"}
    headline, verdicts = result_words(app.session)
    assert (headline, verdicts[0]) == ("Black wins", "hercule wins against scorp+.")
    assert not {"You", "Computer"} & set(shown_names(app).values())


def test_a_pasted_or_loaded_ggf_game_keeps_its_names(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    pasted = game_files.parse_game_text(SAIO)
    assert pasted.players is not None and (pasted.players.black, pasted.players.white) == (
        "Saio1200",
        "Saio3000",
    )
    multi = tmp_path / "multi.ggf"
    multi.write_text(f"{HERCULE}\n{SAIO}\n", encoding="utf-8")
    loaded = game_files.load_game(multi)  # --load, Ctrl+O, a file dropped on the window
    assert loaded.players is not None and loaded.players.black == "hercule"
    app = make_app()
    persistence.copy(SAIO)  # no clipboard headless: Ctrl+V takes what was copied here
    persistence.paste_game(app)  # type: ignore[arg-type]
    assert shown_names(app) == {"black": "Saio1200", "white": "Saio3000"}
    assert result_words(app.session)[1][0] == "Nobody wins: a draw."


def test_played_on_it_stays_theirs_until_you_take_a_side(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app(player_name="Ann", level=3, human_color="black")
    game = game_files.parse_game_text(HERCULE)
    game.go_to(20)  # the record's first twenty moves: White's turn, not over
    app.session.set_game(game)
    frames(app, 5)
    assert not app.session.is_computer_turn() and app.session.is_human_turn()
    assert shown_names(app) == {"black": "hercule", "white": "scorp+"}
    assert names(app.session, app.settings) == ("hercule", "scorp+")  # kept so if it ends
    app.session.play(app.session.board.legal_moves()[0])  # the person plays on for White
    assert app.session.game.players is not None
    press_waiting(app, pygame.K_w)  # White: yours, against the computer
    frames(app, 3)
    assert app.session.game.players is None
    assert shown_names(app) == {"black": "Computer", "white": "You"}
    assert names(app.session, app.settings) == ("Computer, level 3", "Ann")


# A whole game as WTHOR lists it (White wins): nobody at the window played it.
WHOLE = (
    "f5f6e6f4g5e7e3g3f3d6c4c3c5g4g6f2h4h3c7h6h2d2d3e2d1c1f1c2g1d7b3a3e8f8c8f7c6d8g8b6b4"
    "a4b5b7a5a6h5h1a8g2e1b8a7h8a2b2b1a1h7g7"
)


def test_a_transcript_is_played_by_black_and_white_until_you_take_a_side(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """A pasted or loaded transcript names nobody: its sides are Black and White, never
    "You" against "Computer", and its end card never says you won a game you never played;
    a bare position stays the window's to play."""
    assert game_files.parse_game_text("f5d6c3").players is not None
    board = "-" * 27 + "OX------XO" + "-" * 27 + " X"
    assert game_files.parse_game_text(board).players is None  # a position, no game yet
    app = make_app(player_name="Ann", level=3, human_color="black")
    persistence.copy(WHOLE)
    persistence.paste_game(app)  # type: ignore[arg-type]
    frames(app, 3)
    assert shown_names(app) == {"black": "Black", "white": "White"}
    headline, verdicts = result_words(app.session)
    assert "You" not in " ".join(verdicts) and not verdicts[0].startswith("You win")
    assert headline == "White wins" and verdicts[0] == "White wins against Black."
    path = tmp_path / "game.txt"
    path.write_text(WHOLE[:40] + "\n", encoding="utf-8")
    assert persistence.open_game_file(app, path)  # type: ignore[arg-type]
    frames(app, 3)
    assert shown_names(app) == {"black": "Black", "white": "White"}
    assert not app.session.is_computer_turn()  # the computer plays no side of it
    press_waiting(app, pygame.K_b)  # Black: yours, against the computer
    frames(app, 3)
    assert shown_names(app) == {"black": "You", "white": "Computer"}


# ----- the names the game writes itself, in the player's language ----------------------------


def test_the_computers_name_is_kept_in_english_and_shown_in_each_language() -> None:
    assert words.computer_name(14) == "Computer, level 14"
    try:
        for language in ("ja", "de", "ko"):
            i18n.set_language(language)
            assert words.computer_name(14) == "Computer, level 14"  # as stored
            shown = words.player_shown("Computer, level 14")
            assert shown != "Computer, level 14" and "14" in shown
            assert words.player_shown("You") == i18n._("You") != "You"
            assert words.player_shown("Saio1200") == "Saio1200"  # a name a person gave
        i18n.set_language("ja")
        japanese = words.player_shown("Computer, level 9")
        i18n.set_language("de")  # a name stored in the language of an earlier day
        assert words.player_shown(japanese) == words.player_shown("Computer, level 9")
        assert player_forms(japanese) == player_forms("Computer, level 9")  # and its short form
        assert len(player_forms(japanese)) == 2
    finally:
        i18n.set_language("en")


def test_the_library_shows_the_games_own_names_in_japanese_and_keeps_them(
    make_app: Callable[..., App], data: Path
) -> None:
    data.mkdir(parents=True)
    with Library(data / "library.sqlite3") as library:
        mine = record(SAIO)
        mine.black, mine.white = "You", "Computer, level 14"
        game_id = library.add(mine, "played here")
    app = make_app(language="ja")
    try:
        seen: list[str] = []
        render = app.text.render

        def recording(text: str, *args: object, **kwargs: object) -> pygame.Surface:
            seen.append(text)
            return render(text, *args, **kwargs)  # type: ignore[arg-type]

        app.text.render = recording  # type: ignore[method-assign]
        open_library(app)
        frames(app, 2)
        assert "Computer, level 14" not in seen and "You" not in seen
        assert any(form in seen for form in player_forms("Computer, level 14"))
        assert i18n._("You") in seen
        press(pygame.K_F2)  # the memo changed, the names left as shown
        frames(app)
        press(pygame.K_TAB)
        press(pygame.K_TAB)
        frames(app)
        for ch in "ok":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app)
        press(pygame.K_RETURN)
        for _ in range(200):
            frames(app)
            db = sqlite3.connect(data / "library.sqlite3")
            stored = db.execute(
                "SELECT black, white, memo FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            db.close()
            if stored[2] == "ok":
                break
        assert stored == ("You", "Computer, level 14", "ok")
    finally:
        i18n.set_language("en")
