"""Settings from othello.ini: forgiving for a hand-edited file, strict only when asked.

A player edits othello.ini by hand, so a mistake in one line must cost that one setting,
never the game: every bad value falls back to its default and yields a human-readable
notice that the window shows. Only a file named explicitly with ``--config PATH`` that
cannot be used at all (missing, unreadable, not UTF-8 text, not INI) raises ConfigError,
because the player asked for that very file and should hear why it was not used.

Which file is read (the first that exists):

1. ``--config PATH``, given explicitly;
2. ``othello.ini`` at the top of the source checkout the package runs from (found from the
   package's own location, ``src/othello/../../othello.ini`` beside ``pyproject.toml``;
   never the current working directory);
3. ``othello.ini`` in the user's config folder (``paths.user_config_dir()``);
4. none: the built-in defaults, identical to the commented ``othello.ini`` in the package.

Preferences changed in the window are written into the file the next start will read (the
user's file, created, when none exists), editing only the value of each key so comments and
unknown lines survive. A file the game rejected (not INI) or one that is read-only is never
written; the window is told why the choice was not remembered instead.
"""

from __future__ import annotations

import codecs
import math
import os
import re
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from . import paths
from .files import TooLarge, read_limited, write_atomic

MAX_FILE_BYTES = 1_000_000  # a settings file is a few hundred bytes; more is not one
NOT_INI = "most lines are not [SECTION] or KEY = value"
HUGE_DIGITS = 18  # a number longer than this is outside every range


@dataclass(frozen=True)
class Settings:
    """Every setting the game reads, with the defaults of the shipped othello.ini."""

    window_width: int = 1280
    window_height: int = 800
    square_size: int = 70
    fps: int = 30
    animation: bool = True
    level: int = 4  # the engine's DEFAULT_LEVEL (a test checks)
    human_color: str = "black"
    show_legal_moves: bool = True
    sound: bool = True
    animation_speed: float = 1.0
    source: Path | None = field(default=None, compare=False)
    """The othello.ini these came from; None means the built-in defaults."""


@dataclass(frozen=True)
class Key:
    """One othello.ini key: where it lives, which Settings field it fills, what is valid."""

    section: str
    name: str
    field: str
    kind: str  # "int", "float", "bool" or "color"
    low: float = 0
    high: float = 0


KEYS: tuple[Key, ...] = (
    Key("BASIC", "WINDOWWIDTH", "window_width", "int", 320, 7680),
    Key("BASIC", "WINDOWHEIGHT", "window_height", "int", 240, 4320),
    Key("BASIC", "SQUARESIZE", "square_size", "int", 8, 1000),
    Key("BASIC", "FPS", "fps", "int", 1, 240),
    Key("BASIC", "ANIMATION", "animation", "bool"),
    Key("GAME", "LEVEL", "level", "int", 1, 6),  # the engine's LEVELS (a test checks)
    Key("GAME", "HUMAN_COLOR", "human_color", "color"),
    Key("GAME", "SHOW_LEGAL_MOVES", "show_legal_moves", "bool"),
    Key("SOUND", "SOUND", "sound", "bool"),
    Key("ANIMATION", "ANIMATION_SPEED", "animation_speed", "float", 0.1, 10.0),
)
KEY_BY_NAME = {k.name: k for k in KEYS}
KEY_BY_FIELD = {k.field: k for k in KEYS}
DEFAULTS = Settings()

TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "off", "0"})
COLORS = ("black", "white")

# Written so that no two parts can match the same characters: with overlapping parts
# (``\[\s*(.*?)\s*\]``) a "[" and a few thousand spaces took minutes to reject.
_SECTION_RE = re.compile(r"^\[([^\]]*)\](?:\s*[;#].*)?$")
_KEY_PREFIX_RE = re.compile(r"(\s*[A-Za-z_][A-Za-z0-9_.-]*\s*[=:]\s*)")
_KEY_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(.*)$")
_INLINE_COMMENT_RE = re.compile(r"[;#].*$")  # no value here contains ; or #
_FLOAT_RE = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


# ----- converting one value -------------------------------------------------------


