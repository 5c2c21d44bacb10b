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
import heapq
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from othello.core.bitboard import PASS, Square
from othello.core.board import Board, Color
from othello.core.errors import OthelloError
from othello.core.notation import format_transcript, parse_move, square_name
from othello.study.review import MoveReview

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

    def to_data(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _FIELDS}  # asdict copies deeply: slow
        data["scores"] = dict(self.scores)
        return data

    @classmethod
    def from_data(cls, data: Any) -> Puzzle:
        """A puzzle from its saved form; PuzzleError names what does not fit: every field of
        the right type and range, a position with a move to find, moves legal there."""
        if not isinstance(data, dict):
            raise PuzzleError("a puzzle is not an object")
        try:
            puzzle = cls(**data)
        except TypeError as err:
            raise PuzzleError(f"puzzle {str(data.get('id', '?'))[:40]!r}: {err}") from None
        wrong = [name for name, kind in _TYPES.items() if not _is(getattr(puzzle, name), kind)]
        scores = puzzle.scores
        if wrong or not all(isinstance(k, str) and _is(v, int) for k, v in scores.items()):
            raise PuzzleError(f"puzzle {puzzle.id[:40]!r}: bad {', '.join(wrong) or 'scores'}")
        problem = puzzle.problem()
        if problem is not None:
            raise PuzzleError(f"puzzle {puzzle.id[:40]!r}: {problem}")
        return puzzle

    def problem(self) -> str | None:
        """What makes the puzzle unusable (its types already right), or None."""
        if not self.id:
            return "no id"
        if not 1 <= self.box <= MAX_BOX or min(self.right, self.wrong) < 0:
            return f"box {self.box} (1..{MAX_BOX}) or answer counts out of range"
        if self.last_right not in (None, True, False):
            return "bad last_right"
        try:
            legal = Board.from_string(self.position).legal_mask()
            if not legal:
                return "no legal move in its position: nothing to find"
            moves = [self.best, *self.scores, *([self.played] if self.played else [])]
            illegal = [m for m in moves if not legal >> parse_move(m) & 1]
        except OthelloError as err:
            return str(err)
        return f"{illegal[0]} is not a legal move in its position" if illegal else None


_FIELDS = tuple(f.name for f in fields(Puzzle))
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


def game_text(start: Board, moves: Sequence[Square]) -> str:
    """A reviewed game as a puzzle keeps it: the start's board string, "|", the moves."""
    return f"{start.to_string()}|{format_transcript(moves, with_passes=True)}"


def puzzle_id(start: Board, moves: Sequence[Square], ply: int) -> str:
    """The id of the puzzle a review of ``moves`` from ``start`` makes of the move at
    ``ply``: the same review always gives the same id, so a view of the player's mistakes
    can point at the puzzle one became."""
    key = hashlib.blake2b(game_text(start, moves).encode(), digest_size=6).hexdigest()
    return f"game-{key}-{ply}"


def from_review(
    start: Board, moves: Sequence[Square], reviews: Iterable[MoveReview], mine: Collection[int]
) -> list[Puzzle]:
    """The puzzles a reviewed game gives: each mistake or blunder among the moves a person
    placed (``mine``: their plies; a pasted or loaded game's moves are nobody's here), with
    every move's score the review gave, so the puzzle answers as the review judged."""
    game = game_text(start, moves)
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
                id=puzzle_id(start, moves, r.ply),
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


