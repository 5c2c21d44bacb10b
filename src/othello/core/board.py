"""The Othello position: two bitboards, the side to move, and a move stack for undo.

Othello rules, not the Reversi variant: a player with no legal move must pass (and may
pass only then); the game ends when neither side can move.

>>> b = Board()
>>> b.side_to_move, b.legal_moves()
('black', ['d3', 'c4', 'f5', 'e6'])
>>> b.push("f5"); b.count()
(4, 1)
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from othello.core.bitboard import PASS, Bitboard, Square, flips, legal_moves
from othello.core.errors import IllegalMoveError, NotationError
from othello.core.notation import (
    format_board_string,
    format_transcript,
    parse_board_string,
    parse_move,
    split_transcript,
    square_name,
)

Color = Literal["black", "white"]

START_BLACK: Bitboard = (1 << 28) | (1 << 35)  # e4, d5
START_WHITE: Bitboard = (1 << 27) | (1 << 36)  # d4, e5


class Played(NamedTuple):
    """One entry of the move stack: enough to undo the move with XORs."""

    square: Square  # PASS for a pass
    flipped: Bitboard


class Board:
    """An Othello position with its history since it was set up."""

    __slots__ = ("_stack", "black", "black_to_move", "white")

    def __init__(self) -> None:
        self.black: Bitboard = START_BLACK
        self.white: Bitboard = START_WHITE
        self.black_to_move: bool = True
        self._stack: list[Played] = []

    # ----- construction and text -------------------------------------------------

    @classmethod
    def from_bitboards(cls, black: Bitboard, white: Bitboard, black_to_move: bool = True) -> Board:
        """A position from raw bitboards (no history)."""
        if black & white:
            raise NotationError("black and white discs overlap")
        board = cls()
        board.black, board.white, board.black_to_move = black, white, black_to_move
        return board

    @classmethod
    def from_string(cls, text: str) -> Board:
        """A position from a 64-character board string and the side to move."""
        black, white, black_to_move = parse_board_string(text)
        return cls.from_bitboards(black, white, black_to_move)

    def to_string(self) -> str:
        """The board string: 64 squares a1..h8 and ``X`` or ``O`` to move."""
        return format_board_string(self.black, self.white, self.black_to_move)

    @classmethod
    def from_transcript(cls, text: str, start: Board | None = None) -> Board:
        """Play a transcript such as ``"f5d6c3"`` from the start (or from ``start``).

        Passes may be written (``pa`` or ``--``) or left out. An unreadable token raises
        :class:`NotationError`, an illegal move :class:`IllegalMoveError`; both name the
        move number and the text.
        """
        board = start.copy() if start is not None else cls()
        for number, (offset, token) in enumerate(split_transcript(text), start=1):
            where = f"move {number} ({token!r} at character {offset + 1})"
            try:
                move = parse_move(token)
            except NotationError as err:
                raise NotationError(f"transcript {where}: {err}") from None
            if move != PASS and board.must_pass():
                board.push_pass()  # passes are implied in the standard form
            try:
                board.push_square(move)
            except IllegalMoveError as err:
                raise IllegalMoveError(f"transcript {where}: {err}") from None
        return board

    def transcript(self, with_passes: bool = False) -> str:
        """The moves played since set-up, e.g. ``"f5d6c3"``; passes (``pa``) only if asked
        for (see :func:`~othello.core.notation.format_transcript`)."""
        return format_transcript((played.square for played in self._stack), with_passes)

    def copy(self) -> Board:
        """An independent copy, history included."""
        board = Board.from_bitboards(self.black, self.white, self.black_to_move)
        board._stack = self._stack.copy()
        return board

    # ----- the position ----------------------------------------------------------

    @property
    def side_to_move(self) -> Color:
        return "black" if self.black_to_move else "white"

    @property
    def player(self) -> Bitboard:
        """Discs of the side to move."""
        return self.black if self.black_to_move else self.white

    @property
    def opponent(self) -> Bitboard:
        """Discs of the side not to move."""
        return self.white if self.black_to_move else self.black

    @property
    def history(self) -> list[Played]:
        """The moves played since set-up (a copy), passes included."""
        return self._stack.copy()

    @property
    def last_move(self) -> Square | None:
        """The last move played (``PASS`` for a pass), or None at set-up."""
        return self._stack[-1].square if self._stack else None

    def legal_mask(self) -> Bitboard:
        """Legal squares of the side to move, as a bitboard."""
        return legal_moves(self.player, self.opponent)

    def legal_squares(self) -> list[Square]:
        """Legal squares of the side to move, ascending a1..h8."""
        mask = self.legal_mask()
        return [sq for sq in range(64) if mask >> sq & 1]

    def legal_moves(self) -> list[str]:
        """Legal squares of the side to move as names, ascending a1..h8 (empty: must pass)."""
        return [square_name(sq) for sq in self.legal_squares()]

    def is_legal(self, move: str | Square) -> bool:
        sq = parse_move(move) if isinstance(move, str) else move
        if sq == PASS:
            return self.must_pass()
        return 0 <= sq < 64 and bool(self.legal_mask() >> sq & 1)

    def flips(self, move: str | Square) -> list[Square]:
        """Squares that would turn over if the side to move played ``move``."""
        sq = parse_move(move) if isinstance(move, str) else move
        if sq == PASS or not self.is_legal(sq):
            return []
        mask = flips(self.player, self.opponent, sq)
        return [s for s in range(64) if mask >> s & 1]

    def must_pass(self) -> bool:
        """True when the side to move has no move but the opponent has one."""
        return not self.legal_mask() and bool(legal_moves(self.opponent, self.player))

    def is_game_over(self) -> bool:
        """True when neither side can move."""
        return not self.legal_mask() and not legal_moves(self.opponent, self.player)

    def count(self) -> tuple[int, int]:
        """``(black discs, white discs)``."""
        return self.black.bit_count(), self.white.bit_count()

    def empties(self) -> int:
        return 64 - (self.black | self.white).bit_count()

    def winner(self) -> Color | None:
        """The colour with more discs once the game is over; None for a draw or a game on."""
        if not self.is_game_over():
            return None
        b, w = self.count()
        return "black" if b > w else "white" if w > b else None

    def score(self) -> int:
        """Final-style disc difference for black, empties to the side with more discs."""
        b, w = self.count()
        empties = 64 - b - w
        if b > w:
            return b - w + empties
        if w > b:
            return b - w - empties
        return 0

    # ----- making and unmaking moves ----------------------------------------------

    def push(self, move: str) -> None:
        """Play ``move`` (a square name, or ``pass``); raises IllegalMoveError if not legal."""
        self.push_square(parse_move(move))

    def push_pass(self) -> None:
        """Pass; legal only when the side to move has no move and the game is not over."""
        self.push_square(PASS)

    def push_square(self, sq: Square) -> None:
        """Play a move given as a square index (or ``PASS``)."""
        if sq == PASS:
            if not self.must_pass():
                reason = "the game is over" if self.is_game_over() else "a legal move exists"
                raise IllegalMoveError(f"{self.side_to_move} cannot pass: {reason}")
            self._stack.append(Played(PASS, 0))
            self.black_to_move = not self.black_to_move
            return
        if not 0 <= sq < 64:
            raise IllegalMoveError(f"square index {sq} is outside the board")
        p, o = self.player, self.opponent
        bit = 1 << sq
        f = flips(p, o, sq) if not (p | o) & bit else 0
        if not f:
            why = "it is occupied" if (p | o) & bit else "it turns no disc over"
            raise IllegalMoveError(f"{self.side_to_move} cannot play {square_name(sq)}: {why}")
        self._apply(bit, f)
        self._stack.append(Played(sq, f))
        self.black_to_move = not self.black_to_move

    def pop(self) -> str:
        """Undo the last move and return its name; raises IndexError when there is none."""
        if not self._stack:
            raise IndexError("pop from a board with no moves played")
        played = self._stack.pop()
        self.black_to_move = not self.black_to_move
        if played.square != PASS:
            self._apply(1 << played.square, played.flipped)  # XOR undoes itself
        return square_name(played.square)

    def _apply(self, bit: Bitboard, f: Bitboard) -> None:
        """Toggle the placed disc and the flipped discs for the side to move."""
        if self.black_to_move:
            self.black ^= bit | f
            self.white ^= f
        else:
            self.white ^= bit | f
            self.black ^= f

    # ----- comparison and display -------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Positions are equal when discs and side to move are; history does not count."""
        if not isinstance(other, Board):
            return NotImplemented
        return (self.black, self.white, self.black_to_move) == (
            other.black,
            other.white,
            other.black_to_move,
        )

    def __hash__(self) -> int:
        return hash((self.black, self.white, self.black_to_move))

    def __repr__(self) -> str:
        return f"Board.from_string({self.to_string()!r})"

    def __str__(self) -> str:
        rows = ["  a b c d e f g h"]
        for r in range(8):
            cells = []
            for c in range(8):
                bit = 1 << (r * 8 + c)
                cells.append("X" if self.black & bit else "O" if self.white & bit else ".")
            rows.append(f"{r + 1} " + " ".join(cells))
        rows.append(f"{self.side_to_move} to move")
        return "\n".join(rows)
