"""The window's game library: every read and write off the frame loop, nothing lost.

Two threads, each with its own connection (sqlite3 wants one a thread): the reader answers
the list, a game to open and the explorer's "mine", and never waits (WAL: reading goes on
while a write is under way); the writer keeps games, deletes, edits and imports, in turn.
Answers come back through :meth:`LibraryWorker.update`, called each frame, so every callback
runs on the frame loop.

Everything the player makes is written here, off the frame loop: the games each window holds
(a move is one small write), the puzzles, the rating, finished games. Saves of one kind made
while an earlier one waits are merged into it (``save``), so a busy library is written once
when it is free, not once per move.

Nothing a player made is lost: a write the library cannot take now (another window's import
holds it, another program locked it) waits and is tried again, with one notice; one it cannot
take at all (a full disk, a read-only file) keeps what it holds in memory, says so once, is
tried again with the next change, and what is still unwritten when the window closes goes into
the pending spool (``library-pending/``), which the next start takes in (``old_files``). A
damaged library is set aside (``file_faults``) with a notice, and a new one takes its
place; a library that cannot be used at all leaves the game going on.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from othello.app.files import paths
from othello.app.files.writing import write_new
from othello.app.i18n import _
from othello.app.library.database import (
    WAIT_SECONDS,
    Library,
    LibraryBusy,
    LibraryDamaged,
    LibraryError,
    library_path,
)
from othello.app.library.file_faults import open_library, reopen_damaged
from othello.app.library.game_records import GameRecord
from othello.app.library.held_games import note_kept
from othello.app.library.import_process import import_in_process
from othello.app.library.importing import ImportReport, take_in_games_folder
from othello.app.library.old_files import PENDING, take_in
from othello.app.library.query import mine as mine_lookup
from othello.core.errors import OthelloError
from othello.core.game import Game
from othello.formats.ggf import format_ggf
from othello.gui.model.library_words import library_busy, library_replaced, library_unavailable

log = logging.getLogger(__name__)

RETRY_SECONDS = 2.0  # between two tries of a write the library refused (busy)
DAMAGED_TRIES = 3  # a task that meets "malformed" on a file that checks whole: then kept
START_WAIT = 0.2  # what the frame loop's reads at the start wait for a library held elsewhere

LibraryJob = Callable[[Library], Any]
Done = Callable[[Any], None]


class Mergeable(Protocol):
    """Changes of one kind waiting to be written: a later save merges into them."""

    def __bool__(self) -> bool: ...
    def merge(self, later: Any) -> None: ...


@dataclass
class Saving:
    """How one kind of change is written, and spooled when it cannot be."""

    write: Callable[[Library, Any], None]
    spool: Callable[[Any], tuple[str, str]]  # the changes as (a file name's end, its text)
    waiting: Any = None  # Mergeable: what the next write of this kind writes
    writing: Any = None  # Mergeable: what the writer is writing now (spooled if never done)
    queued: bool = False


@dataclass
class ImportProgress:
    """The import under way, for its bar: the file's name, games read, games in it."""

    name: str
    done: int = 0
    total: int = 0


@dataclass
class _Task:
    job: LibraryJob
    done: Done | None
    keep: GameRecord | None = None  # a game to keep: written to library-pending if never done
    source: str = ""
    fail: Done | None = None  # told why, when the library cannot be used at all


