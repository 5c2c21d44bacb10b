"""The review in the window: R judges the game in the search's place (the window stays
free), the summary is told, the move list shows each move's mark; R again stops it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from othello.app.search_service import JobKind
from othello.core.game import Game
from othello.core.notation import square_name
from othello.gui.app import App
from othello.gui.scenes.move_list import MoveListOverlay, entries
from othello.study.review import review_game
from support.positions import blunder_game, finish_randomly, seeded_blunder
from support.window import FakeEngine, click, click_at, frames, frames_until, press


def test_reviewing_marks_the_blunder(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    app.session.set_game(blunder_game())
    frames(app, 1)
    press(pygame.K_r)
    frames(app, 1)
    assert app.worker.kind == JobKind.REVIEW
    # the review runs beside the game: the headline still says whose turn it is
    view = app.play.panel_view()
    side = app.session.board.side_to_move.capitalize()
    assert view.status == f"{side} to move" and view.detail.startswith("Reviewing: ")
    frames_until(app, lambda: app.play.computer.review is not None)
    reviewed = app.play.computer.reviewed()
    assert reviewed[0].mark == "blunder" and reviewed[0].exact
    assert any(t.text.startswith("Review: ") for t in app.play.notices.toasts)
    labels = [label for _, label in entries(app.session, reviewed)]
    sign = 1 if reviewed[0].color == "black" else -1  # the scores are for Black
    played, best = sign * reviewed[0].played_score, sign * reviewed[0].best_score
    assert labels[0].endswith(f"?? {played:+d} ({square_name(reviewed[0].best)} {best:+d})")
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
    # stopped, with no verdicts (with two players the idle process may now score the position)
    assert app.worker.kind != JobKind.REVIEW and app.play.computer.review is None
    assert any(t.text == "Review stopped." for t in app.play.notices.toasts)


def test_browsing_a_reviewed_move_shows_it_and_the_best_move(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    app.session.set_game(blunder_game())
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None)
    press(pygame.K_m)
    press(pygame.K_HOME)  # the position before the blunder
    frames(app, 1)
    verdict = app.play.computer.reviewed()[0]
    shown = app.play.board_view().hints
    assert shown == {verdict.played: verdict.played_score, verdict.best: verdict.best_score}
    press(pygame.K_END)
    frames(app, 1)
    assert app.play.board_view().hints == {}  # no move after the last one


def test_the_graph_shows_the_reviews_scores_and_marks(make_app: Callable[..., App]) -> None:
    from othello.gui.widgets import palette

    app = make_app(FakeEngine(), mode="two-players", window_width=1100, window_height=760)
    app.session.set_game(blunder_game())
    press(pygame.K_r)
    frames(app, 1)
    progress = app.play.panel_view().progress
    assert progress is not None and 0.0 <= progress <= 1.0  # the bar under the status
    frames_until(app, lambda: app.play.computer.review is not None)
    assert app.play.panel_view().progress is None
    verdict = app.play.computer.reviewed()[0]
    point = app.play.computer.graph_points()[0]
    sign = 1 if verdict.color == "black" else -1  # the graph is from Black's side
    assert (point.ply, point.score, point.mark) == (1, sign * verdict.played_score, "blunder")
    frames(app, 1)
    pygame.display.flip()
    area = app.panel.rects["graph"]
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(area.left, area.right)
               for y in range(area.top, area.bottom)}  # fmt: skip
    assert palette.now.mark_colors["blunder"] in colours  # the blunder's dot, in its colour


def test_the_end_card_has_a_review_button(make_app: Callable[..., App]) -> None:
    from othello.gui.scenes.end_card import EndOverlay

    app = make_app(FakeEngine(), mode="two-players")
    game = blunder_game()
    finish_randomly(game)
    app.session.set_game(game)
    frames_until(app, lambda: app.find_scene(EndOverlay) is not None)
    frames(app, 1)
    card = app.find_scene(EndOverlay)
    assert card is not None and card.review_button.width > 0
    assert "Review (R)" in card.lines or "Review" in card.lines
    click_at(card.review_button.center)
    frames(app, 1)
    assert app.worker.kind == JobKind.REVIEW


@pytest.mark.slow
def test_r_in_the_move_list_reviews_the_whole_game(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    for move in ("f5", "d6", "c3", "d3", "c4"):
        app.session.play(move)
    press(pygame.K_m)
    press(pygame.K_HOME)  # browsing the start: the review still takes every move
    press(pygame.K_r)
    frames(app, 1)
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None and app.worker.kind == JobKind.REVIEW
    assert overlay.progress() is not None  # the list shows the review's bar
    frames_until(app, lambda: app.play.computer.review is not None)
    assert sorted(overlay.reviewed) == [0, 1, 2, 3, 4]  # its marks reach the open list
    assert overlay.progress() is None and app.session.shown.cursor == 0
    assert app.session.game.cursor == 5  # browsing shows; the game stays where it was


def test_the_review_summary_names_each_sides_worst_moves_and_the_opening() -> None:
    from othello.gui.model.game_words import review_lines
    from othello.study.review import review_game

    game = Game.from_transcript("f5f6e6f4g5e7e3g3f3d6c4c3c5g4g6f2h4h3c7h6")
    reviews = review_game(game.start, game.moves, depth=2)
    lines = review_lines(reviews, game)
    worst_black = max((r for r in reviews if r.color == "black"), key=lambda r: r.loss)
    assert lines[0][0].startswith("Black: loss ") and lines[1][0].startswith("White: loss ")
    assert f"{worst_black.number}. " in lines[0][0] and f"-{worst_black.loss}" in lines[0][0]
    assert lines[2][0].endswith(", left the known lines at move 8")  # Heath-Bat, then off book
    assert all(len(wordings[-1]) < len(wordings[0]) for wordings in lines)  # shorter forms


@pytest.mark.slow
def test_browsing_or_changing_mode_does_not_stop_a_review(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = held_reviews(monkeypatch)  # else an idle machine may finish it before the checks
    app = make_app(FakeEngine(), mode="two-players")
    app.session.set_game(blunder_game())
    press(pygame.K_r)
    frames(app, 1)
    assert app.worker.kind == JobKind.REVIEW
    press(pygame.K_m)
    press(pygame.K_HOME)  # browsing changes the position shown, not the game judged
    press(pygame.K_ESCAPE)
    press(pygame.K_t)  # nor does the mode
    frames(app, 1)
    assert app.worker.kind == JobKind.REVIEW
    gate.set()
    frames_until(app, lambda: app.play.computer.review is not None)
    judged = blunder_game()
    blunder = app.play.computer.judgement.verdicts[judged.start.to_string(), (judged.moves[0],)]
    assert blunder.mark == "blunder"  # judged, and kept by its move
    assert not any("stopped" in t.text for t in app.play.notices.toasts)


def held_reviews(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Review jobs wait for the returned gate before judging: a move is surely made while
    the review runs."""
    from othello.app import search_service

    gate = threading.Event()
    real = search_service.review_game

    def held(*args: Any, **kwargs: Any) -> Any:
        gate.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(search_service, "review_game", held)
    return gate


