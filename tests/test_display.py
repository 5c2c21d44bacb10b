"""Language, theme and text size, chosen in the window (the Settings card, V) or in othello.ini
(LANGUAGE, THEME, TEXT_SIZE): applied at once, live, and remembered; and typed moves (f then
5 plays f5)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from othello.app import i18n
from othello.app.settings.choices import load_with_choices
from othello.gui.app import App
from othello.gui.scenes.play_keys import TYPE_WAIT
from othello.gui.scenes.position_editor import PositionEditor
from othello.gui.scenes.settings_card import SettingsCard
from othello.gui.widgets import palette
from othello.gui.widgets.text import TEXT_SCALE
from support.settings_file import DEFAULT_TEXT, save
from support.window import DT, FakeEngine, frames, press


def open_card(app: App) -> SettingsCard:
    press(pygame.K_v)
    frames(app, 1)
    card = app.find_scene(SettingsCard)
    assert card is not None
    return card


def click_choice(app: App, card: SettingsCard, row: str, value: str) -> None:
    choice = next(c for c in card.buttons if (c.row, c.value) == (row, value))
    pos = choice.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)


def test_the_display_card_names_each_language_in_itself(make_app: Callable[..., App]) -> None:
    app = make_app()
    card = open_card(app)
    languages = [c.label for c in card.buttons if c.row == "language"]
    assert languages == list(i18n.LANGUAGES.values())
    assert "日本語" in card.shown and "Deutsch" in card.shown and "Settings" in card.shown


def test_choosing_a_language_applies_at_once_and_is_remembered(
    live_app: Callable[..., tuple[App, Path]],
) -> None:
    app, ini = live_app()
    card = open_card(app)
    click_choice(app, card, "language", "ja")
    assert i18n.language() == "ja"
    assert app.play.panel_view().status == "あなたの番です"
    assert load_with_choices(ini)[0].language == "ja"  # remembered, apart from othello.ini
    assert "日本語" in card.shown and "設定" in card.shown  # the card itself speaks Japanese
    assert pygame.display.get_caption()[0] == "オセロ"
    click_choice(app, card, "language", "en")
    assert app.play.panel_view().status == "Your move"
    frames(app, 40)  # a remembered choice is no change to othello.ini
    assert i18n.language() == "en"


def test_theme_and_text_size_apply_at_once_and_are_remembered(
    live_app: Callable[..., tuple[App, Path]],
) -> None:
    app, ini = live_app()
    felt = app.screen.get_at(app.layout.square_rect(0).center)
    card = open_card(app)
    click_choice(app, card, "theme", "high-contrast")
    assert palette.now.name == "high-contrast"
    before = app.panel.size(13)
    click_choice(app, card, "text_size", "larger")
    assert app.panel.size(13) > before
    read = load_with_choices(ini)[0]
    assert (read.theme, read.text_size) == ("high-contrast", "larger")
    press(pygame.K_ESCAPE)
    frames(app, 1)
    assert app.find_scene(SettingsCard) is None and app.running  # Esc closes the card only
    assert app.screen.get_at(app.layout.square_rect(0).center) != felt


def test_the_arrows_and_enter_choose_on_the_card(make_app: Callable[..., App]) -> None:
    app = make_app()
    open_card(app)
    press(pygame.K_DOWN)  # the focus on the chosen language
    press(pygame.K_RIGHT)  # the next one: 日本語
    press(pygame.K_RETURN)
    frames(app, 1)
    assert i18n.language() == "ja"
    for _ in range(5):  # down to the themes, past the languages' other lines if any
        press(pygame.K_DOWN)
        frames(app, 1)
        card = app.find_scene(SettingsCard)
        assert card is not None and card.focus is not None
        if card.buttons[card.focus].row == "theme":
            break
    assert card is not None and card.focus is not None
    chosen = card.buttons[card.focus + 1].value  # the next theme along the row
    press(pygame.K_RIGHT)
    press(pygame.K_RETURN)
    frames(app, 1)
    assert palette.now.name == chosen != "classic"


@pytest.mark.parametrize(
    ("key", "value", "check"),
    [
        ("LANGUAGE", "de", lambda app: app.play.panel_view().status == "Du bist am Zug"),
        ("THEME", "dark", lambda app: palette.now.name == "dark"),
        (
            "TEXT_SIZE",
            "large",
            lambda app: app.panel.size(13) == round(13 * app.panel.f * TEXT_SCALE["large"]),
        ),
    ],
)
def test_a_saved_othello_ini_applies_them_live(
    live_app: Callable[..., tuple[App, Path]], key: str, value: str, check: Callable[[App], bool]
) -> None:
    app, ini = live_app(window_width=1280, window_height=800)
    frames(app, 2)
    save(ini, DEFAULT_TEXT.replace(f"{key} = ", f"{key} = {value} ;"))
    for _ in range(60):  # the watch looks twice a second
        frames(app, 1, dt=0.1)
    assert check(app)


def test_auto_follows_the_systems_language(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "fr_FR")
    app = make_app()
    frames(app, 1)
    assert i18n.language() == "fr" and app.play.panel_view().status == "À vous de jouer"


# ----- typed moves ---------------------------------------------------------------------------


def test_a_typed_square_is_played(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    press(pygame.K_f)
    frames(app, 1)
    assert app.play.cursor is not None and app.play.cursor % 8 == 5  # the column shown
    press(pygame.K_5)
    frames(app, 1)
    assert app.session.game.moves[0] == 37  # f5


def test_a_letter_with_a_command_waits_for_a_digit(make_app: Callable[..., App]) -> None:
    """e then 6 plays e6 (no editor opens); E alone opens the editor once no digit came."""
    app = make_app(FakeEngine())
    press(pygame.K_e)
    press(pygame.K_6)
    frames(app, 1)
    assert app.session.game.moves[:1] == [44] and app.find_scene(PositionEditor) is None
    app = make_app(FakeEngine(), mode="two-players")
    press(pygame.K_e)
    frames(app, 1)
    assert app.find_scene(PositionEditor) is None  # still waiting for a digit
    frames(app, int(TYPE_WAIT / DT) + 1)
    assert app.find_scene(PositionEditor) is not None


def test_another_key_after_a_letter_is_its_own(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    press(pygame.K_d)
    press(pygame.K_n)  # not a digit: d is dropped, N is a new game as ever
    frames(app, 1)
    press(pygame.K_3)  # a digit on its own plays nothing
    frames(app, 1)
    assert app.session.game.moves == []


def test_a_typed_square_that_is_not_legal_is_said(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    press(pygame.K_a)
    press(pygame.K_1)
    frames(app, 1)
    assert app.session.game.moves == []
    assert any(t.text == "a1 is not a legal move." for t in app.play.notices.toasts)


def test_typing_in_japanese_says_so_in_japanese(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), language="ja")
    press(pygame.K_h)
    press(pygame.K_8)
    frames(app, 1)
    assert any(t.text == "h8 には打てません。" for t in app.play.notices.toasts)