class _Worker(threading.Thread):
    """One connection and a queue of jobs, done in order."""

    def __init__(self, keeper: LibraryWorker, name: str) -> None:
        super().__init__(name=f"library-{name}", daemon=True)
        self.keeper = keeper
        self.tasks: queue.Queue[_Task | None] = queue.Queue()
        self.library: Library | None = None
        self.generation = -1
        self.left: list[_Task] = []  # what was never done, for the close
        self.current: _Task | None = None  # the task under way

    def run(self) -> None:
        while True:
            task = self.tasks.get()
            if task is None:
                break
            self.current = task
            if not self._do(task):
                self.left.append(task)
            self.current = None
        while not self.tasks.empty():
            task = self.tasks.get_nowait()
            if task is not None:
                self.left.append(task)
        if self.library is not None:
            self.library.close()

    def _connection(self) -> Library | None:
        keeper = self.keeper
        if self.library is not None and self.generation == keeper.generation:
            if self.library.same_file():
                return self.library
            keeper.file_changed(self)
        if self.library is not None:
            self.library.close()
            self.library = None
        self.library = keeper.connect()
        self.generation = keeper.generation
        return self.library

    def _do(self, task: _Task) -> bool:
        """Do ``task``, trying again while the library is busy; False when never done. No
        exception ends the thread: one this code did not foresee is said once and logged,
        and what the task held is kept (spooled at the close)."""
        told, damaged = False, 0
        while True:
            try:
                library = self._connection()
                if library is None:
                    if task.fail is not None:
                        self.keeper.answer(task.fail, self.keeper.broken or "")
                    return False
                result = task.job(library)
            except LibraryBusy:
                if not told:
                    told = True
                    self.keeper.answer(self.keeper.warn, library_busy())
                if self.keeper.stopping.wait(self.keeper.retry):
                    return False
                continue
            except LibraryDamaged as err:
                log.warning("library damaged: %s", err)
                damaged += 1
                if self.keeper.repair(self) or damaged < DAMAGED_TRIES:
                    continue
                # the file checks whole, yet this task meets "malformed" each time: kept
                self._failed(task, LibraryError(str(err)))
                return False
            except LibraryError as err:  # a full disk, a read-only file: kept for later
                self._failed(task, err)
                return False
            except OthelloError as err:
                self.keeper.answer(self.keeper.warn, library_unavailable(str(err)))
                return True
            except Exception as err:  # a mistake of the game's own: said, the work kept
                log.exception("the library's %s could not do a task", self.name)
                self._failed(task, LibraryError(f"{type(err).__name__}: {err}"))
                return False
            if task.done is not None:
                self.keeper.answer(task.done, result)
            return True

    def _failed(self, task: _Task, err: LibraryError) -> None:
        self.keeper.cannot_write(str(err))
        if task.fail is not None:
            self.keeper.answer(task.fail, str(err))


