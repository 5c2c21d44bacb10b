"""othello: an Othello (Reversi) game with a pure-Python engine and a pygame window.

The engine (board, notation, search) never imports pygame; only ``othello.gui`` does.
"""

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
