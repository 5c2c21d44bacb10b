"""The player's strength on disk: ``strength.json`` in the data folder, beside the autosave.

It holds the rating now and one row per rated game (date, level, result, the rating after
it), so the window can show the rating over time. Written at once and atomically after each
rated game; a file that cannot be read is renamed aside (``strength.json.damaged``) and the
rating begins again, and the notice says so.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..levels import LEVELS
from ..rating import Rating
from .files import read_limited, write_atomic
from .paths import user_data_dir

NAME = "strength.json"
FORMAT = "othello-strength"
VERSION = 1
LIMIT = 5_000_000
KEEP = 1000
"""Rated games kept in the file (the rating itself remembers them all)."""


@dataclass(frozen=True)
class RatedGame:
    """One rated game: when, against which level, the result (1, 0.5, 0) and the rating
    and its deviation after it."""

    date: str
    level: int
    score: float
    rating: float
    deviation: float


@dataclass
class Strength:
    """The rating now and the games that made it, oldest first."""

    rating: Rating = field(default_factory=Rating)
    history: list[RatedGame] = field(default_factory=list)

    def add(self, level: int, score: float) -> Rating:
        """Rate one game; the rating after it."""
        self.rating = self.rating.after(level, score)
        row = RatedGame(
            time.strftime("%Y-%m-%d"), level, score, self.rating.value, self.rating.deviation
        )
        self.history = [*self.history, row][-KEEP:]
        return self.rating

    def results(self) -> list[tuple[int, float]]:
        return [(row.level, row.score) for row in self.history]

    def to_data(self) -> dict[str, object]:
        r = self.rating
        return {
            "format": FORMAT,
            "version": VERSION,
            "rating": round(r.value, 1),
            "deviation": round(r.deviation, 1),
            "games": r.games,
            "history": [
                [g.date, g.level, g.score, round(g.rating, 1), round(g.deviation, 1)]
                for g in self.history
            ],
        }

    @classmethod
    def from_data(cls, data: object) -> Strength:
        """ValueError says what is wrong with the data."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a strength file")
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r} is not one this game reads")
        try:
            rating = Rating(float(data["rating"]), float(data["deviation"]), int(data["games"]))
            history = [
                RatedGame(str(d), int(lv), float(s), float(r), float(dev))
                for d, lv, s, r, dev in data["history"]
            ]
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"a value is missing or wrong ({err})") from None
        if not all(1 <= g.level <= len(LEVELS) and g.score in (0, 0.5, 1) for g in history):
            raise ValueError("a game's level or result is out of range")
        if not (0 < rating.deviation <= 1000 and rating.games >= 0):
            raise ValueError("the rating is out of range")
        return cls(rating, history)


class StrengthFile:
    """``strength.json``: read once, written after each rated game."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or user_data_dir() / NAME
        self.writable = True

    def load(self) -> tuple[Strength, str | None]:
        """The strength on file (a new one when there is none) and a notice if it was
        damaged (then set aside) or could not be read."""
        try:
            return Strength.from_data(json.loads(read_limited(self.path, LIMIT))), None
        except FileNotFoundError:
            return Strength(), None
        except ValueError as err:  # bad JSON, bad values, too large
            return Strength(), self._set_aside(err)
        except OSError as err:
            self.writable = False
            return Strength(), f"Your strength could not be read ({err}); it is left as it is."

    def _set_aside(self, err: Exception) -> str:
        aside = self.path
        for n in range(1, 1000):
            aside = self.path.with_name(
                self.path.name + (".damaged" if n == 1 else f".damaged-{n}")
            )
            if not aside.exists():
                break
        try:
            os.replace(self.path, aside)
        except OSError:
            self.writable = False
            return f"Your strength could not be read ({err}); it is left as it is."
        return f"Your strength file was damaged ({err}); it was kept as {aside.name}."

    def save(self, strength: Strength) -> str | None:
        """Write it; what went wrong, or None."""
        if not self.writable:
            return None
        try:
            write_atomic(self.path, json.dumps(strength.to_data(), indent=0))
        except OSError as err:
            return f"Your strength could not be saved ({err})."
        return None
