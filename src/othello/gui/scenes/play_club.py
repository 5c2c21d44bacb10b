"""The play screen's club play: the game's clocks (running, paused, a flag that falls), how
the next game starts, and the player's strength, tied to the computer's turn."""

from __future__ import annotations

from typing import Protocol

from othello.app.i18n import _
from othello.app.settings.keys import Start
from othello.core.clock import ClockError, TimeControl
from othello.core.game import Game
from othello.gui.model.clocks import Clocks
from othello.gui.model.club_words import CLOCK_COVERED, PAUSE_NO_CLOCK, PAUSED, RESUMED
from othello.gui.model.session import Session
from othello.gui.scenes.base import PlayHost
from othello.gui.scenes.play_choices import PlayerChoices
from othello.gui.services.computer import ComputerTurn
from othello.gui.services.next_game import NextGame
from othello.gui.services.strength import StrengthKeeper


class ClubScene(Protocol):
    """What club play uses of the play screen."""

    @property
    def host(self) -> PlayHost: ...
    @property
    def session(self) -> Session: ...
    @property
    def computer(self) -> ComputerTurn: ...
    @property
    def choices(self) -> PlayerChoices: ...
    def reply(self, message: str, lasting: bool = False) -> None: ...


def time_control(text: str) -> TimeControl | None:
    """The CLOCK setting as a time control; None for "off" (or anything unreadable)."""
    try:
        return None if text.lower() == "off" else TimeControl.parse(text)
    except ClockError:
        return None


class ClubPlay:
    """Clocks, the next game's start and the strength of one play screen."""

    def __init__(self, scene: ClubScene) -> None:
        self.scene = scene
        host, session = scene.host, scene.session
        settings = host.settings
        self.clocks = Clocks(session)
        self.clocks.control = time_control(str(settings.clock))
        self.clocks.start_fresh()
        self.next = NextGame(session, host.worker, self._tell, settings.start)
        self.next.moves, self.next.low, self.next.high = (
            int(settings.range_moves),
            int(settings.range_low),
            int(settings.range_high),
        )
        self.strength = StrengthKeeper(session, None if host.demo else host.library, self._tell)
        computer = scene.computer
        computer.hooks.clock_for = self.clocks.computer_clock
        computer.hooks.decided = self.clocks.hold
        computer.hooks.found_position = self.next.found

    def _tell(self, message: str) -> None:
        self.scene.reply(message, lasting=True)

    def tick(self, covered: bool = False) -> None:
        """Once a frame: a person's clock stands still while a screen covers the board
        (``covered``: said once as it begins), and a flag that falls ends the game."""
        session, clocks = self.scene.session, self.clocks
        if covered != clocks.covered:
            clocks.cover(covered)
            ticking = clocks.clock is not None and not session.is_over()
            if covered and ticking and not session.watching:
                self.scene.reply(_(CLOCK_COVERED), lasting=True)
        if not session.paused:
            clocks.tick()

    def new_game(self) -> Game | None:
        """N: a new game as the Game card chose it; the game replaced, when kept."""
        self.scene.session.paused = False
        return self.next.start()

    def toggle_pause(self) -> None:
        """P: watching, the computer waits; in a game on a clock, both clocks stop (the
        computer's search too: it starts again when the game goes on)."""
        session = self.scene.session
        if session.watching:
            self.scene.choices.toggle_pause()
            return
        if self.clocks.clock is None or session.is_over():
            self.scene.reply(_(PAUSE_NO_CLOCK))
            return
        session.paused = not session.paused
        self.clocks.pause(session.paused)
        if session.paused:
            self.scene.computer.forget()
        self.scene.reply(_(PAUSED if session.paused else RESUMED), lasting=session.paused)

    def set_control(self, control: TimeControl | None) -> None:
        """The clock for the next new games, remembered."""
        self.clocks.control = control
        self.scene.host.remember_choice(clock=str(control) if control else "off")

    def set_start(self, kind: Start) -> None:
        self.next.kind = kind
        self.scene.host.remember_choice(start=kind)

    def step_range(self, what: str, delta: int) -> None:
        self.next.step(what, delta)
        n = self.next
        self.scene.host.remember_choice(range_moves=n.moves, range_low=n.low, range_high=n.high)

    def hint_asked(self) -> None:
        """A hint makes the game on the board unrated, then the computer gives it."""
        if self.scene.session.is_human_turn():
            self.strength.assisted()
        self.scene.computer.ask_hint()
