"""What was judged of a game is kept with it across a restart (issue 31, item 12): a review
is not run again, the graph is not empty, and the moves a person placed stay theirs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from othello.app.search_service import JobKind
from othello.app.settings.keys import Settings
from othello.core.bitboard import PASS
from othello.core.board import Color
from othello.study.coach import Theme, ThemeFound
from othello.study.review import MoveReview
from support.files_window import attached_window_maker, frames, isolate
from support.patience import PATIENCE
from support.positions import random_game

REVIEWING = Settings(mode="two-players", sound=False, animation=False, review_at_end=True)


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)


@pytest.fixture
def window() -> Iterator[Callable[..., Any]]:
    """A window with the autosave attached (it resumes, as at a start)."""
    yield from attached_window_maker(REVIEWING)


def judge_as_reviewed(app: Any) -> list[MoveReview]:
    """The game on the board given a finished review (a verdict on every disc placed), as
    the search process would send it, without spending its seconds."""
    game = app.session.game
    judgement = app.play.computer.judgement
    start, moves = game.start.to_string(), tuple(game.moves)
    judgement.review_started(start, moves)
    verdicts = []
    for ply, sq in enumerate(moves):
        if sq != PASS:
            colour: Color = "black" if ply % 2 == 0 else "white"
            verdict = MoveReview(ply, ply + 1, colour, sq, sq, ply % 7, ply % 7, ply > 44)
            if ply == 10:  # the coach's line and why, kept with the verdict
                theme = ThemeFound(Theme.MOBILITY, {"opponent_moves": 9, "after_best": 4})
                verdict = replace(verdict, line=(19, 26, PASS), themes=(theme,))
            judgement.add_verdict(verdict)
            verdicts.append(verdict)
    judgement.note(moves[:3], -4, False)
    judgement.review_done(start, moves)
    return verdicts


def test_a_reviewed_game_comes_back_reviewed_after_a_restart(window: Callable[..., Any]) -> None:
    app = window()
    for square in random_game(3):
        app.session.play(square)  # every disc placed by the people at this board
    app.worker.cancel()  # the review the finished game started: it is given its verdicts
    app.play.computer.reviewing.wanted = False
    verdicts = judge_as_reviewed(app)
    before = app.play.computer.graph_points()
    people = set(app.play.computer.judgement.people)
    app.close()
    again = window()
    frames(again, 3)
    assert again.session.board.is_game_over()
    assert sorted(again.play.computer.reviewed().values(), key=lambda v: v.ply) == verdicts
    assert again.play.computer.review is not None  # the finished review, as it was
    assert again.worker.kind != JobKind.REVIEW  # not run again
    assert again.play.computer.graph_points() == before and before
    assert set(again.play.computer.judgement.people) == people and people


def test_a_game_behind_undo_keeps_its_review_too(window: Callable[..., Any]) -> None:
    app = window()
    for square in random_game(5):
        app.session.play(square)
    app.worker.cancel()
    app.play.computer.reviewing.wanted = False
    verdicts = judge_as_reviewed(app)
    app.session.new_game()
    app.session.play("f5")
    app.close()
    again = window()
    assert again.session.undo() and again.session.undo()  # f5 taken back, then the old game
    assert again.session.board.is_game_over()
    assert sorted(again.play.computer.reviewed().values(), key=lambda v: v.ply) == verdicts


def test_a_finished_review_is_saved_at_once(window: Callable[..., Any]) -> None:
    """Not only at quit: a kill after the review still finds it in the autosave."""
    import json

    from othello.app.library.database import Library, library_path

    app = window()
    for square in random_game(3):
        app.session.play(square)
    app.worker.cancel()
    app.play.computer.reviewing.wanted = False
    judge_as_reviewed(app)
    app.session.judgements.reviewed()  # what the review does when its last verdict is in
    app.library.flush(PATIENCE)
    with Library(library_path()) as library:
        (judged,) = library.execute("SELECT judged FROM held WHERE judged IS NOT NULL")[0]
    assert json.loads(judged)["reviewed"] == len(app.session.game.moves)
