"""What the window says about clocks, starts and the player's strength: every such sentence
in one place, in the player's language, without pygame.

The tables hold sentences marked with ``N_`` (made at import time); they are translated with
``_`` where they are shown, since the language can change while the window is open.
"""

from __future__ import annotations

import math

from othello.app.i18n import N_, _, ngettext, pgettext
from othello.app.settings.keys import Start
from othello.club.rating import Certainty, Rating, Step, Suggestion
from othello.core.board import Color

START_NAMES: dict[Start, str] = {
    "standard": N_("Four discs"),
    "balanced": N_("Balanced opening"),
    "range": N_("Position in a range"),
}
"""The kinds of start a new game can have, as the game card names them."""

START_WORDS: dict[Start, str] = {
    "standard": N_("the usual start: the four discs in the middle"),
    "balanced": N_(
        "8 moves already played, chosen at random among openings a deep search scores "
        "within 2 discs: no two games start alike"
    ),
    "range": N_(
        "a random position at move {moves} where the side to move is ahead by {low} to "
        "{high} discs: practise judging positions"
    ),
}

START_SHORT: dict[Start, str] = {
    "standard": N_("the four discs"),
    "balanced": N_("8 moves in, a balanced opening"),
    "range": "",
}


def start_words(kind: Start) -> list[str]:
    """A start's words on the game card, longest first (a range's are filled in there)."""
    return [_(words) for words in (START_WORDS[kind], START_SHORT[kind]) if words]


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
        return _("no clock")
    minutes, _plus, increment = control.partition("+")
    if increment and float(increment):
        return _("{minutes} min + {seconds} s a move").format(minutes=minutes, seconds=increment)
    return _("{minutes} min").format(minutes=minutes)


def timeout_verdict(lost: Color, human: Color | None) -> list[str]:
    """The end card's verdict when a flag fell, in wordings longest first."""
    if human is None:
        return [_("Black ran out of time.") if lost == "black" else _("White ran out of time.")]
    if lost == human:
        return [_("You ran out of time."), _("Out of time.")]
    return [_("The computer ran out of time."), _("Computer out of time.")]


def timeout_headline(lost: Color) -> str:
    """The end card's headline when a flag fell: the other side wins."""
    return _("White wins on time") if lost == "black" else _("Black wins on time")


PAUSED = N_("Paused: the clocks are stopped. P goes on.")
PAUSE_NO_CLOCK = N_("P pauses a game on a clock (or watching); this game has none.")
RESUMED = N_("Going on: the clocks run again.")
NOT_WHILE_PAUSED = N_("The game is paused: P goes on.")
CLOCK_COVERED = N_("Your clock stops while the board is hidden, and runs again when you come back.")
CLOCK_STILL = (N_("your clock stops while the board is hidden"), N_("clock stopped"))
FINDING = N_("Finding a position at move {moves} with the side to move ahead by {low} to {high}…")
NOT_FOUND = N_("No position at move {moves} ahead by {low} to {high} turned up; try a wider range.")
NO_BALANCED = N_("{problem} Starting from the four discs.")


def _value(rating: Rating) -> str:
    """A rating with how sure it is: twice the deviation, the range it is 95% likely in."""
    return f"{rating.value:.0f} +/- {2 * rating.deviation:.0f}"


def sureness(rating: Rating) -> str:
    """How sure the rating is, in words: "still uncertain after 3 games"."""
    n = rating.games
    certainty = rating.certainty()
    if certainty is Certainty.UNCERTAIN:
        words = ngettext("still uncertain after {n} game", "still uncertain after {n} games", n)
    elif certainty is Certainty.FAIR:
        words = ngettext("fairly sure after {n} game", "fairly sure after {n} games", n)
    else:
        words = ngettext("sure after {n} game", "sure after {n} games", n)
    return words.format(n=n)


def level_words(rating: Rating) -> list[str]:
    """Where the rating stands on the ladder, longest first, as sure as it is: "about level
    5 (somewhere from level 4 to 6)", "about level 5"; while it is uncertain, only the
    levels it spans ("somewhere from level 1 to 4", "level 1 to 4"): after one game, "about
    level 3" would claim more than is known."""
    near = rating.nearest_level()
    low, high = rating.level_range()
    if low == high:
        return [_("about level {number}").format(number=near)]
    if rating.certainty() is Certainty.UNCERTAIN:
        return [
            _("somewhere from level {low} to {high}").format(low=low, high=high),
            _("level {low} to {high}").format(low=low, high=high),
        ]
    return [
        _("about level {number} (somewhere from level {low} to {high})").format(
            number=near, low=low, high=high
        ),
        _("about level {number}").format(number=near),
    ]


def strength_line(rating: Rating) -> list[str]:
    """The player's strength in a line, longest first: "Your strength: about level 5
    (somewhere from level 4 to 6), fairly sure after 9 games; 1180 +/- 240", then shorter,
    every form saying the same levels."""
    if rating.games == 0:
        return [
            _("Your strength: not yet rated; finish a game against the computer"),
            _("Not yet rated"),
        ]
    about, value, sure = level_words(rating), _value(rating), sureness(rating)
    return [
        _("Your strength: {about}, {sure}; {value}").format(about=about[0], sure=sure, value=value),
        _("Your strength: {about}, {sure}").format(about=about[-1], sure=sure),
        _("You: {about}").format(about=about[-1]),
    ]


def certainty_word(rating: Rating) -> str:
    """How sure the rating is, in a word: "uncertain", "fairly sure", "sure"."""
    certainty = rating.certainty()
    if certainty is Certainty.UNCERTAIN:
        return pgettext("rating", "uncertain")
    return (
        pgettext("rating", "fairly sure")
        if certainty is Certainty.FAIR
        else pgettext("rating", "sure")
    )


def strength_short(rating: Rating) -> list[str]:
    """The panel's words beside the level's heading, longest first: "you: about level 5,
    fairly sure after 9 games", "you: about level 5, fairly sure", "you: about level 5";
    while uncertain, the levels it spans ("you: level 1 to 4, uncertain"); none before the
    first rated game. Every form says the same levels: a narrow panel never trades them for
    a bare figure ("780 +/- 473")."""
    if rating.games == 0:
        return []
    about = level_words(rating)[-1]
    return [
        _("you: {about}, {sure}").format(about=about, sure=sureness(rating)),
        _("you: {about}, {sure}").format(about=about, sure=certainty_word(rating)),
        _("you: {about}").format(about=about),
    ]


def rated_text(before: Rating, after: Rating, level: int) -> str:
    """The notice after a rated game: what the rating means, how sure it is, how it moved."""
    return _(
        "Your strength: {about}, {sure} ({value}; {change} after this game at level {number})."
    ).format(
        about=level_words(after)[0],
        sure=sureness(after),
        value=_value(after),
        change=f"{after.value - before.value:+.0f}",
        number=level,
    )


def suggest_text(suggestion: Suggestion) -> str:
    """The suggestion to move on the ladder after the player's recent games at a level."""
    if suggestion.step is Step.UP:
        words = _("You win most of your games at level {below}: try level {number} (+).")
    else:
        words = _("Level {below} wins your recent games easily: try level {number} (-).")
    return words.format(below=suggestion.played, number=suggestion.level)


UNRATED = {
    "assisted": N_("Not rated: a hint or an undo helped in this game."),
    "level": N_("Not rated: the level or your side changed during the game."),
    "start": N_("Not rated: the game did not start from the four discs or a balanced opening."),
}
