"""Post-game review: for every move of a game, the best move, both scores and the loss.

Each position where a move was placed is searched: from ``exact_empties`` empty squares on
exactly (the solver proves the best score, and the played move's score by solving the
position after it), before that at a fixed depth with every legal move scored in full. The
loss is the best score minus the played move's, both from the mover's side, in discs; it is
never negative (the best is the maximum over the same scores). Marks:

    best         loss 0
    inaccuracy   loss 1-3 discs
    mistake      loss 4-9
    blunder      loss 10 or more

Reviews run in any thread; ``stop`` ends one early (ReviewStopped) and ``on_progress``
hears each move reviewed.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .bitboard import PASS, Square
from .board import Board, Color
from .engine import Engine
from .levels import Level
from .notation import parse_move, square_name

DEPTH = 6
"""The fixed midgame depth of a review (each legal move scored to it)."""
EXACT_EMPTIES = 16
"""From this many empty squares the review's scores are exact."""
MARKS: tuple[tuple[int, str], ...] = (
    (10, "blunder"),
    (4, "mistake"),
    (1, "inaccuracy"),
    (0, "best"),
)


class ReviewStopped(Exception):
    """The review was cancelled before its end."""


@dataclass(frozen=True)
class MoveReview:
    """One placed move, judged."""

    ply: int  # its index in the game's moves (passes count)
    number: int  # the move number the player sees (discs placed so far, this one included)
    color: Color
    played: Square
    best: Square
    best_score: int  # discs, from the mover's side
    played_score: int
    exact: bool
    # every move this judgement scored (the mover's side): all of them in the midgame, the
    # best and the played one when exact; a puzzle made from it answers with these
    scores: tuple[tuple[Square, int], ...] = ()

    @property
    def loss(self) -> int:
        return self.best_score - self.played_score

    @property
    def mark(self) -> str:
        return mark_for(self.loss)


def mark_for(loss: int) -> str:
    """The word for a loss of ``loss`` discs (see the module's table)."""
    return next(word for least, word in MARKS if loss >= least)


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


def review_level(depth: int) -> Level:
    """The fixed-depth search that scores midgame positions (every move in full)."""
    return Level(0, "Review", f"every move scored {depth} moves deep", depth, 0, 0, 3600.0)


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
) -> list[MoveReview]:
    """Judge every placed move of the game ``moves`` from ``start``; from ply ``first`` on
    only (the window resumes a review cut short that way). ``on_review`` hears each verdict
    as soon as it is made, so a review stopped early keeps what it judged.

    Each position is judged on its own (the engine's tables emptied first), so the verdicts
    do not depend on the order: ``workers`` above 1 judges the positions on that many
    processes (``othello.review_pool``, at ``nice`` lower priority) with the same results."""
    tasks = [task for task in positions(start, moves, depth, exact_empties) if task[0] >= first]
    if workers > 1 and len(tasks) > 1:
        from .review_pool import judge_in_parallel

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


Task = tuple[int, int, str, int, int, int]
"""One placed move to judge, as plain data: ply, move number, the board string before it,
the move, the midgame depth and the exact_empties."""


def positions(start: Board, moves: Sequence[Square], depth: int, exact_empties: int) -> list[Task]:
    """The placed moves of a game, each with the position it was played in."""
    board = start.copy()
    tasks: list[Task] = []
    for ply, sq in enumerate(moves):
        if sq != PASS:
            number = len([e for e in board.history if e.square != PASS]) + 1
            tasks.append((ply, number, board.to_string(), sq, depth, exact_empties))
        board.push_square(sq)
    return tasks


_ENGINES: dict[int, tuple[Engine, Engine]] = {}


def _emptied_engines(depth: int) -> tuple[Engine, Engine]:
    """The review's midgame engine at ``depth`` and its solver, their tables emptied: what
    they find then depends on the position alone."""
    if depth not in _ENGINES:
        _ENGINES[depth] = (Engine(level=review_level(depth)), Engine(workers=1))
    midgame, solver = _ENGINES[depth]
    midgame.forget()
    solver.forget()
    return midgame, solver


def judge(task: Task, stop: threading.Event | None = None) -> MoveReview:
    """One move judged from empty tables: the same verdict in any process, in any order."""
    ply, number, text, sq, depth, exact_empties = task
    midgame, solver = _emptied_engines(depth)
    board = Board.from_string(text)
    if board.empties() <= exact_empties:
        review = _exact(solver, board, ply, sq, stop)
    else:
        review = _estimated(midgame, board, ply, sq, stop)
    return dataclasses.replace(review, number=number)


def _review(
    board: Board,
    ply: int,
    played: Square,
    best: Square,
    scores: dict[Square, int],
    exact: bool,
) -> MoveReview:
    return MoveReview(
        ply,
        0,  # the caller knows the move number (the board here has no history)
        board.side_to_move,
        played,
        best,
        scores[best],
        scores[played],
        exact,
        tuple(sorted(scores.items())),
    )


def _exact(
    solver: Engine, board: Board, ply: int, played: Square, stop: threading.Event | None
) -> MoveReview:
    result = solver.solve(board, stop)
    if not result.exact:
        raise ReviewStopped
    best = parse_move(result.move)
    scores = {best: result.score}
    if played != best:
        scores[played] = _solved_move(solver, board, played, stop)
    return _review(board, ply, played, best, scores, True)


def _solved_move(solver: Engine, board: Board, move: Square, stop: threading.Event | None) -> int:
    """The exact result of ``move`` for the side that plays it."""
    after = board.copy()
    after.push_square(move)
    if after.is_game_over():
        sign = 1 if board.black_to_move else -1
        return sign * after.score()
    reply = solver.solve(after, stop)
    if not reply.exact:
        raise ReviewStopped
    same_side = after.black_to_move == board.black_to_move
    return reply.score if same_side else -reply.score


def _estimated(
    engine: Engine, board: Board, ply: int, played: Square, stop: threading.Event | None
) -> MoveReview:
    table = engine.analyze(board, stop)
    if stop is not None and stop.is_set():
        raise ReviewStopped
    scores = {parse_move(m.move): m.score for m in table}
    best = parse_move(table[0].move)
    return _review(board, ply, played, best, scores, False)


def score_moves(
    board: Board,
    *,
    depth: int = DEPTH,
    exact_empties: int = EXACT_EMPTIES,
    stop: threading.Event | None = None,
) -> tuple[dict[Square, int], bool]:
    """Every legal move of ``board`` scored as a review judges the position (the same
    depth, the same emptied tables, exact from ``exact_empties`` on), and whether exactly:
    a puzzle made from a review answers with these, so both say the same."""
    midgame, solver = _emptied_engines(depth)
    if board.empties() > exact_empties:
        table = midgame.analyze(board, stop)
        if stop is not None and stop.is_set():
            raise ReviewStopped
        return {parse_move(m.move): m.score for m in table}, False
    return {sq: _solved_move(solver, board, sq, stop) for sq in board.legal_squares()}, True


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
