"""Settings from othello.ini: forgiving for a hand-edited file, strict only when asked.

A player edits othello.ini by hand, so a mistake in one line must cost that one setting,
never the game: a bad value read at a start takes its default, one read while the game runs
keeps the value in effect, and either way a notice the window shows says which. Only a file named explicitly with ``--config PATH`` that
cannot be used at all (missing, unreadable, not UTF-8 text, not INI) raises ConfigError,
because the player asked for that very file and should hear why it was not used.

Which file is read (the first that exists):

1. ``--config PATH``, given explicitly;
2. ``othello.ini`` in the current folder: started from a terminal in the project folder,
   the file the player sees there is the one read;
3. ``othello.ini`` at the top of the source checkout the package runs from (found from the
   package's own location, ``src/othello/../../othello.ini`` beside ``pyproject.toml``);
4. ``othello.ini`` in the user's config folder (``paths.user_config_dir()``), which the
   window's first start writes from the commented default (``ensure_user_ini``), so a
   double-click start, whose folder is elsewhere, always has a file to edit;
5. none (only when that file could not be written): the built-in defaults, identical to
   the commented ``othello.ini`` in the package.

What the keys are and what they take is :mod:`othello.app.settings.keys`; choices made in the
window are written back by :mod:`othello.app.settings.choices`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from othello.app.files import paths
from othello.app.files.writing import write_atomic
from othello.app.i18n import N_, _
from othello.app.settings.ini_text import NotText, file_text
from othello.app.settings.keys import DEFAULTS, KEY_BY_NAME, KEYS, Settings, convert, format_value
from othello.app.settings.old_levels import on_todays_ladder
from othello.core.errors import ConfigError

NOT_INI = N_("most lines are not [SECTION] or KEY = value")

# Written so that no two parts can match the same characters: with overlapping parts
# (``\[\s*(.*?)\s*\]``) a "[" and a few thousand spaces took minutes to reject.
_SECTION_RE = re.compile(r"^\[([^\]]*)\](?:\s*[;#].*)?$")
KEY_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(.*)$")
_INLINE_COMMENT_RE = re.compile(r"[;#].*$")  # no value here contains ; or #


# ----- reading the file -----------------------------------------------------------


@dataclass
class _Entry:
    section: str | None
    name: str
    value: str
    line: int


def _read_text(path: Path, explicit: bool, notices: list[str]) -> str | None:
    """The file's text, or None with a notice (or ConfigError when explicit) if unusable."""
    try:
        text, problem = file_text(path)
    except NotText as err:
        _unusable(path, str(err), explicit, notices)
        return None
    if problem is not None:
        if explicit:
            raise ConfigError(f"{path}: {problem}")
        notices.append(
            _("{name} {problem}; unreadable characters were ignored").format(
                name=path.name, problem=problem
            )
        )
    return text


def _unusable(path: Path, problem: str, explicit: bool, notices: list[str]) -> None:
    if explicit:
        raise ConfigError(f"{path}: {problem}")
    notices.append(
        _("{path} {problem}; using the built-in defaults").format(path=path, problem=problem)
    )


def _parse_lines(text: str, name: str) -> tuple[list[_Entry], list[str]]:
    """The ``KEY = value`` lines with their sections, and a notice per unreadable line."""
    entries: list[_Entry] = []
    section: str | None = None
    bad: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line[0] in "#;":
            continue
        name_here = section_name(line)
        if name_here is not None:
            section = name_here.upper()
            continue
        match = KEY_RE.match(line)
        if match:
            value = _INLINE_COMMENT_RE.sub("", match.group(2)).strip()
            entries.append(_Entry(section, match.group(1).upper(), value, number))
            continue
        bad.append(
            _("{name} line {n}: {line} is not 'KEY = value' or a [SECTION]; ignored").format(
                name=name, n=number, line=repr(_clip(line))
            )
        )
    return entries, bad


def section_name(line: str) -> str | None:
    """The section a ``[NAME]`` line opens, or None for any other line."""
    match = _SECTION_RE.match(line.strip().lstrip("\ufeff"))
    return match.group(1).strip() if match else None