class LibraryWorker:
    """The library as the window sees it: jobs in, answers out on the frame loop."""

    def __init__(
        self,
        warn: Callable[[str], None],
        path: Path | None = None,
        retry: float = RETRY_SECONDS,
        alert: Callable[[str], None] | None = None,
    ) -> None:
        """``warn`` says a passing problem (busy); ``alert`` one the player must read before
        it goes (a library set aside, one that cannot be written), where the window has a
        way to keep it up (else ``warn``)."""
        self.warn = warn
        self.alert = alert or warn
        self.on_new_file: list[Callable[[], None]] = []  # on the frame loop, after a new file
        self.path = path or library_path()
        self.retry = retry
        self.wait = WAIT_SECONDS  # how long one write waits for another writer
        self.started = time.time()  # games saved from now on are this window's own to keep
        self.answers: queue.Queue[tuple[Done, Any]] = queue.Queue()
        self.stopping = threading.Event()
        self.generation = 0
        self._repair_lock = threading.Lock()
        self._reader: _Worker | None = None
        self._writer: _Worker | None = None
        self.progress: ImportProgress | None = None  # the import under way
        self.broken: str | None = None  # why the library cannot be used at all
        self.failing: str | None = None  # why the last write could not be made (said once)
        self.ids: WeakKeyDictionary[Game, int] = WeakKeyDictionary()  # kept games' library ids
        self.held_keys: WeakKeyDictionary[Game, int] = WeakKeyDictionary()  # held games' keys
        self.savings: dict[str, Saving] = {}
        self._saving_lock = threading.Lock()
        self._opened = False  # the first open (files taken in) is done
        self._files_wait = False  # the last try to take them in met a library busy elsewhere
        self._here: Library | None = None  # the frame loop's own connection, at the start

    # ----- the threads -----------------------------------------------------------------------

    def _worker(self, writer: bool) -> _Worker:
        worker = self._writer if writer else self._reader
        if worker is None:
            worker = _Worker(self, "writer" if writer else "reader")
            worker.start()
            if writer:
                self._writer = worker
                worker.tasks.put(_Task(self._first_open, None))
            else:
                self._reader = worker
        return worker

    def connect(self, wait: float | None = None) -> Library | None:
        """A connection for a worker (waiting ``wait`` seconds for a busy library, else as
        long as a write waits); the notice of a library found damaged and set aside."""
        if self.broken is not None:
            return None
        try:
            with self._repair_lock:  # one thread at a time sets a damaged file aside
                library, notices = open_library(self.path, self.wait if wait is None else wait)
                if not self._opened:  # before any thread reads what they bring
                    self._opened = self._take_in(library)
        except LibraryBusy:
            raise
        except LibraryError as err:
            self.broken = str(err)
            self.answer(self.alert, library_unavailable(str(err)))
            return None
        for notice in notices:
            self._new_file(notice)
        return library

    def _new_file(self, notice: str | None) -> None:
        """The library is another file now (a damaged one set aside, one replaced by another
        program): every connection opens it again, and the window writes all it holds there."""
        self.generation += 1
        if notice is not None:
            self.answer(self.alert, notice)
        self.answer(self._tell_new_file, None)

    def _tell_new_file(self, _value: object) -> None:
        for listener in self.on_new_file:
            listener()

    def file_changed(self, worker: _Worker) -> None:
        """A worker found the file at the library's path is no longer the one it opened."""
        with self._repair_lock:
            if worker.generation != self.generation:
                return  # another worker saw it first
            log.warning("the library file %s was replaced or removed by another program", self.path)
            self._new_file(library_replaced())

    def _take_in(self, library: Library) -> bool:
        """At the first open: the files an earlier version kept the player's data in, and
        what a window could not write before it closed; old deletes purged. False when the
        library could not take them now (busy, damaged, read-only): the next open tries."""
        try:
            taken = take_in(library, self.path.parent, pending_folders(self.path))
            library.purge()
        except LibraryError as err:
            log.warning("old files and the pending spool not taken in now: %s", err)
            self._files_wait = isinstance(err, LibraryBusy)
            return False
        self._files_wait = False
        for notice in taken.notices:
            self.answer(self.warn, notice)
        return True

    def taken_in(self, library: Library) -> bool:
        """Whether the spool and an earlier version's files are in the library, taken in now
        on ``library`` (a worker's connection) if the open met a busy library; True too when
        they cannot come in at all (a read-only library is read as it is). False: still busy,
        and a read of the window's games would miss them."""
        with self._repair_lock:
            if not self._opened and self._files_wait:
                self._opened = self._take_in(library)
            return self._opened or not self._files_wait

    def repair(self, worker: _Worker) -> bool:
        """A worker found the library damaged: checked from a fresh connection, set aside
        once if it is, every worker reconnects. False when the file checked whole (the
        worker has a new connection to the same file)."""
        with self._repair_lock:
            if worker.library is None or worker.generation != self.generation:
                return True  # another worker repaired it meanwhile
            try:
                worker.library, notice = reopen_damaged(worker.library)
            except LibraryError as err:
                worker.library = None
                self.broken = str(err)
                self.answer(self.alert, library_unavailable(str(err)))
                return True
            if notice is None:
                return False
            self._new_file(notice)
            worker.generation = self.generation
            return True

    def _first_open(self, library: Library) -> None:
        """The writer's first job: the file checked page by page (SQLite's quick check; a
        damaged one is set aside and what can be read of it copied), the transcripts of
        the old games folder taken in once."""
        library.check()
        report = take_in_games_folder(library, before=self.started)
        if report is not None and report.added:
            from othello.gui.model.library_words import games_taken_in

            self.answer(self.warn, games_taken_in(report.added))

    def read_now(self, job: LibraryJob) -> Any:
        """``job`` on the frame loop's own connection, at once: what the window must know
        before its first frame (the game to resume, the rating). Reading never waits on a
        writer, and a library another program holds is waited for only ``START_WAIT`` (the
        window then reads it later, off the frame loop); a damaged file is set aside first.
        LibraryError (LibraryBusy) when it cannot be used (now)."""
        if self.broken is not None:
            raise LibraryError(self.broken)
        if self._here is None:
            here = self.connect(START_WAIT)
            if here is None:
                raise LibraryError(self.broken or "")
            if not self._opened and self._files_wait:  # a read would miss the spool's games
                here.close()
                raise LibraryBusy(
                    _("the library is in use elsewhere ({why})").format(why="library-pending")
                )
            self._here = here
        try:
            return job(self._here)
        except LibraryDamaged:
            with self._repair_lock:
                self._here, notice = reopen_damaged(self._here)
                if notice is not None:
                    self._new_file(notice)
            return job(self._here)

    def done_reading_now(self) -> None:
        """The start is over: the frame loop's connection is closed (the threads go on)."""
        if self._here is not None:
            self._here.close()
            self._here = None

    def answer(self, done: Done, value: Any) -> None:
        """From a worker: run ``done(value)`` on the frame loop."""
        self.answers.put((done, value))

    def update(self, dt: float = 0.0) -> None:
        """Each frame: the answers that came back, their callbacks run here."""
        while True:
            try:
                done, value = self.answers.get_nowait()
            except queue.Empty:
                return
            done(value)

    def read(self, job: LibraryJob, done: Done) -> None:
        self._worker(writer=False).tasks.put(_Task(job, done))

    def write(
        self,
        job: LibraryJob,
        done: Done | None = None,
        keep: GameRecord | None = None,
        source: str = "",
        fail: Done | None = None,
    ) -> None:
        self._worker(writer=True).tasks.put(_Task(job, done, keep, source, fail))

    def save(
        self,
        kind: str,
        changes: Mergeable,
        write: Callable[[Library, Any], None],
        spool: Callable[[Any], tuple[str, str]],
    ) -> None:
        """Write ``changes`` of ``kind`` (the held games, the puzzles, the rating) off the
        frame loop; merged into those of the same kind still waiting, so a busy library
        writes them once."""
        with self._saving_lock:
            saving = self.savings.setdefault(kind, Saving(write, spool))
            saving.write, saving.spool = write, spool
            if saving.waiting is None:
                saving.waiting = changes
            else:
                saving.waiting.merge(changes)
            if saving.queued:
                return
            saving.queued = True
        self.write(lambda library: self._flush(kind, library))

    def _flush(self, kind: str, library: Library) -> None:
        """The writer's side of :meth:`save`; what cannot be written stays waiting."""
        saving = self.savings[kind]
        with self._saving_lock:
            changes, saving.waiting, saving.queued = saving.waiting, None, False
            saving.writing = changes
        if not changes:
            return
        try:
            saving.write(library, changes)
        except BaseException:
            with self._saving_lock:  # ahead of whatever was saved meanwhile
                if saving.waiting is not None:
                    changes.merge(saving.waiting)
                saving.waiting, saving.writing = changes, None
            raise
        with self._saving_lock:
            saving.writing = None
        if self.failing is not None:
            self.failing = None
            log.info("the library can be written again")

    def cannot_write(self, why: str) -> None:
        """A write failed for good (not busy, not damaged): said once until one works."""
        if self.failing is None:
            self.answer(self.alert, library_unavailable(why))
            log.warning("library write failed: %s", why)  # said once, as in the window
        self.failing = why

    # ----- what the window asks --------------------------------------------------------------

    def keep(self, game: Game, record: GameRecord, source: str, done: Done | None = None) -> None:
        """Keep ``game`` (its record): a game kept before is brought up to date instead."""
        known = self.ids.get(game)
        held = self.held_keys.get(game)

        def job(library: Library) -> int | None:
            if known is not None and library.has(known):
                library.replace_game(known, record)
                return known
            game_id = library.add(record, source)
            if game_id is not None and held is not None:
                note_kept(library, held, game_id)  # so a restart keeps it once
            return game_id

        def kept(game_id: int | None) -> None:
            if game_id is not None:
                self.ids[game] = game_id
            if done is not None:
                done(game_id)

        self.write(job, kept, keep=record, source=source)

    def mine(self, moves: tuple[int, ...], done: Done) -> None:
        """The explorer's "mine": what the library's games played after ``moves``."""
        self.read(lambda library: mine_lookup(library, moves), done)

    def import_file(self, path: Path, done: Done) -> None:
        """Import ``path`` in the background; ``done`` gets the report, or the reason (str)."""
        progress = ImportProgress(path.name)
        self.progress = progress

        def report(count: int, total: int) -> None:
            progress.done, progress.total = count, total

        def job(library: Library) -> ImportReport | str:
            self.progress = progress  # this file's, now that it runs (another may have waited)
            try:
                return import_in_process(path, library.path, report, self.stopping)
            except (LibraryBusy, LibraryDamaged):
                raise
            except OthelloError as err:
                return str(err)

        def finished(result: ImportReport | str) -> None:
            if self.progress is progress:
                self.progress = None
            done(result)

        self.write(job, finished, fail=finished)

    def flush(self, wait: float = 10.0) -> bool:
        """Wait until every write asked for so far is done (tests, tools); False when the
        writer did not get there within ``wait`` seconds."""
        if self._writer is None:
            return True
        done = threading.Event()
        self.write(lambda library: done.set())
        return done.wait(wait)

    def close(self, wait: float = 10.0) -> None:
        """Stop the threads (an import under way is rolled back) and write any game never
        stored into ``library-pending/``."""
        self.stopping.set()
        for worker in (self._reader, self._writer):
            if worker is not None:
                worker.tasks.put(None)
        for worker in (self._reader, self._writer):
            if worker is not None:
                worker.join(wait)
        writer = self._writer
        left = list(writer.left) if writer is not None else []
        if writer is not None and writer.is_alive():  # still waiting: its queue is left too
            left += [t for t in [writer.current, *list(writer.tasks.queue)] if t is not None]
        for task in left:
            if task.keep is not None:
                self._spool_game(task.keep, task.source)
        with self._saving_lock:  # a write still under way is spooled too (taking it in twice
            waiting = []  # is harmless: rows by their keys, games by their fingerprints)
            for saving in self.savings.values():
                for changes in (saving.writing, saving.waiting):
                    if changes:
                        waiting.append((saving.spool, changes))
        for spool, changes in waiting:
            self._spool(*spool(changes))
        self.done_reading_now()

    def _spool_game(self, record: GameRecord, source: str) -> None:
        tags = dict(record.tags)
        tags.update({"PB": record.black, "PW": record.white, "DT": record.date, "PC": source})
        self._spool(".ggf", format_ggf(record.start, record.moves, tags, record.notes) + "\n")

    def _spool(self, suffix: str, text: str) -> None:
        """Into the pending spool beside the library, else the one in the config folder."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for folder in pending_folders(self.path):
            try:
                path = write_new(folder, stamp, suffix, text)
            except OSError as err:
                log.warning("cannot write into %s: %s", folder, err)
                continue
            log.warning("kept in %s for the next start", path)
            return
        log.error("what the window could not write (%s) could be kept nowhere", suffix)


def pending_folders(library: Path) -> list[Path]:
    """Where the pending spool goes: beside the library, else in the config folder (a data
    folder gone read-only)."""
    return [library.parent / PENDING, paths.user_config_dir() / PENDING]
