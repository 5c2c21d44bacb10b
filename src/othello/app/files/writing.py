"""Reading and writing the player's files so that nothing is lost, nothing huge is read and
nothing that is not a file is opened.

Settings, saved games, puzzles and the autosave all go through here:

- a read opens regular files only and stops after the most a real file of that kind could
  hold (:func:`read_limited`, from ``othello.core.file_reading``): a named pipe would block the game for
  good, a file dropped by mistake may be gigabytes;
- a write replaces the file in one step (a crash leaves the old file or the new one, never
  half of either), writes through a symbolic link to the file it names (never one in the
  data folder that leads out of it), and never replaces a file the player made read-only or
  something that is not a file (:func:`write_atomic`);
- a new file never takes the name of one that exists (:func:`write_new`): two windows saving
  in the same second get two files;
- a file that could not be used is moved aside under a numbered name (:func:`set_aside`),
  never over an earlier one.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from othello.app.files import paths
from othello.core.file_reading import (
    NotAFile,
    TooLarge,
    decode_game_text,
    decode_text,
    kind_of,
    read_regular,
    short_reason,
)

__all__ = [
    "NotAFile",
    "ReadOnly",
    "TooLarge",
    "decode_game_text",
    "decode_text",
    "read_limited",
    "set_aside",
    "short_reason",
    "write_atomic",
    "write_new",
]

_BINARY = getattr(os, "O_BINARY", 0)
MOST_NUMBERS = 1000
"""Numbered names tried (``.corrupt-2``, ``-3``...) before giving up."""


class ReadOnly(PermissionError):
    """A file the player made read-only: the game leaves it as it is."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.EACCES, "is read-only", str(path))


class TheLibrary(OSError):
    """The game library's own file (or its -wal, -shm), named as a file to read."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.EPERM, "is the game library itself, not a file of games", str(path))


def read_limited(path: Path, limit: int) -> bytes:
    """The file's bytes; :class:`TooLarge` when it holds more than ``limit``, :class:`NotAFile`
    when it is a folder, a pipe or a device (never opened), :class:`TheLibrary` when it is
    the library's file (never opened: closing a descriptor of it would drop the locks this
    process's SQLite connections hold on it), OSError when it cannot be read."""
    if _is_the_library(path):
        raise TheLibrary(path)
    return read_regular(path, limit)


def _is_the_library(path: Path) -> bool:
    """Whether ``path`` is the library file or its -wal or -shm (by device and inode: a link
    or another name of it too). Looked at with ``stat`` only."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    library = paths.library_path()
    for side in ("", "-wal", "-shm"):
        try:
            other = os.stat(f"{library}{side}")
        except OSError:
            continue
        if (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino):
            return True
    return False


def write_atomic(path: Path, text: str | bytes) -> None:
    """Replace ``path`` with ``text`` (or bytes: a picture) via a flushed temporary file and
    a rename.

    A symbolic link is written through (the file it names is replaced; the link stays),
    unless it is in the data folder and leads out of it (OSError, nothing written). The
    replacement keeps the old file's permissions (the temporary file is created private,
    0600); a new file stays private. :class:`ReadOnly` for a file without write permission
    and :class:`NotAFile` for a folder, pipe or device in the way: nothing is replaced.
    """
    path = _target(Path(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _writable_mode(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if isinstance(text, bytes):
            with os.fdopen(fd, "wb") as raw:
                raw.write(text)
                raw.flush()
                os.fsync(raw.fileno())
        else:
            # newline="" writes the text's own line endings; surrogateescape writes back
            # bytes that were read undecodable (a hand-edited othello.ini), unchanged.
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _target(path: Path) -> Path:
    """The file a write to ``path`` changes: the one a symbolic link names, else ``path``.
    A link in the game's data folder that leads out of it is written through never (a
    planted ``choices.json`` would have the game replace a file of someone else's): OSError."""
    if path.is_symlink():
        real = Path(os.path.realpath(path))
        data = paths.user_data_dir()
        if paths.inside(path.parent, data) and not paths.inside(real, data):
            raise OSError(
                errno.ELOOP,
                "is a link out of the game's data folder; the game writes through none",
                str(path),
            )
        return real
    return path


def _writable_mode(path: Path) -> int | None:
    """The permission bits of an existing file (None when there is none); ReadOnly or
    NotAFile when it must not be replaced."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile(path, kind_of(info.st_mode))
    bits = stat.S_IMODE(info.st_mode)
    if not bits & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise ReadOnly(path)
    return bits


def write_new(folder: Path, stem: str, suffix: str, text: str) -> Path:
    """A new file ``<stem><suffix>`` in ``folder`` holding ``text``, or ``<stem>-2<suffix>``,
    ``-3``... when the name is taken (by a file of any kind, even one made a moment ago by
    another window): the name is claimed with an exclusive create, so no file is ever
    written over. Returns the file."""
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, MOST_NUMBERS + 1):
        path = folder / (f"{stem}{suffix}" if number == 1 else f"{stem}-{number}{suffix}")
        try:
            # 0o666: the umask decides, as for any file a program saves (no mode: 0o777,
            # a saved game that could be run)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o666)
        except FileExistsError:
            continue
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
        except BaseException:
            path.unlink(missing_ok=True)  # ours, half written: never leave it
            raise
        return path
    raise FileExistsError(errno.EEXIST, f"{MOST_NUMBERS} files named {stem}* already", str(folder))


def aside_name(path: Path, tag: str, number: int) -> Path:
    """``autosave.json.corrupt``, then ``autosave.json.corrupt-2``, ``-3``..."""
    return path.with_name(f"{path.name}.{tag}" + ("" if number == 1 else f"-{number}"))


def set_aside(path: Path, tag: str) -> Path:
    """Move ``path`` (a file, a link, a pipe, a folder: whatever is there) out of the way
    under the first free numbered name (``<name>.<tag>``, ``<name>.<tag>-2``...), never over
    an earlier one. Returns the new name; OSError when it cannot be moved."""
    for number in range(1, MOST_NUMBERS + 1):
        aside = aside_name(path, tag, number)
        if aside.exists() or aside.is_symlink():
            continue
        try:
            # A hard link claims the name only if it is free; then the old name goes.
            os.link(path, aside, follow_symlinks=False)
        except FileExistsError:
            continue
        except (OSError, NotImplementedError):  # a folder; a file system without hard links
            if aside.exists() or aside.is_symlink():
                continue
            os.rename(path, aside)
            return aside
        os.unlink(path)
        return aside
    raise FileExistsError(errno.EEXIST, f"{MOST_NUMBERS} set-aside copies already", str(path))