def game_with_moves_left() -> Game:
    """The blunder game before its last two moves (both players still have moves to make)."""
    game = blunder_game()
    finish_randomly(game)
    game.undo()
    game.undo()
    return Game.from_transcript(game.transcript(), start=game.start)


def test_a_move_during_a_review_is_judged_too(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = held_reviews(monkeypatch)
    app = make_app(FakeEngine(), mode="two-players")
    app.session.set_game(game_with_moves_left())
    press(pygame.K_r)
    frames(app, 1)
    assert app.worker.kind == JobKind.REVIEW
    move = app.session.board.legal_moves()[0]
    app.session.play(move)  # the review goes on, and takes this move in too
    frames(app, 1)
    gate.set()
    frames_until(app, lambda: app.play.computer.review is not None)
    moves = app.session.game.moves
    assert sorted(app.play.computer.reviewed()) == [p for p, sq in enumerate(moves) if sq >= 0]
    assert not any("stopped" in t.text for t in app.play.notices.toasts)


def test_a_review_resumes_after_the_computers_move(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = held_reviews(monkeypatch)
    start = game_with_moves_left()
    app = make_app(FakeEngine(), mode="computer", human_color=start.board.side_to_move)
    app.session.set_game(start)
    before = len(start.moves)
    press(pygame.K_r)
    frames(app, 1)
    click(app, app.session.board.legal_moves()[0])  # the computer replies: its search first
    gate.set()
    frames_until(app, lambda: app.play.computer.review is not None)
    assert len(app.session.game.moves) > before + 1  # the computer did reply
    moves = app.session.game.moves
    assert sorted(app.play.computer.reviewed()) == [p for p, sq in enumerate(moves) if sq >= 0]


@pytest.mark.slow
def test_another_game_stops_a_review_with_a_word(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    held_reviews(monkeypatch)
    app = make_app(FakeEngine(), mode="two-players")
    app.session.set_game(game_with_moves_left())
    press(pygame.K_r)
    frames(app, 1)
    press(pygame.K_n)
    frames(app, 2)
    assert app.worker.kind != JobKind.REVIEW and app.play.computer.review_progress() is None
    said = [t.text for t in app.play.notices.toasts]
    assert any(text.startswith("Review stopped: another game") for text in said)


def test_choosing_a_white_blunder_shows_where_it_was_played_scored_for_black(
    make_app: Callable[..., App],
) -> None:
    _before, board, worst, _scores = seeded_blunder(9)
    assert board.side_to_move == "white"
    game = Game(board)
    game.play(worst)
    app = make_app(FakeEngine(), mode="two-players", window_width=1100, window_height=760)
    app.session.set_game(game)
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None)
    verdict = app.play.computer.reviewed()[0]
    assert verdict.color == "white" and verdict.mark == "blunder"
    press(pygame.K_m)
    press(pygame.K_END)
    frames(app, 2)
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None
    rect = next(rect for rect, ply in overlay.cells if ply == 0)
    click_at(rect.center)  # the marked row
    frames(app, 2)
    assert app.session.shown.cursor == 0  # the position where the blunder was played
    view = app.play.board_view()
    # the move played and the best, for Black (as the graph): White's best is Black's lowest
    assert view.hints == {verdict.played: -verdict.played_score, verdict.best: -verdict.best_score}
    assert view.best == verdict.best and view.hints[verdict.best] < view.hints[verdict.played]
    x, ply = overlay.graph_xs[0]  # the graph point of the move, after it: the same position
    assert ply == 0
    click_at((x, overlay.graph_rect.centery))
    frames(app, 1)
    assert app.session.shown.cursor == 0 and app.session.game.cursor == 1


def _finished(seed: int) -> Game:
    from support.positions import random_game

    game = Game()
    for square in random_game(seed):
        game.play(square)
    return game


def test_a_review_belongs_to_its_game(make_app: Callable[..., App]) -> None:
    """Issue 31, item 2: after a reviewed game, a new game that opens the same way shows
    none of the old review, and is itself reviewed at its end."""
    from othello.study.review import MoveReview

    app = make_app(FakeEngine(), mode="two-players", review_at_end=True)
    first = _finished(3)
    app.session.set_game(first)
    frames(app, 2)
    app.worker.cancel()  # the review at the end, as if it had judged every move:
    judgement = app.play.computer.judgement
    start = first.start.to_string()
    verdicts = [
        MoveReview(ply, ply + 1, "black" if ply % 2 == 0 else "white", sq, sq, 0, 0, False)
        for ply, sq in enumerate(first.moves)
        if sq >= 0
    ]
    judgement.review_started(start, tuple(first.moves))
    for verdict in verdicts:
        judgement.add_verdict(verdict)
    judgement.review_done(start, tuple(first.moves))
    app.play.computer.reviewing.wanted = False
    assert app.play.computer.reviewed()
    press(pygame.K_n)
    frames(app, 2)
    app.session.play(first.moves[0])  # the same first move as the reviewed game
    frames(app, 2)
    assert app.play.computer.reviewed() == {} and app.play.computer.review is None
    assert not any(point.mark for point in app.play.computer.graph_points())
    second = _finished(3)  # the same moves again, as a new game: its own review at the end
    app.session.set_game(second)
    frames(app, 2)
    assert app.worker.kind == JobKind.REVIEW
    assert app.session.judgement_of(first).reviewed(first)  # the first keeps its own


class CountingWorker:
    """The search process as the review sees it: each review job started and each cancel
    counted; a started job runs until cancelled."""

    def __init__(self) -> None:
        self.kind: JobKind | None = None
        self.reviews: list[tuple[tuple[int, ...], int]] = []
        self.cancels = 0

    @property
    def busy(self) -> bool:
        return self.kind is not None

    def review(self, start: object, moves: list[int], first: int = 0) -> int:
        self.reviews.append((tuple(moves), first))
        self.kind = JobKind.REVIEW
        return len(self.reviews)

    def cancel(self) -> None:
        self.cancels += 1 if self.kind is not None else 0
        self.kind = None


def test_undo_never_restarts_a_review_of_the_game_on_the_board() -> None:
    """Issue 51, item 7: each Undo in a game being reviewed once cancelled the review job
    and started it again ("Reviewing: 1 move judged" at every press); its moves are still
    the game's, so the job goes on, and a finished review stays the whole game's."""
    from othello.gui.model.session import Session
    from othello.gui.services.computer import ComputerTurn

    worker = CountingWorker()
    session = Session(two_players=True)
    computer = ComputerTurn(worker, session, 0.0, print, print)  # type: ignore[arg-type]
    session.on_game_changed.append(computer.game_changed)
    game = blunder_game()
    session.set_game(game)
    finish_randomly(session.game)
    moves = tuple(session.game.moves)
    computer.toggle_review()
    computer.review_when_free()
    assert worker.reviews == [(moves, 0)]
    for _ in range(3):
        session.undo()
        computer.review_when_free()
    assert worker.cancels == 0 and worker.reviews == [(moves, 0)]
    assert computer.reviewing.line() == moves  # the whole game, undone moves too


def test_a_balanced_starts_given_moves_are_never_reviewed() -> None:
    """Issue 51, item 6: the eight moves a balanced opening played came with the start:
    the review judges the moves made in the game, and its summary counts only those."""
    from othello.gui.model.session import Session
    from othello.gui.services.computer import ComputerTurn

    worker = CountingWorker()
    session = Session(two_players=True)
    computer = ComputerTurn(worker, session, 0.0, print, print)  # type: ignore[arg-type]
    session.on_game_changed.append(computer.game_changed)
    opening = Game.from_transcript("c4e3f6e6d6g7f2e7")
    session.new_game(given=tuple(opening.moves), origin="balanced")
    for move in ("f3", "c5"):
        session.play(move)
    computer.toggle_review()
    computer.review_when_free()
    assert worker.reviews == [(tuple(session.game.moves), 8)]  # from the game's first move
    assert computer.review_progress() == 0.0
    judgement, game = session.judgement, session.game
    start, line = game.start.to_string(), tuple(game.moves)
    assert judgement.first_unjudged(start, line, game.given) == 8
    # its finished review is kept as finished, even where the game comes back without its
    # given moves marked (the library keeps no such count)
    judgement.review_started(start, line)
    for verdict in review_game(game.start, list(line), depth=1, exact_empties=4, first=8):
        judgement.add_verdict(verdict)
    assert len(judgement.review_done(start, line)) == 2
    again = Game.from_transcript(game.transcript())
    from othello.gui.model.judgement import GameJudgement

    restored = GameJudgement()
    restored.restore(again, judgement.to_data(game))
    assert again.given == 0 and restored.review is not None