def _sections(text: str) -> list[str]:
    return [name for name in map(section_name, text.splitlines()) if name is not None]


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _apply_entries(
    entries: list[_Entry],
    name: str,
    notices: list[str],
    fallback: Settings,
    again: bool,
    rejected: set[str],
) -> dict[str, Any]:
    """Values by Settings field: the valid ones (their levels on today's ladder), and
    ``fallback``'s for an unusable one (the default at a start, the value in effect read
    ``again``: on today's ladder already), named in a notice that says which, as is
    everything else ignored."""
    values: dict[str, Any] = {}
    fallen: dict[str, Any] = {}
    seen: dict[str, int] = {}
    for entry in entries:
        where = _("{name} line {n}").format(name=name, n=entry.line)
        key = KEY_BY_NAME.get(entry.name)
        if key is None:
            notices.append(
                _("{where}: unknown setting {key} ignored").format(where=where, key=entry.name)
            )
            continue
        if entry.name in seen:
            notices.append(
                _("{where}: {key} is set again (line {n}); the later one counts").format(
                    where=where, key=entry.name, n=seen[entry.name]
                )
            )
        seen[entry.name] = entry.line
        if entry.section != key.section:
            notices.append(
                _("{where}: {key} belongs in [{section}], read anyway").format(
                    where=where, key=entry.name, section=key.section
                )
            )
        try:
            values[key.field] = convert(key, entry.value)
            fallen.pop(key.field, None)
        except ValueError as err:
            fallen[key.field] = getattr(fallback, key.field)
            values.pop(key.field, None)
            words = (
                _("{where}: {key} = {value} {problem}; the value in effect stays")
                if again
                else _("{where}: {key} = {value} {problem}; using the default, {instead}")
            )
            notices.append(
                words.format(
                    where=where,
                    key=entry.name,
                    value=repr(_clip(entry.value, 20)),
                    problem=err,
                    instead=format_value(key, fallen[key.field]),
                )
            )
    rejected.update(fallen)
    return {**on_todays_ladder(values), **fallen}


EXACT_FROM_MOVE = 46
"""From this move on (14 empty squares or fewer) a range position's score is the search's
exact result, and an exact result is even (the discs and the empty squares make 64)."""


def _check_range(
    settings: Settings,
    entries: list[_Entry],
    name: str,
    notices: list[str],
    fallback: Settings,
    again: bool,
    rejected: set[str],
) -> Settings:
    """A score range no position can meet is refused as a bad value is, its lines named:
    RANGE_LOW above RANGE_HIGH, or (from move 46, where the score is exact and so even) a
    range of one odd score. The values the file set in this reading fall back (to the
    values in effect, read ``again``; else the defaults)."""
    low, high, moves = settings.range_low, settings.range_high, settings.range_moves
    involved: tuple[str, ...] = ("RANGE_LOW", "RANGE_HIGH")
    if low > high:
        problem = _("RANGE_LOW is above RANGE_HIGH: no score lies between them")
    elif moves >= EXACT_FROM_MOVE and low == high and low % 2:
        problem = _("from move 46 a score is exact, and an exact score is even")
        involved = ("RANGE_MOVES", *involved)
    else:
        return settings
    lines = {e.name: e.line for e in entries if e.name in involved}
    named = ", ".join(
        _("{key} = {value} (line {n})").format(key=k, value=getattr(settings, k.lower()), n=n)
        for k, n in sorted(lines.items(), key=lambda item: item[1])
    )
    base = fallback if again else DEFAULTS
    kept = replace(
        settings,
        **{k.lower(): getattr(base, k.lower()) for k in lines},
    )
    if kept.range_low > kept.range_high:  # what was in effect did not fit either
        kept = replace(kept, range_low=DEFAULTS.range_low, range_high=DEFAULTS.range_high)
    rejected.update(k.lower() for k in lines)
    words = (
        _("{name}: {values}: {problem}; the values in effect stay")
        if again
        else _("{name}: {values}: {problem}; using the defaults")
    )
    notices.append(
        words.format(name=name, values=named or "RANGE_LOW, RANGE_HIGH", problem=problem)
    )
    return kept


def _check_fit(settings: Settings, notices: list[str]) -> None:
    """The GUI scales a board that does not fit; say so, since the player asked otherwise."""
    board = settings.square_size * 8
    if board > min(settings.window_width, settings.window_height):
        notices.append(
            _(
                "SQUARESIZE {size} makes a {board} px board, larger than the {window} window; "
                "the board is scaled to fit"
            ).format(
                size=settings.square_size,
                board=board,
                window=f"{settings.window_width}x{settings.window_height}",
            )
        )


def _is_foreign(text: str, entries: list[_Entry], bad: list[str]) -> bool:
    """More unreadable lines than settings and sections: some other kind of file."""
    return len(bad) > len(entries) + len(_sections(text))


def parse_ini(
    text: str,
    name: str,
    fallback: Settings = DEFAULTS,
    *,
    again: bool = False,
    rejected: set[str] | None = None,
) -> tuple[Settings, list[str], bool]:
    """Settings, notices, and whether the text is not an INI file at all.

    A key whose value is unusable takes ``fallback``'s (the defaults at a start; the values in
    effect when read ``again`` while the game runs); its field goes into ``rejected``. A key missing from the text takes its
    default at a start; read again, it keeps ``fallback``'s value: a reload applies what the
    file says, and a line gone (a file emptied by an editor's save, a half-written file) says
    nothing, so it must not undo the choices made in the window.
    """
    entries, unreadable = _parse_lines(text, name)
    if _is_foreign(text, entries, unreadable):
        notice = _("{name} is not an INI file ({why}); using the built-in defaults").format(
            name=name, why=_(NOT_INI)
        )
        return DEFAULTS, [notice], True
    notices = unreadable
    base = fallback if again else DEFAULTS
    if not entries and not unreadable:
        notices.append(
            _(
                "{name} has no settings in it (emptied, or caught while being saved); "
                "the settings in effect stay"
            ).format(name=name)
            if again
            else _("{name} has no settings in it; using the built-in defaults").format(name=name)
        )
    elif not again and not _has_basic(entries, text):
        notices.append(
            _(
                "{name} has no [BASIC] section; the window uses its default size, FPS and animation"
            ).format(name=name)
        )
    refused = rejected if rejected is not None else set()
    values = _apply_entries(entries, name, notices, fallback, again, refused)
    settings = replace(base, **values) if values else base
    settings = _check_range(settings, entries, name, notices, fallback, again, refused)
    _check_fit(settings, notices)
    return settings, _cap(notices, name), False


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
    more = _("... and {n} more problems in {name}").format(n=len(notices) - limit + 1, name=name)
    return [*notices[: limit - 1], more]


