"""Puzzles: made from a review's mistakes, answers checked (exact and estimated), the Leitner
queue's order after right and wrong answers, and a damaged puzzles file set aside."""

from __future__ import annotations

import json
from pathlib import Path

from othello.app.library import puzzle_store
from othello.app.library.database import Library
from othello.app.library.puzzle_store import PuzzleStore
from othello.core.board import Board
from othello.core.notation import parse_move, square_name
from othello.gui.model.puzzle_words import stake_text
from othello.study.fforum import builtin_puzzles
from othello.study.puzzles import AGAIN, INTERVALS, Puzzle, PuzzleQueue, from_review, judge
from othello.study.review import MoveReview, review_game
from support.positions import EXACT, seeded_blunder


def verdict(ply: int, number: int, color: str, played: int, best: int, loss: int) -> MoveReview:
    return MoveReview(ply, number, color, played, best, 6, 6 - loss, True)  # type: ignore[arg-type]


def test_a_reviewed_blunder_becomes_a_puzzle_of_the_position_before_it() -> None:
    before, board, worst, scores = seeded_blunder(EXACT - 1)
    moves = [*before, worst]
    # no explanations (a line solved exactly for every move that lost): no puzzle reads them
    reviews = review_game(Board(), moves, depth=1, exact_empties=EXACT, explain=False)
    blunder = len(moves) - 1
    puzzles = from_review(Board(), moves, reviews, {blunder})
    last = [p for p in puzzles if p.played == square_name(worst)]
    assert last, "the blunder is a puzzle"
    puzzle = last[-1]
    assert puzzle.position == board.to_string()
    assert puzzle.best_score == max(scores.values())
    assert puzzle.played_score == scores[worst] and puzzle.exact
    assert puzzle.scores[puzzle.best] == puzzle.best_score
    others = set(range(blunder))  # a person played every move but the blunder
    assert all(p.id != puzzle.id for p in from_review(Board(), moves, reviews, others))


def test_only_mistakes_and_blunders_of_the_people_become_puzzles() -> None:
    moves = [Board().legal_squares()[0]]
    board = Board()
    board.push_square(moves[0])
    moves.append(board.legal_squares()[0])
    reviews = [verdict(0, 1, "black", moves[0], 19, 3), verdict(1, 2, "white", moves[1], 20, 4)]
    assert from_review(Board(), moves, reviews, {0}) == []  # an inaccuracy, and not a person's
    made = from_review(Board(), moves, reviews, {0, 1})
    assert [p.origin for p in made] == ["Your game, move 2 (mistake)"]
    assert made[0].position == board.to_string()
    assert "the best move is worth +6" in stake_text(made[0])


def test_answers_checked_exactly_and_estimated() -> None:
    first = builtin_puzzles()[0]  # FForum #1: G8 +18, ..., A4 -22
    right = judge("g8", first.scores, exact=True)
    assert right.right and "exact" in right.text()
    wrong = judge("a4", first.scores, exact=True)
    assert not wrong.right and wrong.best == "g8" and wrong.best_score - wrong.score == 40
    assert "40 discs better" in wrong.text()
    guess = judge("d3", {"d3": 2, "c4": 5, "e6": 5}, exact=False)
    assert not guess.right and guess.best in ("c4", "e6") and "estimated" in guess.text()
    tie = judge("e6", {"d3": 2, "c4": 5, "e6": 5}, exact=False)
    assert tie.right and tie.best == "e6"  # any move as good as the best is right


def own(n: int) -> Puzzle:
    return Puzzle(f"game-x-{n}", Board().to_string(), "d3", 0, False, f"game {n}")


def test_the_queue_brings_back_a_failed_puzzle_soon_and_a_solved_one_later() -> None:
    queue = PuzzleQueue([own(1), own(2), own(3)])
    queue.add(builtin_puzzles())
    assert [p.id for p in queue.due()[:4]] == ["game-x-1", "game-x-2", "game-x-3", "fforum-1"]
    first = queue.next()
    assert first is not None and first.id == "game-x-1"
    queue.answer(first, right=True)  # box 2: back after INTERVALS[2] answers
    assert (first.box, first.due) == (2, 1 + INTERVALS[2])
    second = queue.next()
    assert second is not None and second.id == "game-x-2"
    queue.answer(second, right=False)  # box 1: again after AGAIN answers
    assert (second.box, second.due) == (1, 2 + AGAIN)
    order = []
    for _ in range(4):
        p = queue.next()
        assert p is not None
        order.append(p.id)
        queue.answer(p, right=True)
    # game-x-3 (never seen), built-in #1 while the failed one waits its AGAIN answers, the
    # failed one, then built-in #2 while the solved one waits its longer interval
    assert order == ["game-x-3", "fforum-1", "game-x-2", "fforum-2"]
    assert queue.turn == first.due and queue.next() is first
    assert queue.solved() == 5


def test_the_queue_survives_in_the_library(tmp_path: Path) -> None:
    store = PuzzleStore(tmp_path / "library.sqlite3")
    queue, notice = store.load()
    assert notice is None and len(queue.puzzles) == 40  # the FForum set
    queue.add([own(1)])
    p = queue.next()
    assert p is not None
    queue.answer(p, right=False)
    assert store.save(queue) is None
    again, _ = PuzzleStore(tmp_path / "library.sqlite3").load()
    assert again.turn == 1 and len(again.puzzles) == 41
    back = next(q for q in again.puzzles if q.id == "game-x-1")
    assert back.wrong == 1 and back.due == p.due > again.turn  # not due again until its turn