def _to_int(text: str) -> int:
    """ASCII digits only: int() also takes other scripts' digits, which no one types here."""
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise ValueError("is not a whole number")
    digits = text.lstrip("+-").lstrip("0")[: HUGE_DIGITS + 1]  # int() of a huge string is slow
    return -int(digits or "0") if text.startswith("-") else int(digits or "0")


def _to_float(text: str) -> float:
    if text.lower().lstrip("+-") in ("inf", "infinity", "nan"):
        raise ValueError("is not a finite number")
    if not _FLOAT_RE.fullmatch(text):  # float() takes "1_0" and other scripts' digits too
        raise ValueError("is not a number")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("is not a finite number")
    return value


def _to_bool(text: str) -> bool:
    word = text.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError("is not true or false (use True/False, yes/no, on/off or 1/0)")


def _to_color(text: str) -> str:
    word = text.lower()
    if word not in COLORS:
        raise ValueError("is not a colour (use black or white)")
    return word


_CONVERTERS: dict[str, Callable[[str], object]] = {
    "int": _to_int,
    "float": _to_float,
    "bool": _to_bool,
    "color": _to_color,
}


def _unquote(text: str) -> str:
    """``"white"`` -> ``white``: people quote values out of habit from other formats."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1].strip()
    return text


def convert(key: Key, text: str) -> object:
    """The value of ``text`` for ``key``; ValueError says what is wrong, in words."""
    value = _CONVERTERS[key.kind](_unquote(text.strip()))
    if key.kind in ("int", "float") and not key.low <= value <= key.high:  # type: ignore[operator]
        low, high = _fmt(key, key.low), _fmt(key, key.high)
        raise ValueError(f"is outside the range {low} to {high}")
    return value


def _fmt(key: Key, value: object) -> str:
    """A value as it is written in othello.ini."""
    if key.kind == "int":
        return str(int(value))  # type: ignore[call-overload]
    if key.kind == "float":
        return str(float(value))  # type: ignore[arg-type]
    return str(value)


# ----- reading the file -----------------------------------------------------------


@dataclass
class _Entry:
    section: str | None
    name: str
    value: str
    line: int


class _NotText(Exception):
    """A file that is no settings file at all (unreadable, binary); the message says why."""


def _file_text(path: Path) -> tuple[str, str | None]:
    """The file's text, and what is wrong when it is not valid UTF-8; _NotText if not text."""
    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except TooLarge:
        raise _NotText("is not a text file") from None
    except OSError as err:
        raise _NotText(f"cannot be read ({err.strerror or err})") from None
    utf16 = _utf16(data)
    if utf16 is not None:
        return utf16, None
    if b"\0" in data:
        raise _NotText("is not a text file")
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as err:
        bad = f"byte 0x{data[err.start]:02x} at position {err.start}"
        return data.decode("utf-8-sig", errors="replace"), f"is not valid UTF-8 text ({bad})"


def _read_text(path: Path, explicit: bool, notices: list[str]) -> str | None:
    """The file's text, or None with a notice (or ConfigError when explicit) if unusable."""
    try:
        text, problem = _file_text(path)
    except _NotText as err:
        _unusable(path, str(err), explicit, notices)
        return None
    if problem is not None:
        if explicit:
            raise ConfigError(f"{path}: {problem}")
        notices.append(f"{path.name} {problem}; unreadable characters were ignored")
    return text


def _utf16(data: bytes) -> str | None:
    """Text saved as UTF-16 with a byte-order mark (Windows editors' "Unicode"), else None."""
    if (
        not data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
        or len(data) > MAX_FILE_BYTES
    ):
        return None
    try:
        return data.decode("utf-16")
    except UnicodeDecodeError:
        return None


def _unusable(path: Path, problem: str, explicit: bool, notices: list[str]) -> None:
    if explicit:
        raise ConfigError(f"{path}: {problem}")
    notices.append(f"{path} {problem}; using the built-in defaults")


