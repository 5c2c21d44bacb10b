"""Every error the package raises on purpose, in one place.

Bad input is a ``ValueError`` (through :class:`OthelloError`) whose message names the input
and what is wrong with it, so a caller can catch one type and show the message as it is.

>>> from othello import Board, IllegalMoveError
>>> try:
...     Board().push("a1")
... except IllegalMoveError as err:
...     print(err)
black cannot play a1: it turns no disc over
"""

from __future__ import annotations


class OthelloError(ValueError):
    """Base of every error this package raises for bad input."""


class NotationError(OthelloError):
    """A square, transcript or board string that cannot be read."""


class IllegalMoveError(OthelloError):
    """A well-formed move that the rules do not allow in the position."""


class GameOverError(OthelloError):
    """Asked for a move in a finished game (neither side can move)."""


class GameTextError(OthelloError):
    """Pasted text or a game file that is not a legal game; the message says what is wrong."""


class ConfigError(OthelloError):
    """An explicitly named settings file that cannot be used, or a bad preference to save."""


class ShortcutError(OthelloError):
    """The menu shortcut could not be installed; the message says why."""


class WeightsError(RuntimeError):
    """The evaluation's weights file is missing or does not match the patterns; the message
    says which. The program's failure (a broken install), not the input's."""


class SearchError(RuntimeError):
    """The window's search process failed or died; the message says how (the log has the
    traceback). Not an OthelloError: it is the program's failure, not the input's."""
