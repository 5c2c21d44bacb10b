"""othello: an Othello (Reversi) game with a pure-Python engine and a pygame window.

The engine (board, notation, search) never imports pygame; only ``othello.gui`` does.
"""

from .bitboard import PASS
from .board import Board, Color
from .engine import Engine, MoveScore, SearchResult
from .errors import GameOverError, IllegalMoveError, NotationError, OthelloError
from .game import Game
from .levels import LEVELS, Level
from .notation import parse_square, square_name

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
