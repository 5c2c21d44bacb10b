"""The opening explorer in the window: X and the panel button, what the board and the strip
show while playing, browsing and editing, and a window that plays on without the data."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from othello import explorer
from othello.explorer import load_explorer
from othello.gui.app import App
from othello.gui.explorer_view import short_count
from othello.notation import square_name
from test_gui import app_maker, brightness, frames, pixel, press


@pytest.fixture
def make_app() -> Iterator[Callable[..., App]]:
    yield from app_maker()


def strip_text(app: App) -> str:
    return " | ".join(app.play.explorer.caption(app.session.shown.board))


def test_x_cycles_the_sources_and_marks_the_moves(make_app: Callable[..., App]) -> None:
    app = make_app(mode="two-players", window_width=560, window_height=420)
    for move in ("f5", "d6"):
        app.session.play(move)
    frames(app)
    before = pixel(app, "c7")
    press(pygame.K_x)
    frames(app)
    assert app.play.explorer.source == "all"
    assert "all games" in strip_text(app)
    shown = app.play.explorer.lookup(app.session.board)
    assert shown is not None and shown.top is not None
    assert [m.square for m in shown.moves][:2] == [18, 26]  # c3, then c4: most played first
    assert brightness(pixel(app, "c7")) != brightness(before)  # c7's chip is drawn
    press(pygame.K_x)
    frames(app)
    assert app.play.explorer.source == "people"
    people = app.play.explorer.lookup(app.session.board)
    assert people is not None and people.games < shown.games
    for _ in range(2):
        press(pygame.K_x)
        frames(app)
    assert not app.play.explorer.on
    assert pixel(app, "c7") == before


def test_the_panel_button_and_the_move_list(make_app: Callable[..., App]) -> None:
    app = make_app(mode="two-players")
    for move in ("f5", "d6", "c3"):
        app.session.play(move)
    frames(app)
    button = next(b for b in app.panel.buttons if b.action == "explore")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    frames(app)
    assert app.play.explorer.on and app.play.panel_view().labels["explore"] == "Explorer: on"
    press(pygame.K_m)
    frames(app)
    app.session.show_ply(1)  # browsing: the position after f5
    frames(app)
    after_f5 = app.play.explorer.lookup(app.session.shown.board)
    assert after_f5 is not None
    games = {square_name(m.square): m.games for m in after_f5.moves}
    assert set(games) == {"d6", "f4", "f6"}
    assert max(games, key=games.__getitem__) == "d6"  # the perpendicular opening
    assert sum(games.values()) == after_f5.games


def test_the_editor_says_when_no_game_reached_the_position(make_app: Callable[..., App]) -> None:
    app = make_app()
    press(pygame.K_x)
    press(pygame.K_e)
    frames(app)
    pos = app.layout.square_center(0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app)
    assert "no games" in strip_text(app)


def test_without_its_data_the_explorer_is_unavailable_and_the_game_goes_on(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(explorer, "read_data", lambda: b"OTEX cut short")
    load_explorer.cache_clear()
    try:
        app = make_app(mode="two-players")
        press(pygame.K_x)
        frames(app)
        assert not app.play.explorer.on
        assert any("unavailable" in n.text for n in app.play.notices.strip(app.play.now))
        app.session.play("f5")
        frames(app)
        assert app.session.game.cursor == 1
    finally:
        load_explorer.cache_clear()


def test_short_counts_fit_a_small_square() -> None:
    assert [short_count(n) for n in (7, 950, 1234, 101_234, 1_300_000)] == [
        "7",
        "950",
        "1.2k",
        "101k",
        "1.3M",
    ]
