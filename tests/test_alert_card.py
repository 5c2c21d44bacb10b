"""A serious notice about the player's games on a card that stays until it is closed (issue
50, build 6): a library set aside, one that cannot be written, a file not taken in, a game not
resumed are said where the player looks, not in a strip message that rotates away; Enter or
Esc closes the card, each notice waiting behind it comes in turn, and its words fit in every
language at the smallest window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
import screen_tour  # scripts/screen_tour.py (pyproject: pytest's pythonpath)

from othello.app import i18n
from othello.app.library.file_faults import damaged_notice
from othello.gui.app import App
from othello.gui.scenes.alert_card import AlertCard
from othello.gui.services.library_worker import LibraryWorker
from othello.gui.widgets.layout import MIN_WINDOW
from support.window import click_at, frames, press

DAMAGED = (
    "The game library was damaged: it was kept as library.sqlite3.damaged-1 and a new one begun."
)
FULL = "The library cannot be written (No space left on device): your games are kept for now."


def card_of(app: App) -> AlertCard:
    card = app.find_scene(AlertCard)
    assert card is not None, "the card is on show"
    return card


def test_a_serious_notice_stays_until_closed_and_the_next_comes_in_turn(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.alert(DAMAGED)
    app.alert(FULL)
    app.alert(DAMAGED)  # the same notice again: once is enough
    frames(app)
    assert DAMAGED in [toast.text for toast in app.play.notices.toasts]  # said as a warning too
    frames(app, 300, dt=0.1)  # half a minute: the strip's copy is long gone
    assert DAMAGED not in [toast.text for toast in app.play.notices.strip(app.play.now)]
    card = card_of(app)
    assert app.scenes[-1] is card and card.messages == [DAMAGED, FULL]
    assert " ".join(card.lines).startswith(f"About your games {DAMAGED[:40]}")
    assert "1 more notice after this one." in card.lines
    before = app.session.game.transcript()
    press(pygame.K_n)  # the card holds the keyboard: no new game, no move
    press(pygame.K_RETURN)
    frames(app)
    assert card_of(app).messages == [FULL] and app.session.game.transcript() == before
    press(pygame.K_ESCAPE)
    frames(app)
    assert app.find_scene(AlertCard) is None
    assert app.find_screen("leave") is None  # the Esc closed the card, nothing else


def test_the_card_stays_on_top_and_its_button_closes_it(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.alert(FULL)
    frames(app)
    app.open_screen("help")  # a screen opened meanwhile goes under the card
    frames(app)
    card = card_of(app)
    assert app.scenes[-1] is card and app.find_screen("help") is not None
    click_at(card.close_button.center)
    frames(app)
    assert app.find_scene(AlertCard) is None and app.scenes[-1].name == "help"


def test_ctrl_c_copies_the_notice(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.alert(DAMAGED)
    frames(app)
    copied: list[str] = []
    card_of(app).copy = lambda text: copied.append(text) is None
    press(pygame.K_c, pygame.KMOD_LCTRL)
    frames(app)
    assert copied == [DAMAGED]
    assert "Copied: paste it where you keep notes." in card_of(app).lines


def test_the_library_s_serious_notices_go_to_the_card(make_app: Callable[..., App]) -> None:
    """The window gives its library worker the card as ``alert``; a worker given none says
    them as before, on the strip."""
    app = make_app()
    app.library.answer(app.library.alert, FULL)
    frames(app)
    assert card_of(app).message == FULL
    said: list[str] = []
    assert LibraryWorker(said.append, Path("nowhere.sqlite3")).alert == said.append


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 800)])
@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_the_card_is_whole_in_every_language(language: str, size: tuple[int, int]) -> None:
    app = screen_tour.make_app(size)
    try:
        screen_tour.show(app, language, "classic", "larger", size)
        notice = damaged_notice(Path("library.sqlite3.damaged-2026-12-01-1403"), 502)
        app.alert(notice)
        app.alert(notice + " " + notice)
        screen_tour.frames(app)
        app.play.notices.toasts.clear()  # the strip's copy, cut to its one line, is not the card
        app.text.cut.clear()
        screen_tour.frames(app)
        card = card_of(app)
        assert app.screen.get_rect().contains(card.rect)
        assert sorted(app.text.cut) == []
        if language != "en":
            assert "About your games" not in card.lines  # the card speaks the language
        assert "".join(card.lines).replace(" ", "").find(notice.replace(" ", "")[:20]) > 0
    finally:
        app.close()
