"""Remembering the player's choices (level, colour, legal-move marks, sound) in othello.ini.

They are written into the file the next start will read (the user's file, created from the
commented default when none exists), editing only the value of each key so comments,
unknown lines, layout and permissions survive. A file the game rejected (not INI) or one
that is read-only is never written: the window is told why the choice was not remembered.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path

from ..errors import ConfigError
from . import paths
from .config import (
    KEY_PREFIX_RE,
    KEY_RE,
    NOT_INI,
    default_ini_text,
    find_config,
    parse_ini,
    section_name,
)
from .files import read_limited, short_reason, write_atomic
from .ini_text import MAX_FILE_BYTES, NotText, file_text, utf16
from .old_levels import with_ladder
from .settings import KEY_BY_FIELD, Key, convert, format_value


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
        text, _ = file_text(path)
    except NotText as err:
        return str(err)
    if parse_ini(text, path.name)[2]:
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
        text = format_value(key, value)
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
        match = KEY_RE.match(raw.strip().lstrip("\ufeff"))
        if match and match.group(1).upper() == key.name:
            found = i
    return found


def _replace_value(raw: str, value: str) -> str:
    """The line with only its value changed: indentation, spelling and comment kept."""
    ending = raw[len(raw.rstrip("\r\n")) :]
    body = raw[: len(raw) - len(ending)]
    match = KEY_PREFIX_RE.match(body)
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
        name = section_name(raw)
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
        data = read_limited(path, MAX_FILE_BYTES)
        text16 = utf16(data)  # rewritten as UTF-8: every editor reads that
        return text16 if text16 is not None else data.decode("utf-8", errors="surrogateescape")
    return default_ini_text()


def save_preferences(prefs: Mapping[str, object], path: Path | None = None) -> Path:
    """Remember ``{"level": 5, ...}`` (Settings field names) in othello.ini; returns the file.

    Writes to the file the next start reads (see :func:`preferences_file`), creating the
    user's file from the commented default when there is none. Only the values change;
    comments, unknown keys and layout stay. Raises ConfigError, saying why the choice is
    not remembered, for an unknown name, a bad value, a file that must not be written
    (not INI, read-only) or a failed write.
    """
    values = _check_preferences(with_ladder(prefs))
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
    except (OSError, ValueError) as err:  # ValueError: a file far too large to be settings
        raise ConfigError(f"{target}: cannot save settings ({short_reason(err)})") from None
    return target
