"""Puzzles in the window: Z opens them over the panel, a click answers, right and wrong
answers are told and saved, a review makes puzzles, a finished game is reviewed at once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from othello.app.library.puzzle_store import PuzzleStore
from othello.app.search_service import JobKind
from othello.core.game import Game
from othello.gui.app import App
from othello.gui.model.puzzle_words import stake_text
from othello.gui.scenes.end_card import EndOverlay
from othello.gui.scenes.puzzle_screen import PuzzleOverlay
from support.patience import PATIENCE
from support.positions import blunder_game, random_game
from support.window import (
    FakeEngine,
    app_maker,
    click,
    frames,
    frames_until,
    play_blunder,
    press,
)


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., App]]:
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))  # a puzzles file of its own
    yield from app_maker()


def overlay(app: App) -> PuzzleOverlay:
    found = app.find_scene(PuzzleOverlay)
    assert found is not None
    return found


def test_a_builtin_puzzle_right_then_wrong(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    app.session.play("f5")
    game = app.session.game
    press(pygame.K_z)
    frames(app)
    puzzles = overlay(app)
    assert puzzles.puzzle is not None and puzzles.puzzle.id == "fforum-1"
    assert app.session.shown.board.to_string() == puzzles.puzzle.position
    assert app.session.game is game  # a view: the game is not touched
    assert "Black to move: find the best move" in [line for line, _ in puzzles.lines()]
    click(app, "g8")  # FForum #1's best move
    frames(app)
    assert puzzles.verdict is not None and puzzles.verdict.right
    assert app.library.flush(PATIENCE)  # written off the frame loop
    saved, _ = PuzzleStore().load()
    assert next(p for p in saved.puzzles if p.id == "fforum-1").last_right is True
    press(pygame.K_RETURN)
    frames(app)
    assert puzzles.puzzle is not None and puzzles.puzzle.id == "fforum-2"
    click(app, "h2")  # FForum #2: a4 +10, h2 -24
    frames(app)
    assert puzzles.verdict is not None and not puzzles.verdict.right
    assert puzzles.verdict.best == "a4"
    assert any("a4" in line and "34 discs better" in line for line, _ in puzzles.lines())
    press(pygame.K_ESCAPE)
    frames(app)
    assert app.find_scene(PuzzleOverlay) is None and app.session.game is game


def test_a_review_makes_puzzles_that_come_first(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    play_blunder(app)
    frames(app)
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None)
    frames(app)
    assert app.library.flush(PATIENCE)  # the puzzles are written off the frame loop
    queue, _ = PuzzleStore().load()
    mine = [p for p in queue.puzzles if not p.builtin]
    assert mine and mine[0].played and mine[0].origin.startswith("Your game, move")
    assert any("from this game's mistakes" in t.text for t in app.play.notices.toasts)
    press(pygame.K_z)
    frames(app)
    puzzles = overlay(app)
    assert puzzles.puzzle is not None and puzzles.puzzle.id == mine[0].id
    frames_until(app, lambda: puzzles.scores is not None)  # the rest scored, exactly
    board, puzzle = app.session.shown.board, puzzles.puzzle
    assert puzzle is not None and puzzle.exact and puzzles.scores is not None
    other = next(m for m in board.legal_moves() if m not in puzzle.scores)
    click(app, other)  # a move the review did not score: solved the review's way
    frames(app)
    assert puzzles.verdict is not None and puzzles.verdict.exact
    assert puzzles.verdict.score == puzzles.scores[other]
    assert max(puzzles.scores.values()) == puzzle.best_score  # one truth: the review's
    click(app, puzzle.best)  # another try: judged on the review's exact scores
    frames(app)
    assert puzzles.verdict is not None and puzzles.verdict.right and puzzles.verdict.exact
    assert puzzles.verdict.best_score == puzzle.best_score
    press(pygame.K_ESCAPE)


def test_a_finished_game_is_reviewed_at_once_when_the_setting_asks(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players", review_at_end=True)
    app.session.set_game(Game.from_transcript("".join(_names(random_game(5)))))
    frames(app, 2)
    assert app.worker.kind == JobKind.REVIEW
    off = make_app(FakeEngine(), mode="two-players", review_at_end=False)
    off.session.set_game(Game.from_transcript("".join(_names(random_game(5)))))
    frames(off, 2)
    assert off.worker.kind != JobKind.REVIEW


def _names(moves: list[int]) -> list[str]:
    from othello.core.notation import square_name

    return [square_name(sq) for sq in moves if sq >= 0]


def test_a_review_that_ends_while_puzzles_are_open_still_makes_its_puzzles(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    play_blunder(app)
    frames(app)
    press(pygame.K_r)
    frames(app)
    press(pygame.K_z)  # the review goes on under the puzzles
    frames(app)
    assert app.worker.kind == JobKind.REVIEW and app.find_scene(PuzzleOverlay) is not None
    frames_until(app, lambda: app.worker.kind != JobKind.REVIEW)  # every move judged
    frames_until(app, lambda: app.play.computer.review is not None)
    frames(app, 2)
    assert any(not p.builtin for p in overlay(app).queue.puzzles)  # in the queue answered...
    click(app, app.session.shown.board.legal_moves()[0])  # ...and an answer saves it with them
    frames_until(app, lambda: overlay(app).verdict is not None)
    assert app.library.flush(PATIENCE)  # the answer is written off the frame loop
    queue, _ = PuzzleStore().load()
    assert any(not p.builtin for p in queue.puzzles)


def test_closing_puzzles_brings_the_end_card_back(make_app: Callable[..., App]) -> None:
    """Puzzles opened from a finished game's end card: closing them shows that card again."""
    app = make_app(FakeEngine(), mode="two-players", review_at_end=False)
    game = Game()
    for square in random_game(7):
        game.play(square)
    app.session.set_game(game)
    frames(app, 3)
    assert app.session.board.is_game_over() and app.find_scene(EndOverlay) is not None
    press(pygame.K_z)
    frames(app)
    assert app.find_scene(EndOverlay) is None
    press(pygame.K_ESCAPE)
    frames(app, 3)
    assert app.find_scene(PuzzleOverlay) is None and app.find_scene(EndOverlay) is not None