def _parse_lines(text: str, name: str) -> tuple[list[_Entry], list[str]]:
    """The ``KEY = value`` lines with their sections, and a notice per unreadable line."""
    entries: list[_Entry] = []
    section: str | None = None
    bad: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line[0] in "#;":
            continue
        name_here = _section_name(line)
        if name_here is not None:
            section = name_here.upper()
            continue
        match = _KEY_RE.match(line)
        if match:
            value = _INLINE_COMMENT_RE.sub("", match.group(2)).strip()
            entries.append(_Entry(section, match.group(1).upper(), value, number))
            continue
        bad.append(
            f"{name} line {number}: {_clip(line)!r} is not 'KEY = value' or a [SECTION]; ignored"
        )
    return entries, bad


def _section_name(line: str) -> str | None:
    """The section a ``[NAME]`` line opens, or None for any other line."""
    match = _SECTION_RE.match(line.strip().lstrip("\ufeff"))
    return match.group(1).strip() if match else None


def _sections(text: str) -> list[str]:
    return [name for name in map(_section_name, text.splitlines()) if name is not None]


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _apply_entries(entries: list[_Entry], name: str, notices: list[str]) -> dict[str, Any]:
    """Known, valid values by Settings field; a notice for everything else."""
    values: dict[str, Any] = {}
    seen: dict[str, int] = {}
    for entry in entries:
        where = f"{name} line {entry.line}"
        key = KEY_BY_NAME.get(entry.name)
        if key is None:
            notices.append(f"{where}: unknown setting {entry.name} ignored")
            continue
        if entry.name in seen:
            notices.append(
                f"{where}: {entry.name} is set again (line {seen[entry.name]}); the later one counts"
            )
        seen[entry.name] = entry.line
        if entry.section != key.section:
            notices.append(f"{where}: {entry.name} belongs in [{key.section}], read anyway")
        try:
            values[key.field] = convert(key, entry.value)
        except ValueError as err:
            default = _fmt(key, getattr(DEFAULTS, key.field))
            notices.append(
                f"{where}: {entry.name} = {_clip(entry.value, 20)!r} {err}; using {default}"
            )
            values.pop(key.field, None)
    return values


def _check_fit(settings: Settings, notices: list[str]) -> None:
    """The GUI scales a board that does not fit; say so, since the player asked otherwise."""
    board = settings.square_size * 8
    if board > min(settings.window_width, settings.window_height):
        notices.append(
            f"SQUARESIZE {settings.square_size} makes a {board} px board, larger than the "
            f"{settings.window_width}x{settings.window_height} window; the board is scaled to fit"
        )


def _is_foreign(text: str, entries: list[_Entry], bad: list[str]) -> bool:
    """More unreadable lines than settings and sections: some other kind of file."""
    return len(bad) > len(entries) + len(_sections(text))


def _parse(text: str, name: str) -> tuple[Settings, list[str], bool]:
    """Settings, notices, and whether the text is not an INI file at all."""
    entries, bad = _parse_lines(text, name)
    if _is_foreign(text, entries, bad):
        notice = f"{name} is not an INI file ({NOT_INI}); using the built-in defaults"
        return DEFAULTS, [notice], True
    notices = bad
    if not entries and not bad:
        notices.append(f"{name} has no settings in it; using the built-in defaults")
    elif not _has_basic(entries, text):
        notices.append(
            f"{name} has no [BASIC] section; the window uses its default size, FPS and animation"
        )
    values = _apply_entries(entries, name, notices)
    settings = replace(DEFAULTS, **values) if values else DEFAULTS
    _check_fit(settings, notices)
    return settings, _cap(notices, name), False


def parse_settings(text: str, name: str = "othello.ini") -> tuple[Settings, list[str]]:
    """Settings from the text of an othello.ini, with a notice per thing ignored or fixed."""
    settings, notices, _ = _parse(text, name)
    return settings, notices


def _has_basic(entries: list[_Entry], text: str) -> bool:
    """True when the file has a [BASIC] header or sets any [BASIC] key anywhere."""
    if any(s.upper() == "BASIC" for s in _sections(text)):
        return True
    names = {e.name for e in entries}
    return any(k.name in names for k in KEYS if k.section == "BASIC")


def _cap(notices: list[str], name: str, limit: int = 12) -> list[str]:
    """At most ``limit`` notices: a foreign file must not bury the window in messages."""
    if len(notices) <= limit:
        return notices
    return [*notices[: limit - 1], f"... and {len(notices) - limit + 1} more problems in {name}"]


