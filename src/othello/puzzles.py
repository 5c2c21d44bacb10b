"""Puzzles: positions to find the best move in, and the queue that brings them back.

A player's own mistakes and blunders (a review's loss of 4 discs or more) become puzzles:
the position before the move, the move played and what it cost. For a player with no
reviewed games yet there are the FForum endgame positions (``data/fforum.obf``, the project's
copy of the published positions) with every move's exact result.

The queue is a Leitner box system counted in answers, not in days (so it needs no clock): a
puzzle answered right moves up a box and comes back after more answers (``INTERVALS``), one
answered wrong goes back to the first box and comes again after ``AGAIN`` answers. The next
puzzle is the one due longest, the player's own before the built-in ones.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from typing import Any

from .bitboard import PASS, Square
from .board import Board, Color
from .errors import OthelloError
from .notation import format_transcript, parse_move, square_name
from .review import MoveReview

INTERVALS = (0, 2, 5, 12, 30, 80)
"""Answers until a puzzle in box 1..5 is due again (index 0 unused)."""
MAX_BOX = 5
AGAIN = 2
"""A puzzle answered wrong comes again after this many answers."""
LEAST_LOSS = 4
"""A move that lost this many discs or more (a mistake or a blunder) becomes a puzzle."""


class PuzzleError(OthelloError):
    """Puzzle data that cannot be read; the message says what is wrong."""


@dataclass
class Puzzle:
    """One position to solve, where it came from, and its place in the queue."""

    id: str
    position: str  # the board string, the side to move has a move
    best: str  # a best move known when the puzzle was made
    best_score: int  # its result, discs for the side to move
    exact: bool  # best_score is perfect play's
    origin: str  # what the player reads: "Your game, move 23" or "FForum #12"
    played: str = ""  # the move played in the game ("" for a built-in puzzle)
    played_score: int = 0
    scores: dict[str, int] = field(default_factory=dict)  # known exact scores of every move
    game: str = ""  # the game it came from: start board string, "|", the moves with passes
    box: int = 1
    due: int = 0
    right: int = 0
    wrong: int = 0
    last_right: bool | None = None

    @property
    def builtin(self) -> bool:
        return self.id.startswith("fforum-")

    @property
    def side(self) -> Color:
        return "black" if self.position.endswith("X") else "white"

    def stake(self) -> str:
        """What is at stake, without giving the move away."""
        if self.played:
            return (
                f"In your game you played {self.played} ({self.played_score:+d}); "
                f"the best move is worth {self.best_score:+d}"
                + ("" if self.exact else " (estimated)")
                + "."
            )
        return f"Perfect play here ends {self.best_score:+d} for {self.side.capitalize()}."

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: Any) -> Puzzle:
        """A puzzle from its saved form; PuzzleError names what does not fit."""
        if not isinstance(data, dict):
            raise PuzzleError("a puzzle is not an object")
        try:
            puzzle = cls(**data)
            Board.from_string(puzzle.position)
            parse_move(puzzle.best)
        except (TypeError, OthelloError) as err:
            raise PuzzleError(f"puzzle {data.get('id', '?')!r}: {err}") from None
        wrong = [name for name, kind in _TYPES.items() if not _is(getattr(puzzle, name), kind)]
        scores = puzzle.scores
        if wrong or not all(isinstance(k, str) and _is(v, int) for k, v in scores.items()):
            raise PuzzleError(f"puzzle {puzzle.id!r}: bad {', '.join(wrong) or 'scores'}")
        return puzzle


_TYPES: dict[str, type] = {
    "id": str, "position": str, "best": str, "best_score": int, "exact": bool, "origin": str,
    "played": str, "played_score": int, "scores": dict, "game": str, "box": int, "due": int,
    "right": int, "wrong": int,
}  # fmt: skip


def _is(value: object, kind: type) -> bool:
    """``value`` is of ``kind`` (a bool is not taken for an int)."""
    return isinstance(value, kind) and (kind is bool or not isinstance(value, bool))


@dataclass(frozen=True)
class Verdict:
    """The answer to a move: its score against the best one."""

    move: str
    score: int
    best: str
    best_score: int
    exact: bool

    @property
    def right(self) -> bool:
        return self.score >= self.best_score

    def text(self) -> str:
        how = "exact" if self.exact else "estimated"
        if self.right:
            return f"Right: {self.move} is a best move ({self.score:+d}, {how})."
        return (
            f"{self.move} scores {self.score:+d}; {self.best} scores {self.best_score:+d} "
            f"({how}): {self.best_score - self.score} discs better."
        )


def judge(move: str, scores: dict[str, int], exact: bool) -> Verdict:
    """A move against every move's score (the side to move's discs)."""
    best = max(scores, key=lambda m: (scores[m], m == move))
    return Verdict(move, scores[move], best, scores[best], exact)


def from_review(
    start: Board, moves: Sequence[Square], reviews: Iterable[MoveReview], mine: Collection[int]
) -> list[Puzzle]:
    """The puzzles a reviewed game gives: each mistake or blunder among the moves a person
    placed (``mine``: their plies; a pasted or loaded game's moves are nobody's here), with
    every move's score the review gave, so the puzzle answers as the review judged."""
    game = f"{start.to_string()}|{format_transcript(moves, with_passes=True)}"
    key = hashlib.blake2b(game.encode(), digest_size=6).hexdigest()
    boards = {}
    board = start.copy()
    for ply, sq in enumerate(moves):
        boards[ply] = board.to_string()
        if sq != PASS:
            board.push_square(sq)
        else:
            board.push_pass()
    puzzles = []
    for r in reviews:
        if r.loss < LEAST_LOSS or r.ply not in mine or r.ply not in boards:
            continue
        best, played = square_name(r.best), square_name(r.played)
        scores = {square_name(sq): score for sq, score in r.scores}
        if not scores and r.exact:  # a verdict from before verdicts kept their scores
            scores = {best: r.best_score, played: r.played_score}
        puzzles.append(
            Puzzle(
                id=f"game-{key}-{r.ply}",
                position=boards[r.ply],
                best=best,
                best_score=r.best_score,
                exact=r.exact,
                origin=f"Your game, move {r.number} ({r.mark})",
                played=played,
                played_score=r.played_score,
                scores=scores,
                game=game,
            )
        )
    return puzzles


