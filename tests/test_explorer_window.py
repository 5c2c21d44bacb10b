"""The opening explorer in the window: X and the panel button, what the board and the strip
show while playing, browsing and editing, and a window that plays on without the data."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from othello.core.notation import parse_square, square_name
from othello.gui.app import App
from othello.gui.widgets.explorer_marks import short_count
from othello.study import explorer
from othello.study.explorer import load_explorer
from support.window import brightness, frames, pixel, press, press_waiting


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
    press(pygame.K_x)
    frames(app)
    assert app.play.explorer.source == "programs"
    press(pygame.K_x)  # the fourth source: your library's games
    frames(app)
    assert app.play.explorer.source == "mine"
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
    assert app.play.explorer.on and app.play.panel_view().toggles["explore"]
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
    press_waiting(app, pygame.K_e)
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


def test_x_works_in_the_move_list_and_in_set_up(make_app: Callable[..., App]) -> None:
    """Issue 31, item 9: X reaches the explorer from the move list and from Set up, and it
    shows the position on the board there."""
    app = make_app(mode="two-players", window_width=560, window_height=420)
    for move in ("f5", "d6"):
        app.session.play(move)
    press(pygame.K_m)
    press(pygame.K_LEFT)  # the position after f5: White's d6, f4 and f6
    frames(app)
    before = pixel(app, "f6")
    press(pygame.K_x)
    frames(app)
    assert app.play.explorer.on and app.session.browsing
    assert brightness(pixel(app, "f6")) != brightness(before)  # its chip, on the shown position
    press(pygame.K_m)
    press_waiting(app, pygame.K_e)
    frames(app)
    press(pygame.K_x)  # in Set up: the next source
    frames(app)
    assert app.play.explorer.source == "people" and app.session.shown_kind == "position-editor"


def test_the_explorer_is_hidden_in_puzzles(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """Issue 31, item 4: the explorer would give puzzle answers away, so Puzzles hide it
    and X says why; it is back when Puzzles close."""
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))
    app = make_app(mode="two-players")
    press(pygame.K_x)
    frames(app)
    drawn: list[str] = []
    monkeypatch.setattr(app.play.explorer, "draw", lambda *args: drawn.append("drawn"))
    frames(app)
    assert drawn
    press(pygame.K_z)
    frames(app)
    drawn.clear()
    press(pygame.K_x)
    frames(app, 2)
    assert not drawn and app.play.explorer.source == "all"  # hidden, and not cycled
    assert any("hidden in Puzzles" in t.text for t in app.play.notices.toasts)
    press(pygame.K_ESCAPE)
    frames(app)
    assert drawn


class _Recording(pygame.Surface):
    """A surface that remembers where each picture was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[int, pygame.Rect]] = []

    def blit(  # type: ignore[override]
        self, source: pygame.Surface, dest: object, *args: object, **kwargs: object
    ) -> pygame.Rect:
        rect = super().blit(source, dest, *args, **kwargs)  # type: ignore[arg-type]
        self.placed.append((id(source), rect))
        return rect


@pytest.mark.parametrize("size", [(560, 420), (1100, 760)])
def test_hint_scores_and_explorer_figures_are_both_readable(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    """Issue 31, item 10: a hinted square with explorer figures shows the score and the
    share apart, each inside the square, at the smallest board too."""
    app = make_app(mode="two-players", window_width=size[0], window_height=size[1])
    for move in ("f5", "d6", "c3"):
        app.session.play(move)
    press(pygame.K_x)
    frames(app)
    d3 = parse_square("d3")
    app.play.computer.hints = {d3: 7}
    made: dict[int, str] = {}
    render = app.text.render

    def remembered(words: str, *args: object, **kwargs: object) -> pygame.Surface:
        surface = render(words, *args, **kwargs)  # type: ignore[arg-type]
        made[id(surface)] = words
        return surface

    app.text.render = remembered  # type: ignore[method-assign, assignment]
    surface = _Recording(app.screen.get_size())
    app.play.draw(surface)
    square = app.layout.square_rect(d3)
    where = {made[key]: rect for key, rect in surface.placed if key in made}
    share = next(words for words in where if words.endswith("%") and square.contains(where[words]))
    assert square.contains(where["+7"]) and not where["+7"].colliderect(where[share])