# ----- which file -----------------------------------------------------------------


def search_path() -> list[Path]:
    """The files tried when no ``--config`` is given, in order (see the module docstring)."""
    found = [paths.checkout_ini(), paths.user_ini()]
    return [p for p in found if p is not None]


def find_config(path: Path | None = None) -> Path | None:
    """The othello.ini that will be read: the explicit one, else the first that exists."""
    if path is not None:
        return Path(path)
    for candidate in search_path():
        if candidate.is_file():
            return candidate
    return None


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings and the notices to show; raises only for an unusable explicit ``path``.

    A bad value falls back to that key's default with a notice; a file that cannot be read
    when found by the search gives the defaults and a notice.
    """
    explicit = path is not None
    source = find_config(path)
    if source is None:
        tried = ", ".join(str(p) for p in search_path())
        return DEFAULTS, [f"No othello.ini found (looked for {tried}); using the built-in defaults"]
    if explicit and not source.is_file():
        problem = "does not exist" if not source.exists() else "is not a file"
        raise ConfigError(f"{source}: {problem}")
    notices: list[str] = []
    text = _read_text(source, explicit, notices)
    if text is None:
        return DEFAULTS, notices
    settings, more, foreign = _parse(text, source.name)
    if explicit and foreign:
        raise ConfigError(f"{source}: is not an INI file ({NOT_INI})")
    return replace(settings, source=source), notices + more


# ----- remembering preferences ----------------------------------------------------


def preferences_file(path: Path | None = None) -> Path:
    """Where :func:`save_preferences` writes: the file the next start will read.

    That is ``path`` when given, else the first othello.ini the search finds, else the
    user's own (created then). Writing anywhere else would be lost: a file earlier in the
    search order shadows it.
    """
    return find_config(path) or paths.user_ini()


def _read_only(path: Path) -> bool:
    """No write permission on the file (mode bits too: for root os.access says yes to all)."""
    mode = path.stat().st_mode
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def why_not_writable(path: Path) -> str | None:
    """Why choices must not be written into ``path``, or None when they may.

    A file the game rejected as a whole (not text, not INI) would still be rejected after
    a line is added to it, and a read-only file is the player's way of saying "keep it".
    """
    if not path.exists():
        return None
    if not path.is_file():
        return "is not a file"
    try:
        text, _ = _file_text(path)
    except _NotText as err:
        return str(err)
    if _parse(text, path.name)[2]:
        return f"is not an INI file ({NOT_INI})"
    if _read_only(path):
        return "is read-only"
    return None


def _check_preferences(prefs: Mapping[str, object]) -> dict[Key, str]:
    """Each preference as the text to write; ConfigError for an unknown name or bad value."""
    out: dict[Key, str] = {}
    for name, value in prefs.items():
        key = KEY_BY_FIELD.get(name)
        if key is None:
            raise ConfigError(f"{name!r} is not a setting; known: {', '.join(KEY_BY_FIELD)}")
        text = _fmt(key, value)
        try:
            convert(key, text)
        except ValueError as err:
            raise ConfigError(f"{name} = {value!r} {err}") from None
        out[key] = text
    return out


def _find_key_line(lines: list[str], key: Key) -> int | None:
    """Index of the last line that sets ``key`` (the one the reader obeys)."""
    found = None
    for i, raw in enumerate(lines):
        match = _KEY_RE.match(raw.strip().lstrip("\ufeff"))
        if match and match.group(1).upper() == key.name:
            found = i
    return found


def _replace_value(raw: str, value: str) -> str:
    """The line with only its value changed: indentation, spelling and comment kept."""
    ending = raw[len(raw.rstrip("\r\n")) :]
    body = raw[: len(raw) - len(ending)]
    match = _KEY_PREFIX_RE.match(body)
    if not match:
        return raw
    rest = body[match.end() :]
    cut = min((i for i in (rest.find(";"), rest.find("#")) if i >= 0), default=len(rest))
    old = rest[:cut]
    comment = old[len(old.rstrip()) :] + rest[cut:]  # the spaces before a comment stay with it
    return match.group(1) + value + comment + ending


def _section_end(lines: list[str], section: str) -> int | None:
    """Index just after the last setting line of ``[section]``, or None if there is none."""
    start = None
    end = 0
    for i, raw in enumerate(lines):
        name = _section_name(raw)
        if name is not None:
            if start is not None:
                break
            if name.upper() == section:
                start = i
                end = i + 1
        elif start is not None and raw.strip() and raw.strip()[0] not in "#;":
            end = i + 1
    return end if start is not None else None


def update_ini_text(text: str, values: Mapping[Key, str]) -> str:
    """``text`` with each key's value replaced, or the key added to its section."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += newline
    for key, value in values.items():
        index = _find_key_line(lines, key)
        if index is not None:
            lines[index] = _replace_value(lines[index], value)
            continue
        new_line = f"{key.name} = {value}{newline}"
        end = _section_end(lines, key.section)
        if end is not None:
            lines.insert(end, new_line)
        else:
            gap = [newline] if lines and lines[-1].strip() else []
            lines.extend([*gap, f"[{key.section}]{newline}", new_line])
    return "".join(lines)


