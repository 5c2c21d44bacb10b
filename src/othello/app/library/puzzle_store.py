"""The player's puzzles in the library: one row a puzzle, and the queue's clock (how many
answers were given) in ``meta``.

An answer writes the puzzles it changed and nothing else, in one transaction. Two windows
may answer at once: each writes only the puzzles it touched, and adds its own answers to
the clock, so neither loses the other's. A row that does not hold up when read (a damaged
file) costs that puzzle only, and the window says how many were left out. The built-in
FForum puzzles are always there, so the player can go on at once; one of them is written
only once answered. A window that could not read the library answers the built-in puzzles
from memory; what it writes then only adds puzzles the library lacks, never replaces a row it
did not read (the player's history of that puzzle).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from othello.app.files.game_files import impossible_reason
from othello.app.files.record_text import clean
from othello.app.i18n import ngettext
from othello.app.library.database import Library, LibraryError, translate
from othello.app.library.file_faults import open_library
from othello.app.library.rows import count_of, meta_count, raw, text_of
from othello.core.board import Board
from othello.study.fforum import load_builtin
from othello.study.puzzles import Puzzle, PuzzleError, PuzzleQueue

log = logging.getLogger(__name__)

TURN = "puzzles.turn"  # the meta row of the queue's clock
MOST_BYTES = 1 << 16  # a puzzle's JSON: a few hundred bytes; a longer row is a damaged one
ID_CHARS = 100  # "game-<12 hex digits>-<ply>", "fforum-<n>"
GAME_CHARS = 1000  # the game it came from: a board string and at most 130 moves


@dataclass
class PuzzleChanges:
    """What a save writes: the puzzles changed (as JSON, by id) and the answers given;
    ``unread`` when they were answered without the library's rows read first."""

    rows: dict[str, str] = field(default_factory=dict)
    answers: int = 0
    unread: bool = False

    def __bool__(self) -> bool:
        return bool(self.rows) or self.answers > 0

    def merge(self, later: PuzzleChanges) -> None:
        self.rows.update(later.rows)
        self.answers += later.answers
        self.unread = self.unread or later.unread


class PuzzleSaves:
    """The window's side of saving: what changed since the last save, taken from the queue
    on the frame loop (a few puzzles encoded), written by the library's writer. ``read``
    is False for a queue that is not the library's (it could not be read)."""

    def __init__(self, queue: PuzzleQueue, read: bool = True) -> None:
        self.turn = queue.turn  # the clock as last handed over
        self.read = read

    def take(self, queue: PuzzleQueue) -> PuzzleChanges:
        by_id = {p.id: p for p in queue.puzzles} if queue.touched else {}
        rows = {
            pid: json.dumps(by_id[pid].to_data(), separators=(",", ":"))
            for pid in queue.touched
            if pid in by_id
        }
        queue.touched.clear()
        answers, self.turn = max(0, queue.turn - self.turn), queue.turn
        return PuzzleChanges(rows, answers, unread=not self.read)


def load(library: Library) -> tuple[PuzzleQueue, str | None]:
    """The player's puzzles with the built-in ones added, and a notice when some rows could
    not be used or the built-in ones are damaged."""
    with translate():
        found = library.db.execute(
            f"SELECT {raw('id')}, CASE WHEN length(CAST(data AS BLOB)) <= {MOST_BYTES} "
            f"THEN {raw('data')} END FROM puzzles ORDER BY rowid"
        ).fetchall()
    turn = turn_of(library)
    puzzles, bad = [], []
    for pid, data in found:
        try:
            puzzles.append(checked(data))
        except (PuzzleError, ValueError, TypeError, RecursionError) as err:
            bad.append(f"{clean(text_of(pid) or pid, 40)}: {err}")
    queue = PuzzleQueue.restored(puzzles, turn)
    notices = []
    if bad:
        log.warning("puzzles left out: %s", "; ".join(bad[:5]))
        notices.append(
            ngettext(
                "{n} of your puzzles could not be read (damaged) and was left out.",
                "{n} of your puzzles could not be read (damaged) and were left out.",
                len(bad),
            ).format(n=len(bad))
        )
    builtin, problem = load_builtin()
    if problem is not None:
        notices.append(problem)
    queue.add(builtin)
    queue.touched.clear()  # nothing to write: the player's are as stored, the built-in ones known
    for notice in notices:
        log.warning("puzzles: %s", notice)
    return queue, " ".join(notices) or None


