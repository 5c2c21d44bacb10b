"""Post-game review: every placed move of a game judged (``othello.study.verdict``), on this
process or on several (``othello.study.review_workers``), and each side's summary.

Reviews run in any thread; ``stop`` ends one early (ReviewStopped) and ``on_progress``
hears each move reviewed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from othello.core.bitboard import Square
from othello.core.board import Board, Color
from othello.core.notation import square_name
from othello.study.review_workers import judge_in_parallel
from othello.study.verdict import (
    DEPTH,
    EXACT_EMPTIES,
    MARKS,
    MoveReview,
    ReviewStopped,
    Task,
    judge,
    mark_for,
    positions,
    review_level,
    score_moves,
)

__all__ = [
    "DEPTH",
    "EXACT_EMPTIES",
    "MARKS",
    "MoveReview",
    "ReviewStopped",
    "SideSummary",
    "Task",
    "describe",
    "judge",
    "mark_for",
    "positions",
    "review_game",
    "review_level",
    "score_moves",
    "summarize",
]


@dataclass(frozen=True)
class SideSummary:
    color: Color
    moves: int
    average_loss: float
    mistakes: int  # mistakes and blunders
    worst: tuple[MoveReview, ...]  # the three largest losses, worst first


def summarize(reviews: Sequence[MoveReview], color: Color) -> SideSummary:
    mine = [r for r in reviews if r.color == color]
    worst = sorted((r for r in mine if r.loss > 0), key=lambda r: (-r.loss, r.ply))[:3]
    return SideSummary(
        color=color,
        moves=len(mine),
        average_loss=sum(r.loss for r in mine) / len(mine) if mine else 0.0,
        mistakes=sum(1 for r in mine if r.loss >= 4),
        worst=tuple(worst),
    )


def review_game(
    start: Board,
    moves: Sequence[Square],
    *,
    depth: int = DEPTH,
    exact_empties: int = EXACT_EMPTIES,
    stop: threading.Event | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    first: int = 0,
    on_review: Callable[[MoveReview], None] | None = None,
    workers: int = 1,
    nice: int = 0,
    explain: bool = True,
) -> list[MoveReview]:
    """Judge every placed move of the game ``moves`` from ``start``; from ply ``first`` on
    only (the window resumes a review cut short that way). ``on_review`` hears each verdict
    as soon as it is made, so a review stopped early keeps what it judged.

    Each position is judged on its own (the engine's tables emptied first), so the verdicts
    do not depend on the order: ``workers`` above 1 judges the positions on that many
    processes (``othello.study.review_workers``, at ``nice`` lower priority) with the same results.
    ``explain``: each move that lost something also gets its line and why (``study.coach``)."""
    found = positions(start, moves, depth, exact_empties, explain)
    tasks = [task for task in found if task[0] >= first]
    if workers > 1 and len(tasks) > 1:
        return judge_in_parallel(tasks, workers, nice, stop, on_progress, on_review)
    reviews: list[MoveReview] = []
    for task in tasks:
        if stop is not None and stop.is_set():
            raise ReviewStopped
        review = judge(task, stop)
        reviews.append(review)
        if on_review is not None:
            on_review(review)
        if on_progress is not None:
            on_progress(len(reviews), len(tasks))
    return reviews


def describe(review: MoveReview) -> str:
    """One line for a person: "12. White d3 (best c4): -2 vs +4, loss 6, mistake"."""
    if review.played == review.best:
        return (
            f"{review.number}. {review.color.capitalize()} {square_name(review.played)}: "
            f"{review.played_score:+d}{'' if review.exact else '~'}, best"
        )
    return (
        f"{review.number}. {review.color.capitalize()} {square_name(review.played)} "
        f"(best {square_name(review.best)}): {review.played_score:+d} vs "
        f"{review.best_score:+d}{'' if review.exact else '~'}, loss {review.loss}, {review.mark}"
    )