# ----- which file -----------------------------------------------------------------


def search_path() -> list[Path]:
    """The files tried when no ``--config`` is given, in order (see the module docstring);
    a folder that is two of them (started from the checkout's top) is listed once."""
    found: list[Path] = []
    for candidate in (paths.working_ini(), paths.checkout_ini(), paths.user_ini()):
        if candidate is not None and candidate.absolute() not in found:
            found.append(candidate.absolute())
    return found


class DamagedPackage(OSError):
    """The game's own default othello.ini cannot be used: the installation is to blame."""


def default_ini_text() -> str:
    """The commented default othello.ini shipped with the game; DamagedPackage names it as
    the game's own file (not the player's) when it is missing, unreadable, empty or garbage."""
    path = paths.default_ini()
    try:
        text, problem = file_text(path)
    except NotText as err:
        raise DamagedPackage(f"the game's own default {path} {err}") from None
    entries, unreadable = _parse_lines(text, path.name)
    if problem is not None or unreadable or not entries:
        raise DamagedPackage(f"the game's own default {path} is damaged")
    return text


def write_default_ini(target: Path) -> None:
    """The commented default othello.ini at ``target``, unless something is there already
    (a dangling link counts: it is the player's); OSError when it cannot be written."""
    if not (target.exists() or target.is_symlink()):
        write_atomic(target, default_ini_text())


def ensure_user_ini() -> str | None:
    """Write the commented default othello.ini into the user's config folder if none is
    there, so the player has a file to edit from the first start; a notice when it cannot
    be written (the game then plays on its defaults), else None."""
    target = paths.user_ini()
    try:
        write_default_ini(target)
    except DamagedPackage as err:
        return f"{err} (reinstall the game); playing on the built-in settings"
    except OSError as err:
        return _(
            "Your settings file {path} could not be created ({problem}); "
            "playing on the built-in settings"
        ).format(path=target, problem=err.strerror or err)
    return None


def in_use_notice(source: Path | None, created: bool) -> str | None:
    """At a start, which othello.ini the game reads, when the player may not expect it: the
    one just written at the first start, or one in the project folder or the folder the game
    was started from (the user's own file stays as it is, so editing that one would change
    nothing). None for the user's own file, or one named with ``--config``."""
    if source is None:
        return None
    opens = _("Settings (O) opens it, and saved changes apply at once")
    if created:
        return _("Your settings are in {path}: {opens}.").format(path=source, opens=opens)
    where = {paths.working_ini(): _("the folder the game was started from")}
    checkout = paths.checkout_ini()
    if checkout is not None:
        where.setdefault(checkout, _("the project folder"))
    for candidate, name in where.items():
        if candidate is not None and candidate.absolute() == source.absolute():
            return _("Settings from {path} ({where}; not {own}): {opens}.").format(
                path=source, where=name, own=paths.user_ini(), opens=opens
            )
    return None


def find_config(path: Path | None = None) -> Path | None:
    """The othello.ini that will be read: the explicit one, else the first that exists."""
    if path is not None:
        return Path(path)
    for candidate in search_path():
        # A folder, a pipe or a device named othello.ini is found too, so the notice names
        # what it is (it is never opened: see writing.read_limited).
        if os.path.lexists(candidate):
            return candidate
    return None


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings and the notices to show; raises only for an unusable explicit ``path``.

    A bad value takes that key's default with a notice saying so; a file that cannot be read
    when found by the search gives the defaults and a notice.
    """
    explicit = path is not None
    source = find_config(path)
    if source is None:
        tried = ", ".join(str(p) for p in search_path())
        return DEFAULTS, [
            _("No othello.ini found (looked for {paths}); using the built-in defaults").format(
                paths=tried
            )
        ]
    if explicit and not source.is_file():
        problem = "does not exist" if not source.exists() else "is not a file"
        raise ConfigError(f"{source}: {problem}")
    notices: list[str] = []
    text = _read_text(source, explicit, notices)
    if text is None:
        return DEFAULTS, notices
    settings, more, foreign = parse_ini(text, source.name)
    if explicit and foreign:
        raise ConfigError(f"{source}: is not an INI file ({NOT_INI})")
    return replace(settings, source=source), notices + more
