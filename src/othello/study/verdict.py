"""One placed move judged: the best move, both scores and the loss, and every move's score.

Each position is searched from empty tables, so a verdict depends on the position alone and is
the same in any process, in any order: from ``exact_empties`` empty squares on exactly (the
solver proves the best score, and the played move's by solving the position after it),
before that at a fixed depth with every legal move scored in full. The loss is the best score
minus the played move's, both from the mover's side, in discs; it is never negative. Marks:

    best         loss 0
    inaccuracy   loss 1-3 discs
    mistake      loss 4-9
    blunder      loss 10 or more

A whole game is reviewed by ``othello.study.review``, on one process or several
(``othello.study.review_workers``); both judge each move here.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from othello.core.bitboard import PASS, Square
from othello.core.board import Board, Color
from othello.core.notation import parse_move
from othello.engine.api import Engine
from othello.engine.levels import Level
from othello.study.coach import ThemeFound, best_line, themes

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
    # a move that lost something: the engine's best line after it (the opponent's reply
    # first), and why it lost (study.coach), computed with the verdict
    line: tuple[Square, ...] = ()
    themes: tuple[ThemeFound, ...] = ()

    @property
    def loss(self) -> int:
        return self.best_score - self.played_score

    @property
    def mark(self) -> str:
        return mark_for(self.loss)


def mark_for(loss: int) -> str:
    """The word for a loss of ``loss`` discs (see the module's table)."""
    return next(word for least, word in MARKS if loss >= least)


def review_level(depth: int) -> Level:
    """The fixed-depth search that scores midgame positions (every move in full)."""
    return Level(0, "Review", f"every move scored {depth} moves deep", depth, 0, 0, 3600.0)


Task = tuple[int, int, str, int, int, int, bool]
"""One placed move to judge, as plain data: ply, move number, the board string before it,
the move, the midgame depth, the exact_empties, and whether to say why it lost."""


def positions(
    start: Board, moves: Sequence[Square], depth: int, exact_empties: int, explain: bool = True
) -> list[Task]:
    """The placed moves of a game, each with the position it was played in."""
    board = start.copy()
    tasks: list[Task] = []
    for ply, sq in enumerate(moves):
        if sq != PASS:
            number = len([e for e in board.history if e.square != PASS]) + 1
            tasks.append((ply, number, board.to_string(), sq, depth, exact_empties, explain))
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
    ply, number, text, sq, depth, exact_empties, explain = task
    midgame, solver = _emptied_engines(depth)
    board = Board.from_string(text)
    if board.empties() <= exact_empties:
        review = _exact(solver, board, ply, sq, stop)
    else:
        review = _estimated(midgame, board, ply, sq, stop)
    review = dataclasses.replace(review, number=number)
    if not explain or review.loss <= 0:
        return review
    line = best_line(board, sq, lambda b: line_from(b, depth=max(1, depth - 1)))
    if stop is not None and stop.is_set():
        raise ReviewStopped
    found = themes(board, sq, review.best, line)
    return dataclasses.replace(review, line=tuple(line), themes=tuple(found))


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


def line_from(
    board: Board, *, depth: int = DEPTH, exact_empties: int = EXACT_EMPTIES
) -> list[Square]:
    """The best line from ``board`` as a review finds it (its engines, from emptied tables, so
    the same in any process): exact from ``exact_empties`` empty squares on."""
    midgame, solver = _emptied_engines(depth)
    found = solver.solve(board) if board.empties() <= exact_empties else midgame.think(board)
    return [parse_move(move) for move in found.pv]
