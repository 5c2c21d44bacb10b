"""Watch mode: the computer plays both sides at the set pace; P pauses, . plays one move,
B or W takes over a side; T goes through the three modes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from othello.app.settings.loading import load_settings
from othello.gui.app import App
from support.window import FakeEngine, frames, frames_until, press


def test_the_computer_plays_both_sides_and_pauses(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="watch", watch_seconds=0.0)
    assert app.session.watching
    frames_until(app, lambda: app.session.game.cursor >= 4)
    press(pygame.K_p)
    frames(app, 3)
    paused_at = app.session.game.cursor
    frames(app, 30)
    assert app.session.game.cursor == paused_at and app.play.panel_view().status == "Paused"
    press(pygame.K_PERIOD)  # one move, then wait again
    frames_until(app, lambda: app.session.game.cursor == paused_at + 1)
    frames(app, 30)
    assert app.session.game.cursor == paused_at + 1
    press(pygame.K_p)
    frames_until(app, lambda: app.session.game.cursor >= paused_at + 3)


def test_taking_over_a_side(make_app: Callable[..., App]) -> None:
    engine = FakeEngine()
    app = make_app(engine, mode="watch", watch_seconds=0.0)
    frames_until(app, lambda: app.session.game.cursor >= 2)
    press(pygame.K_b)
    frames(app, 10)
    assert app.session.human == "black" and not app.session.watching
    frames_until(app, lambda: app.session.is_human_turn())
    cursor = app.session.game.cursor
    frames(app, 20)
    assert app.session.game.cursor == cursor  # Black is the player's now: nothing moves


def test_t_goes_through_the_modes(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), watch_seconds=0.0)
    seen = []
    for _ in range(3):
        press(pygame.K_t)
        frames(app, 2)
        s = app.session
        seen.append("two-players" if s.two_players else "watch" if s.watching else "computer")
    assert seen == ["two-players", "watch", "computer"]


def test_the_watch_settings_are_read(tmp_path: Path) -> None:
    path = tmp_path / "othello.ini"
    path.write_text("[GAME]\nMODE = watch\nWATCH_SECONDS = 2.5\n")
    settings, notices = load_settings(path)
    assert (settings.mode, settings.watch_seconds) == ("watch", 2.5)
    path.write_text("[GAME]\nWATCH_SECONDS = 99\n")
    settings, notices = load_settings(path)
    assert settings.watch_seconds == 1.0 and any("WATCH_SECONDS" in n for n in notices)


def test_each_side_plays_at_its_own_level() -> None:
    from othello.core.board import Board
    from support.window import click_at, settings

    asked: list[tuple[str, int]] = []

    class LevelEngine(FakeEngine):
        def __init__(self, level: int) -> None:
            super().__init__()
            self.level = level

        def think(self, board: Board, stop=None, on_progress=None):  # type: ignore[no-untyped-def]
            asked.append((board.side_to_move, self.level))
            return super().think(board, stop, on_progress)

    remembered: list[dict[str, object]] = []
    app = App(
        settings(mode="watch", watch_seconds=0.0, level=5, watch_black_level=2),
        engine_factory=LevelEngine,
        remember=remembered.append,
        computer_min_seconds=0.0,
    )
    try:
        frames_until(app, lambda: app.session.game.cursor >= 4)
        assert set(asked) == {("black", 2), ("white", 5)}
        view = app.play.panel_view()
        assert view.watch_levels == {"black": 2, "white": 5} and view.level_side == "white"
        box = app.panel.rects["level-box"]
        click_at((box.left + 4, box.centery))  # the Black half: - and + now change Black's
        press(pygame.K_PLUS)
        frames(app, 2)
        assert app.session.black_level == 3 and app.session.level == 5
        assert {"watch_black_level": 3} in remembered
        assert app.play.panel_view().level_help.startswith("Black: ")
        press(pygame.K_t)  # leave watch mode: one level again, the computer's
        frames(app, 1)
        assert app.play.panel_view().watch_levels is None
    finally:
        app.close()


@pytest.mark.parametrize("how", ["take-white", "mode"])
def test_taking_over_keeps_the_computers_level(make_app: Callable[..., App], how: str) -> None:
    app = make_app(
        FakeEngine(), mode="watch", watch_seconds=0.0, level=1, watch_black_level=4,
        human_color="white",
    )  # fmt: skip
    frames_until(app, lambda: app.session.game.cursor >= 2)
    press(pygame.K_w if how == "take-white" else pygame.K_t)
    frames(app, 2)
    assert app.session.human == "white" and not app.session.watching
    assert app.session.level_for("black") == 4  # Black was played at level 4: it still is
    assert app.play.panel_view().level_text.startswith("4 ")
    said = " ".join(t.text for t in app.play.notices.toasts)
    assert "level 4" in said


def test_leaving_a_paused_watch_with_t_lets_the_game_go_on(make_app: Callable[..., App]) -> None:
    """A pause is watching's: T from a paused watch to playing the computer does not leave
    the game stopped (the computer's reply, the end of the game, would never come)."""
    app = make_app(FakeEngine(), mode="watch", watch_seconds=0.0)
    frames_until(app, lambda: app.session.game.cursor >= 2)
    press(pygame.K_p)
    frames(app, 2)
    press(pygame.K_t)  # watch -> you against the computer
    frames(app, 2)
    assert not app.session.watching and not app.session.paused
    if not app.session.is_human_turn():  # the computer's side moves on
        cursor = app.session.game.cursor
        frames_until(app, lambda: app.session.game.cursor > cursor)
