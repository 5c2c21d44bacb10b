"""Reading othello.ini again when the player saves a change, while the game runs.

The window asks :class:`SettingsWatch` every frame; twice a second it looks at the file's size
and modification time (a ``stat``, no reading). A changed file is read only once it has
looked the same at two looks in a row, so an editor caught half-way through saving gives no
burst of errors. A value the new file gets wrong keeps the value in effect (at a start it
would take the default: there is no value in effect yet), with the same notice as at a start;
so does a key the file no longer has, and a file with no settings at all changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from .config import parse_ini
from .ini_text import NotText, file_text
from .settings import KEYS, Settings, format_value

LOOK_SECONDS = 0.5  # a saved change is read within about two looks: one second
Signature = tuple[int, int] | None  # (modification time in ns, size), None: no file


@dataclass
class Reload:
    """What a new reading of the file brings: the settings to use and what to tell."""

    settings: Settings
    notices: list[str]


def signature(path: Path) -> Signature:
    """What tells one saved version of the file from another, or None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def changed_keys(old: Settings, new: Settings) -> list[str]:
    """The othello.ini names of the settings that differ, in the file's order, as KEY = value."""
    return [
        f"{key.name} = {format_value(key, getattr(new, key.field))}"
        for key in KEYS
        if getattr(old, key.field) != getattr(new, key.field)
    ]


class SettingsWatch:
    """Notices saved changes to one othello.ini and reads them once the file is stable."""

    def __init__(self, path: Path, now: float = 0.0) -> None:
        self.path = path
        self.seen = signature(path)  # the version last read (or accepted)
        self._pending: Signature | bool = False  # a changed version waiting to look stable
        self._next_look = now + LOOK_SECONDS

    def accept(self) -> None:
        """The window wrote the file itself (a remembered choice): nothing to read again."""
        self.seen = signature(self.path)
        self._pending = False

    def poll(self, now: float, current: Settings) -> Reload | None:
        """A Reload when a saved change is ready to apply, else None (most calls: no look)."""
        if now < self._next_look:
            return None
        self._next_look = now + LOOK_SECONDS
        sig = signature(self.path)
        if sig == self.seen:
            self._pending = False
            return None
        if sig != self._pending:  # changed since the last look: wait until it holds still
            self._pending = sig
            return None
        self.seen, self._pending = sig, False
        return self._read(current)

    def _read(self, current: Settings) -> Reload:
        if self.seen is None:
            return Reload(
                current,
                [f"{self.path} was removed; the settings in effect stay until it is back"],
            )
        try:
            text, problem = file_text(self.path)
        except NotText as err:
            return Reload(current, [f"{self.path} {err}; the settings in effect stay"])
        settings, notices, foreign = parse_ini(text, self.path.name, fallback=current, again=True)
        if foreign:
            return Reload(
                current, [f"{self.path.name} is not an INI file; the settings in effect stay"]
            )
        if problem is not None:
            notices.insert(0, f"{self.path.name} {problem}; unreadable characters were ignored")
        return Reload(replace(settings, source=self.path), notices)
