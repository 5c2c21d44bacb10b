"""The player's strength in the library: the rating now (``meta``) and one row per rated
game (date, level, result, the rating after it), so the window can show the rating over time.

A rated game is one small write, in one transaction with the rating it leads to. The old
``strength.json`` (an earlier version's file) is read once by ``old_files`` and taken in.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field

from othello.app.library.database import Library, translate
from othello.club.rating import Rating
from othello.engine.levels import LEVELS

FORMAT = "othello-strength"
VERSION = 1
KEEP = 1000
"""Rated games the window reads back (the rating itself remembers them all)."""
RATING = "rating"  # the meta row of the rating now


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
        """In an earlier version's ``strength.json`` form (the pending spool's too)."""
        r = self.rating
        return {
            "format": FORMAT,
            "version": VERSION,
            "rating": r.value,
            "deviation": r.deviation,
            "games": r.games,
            "history": [[g.date, g.level, g.score, g.rating, g.deviation] for g in self.history],
        }

    @classmethod
    def from_data(cls, data: object) -> Strength:
        """An earlier version's ``strength.json``; ValueError says what is wrong with it."""
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
        numbers = [rating.value, *(n for g in history for n in (g.rating, g.deviation))]
        if not all(math.isfinite(n) for n in numbers):
            raise ValueError("a rating is not a number")
        if not (0 < rating.deviation <= 1000 and rating.games >= 0):
            raise ValueError("the rating is out of range")
        return cls(rating, history)


def load(library: Library) -> tuple[Strength, str | None]:
    """The strength kept in the library (a new one when there is none), and a notice when
    what was kept does not hold up (then the rating begins again; the rows stay)."""
    with translate():
        rows = library.db.execute(
            "SELECT date, level, score, rating, deviation FROM "
            "(SELECT * FROM ratings ORDER BY id DESC LIMIT ?) ORDER BY id",
            (KEEP,),
        ).fetchall()
    text = library.meta(RATING)
    history, bad = [], 0
    for date, level, score, value, deviation in rows:
        row = _rated(date, level, score, value, deviation)
        if row is None:
            bad += 1
        else:
            history.append(row)
    if text is None:
        return Strength(history=history), None
    try:
        rating = _rating(json.loads(text))
    except (ValueError, TypeError, KeyError, RecursionError) as err:
        return Strength(history=history), f"Your rating could not be read ({err}); it begins again."
    notice = f"{bad} rated games could not be read and were left out." if bad else None
    return Strength(rating, history), notice


def _rated(
    date: object, level: object, score: object, value: object, dev: object
) -> RatedGame | None:
    numbers = (score, value, dev)
    if not isinstance(date, str) or not isinstance(level, int) or not 1 <= level <= len(LEVELS):
        return None
    if not all(isinstance(n, (int, float)) and math.isfinite(n) for n in numbers):
        return None
    if score not in (0, 0.5, 1):
        return None
    return RatedGame(date, level, float(score), float(value), float(dev))  # type: ignore[arg-type]


def _rating(data: object) -> Rating:
    """ValueError when the kept rating is not one."""
    if not isinstance(data, dict):
        raise ValueError("not a rating")
    value, deviation, games = float(data["value"]), float(data["deviation"]), int(data["games"])
    if not (math.isfinite(value) and 0 < deviation <= 1000 and games >= 0):
        raise ValueError("the rating is out of range")
    return Rating(value, deviation, games)


def write(library: Library, games: list[RatedGame], rating: Rating) -> None:
    """Rated games and the rating after the last, in one transaction."""
    with library.transaction():
        write_rows(library, games)
        library.set_meta(RATING, rating_text(rating))


def write_rows(library: Library, games: list[RatedGame]) -> None:
    """Rated games, inside the caller's transaction."""
    with translate():
        library.db.executemany(
            "INSERT INTO ratings (date, level, score, rating, deviation) VALUES (?, ?, ?, ?, ?)",
            [(g.date, g.level, g.score, g.rating, g.deviation) for g in games],
        )


def rating_text(rating: Rating) -> str:
    return json.dumps(
        {
            "value": round(rating.value, 3),
            "deviation": round(rating.deviation, 3),
            "games": rating.games,
        }
    )