@pytest.mark.slow
def test_a_pasted_games_moves_never_become_your_puzzles(make_app: Callable[..., App]) -> None:
    """Issue 31, item 5: a review of a loaded or pasted game makes puzzles only of the moves
    a person placed here, not of the moves that came with the game."""
    app = make_app(FakeEngine(), mode="two-players")
    app.session.set_game(blunder_game())  # the blunder came with the game
    app.session.play(app.session.board.legal_moves()[0])  # a move of the player's own
    frames(app)
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None)
    frames(app)
    assert app.library.flush(PATIENCE)  # what the review made is written off the frame loop
    queue, _ = PuzzleStore().load()
    blunder = blunder_game()
    assert not [p for p in queue.puzzles if p.position == blunder.start.to_string()]
    assert all(p.builtin or p.position != blunder.start.to_string() for p in queue.puzzles)


def test_a_review_and_its_puzzle_say_the_same_and_a_wrong_answer_can_be_tried_again(
    make_app: Callable[..., App],
) -> None:
    """Issue 31, items 3 and 11: the puzzle judges the review's best move right with the
    review's own score and the played move at its review score; after a wrong answer a
    click tries again (not counted), and only Enter moves on."""
    from othello.core.bitboard import PASS
    from othello.core.board import Board
    from othello.core.notation import parse_move
    from othello.study.puzzles import from_review
    from othello.study.review import MoveReview

    app = make_app(FakeEngine(), mode="two-players")
    moves = [parse_move("f5"), parse_move("f6")]
    scores = ((parse_move("d6"), -2), (parse_move("f4"), 0), (parse_move("f6"), -9))
    verdict = MoveReview(1, 2, "white", parse_move("f6"), parse_move("f4"), 0, -9, False, scores)
    (puzzle,) = from_review(Board(), moves, [verdict], {1})
    assert PASS not in moves and app.play.puzzle_feed.queue().add([puzzle]) == 1
    press(pygame.K_z)
    frames(app)
    shown = overlay(app)
    assert shown.puzzle is not None and shown.puzzle.id == puzzle.id
    assert "you played f6 (-9); the best move is worth +0" in stake_text(shown.puzzle)
    click(app, "f6")  # the move played in the game: the review's score for it
    frames(app)
    assert shown.verdict is not None and not shown.verdict.right
    assert (shown.verdict.score, shown.verdict.best, shown.verdict.best_score) == (-9, "f4", 0)
    assert app.worker.kind is None or shown.worker.kind != JobKind.JUDGE  # nothing searched anew
    answered = shown.queue.turn
    click(app, "f4")  # another try on the same puzzle
    frames(app)
    assert shown.puzzle is not None and shown.puzzle.id == puzzle.id
    assert shown.verdict is not None and shown.verdict.right and shown.verdict.score == 0
    assert shown.queue.turn == answered  # only the first answer counts
    click(app, "d6")  # solved: a click does not move on
    frames(app)
    assert shown.puzzle is not None and shown.puzzle.id == puzzle.id
    press(pygame.K_RETURN)
    frames(app)
    assert shown.puzzle is not None and shown.puzzle.id != puzzle.id


