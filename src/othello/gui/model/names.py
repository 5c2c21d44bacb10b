"""What the window's screens and the play screen's commands are called, as types.

A screen opens another by its name (``open_screen("moves")``) and a key or a panel button asks
for a command by its name (``do("undo")``), so that no part imports another to reach it; as
Literals, a name nobody gave is a mypy error, not a KeyError at the press of a key.
"""

from __future__ import annotations

from typing import Literal

ScreenName = Literal[
    "play",
    "end",
    "help",
    "moves",
    "puzzles",
    "position-editor",
    "library",
    "import-bar",
    "settings-card",  # V: the language, the theme, the text size
    "game",
    "progress",  # the Game card's progress of the player's
    "leave",
    "drills",
    "alert",  # a serious notice that stays until it is closed
    "person",  # J: a game with a person at another window
]
"""Each screen's ``Scene.name``; ``gui/screens.py`` makes each but the play screen by it."""

Command = Literal[
    "new",
    "undo",
    "redo",
    "game-back",  # PgUp: the game before, in one press
    "game-forward",  # PgDn: the game after
    "hint",
    "legal",
    "sound",
    "help",
    "moves",
    "position-editor",
    "review",
    "quit",
    "settings",
    "play-black",
    "play-white",
    "mode",
    "pause",
    "game",
    "step",
    "level-up",
    "level-down",
    "place",
    "explore",
    "book-values",  # I: the opening book's values on the board
    "book-add",  # Shift+I, Insert: the line shown into the player's book
    "book-remove",  # Delete: a book move out of the player's book
    "puzzles",
    "library",
    "picture",
    "picture-numbers",
    "settings-card",  # V: the language, the theme, the text size
    "cursor-left",
    "cursor-right",
    "cursor-up",
    "cursor-down",
    "person",  # J: play a person at another window
]
"""The play screen's commands: what a key (``play_keys.KEYS``) or a panel button
(``panel.GRID``) asks for, and ``play_commands.command_table`` carries out."""
