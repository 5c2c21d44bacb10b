"""Game clocks: a time control, both sides' time left, and how the computer spends its own.

Games between people, in clubs and on the servers, are played on a clock: each side has
``minutes`` for the whole game and gains ``increment`` seconds with each move; a side whose
time runs out (its flag falls) loses on time. ``GameClock`` does the arithmetic with a time
source it is given (so tests drive it without waiting), and remembers each side's time at
every ply, so undoing moves puts the clocks back as they were.

``move_plan`` is how the computer plays to its own clock: its time for a move from what is
left and the moves still to come, more in the midgame than in the opening, and an exact
solve of the endgame as soon as the solve fits in the time (never more than half of it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from othello.core.board import Color
from othello.core.errors import OthelloError

WARNING_SECONDS = 10.0
"""A clock with less than this left is shown as a warning."""


class ClockError(OthelloError):
    """A time control that cannot be read; the message names it."""


@dataclass(frozen=True)
class TimeControl:
    """Minutes for the whole game per side, and seconds added after each move."""

    minutes: float
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"5+3"`` (5 minutes, 3 s a move), ``"5"`` or ``"0.5+0"``; ClockError otherwise."""
        base, _, extra = text.strip().partition("+")
        try:
            minutes, increment = float(base), float(extra or 0)
        except ValueError:
            raise ClockError(f"a clock is minutes+seconds such as 5+3, not {text!r}") from None
        if not (math.isfinite(minutes) and math.isfinite(increment)):
            raise ClockError(f"a clock is minutes+seconds such as 5+3, not {text!r}")
        if not 0 < minutes <= 600 or not 0 <= increment <= 600:
            raise ClockError(f"a clock needs 0 to 600 minutes and 0 to 600 s a move: {text!r}")
        return cls(minutes, increment)

    @property
    def seconds(self) -> float:
        return self.minutes * 60.0

    def __str__(self) -> str:
        return f"{self.minutes:g}+{self.increment:g}"


class GameClock:
    """Both sides' clocks for one game; ``now`` is the time source (seconds, never going
    back). One clock runs at a time, the side to move's; a move stops it and adds the
    increment; a forced pass costs nothing and gains nothing."""

    def __init__(self, control: TimeControl, now: Callable[[], float] = time.monotonic) -> None:
        self.control = control
        self._now = now
        self.left: dict[Color, float] = {"black": control.seconds, "white": control.seconds}
        self.running: Color | None = None
        self._since = 0.0  # when the running clock last started
        self._move_began = 0.0  # the running side's time as its move began
        self.held: float | None = None  # the running side's time when it decided its move
        self.paused = False
        self.flag: Color | None = None  # the side whose time ran out
        self._at_ply: dict[int, tuple[float, float]] = {}  # each ply's times as it began

    def time_left(self, color: Color) -> float:
        """``color``'s time now, counting the running clock; never below zero."""
        left = self.left[color]
        if color == self.running and not self.paused:
            left -= (self._now() if self.held is None else self.held) - self._since
        return max(0.0, left)

    def start(self, color: Color, ply: int) -> None:
        """``color`` is to move at ply ``ply`` (moves played so far): its clock runs from now,
        and the times as that ply begins are kept for undo."""
        if self.flag is not None:
            return
        self._at_ply[ply] = (self.left["black"], self.left["white"])
        self.running, self.held, self._since = color, None, self._now()
        self._move_began = self.left[color]

    def hold(self) -> None:
        """The running side has decided (the computer's move waits to be shown): its clock
        stops now, though the move is made later."""
        if self.running is not None and self.held is None and not self.paused:
            self.held = self._now()

    def moved(self, color: Color) -> float:
        """``color`` placed a disc: its clock stops and gains the increment; the seconds the
        move took. A move by a side whose clock is not running took no time."""
        if color != self.running:
            return 0.0
        spent = self._move_began - self.time_left(color)
        self.left[color] = self.time_left(color) + self.control.increment
        self.running, self.held = None, None
        return spent

    def passed(self) -> None:
        """A forced pass: no time spent, no increment; the other side's clock starts next."""
        if self.running is not None:
            self.left[self.running] = self.time_left(self.running)
        self.running, self.held = None, None

    def pause(self) -> None:
        if self.running is not None and not self.paused:
            self.left[self.running] = self.time_left(self.running)
            if self.held is not None:
                self.held = self._since = self._now()
        self.paused = True

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            now = self._now()
            self._since = now
            if self.held is not None:
                self.held = now

    def fallen(self) -> Color | None:
        """The side whose flag has fallen (its time is out), now or before; its clock stops."""
        side = self.running
        if self.flag is None and side is not None and self.time_left(side) <= 0.0:
            self.flag = side
            self.left[side] = 0.0
            self.running = None
        return self.flag

    def back_to(self, ply: int, color: Color | None) -> None:
        """Undo or redo to ply ``ply``: the times as it began (if known), and ``color``'s
        clock running (None: the game is over, no clock runs). A fallen flag is lifted."""
        if ply in self._at_ply:
            self.left["black"], self.left["white"] = self._at_ply[ply]
        self.flag = None
        self.running, self.held = None, None
        if color is not None:
            self.start(color, ply)


