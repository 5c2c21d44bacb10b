"""The player's choices in the panel and by key: legal-move markers, sound, colour and level.

Each takes effect at once and is remembered for the next start (through the host, which knows
where preferences are kept and stays quiet about it in the demo).
"""

from __future__ import annotations

from collections.abc import Callable

from othello.app.i18n import _
from othello.core.board import Color
from othello.engine.api import LEVELS
from othello.gui.model import outcome
from othello.gui.model.panel_words import level_info
from othello.gui.scenes.base import PlayHost
from othello.gui.services.computer import ComputerTurn
from othello.gui.services.sound import NO_DEVICE

LEVEL_NUMBERS = sorted(level.number for level in LEVELS) or [1]
LEVELS_RANGE = (LEVEL_NUMBERS[0], LEVEL_NUMBERS[-1])  # the lowest and the highest level


def clamp_level(level: int) -> int:
    """The nearest level the engine has."""
    return max(LEVELS_RANGE[0], min(LEVELS_RANGE[1], level))


class PlayerChoices:
    """Carries out a choice and remembers it."""

    def __init__(
        self,
        host: PlayHost,
        computer: ComputerTurn,
        reply: Callable[[str], None],
        settle: Callable[[], None],
    ) -> None:
        """``reply`` answers the player; ``settle`` ends a move's animation before the players
        change, so the board shows the position the new sides play from."""
        self.host = host
        self.session = host.session
        self.computer = computer
        self.reply = reply
        self.settle = settle
        outcome.watch(self.session)  # a side chosen after a game's end is for the next one

    def toggle_legal(self) -> None:
        self.session.show_legal = not self.session.show_legal
        self.host.remember_choice(show_legal_moves=self.session.show_legal)

    def toggle_sound(self) -> None:
        """S: sound on or off, remembered; with no sound device nothing changes, and the
        answer says why."""
        on = self.host.sounds.toggle()
        if on is None:
            self.reply(_(NO_DEVICE))
            return
        self.reply(_("Sound on.") if on else _("Sound off."))
        self.host.remember_choice(sound=on)

    def set_human(self, color: Color) -> None:
        """Play ``color`` from now on (the demo has no human to choose)."""
        if self.host.demo:
            return
        self.settle()
        words = self.keep_computer_level(color)
        if self.session.two_players or self.session.human is None:  # take over: you play
            self.session.set_two_players(False)
            self.session.paused = False
            self.host.remember_choice(mode="computer")
        self.take_side()
        self.session.set_human(color)
        self.host.remember_choice(human_color=color)
        if words:  # about the players, not the position: it stays its time
            self.session.show_notice(words)

    def take_side(self) -> None:
        """B, W, T or a new MODE in a game that came with its players' names (a file, a
        paste, the library): from here on it is the window's game, played as the seats
        say. A finished one stays theirs: the choice is for the next game."""
        game = self.session.game
        if game.players is not None and not game.is_over():
            game.players = None

    def keep_computer_level(self, human: Color) -> str:
        """Leaving watch mode for ``human``'s side: the computer goes on playing the other
        side at the level it had there (watching, Black's level is a setting of its own).
        Returns the words that say so ("" when not watching)."""
        session = self.session
        if not session.watching:
            return ""
        computer: Color = "black" if human == "white" else "white"
        level = session.level_for(computer)
        if level != session.level:
            session.level = level
            self.host.remember_choice(level=level)
        name = level_info(level)[0]
        if human == "white":
            words = _("You play White; the computer plays Black at level {n} ({name}), as before.")
        else:
            words = _("You play Black; the computer plays White at level {n} ({name}), as before.")
        return words.format(n=level, name=name)

    def next_mode(self) -> None:
        """T: you against the computer -> two players -> watch -> you against the computer
        (not in the demo). The game goes on as it is."""
        if self.host.demo:
            return
        self.settle()
        session = self.session
        self.computer.level_changed()  # a search for a side that changes hands stops
        self.take_side()
        if session.two_players:
            session.set_two_players(False)
            session.set_human(None)
            session.paused = False
            mode, words = (
                "watch",
                _("Watching: the computer plays both sides. P pauses, B or W takes over."),
            )
        elif session.human is None:
            human: Color = "white" if self.host.settings.human_color == "white" else "black"
            words = self.keep_computer_level(human)
            session.set_human(human)
            session.paused = False  # a pause is watching's: the game would stay stopped
            mode = "computer"
        else:
            session.set_two_players(True)
            mode, words = "two-players", _("Two players: both sides are yours to play.")
        if mode == "computer":  # which level it plays: a message that stays, moves or not
            self.session.show_notice(words)
        else:
            self.reply(words)
        self.host.remember_choice(mode=mode)

    def take_players(self, mode: str, color: Color) -> None:
        """Who plays what, as othello.ini's MODE and HUMAN_COLOR say (read again while the
        game runs): the game goes on as it is, as with T, B and W."""
        if self.host.demo:
            return
        self.settle()
        self.computer.level_changed()  # a search for a side that changes hands stops
        self.take_side()
        self.session.set_two_players(mode == "two-players")
        self.session.set_human(None if mode == "watch" else color)
        self.session.paused = False

    def toggle_pause(self) -> None:
        """Watching: stop after the move being shown, or go on."""
        if not self.session.watching or self.host.demo:
            return
        self.session.paused = not self.session.paused
        self.session.step_once = False
        self.reply(
            _("Paused: . plays one move, P goes on.") if self.session.paused else _("Going on.")
        )

    def step(self) -> None:
        """Watching, paused: one more move."""
        if self.session.watching and self.session.paused:
            self.session.step_once = True

    def change_level(self, delta: int) -> None:
        """One level up or down, within the engine's levels; a search under way starts over.
        With two players no computer plays: the level waits for another mode."""
        if self.session.two_players:
            self.reply(_("Two players: no computer plays, and hints are always the strongest."))
            return
        level = clamp_level(self.session.shown_level() + delta)
        if level != self.session.shown_level():
            black = self.session.setting_black_level
            self.session.set_level(level)
            self.computer.level_changed()
            if black:
                self.host.remember_choice(watch_black_level=level)
            else:
                self.host.remember_choice(level=level)

    def choose_level_side(self, color: Color) -> None:
        """Watching: - and + now change ``color``'s level."""
        if self.session.watching:
            self.session.level_side = color
