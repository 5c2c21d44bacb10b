"""Post-game review: exact scores equal the solver's, losses are never negative, a known
blunder is marked, and ``othello review`` prints it or refuses a bad file."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from othello import cli
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.notation import format_transcript, parse_move
from othello.study.review import ReviewStopped, mark_for, review_game, summarize
from support.positions import EXACT, exact_scores, random_game, seeded_blunder


def test_exact_reviews_equal_the_solver_on_every_move_and_losses_are_never_negative() -> None:
    seeds = [s for s in range(40) if PASS in random_game(s)[-EXACT - 6 :]][:2]
    assert seeds, "no seeded game with a pass near the end"
    for seed in seeds:
        moves = random_game(seed)
        # no explanations: they are not what is checked here, and each solves a line exactly
        reviews = review_game(Board(), moves, depth=2, exact_empties=EXACT, explain=False)
        assert len(reviews) == sum(1 for sq in moves if sq != PASS)
        board = Board()
        by_ply = {r.ply: r for r in reviews}
        for ply, sq in enumerate(moves):
            if sq != PASS:
                r = by_ply[ply]
                assert r.loss >= 0 and r.played == sq
                if board.empties() <= EXACT:
                    scores = exact_scores(board)
                    assert r.exact and r.best_score == max(scores.values())
                    assert r.played_score == scores[sq] and scores[r.best] == r.best_score
                else:
                    assert not r.exact
            board.push_square(sq)


def test_a_known_blunder_is_marked() -> None:
    before, _board, worst, scores = seeded_blunder(EXACT - 1)
    game = [*before, worst]
    # the last move alone (each move is judged on its own: the same verdict as in the whole
    # game's review)
    review = review_game(Board(), game, depth=1, exact_empties=EXACT, first=len(before))[-1]
    assert review.played == worst and review.loss == max(scores.values()) - scores[worst]
    assert review.mark == "blunder" and review.exact
    black, white = summarize([review], "black"), summarize([review], "white")
    side = black if black.moves else white
    assert side.mistakes == 1 and side.worst == (review,)


def test_marks_follow_the_documented_thresholds() -> None:
    assert [mark_for(n) for n in (0, 1, 3, 4, 9, 10, 30)] == [
        "best", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]  # fmt: skip


def test_a_review_can_be_stopped() -> None:
    stop = threading.Event()
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done == 3:
            stop.set()

    with pytest.raises(ReviewStopped):
        review_game(Board(), random_game(1), depth=1, exact_empties=EXACT, stop=stop,
                    on_progress=progress)  # fmt: skip
    assert seen == [1, 2, 3]


@pytest.mark.slow
def test_the_review_command_prints_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text(format_transcript(random_game(7)) + "\n")
    assert cli.main(["review", str(path), "--depth", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["moves"]) == sum(1 for sq in random_game(7) if sq != PASS)
    assert all(row["loss"] >= 0 for row in data["moves"])
    assert {s["side"] for s in data["summary"]} == {"black", "white"}
    assert parse_move(data["moves"][0]["played"]) == random_game(7)[0]


def test_the_review_command_refuses_a_malformed_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("f5d6zz\n")
    assert cli.main(["review", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("othello: ") and "\n" not in err


@pytest.mark.slow
def test_reviews_on_two_processes_equal_the_one_process_review() -> None:
    """Every verdict (best move, both scores, exactness, mark) and the move numbers."""
    moves = random_game(7)
    alone = review_game(Board(), moves, depth=3, exact_empties=EXACT)
    seen: list[int] = []
    shared = review_game(
        Board(), moves, depth=3, exact_empties=EXACT, workers=2, nice=5,
        on_progress=lambda done, total: seen.append(done),
    )  # fmt: skip
    assert shared == alone
    assert [r.mark for r in shared] == [r.mark for r in alone]
    assert seen == list(range(1, len(alone) + 1))


def test_a_parallel_review_stops_when_asked() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(ReviewStopped):
        review_game(Board(), random_game(3), depth=2, exact_empties=EXACT, workers=2, stop=stop)


def _review_in_a_daemon(moves: list[Square], out: Any) -> None:
    out.put(review_game(Board(), moves, depth=2, exact_empties=EXACT, workers=2))


@pytest.mark.slow
def test_a_daemonic_process_reviews_on_workers_too() -> None:
    """The window's search process is a daemon (it never outlives the window): its review
    starts the pool's processes all the same, with the verdicts of one process."""
    import multiprocessing

    moves = random_game(11)
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    daemon = context.Process(target=_review_in_a_daemon, args=(moves, out), daemon=True)
    daemon.start()
    shared = out.get(timeout=300)
    daemon.join(30)
    assert shared == review_game(Board(), moves, depth=2, exact_empties=EXACT)
