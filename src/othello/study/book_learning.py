"""The opening book learns from the games the computer plays and the reviews the player asks
for, as Zebra's book does: where a game (its result) or its review (each move's value) found
a book move worse than the book said by more than ``LOSS_MARGIN`` discs, the position after
that move is searched again, deeper than the shipped book's build (``LEARN_NODES``), and the
move's value corrected; the correction is then negamaxed back up the game's line through the
book, so the moves that led there are corrected too.

What comes out is plain data (``engine.book.Correction``, kind ``LEARNED``): the application
keeps it in the player's library and hands it back to the engine, which reads it over the
shipped book. The review's values (a shallow search: ``verdict.DEPTH``) or a game's result
only say where to look; the value kept is always the deeper search's.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.engine.api import Engine
from othello.engine.book import (
    MAX_PLIES,
    Book,
    BookMove,
    Correction,
    CorrectionKind,
    Corrections,
    canonical,
    canonical_move,
    correction,
)
from othello.study.verdict import MoveReview

LOSS_MARGIN = 6
"""Discs: a book move is searched again when the book's value of it beats what the game or
the review found by more than this (the review searches 6 plies, the book's values 7 to 13:
their differences of a few discs are the searches', not the book's)."""
LEARN_NODES = 400_000
"""The positions a correction's search may visit (a deepening past most of them is not begun):
thirteen times the shipped build's 30,000; depth 10 to 16 in the opening, about 3.5 s pure."""
LEARN_LEVEL = 16
"""The level whose settings search a correction (its selectivity; its node budget replaced
by ``LEARN_NODES``)."""
MOST_SEARCHES = 3
"""Searches a game may ask for, the deepest book moves first (the rest follow by negamax)."""

Search = Callable[[Board], tuple[int, int]]
"""A position's value for the side to move there (discs) and the depth that found it."""


@dataclass(frozen=True)
class BookStep:
    """A move of the game that the book holds with a value, and the position before it."""

    ply: int  # its index in the game's moves (passes count)
    board: Board
    square: Square
    value: int  # the book's value of it, discs for the mover (the player's book over the shipped)
    depth: int  # of the search that gave that value


def book_steps(book: Book, start: Board, moves: Sequence[Square]) -> list[BookStep]:
    """The game's moves from the standard start for as long as the book holds each with a
    value (the book's first ``MAX_PLIES`` discs)."""
    if start != Board():
        return []
    board, steps = start.copy(), []
    for ply, sq in enumerate(moves):
        if sq == PASS:
            board.push_square(sq)
            continue
        if (board.black | board.white).bit_count() - 4 >= MAX_PLIES:
            break
        move = _book_move(book, board, sq)
        if move is None or move.value is None:
            break
        steps.append(BookStep(ply, board.copy(), sq, move.value.discs, move.value.depth))
        board.push_square(sq)
    return steps


def game_values(start: Board, moves: Sequence[Square]) -> dict[int, int]:
    """What a finished game found of each placed move: its final result for the mover (none
    for a game not over)."""
    board, movers = start.copy(), {}
    for ply, sq in enumerate(moves):
        if sq != PASS:
            movers[ply] = board.side_to_move
        board.push_square(sq)
    if not board.is_game_over():
        return {}
    black = board.score()
    return {ply: black if mover == "black" else -black for ply, mover in movers.items()}


def review_values(reviews: Iterable[MoveReview]) -> dict[int, int]:
    """What a review found of each move it judged: the played move's value for its mover."""
    return {r.ply: r.played_score for r in reviews}


def deep_search(nodes: int = LEARN_NODES, stop: threading.Event | None = None) -> Search:
    """The search a correction takes: ``LEARN_LEVEL``'s settings at ``nodes`` positions,
    never cut by time (the node budget bounds it), no book."""
    engine = Engine(level=LEARN_LEVEL, node_budget=nodes, time_limit=24 * 3600)

    def search(board: Board) -> tuple[int, int]:
        found = engine.think(board, stop=stop)
        return found.score, found.depth

    return search


