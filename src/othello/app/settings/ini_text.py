"""An othello.ini's bytes as text: UTF-8 (with or without a byte-order mark) or UTF-16 as
Windows editors save it; a file that is no text at all (too large, binary, unreadable) is
NotText with the reason in the player's words."""

from __future__ import annotations

import codecs
from pathlib import Path

from othello.app.files.writing import TooLarge, read_limited, short_reason
from othello.app.i18n import _, integer

MAX_FILE_BYTES = 1_000_000  # a settings file is a few hundred bytes; more is not one


class NotText(Exception):
    """A file that is no settings file at all (unreadable, binary); the message says why."""


def file_text(path: Path) -> tuple[str, str | None]:
    """The file's text, and what is wrong when it is not valid UTF-8; NotText if not text."""
    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except TooLarge as err:
        too_large = _("is {size} bytes; a settings file over {limit} MB is refused")
        limit = integer(MAX_FILE_BYTES // 1_000_000)
        raise NotText(too_large.format(size=integer(err.size), limit=limit)) from None
    except OSError as err:
        raise NotText(_("cannot be read ({problem})").format(problem=short_reason(err))) from None
    text16 = utf16(data)
    if text16 is not None:
        return text16, None
    if b"\0" in data:
        raise NotText(_("is not a text file"))
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as err:
        bad = _("byte {byte} at position {n}").format(byte=f"0x{data[err.start]:02x}", n=err.start)
        problem = _("is not valid UTF-8 text ({where})").format(where=bad)
        return data.decode("utf-8-sig", errors="replace"), problem


def utf16(data: bytes) -> str | None:
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