# ----- the computer's own clock ---------------------------------------------------------------


class ClockTime(NamedTuple):
    """What the computer's clock says as its move begins: seconds left, and the increment."""

    left: float
    increment: float = 0.0


class MovePlan(NamedTuple):
    """The computer's time for one move, and from how many empty squares it solves."""

    seconds: float
    exact_empties: int
    wld_empties: int


RESERVE = 1.0
"""Seconds kept back (or a tenth of what is left, if less): for what happens around a
search (passing the job on, emptying a full table, a busy machine), never planned."""
ENDGAME_SHARE = 0.15
"""Before its exact solve, the share of its time the computer keeps for the endgame."""
MOST_SHARE = 1 / 3
"""The most of what is left (less the reserve) that one move may take, with most of the
increment on top but never over 60% of it: however a move overruns, the clock cannot run
out within a few moves."""
OVERSHOOT = 1.5
"""A search stops starting new depths at 40% of its time and stops at 100%, so on average it
uses well under its budget: the budget is this many times the time aimed at."""
SOLVE_NODES_15 = 40_000
SOLVE_GROWTH = 2.3
"""An exact solve of a position with 15 empty squares visits about this many positions, and
each empty square more multiplies it by about this (measured: docs/engine.md)."""
EXACT_MOST = 22
"""No solve is tried with more empty squares than this, whatever the time."""
SOLVED_FROM = 12
"""The midgame's time is shared out over the moves until this many empty squares are left
(by then the computer solves, even on a short clock)."""


def solve_seconds(empties: int, nodes_per_second: float) -> float:
    """About how long an exact solve of ``empties`` empty squares takes at that speed."""
    return SOLVE_NODES_15 * SOLVE_GROWTH ** (empties - 15) / max(nodes_per_second, 1.0)


def move_plan(
    left: float,
    increment: float,
    empties: int,
    exact_most: int,
    nodes_per_second: float,
) -> MovePlan:
    """The computer's time for a move with ``left`` seconds on its clock and ``empties``
    empty squares: never more than a third of ``left`` less a reserve (and most of the
    increment, up to 60% of ``left``). It solves exactly
    from the most empty squares (up to ``exact_most``, its level's) whose solve is expected
    to take well under that."""
    usable = max(0.0, left - min(RESERVE, 0.1 * left))
    most = min(MOST_SHARE * usable + 0.8 * increment, 0.6 * usable)
    exact = 0
    for n in range(min(exact_most, EXACT_MOST), 0, -1):
        if 1.5 * solve_seconds(n, nodes_per_second) <= most:
            exact = n
            break
    wld = min(exact + 2, exact_most + 2, EXACT_MOST) if exact else 0
    if empties <= exact:
        seconds = most
    else:
        to_come = max(1, math.ceil((empties - SOLVED_FROM) / 2))
        midgame = usable * (1.0 - ENDGAME_SHARE) + increment * (to_come - 1)
        weight = 0.6 if empties > 44 else 1.3 if empties > 20 else 1.0
        seconds = OVERSHOOT * weight * midgame / to_come
    return MovePlan(max(0.01, min(seconds, most, usable)), exact, wld)
