"""The window with its files, for tests: settings read from othello.ini, the games kept in the
library, the clipboard and dropped files (``persistence.attach``), each test in folders of its
own (``isolate``); the computer answers at once with the first legal move, since these tests
are about files, not the search."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.files import paths
from othello.app.settings.loading import load_settings
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.engine.api import SearchResult
from othello.gui.app import App
from othello.gui.services import persistence
from othello.study.review import MoveReview

DT = 1 / 30


@dataclass
class Reply(SearchResult):
    """The first legal move, as a search's answer."""

    score: int = 0
    depth: int = 1
    nodes: int = 1


class FirstMoveEngine:
    """Answers at once with the first legal move: the tests are about files, not search."""

    def think(
        self, board: Board, stop: threading.Event | None = None, on_progress: Any = None
    ) -> Reply:
        moves = board.legal_moves()
        return Reply(moves[0] if moves else "pass")

    def analyze(self, board: Board, stop: threading.Event | None = None) -> list[Any]:
        return []


def isolate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings, games and logs in a scratch folder; nothing copied before this test."""
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: None)
    monkeypatch.setattr(persistence, "_kept", None)


def window_maker() -> Iterator[Callable[..., Any]]:
    """Windows reading the settings files (``load_settings()`` unless given settings), whose
    computer answers at once with the first legal move, closed after the test."""
    apps: list[Any] = []

    def make(
        settings: Any = None,
        notices: list[str] | None = None,
        demo: bool = False,
        remember: Callable[..., Any] | None = None,
    ) -> Any:
        if settings is None:
            settings, notices = load_settings()
        app = App(
            settings,
            notices=notices or [],
            engine_factory=lambda level: FirstMoveEngine(),
            remember=remember,
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


def attached_window_maker(default: Any) -> Iterator[Callable[..., Any]]:
    """Windows with the autosave attached, as at a start (they resume what was saved), made
    with ``default`` settings unless told otherwise."""
    make = window_maker()
    maker = next(make)

    def opened(settings: Any = default, start: Path | None = None) -> Any:
        app = maker(settings)
        persistence.attach(app, start=start)
        frames(app, 1)
        return app

    yield opened
    next(make, None)


def frames(app: Any, n: int = 5) -> None:
    for _ in range(n):
        app.frame(DT)


def toast_texts(app: Any) -> str:
    return "\n".join(t.text for t in app.play.notices.toasts)


def ctrl(key: int) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="")
    )


# ----- an afternoon of games -------------------------------------------------------------


def play_to_the_end(app: Any, seed: int) -> None:
    """A game against the computer played to its end: the person's moves placed here (the
    seed picks them), the computer's answered by its stand-in."""
    session = app.session
    for _ in range(5000):  # a pass is announced for two seconds: many frames at the end
        if session.game.is_over():
            return
        if session.is_human_turn() and not session.board.must_pass():
            moves = session.board.legal_squares()
            session.play(moves[(seed + len(session.game.moves)) % len(moves)])
        frames(app, 1)
    raise AssertionError(f"the game did not end: {session.game.transcript(with_passes=True)}")


def stand_in_review(app: Any) -> int:
    """A finished review of the game on the board, as the search process would send it
    (each of the person's moves a 6-disc mistake where another move was legal), without
    spending its seconds; how many puzzles it should make."""
    app.worker.cancel()
    app.play.computer.reviewing.wanted = False
    game = app.session.game
    judgement = app.session.judgement
    start, moves = game.start.to_string(), tuple(game.moves)
    judgement.review_started(start, moves)
    board, mistakes = game.start.copy(), 0
    for ply, sq in enumerate(moves):
        if sq != PASS:
            legal = board.legal_squares()
            best = next((m for m in legal if m != sq), sq)
            color = board.side_to_move
            scores = ((best, 8), (sq, 2)) if best != sq else ((sq, 2),)
            verdict = MoveReview(
                ply, ply + 1, color, sq, best, 8 if best != sq else 2, 2, False, scores
            )
            judgement.add_verdict(verdict)
            mine = moves[: ply + 1] in judgement.people
            mistakes += best != sq and mine
            board.push_square(sq)
        else:
            board.push_pass()
    judgement.review_done(start, moves)
    app.session.judgements.reviewed()
    return mistakes
