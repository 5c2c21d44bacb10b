"""Text forms of squares, moves and positions; text that is wrong raises NotationError.

Squares are ``a1``..``h8`` (columns a-h, rows 1-8; a1 = 0, h8 = 63). A transcript is the
moves run together (``f5d6c3``), passes implied or written ``pa`` / ``--``. A board
string is 64 squares a1..h8 (``X`` black, ``O`` white, ``-`` empty) then the side to move.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from othello.core.bitboard import PASS, Square
from othello.core.errors import NotationError

PASS_NAME = "pass"
PASS_TOKEN = "pa"
_PASS_TOKENS = (PASS_TOKEN, "--")


def square_name(sq: Square) -> str:
    """``0`` -> ``"a1"``; ``PASS`` -> ``"pass"``.

    >>> square_name(37)
    'f5'
    """
    if sq == PASS:
        return PASS_NAME
    if not 0 <= sq < 64:
        raise NotationError(f"square index {sq} is outside 0..63")
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def parse_square(text: str) -> Square:
    """``"F5"`` or ``"f5"`` -> ``37``.

    >>> parse_square("F5")
    37
    """
    s = text.strip().lower() if isinstance(text, str) else text
    if not isinstance(s, str) or len(s) != 2 or s[0] not in "abcdefgh" or s[1] not in "12345678":
        raise NotationError(
            f"{text!r} is not a square: expected a column a-h and a row 1-8, like 'f5'"
        )
    return (int(s[1]) - 1) * 8 + "abcdefgh".index(s[0])


def parse_move(text: str) -> Square:
    """A square name or a pass (``pass``, ``pa``, ``--``) -> square index or ``PASS``."""
    s = text.strip().lower() if isinstance(text, str) else text
    if s == PASS_NAME or s in _PASS_TOKENS:
        return PASS
    return parse_square(text)


def format_transcript(moves: Iterable[Square], with_passes: bool = False) -> str:
    """Moves (square numbers, ``PASS`` for a pass) in the standard form, e.g. ``"f5d6c3"``.

    Passes are left out unless asked for: the standard form implies them, but a pass at
    the very end can only be seen written (``pa``), so that form always reads back to the
    same position.

    >>> format_transcript([37, 43, PASS, 18], with_passes=True)
    'f5d6pac3'
    """
    pass_text = PASS_TOKEN if with_passes else ""
    return "".join(pass_text if sq == PASS else square_name(sq) for sq in moves)


def split_transcript(text: str) -> Iterator[tuple[int, str]]:
    """Yield ``(offset, token)`` for each two-character move of a transcript.

    Moves may be run together or separated by white space (``"f5 d6 c3"`` reads like
    ``"f5d6c3"``), but never split by it: ``"f 5"`` is an error. The offset is the move's
    position in the original text, for error messages.
    """
    if not isinstance(text, str):
        raise NotationError(f"a transcript must be text, not {type(text).__name__}")
    for word in re.finditer(r"\S+", text):
        start, chunk = word.start(), word.group()
        if len(chunk) % 2:
            end = start + len(chunk)
            raise NotationError(
                f"transcript {text!r} has a lone {chunk[-1]!r} at character {end}; every "
                "move is two characters (a square such as f5, or pa / -- for a pass)"
            )
        for k in range(0, len(chunk), 2):
            yield start + k, chunk[k : k + 2]


_BLACK_CHARS = "Xx*"
_WHITE_CHARS = "Oo0"
_EMPTY_CHARS = "-."


def parse_board_string(text: str) -> tuple[int, int, bool]:
    """``"<64 squares> <X|O>"`` -> ``(black, white, black_to_move)``.

    ``X``/``*`` are black, ``O``/``0`` white, ``-``/``.`` empty; white space is ignored.
    """
    if not isinstance(text, str):
        raise NotationError(f"a board string must be text, not {type(text).__name__}")
    s = "".join(text.split())
    if len(s) != 65:
        raise NotationError(
            f"board string {text!r} has {len(s)} characters without spaces; "
            "expected 64 squares a1..h8 and the side to move (X or O)"
        )
    black = white = 0
    for i, c in enumerate(s[:64]):
        if c in _BLACK_CHARS:
            black |= 1 << i
        elif c in _WHITE_CHARS:
            white |= 1 << i
        elif c not in _EMPTY_CHARS:
            raise NotationError(
                f"board string has {c!r} at square {square_name(i)}; expected X, O or -"
            )
    side = s[64]
    if side in _BLACK_CHARS:
        return black, white, True
    if side in _WHITE_CHARS:
        return black, white, False
    raise NotationError(f"board string ends with {side!r}; the side to move must be X or O")


def format_board_string(black: int, white: int, black_to_move: bool) -> str:
    """The inverse of :func:`parse_board_string`, in the canonical ``X``/``O``/``-`` form."""
    cells = []
    for i in range(64):
        bit = 1 << i
        cells.append("X" if black & bit else "O" if white & bit else "-")
    return "".join(cells) + (" X" if black_to_move else " O")
