"""The computer's playing strengths: a level is a row in a table.

Each row says how deep the midgame search looks, from how many empty squares the exact
solver takes over (and a cheaper win/draw/loss search before it), how long a move may take,
and, for beginners, how much random error is added on purpose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Level:
    """One playing strength: how deep it looks, when it starts playing perfectly, how long
    it may take."""

    number: int
    name: str
    description: str
    depth: int  # midgame search depth in plies
    exact_empties: int  # solve exactly from this many empty squares
    wld_empties: int  # prove win/draw/loss from this many empty squares
    time_budget: float  # hard limit per move, seconds
    noise: float = 0.0  # random error added to move scores, in discs (beginners)
    selectivity: float = 0.0  # Multi-ProbCut margin in sigmas (0: a full-width search)
    parallel: bool = False  # uses an engine's worker processes (see othello.split)
    nodes: int = 0  # the most positions each of a move's searches visits (0: no budget)


# Level 1 is for a first game: its error is set so that a new player's way of playing (the
# move that turns the most discs over: scripts/match.py greedy) wins more often than not. With
# an error of 11 discs greedy scored 24% of 200 games; with 100 discs, which swamps all but
# the largest differences between moves, it scores about two thirds (docs/benchmarks.md).
# fmt: off
LEVELS: tuple[Level, ...] = (
    Level(1, "Beginner", "looks 1 move ahead but mostly plays at random: beatable from "
          "your first game", 1, 0, 0, 0.5, 100.0),
    Level(2, "Novice", "looks 2 moves ahead, sometimes errs; perfect from 6 empty squares",
          2, 6, 0, 0.5, 3.0),
    Level(3, "Casual", "looks 4 moves ahead; perfect from 10 empty squares",
          4, 10, 0, 1.0),
    Level(4, "Club player", "looks 7 moves ahead; perfect from 12 empty squares, finds "
          "wins from 14", 7, 12, 14, 1.0),
    Level(5, "Strong", "looks 9 moves ahead; perfect from 14 empty squares, finds wins "
          "from 16", 9, 14, 16, 3.0, parallel=True),
    Level(6, "Expert", "looks up to 18 moves ahead; perfect from 18 empty squares, "
          "finds wins from 20", 18, 18, 20, 5.0, selectivity=1.5, parallel=True),
)
# fmt: on
""""Perfect from N empty squares": an exact solve picks the move with the best final
result. "Finds wins from N": from N empty squares a win/draw/loss search proves whether a move
wins, and a winning move is always found if there is one. Level 6 searches selectively
(Multi-ProbCut), so its depth is what 5 seconds reach, not a fixed number."""

DEFAULT_LEVEL = 4

LADDER: dict[int, float] = {2: 0.98, 3: 0.95, 4: 0.85, 5: 0.92, 6: 0.88}
"""Each level's measured score against the level below it (docs/benchmarks.md): where the
ratings of othello.rating come from."""

ANALYSIS = Level(
    0,
    "Analysis",
    "as deep as 2 seconds allow; perfect from 13 empty squares",
    depth=60,
    exact_empties=12,
    wld_empties=0,
    time_budget=2.0,
    selectivity=1.5,
    parallel=True,
)
"""The settings of a hint (and of any analysis for the player), whatever the opponent's
level: the strongest search that answers in about 2 seconds. ``analyze`` scores every
move exactly when they leave ``exact_empties`` or fewer: measured on this project's CI
machine kind, scoring every move of a 13-empty position exactly takes 0.1-1.3 s, of a
14-empty one 0.5-4.6 s (too often past the 2 s)."""


def choose_level(
    level: int | Level | None = None,
    time_limit: float | None = None,
    depth: int | None = None,
    selectivity: float | None = None,
) -> Level:
    """The settings an Engine plays with; ValueError names a bad argument.

    ``level`` picks a row (or is a Level: ``ANALYSIS``, or a script's own); ``time_limit``
    alone means the strongest settings with no depth cap and that many seconds a move;
    with a level, that level with that time limit.
    ``depth`` and ``selectivity`` override the row's (for scripts and tests).
    """
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if isinstance(level, Level):
        base = level
    elif level is None:
        base = LEVELS[-1] if time_limit is not None else LEVELS[DEFAULT_LEVEL - 1]
        if time_limit is not None:
            wording = f"searches as deep as it can in {time_limit:g} s"
            base = replace(base, depth=60, description=wording)
    else:
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= len(LEVELS):
            raise ValueError(f"level must be a whole number 1..{len(LEVELS)}, not {level!r}")
        base = LEVELS[level - 1]
    if time_limit is not None:
        base = replace(base, time_budget=float(time_limit))
    if depth is not None:
        base = replace(base, depth=max(1, depth))
    if selectivity is not None:
        base = replace(base, selectivity=max(0.0, selectivity))
    return base
