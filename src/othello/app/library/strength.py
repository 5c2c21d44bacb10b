"""The player's strength in the library: the rating now (``meta``) and one row per rated
game (date, level, result, the rating after it), so the window can show the rating over time.

A rated game is one small write, in one transaction with the rating it leads to, and that
rating is the one stored moved on by the game (:func:`rate`), never one a window worked out
from what it read at its start: two windows rating at once, or a window that could not read
the rating, count every game. Every number read is bounded to what a rating can be
(``Rating.bounded``). The old ``strength.json`` (an earlier version's file) is read once by
``old_files`` and taken in.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field

from othello.app.library.database import Library, translate
from othello.club.rating import HIGHEST, LOWEST, MOST_GAMES, Rating
from othello.engine.levels import LEVELS

FORMAT = "othello-strength"
VERSION = 1
KEEP = 1000
"""Rated games the window reads back (the rating itself remembers them all)."""
RATING = "rating"  # the meta row of the rating now
DAMAGED = "rating.damaged"  # a stored rating that could not be read, kept when one replaces it


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
                RatedGame(str(d)[:40], int(lv), float(s), float(r), float(dev))
                for d, lv, s, r, dev in data["history"]
            ]
        except (KeyError, TypeError, ValueError, OverflowError) as err:
            raise ValueError(f"a value is missing or wrong ({err})") from None
        if not all(1 <= g.level <= len(LEVELS) and g.score in (0, 0.5, 1) for g in history):
            raise ValueError("a game's level or result is out of range")
        numbers = [rating.value, *(n for g in history for n in (g.rating, g.deviation))]
        if not all(math.isfinite(n) for n in numbers):
            raise ValueError("a rating is not a number")
        if not (LOWEST <= rating.value <= HIGHEST):
            raise ValueError(f"the rating {rating.value:.6g} is out of range")
        if not (0 < rating.deviation <= 1000 and 0 <= rating.games <= MOST_GAMES):
            raise ValueError("the rating is out of range")
        return cls(rating.bounded(), [_bounded(g) for g in history])


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
        rating = stored_rating(text)
    except ValueError as err:
        return Strength(history=history), f"Your rating could not be read ({err}); it begins again."
    notice = f"{bad} rated games could not be read and were left out." if bad else None
    return Strength(rating, history), notice


def stored_rating(text: str) -> Rating:
    """The rating the ``meta`` row holds, bounded to what a rating can be; ValueError when
    it holds none (damaged, not JSON, no number)."""
    try:
        return _rating(json.loads(text[:10_000]))
    except (ValueError, TypeError, KeyError, RecursionError, OverflowError) as err:
        raise ValueError(str(err)[:200] or type(err).__name__) from None


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
    row = RatedGame(date[:40], level, float(score), float(value), float(dev))  # type: ignore[arg-type]
    return _bounded(row)


def _bounded(row: RatedGame) -> RatedGame:
    """A rated game's rating and deviation within what a rating can be."""
    after = Rating(row.rating, row.deviation).bounded()
    if (after.value, after.deviation) == (row.rating, row.deviation):
        return row
    return RatedGame(row.date, row.level, row.score, after.value, after.deviation)


def _rating(data: object) -> Rating:
    """ValueError when the kept rating is not one; a number past what a rating can be (a
    damaged digit, 1e308) is bounded."""
    if not isinstance(data, dict):
        raise ValueError("not a rating")
    value, deviation = _float(data["value"]), _float(data["deviation"])
    games = data["games"]
    if isinstance(games, float) and math.isfinite(games):
        games = int(games)
    if not isinstance(games, int) or isinstance(games, bool):
        raise ValueError("the count of rated games is not a number")
    if math.isnan(value) or math.isnan(deviation) or deviation <= 0 or games < 0:
        raise ValueError("the rating is out of range")
    return Rating(value, deviation, min(games, MOST_GAMES)).bounded()


def _float(value: object) -> float:
    """A stored number as a float (a number too large for one is infinite, then bounded)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("not a number")
    try:
        return float(value)
    except OverflowError:
        return math.copysign(math.inf, value)


def write(library: Library, games: list[RatedGame], rating: Rating) -> None:
    """Rated games and the rating after the last, in one transaction (tools and tests; the
    window rates with :func:`rate`)."""
    with library.transaction():
        write_rows(library, games)
        library.set_meta(RATING, rating_text(rating))


def rate(library: Library, games: list[RatedGame]) -> Rating:
    """Rated games, each moving on the rating stored now, in one transaction; the rating
    after the last. Only a game's date, level and result are taken from ``games``: the
    ratings after them are worked out here, under the write lock."""
    with library.transaction():
        return rate_rows(library, games)


def rate_rows(library: Library, games: list[RatedGame]) -> Rating:
    """:func:`rate` inside the caller's transaction. A stored rating that cannot be read is
    kept (``DAMAGED``) before a new one begins in its place."""
    text = library.meta(RATING)
    rating = Rating()
    if text is not None:
        try:
            rating = stored_rating(text)
        except ValueError:
            library.set_meta(DAMAGED, text)
    rows = []
    for game in games:
        rating = rating.after(game.level, game.score)
        rows.append(RatedGame(game.date, game.level, game.score, rating.value, rating.deviation))
    write_rows(library, rows)
    library.set_meta(RATING, rating_text(rating))
    return rating


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