def _existing_text(path: Path) -> str:
    """The file as text, keeping any undecodable bytes exactly (surrogateescape)."""
    if path.is_file():
        data = path.read_bytes()
        utf16 = _utf16(data)  # rewritten as UTF-8: every editor reads that
        return utf16 if utf16 is not None else data.decode("utf-8", errors="surrogateescape")
    return paths.default_ini().read_text(encoding="utf-8")


def save_preferences(prefs: Mapping[str, object], path: Path | None = None) -> Path:
    """Remember ``{"level": 5, ...}`` (Settings field names) in othello.ini; returns the file.

    Writes to the file the next start reads (see :func:`preferences_file`), creating the
    user's file from the commented default when there is none. Only the values change;
    comments, unknown keys and layout stay. Raises ConfigError, saying why the choice is
    not remembered, for an unknown name, a bad value, a file that must not be written
    (not INI, read-only) or a failed write.
    """
    values = _check_preferences(prefs)
    target = preferences_file(path)
    if target.is_symlink():  # a dotfiles link: edit the file it points to, keep the link
        target = target.resolve()
    problem = why_not_writable(target)
    if problem is not None:
        raise ConfigError(
            f"{target} {problem}, and the game reads its settings from that file "
            "(a copy elsewhere would be ignored)"
        )
    try:
        text = _existing_text(target)
        write_atomic(target, update_ini_text(text, values))
    except OSError as err:
        raise ConfigError(f"{target}: cannot save settings ({err.strerror or err})") from None
    return target


def describe(settings: Settings) -> str:
    """The settings as ``KEY = value`` lines, for ``othello --where``."""
    return "\n".join(
        f"[{k.section}] {k.name} = {_fmt(k, getattr(settings, k.field))}" for k in KEYS
    )


def where_report(path: Path | None = None) -> str:
    """What ``othello --where`` prints: the file in use, what it sets, the search order, folders."""
    used = find_config(path)
    try:
        settings, notices = load_settings(path)
        problem = None
    except ConfigError as err:
        settings, notices, problem = DEFAULTS, [], str(err)
    if used is None:
        head = f"settings:     none found, built-in defaults (to change them, create {paths.user_ini()})"
    elif problem:
        head = f"settings:     unusable, the game will not start with it: {problem}"
    else:
        head = f"settings:     {used}"
    order = ["--config PATH", *(str(p) for p in search_path()), "built-in defaults"]
    lines = [
        head,
        "search order: " + "  ->  ".join(order),
        f"defaults:     {paths.default_ini()}",
        f"data folder:  {paths.user_data_dir()}",
        f"autosave:     {paths.autosave_path()}",
        f"log:          {paths.log_path()}",
        f"resources:    {paths.resources_dir()}",
        "in effect:",
        *("  " + line for line in describe(settings).splitlines()),
    ]
    lines += [f"notice:       {n}" for n in notices]
    return "\n".join(lines)


__all__ = [
    "DEFAULTS",
    "KEYS",
    "ConfigError",
    "Settings",
    "find_config",
    "load_settings",
    "parse_settings",
    "preferences_file",
    "save_preferences",
    "search_path",
    "where_report",
]
