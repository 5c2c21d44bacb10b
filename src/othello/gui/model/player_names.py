"""The players' names as the library stores them and as the window shows them (no pygame).

A name the game writes itself is stored in English ("Computer, level 14"; "You" where the
system knows no name for the player) and shown in the player's language, so a library kept
in English reads in Japanese as it should; older games whose computer's name was stored in
the language of the day are read back in any of the window's languages. A name a person
typed or a file gave is shown as it is.
"""

from __future__ import annotations

import re
from functools import cache

from othello.app.i18n import N_, _, every_translation, integer, pgettext
from othello.core.board import Color
from othello.gui.model.game_words import side_name

COMPUTER_NAME = N_("Computer, level {n}")
YOU = N_("You")  # settings.player_name's last resort, stored in English


def computer_name(level: int) -> str:
    """The computer's name as a game is kept: in English, whatever the language, so that
    each language shows it in its own words (:func:`player_shown`)."""
    return COMPUTER_NAME.format(n=level)


def player_shown(stored: str, color: Color | None = None) -> str:
    """A stored name as the window shows it: a name the game wrote itself ("Computer,
    level 14", "You", or one it once wrote in another language) in the player's language,
    a name a person typed or a file gave as it is, "Black" or "White" for none."""
    if not stored:
        return side_name(color) if color is not None else ""
    if stored == YOU:
        return _(YOU)
    level = _computer_level(stored)
    return _(COMPUTER_NAME).format(n=integer(level)) if level is not None else stored


def player_forms(stored: str) -> list[str]:
    """A stored name as :func:`player_shown` gives it, then shorter where it is the
    computer's own ("Comp. 14"), for a narrow column."""
    shown = player_shown(stored)
    level = _computer_level(stored) if stored else None
    if level is None:
        return [shown]
    return [shown, pgettext("player, short", "Comp. {n}").format(n=integer(level))]


def _computer_level(stored: str) -> int | None:
    """The level in a computer's name written in any of the window's languages."""
    for form in _computer_forms():
        found = form.fullmatch(stored)
        if found is not None:
            return int(found.group(1))
    return None


@cache
def _computer_forms() -> tuple[re.Pattern[str], ...]:
    forms = every_translation(COMPUTER_NAME)
    return tuple(re.compile(re.escape(f).replace(r"\{n\}", r"(\d{1,2})")) for f in forms)
