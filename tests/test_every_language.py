"""Every screen, in every language, theme and text size, at the smallest window (540x400), a
small one (560x420) and the default (1280x800): no text cut short (TextCache.cut names every
text that needed an ellipsis), every card inside the window, every button's label whole.
The screens are scripts/screen_tour.py's (which also writes them out as pictures)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
import screen_tour  # scripts/screen_tour.py (pyproject: pytest's pythonpath)

from othello.app import i18n
from othello.app.settings.keys import PALETTES, TEXT_SIZES, PaletteName, TextSize
from othello.gui.app import App
from othello.gui.model.names import ScreenName
from othello.gui.model.notices import Notice
from othello.gui.widgets.layout import MIN_WINDOW
from othello.gui.widgets.notice_strip import draw_notices

LANGUAGES = list(i18n.LANGUAGES)
SIZES = [MIN_WINDOW, (560, 420), (1280, 800)]
CARDS: tuple[ScreenName, ...] = ("help", "settings-card")


def cut_on_every_screen(app: App) -> Iterator[tuple[str, list[str]]]:
    """Each screen of the tour and what was cut short on it, with the cards that do not fit
    in the window named as cut too."""
    for screen in screen_tour.tour(app):
        if screen in ("end", *CARDS, "moves", "position-editor", "puzzles", "import-bar", "library",
                      "drills", "progress"):  # fmt: skip
            assert app.find_screen(screen) is not None, screen  # the screen is on show
        cut = sorted(app.text.cut)
        app.text.cut.clear()
        for name in CARDS:
            card = app.find_screen(name)
            rect = getattr(card, "rect", None)
            if rect is not None and not app.screen.get_rect().contains(rect):
                cut.append(f"the {name} card, {rect}, outside the window")
        yield screen, cut


def tour_is_whole(
    language: str, size: tuple[int, int], theme: PaletteName, text_size: TextSize
) -> None:
    app = screen_tour.make_app(size)
    try:
        screen_tour.show(app, language, theme, text_size, size)
        seen = dict(cut_on_every_screen(app))
    finally:
        app.close()
    assert len(seen) == 25
    assert {screen: cut for screen, cut in seen.items() if cut} == {}


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 800)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_library_filters_hint_whole_at_the_smallest_window(
    language: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a filter field takes, shown in it until something is typed, is never cut short
    (German once ended "sieg oder…" and "ein Dat…"; where five fields share a row, English
    "Player: any part of a n…": issue 51, item 13)."""
    from othello.gui.model import library_words
    from othello.gui.widgets import library_table

    cut: list[str] = []
    real = library_table.shorten

    def recording(text: str, font: object, width: int) -> str:
        shown = real(text, font, width)  # type: ignore[arg-type]
        if shown != text:
            cut.append(text)
        return shown

    monkeypatch.setattr(library_table, "shorten", recording)
    app = screen_tour.make_app(size)
    try:
        screen_tour.show(app, language, "classic", "normal", size)
        screen_tour.library_shown(app)
        hints = library_words.field_hints()
        for name in hints:
            app.library_list.active = name
            screen_tour.frames(app, 1)
    finally:
        app.close()
    assert [text for text in cut if any(text in forms for forms in hints.values())] == []


@pytest.mark.parametrize("language", ["ja", "de"])
def test_every_screen_whole_at_the_smallest_window(language: str) -> None:
    tour_is_whole(language, MIN_WINDOW, "classic", "normal")


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_whole_in_every_language(language: str, size: tuple[int, int]) -> None:
    tour_is_whole(language, size, "classic", "normal")


@pytest.mark.slow
@pytest.mark.parametrize("text_size", [s for s in TEXT_SIZES if s != "normal"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_size_fits_the_smallest_and_the_default_window(
    language: str, text_size: TextSize
) -> None:
    for size in (MIN_WINDOW, (1280, 800)):
        tour_is_whole(language, size, "classic", text_size)


@pytest.mark.slow
@pytest.mark.parametrize("theme", [p for p in PALETTES if p != "classic"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_theme_says_everything_whole(language: str, theme: PaletteName) -> None:
    for size in ((560, 420), (1280, 800)):
        tour_is_whole(language, size, theme, "normal")


def test_larger_text_is_larger_where_there_is_room() -> None:
    app = screen_tour.make_app((1280, 800))
    try:
        sizes = {}
        for name in ("normal", "larger"):
            screen_tour.show(app, "en", "classic", name, (1280, 800))
            screen_tour.frames(app)
            sizes[name] = app.panel.size(13)
        assert sizes["larger"] > sizes["normal"]
    finally:
        app.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_fits_the_smallest_strip_alone(language: str) -> None:
    """Any sentence shown alone in the notice strip of the smallest window, its placeholders
    filled with short words, is whole (on up to three lines)."""
    from support import translation_checks as checks

    app = screen_tour.make_app(MIN_WINDOW)
    try:
        screen_tour.show(app, language, "classic", "normal", MIN_WINDOW)
        surface = pygame.Surface(app.screen.get_size())
        for (context, msgid), plural in checks.marked().items():
            if context == "opening":
                continue
            words = (
                i18n.npgettext(context, msgid, plural, 5)
                if context and plural
                else i18n.ngettext(msgid, plural, 5)
                if plural
                else i18n.pgettext(context, msgid)
                if context
                else i18n._(msgid)
            )
            words = words.replace("{path}", "~/.config/othello/othello.ini")
            words = words.format_map(_Short())
            draw_notices(surface, app.text, app.layout.notices, [Notice(words)])
        assert sorted(app.text.cut) == []
    finally:
        app.close()


class _Short(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "f5"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_cards_starts_are_words_not_abbreviations(language: str) -> None:
    from othello.gui.model.club_words import START_NAMES
    from othello.gui.scenes.game_card import button_words

    i18n.set_language(language)
    for option in START_NAMES:
        assert not any(words.endswith(".") for words in button_words(option)), option  # "Ausgegl."