class PuzzleQueue:
    """The puzzles, in their Leitner boxes, and the number of answers given (the clock).

    Choosing the next puzzle takes O(log n): the player's own puzzles and the built-in ones
    each wait in a heap ordered by when they are due, then by when they were added. A
    puzzle whose ``due`` changes is pushed again (``answer``, ``postpone``); the entry it
    leaves behind is dropped when it reaches the top. The counts the card shows (due,
    solved) are worked out once per change, not once per frame.
    """

    def __init__(self, puzzles: Iterable[Puzzle] = (), turn: int = 0) -> None:
        self.puzzles: list[Puzzle] = []
        self.turn = turn
        self._place: dict[str, int] = {}  # id -> order of arrival
        self._heaps: tuple[list[_Entry], list[_Entry]] = ([], [])  # own, built-in
        self._queued: dict[str, int] = {}  # id -> the due of its live heap entry
        self._counts: tuple[int, int, int] | None = None  # (turn, due, solved)
        self.touched: set[str] = set()  # ids added, answered or skipped since the last save
        self.add(puzzles)

    def add(self, puzzles: Iterable[Puzzle]) -> int:
        """New puzzles (due now, the player's own first); ones already here are kept as they
        are. Returns how many were new."""
        return self._admit(puzzles, due_now=True)

    def _admit(self, puzzles: Iterable[Puzzle], due_now: bool) -> int:
        fresh = 0
        for p in puzzles:
            if p.id in self._place:
                continue
            if due_now and not p.builtin:
                p.due = min(p.due, self.turn)
            self._place[p.id] = len(self.puzzles)
            self.puzzles.append(p)
            self._push(p)
            self.touched.add(p.id)
            fresh += 1
        self._counts = None
        return fresh

    def due(self) -> list[Puzzle]:
        """The puzzles due now, in the order they come: the longest due first, the player's
        own before the built-in ones (a sort of them all: for tests and tools, not frames)."""
        waiting = [p for p in self.puzzles if p.due <= self.turn]
        return sorted(waiting, key=lambda p: (p.builtin, p.due, self._place[p.id]))

    def due_count(self) -> int:
        """How many puzzles are due now."""
        return self._count()[1]

    def next(self) -> Puzzle | None:
        """The puzzle to show: the first due (the player's own first), else the one due
        soonest."""
        own, builtin = self._top(0), self._top(1)
        for first in (own, builtin):
            if first is not None and first.due <= self.turn:
                return first
        waiting = [p for p in (own, builtin) if p is not None]
        return min(waiting, key=lambda p: (p.due, p.builtin, self._place[p.id]), default=None)

    def first_of(self, ids: Iterable[str]) -> Puzzle | None:
        """The first of ``ids`` that is in the queue, due or not: a view of the player's
        mistakes opens the puzzle one of them became."""
        for puzzle_id in ids:
            place = self._place.get(puzzle_id)
            if place is not None:
                return self.puzzles[place]
        return None

    def answer(self, puzzle: Puzzle, right: bool) -> None:
        """A right answer moves the puzzle up a box (back later), a wrong one to the first
        box (again soon)."""
        self.turn += 1
        puzzle.last_right = right
        if right:
            puzzle.right += 1
            puzzle.box = min(MAX_BOX, max(1, puzzle.box) + 1)
            puzzle.due = self.turn + INTERVALS[puzzle.box]
        else:
            puzzle.wrong += 1
            puzzle.box = 1
            puzzle.due = self.turn + AGAIN
        self._moved(puzzle)

    def postpone(self, puzzle: Puzzle) -> None:
        """Skipped: the puzzle comes back after the next answer."""
        puzzle.due = self.turn + 1
        self._moved(puzzle)

    def solved(self) -> int:
        """Puzzles whose last answer was right."""
        return self._count()[2]

    def take(self, other: Puzzle) -> None:
        """Another window's version of a puzzle (the game open twice): it joins the queue, or
        its state replaces ours (the object stays ours: the window may be showing it)."""
        place = self._place.get(other.id)
        if place is None:
            self._place[other.id] = len(self.puzzles)
            self.puzzles.append(other)
            self._push(other)
        else:
            ours = self.puzzles[place]
            for name in _FIELDS:
                setattr(ours, name, getattr(other, name))
            self._push(ours)
        self._counts = None

    def _moved(self, puzzle: Puzzle) -> None:
        """A puzzle's ``due`` changed: it waits again at its new place."""
        if puzzle.id in self._place:
            self._push(puzzle)
            self.touched.add(puzzle.id)
        self._counts = None

    def _push(self, p: Puzzle) -> None:
        self._queued[p.id] = p.due
        heapq.heappush(self._heaps[p.builtin], (p.due, self._place[p.id], p))

    def _top(self, builtin: int) -> Puzzle | None:
        """The first in one heap, dropping entries a later push replaced."""
        heap = self._heaps[builtin]
        while heap:
            due, _place, p = heap[0]
            if self._queued.get(p.id) != due:  # a newer entry of it is in the heap
                heapq.heappop(heap)
            elif p.due != due:  # its due was changed from outside: put it in its place
                heapq.heappop(heap)
                self._push(p)
            else:
                return p
        return None

    def _count(self) -> tuple[int, int, int]:
        if self._counts is None or self._counts[0] != self.turn:
            due = sum(1 for p in self.puzzles if p.due <= self.turn)
            solved = sum(1 for p in self.puzzles if p.last_right)
            self._counts = (self.turn, due, solved)
        return self._counts

    def head_data(self) -> dict[str, Any]:
        """What the file holds besides the puzzles."""
        return {"version": 1, "turn": self.turn}

    def to_data(self) -> dict[str, Any]:
        return {**self.head_data(), "puzzles": [p.to_data() for p in self.puzzles]}

    @classmethod
    def from_data(cls, data: Any) -> PuzzleQueue:
        if not isinstance(data, dict) or data.get("version") != 1:
            raise PuzzleError("not a puzzles file of version 1")
        turn, puzzles = data.get("turn"), data.get("puzzles")
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
            raise PuzzleError("the puzzles file has no turn or no puzzle list")
        if not isinstance(puzzles, list):
            raise PuzzleError("the puzzles file has no turn or no puzzle list")
        return cls.restored([Puzzle.from_data(p) for p in puzzles], turn)

    @classmethod
    def restored(cls, puzzles: Iterable[Puzzle], turn: int) -> PuzzleQueue:
        """The queue as it was kept: each puzzle keeps when it is due (a solved one waits its
        turn); nothing in it is new."""
        queue = cls(turn=turn)
        queue._admit(puzzles, due_now=False)
        queue.touched.clear()
        return queue


_Entry = tuple[int, int, Puzzle]
"""A heap's entry: when the puzzle is due, its order of arrival (never equal), the puzzle."""
