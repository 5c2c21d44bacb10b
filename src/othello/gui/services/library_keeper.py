"""The window's game library: every read and write off the frame loop, nothing lost.

Two threads, each with its own connection (sqlite3 wants one a thread): the reader answers
the list, a game to open and the explorer's "mine", and never waits (WAL: reading goes on
while a write is under way); the writer keeps games, deletes, edits and imports, in turn.
Answers come back through :meth:`LibraryKeeper.update`, called each frame, so every callback
runs on the frame loop.

Nothing a player made is lost: a write the library cannot take now (another window's import
holds it, another program locked it) waits and is tried again, with one notice; a game still
waiting when the window closes is written as a GGF file into ``library-pending/``, which the
next start takes in. A damaged library is set aside (``library_files``) with a notice, and a
new one takes its place; a library that cannot be used at all leaves the game going on.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from ...app.files import write_atomic
from ...app.game_formats import GameRecord, read_source
from ...app.import_process import import_in_process
from ...app.library import (
    WAIT_SECONDS,
    Library,
    LibraryBusy,
    LibraryDamaged,
    LibraryError,
    library_path,
)
from ...app.library_files import open_library, reopen_damaged
from ...app.library_import import ImportReport, take_in_games_folder
from ...app.library_query import mine as mine_lookup
from ...errors import OthelloError
from ...game import Game
from ...ggf import format_ggf
from ..model.library_words import library_busy, library_unavailable

log = logging.getLogger(__name__)

RETRY_SECONDS = 2.0  # between two tries of a write the library refused (busy)
PENDING = "library-pending"

Job = Callable[[Library], Any]
Done = Callable[[Any], None]


@dataclass
class Progress:
    """The import under way, for its bar: the file's name, games read, games in it."""

    name: str
    done: int = 0
    total: int = 0


@dataclass
class _Task:
    job: Job
    done: Done | None
    keep: GameRecord | None = None  # a game to keep: written to library-pending if never done
    source: str = ""
    fail: Done | None = None  # told why, when the library cannot be used at all


class _Worker(threading.Thread):
    """One connection and a queue of jobs, done in order."""

    def __init__(self, keeper: LibraryKeeper, name: str) -> None:
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
            return self.library
        if self.library is not None:
            self.library.close()
            self.library = None
        self.library = keeper.connect()
        self.generation = keeper.generation
        return self.library

    def _do(self, task: _Task) -> bool:
        """Do ``task``, trying again while the library is busy; False when never done."""
        told = False
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
                    self.keeper.answer(self.keeper.notify, library_busy())
                if self.keeper.stopping.wait(self.keeper.retry):
                    return False
                continue
            except LibraryDamaged as err:
                log.warning("library damaged: %s", err)
                self.keeper.repair(self)
                continue
            except OthelloError as err:
                self.keeper.answer(self.keeper.notify, library_unavailable(str(err)))
                return True
            if task.done is not None:
                self.keeper.answer(task.done, result)
            return True


def take_in_pending(library: Library, path: Path) -> None:
    """A game the window could not store before it closed: into the library, the file gone."""
    source = read_source(path)
    library.begin()
    try:
        for item in source.items:
            if isinstance(item, GameRecord):
                library.add(item, item.tags.pop("PC", "") or "played here")
        library.commit()
    except BaseException:
        library.rollback()
        raise
    path.unlink()


class LibraryKeeper:
    """The library as the window sees it: jobs in, answers out on the frame loop."""

    def __init__(
        self, notify: Callable[[str], None], path: Path | None = None, retry: float = RETRY_SECONDS
    ) -> None:
        self.notify = notify
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
        self.progress: Progress | None = None  # the import under way
        self.broken: str | None = None  # why the library cannot be used at all
        self.ids: WeakKeyDictionary[Game, int] = WeakKeyDictionary()  # kept games' library ids

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

    def connect(self) -> Library | None:
        """A connection for a worker; the notice of a library found damaged and set aside."""
        if self.broken is not None:
            return None
        try:
            with self._repair_lock:  # one thread at a time sets a damaged file aside
                library, notices = open_library(self.path, self.wait)
        except LibraryBusy:
            raise
        except LibraryError as err:
            self.broken = str(err)
            self.answer(self.notify, library_unavailable(str(err)))
            return None
        for notice in notices:
            self.generation += 1
            self.answer(self.notify, notice)
        return library

    def repair(self, worker: _Worker) -> None:
        """A worker found the library damaged: set it aside once, every worker reconnects."""
        with self._repair_lock:
            if worker.library is None or worker.generation != self.generation:
                return  # another worker repaired it meanwhile
            try:
                worker.library, notice = reopen_damaged(worker.library)
            except LibraryError as err:
                worker.library = None
                self.broken = str(err)
                self.answer(self.notify, library_unavailable(str(err)))
                return
            self.generation += 1
            worker.generation = self.generation
            self.answer(self.notify, notice)

    def _first_open(self, library: Library) -> None:
        """At the first use: the games folder once, games left waiting, old deletes purged."""
        report = take_in_games_folder(library, before=self.started)
        if report is not None and report.added:
            from ..model.library_words import games_taken_in

            self.answer(self.notify, games_taken_in(report.added))
        for path in sorted(self.pending_dir().glob("*.ggf")):
            try:
                take_in_pending(library, path)
            except (LibraryBusy, LibraryDamaged):
                raise
            except (OthelloError, OSError) as err:
                log.warning("pending game %s not taken in: %s", path, err)
        library.purge()

    def pending_dir(self) -> Path:
        """Games the window could not store before it closed, beside the library."""
        return self.path.parent / PENDING

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

    def read(self, job: Job, done: Done) -> None:
        self._worker(writer=False).tasks.put(_Task(job, done))

    def write(
        self,
        job: Job,
        done: Done | None = None,
        keep: GameRecord | None = None,
        source: str = "",
        fail: Done | None = None,
    ) -> None:
        self._worker(writer=True).tasks.put(_Task(job, done, keep, source, fail))

    # ----- what the window asks --------------------------------------------------------------

    def keep(self, game: Game, record: GameRecord, source: str, done: Done | None = None) -> None:
        """Keep ``game`` (its record): a game kept before is brought up to date instead."""
        known = self.ids.get(game)

        def job(library: Library) -> int | None:
            if known is not None and library.get(known) is not None:
                library.replace_game(known, record)
                return known
            return library.add(record, source)

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
        progress = Progress(path.name)
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
                self._spool(task.keep, task.source)

    def _spool(self, record: GameRecord, source: str) -> None:
        folder = self.pending_dir()
        tags = dict(record.tags)
        tags.update({"PB": record.black, "PW": record.white, "DT": record.date, "PC": source})
        text = format_ggf(record.start, record.moves, tags, record.notes) + "\n"
        stamp = time.strftime("%Y%m%d-%H%M%S")
        number = len(list(folder.glob("*.ggf"))) if folder.is_dir() else 0
        try:
            write_atomic(folder / f"{stamp}-{number}.ggf", text)
        except OSError as err:
            log.error("a game could not be kept anywhere: %s", err)
