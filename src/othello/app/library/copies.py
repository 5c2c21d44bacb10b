"""Several copies of the game on one data folder: each window finds out which copy it is.

The first copy holds a lock on ``running.lock`` in the data folder and keeps its games in the
library's slot 1; a second copy, started while the first runs, finds that lock taken, holds
``running-2.lock`` and keeps its games in slot 2, and so on: no copy writes over another's
games. The locks are the operating system's (``flock`` on POSIX, ``msvcrt.locking`` on
Windows), held on an open file, so a copy that crashes or is killed lets go of its lock at
once; nothing is left to clean up by hand.

When the first copy starts, the games another copy left behind (a slot with no copy holding
its lock) are the player's too: :meth:`Instance.take` holds such a slot while the first copy
takes its games over.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path

from othello.app.files import paths

log = logging.getLogger(__name__)

MOST_COPIES = 9
"""Copies that keep their games; one more runs without (and says so)."""


def lock_name(number: int) -> str:
    return "running.lock" if number == 1 else f"running-{number}.lock"


class FileLock:
    """An exclusive lock held by the operating system on an open file, for as long as this
    process keeps it (or lives)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock without waiting: True when this process now holds it, False when
        another holds it. OSError when the lock file cannot be made or is no file."""
        # never through a link: a running.lock that names another file must not empty it
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(self.path, flags, 0o600)
        except OSError as err:
            if err.errno == errno.ELOOP or self.path.is_symlink():
                raise OSError(
                    errno.ELOOP, "is a link; the game writes through none", str(self.path)
                ) from None
            raise
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:  # a hard link: another's too
                raise OSError(f"{self.path} is not a file of the game's own")
            if not _lock(fd):
                os.close(fd)
                return False
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        try:  # for a curious player: which process holds it
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        return True

    def release(self) -> None:
        """Let go (closing the file lets go of the lock)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)


def _lock(fd: int) -> bool:
    """Lock the open file without waiting; False when another process has it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@dataclass
class Instance:
    """This copy of the game: its number (1 for the first) and the lock that says so."""

    folder: Path
    number: int
    lock: FileLock | None = None
    problem: str | None = None  # why no lock could be taken (then: the first, unchecked)
    others: list[int] = field(default_factory=list)

    taken: dict[int, FileLock] = field(default_factory=dict)  # other copies' slots held

    @property
    def slot(self) -> int | None:
        """Where this copy keeps its games in the library; None past MOST_COPIES copies."""
        return self.number if self.number <= MOST_COPIES else None

    def take(self, slot: int) -> set[int]:
        """Hold ``slot``'s lock if no copy runs there (the first copy only): ``{slot}`` when
        held now, else nothing. Let go with :meth:`let_go`."""
        if self.number != 1 or self.lock is None or not 1 < slot <= MOST_COPIES:
            return set()
        lock = FileLock(self.folder / lock_name(slot))
        try:
            if lock.acquire():
                self.taken[slot] = lock
                return {slot}
        except OSError as err:
            log.warning("cannot look at copy %d's lock: %s", slot, err)
        return set()

    def let_go(self, slots: list[int]) -> None:
        for slot in slots:
            lock = self.taken.pop(slot, None)
            if lock is not None:
                lock.release()

    def release(self) -> None:
        self.let_go(list(self.taken))
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def claim(folder: Path | None = None) -> Instance:
    """The first free copy number on the data folder, its lock held until :meth:`release`."""
    folder = folder or paths.user_data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return _unchecked(folder, err)
    taken: list[int] = []
    for number in range(1, MOST_COPIES + 1):
        lock = FileLock(folder / lock_name(number))
        try:
            if lock.acquire():
                return Instance(folder, number, lock, others=taken)
        except OSError as err:
            return _unchecked(folder, err)
        taken.append(number)
    return Instance(folder, MOST_COPIES + 1, None, others=taken)


def _unchecked(folder: Path, err: OSError) -> Instance:
    """No lock to be had (a read-only folder...): play as the first copy, and log why."""
    log.warning("cannot tell whether another copy of the game is running: %s", err)
    return Instance(folder, 1, None, problem=str(err.strerror or err))
