"""Reading a file that may be anything: only regular files are opened, never more than a limit.

Every file the game reads goes through :func:`read_regular` (the application's
``app/files/writing.py`` builds on it): a named pipe opened for reading waits for a writer for ever,
a device such as ``/dev/zero`` never ends and a folder is no file at all, so the kind is
checked before anything is opened, and again on the open file, which is opened without
waiting (``O_NONBLOCK``) in case the path changed in between. A file larger than any of its
kind is refused before it is read.

The package's own data files (``tables/*.bin``, ``data/*``) are found with
:func:`package_file`; a test may put another file in the place of one (``REPLACED``) to see
that a damaged package falls back instead of crashing.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
from importlib import resources
from pathlib import Path

REPLACED: dict[str, Path] = {}
"""Package files replaced, by their path inside the package (``"tables/book.bin"``): tests."""


class TooLarge(ValueError):
    """A file larger than any file of its kind; ``size`` is its size in bytes."""

    def __init__(self, path: Path | str, size: int, limit: int | None = None) -> None:
        super().__init__(f"{path} holds {size} bytes")
        self.size = size
        self.limit = limit


class NotAFile(OSError):
    """Something other than a regular file where a file was expected (a folder, a named pipe,
    a device); ``strerror`` says what it is, e.g. "is a named pipe, not a file"."""

    def __init__(self, path: Path | str, what: str) -> None:
        code = errno.EISDIR if what == "a folder" else errno.EINVAL
        super().__init__(code, f"is {what}, not a file", str(path))
        self.what = what


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_regular(path: Path | str) -> os.stat_result:
    """The file's status when ``path`` (a link followed) is a regular file; NotAFile when it
    is something else, FileNotFoundError (or another OSError) when it cannot be looked at."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile(path, kind_of(info.st_mode))
    return info


_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
_FLAGS |= getattr(os, "O_NOCTTY", 0)


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file ``path``; :class:`TooLarge` when it holds more than
    ``limit`` (at most ``limit + 1`` bytes are read), :class:`NotAFile` when it is no regular
    file (nothing is opened that could block), another OSError when it cannot be read."""
    info = check_regular(path)
    if info.st_size > limit:
        raise TooLarge(path, info.st_size, limit)
    fd = os.open(path, _FLAGS)
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # replaced between the look and the open
            raise NotAFile(path, kind_of(info.st_mode))
        data = file.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(path, max(len(data), info.st_size), limit)
    return data


def decode_text(data: bytes) -> str:
    """Text as editors save it: UTF-8 (a byte-order mark dropped), or UTF-16 with its mark
    (Windows editors' "Unicode"); UnicodeDecodeError otherwise."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


_SEGMENT = re.compile(rb"[^\n(]+|\n|\(")  # lines, and each GGF record's "(;" apart
_BINARY = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
SAMPLE = 1 << 16  # characters looked at to tell text from a picture or a program


def decode_game_text(data: bytes) -> str:
    """The text of a file of games, whoever wrote it. UTF-16 by its byte-order mark
    (Notepad's "Unicode"), or without one by its zero bytes; else each line (and each GGF
    record on it) in UTF-8 where it is UTF-8 and in Windows' Latin (cp1252, Latin-1 for the
    bytes it lacks) where it is not, so one old name in Latin-1 leaves the UTF-8 ones of the
    same file as they are. UnicodeDecodeError for a file that is no text (a picture)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _checked(data.decode("utf-16", errors="replace"), data)
    wide = _utf16_without_mark(data)
    if wide is not None:
        return _checked(data.decode(wide, errors="replace"), data)
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return _checked(data.decode("utf-8"), data)
    except UnicodeDecodeError:
        pass
    parts: list[str] = []
    latin = high = 0  # the bytes read as Latin, and how many of them are not ASCII
    for found in _SEGMENT.finditer(data):
        raw = found.group()
        try:
            parts.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            parts.append(_latin(raw))
            latin += len(raw)
            high += sum(1 for byte in raw if byte >= 0x80)
    if high * 4 > latin:  # a picture's bytes, not a name's accents here and there
        raise UnicodeDecodeError("text", data[:16], 0, 1, "a file of bytes, not text")
    return _checked("".join(parts), data)


def _latin(raw: bytes) -> str:
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _utf16_without_mark(data: bytes) -> str | None:
    """UTF-16 written without a mark: ASCII text's every other byte is zero."""
    head = data[:512]
    if len(head) < 4 or len(head) % 2:
        return None
    if head[1::2].count(0) == len(head) // 2 and head[0::2].count(0) == 0:
        return "utf-16-le"
    if head[0::2].count(0) == len(head) // 2 and head[1::2].count(0) == 0:
        return "utf-16-be"
    return None


def _checked(text: str, data: bytes) -> str:
    """``text``, unless control characters (zero bytes, ...) make more than one in a
    hundred of it: then the file is no text, whatever it decoded to."""
    sample = text[:SAMPLE]
    if len(_BINARY.findall(sample)) * 100 > len(sample):
        raise UnicodeDecodeError("text", data[:16], 0, 1, "a file of bytes, not text")
    return text


def package_file(inside: str) -> Path:
    """A file of the installed package, by its path inside it (``"data/fforum.obf"``)."""
    replaced = REPLACED.get(inside)
    if replaced is not None:
        return replaced
    return Path(str(resources.files("othello").joinpath(*inside.split("/"))))


def read_package(inside: str, limit: int) -> bytes:
    """The bytes of a package file, read like any other (:func:`read_regular`)."""
    return read_regular(package_file(inside), limit)


def short_reason(err: BaseException) -> str:
    """Why a read failed, in a few words: "is a named pipe, not a file", "Permission
    denied", "file is missing", "holds 12 bytes"..."""
    if isinstance(err, FileNotFoundError):
        return "file is missing"
    if isinstance(err, UnicodeDecodeError):
        return f"not UTF-8 text: byte 0x{err.object[err.start]:02x} at position {err.start}"
    if isinstance(err, TooLarge):
        return f"{err.size} bytes is far too large"
    if isinstance(err, OSError):
        return str(err.strerror or err)
    return str(err).splitlines()[0] if str(err) else type(err).__name__
