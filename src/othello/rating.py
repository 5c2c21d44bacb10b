"""Your strength on one scale with the computer's levels: a rating from your results.

Each level has a rating worked out from the ladder's measured results (level n's score
against level n - 1 over 100 games, ``LADDER``): on this Elo-like scale a difference of 400
points means the stronger side scores about 10 to 1 (91%), 200 points 76%, 0 an even game.
A player's rating starts in the middle of the ladder, very unsure, and moves after every
finished game against the computer by the Glicko system (Glickman 1999): by more when it is
unsure or the result was a surprise, by less as games pile up. ``deviation`` says how sure
it is: the true strength is within twice it of the rating about 95 times in 100.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .levels import LADDER, LEVELS

BASE = 500.0
"""Level 1's rating (it plays almost at random): the scale's anchor."""

LEVEL_DEVIATION = 40.0
"""How unsure each level's own rating is (100 games per step, compounded up the ladder)."""

START_DEVIATION = 350.0
"""A new player's deviation: nothing is known yet."""

LEAST_DEVIATION = 60.0
"""Never surer than this: a player's strength changes, and old games say less."""

_Q = math.log(10) / 400


def elo_difference(score: float) -> float:
    """The rating difference that makes ``score`` (0..1) the expected share of points."""
    score = min(max(score, 0.01), 0.99)
    return 400 * math.log10(score / (1 - score))


def _ladder_ratings() -> dict[int, float]:
    ratings = {1: BASE}
    for number in range(2, len(LEVELS) + 1):
        ratings[number] = ratings[number - 1] + elo_difference(LADDER[number])
    return ratings


LEVEL_RATINGS: dict[int, float] = _ladder_ratings()
"""Each level's rating, from the measured ladder."""

START_LEVEL = (len(LEVELS) + 1) // 2
"""A new player's rating is this level's: the middle of the ladder, until games say more."""


@dataclass(frozen=True)
class Rating:
    """A player's estimated strength and how unsure it is (both in rating points)."""

    value: float = LEVEL_RATINGS[START_LEVEL]
    deviation: float = START_DEVIATION
    games: int = 0

    def expected(self, level: int) -> float:
        """The share of points this player is expected to score against ``level``."""
        g = _g(math.hypot(self.deviation, LEVEL_DEVIATION))
        return 1 / (1 + 10 ** (-g * (self.value - LEVEL_RATINGS[level]) / 400))

    def after(self, level: int, score: float) -> Rating:
        """The rating after one game against ``level`` scoring ``score`` (1 a win, 0.5 a
        draw, 0 a loss): Glicko's update with one game in the rating period."""
        g = _g(LEVEL_DEVIATION)
        expected = 1 / (1 + 10 ** (-g * (self.value - LEVEL_RATINGS[level]) / 400))
        d2 = 1 / (_Q**2 * g**2 * expected * (1 - expected))
        precision = 1 / self.deviation**2 + 1 / d2
        value = self.value + _Q / precision * g * (score - expected)
        deviation = max(LEAST_DEVIATION, math.sqrt(1 / precision))
        return Rating(value, deviation, self.games + 1)

    def nearest_level(self) -> int:
        """The level whose rating is closest to this one: an even match."""
        return min(LEVEL_RATINGS, key=lambda n: abs(LEVEL_RATINGS[n] - self.value))


def _g(deviation: float) -> float:
    """Glicko's weight of a result against an opponent rated that unsurely."""
    return 1 / math.sqrt(1 + 3 * _Q**2 * deviation**2 / math.pi**2)


SUGGEST_AFTER = 5
"""Games at one level looked at for a suggestion to go up."""
SUGGEST_SHARE = 0.7
"""The share of points in those games that suggests the next level."""


def suggestion(results: Sequence[tuple[int, float]], level: int) -> int | None:
    """The next level, when the player's last ``SUGGEST_AFTER`` games at ``level`` (from
    ``results``: (level, score) pairs, oldest first) scored ``SUGGEST_SHARE`` or more."""
    if level >= len(LEVELS):
        return None
    recent = [score for played, score in results if played == level][-SUGGEST_AFTER:]
    if len(recent) < SUGGEST_AFTER or sum(recent) < SUGGEST_SHARE * len(recent):
        return None
    return level + 1
