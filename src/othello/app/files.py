"""Reading and writing the player's files so that nothing is lost and nothing huge is read.

Settings, saved games and the autosave all go through here: a write replaces the file in
one step (a crash leaves the old file or the new one, never half of either), and a read
stops after the most a real file of that kind could hold (a file dropped by mistake may be
gigabytes).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class TooLarge(ValueError):
    """A file larger than any file of its kind; ``size`` is its size in bytes."""

    def __init__(self, path: Path, size: int) -> None:
        super().__init__(f"{path} holds {size} bytes")
        self.size = size


def read_limited(path: Path, limit: int) -> bytes:
    """The file's bytes; :class:`TooLarge`, after reading at most ``limit + 1`` of them,
    when it holds more than ``limit``. OSError when it cannot be read."""
    with Path(path).open("rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(path, Path(path).stat().st_size)
    return data


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` via a flushed temporary file and a rename.

    The replacement keeps the old file's permissions (the temporary file is created
    private, 0600); a new file stays private.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # newline="" writes the text's own line endings; surrogateescape writes back bytes
        # that were read undecodable (a hand-edited othello.ini), unchanged.
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


def _mode(path: Path) -> int | None:
    """The permission bits of an existing file, else None."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return None
