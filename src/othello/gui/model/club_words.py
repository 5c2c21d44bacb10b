"""What the window says about clocks, starts and the player's strength: every such sentence
in one place, plain English (translations mark them here), without pygame."""

from __future__ import annotations

import math

from ...board import Color
from ...rating import LEVEL_RATINGS, Rating

START_NAMES = {
    "standard": "Four discs",
    "balanced": "Balanced opening",
    "range": "Position in a range",
}
"""The kinds of start a new game can have, as the game card names them."""

START_WORDS = {
    "standard": "the usual start: the four discs in the middle",
    "balanced": "8 moves already played, chosen at random among openings a deep search "
    "scores within 2 discs: no two games start alike",
    "range": "a random position at move {moves} where the side to move is ahead by {low} to "
    "{high} discs: practise judging positions",
}


START_SHORT = {
    "standard": "the four discs",
    "balanced": "8 moves in, a balanced opening",
    "range": "",
}


def clock_text(seconds: float) -> str:
    """A clock's time as a clock shows it: "4:59", "0:09.4" in the last ten seconds."""
    if seconds < 10:
        return f"0:{seconds:04.1f}"
    whole = math.ceil(seconds)
    return (
        f"{whole // 60}:{whole % 60:02d}"
        if whole < 3600
        else f"{whole // 3600}h{whole // 60 % 60:02d}"
    )


def control_text(control: str) -> str:
    """A time control in words: "5+3" -> "5 min + 3 s a move"; "" -> "no clock"."""
    if not control:
        return "no clock"
    minutes, _, increment = control.partition("+")
    extra = f" + {increment} s a move" if increment and float(increment) else ""
    return f"{minutes} min{extra}"


def timeout_verdict(lost: Color, human: Color | None) -> str:
    """The end card's verdict when a flag fell."""
    if human is None:
        return f"{lost.capitalize()} ran out of time."
    return "You ran out of time." if lost == human else "The computer ran out of time."


def timeout_headline(lost: Color) -> str:
    winner = "White" if lost == "black" else "Black"
    return f"{winner} wins on time"


PAUSED = "Paused: the clocks are stopped. P goes on."
PAUSE_NO_CLOCK = "P pauses a game on a clock (or watching); this game has none."
RESUMED = "Going on: the clocks run again."
NOT_WHILE_PAUSED = "The game is paused: P goes on."
FINDING = "Finding a position at move {moves} with the side to move ahead by {low} to {high}…"
NOT_FOUND = "No position at move {moves} ahead by {low} to {high} turned up; try a wider range."
NO_BALANCED = "{problem} Starting from the four discs."


def strength_line(rating: Rating) -> list[str]:
    """The player's strength in a line, longest first: "Your strength: 1430 +/- 120 after
    12 games (about level 7, 1390)", then shorter."""
    if rating.games == 0:
        return ["Your strength: not yet rated; finish a game against the computer", "Not yet rated"]
    near = rating.nearest_level()
    games = f"{rating.games} game{'' if rating.games == 1 else 's'}"
    value = f"{rating.value:.0f} +/- {2 * rating.deviation:.0f}"
    return [
        f"Your strength: {value} after {games} (about level {near}, {LEVEL_RATINGS[near]:.0f})",
        f"Your strength: {value} (about level {near})",
        f"You: {value}, about level {near}",
    ]


def strength_short(rating: Rating) -> str:
    """The panel's few words: "you: 1430"."""
    return "" if rating.games == 0 else f"you: {rating.value:.0f}"


def rated_text(before: Rating, after: Rating, level: int) -> str:
    """The notice after a rated game."""
    change = after.value - before.value
    return (
        f"Your strength: {after.value:.0f} +/- {2 * after.deviation:.0f} "
        f"({change:+.0f} after this game at level {level})."
    )


def suggest_text(level: int) -> str:
    return f"You win most of your games at level {level - 1}: try level {level} (+)."


UNRATED = {
    "assisted": "Not rated: a hint or an undo helped in this game.",
    "level": "Not rated: the level or your side changed during the game.",
    "start": "Not rated: the game did not start from the four discs or a balanced opening.",
}
