"""A game record's words as the library keeps them: names, the date, the result, the tags,
each move's note and the source, cleaned and bounded where they come in.

Files are anything: a 10 MB ``PB[]``, a NUL, a line break inside a tag, a date of 5,000
digits, a result too large for SQLite, a file name that is not UTF-8. What is kept is one
line of drawable text (bytes that were never UTF-8 as "�", control characters as spaces),
never longer than its kind needs (cut with an ellipsis); a date or a result that cannot be
one is a reason to skip that game (:class:`FieldError`), not the file.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping

from othello.core.errors import NotationError

NAME_CHARS = 100  # GGS's names have 8 characters, WTHOR's 19; a person's may be longer
FIELD_CHARS = 200  # a tag, the source, a memo
NOTE_CHARS = 40  # a move's note: "/-48.50/0.93"
DATE_CHARS = 40
MOST_TAGS = 64
TAG_KEY_CHARS = 16
RESULT_CHARS = 24  # "+64.000:t"
LATEST_SECONDS = 253_402_300_799  # 9999-12-31 23:59:59: seconds since 1970 a date can be
ELLIPSIS = "…"

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_ISO = re.compile(r"(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[ _T](\d{1,2}):(\d{2}))?", re.ASCII)
_RESULT = re.compile(r"\s*([+-]?)(\d+)(?:\.\d*)?\s*(?::\s*([a-z]?)\s*)?", re.ASCII)


class FieldError(NotationError):
    """A date or a result that cannot be one: that game is skipped, with this reason."""


def clean(value: object, limit: int = FIELD_CHARS) -> str:
    """``value`` as one line of at most ``limit`` characters (see the module's docstring).
    A value that is not text (a blob in a damaged row) is shown as well as it can be."""
    if value is None:  # NULL
        return ""
    if isinstance(value, bytes):
        text = value[: limit * 4 + 16].decode("utf-8", errors="replace")
    else:
        text = value if isinstance(value, str) else str(value)
        text = text[: limit * 4 + 16]  # never more work than what is kept calls for
    text = _CONTROL.sub(_shown, text)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + ELLIPSIS


def _shown(found: re.Match[str]) -> str:
    """A surrogate escape as "�", a line break or tab as a space, a NUL or another control
    character as nothing (it separates no words)."""
    char = found.group()
    if "\ud800" <= char <= "\udfff":
        return "\ufffd"
    return " " if char.isspace() else ""


def readable(text: str) -> str:
    """``text`` with each byte that was never UTF-8 (a file name in another encoding, as
    Python hands it over) as "�": what a terminal can be given."""
    return _SURROGATE.sub("\ufffd", text)


def name(value: object) -> str:
    """A player's name."""
    return clean(value, NAME_CHARS)


def quoted(value: str, limit: int = 24) -> str:
    """A value in a reason, short enough to read: ``DT[99999…]``."""
    return clean(value, limit)


def normal_date(text: str) -> str:
    """A date as the library keeps it (``2000-04-16 11:13``), from GGS's forms
    (``2000-4-16 11:13 EST``, ``2003.12.15_13:24:03.MST``) or seconds since 1970; another
    short text (a year, "spring 1997") as written. FieldError when it cannot be a date: too
    long, or seconds no calendar has."""
    text = clean(text, DATE_CHARS + 1)
    if len(text) > DATE_CHARS:
        raise FieldError(f"DT[{quoted(text)}] is too long for a date")
    found = _ISO.search(text)
    if found:
        y, m, d, hh, mm = found.groups()
        day = f"{int(y):04d}-{int(m):02d}-{int(d):02d}"
        return f"{day} {int(hh):02d}:{mm}" if hh else day
    if text.isascii() and text.isdigit() and len(text) >= 9:
        seconds = int(text)
        if seconds > LATEST_SECONDS:
            raise FieldError(f"DT[{quoted(text)}] is no date: too many seconds since 1970")
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(seconds))
    if text.isdigit() and not text.isascii():
        raise FieldError(f"DT[{quoted(text)}] is no date")
    return text


def result_tag(text: str) -> str:
    """GGS's result (``RE``) as kept: Black's margin, ``+64.000:t`` for a loss on time, or
    another short text as written; FieldError when it is too long to be one, or a margin
    of more than the 64 discs there are."""
    if len(text) > RESULT_CHARS:
        raise FieldError(f"RE[{quoted(text)}] is too long for a result")
    found = _RESULT.fullmatch(text)
    if found is not None and int(found.group(2)) > 64:
        raise FieldError(f"RE[{quoted(text)}] is no result: a margin is -64 to +64")
    return clean(text, RESULT_CHARS)


def timed_loss(result: str) -> int | None:
    """The margin of a game lost on time (``RE[+64:t]``: every disc to the winner), or None
    when the result says no such thing."""
    found = _RESULT.fullmatch(result[: RESULT_CHARS + 1])
    if found is None or found.group(3) != "t" or int(found.group(2)) > 64:
        return None
    return -int(found.group(2)) if found.group(1) == "-" else int(found.group(2))


def tags(values: Mapping[str, str]) -> dict[str, str]:
    """A record's other tags: each cleaned and bounded, at most MOST_TAGS of them, keys of
    letters (as GGF writes them); RE checked (FieldError)."""
    kept: dict[str, str] = {}
    for key, value in values.items():
        if len(kept) >= MOST_TAGS:
            break
        if not key.isascii() or not key.isalpha() or len(key) > TAG_KEY_CHARS:
            continue
        kept[key] = result_tag(value) if key == "RE" else clean(value)
    return kept


def notes(values: list[str]) -> list[str]:
    """Each move's note, one line of at most NOTE_CHARS characters."""
    return [clean(note, NOTE_CHARS) for note in values]
