"""The computer's playing strengths: a level is a row in a table.

Each row says how deep the midgame search looks, from how many empty squares the exact
solver takes over (and a cheaper win/draw/loss search before it), how long a move may take,
and, for beginners, how much random error is added on purpose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from othello.core.words import COMPILED


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
    parallel: bool = False  # uses an engine's worker processes (engine.multicore.midgame)
    nodes: int = 0  # the most positions each of a move's searches visits (0: no budget)
    blunders: float = 0.0  # the share of moves it plays the worst-looking move (beginners)


# A ladder without walls (issue 34): each level scores 60-80% against the one below it, so a
# player who masters one finds the next a step, not a wall (the measured scores: LADDER).
# Levels 1-9 look a fixed number of moves ahead; the lower ones add random error to each
# move's score, in discs (level 1's swamps all but the largest differences: a new player's
# way of playing, scripts/match.py greedy, beats it). From level 10 a level thinks through a
# fixed number of positions a move, selectively (Multi-ProbCut), as deep as they reach:
# a node budget, not a time limit, so a level plays the same moves on any machine at any
# load. Each level's time limit is only a safety net that its budget keeps it far under.
# Level 17, the top, is the former level 6 as it was: as deep as 5 seconds a move allow
# (about 330,000 positions a move here), so the one level whose strength follows the
# machine. A 400,000-position budget scored only 56.5% against level 16 over 100 games, the
# former level 6's 5 seconds 78.5% (docs/benchmarks-history.md). The compiled engine
# (issue 45) reaches the pure one's depth cap of 18 in about a second a move, and solves 20
# empties in 0.2-1.8 s on one process (from 22 empties: 7 of 10 past the 5 s), so its
# level 17 looks up to 24 moves ahead, solves from 20 empties and proves a win from 22
# (scripts/level_probe.py, docs/benchmarks.md); levels 1-16 are the same in both builds.
EXPERT = Level(
    17,
    "Expert",
    "looks up to 18 moves ahead; perfect in the last 18 moves, finds any win in the last 20",
    18,
    18,
    20,
    5.0,
    selectivity=1.5,
    parallel=True,
)
EXPERT_COMPILED = replace(
    EXPERT,
    description="looks up to 24 moves ahead; perfect in the last 20 moves, finds any win in "
    "the last 22",
    depth=24,
    exact_empties=20,
    wld_empties=22,
)
# fmt: off
LEVELS: tuple[Level, ...] = (
    Level(1, "Beginner", "looks 1 move ahead, mostly random, 1 move in 5 its worst: "
          "for your first games", 1, 0, 0, 5.0, 100.0,
          blunders=0.2),
    Level(2, "Learner", "looks 1 move ahead and often plays a poor move (random error "
          "of about 25 discs)", 1, 0, 0, 5.0, 25.0),
    Level(3, "Starter", "looks 1 move ahead, with a random error of about 10 discs",
          1, 0, 0, 5.0, 10.0),
    Level(4, "Casual", "looks 1 move ahead, with a random error of about 4 discs",
          1, 0, 0, 5.0, 4.0),
    Level(5, "Hobbyist", "looks 2 moves ahead, with a random error of about 6 discs; "
          "perfect in the last 4 moves", 2, 4, 0, 5.0, 6.0),
    Level(6, "Keen", "looks 2 moves ahead, with a random error of about 4 discs; perfect "
          "in the last 5 moves", 2, 5, 0, 5.0, 4.5),
    Level(7, "Novice", "looks 2 moves ahead, sometimes errs; perfect in the last 6 moves",
          2, 6, 0, 5.0, 3.0),
    Level(8, "Steady", "looks 2 moves ahead without error; perfect in the last 8 moves",
          2, 8, 0, 5.0),
    Level(9, "Thoughtful", "looks 3 moves ahead; perfect in the last 8 moves",
          3, 8, 0, 5.0),
    Level(10, "Improver", "looks 3-4 moves ahead (800 positions); perfect in the last 10 "
          "moves, finds any win in the last 12", 60, 10, 12, 5.0, selectivity=1.5, nodes=800),
    Level(11, "Club novice", "looks 4-5 moves ahead (2,000 positions); perfect in the last 10 "
          "moves, finds any win in the last 12", 60, 10, 12, 5.0, selectivity=1.5, nodes=2_000),
    Level(12, "Club player", "looks 5-6 moves ahead (4,000 positions); perfect in the last 10 "
          "moves, finds any win in the last 12", 60, 10, 12, 5.0, selectivity=1.5, nodes=4_000),
    Level(13, "Strong club", "looks 6-7 moves ahead (10,000 positions); perfect in the last 12 "
          "moves, finds any win in the last 14", 60, 12, 14, 5.0, selectivity=1.5, nodes=10_000),
    Level(14, "Tournament", "looks 7-8 moves ahead (25,000 positions); perfect in the last 12 "
          "moves, finds any win in the last 14", 60, 12, 14, 5.0, selectivity=1.5, nodes=25_000),
    Level(15, "Strong", "looks 8-10 moves ahead (60,000 positions); perfect in the last 14 "
          "moves, finds any win in the last 16", 60, 14, 16, 10.0, selectivity=1.5, nodes=60_000,
          parallel=True),
    Level(16, "Master", "looks 9-12 moves ahead (150,000 positions); perfect in the last 16 "
          "moves, finds any win in the last 18", 60, 16, 18, 10.0, selectivity=1.5, nodes=150_000,
          parallel=True),
    EXPERT_COMPILED if COMPILED else EXPERT,
)
# fmt: on
""""Perfect in the last N moves": from N empty squares an exact solve picks the move with the
best final result. "Finds any win in the last N": from N empty squares a win/draw/loss
search proves whether a move wins, and a winning move is always found if there is one (both
within the level's budget). Plain words for a beginner: a square is a move, passes aside.
"(N positions)": each of its searches of a move (the midgame deepening, the win/draw/loss
proof, the exact solve) stops at N positions; the moves ahead are what that budget reached
on typical positions (a selective search, so deeper on the likely lines)."""

DEFAULT_LEVEL = 14
"""The engine's level when none is named (``Engine()``): a strong club player's."""

FIRST_LEVEL = 2
"""The level a first start meets (othello.ini's ``LEVEL`` by default): one a new player can
beat sometimes. A player who always turns the most discs over (``scripts/match.py greedy``)
scores 38% against it over 200 games (docs/benchmarks.md); the window then suggests the
next level up, or down, as the player's results at a level say (``rating.suggestion``)."""

LADDER: dict[int, float] = {
    2: 0.70, 3: 0.76, 4: 0.76, 5: 0.64, 6: 0.64, 7: 0.76, 8: 0.74, 9: 0.77, 10: 0.74,
    11: 0.74, 12: 0.68, 13: 0.74, 14: 0.79, 15: 0.70, 16: 0.72, 17: 0.785,
}  # fmt: skip
"""Each level's score against the level below it, over 100 games (docs/benchmarks.md,
``scripts/match.py level:N level:N-1 --games 100``): where the ratings of othello.club.rating
come from (level 17's: level 16 against the former level 6, whose settings it has)."""

ANALYSIS_PURE = Level(
    0,
    "Analysis",
    "as deep as 2 seconds allow; perfect in the last 13 moves",
    depth=60,
    exact_empties=12,
    wld_empties=0,
    time_budget=2.0,
    selectivity=1.5,
    parallel=True,
)
ANALYSIS_COMPILED = replace(
    ANALYSIS_PURE,
    description="as deep as 2 seconds allow; perfect in the last 17 moves",
    exact_empties=16,
)
ANALYSIS = ANALYSIS_COMPILED if COMPILED else ANALYSIS_PURE
"""The settings of a hint (and of any analysis for the player), whatever the opponent's
level: the strongest search that answers in about 2 seconds. ``analyze`` scores every
move exactly when they leave ``exact_empties`` or fewer: measured on this project's CI
machine kind, scoring every move of a 13-empty position exactly takes 0.1-1.3 s, of a
14-empty one 0.5-4.6 s (too often past the 2 s). The compiled engine (2 workers, 2026-11-27,
``scripts/level_probe.py "level:0 exact=16" --empties 17 --workers 2``) scores every move
of a 17-empty position exactly in 0.2-1.6 s (a 16-empty one in 0.02-0.4 s; an 18-empty one
passed the 2 s in 4 positions of 20), so its hints are exact from 17 empties.

Both builds' level 17 and analysis settings are named (``EXPERT``, ``EXPERT_COMPILED``,
``ANALYSIS_PURE``, ``ANALYSIS_COMPILED``) so their words are translated whichever build
extracts them."""

BUILD_SETTINGS: tuple[Level, ...] = (EXPERT, EXPERT_COMPILED, ANALYSIS_PURE, ANALYSIS_COMPILED)
"""The settings that differ between the pure and the compiled engine (see above)."""


def choose_level(
    level: int | Level | None = None,
    time_limit: float | None = None,
    depth: int | None = None,
    selectivity: float | None = None,
    nodes: int | None = None,
) -> Level:
    """The settings an Engine plays with; ValueError names a bad argument.

    ``level`` picks a row (or is a Level: ``ANALYSIS``, or a script's own); ``time_limit``
    alone means the strongest settings with no depth cap and that many seconds a move;
    with a level, that level with that time limit.
    ``depth``, ``selectivity`` and ``nodes`` (0: no node budget) override the row's (for
    scripts and tests).
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
    if nodes is not None:
        base = replace(base, nodes=max(0, nodes))
    return base
