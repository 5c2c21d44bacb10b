"""What the settings are: every key of othello.ini, the value it takes, its default.

The schema and the conversion of one value from its text; reading a whole file is
:mod:`othello.app.settings.loading`, writing choices back :mod:`othello.app.settings.choices`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal, get_args

from othello.app.i18n import AUTO, LANGUAGES, _, normalize
from othello.core.board import Color
from othello.core.kinds import assert_never, chosen
from othello.engine.levels import FIRST_LEVEL

HUGE_DIGITS = 18  # a number longer than this is outside every range

# The settings that take one of a few words: each a Literal and the tuple of its words, which
# the card, the widgets and the tests import (tests/test_kinds.py: every table keyed by one
# covers each of its words).
Mode = Literal["computer", "two-players", "watch"]
MODES: Final[tuple[Mode, ...]] = get_args(Mode)
PaletteName = Literal["classic", "high-contrast", "dark"]
PALETTES: Final[tuple[PaletteName, ...]] = get_args(PaletteName)
"""THEME: the window's colours, one of widgets/palette.py's palettes."""
TextSize = Literal["small", "normal", "large", "larger"]
TEXT_SIZES: Final[tuple[TextSize, ...]] = get_args(TextSize)
Start = Literal["standard", "balanced", "range"]
STARTS: Final[tuple[Start, ...]] = get_args(Start)
Speech = Literal["off", "screen reader", "voice"]
SPEECHES: Final[tuple[Speech, ...]] = get_args(Speech)
"""SPEECH: the window says nothing, speaks through the running screen reader, or with the
system's voice (app/speech/speakers.py)."""
COLORS: Final[tuple[Color, ...]] = get_args(Color)
Kind = Literal[
    "int", "float", "bool", "text", "color", "mode", "language", "theme", "text size", "clock",
    "start", "speech",
]  # fmt: skip
"""How a key's value is read (``convert``) and written (``format_value``)."""
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)


@dataclass(frozen=True)
class Settings:
    """Every setting the game reads, with the defaults of the shipped othello.ini."""

    window_width: int = 1280
    window_height: int = 800
    square_size: int = 70
    fps: int = 30
    animation: bool = True
    level: int = FIRST_LEVEL  # a level a new player can beat sometimes (levels.py)
    ladder: int = 17  # the ladder LEVEL counts on: 6 in files from before 17 levels
    human_color: Color = "black"
    mode: Mode = "computer"
    watch_seconds: float = 1.0
    watch_black_level: int = 14  # watching, Black's level (White plays at ``level``)
    show_legal_moves: bool = True
    book: bool = True
    review_at_end: bool = True  # a finished game with a person in it is reviewed (puzzles)
    clock: str = "off"  # a new game's time control, "minutes+seconds" such as 5+3
    start: Start = "standard"  # a new game's start
    range_moves: int = 24  # start = range: the move of the position ...
    range_low: int = 0  # ... and how far ahead the side to move is, from ...
    range_high: int = 4  # ... to
    sound: bool = True
    speech: Speech = "off"  # the window's words spoken: off, screen reader or voice
    speech_nato: bool = False  # squares spoken in the NATO alphabet (delta 3)
    animation_speed: float = 1.0
    search_processes: int = 0  # 0: every core but one (multicore.endgame's default)
    keep_games: bool = True  # every finished game goes into the library
    player_name: str = ""  # "": the system's name for the player (``player_name``)
    language: str = "auto"  # the system's language, else a LANGUAGES code (app/i18n.py)
    theme: PaletteName = "classic"
    text_size: TextSize = "normal"
    source: Path | None = field(default=None, compare=False)
    """The othello.ini these came from; None means the built-in defaults."""


@dataclass(frozen=True)
class Key:
    """One othello.ini key: where it lives, which Settings field it fills, what is valid."""

    section: str
    name: str
    field: str
    kind: Kind
    low: float = 0
    high: float = 0


