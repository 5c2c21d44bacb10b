"""Remembering the window's own choices (level, colour, marks, sound, language, window size,
the next game's start and clock) in a file of their own, ``choices.json`` in the data
folder, never in othello.ini.

othello.ini is the person's: the window only reads it, so a checkout's tracked file stays as
it was after play, and a choice made in one window never reaches another window's running
game (the window watches othello.ini only).

Each choice is kept with the value othello.ini gave that key when it was made. At a start the
choice holds while othello.ini still says that; once the person has edited that key, their
edit has the last word (a live edit applies at once: see ``watch``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from othello.app.files import logs, paths
from othello.app.files.writing import read_limited, set_aside, short_reason, write_atomic
from othello.app.i18n import _
from othello.app.settings.keys import (
    KEY_BY_FIELD,
    KEY_BY_NAME,
    Key,
    Settings,
    convert,
    format_value,
)
from othello.app.settings.loading import load_settings
from othello.app.settings.old_levels import LADDER, LEVEL_FIELDS
from othello.core.errors import ConfigError

MAX_BYTES = 64 * 1024  # a few dozen short entries; anything larger is no file of ours
VERSION = 1


@dataclass(frozen=True)
class Choice:
    """One remembered choice, as othello.ini would write the value."""

    value: str
    over: str  # othello.ini's value for the key when the choice was made


def choices_path() -> Path:
    """Where the window keeps its choices: the data folder, beside the autosave."""
    return paths.user_data_dir() / "choices.json"


def _check_preferences(prefs: Mapping[str, object]) -> dict[Key, str]:
    """Each preference as its othello.ini text; ConfigError for an unknown name or bad value."""
    out: dict[Key, str] = {}
    for name, value in prefs.items():
        key = KEY_BY_FIELD.get(name)
        if key is None or name == "ladder":
            raise ConfigError(f"{name!r} is not a setting the window remembers")
        text = format_value(key, value)
        try:
            convert(key, text)
        except ValueError as err:
            raise ConfigError(f"{name} = {value!r} {err}") from None
        out[key] = text
    return out


def _parse(data: bytes) -> dict[str, Choice]:
    """The choices in the file's bytes; ValueError when it is not a file of ours. An entry
    that is no longer valid (a key gone, a value out of today's range) is dropped."""
    top = json.loads(data.decode("utf-8"))
    if not isinstance(top, dict) or not isinstance(top.get("choices"), dict):
        raise ValueError("not a file of remembered choices")
    old_ladder = top.get("ladder") != LADDER  # a level on another ladder means another thing
    found: dict[str, Choice] = {}
    for name, entry in top["choices"].items():
        key = KEY_BY_NAME.get(name)
        if key is None or not isinstance(entry, dict) or (old_ladder and key.field in LEVEL_FIELDS):
            continue
        value, over = entry.get("value"), entry.get("over")
        if not isinstance(value, str) or not isinstance(over, str):
            continue
        try:
            convert(key, value)
        except ValueError:
            continue
        found[name] = Choice(value, over)
    return found


def read_choices(file: Path | None = None) -> tuple[dict[str, Choice], str | None]:
    """The remembered choices by othello.ini key name, and why the file could not be used
    (it is then set aside as ``choices.json.damaged``, so the next choice starts afresh)."""
    path = file or choices_path()
    if not (path.exists() or path.is_symlink()):
        return {}, None
    try:
        return _parse(read_limited(path, MAX_BYTES)), None
    except (OSError, ValueError) as err:  # UnicodeDecodeError and JSONDecodeError too
        problem = short_reason(err)
    try:
        aside = set_aside(path, "damaged")
    except OSError as err:
        return {}, f"{path} {problem} ({short_reason(err)})"
    return {}, _("{path} could not be read ({problem}); it is kept as {aside}").format(
        path=path, problem=problem, aside=aside.name
    )


def _in_file(settings: Settings, key: Key) -> str:
    return format_value(key, getattr(settings, key.field))


def save_preferences(
    prefs: Mapping[str, object], config: Path | None = None, file: Path | None = None
) -> Path:
    """Remember ``{"level": 5, ...}`` (Settings field names); returns the file written.

    Each choice is kept with the value the othello.ini in use (``config``, else the one the
    search finds) gives that key now. ConfigError says why the choice is not remembered: an
    unknown name, a bad value, a failed write.
    """
    values = _check_preferences(prefs)
    path = file or choices_path()
    in_file, _notices = load_settings(config)
    kept, problem = read_choices(path)
    if problem is not None:
        logs.log.warning("choices: %s", problem)
    for key, text in values.items():
        kept[key.name] = Choice(text, _in_file(in_file, key))
    document = {
        "version": VERSION,
        "ladder": LADDER,
        "choices": {name: {"value": c.value, "over": c.over} for name, c in kept.items()},
    }
    try:
        write_atomic(path, json.dumps(document, indent=1, sort_keys=True) + "\n")
    except OSError as err:
        raise ConfigError(f"{path}: cannot remember the choice ({short_reason(err)})") from None
    return path


def load_with_choices(config: Path | None = None) -> tuple[Settings, list[str]]:
    """What a start uses: othello.ini (``config.load_settings``), then the remembered choices
    that still hold; the notices of both."""
    in_file, notices = load_settings(config)
    settings, more = with_remembered(in_file)
    return settings, notices + more


def with_remembered(in_file: Settings, file: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings othello.ini gave (``in_file``), with each remembered choice whose key
    othello.ini still sets as it did when the choice was made; a notice if the file of
    choices could not be read."""
    kept, problem = read_choices(file)
    values: dict[str, Any] = {}
    for name, choice in kept.items():
        key = KEY_BY_NAME[name]
        if _in_file(in_file, key) == choice.over:
            values[key.field] = convert(key, choice.value)
    settings = replace(in_file, **values) if values else in_file
    return settings, [problem] if problem is not None else []
