"""What the game's positions are worth: the scores the searches gave along the way and the
last review's verdicts, kept by the moves that led there, without pygame.

Keyed by move sequences, a score or a verdict stays with its position through undo, redo and
browsing, and one for a line no longer on the board is simply not shown. The graph's points
come from here: the review's where the game was reviewed, else the searches' scores.
"""

from __future__ import annotations

from ..bitboard import PASS
from ..game import Game
from ..review import MoveReview
from .wording import GraphPoint

Moves = tuple[int, ...]


class GameJudgement:
    def __init__(self) -> None:
        # the score of the position after these moves, from Black's side, and whether exact
        self.scores: dict[Moves, tuple[int, bool]] = {}
        # the last review: the moves it judged, and its verdict on each placed move
        self.review: tuple[Moves, list[MoveReview]] | None = None
        self.review_moves: Moves = ()  # the moves the running review judges

    def note(self, moves: Moves, score: int, exact: bool, keep: bool = False) -> None:
        """The score of the position after ``moves`` (Black's side); ``keep`` leaves one
        already noted as it is."""
        if not (keep and moves in self.scores):
            self.scores[moves] = (score, exact)

    def has_score(self, moves: Moves) -> bool:
        return moves in self.scores

    def review_started(self, moves: Moves) -> None:
        self.review_moves = moves

    @property
    def review_total(self) -> int:
        """The placed moves (not passes) the running review judges: its progress counts these."""
        return sum(1 for sq in self.review_moves if sq != PASS)

    def review_done(self, verdicts: list[MoveReview]) -> None:
        self.review = (self.review_moves, verdicts)

    def progress(self, done: int) -> float:
        """The share of the running review done, from the moves it has judged."""
        return min(1.0, done / self.review_total) if self.review_total else 0.0

    def reviewed(self, game: Game) -> dict[int, MoveReview]:
        """The last review's verdicts by ply, when ``game`` begins with the moves it judged."""
        if self.review is None:
            return {}
        judged, verdicts = self.review
        moves = tuple(game.moves[: len(judged)])
        return {v.ply: v for v in verdicts} if moves == judged else {}

    def points(self, game: Game, last: int) -> list[GraphPoint]:
        """A point for each of the game's first ``last`` moves that has a score, in order:
        the review's (with its mark) where the game was reviewed, else a search's."""
        reviewed = self.reviewed(game)
        points = []
        for k in range(1, last + 1):
            verdict = reviewed.get(k - 1)
            if verdict is not None:
                sign = 1 if verdict.color == "black" else -1
                score = sign * verdict.played_score
                points.append(GraphPoint(k, score, verdict.exact, verdict.mark))
                continue
            found = self.scores.get(tuple(game.moves[:k]))
            if found is not None:
                points.append(GraphPoint(k, found[0], found[1]))
        return points
