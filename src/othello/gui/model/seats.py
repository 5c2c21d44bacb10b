"""Who sits at each side of the board: you (a colour), two people, or the computer at both
(watching), and the computer's level for each side; without pygame."""

from __future__ import annotations

from dataclasses import dataclass

from othello.app.library.held_games import PlayerMode
from othello.core.board import Color


def other(color: Color) -> Color:
    return "white" if color == "black" else "black"


@dataclass
class Seats:
    """The players of the game on the board and the computer's levels (Session's part that
    changes no move)."""

    human: Color | None = "black"
    level: int = 3  # the computer's; watching, White's
    black_level: int = 3  # watching, Black's
    level_side: Color = "white"  # watching, the side whose level - and + change
    two_players: bool = False  # both sides are people: the computer only gives hints
    paused: bool = False  # watching: the computer waits (one move at a time with step)
    step_once: bool = False  # watching, paused: play one move, then wait again

    @property
    def players(self) -> PlayerMode:
        """Who plays which side, as the library keeps it with the game."""
        if self.two_players:
            return PlayerMode.TWO_PLAYERS
        if self.human is None:
            return PlayerMode.WATCH
        return PlayerMode.HUMAN_WHITE if self.human == "white" else PlayerMode.HUMAN_BLACK

    def set_players(self, players: PlayerMode) -> None:
        """Take the mode an autosave recorded (before its game is set: nothing restarts)."""
        self.two_players = players is PlayerMode.TWO_PLAYERS
        self.human = (
            None
            if players in (PlayerMode.TWO_PLAYERS, PlayerMode.WATCH)
            else ("white" if players is PlayerMode.HUMAN_WHITE else "black")
        )

    @property
    def watching(self) -> bool:
        """The computer plays both sides (watch mode, or the demo)."""
        return self.human is None and not self.two_players

    @property
    def setting_black_level(self) -> bool:
        """Watching, with Black's level chosen in the panel: - and + change ``black_level``."""
        return self.watching and self.level_side == "black"

    def set_level(self, level: int) -> None:
        """The computer's level; watching, that of the side chosen in the panel."""
        if self.setting_black_level:
            self.black_level = level
        else:
            self.level = level

    def shown_level(self) -> int:
        """The level the panel's - and + act on."""
        return self.black_level if self.setting_black_level else self.level

    def level_for(self, color: Color) -> int:
        """The level the computer plays ``color`` at: watching, each side has its own."""
        return self.black_level if self.watching and color == "black" else self.level
