"""Positions and games for tests: seeded random positions and games, the exact answer the
slow plain way, the FForum set's first positions with their best moves, and a game whose
last move is a blunder."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.game import Game
from othello.engine.api import Engine
from othello.engine.search_common import INF

DATA = Path(__file__).resolve().parent.parent / "data"

EXACT = 10  # small, so the exact part is quick


def random_board(empties: int, seed: int) -> Board:
    """A position from a seeded random game, with ``empties`` empty squares (or game over)."""
    rng = random.Random(seed)
    board = Board()
    while board.empties() > empties and not board.is_game_over():
        squares = board.legal_squares()
        if squares:
            board.push_square(rng.choice(squares))
        else:
            board.push_pass()
    return board


def brute_force(board: Board) -> int:
    """Exact final disc difference for the side to move, by plain minimax on Board objects."""
    if board.is_game_over():
        b, w = board.count()
        e = board.empties()
        diff = b - w if board.black_to_move else w - b
        return diff + e if diff > 0 else diff - e if diff < 0 else 0
    if board.must_pass():
        board.push_pass()
        v = -brute_force(board)
        board.pop()
        return v
    best = -INF
    for move in board.legal_moves():
        board.push(move)
        best = max(best, -brute_force(board))
        board.pop()
    return best


def ffo(number: int) -> tuple[Board, int, set[str]]:
    """FForum position ``number`` (1..19): board, best score, every best move."""
    line = (DATA / "fforum-1-19.obf").read_text().splitlines()[number - 1]
    text, rest = line.split(";", 1)
    entries = [e.strip().split(":") for e in rest.split(";") if e.strip()]
    best = int(entries[0][1])
    return Board.from_string(text), best, {m.lower() for m, v in entries if int(v) == best}


def exact_scores(board: Board) -> dict[Square, int]:
    """Every legal move's exact score for the side to move (the slow, plain way)."""
    solver = Engine(workers=1)
    scores = {}
    for sq in board.legal_squares():
        after = board.copy()
        after.push_square(sq)
        if after.is_game_over():
            scores[sq] = after.score() * (1 if board.black_to_move else -1)
        else:
            v = solver.solve(after).score
            scores[sq] = v if after.black_to_move == board.black_to_move else -v
    return scores


def random_game(seed: int) -> list[Square]:
    rng = random.Random(seed)
    board, moves = Board(), []
    while not board.is_game_over():
        squares = board.legal_squares()
        sq = rng.choice(squares) if squares else PASS
        board.push_square(sq)
        moves.append(sq)
    return moves


def seeded_blunder(empties: int) -> tuple[list[Square], Board, Square, dict[Square, int]]:
    """From a seeded random game, the moves to a position with ``empties`` empty squares
    where the worst legal move loses 10 discs or more; that position, the move, and every
    move's exact score."""
    for seed in range(100, 140):
        moves = random_game(seed)
        board, k = Board(), 0
        while k < len(moves) and not (board.empties() == empties and board.legal_squares()):
            board.push_square(moves[k])
            k += 1
        if k == len(moves):
            continue
        scores = exact_scores(board)
        worst = min(scores, key=lambda s: scores[s])
        if max(scores.values()) - scores[worst] >= 10:
            return moves[:k], board, worst, scores
    pytest.fail("no seeded position with a blunder available")


def blunder_game() -> Game:
    """A game from a 10-empty position whose first move is its worst (a blunder)."""
    _before, board, worst, _scores = seeded_blunder(10)
    game = Game(board)
    game.play(worst)
    return game


def finish_randomly(game: Game) -> None:
    """Play the first legal move (or pass) until the game is over."""
    board = game.board
    while not board.is_game_over():
        game.play(board.legal_moves()[0] if board.legal_squares() else "pass")
        board = game.board
