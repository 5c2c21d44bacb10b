"""The clocks of the games on the board, moved by what happens to the game; without pygame.

A game started while a time control is chosen (``Clocks.control``, the CLOCK setting) gets
a GameClock of its own: the side to place the next disc has its clock running; a move stops
it (the move's seconds go into the game record) and starts the other's; a forced pass costs
nothing; undo and redo put both clocks back as they were at that move; ``tick``, once a
frame, ends the game when a flag falls. A game without a clock (loaded, set up, or begun
with none chosen) stays without one. Watching, no clock runs.

A person's clock never runs while a screen covers the board (puzzles, a card, the move
list: ``cover``): time spent away from the board is never lost on time. The computer's
clock runs on while it thinks, as its search does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from weakref import WeakKeyDictionary

from othello.core.board import Color
from othello.core.clock import ClockTime, GameClock, TimeControl
from othello.core.game import Game
from othello.gui.model.session import Change, ChangeKind, Session

STEPS = (ChangeKind.UNDO, ChangeKind.REDO, ChangeKind.BACK, ChangeKind.FORWARD, ChangeKind.BRANCH)
"""Changes after which the clocks show the times of the position on the board."""


class Clocks:
    """Both sides' clocks for each game of a session."""

    def __init__(self, session: Session, now: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.now = now
        self.control: TimeControl | None = None  # what the next new game is played at
        self.covered = False  # a screen covers the board: a person's clock stands still
        self._clocks: WeakKeyDictionary[Game, GameClock] = WeakKeyDictionary()
        session.on_game_changed.append(self.changed)

    @property
    def clock(self) -> GameClock | None:
        """The clock of the game on the board, if it has one."""
        return self._clocks.get(self.session.game)

    def time_left(self, color: Color) -> float | None:
        clock = self.clock
        return None if clock is None else clock.time_left(color)

    def running(self) -> Color | None:
        """The side whose clock is running (none while paused or once the game is over)."""
        clock = self.clock
        return None if clock is None or clock.paused else clock.running

    def computer_clock(self) -> ClockTime | None:
        """The side to move's time for the computer's search of this move."""
        clock, side = self.clock, self.session.next_to_place()
        if clock is None or side is None:
            return None
        return ClockTime(clock.time_left(side), clock.control.increment)

    def start_fresh(self) -> None:
        """A game not begun yet is played on the clock chosen (CLOCK at the window's start:
        the first game is the new game the setting is for; a game already begun keeps
        having none)."""
        game = self.session.game
        if game.is_untouched() and game not in self._clocks:
            self._start(game)

    def _start(self, game: Game) -> None:
        if self.control is not None and not self.session.watching:
            self._clocks[game] = GameClock(self.control, self.now)
            game.clock = str(self.control)
            self._run_next()

    def changed(self, change: Change) -> None:
        session, game = self.session, self.session.game
        if change.kind == ChangeKind.NEW:
            self._start(game)
            return
        clock = self.clock
        if clock is None:
            return
        if change.kind == ChangeKind.PLAY and change.color is not None:
            spent = clock.moved(change.color)
            if game.cursor and change.color is not None:
                game.times[game.cursor - 1] = round(spent, 2)
            self._run_next()
        elif change.kind in STEPS:
            clock.back_to(self._ply(), session.next_to_place())
            self._settle()
        elif change.kind == ChangeKind.TIMEOUT:
            clock.running = None

    def tick(self) -> Color | None:
        """Once a frame: the side whose flag has just fallen (the game is then over)."""
        clock = self.clock
        if clock is None or self.session.is_over():
            return None
        fallen = clock.fallen()
        if fallen is not None:
            self.session.lose_on_time(fallen)
        return fallen

    def hold(self) -> None:
        """The computer has chosen its move: its clock stops, though the move shows later."""
        if self.clock is not None:
            self.clock.hold()

    def pause(self, on: bool) -> None:
        """P (``session.paused`` says which): both clocks stop, or run again (a person's
        not while a screen covers the board)."""
        clock = self.clock
        if clock is not None:
            clock.pause() if on else self._settle()

    def cover(self, on: bool) -> None:
        """A screen covers the board (``on``) or no longer does: the clock of a person to
        move stands still meanwhile; the computer's runs on."""
        self.covered = on
        self._settle()

    def held_by_cover(self) -> bool:
        """A person's clock stands still now because a screen covers the board (not P)."""
        clock = self.clock
        return clock is not None and clock.paused and self.covered and not self.session.paused

    def _still(self) -> bool:
        """Whether the running clock should stand still: paused (P), or a person's while a
        screen covers the board."""
        clock, session = self.clock, self.session
        if session.paused:
            return True
        if not self.covered or clock is None or clock.running is None:
            return False
        return session.sides_shared or clock.running == session.human

    def _settle(self) -> None:
        """Stop or run the game's clock as ``_still`` says."""
        clock = self.clock
        if clock is None:
            return
        still = self._still()
        if still and not clock.paused:
            clock.pause()
        elif not still and clock.paused:
            clock.resume()

    def _ply(self) -> int:
        """The ply at which the side to place the next disc begins its move (past a forced
        pass, which the game plays once the discs have turned)."""
        game = self.session.game
        return game.cursor + (1 if game.board.must_pass() and not game.is_over() else 0)

    def _run_next(self) -> None:
        clock, side = self.clock, self.session.next_to_place()
        if clock is None:
            return
        if side is None:
            clock.running = None
        else:
            clock.start(side, self._ply())
            self._settle()
