"""The review in the window: R judges the game in the search's place (the window stays
free), the summary is told, the move list shows each move's mark; R again stops it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from othello import Board
from othello.game import Game
from othello.gui.app import App
from othello.gui.move_list import MoveListOverlay, entries
from test_gui import FakeEngine, app_maker, frames, frames_until, press
from test_review import exact_scores, random_game


@pytest.fixture
def make_app() -> Iterator[Callable[..., App]]:
    yield from app_maker()


def blunder_game() -> Game:
    """A game from a 10-empty position whose first move is its worst (a blunder)."""
    for seed in range(100, 140):
        moves = random_game(seed)
        board, k = Board(), 0
        while k < len(moves) and not (board.empties() == 10 and board.legal_squares()):
            board.push_square(moves[k])
            k += 1
        if k == len(moves):
            continue
        scores = exact_scores(board)
        worst = min(scores, key=lambda s: scores[s])
        if max(scores.values()) - scores[worst] >= 10:
            game = Game(board)
            game.play(worst)
            return game
    raise AssertionError("no seeded blunder")


def test_reviewing_marks_the_blunder(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    app.session.set_game(blunder_game())
    frames(app, 1)
    press(pygame.K_r)
    frames(app, 1)
    assert app.worker.kind == "review"
    assert app.play.panel_view().status == "Reviewing the game"
    frames_until(app, lambda: app.play.computer.review is not None, limit=60)
    reviewed = app.play.computer.reviewed()
    assert reviewed[0].mark == "blunder" and reviewed[0].exact
    assert any(t.text.startswith("Review: ") for t in app.play.notices.toasts)
    labels = [label for _, label in entries(app.session, reviewed)]
    assert "??" in labels[0] and f"-{reviewed[0].loss}" in labels[0]
    press(pygame.K_m)
    frames(app, 1)
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None and overlay.reviewed == reviewed


def test_r_again_stops_the_review(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    for move in ("f5", "d6", "c3", "d3", "c4"):
        app.session.play(move)
    press(pygame.K_r)
    press(pygame.K_r)
    frames(app, 2)
    assert app.worker.kind is None and app.play.computer.review is None
    assert any(t.text == "Review stopped." for t in app.play.notices.toasts)


def test_browsing_a_reviewed_move_shows_it_and_the_best_move(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    app.session.set_game(blunder_game())
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None, limit=60)
    press(pygame.K_m)
    press(pygame.K_HOME)  # the position before the blunder
    frames(app, 1)
    verdict = app.play.computer.reviewed()[0]
    shown = app.play.board_view().hints
    assert shown == {verdict.played: verdict.played_score, verdict.best: verdict.best_score}
    press(pygame.K_END)
    frames(app, 1)
    assert app.play.board_view().hints == {}  # no move after the last one