def test_a_white_to_move_puzzle_rings_whites_moves_and_new_puzzles_are_counted(
    make_app: Callable[..., App],
) -> None:
    """Issue 31, item 13: the legal-move rings show the puzzle's side to move whatever
    colour the player plays, and puzzles a review adds while Puzzles is open are counted
    as new, not a jump in the count left unexplained."""
    from othello.core.board import Board
    from othello.core.notation import parse_move
    from othello.study.puzzles import from_review
    from othello.study.review import MoveReview

    app = make_app(FakeEngine())  # the player has Black
    moves = [parse_move("f5"), parse_move("f6")]
    scores = ((parse_move("d6"), -2), (parse_move("f4"), 0), (parse_move("f6"), -9))
    verdict = MoveReview(1, 2, "white", parse_move("f6"), parse_move("f4"), 0, -9, False, scores)
    (puzzle,) = from_review(Board(), moves, [verdict], {1})
    app.play.puzzle_feed.queue().add([puzzle])
    press(pygame.K_z)
    frames(app)
    shown = overlay(app)
    assert shown.puzzle is not None and shown.puzzle.side == "white"
    assert sorted(app.play.legal_markers()) == sorted(app.session.shown.board.legal_squares())
    extra = from_review(Board(), [parse_move("f5"), parse_move("d6")],
                        [MoveReview(1, 2, "white", parse_move("d6"), parse_move("f4"), 0, -5,
                                    False, scores)], {1})  # fmt: skip
    shown.queue.add(extra)
    assert "1 new from your game" in shown.lines()[0][0]


def test_the_puzzles_are_read_ahead_and_another_window_s_answers_are_kept(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """The window reads its puzzles on the library's reader as it opens (many puzzles take a
    while: too long for a frame); Z then finds them read. Another window's answer meanwhile
    is not written over: each window writes only the puzzles it answered."""
    app = make_app(FakeEngine(), mode="two-players")
    feed = app.play.puzzle_feed
    assert feed._read.wait(30) and feed._found is not None  # read before anyone asked
    other = PuzzleStore()  # another window answers the first puzzle meanwhile
    theirs, _ = other.load()
    first = theirs.next()
    assert first is not None and first.id == "fforum-1"
    theirs.answer(first, right=True)
    assert other.save(theirs) is None
    press(pygame.K_z)
    frames(app)
    puzzles = overlay(app)
    assert puzzles.puzzle is not None and puzzles.puzzle.id == "fforum-1"  # as read
    click(app, "h1")  # a wrong answer, here
    frames(app)
    press(pygame.K_RETURN)
    frames(app)
    assert app.library.flush(PATIENCE)
    stored, _ = PuzzleStore().load()
    by_id = {p.id: p for p in stored.puzzles}
    assert by_id["fforum-1"].right == 1 or by_id["fforum-1"].wrong == 1
    assert stored.turn == 2  # both windows' answers counted