def learn(
    book: Book,
    start: Board,
    moves: Sequence[Square],
    found: Mapping[int, int],
    search: Search,
    margin: int = LOSS_MARGIN,
    most: int = MOST_SEARCHES,
) -> Corrections:
    """The corrections a game teaches the book (``book``: the shipped one with the player's
    corrections over it): each book move whose value beats ``found`` (by ply: what the game
    or its review found, discs for the mover) by more than ``margin``, deepest first and at
    most ``most`` of them, searched again (a value found at least as deep as the book's is
    kept); then the moves before them on the line, as far as the values of the positions they
    lead to changed."""
    steps = book_steps(book, start, moves)
    wrong = [s for s in steps if s.ply in found and s.value - found[s.ply] > margin]
    direct: list[Correction] = []
    searched: set[int] = set()
    for step in sorted(wrong, key=lambda s: -s.ply)[:most]:
        after = step.board.copy()
        after.push_square(step.square)
        value, depth = search(after)
        searched.add(step.ply)
        # the side to move after it is the other (a pass is searched); a search shallower than
        # the one behind the book's value corrects nothing
        if -value != step.value and depth >= step.depth:
            b = step.board
            direct.append(
                correction(b.player, b.opponent, step.square, -value, depth, CorrectionKind.LEARNED)
            )
    return tuple(direct) + backed_up(book, steps, tuple(direct), searched)


def add_line(book: Book, start: Board, moves: Sequence[Square], search: Search) -> Corrections:
    """A line the player adds to their book: each of its moves in the book's first
    ``MAX_PLIES`` discs that the book does not value, searched and added (kind ``ADDED``);
    then the moves before them valued through the line where the shipped book holds the
    position they lead to, as ``learn`` does."""
    if start != Board():
        return ()
    board, added, searched = start.copy(), [], set()
    for ply, sq in enumerate(moves):
        if sq != PASS and (board.black | board.white).bit_count() - 4 >= MAX_PLIES:
            break
        if sq != PASS and _valued(book, board, sq) is None:
            after = board.copy()
            after.push_square(sq)
            value, depth = search(after)
            fix = correction(board.player, board.opponent, sq, -value, depth, CorrectionKind.ADDED)
            added.append(fix)
            searched.add(ply)
        board.push_square(sq)
    fixes = tuple(added)
    steps = book_steps(book.overlaid(fixes), start, moves)
    return fixes + backed_up(book, steps, fixes, searched)


def backed_up(
    book: Book, steps: Sequence[BookStep], fixes: Corrections, searched: set[int]
) -> Corrections:
    """Negamax up the line: each book move before a corrected one takes the value of the
    position it leads to (with the corrections), where that value changed; a move searched
    itself keeps its search's value. A position the shipped book lacks (one the player's
    added moves made) gives nothing back: the best of the moves added there says nothing of
    the moves nobody searched, so the value of the move into it stays its own search's."""
    mine = book.overlaid(fixes)
    changed = {fix.position for fix in fixes}
    added: list[Correction] = []
    for step, after in reversed(list(itertools.pairwise(steps))):
        here = canonical(step.board.player, step.board.opponent)[1:]
        there = canonical(after.board.player, after.board.opponent)[1:]
        if there not in changed or step.ply in searched:
            if step.ply in searched:
                changed.add(here)
            continue
        if there not in book.index:  # only the player's moves known there: a lower bound
            continue
        child = mine.entry(after.board.player, after.board.opponent)
        if child is None or child.value is None:
            continue
        sign = 1 if after.board.side_to_move == step.board.side_to_move else -1  # a pass between
        value = sign * child.value
        depth = max((m.value.depth for m in child.moves if m.value is not None), default=0)
        if value == _valued(mine, step.board, step.square):
            continue
        b = step.board
        fix = correction(b.player, b.opponent, step.square, value, depth, CorrectionKind.LEARNED)
        added.append(fix)
        mine = mine.overlaid((fix,))
        changed.add(here)
    return tuple(added)


def _valued(book: Book, board: Board, sq: Square) -> int | None:
    """The book's value of the move ``sq`` in the position (None: not in the book, or not
    valued)."""
    move = _book_move(book, board, sq)
    return None if move is None or move.value is None else move.value.discs


def _book_move(book: Book, board: Board, sq: Square) -> BookMove | None:
    """The book's move ``sq`` in the position, or None (a symmetric twin of ``sq`` in a
    symmetric position is the same move)."""
    entry = book.entry(board.player, board.opponent)
    key = canonical_move(board.player, board.opponent, sq)
    for m in entry.moves if entry is not None else []:
        if canonical_move(board.player, board.opponent, m.square) == key:
            return m
    return None