def parse_fforum(text: str) -> list[Puzzle]:
    """The FForum positions: ``<board> <X|O>; G8:+18; H1:+12; ...`` a line, numbered from 1."""
    puzzles = []
    for number, line in enumerate((ln for ln in text.splitlines() if ln.strip()), start=1):
        head, *moves = [part.strip() for part in line.split(";") if part.strip()]
        scores = {}
        for entry in moves:
            name, _, value = entry.partition(":")
            scores[square_name(parse_move(name.lower()))] = int(value)
        Board.from_string(head)
        best = max(scores, key=lambda m: scores[m])
        puzzles.append(
            Puzzle(
                id=f"fforum-{number}",
                position=head,
                best=best,
                best_score=scores[best],
                exact=True,
                origin=f"FForum #{number}, {head[:64].count('-')} empty squares",
                scores=scores,
            )
        )
    return puzzles


def builtin_puzzles() -> list[Puzzle]:
    """The FForum positions shipped with the game."""
    text = resources.files("othello").joinpath("data").joinpath("fforum.obf").read_text()
    return parse_fforum(text)


class PuzzleQueue:
    """The puzzles, in their Leitner boxes, and the number of answers given (the clock)."""

    def __init__(self, puzzles: Iterable[Puzzle] = (), turn: int = 0) -> None:
        self.puzzles: list[Puzzle] = []
        self.turn = turn
        self.add(puzzles)

    def add(self, puzzles: Iterable[Puzzle]) -> int:
        """New puzzles (due now, the player's own first); ones already here are kept as they
        are. Returns how many were new."""
        known = {p.id for p in self.puzzles}
        fresh = [p for p in puzzles if p.id not in known]
        for p in fresh:
            if not p.builtin:
                p.due = min(p.due, self.turn)
        self.puzzles.extend(fresh)
        return len(fresh)

    def due(self) -> list[Puzzle]:
        """The puzzles due now, in the order they come: the longest due first, the player's
        own before the built-in ones."""
        waiting = [p for p in self.puzzles if p.due <= self.turn]
        return sorted(waiting, key=self._order)

    def next(self) -> Puzzle | None:
        """The puzzle to show: the first due, else the one due soonest."""
        due = self.due()
        if due:
            return due[0]
        return min(self.puzzles, key=lambda p: (p.due, *self._order(p)), default=None)

    def _order(self, p: Puzzle) -> tuple[bool, int, int]:
        return (p.builtin, p.due, self.puzzles.index(p))

    def answer(self, puzzle: Puzzle, right: bool) -> None:
        """A right answer moves the puzzle up a box (back later), a wrong one to the first
        box (again soon)."""
        self.turn += 1
        puzzle.last_right = right
        if right:
            puzzle.right += 1
            puzzle.box = min(MAX_BOX, puzzle.box + 1)
            puzzle.due = self.turn + INTERVALS[puzzle.box]
        else:
            puzzle.wrong += 1
            puzzle.box = 1
            puzzle.due = self.turn + AGAIN

    def solved(self) -> int:
        """Puzzles whose last answer was right."""
        return sum(1 for p in self.puzzles if p.last_right)

    def to_data(self) -> dict[str, Any]:
        return {"version": 1, "turn": self.turn, "puzzles": [p.to_data() for p in self.puzzles]}

    @classmethod
    def from_data(cls, data: Any) -> PuzzleQueue:
        if not isinstance(data, dict) or data.get("version") != 1:
            raise PuzzleError("not a puzzles file of version 1")
        turn, puzzles = data.get("turn"), data.get("puzzles")
        if not isinstance(turn, int) or not isinstance(puzzles, list):
            raise PuzzleError("the puzzles file has no turn or no puzzle list")
        return cls([Puzzle.from_data(p) for p in puzzles], turn)