def checked(data: object) -> Puzzle:
    """A row's puzzle, read as if hostile (as ``rows`` reads a game): JSON of a puzzle's
    size, every field of its type (``Puzzle.from_data``), its words bounded, its scores
    numbers of discs, its counts counts, its position one a game can reach. PuzzleError,
    ValueError or RecursionError (JSON nested too deep) say what is wrong."""
    if data is None:
        raise PuzzleError(f"more than {MOST_BYTES:,d} bytes")
    text = text_of(data)
    if text is None:
        raise PuzzleError("not text")
    puzzle = Puzzle.from_data(json.loads(text))
    scores = [puzzle.best_score, puzzle.played_score, *puzzle.scores.values()]
    if not all(-64 <= score <= 64 for score in scores):
        raise PuzzleError(f"puzzle {puzzle.id[:40]!r}: a score beyond 64 discs")
    if any(count_of(n) is None for n in (puzzle.due, puzzle.right, puzzle.wrong)):
        raise PuzzleError(f"puzzle {puzzle.id[:40]!r}: a count out of range")
    if len(puzzle.id) > ID_CHARS:
        raise PuzzleError(f"an id of {len(puzzle.id):,d} characters")
    reason = impossible_reason(Board.from_string(puzzle.position))
    if reason is not None:
        raise PuzzleError(f"puzzle {puzzle.id[:40]!r}: impossible position: {reason}")
    puzzle.origin = clean(puzzle.origin)
    if len(puzzle.game) > GAME_CHARS:
        puzzle.game = ""  # where it came from, never read back: the puzzle stands without it
    return puzzle


def turn_of(library: Library) -> int:
    """The queue's clock as kept (0 when none is, or it is no count)."""
    return meta_count(library, TURN)


def write(library: Library, changes: PuzzleChanges) -> None:
    """One transaction: the puzzles changed, the answers added to the clock."""
    with library.transaction():
        write_rows(library, changes)


def write_rows(library: Library, changes: PuzzleChanges) -> None:
    """:func:`write` inside the caller's transaction. Puzzles answered without the
    library's rows read are only added where the library has none."""
    verb = "INSERT OR IGNORE" if changes.unread else "INSERT OR REPLACE"
    with translate():
        library.db.executemany(
            f"{verb} INTO puzzles (id, data) VALUES (?, ?)", changes.rows.items()
        )
    if changes.answers:
        library.set_meta(TURN, str(turn_of(library) + changes.answers))


class PuzzleStore:
    """The puzzles of the library at ``path`` read and written at once, each call on a
    connection of its own (the command line, tools and tests; the window goes through its
    library worker)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.saves: PuzzleSaves | None = None

    def load(self) -> tuple[PuzzleQueue, str | None]:
        try:
            library, notices = open_library(self.path)
        except LibraryError as err:
            queue, problem = PuzzleQueue(), str(err)
            queue.add(load_builtin()[0])
            queue.touched.clear()
            self.saves = PuzzleSaves(queue, read=False)
            return queue, f"Your puzzles could not be read ({problem})."
        with library:
            queue, notice = load(library)
        self.saves = PuzzleSaves(queue)
        said = [*notices, *([notice] if notice else [])]
        return queue, " ".join(said) or None

    def save(self, queue: PuzzleQueue) -> str | None:
        """Write what changed; what went wrong, or None."""
        saves = self.saves or PuzzleSaves(PuzzleQueue(turn=0))
        self.saves = saves
        changes = saves.take(queue)
        try:
            library, _notices = open_library(self.path)
            with library:
                write(library, changes)
        except LibraryError as err:
            return f"Your puzzles could not be saved ({err})."
        return None