KEYS: tuple[Key, ...] = (
    Key("BASIC", "WINDOWWIDTH", "window_width", "int", 320, 7680),
    Key("BASIC", "WINDOWHEIGHT", "window_height", "int", 240, 4320),
    Key("BASIC", "SQUARESIZE", "square_size", "int", 8, 1000),
    Key("BASIC", "FPS", "fps", "int", 1, 240),
    Key("BASIC", "ANIMATION", "animation", "bool"),
    Key("GAME", "LEVEL", "level", "int", 1, 17),  # the engine's LEVELS (a test checks)
    Key("GAME", "LADDER", "ladder", "int", 6, 17),  # app/old_levels.py
    Key("GAME", "MODE", "mode", "mode"),
    Key("GAME", "WATCH_SECONDS", "watch_seconds", "float", 0.0, 10.0),
    Key("GAME", "WATCH_BLACK_LEVEL", "watch_black_level", "int", 1, 17),
    Key("GAME", "HUMAN_COLOR", "human_color", "color"),
    Key("GAME", "SHOW_LEGAL_MOVES", "show_legal_moves", "bool"),
    Key("GAME", "BOOK", "book", "bool"),
    Key("GAME", "REVIEW_AT_END", "review_at_end", "bool"),
    Key("GAME", "CLOCK", "clock", "clock"),
    Key("GAME", "START", "start", "start"),
    Key("GAME", "RANGE_MOVES", "range_moves", "int", 4, 56),
    Key("GAME", "RANGE_LOW", "range_low", "int", -30, 30),
    Key("GAME", "RANGE_HIGH", "range_high", "int", -30, 30),
    Key("SOUND", "SOUND", "sound", "bool"),
    Key("SOUND", "SPEECH", "speech", "speech"),
    Key("SOUND", "SPEECH_NATO", "speech_nato", "bool"),
    Key("ANIMATION", "ANIMATION_SPEED", "animation_speed", "float", 0.1, 10.0),
    Key("ENGINE", "SEARCH_PROCESSES", "search_processes", "int", 0, 256),
    Key("LIBRARY", "KEEP_GAMES", "keep_games", "bool"),
    Key("LIBRARY", "PLAYER_NAME", "player_name", "text", 0, 40),
    Key("DISPLAY", "LANGUAGE", "language", "language"),
    Key("DISPLAY", "THEME", "theme", "theme"),
    Key("DISPLAY", "TEXT_SIZE", "text_size", "text size"),
)
KEY_BY_NAME = {k.name: k for k in KEYS}
KEY_BY_FIELD = {k.field: k for k in KEYS}
DEFAULTS = Settings()

TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "off", "0"})

_FLOAT_RE = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def search_processes(settings: Settings) -> int:
    """SEARCH_PROCESSES in effect: 0 means every core but one (at least one)."""
    from othello.engine.multicore.endgame import default_search_processes

    return int(settings.search_processes) or default_search_processes()


# ----- converting one value -------------------------------------------------------


def _to_int(text: str) -> int:
    """ASCII digits only: int() also takes other scripts' digits, which no one types here."""
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise ValueError(_("is not a whole number"))
    digits = text.lstrip("+-").lstrip("0")[: HUGE_DIGITS + 1]  # int() of a huge string is slow
    return -int(digits or "0") if text.startswith("-") else int(digits or "0")


def _to_float(text: str) -> float:
    if text.lower().lstrip("+-") in ("inf", "infinity", "nan"):
        raise ValueError(_("is not a finite number"))
    if not _FLOAT_RE.fullmatch(text):  # float() takes "1_0" and other scripts' digits too
        raise ValueError(_("is not a number"))
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_("is not a finite number"))
    return value


def _to_bool(text: str) -> bool:
    word = text.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(_("is not true or false (use True/False, yes/no, on/off or 1/0)"))


def _to_color(text: str) -> Color:
    word = chosen(text.lower(), COLORS)
    if word is None:
        raise ValueError(_("is not a colour (use black or white)"))
    return word


def _to_mode(text: str) -> Mode:
    word = chosen(text.lower(), MODES)
    if word is None:
        raise ValueError(_("is not a mode (use computer, two-players or watch)"))
    return word


