"""Reading othello.ini again when the player saves a change, while the game runs.

The window asks :class:`SettingsWatch` every frame; twice a second it looks at the file's size
and modification time (a ``stat``, no reading). A changed file is read only once it has
looked the same at two looks in a row, so an editor caught half-way through saving gives no
burst of errors.

A reload applies what the person changed in the file, key by key against the file's previous
reading, and nothing else: a choice the window remembers apart (``preferences``) stays unless
the person edits that very key. A value the new file gets wrong keeps the value in effect and
says so (at a start it takes the default: there is no value in effect yet); so does a key the
file no longer has, and a file with no settings at all changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from othello.app.i18n import _
from othello.app.settings.ini_text import NotText, file_text
from othello.app.settings.keys import DEFAULTS, KEYS, Settings, format_value
from othello.app.settings.loading import KEY_RE, parse_ini

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


def _sets(text: str, name: str) -> bool:
    """Whether the file's text has a line setting the key ``name`` (a line gone says
    nothing, and keeps the value in effect)."""
    found = (KEY_RE.match(line.strip()) for line in text.splitlines())
    return any(m is not None and m.group(1).upper() == name for m in found)


def in_file(path: Path) -> Settings:
    """What the file says now, read as at a start (the defaults for what it cannot give)."""
    try:
        text, _problem = file_text(path)
    except NotText:
        return DEFAULTS
    return parse_ini(text, path.name)[0]


class SettingsWatch:
    """Notices saved changes to one othello.ini and reads them once the file is stable."""

    def __init__(self, path: Path, now: float = 0.0) -> None:
        self.path = path
        self.seen = signature(path)  # the version last read
        self.in_file = in_file(path)  # what that version says: a reload applies what differs
        self.refused: set[str] = set()  # fields the last reading refused: its value is unknown
        self._pending: Signature | bool = False  # a changed version waiting to look stable
        self._next_look = now + LOOK_SECONDS

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
                [
                    _("{path} was removed; the settings in effect stay until it is back").format(
                        path=self.path
                    )
                ],
            )
        try:
            text, problem = file_text(self.path)
        except NotText as err:
            return Reload(
                current,
                [
                    _("{path} {problem}; the settings in effect stay").format(
                        path=self.path, problem=err
                    )
                ],
            )
        refused: set[str] = set()
        now, notices, foreign = parse_ini(
            text, self.path.name, fallback=self.in_file, again=True, rejected=refused
        )
        if foreign:
            return Reload(
                current,
                [
                    _("{name} is not an INI file; the settings in effect stay").format(
                        name=self.path.name
                    )
                ],
            )
        if problem is not None:
            notices.insert(
                0,
                _("{name} {problem}; unreadable characters were ignored").format(
                    name=self.path.name, problem=problem
                ),
            )
        # a value the file gets right after one it got wrong is applied, even where it is the
        # value the file had before that (LEVEL = 2, LEVEL = 99, LEVEL = 2 again)
        edited = {
            key.field: getattr(now, key.field)
            for key in KEYS
            if getattr(now, key.field) != getattr(self.in_file, key.field)
            or (key.field in self.refused and key.field not in refused and _sets(text, key.name))
        }
        self.in_file, self.refused = now, refused
        return Reload(replace(current, **edited, source=self.path), notices)