def test_puzzles_answered_unread_never_replace_the_librarys_rows(tmp_path: Path) -> None:
    """A window that could not read the library answers the built-in puzzles from memory:
    its save adds what the library lacks and leaves the player's own rows as they were."""
    path = tmp_path / "library.sqlite3"
    store = PuzzleStore(path)
    queue, _ = store.load()
    kept = queue.next()
    assert kept is not None and kept.builtin
    for _answer in range(3):
        queue.answer(kept, right=True)
    queue.add([own(1)])
    assert store.save(queue) is None  # the player's history: right 3 times, and one own
    blind = PuzzleQueue()  # a window whose read failed: the built-in set, from memory
    blind.add(builtin_puzzles())
    blind.touched.clear()
    saves = puzzle_store.PuzzleSaves(blind, read=False)
    same = next(q for q in blind.puzzles if q.id == kept.id)
    blind.answer(same, right=False)
    fresh = next(q for q in blind.puzzles if q.id != kept.id)
    blind.answer(fresh, right=True)
    with Library(path) as library:
        puzzle_store.write(library, saves.take(blind))
        again, _ = puzzle_store.load(library)
    by_id = {q.id: q for q in again.puzzles}
    assert by_id[kept.id].right == 3 and by_id[kept.id].wrong == 0
    assert by_id[fresh.id].right == 1  # one the library lacked is added
    assert "game-x-1" in by_id and again.turn == 5  # the answers still count


def test_an_answer_writes_only_the_puzzles_it_changed(tmp_path: Path) -> None:
    """38,000 puzzles were rewritten after every answer: now the one answered is."""
    path = tmp_path / "library.sqlite3"
    store = PuzzleStore(path)
    queue, _ = store.load()
    queue.add([own(n) for n in range(300)])
    assert store.save(queue) is None
    p = queue.next()
    assert p is not None
    queue.answer(p, right=True)
    changes = puzzle_store.PuzzleSaves(queue)
    changes.turn = queue.turn - 1
    taken = changes.take(queue)
    assert list(taken.rows) == [p.id] and taken.answers == 1
    with Library(path) as library:
        puzzle_store.write(library, taken)
        again, _ = puzzle_store.load(library)
    assert {q.id: q.right for q in again.puzzles}[p.id] == 1 and again.turn == 1


def test_a_damaged_puzzle_row_costs_that_puzzle_only(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    store = PuzzleStore(path)
    queue, _ = store.load()
    queue.add([own(n) for n in range(3)])
    assert store.save(queue) is None
    with Library(path) as library:
        library.db.execute("UPDATE puzzles SET data = '{not json' WHERE id = 'game-x-1'")
        library.db.execute("UPDATE puzzles SET data = ? WHERE id = 'game-x-2'",
                           (json.dumps({**own(2).to_data(), "box": "2"}),))  # fmt: skip
    again, notice = PuzzleStore(path).load()
    assert notice is not None and "2 of your puzzles could not be read" in notice
    assert {q.id for q in again.puzzles} >= {"game-x-0"} and len(again.puzzles) == 41


def test_a_puzzle_answers_with_the_reviews_own_scores() -> None:
    """Issue 31, item 3: one judgement, stated once. A midgame review scores every move; the
    puzzle made from it carries those scores, and scoring the position the review's way
    again (the puzzle's search for what it lacks) gives the same numbers."""
    from othello.study.review import score_moves

    board = Board()
    moves = []
    for name in ("f5", "d6", "c3", "d3", "c4", "f4"):
        moves.append(parse_move(name))
    reviews = review_game(Board(), moves, depth=3, exact_empties=10)
    played = reviews[-1]
    assert len(played.scores) == len(Board.from_transcript("f5d6c3d3c4").legal_squares())
    again, exact = score_moves(Board.from_transcript("f5d6c3d3c4"), depth=3, exact_empties=10)
    assert again == dict(played.scores) and not exact  # the same search, the same scores
    assert played.best_score == max(again.values()) and played.played_score == again[played.played]
    forced = [MoveReview(5, 6, played.color, played.played, played.best, played.best_score,
                         played.best_score - 5, False, played.scores)]  # fmt: skip
    (puzzle,) = from_review(board, moves, forced, {5})
    assert {parse_move(m): s for m, s in puzzle.scores.items()} == dict(played.scores)
    verdict = judge(puzzle.best, puzzle.scores, puzzle.exact)
    assert verdict.right and verdict.score == puzzle.best_score  # what the stake said


def test_the_exact_path_scores_every_move_as_the_solver_does() -> None:
    _before, board, _worst, scores = seeded_blunder(EXACT - 1)
    again, exact = score_moves_exact(board)
    assert exact and again == scores


def score_moves_exact(board: Board) -> tuple[dict[int, int], bool]:
    from othello.study.review import score_moves

    return score_moves(board, exact_empties=EXACT)


def _cannot_move(path: Path, tag: str) -> Path:
    raise PermissionError(13, "Permission denied", str(path))
