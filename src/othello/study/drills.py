"""Opening drills: a named opening (or the player's own) played against the computer, whose
side follows the line while the player must find theirs.

A drill's lines are a tree of moves seen from f5 (Black's first move on f5, as
``data/openings.tsv`` writes them): a named opening's tree is its own line and every named
line that goes on from it (the Tiger's holds the Aubrey, the Rose-Bill, the Mainline
Tiger...); "my openings" is the lines the player's library games began with, each as far as
it stayed on the named lines. Where the tree branches on the computer's side it picks one
move weighted by how often people played each (the explorer's figures), preferring branches
that hold a position due again. An answer on the tree is right; any other legal move is
wrong, and the drill goes on with the line's move (the one people play most).

Each position the player answers has a card in a Leitner schedule counted in answers, as
the puzzles have (``puzzles.INTERVALS``, ``puzzles.AGAIN``), kept by the line that led to it:
a right answer moves it up a box and it comes back later, a wrong one puts it back in the
first box and it comes back after ``AGAIN`` answers. How well an opening is known is the
share of its positions whose last answer was right.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from othello.core.bitboard import Square
from othello.core.board import Board, Color
from othello.core.notation import format_transcript, parse_square, split_transcript
from othello.engine.patterns import symmetry
from othello.study.explorer import MoveStats, load_explorer
from othello.study.named_openings import F5, OpeningBook, _start_symmetries, to_f5
from othello.study.puzzles import AGAIN, INTERVALS, MAX_BOX

Line = tuple[Square, ...]
"""Moves from the start, seen from f5."""
MINE = "mine"
"""The drill of the player's own openings (any other drill is named by its opening)."""
SOURCE = "people"
"""Whose games weigh the computer's choices and are shown beside a wrong answer."""


def line_text(line: Sequence[Square]) -> str:
    """A line as the schedule keeps it: ``"f5d6c3"`` ("" for the start)."""
    return format_transcript(line)


def parse_line(text: str) -> Line:
    """A kept line back as squares; ValueError names a line that is none."""
    return tuple(parse_square(token) for _at, token in split_transcript(text))


def side_at(line: Sequence[Square]) -> Color:
    """Who is to move after ``line`` (no named line holds a pass)."""
    return "black" if len(line) % 2 == 0 else "white"


# ----- the lines ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tree:
    """The moves of a set of lines, by the line before them."""

    moves: dict[Line, tuple[Square, ...]]

    @classmethod
    def of(cls, lines: Iterable[Sequence[Square]]) -> Tree:
        found: dict[Line, list[Square]] = {}
        for whole in lines:
            for n, sq in enumerate(whole):
                nexts = found.setdefault(tuple(whole[:n]), [])
                if sq not in nexts:
                    nexts.append(sq)
        return cls({line: tuple(nexts) for line, nexts in found.items()})

    def next(self, line: Sequence[Square]) -> tuple[Square, ...]:
        return self.moves.get(tuple(line), ())

    def positions(self, side: Color) -> list[Line]:
        """The positions where ``side`` answers, in the order of the lines."""
        return [line for line in self.moves if side_at(line) == side]

    def under(self, line: Line) -> list[Line]:
        """The positions at and after ``line``."""
        return [other for other in self.moves if other[: len(line)] == line]


def opening_lines(book: OpeningBook, name: str) -> list[Line]:
    """The named opening's line and every named line that goes on from it."""
    own = [line for line, named in book.names.items() if named == name]
    return [line for line in book.names if any(line[: len(o)] == o for o in own)]


def my_lines(book: OpeningBook, lines: Iterable[Sequence[Square]]) -> list[Line]:
    """The player's games' first moves, seen from f5, each as far as it stayed on the named
    lines: what the player's openings are, without the moves that left the book."""
    seen = (to_f5(line) for line in lines)
    kept = {tuple(line[: book.identify(line).known]) for line in seen}
    return sorted(line for line in kept if line)


@dataclass(frozen=True)
class DrillChoice:
    """One drill the player may choose: an opening's name (or MINE), its tree, and its own
    line (the opening's moves; none for MINE)."""

    key: str
    tree: Tree
    line: Line = ()


def named_choices(book: OpeningBook) -> list[DrillChoice]:
    """A drill for each named opening, in the file's order."""
    return [
        DrillChoice(name, Tree.of(opening_lines(book, name)), line)
        for line, name in book.names.items()
    ]


# ----- the schedule ---------------------------------------------------------------------------


@dataclass
class Card:
    """One position's place in the schedule (the player's answers there)."""

    box: int = 1
    due: int = 0
    right: int = 0
    wrong: int = 0
    last_right: bool | None = None