def _to_clock(text: str) -> str:
    """ "off" (no clock) or a time control such as 5+3, written back the same way."""
    from othello.core.clock import ClockError, TimeControl

    if text.lower() in ("off", "none", "no", ""):
        return "off"
    try:
        return str(TimeControl.parse(text))
    except ClockError:
        raise ValueError(_("is not a clock (use off, or minutes+seconds such as 5+3)")) from None


def _to_start(text: str) -> Start:
    word = chosen(text.lower(), STARTS)
    if word is None:
        raise ValueError(_("is not a start (use standard, balanced or range)"))
    return word


def _to_language(text: str) -> str:
    if text.lower() == AUTO:
        return AUTO
    code = normalize(text)
    if code is None:
        raise ValueError(
            _("is not a language the window speaks (use auto or one of {codes})").format(
                codes=", ".join(LANGUAGES)
            )
        )
    return code


def _to_theme(text: str) -> PaletteName:
    word = chosen(text.lower(), PALETTES)
    if word is None:
        raise ValueError(_("is not a theme (use classic, high-contrast or dark)"))
    return word


def _to_text_size(text: str) -> TextSize:
    word = chosen(text.lower(), TEXT_SIZES)
    if word is None:
        raise ValueError(_("is not a text size (use small, normal, large or larger)"))
    return word


def _to_speech(text: str) -> Speech:
    word = chosen(text.lower().replace("-", " ").replace("_", " "), SPEECHES)
    if word is None:
        raise ValueError(_("is not a way to speak (use off, screen reader or voice)"))
    return word


def _to_text(text: str) -> str:
    if any(not ch.isprintable() for ch in text):
        raise ValueError("has characters that cannot be shown")
    if len(text) > 40:
        raise ValueError("is longer than 40 characters")
    return text


def player_name(settings: Settings) -> str:
    """PLAYER_NAME, or where it is empty the name the system knows the player by (their
    login, capitalised), else "You"."""
    if settings.player_name.strip():
        return settings.player_name.strip()
    import getpass

    try:
        # a login name that is not UTF-8 arrives with surrogates, which no file or
        # database can hold: each bad byte becomes "?"
        login = getpass.getuser().encode("utf-8", "replace").decode("utf-8").strip()
    except Exception:  # no login name at all (a container, an odd system): a plain word
        login = ""
    return login[:1].upper() + login[1:] if login and login != "root" else "You"


def converter(kind: Kind) -> Callable[[str], object]:
    """How a value of ``kind`` is read from its text (a ValueError says what is wrong)."""
    match kind:
        case "int":
            return _to_int
        case "float":
            return _to_float
        case "bool":
            return _to_bool
        case "text":
            return _to_text
        case "color":
            return _to_color
        case "mode":
            return _to_mode
        case "language":
            return _to_language
        case "theme":
            return _to_theme
        case "text size":
            return _to_text_size
        case "clock":
            return _to_clock
        case "start":
            return _to_start
        case "speech":
            return _to_speech
        case _:  # a kind with no converter fails mypy here
            assert_never(kind)


def _unquote(text: str) -> str:
    """``"white"`` -> ``white``: people quote values out of habit from other formats."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1].strip()
    return text


def convert(key: Key, text: str) -> object:
    """The value of ``text`` for ``key``; ValueError says what is wrong, in words."""
    value = converter(key.kind)(_unquote(text.strip()))
    if isinstance(value, (int, float)) and key.kind in ("int", "float"):
        if not key.low <= value <= key.high:
            low, high = format_value(key, key.low), format_value(key, key.high)
            raise ValueError(_("is outside the range {low} to {high}").format(low=low, high=high))
    return value


def format_value(key: Key, value: object) -> str:
    """A value as it is written in othello.ini."""
    if key.kind == "int" and isinstance(value, (int, float, str)):
        return str(int(value))
    if key.kind == "float" and isinstance(value, (int, float, str)):
        return str(float(value))
    return str(value)
