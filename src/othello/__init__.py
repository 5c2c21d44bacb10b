"""othello: an Othello (Reversi) game with a pure-Python engine and a pygame window.

The engine (board, notation, search) never imports pygame; only ``othello.gui`` does.
"""

# ruff: noqa: E402 (the engine's build is chosen before any of its modules is imported)
from othello.engine.compiled import prefer_pure_if_asked

prefer_pure_if_asked()

from othello.core.bitboard import PASS
from othello.core.board import Board, Color
from othello.core.errors import GameOverError, IllegalMoveError, NotationError, OthelloError
from othello.core.game import Game
from othello.core.notation import parse_square, square_name
from othello.engine.api import Engine, MoveScore, SearchResult
from othello.engine.levels import LEVELS, Level

__version__ = "0.1.0"

__all__ = [
    "LEVELS",
    "PASS",
    "Board",
    "Color",
    "Engine",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "Level",
    "MoveScore",
    "NotationError",
    "OthelloError",
    "SearchResult",
    "__version__",
    "parse_square",
    "square_name",
]
