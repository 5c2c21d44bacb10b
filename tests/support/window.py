"""The window headless, for tests: an engine that plays the first legal move, settings for a
small quiet window, windows made and closed round a test (the ``make_app`` fixture in
conftest.py), and real pygame events, frames and pixels.

conftest.py sets the dummy video and audio drivers before pygame is imported.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from othello import Board
from othello.app.settings.keys import Settings
from othello.core.game import Game
from othello.core.notation import parse_square
from othello.engine.api import MoveScore, SearchResult
from othello.gui.app import App
from othello.gui.scenes.play_keys import TYPE_WAIT
from support.patience import PATIENCE
from support.positions import blunder_game

DT = 1 / 30
# After Black plays d1 here, White has no legal move and must pass (Black moves again).
WHITE_PASSES = "OXX-OXO-OXOOOOO-OOXXOOO-OOOOO------OO-----O--O--------O--------- X"


@dataclass
class FakeResult(SearchResult):
    """A search's answer with a stand-in's defaults: a real SearchResult, read as the
    engine's is."""

    score: int = 0
    depth: int = 1
    nodes: int = 1


@dataclass
class BookResult(FakeResult):
    """A stand-in's answer said to come from the opening book."""

    book: bool = True


class FakeEngine:
    """Plays the first legal move; optionally slow, reporting depth, and deaf to ``stop``."""

    def __init__(self, seconds: float = 0.0, obey_stop: bool = True, busy: bool = False) -> None:
        self.seconds = seconds
        self.obey_stop = obey_stop
        self.busy = busy
        self.calls = 0
        self.finished = threading.Event()
        self.stops: list[threading.Event] = []
        self.held = threading.Event()  # while set, the search goes on whatever the clock says

    def _wait(self, stop: threading.Event | None, on_progress: Callable[..., None] | None) -> None:
        end = time.perf_counter() + self.seconds
        depth = 0
        while time.perf_counter() < end or self.held.is_set():
            if self.obey_stop and stop is not None and stop.is_set():
                return
            depth += 1
            if on_progress is not None:
                on_progress(FakeResult("a1", depth=min(depth, 99)))
            if self.busy:  # hold the interpreter like a pure-Python search does
                total = 0
                for i in range(20_000):
                    total += i * i
            else:
                time.sleep(0.005)

    def think(
        self, board: Board, stop: threading.Event | None = None, on_progress: Any = None
    ) -> FakeResult:
        self.calls += 1
        if stop is not None:
            self.stops.append(stop)
        self._wait(stop, on_progress)
        self.finished.set()
        moves = board.legal_moves()
        return FakeResult(moves[0] if moves else "pass")

    def analyze(self, board: Board, stop: threading.Event | None = None) -> list[MoveScore]:
        moves = board.legal_moves()
        return [MoveScore(m, 10 - i, False) for i, m in enumerate(moves)]


def settings(**changes: Any) -> Settings:
    base: dict[str, Any] = {
        "window_width": 1000,
        "window_height": 700,
        "square_size": 60,
        "sound": False,
        "animation": False,
        "review_at_end": False,  # the tests that want it say so
    }
    base.update(changes)
    return Settings(**base)


def app_maker() -> Iterator[Callable[..., App]]:
    """The make_app fixture's body (conftest.py): windows closed after the test."""
    apps: list[App] = []

    def make(
        engine: Any = None, demo: bool = False, folder: Path | None = None, **changes: Any
    ) -> App:
        engine = engine if engine is not None else FakeEngine()
        app = App(
            settings(**changes),
            engine_factory=lambda level: engine,
            remember=None,
            resource_folder=folder,
            demo=demo,
            computer_min_seconds=0.0,
        )
        pygame.event.clear()
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()
    pygame.display.quit()


# ----- driving the window ------------------------------------------------------------------


def frames(app: App, n: int = 1, dt: float = DT) -> None:
    for _ in range(n):
        app.frame(dt)


def frames_until(app: App, done: Callable[[], bool], limit: float = PATIENCE) -> None:
    """Run frames (sleeping a little, so the worker thread gets on) until ``done()``
    (``limit``: how long a hang takes to be told, never a bound on speed)."""
    end = time.perf_counter() + limit
    while not done():
        assert time.perf_counter() < end, "timed out waiting for the window"
        app.frame(DT)
        time.sleep(0.002)


def click(app: App, square: str) -> None:
    pos = app.layout.square_center(parse_square(square))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def click_at(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press_waiting(app: App, key: int) -> None:
    """B or E on the player's turn: its command comes once no digit followed in time (a
    square's name may be typed: e3)."""
    press(key)
    frames(app, int(TYPE_WAIT / DT) + 2)


def press(key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))


def pixel(app: App, square: str, dx: float = 0.0) -> tuple[int, int, int]:
    """The colour at a square's centre (or ``dx`` squares to the right of it)."""
    x, y = app.layout.square_center(parse_square(square))
    return tuple(app.screen.get_at((x + int(dx * app.layout.square), y)))[:3]  # type: ignore[return-value]


def brightness(rgb: tuple[int, int, int]) -> int:
    return sum(rgb) // 3


def is_felt(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return g > r + 40 and g > b + 20


def is_black_disc(rgb: tuple[int, int, int]) -> bool:
    return brightness(rgb) < 100 and not is_felt(rgb)


def is_white_disc(rgb: tuple[int, int, int]) -> bool:
    return brightness(rgb) > 190


def human_turn_idle(app: App) -> bool:
    return app.session.is_human_turn() and app.play.animation is None


def idle_at(app: App, cursor: int) -> Callable[[], bool]:
    """For ``frames_until``: the person's turn, nothing moving, the game at ``cursor``."""
    return lambda: human_turn_idle(app) and app.session.game.cursor == cursor


def play_blunder(app: App) -> None:
    """The blunder of ``blunder_game`` played by a person, in the window."""
    game = blunder_game()
    app.session.set_game(Game(game.start))
    app.session.play(game.moves[0])
