"""Your strength on one scale with the computer's levels: a rating from your results.

Each level has a rating worked out from the ladder's measured results (level n's score
against level n - 1 over 100 games, ``LADDER``): on this Elo-like scale a difference of 400
points means the stronger side scores about 10 to 1 (91%), 200 points 76%, 0 an even game.
A player's first game places the rating at the level it was played against (what a new
player chooses to face is what is known of them), very unsure, and it moves after every
finished game against the computer by the Glicko system (Glickman 1999): by more when it is
unsure or the result was a surprise, by less as games pile up. ``deviation`` says how sure
it is: the true strength is within twice it of the rating about 95 times in 100.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from othello.engine.levels import LADDER, LEVELS

BASE = 500.0
"""Level 1's rating (it plays almost at random): the scale's anchor."""

LEVEL_DEVIATION = 40.0
"""How unsure each level's own rating is (100 games per step, compounded up the ladder)."""

START_DEVIATION = 350.0
"""A new player's deviation: nothing is known yet."""

LEAST_DEVIATION = 60.0
"""Never surer than this: a player's strength changes, and old games say less."""

UNCERTAIN_ABOVE = 150.0
"""A deviation above this (a range wider than 600 points, several levels) is still unsure."""
FAIR_ABOVE = 90.0
"""Above this and up to UNCERTAIN_ABOVE it is fairly sure (within about two levels)."""

_Q = math.log(10) / 400


class Certainty(Enum):
    """How sure a rating is, from its deviation."""

    UNCERTAIN = "uncertain"
    FAIR = "fair"
    SURE = "sure"


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
"""A rating with no games is this level's (the middle of the ladder); its first game puts
it at that game's level instead (``Rating.after``)."""

LOWEST = BASE - 2000.0
HIGHEST = LEVEL_RATINGS[len(LEVELS)] + 2000.0
"""What a rating can be: 2,000 points past either end of the ladder, far beyond what any
run of games moves it (each result moves it less the more expected it was). A number read
from a damaged file (1e308, -1e308, 5e15) is bounded to these, so the update's arithmetic
never overflows or divides by zero."""

MOST_GAMES = 10**9
"""More rated games than anyone plays: a count read from a damaged file is bounded to it."""


@dataclass(frozen=True)
class Rating:
    """A player's estimated strength and how unsure it is (both in rating points)."""

    value: float = LEVEL_RATINGS[START_LEVEL]
    deviation: float = START_DEVIATION
    games: int = 0

    def bounded(self) -> Rating:
        """This rating within what a rating can be (``LOWEST``..``HIGHEST``, a deviation
        from ``LEAST_DEVIATION`` to ``START_DEVIATION``); what is no number at all (NaN)
        becomes a new player's."""
        value, deviation, games = self.value, self.deviation, self.games
        value = (
            LEVEL_RATINGS[START_LEVEL] if math.isnan(value) else min(max(value, LOWEST), HIGHEST)
        )
        deviation = (
            START_DEVIATION
            if math.isnan(deviation)
            else min(max(deviation, LEAST_DEVIATION), START_DEVIATION)
        )
        games = min(max(games, 0), MOST_GAMES)
        if (value, deviation, games) == (self.value, self.deviation, self.games):
            return self
        return Rating(value, deviation, games)

    def expected(self, level: int) -> float:
        """The share of points this player is expected to score against ``level``."""
        me = self.bounded()
        g = _g(math.hypot(me.deviation, LEVEL_DEVIATION))
        return 1 / (1 + 10 ** (-g * (me.value - LEVEL_RATINGS[level]) / 400))

    def after(self, level: int, score: float) -> Rating:
        """The rating after one game against ``level`` scoring ``score`` (1 a win, 0.5 a
        draw, 0 a loss): Glicko's update with one game in the rating period. A rating out of
        bounds (a damaged file's) is bounded first. Before its first game the rating stands
        at ``level``'s: started mid-ladder, a first loss to level 2 read as "about level 5";
        from the level chosen, a first game moves it about a level either way."""
        me = self.bounded()
        before = me.value if me.games else LEVEL_RATINGS[level]
        g = _g(LEVEL_DEVIATION)
        expected = 1 / (1 + 10 ** (-g * (before - LEVEL_RATINGS[level]) / 400))
        d2 = 1 / (_Q**2 * g**2 * expected * (1 - expected))
        precision = 1 / me.deviation**2 + 1 / d2
        value = before + _Q / precision * g * (score - expected)
        deviation = max(LEAST_DEVIATION, math.sqrt(1 / precision))
        return Rating(value, deviation, me.games + 1).bounded()

    def nearest_level(self, value: float | None = None) -> int:
        """The level whose rating is closest to this one (or to ``value``): an even match."""
        value = self.value if value is None else value
        return min(LEVEL_RATINGS, key=lambda n: abs(LEVEL_RATINGS[n] - value))

    def level_range(self) -> tuple[int, int]:
        """The levels nearest the two ends of the range the strength is 95% likely in."""
        spread = 2 * self.deviation
        return self.nearest_level(self.value - spread), self.nearest_level(self.value + spread)

    def certainty(self) -> Certainty:
        """How sure the rating is, in a word the window can say."""
        if self.deviation > UNCERTAIN_ABOVE:
            return Certainty.UNCERTAIN
        return Certainty.FAIR if self.deviation > FAIR_ABOVE else Certainty.SURE


def _g(deviation: float) -> float:
    """Glicko's weight of a result against an opponent rated that unsurely."""
    return 1 / math.sqrt(1 + 3 * _Q**2 * deviation**2 / math.pi**2)


SUGGEST_AFTER = 5
"""Games at one level looked at for a suggestion to go up."""
SUGGEST_SHARE = 0.7
"""The share of points in those games that suggests the next level."""
DOWN_AFTER = 3
"""Games at one level looked at for a suggestion to go down: a level far too strong shows
quickly, and a new player should not lose many more games to it."""
DOWN_POINTS = 0.5
"""The most points in those games that suggests the level below (all lost, or one draw)."""


class Step(Enum):
    """Which way a suggestion moves on the ladder."""

    UP = 1
    DOWN = -1


@dataclass(frozen=True)
class Suggestion:
    """A level to try next, after the player's recent games at ``played``."""

    played: int
    step: Step

    @property
    def level(self) -> int:
        return self.played + self.step.value


def suggestion(results: Sequence[tuple[int, float]], level: int) -> Suggestion | None:
    """A level to try after the player's recent games at ``level`` (``results``: (level,
    score) pairs, oldest first): the next one when the last ``SUGGEST_AFTER`` scored
    ``SUGGEST_SHARE`` or more; the one below when the last ``DOWN_AFTER`` scored at most
    ``DOWN_POINTS``; else None."""
    at_level = [score for played, score in results if played == level]
    recent = at_level[-SUGGEST_AFTER:]
    if (
        level < len(LEVELS)
        and len(recent) == SUGGEST_AFTER
        and sum(recent) >= SUGGEST_SHARE * SUGGEST_AFTER
    ):
        return Suggestion(level, Step.UP)
    lately = at_level[-DOWN_AFTER:]
    if level > 1 and len(lately) == DOWN_AFTER and sum(lately) <= DOWN_POINTS:
        return Suggestion(level, Step.DOWN)
    return None