@dataclass
class Schedule:
    """Every position answered, by its line's text, and the number of answers given (the
    clock: a schedule in answers needs no time of day)."""

    cards: dict[str, Card] = field(default_factory=dict)
    turn: int = 0
    touched: set[str] = field(default_factory=set)  # answered since the last save

    def answer(self, line: Sequence[Square], right: bool) -> Card:
        """Right: a box up, back later; wrong: the first box, back after AGAIN answers."""
        key = line_text(line)
        card = self.cards.setdefault(key, Card())
        self.turn += 1
        card.last_right = right
        if right:
            card.right += 1
            card.box = min(MAX_BOX, max(1, card.box) + 1)
            card.due = self.turn + INTERVALS[card.box]
        else:
            card.wrong += 1
            card.box = 1
            card.due = self.turn + AGAIN
        self.touched.add(key)
        return card

    def is_due(self, line: Sequence[Square]) -> bool:
        """Never answered, or its time has come."""
        card = self.cards.get(line_text(line))
        return card is None or card.due <= self.turn

    def known(self, lines: Sequence[Line]) -> float:
        """The share of ``lines`` whose last answer was right (0 for none)."""
        if not lines:
            return 0.0
        right = sum(1 for line in lines if self._right(line))
        return right / len(lines)

    def _right(self, line: Line) -> bool:
        card = self.cards.get(line_text(line))
        return card is not None and card.last_right is True


# ----- the computer's side --------------------------------------------------------------------


def figures(board: Board) -> dict[Square, MoveStats]:
    """People's games of each move of ``board`` that some played (none without the
    explorer)."""
    explorer, _problem = load_explorer()
    if explorer is None:
        return {}
    found = explorer.lookup(board.black, board.white, board.black_to_move, SOURCE)
    return {move.square: move for move in found.moves}


def people_games(board: Board) -> dict[Square, int]:
    """How many people's games played each move of ``board``."""
    return {sq: move.games for sq, move in figures(board).items()}


def choose(
    tree: Tree,
    line: Line,
    board: Board,
    schedule: Schedule,
    rng: random.Random,
    games: Callable[[Board], dict[Square, int]] = people_games,
) -> Square:
    """The computer's move after ``line`` (``board`` its position from f5): one of the
    tree's, weighted by people's games (a named move nobody played still weighs one), among
    those that lead to a position of the player's due again when any do."""
    moves = tree.next(line)
    side = "white" if side_at(line) == "black" else "black"
    due = [
        sq
        for sq in moves
        if any(schedule.is_due(p) for p in tree.under((*line, sq)) if side_at(p) == side)
    ]
    candidates = due or list(moves)
    played = games(board)
    weights = [played.get(sq, 0) + 1 for sq in candidates]
    return rng.choices(candidates, weights)[0]


def line_move(tree: Tree, line: Line, games: dict[Square, int]) -> Square:
    """The move of the line where the player is to answer: the tree's most played."""
    return max(tree.next(line), key=lambda sq: (games.get(sq, 0), -sq))


# ----- one drill ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """The player's move judged: ``square`` as played, ``expected`` the line's move (both on
    the board as shown); right when the answer is on the tree."""

    square: Square
    expected: Square
    right: bool
    line: Line  # the position's line, from f5


class Drill:
    """One walk down a tree from the start to the end of a line: the computer's moves chosen,
    the player's answered and scheduled. The board is shown as played; the player's first
    move may be any of the four first moves (the same opening seen in a mirror), and the
    tree is then read through that mirror."""

    def __init__(
        self,
        tree: Tree,
        side: Color,
        schedule: Schedule,
        rng: random.Random,
        games: Callable[[Board], dict[Square, int]] = people_games,
    ) -> None:
        self.tree, self.side, self.schedule, self.rng = tree, side, schedule, rng
        self.games = games
        self.moves: list[Square] = []  # as played on the board
        self.board = Board()
        self.kind = 0  # the mirror that takes the board's first move to f5 (its own inverse)
        self.right = 0
        self.wrong = 0
        self.waiting: Answer | None = None  # a wrong answer: the line's move is yet to play

    @property
    def line(self) -> Line:
        """The moves so far, from f5."""
        return tuple(symmetry(self.kind, sq) for sq in self.moves)

    def over(self) -> bool:
        """The end of the line: the tree goes no further."""
        return self.waiting is None and not self.tree.next(self.line)

    def computers_turn(self) -> bool:
        return not self.over() and self.waiting is None and self.board.side_to_move != self.side

    def players_turn(self) -> bool:
        return not self.over() and self.waiting is None and self.board.side_to_move == self.side

    def _f5_board(self) -> Board:
        return Board.from_transcript(format_transcript(self.line))

    def computer_move(self) -> Square:
        """The computer plays its move of the line; the square as played."""
        sq = choose(self.tree, self.line, self._f5_board(), self.schedule, self.rng, self.games)
        return self._play(symmetry(self.kind, sq))

    def answer(self, square: Square) -> Answer:
        """The player's (legal) move: right on the tree, played; wrong, scheduled sooner and
        held until :meth:`go_on` plays the line's move."""
        if not self.moves:  # the first move picks the mirror the drill is seen through
            self.kind = next(k for k in _start_symmetries() if symmetry(k, square) == F5)
        line = self.line
        f5 = symmetry(self.kind, square)
        expected = line_move(self.tree, line, self.games(self._f5_board()))
        right = f5 in self.tree.next(line)
        self.schedule.answer(line, right)
        answer = Answer(square, symmetry(self.kind, f5 if right else expected), right, line)
        if right:
            self.right += 1
            self._play(square)
        else:
            self.wrong += 1
            self.waiting = answer
        return answer

    def go_on(self) -> Square | None:
        """After a wrong answer: the line's move played; its square."""
        if self.waiting is None:
            return None
        square, self.waiting = self.waiting.expected, None
        return self._play(square)

    def _play(self, square: Square) -> Square:
        self.board.push_square(square)
        self.moves.append(square)
        return square
