"""Whose turn it is in the game on the board, and whether it is over: the questions the window
asks of a Session that change nothing; without pygame."""

from __future__ import annotations

from dataclasses import dataclass, field

from othello.core.bitboard import PASS, Square
from othello.core.board import Board, Color
from othello.core.game import Game
from othello.gui.model.seats import Seats, other


@dataclass
class Turns(Seats):
    """The game on the board and who is to play in it (Session's questions)."""

    game: Game = field(default_factory=Game)

    @property
    def board(self) -> Board:
        return self.game.board

    def is_over(self) -> bool:
        """The game on the board is over: neither side can move, or a flag fell."""
        return self.game.is_over()

    @property
    def sides_shared(self) -> bool:
        """The person at the window moves for both sides: two players, or a game that came
        with its players' names (a file, a paste, the library) until the player takes a
        side in it: nobody at the window is its Black or White, and no computer plays it."""
        return self.two_players or self.game.players is not None

    def is_human_turn(self) -> bool:
        board = self.board
        mine = self.sides_shared or self.human == board.side_to_move
        return mine and not self.is_over()

    def must_pass(self) -> bool:
        """The side to move has no legal move (the pass is played once the last move's
        discs have turned); the other side places the next disc."""
        return self.board.must_pass()

    def next_to_place(self) -> Color | None:
        """The side that places the next disc: the side to move, or after its forced pass the
        other; None once the game is over."""
        board = self.board
        if self.is_over():
            return None
        return other(board.side_to_move) if board.must_pass() else board.side_to_move

    def is_computer_turn(self) -> bool:
        board = self.board
        theirs = not self.sides_shared and self.human != board.side_to_move
        return theirs and not self.is_over()

    def can_play(self, square: Square) -> bool:
        """True when the human may put a disc on ``square`` now."""
        return self.is_human_turn() and square != PASS and self.board.is_legal(square)
