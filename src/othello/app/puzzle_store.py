"""The player's puzzles on disk: ``puzzles.json`` in the data folder, beside the autosave.

Every change is written at once and atomically (``files.write_atomic``). A file that cannot
be used (damaged, unreadable, not a file, a puzzle in it that does not hold up) is renamed
aside (``puzzles.json.damaged``, then ``.damaged-2``...) rather than overwritten, and the
notice says where it went; one that cannot even be moved, or that the player made
read-only, is never written. The built-in FForum puzzles are always there, so the player can
go on at once. Every notice also goes to the log.

Two windows may have the puzzles open at once: before writing, a file changed since this
window read or wrote it is read again and merged, puzzle by puzzle (this window's answers
win for the puzzles it answered, the other's for the rest), so no answer is lost.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

from ..fforum import load_builtin
from ..puzzles import Puzzle, PuzzleQueue
from .autosave import Signature, signature
from .files import ReadOnly, decode_text, read_limited, set_aside, short_reason, write_atomic
from .instances import FileLock
from .paths import user_data_dir

log = logging.getLogger(__name__)

NAME = "puzzles.json"
LIMIT = 20_000_000  # far more than years of games' puzzles
LOCK_TRIES = 50  # 10 ms apart: another window's write takes far less


def puzzles_path() -> Path:
    return user_data_dir() / NAME


class PuzzleFile:
    """The puzzles file: read once, written after every change, merged with another
    window's changes, never over a file that could not be read and was not set aside."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or puzzles_path()
        self.writable = True
        self._seen: Signature | None = None  # the version last read or written here
        self._turn = 0  # the queue's turn then
        self._lines = Lines()

    def load(self) -> tuple[PuzzleQueue, str | None]:
        """The player's puzzles with the built-in ones added, and a notice when the file was
        damaged (then set aside) or could not be read, or the built-in ones are damaged."""
        notices = []
        queue = PuzzleQueue()
        try:
            queue = self._read()
        except FileNotFoundError:
            pass
        except Exception as err:  # unreadable, not a file, bad JSON, too deep, bad puzzles
            notices.append(self._set_aside(err))
        self._synced(queue)
        builtin, problem = load_builtin()
        if problem is not None:
            notices.append(problem)
        queue.add(builtin)
        queue.touched.clear()  # the built-in ones are not this window's answers
        for notice in notices:
            log.warning("puzzles: %s", notice)
        return queue, " ".join(notices) or None

    def changed(self) -> bool:
        """Whether the file is not as this window last read or wrote it."""
        return signature(self.path) != self._seen

    def _read(self) -> PuzzleQueue:
        return PuzzleQueue.from_data(json.loads(decode_text(read_limited(self.path, LIMIT))))

    def _synced(self, queue: PuzzleQueue) -> None:
        """The file now holds ``queue`` as it is."""
        self._seen = signature(self.path)
        self._turn = queue.turn
        queue.touched.clear()

    def _set_aside(self, err: Exception) -> str:
        why = short_reason(err)[:200]
        try:
            aside = set_aside(self.path, "damaged")
        except OSError as move:
            self.writable = False
            log.warning("puzzles: cannot move %s aside: %s", self.path, move)
            return f"Your puzzles could not be read ({why}); they are left as they are."
        what = "could not be read" if isinstance(err, OSError) else "was damaged"
        return f"Your puzzles file {what} ({why}); it was kept as {aside.name} and a new one begun."

    def save(self, queue: PuzzleQueue) -> str | None:
        """Write the queue, merged with what another window wrote meanwhile; what went wrong,
        or None."""
        if not self.writable:
            return None
        lock = FileLock(self.path.with_name(self.path.name + ".lock"))
        try:
            _wait_for(lock)
            self._merge(queue)
            write_atomic(self.path, as_text(queue, self._lines))
        except ReadOnly:
            self.writable = False
            problem = f"Your puzzles are not saved: {self.path.name} is read-only."
        except OSError as err:
            problem = f"Your puzzles could not be saved ({short_reason(err)})."
        else:
            self._synced(queue)
            return None
        finally:
            lock.release()
        log.warning("puzzles: %s", problem)
        return problem

    def _merge(self, queue: PuzzleQueue) -> None:
        """Take in what another window wrote since this one read or wrote the file."""
        if signature(self.path) in (None, self._seen):
            return
        try:
            other = self._read()
        except FileNotFoundError:
            return
        except Exception as err:  # damaged since: kept aside, ours written
            notice = self._set_aside(err)
            log.warning("puzzles: %s", notice)
            if not self.writable:
                raise OSError(notice) from None
            return
        merge(queue, other, answered_here=queue.turn - self._turn)
        self._lines.clear()  # a merge may change any field of any puzzle


CHANGING = ("box", "due", "right", "wrong", "last_right")
"""The fields an answer, a skip or a new puzzle change (a merge may change any: it clears)."""


class Lines:
    """Each puzzle's line as last written, so a save encodes only the puzzles changed since:
    with 38,000 puzzles json's encoder took 0.23 s of a 0.4 s save, after every answer."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[Puzzle, tuple[object, ...], str]] = {}

    def line(self, puzzle: Puzzle) -> str:
        state = tuple(getattr(puzzle, name) for name in CHANGING)
        known = self._known.get(puzzle.id)
        if known is not None and known[0] is puzzle and known[1] == state:
            return known[2]
        line = json.dumps(puzzle.to_data(), separators=(",", ":"))
        self._known[puzzle.id] = (puzzle, state, line)
        return line

    def clear(self) -> None:
        self._known.clear()


def as_text(queue: PuzzleQueue, lines: Lines | None = None) -> str:
    """The file's text: one puzzle a line, so a person can read it (and it is written by
    json's fast encoder, which ``indent`` would replace by a slow one)."""
    lines = Lines() if lines is None else lines
    head = json.dumps(queue.head_data(), separators=(",", ":"))[:-1]
    body = ",\n".join(lines.line(p) for p in queue.puzzles)
    return f'{head},"puzzles":[\n{body}\n]}}\n'


def merge(queue: PuzzleQueue, other: PuzzleQueue, answered_here: int) -> None:
    """``other`` (the file as another window left it) taken into ``queue``: its new puzzles
    added, its answers kept for every puzzle this window did not touch; the clock counts
    both windows' answers."""
    for theirs in other.puzzles:
        if theirs.id not in queue.touched:
            queue.take(theirs)
    queue.turn = max(queue.turn, other.turn + answered_here)


def _wait_for(lock: FileLock) -> None:
    """Hold ``lock`` while the file is read and written; after a short wait, go on without
    it (a stale lock cannot exist: the system lets go of a dead process's lock)."""
    for _ in range(LOCK_TRIES):
        try:
            if lock.acquire():
                return
        except OSError:
            return
        time.sleep(0.01)
    log.warning("puzzles: another window held %s; writing anyway", lock.path.name)
