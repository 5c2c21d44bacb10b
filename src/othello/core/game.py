"""A game record: where the game started, every move played, and an undo/redo cursor.

The GUI and the save files work with this; the Board beneath it only knows the line
actually on the board, while a Game also remembers moves undone so they can be redone.
"""

from __future__ import annotations

from dataclasses import dataclass

from othello.core.bitboard import Square
from othello.core.board import Board, Color
from othello.core.notation import format_transcript, parse_move


@dataclass(frozen=True)
class Players:
    """Who played a game that came from elsewhere (a file, a paste, the library): Black's
    and White's names as its record gives them ("" where it gives none). A game played here
    has none: its sides are the window's seats (you, the computer)."""

    black: str
    white: str

    def name_of(self, color: Color) -> str:
        return self.black if color == "black" else self.white


class Game:
    """Moves from a start position with a cursor: ``moves[:cursor]`` are on the board."""

    def __init__(self, start: Board | None = None) -> None:
        base = start.copy() if start is not None else Board()
        self.start: Board = Board.from_bitboards(base.black, base.white, base.black_to_move)
        self.board: Board = self.start.copy()
        self.moves: list[Square] = []
        self.cursor: int = 0
        self.times: list[float | None] = []  # each move's seconds, where a clock timed it
        self.clock: str = ""  # the time control it was played at ("5+3"), if any
        self.lost_on_time: Color | None = None  # the side whose flag fell, ending the game
        self.given: int = 0  # the first moves came with the start (a balanced opening)
        self.origin: str = ""  # how it began: "" (as set), "balanced" or "range"
        self.players: Players | None = None  # named by its record; None: played here

    @classmethod
    def from_transcript(cls, text: str, start: Board | None = None) -> Game:
        """A game from a transcript (passes implied or written); raises on bad text."""
        game = cls(start)
        played = Board.from_transcript(text, start=game.start)
        for entry in played.history:
            game.play(entry.square)
        return game

    def play(self, move: str | Square) -> None:
        """Play a move (or ``PASS``) at the cursor; moves that could be redone are dropped."""
        sq = parse_move(move) if isinstance(move, str) else move
        self.board.push_square(sq)  # raises IllegalMoveError before anything changes
        del self.moves[self.cursor :]
        del self.times[self.cursor :]
        self.moves.append(sq)
        self.times.append(None)
        self.cursor += 1

    def is_over(self) -> bool:
        """Neither side can move, or a side lost on time."""
        return self.lost_on_time is not None or self.board.is_game_over()

    def result(self) -> str | None:
        """The finished game's result from Black's side as the game servers write it:
        "+12", "-6", "0" (empty squares to the winner), "+64:t" or "-64:t" when White or
        Black lost on time; None while the game goes on."""
        if self.lost_on_time is not None:
            return "+64:t" if self.lost_on_time == "white" else "-64:t"
        if not self.board.is_game_over():
            return None
        score = self.board.score()
        return f"{score:+d}" if score else "0"

    def is_untouched(self) -> bool:
        """The standard start with no move played (or undone): nothing here to lose."""
        return not self.moves and self.start == Board()

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return self.cursor < len(self.moves)

    def undo(self) -> Square | None:
        """Take back one move (a pass counts); returns it, or None at the start."""
        if not self.can_undo():
            return None
        self.board.pop()
        self.cursor -= 1
        self.lost_on_time = None  # the game goes on from here
        return self.moves[self.cursor]

    def redo(self) -> Square | None:
        """Replay the next undone move; returns it, or None when there is none."""
        if not self.can_redo():
            return None
        sq = self.moves[self.cursor]
        self.board.push_square(sq)
        self.cursor += 1
        return sq

    def go_to(self, cursor: int) -> None:
        """Undo or redo until ``cursor`` moves are on the board (clamped to the moves kept)."""
        cursor = max(0, min(cursor, len(self.moves)))
        while self.cursor > cursor:
            self.undo()
        while self.cursor < cursor:
            self.redo()

    def copy(self, cursor: int | None = None) -> Game:
        """The same game in a record of its own: its start, every move (undone ones too) and
        its cursor, or ``cursor``."""
        twin = Game(self.start)
        for sq in self.moves:
            twin.play(sq)
        twin.times = self.times.copy()
        twin.clock, twin.lost_on_time, twin.given = self.clock, self.lost_on_time, self.given
        twin.origin, twin.players = self.origin, self.players
        twin.go_to(self.cursor if cursor is None else cursor)
        if twin.cursor != self.cursor:
            twin.lost_on_time = None  # the flag fell at the game's end, not here
        return twin

    @property
    def last_move(self) -> Square | None:
        return self.moves[self.cursor - 1] if self.cursor else None

    def transcript(self, with_passes: bool = False) -> str:
        """The moves on the board in the standard form (passes implied unless asked)."""
        return format_transcript(self.moves[: self.cursor], with_passes)
