"""Levels named by an othello.ini written before the 17-level ladder (issue 34).

Until then there were six levels, and the window wrote the player's choice into othello.ini
(``LEVEL = 4`` was the default). Read on today's ladder, that 4 would be "Casual", a player
of random errors: a regular player would meet a far weaker computer without a word. A file
says which ladder its levels count on with ``LADDER = 17``, which the default file carries
(choices.json, where the window remembers a level, says it too); a file that names a level
without it is from before, and its levels are moved to the level of today's ladder that
plays the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LADDER = 17
"""The number of levels today: the value of LADDER in a file written now."""

OLD_LADDER = 6
OLD_TO_NEW = {1: 1, 2: 7, 3: 11, 4: 14, 5: 15, 6: 17}
"""Each of the six former levels, and today's level that searches the same way: 1 plays
almost at random, 2 ("Novice": 2 moves, errs, perfect from 6) is today's 7 word for word,
3 (4 moves ahead) today's 11 (4-5), 4 (7 moves; the former default) today's 14, the default,
which scores 58% against it over 200 games (docs/benchmarks.md), 5 ("Strong") today's 15 and
6 ("Expert") today's 17, the same settings."""

LEVEL_FIELDS = ("level", "watch_black_level")


def on_todays_ladder(values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` read from a file (Settings field names), its levels moved to today's ladder
    when the file names a level without saying it counts on today's, with ``ladder`` today's
    either way."""
    out = dict(values)
    named = [field for field in LEVEL_FIELDS if field in out]
    if not named:
        out.pop("ladder", None)
        return out
    if out.get("ladder", OLD_LADDER) == OLD_LADDER:
        for field in named:
            level = out[field]
            if isinstance(level, int):
                out[field] = OLD_TO_NEW.get(level, level)
    out["ladder"] = LADDER
    return out
