"""The computer's search off the frame loop, cancellable, with stale results thrown away.

Each search is a job with the generation number current when it began. Cancelling stops the
job and bumps the generation, so a result that arrives after a new game or an undo is
recognised as stale and never reaches the board. That logic is the same whichever way a job
is carried out:

- by default, in a child process (:mod:`othello.app.search_service`): the search never holds
  the interpreter the frame loop needs (a table cleared in the search stalled frames 50-200 ms);
- with an ``engine_factory`` (tests, scripts), in a thread calling the engines it makes. Jobs
  run one at a time: a new job's thread first waits for the cancelled one to return.
"""

from __future__ import annotations

import logging
import multiprocessing
import queue
import signal
import threading
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Protocol

from othello.app import search_service
from othello.app.search_service import (
    BoardJob,
    BoardKind,
    JobFailed,
    JobKind,
    LearnJob,
    PositionJob,
    ReviewJob,
    Searcher,
    SearchFailure,
    SearchJob,
    SearchOutcome,
    SearchProgress,
    SearchReport,
)
from othello.core.board import Board
from othello.core.clock import ClockTime
from othello.core.errors import SearchError
from othello.engine.book import Corrections
from othello.study.verdict import ReviewStopped

log = logging.getLogger(__name__)  # under "othello": the log file set up by othello.app.files.logs
EngineFactory = Callable[[int], Searcher]
"""A test's or a script's engines, by level: the search then runs in a thread."""
JOIN_SECONDS = 5.0


class Transport(Protocol):
    """How jobs reach an engine and reports come back; SearchWorker keeps the bookkeeping."""

    def start(self, job: SearchJob) -> None: ...
    def cancel(self, generation: int) -> None: ...
    def receive(self) -> Iterator[SearchOutcome | SearchProgress]: ...
    def failure(self, job: SearchJob) -> SearchOutcome | None: ...
    def shutdown(self, timeout: float) -> None: ...


class SearchWorker:
    """Runs Engine.think / Engine.analyze away from the frame loop, which polls for results.

    Without an ``engine_factory`` the search runs in a child process holding one Engine per
    level; with one, in a thread using the engines it makes.
    """

    def __init__(
        self, engine_factory: EngineFactory | None = None, book: bool = False, processes: int = 1
    ) -> None:
        """``processes``: how many worker processes the child's searches may share out to
        (SEARCH_PROCESSES; 1: the child searches alone)."""
        self.book = book  # the computer's moves may come from the opening book (BOOK)
        self.corrections: Corrections = ()  # the player's own book, read from the library
        self._transport: Transport = (
            ProcessTransport(processes)
            if engine_factory is None
            else ThreadTransport(engine_factory)
        )
        self._job: SearchJob | None = None
        self.generation = 0
        self.kind: JobKind | None = None  # the running job's kind, None when idle
        self.depth: int | None = None  # deepest depth the running search reported

    @property
    def busy(self) -> bool:
        return self.kind is not None

    def think(self, board: Board, level: int, clock: ClockTime | None = None) -> int:
        """Start choosing a move (to the mover's ``clock`` when it plays on one)."""
        return self._on_board(JobKind.THINK, board, level, clock)

    def position(self, moves: int, low: int, high: int, seed: int) -> int:
        """Start looking for a random position in a score range (a new game's start)."""
        self.cancel()
        return self._start(PositionJob(self.generation, moves, low, high, seed))

    def score(self, board: Board, level: int) -> int:
        """Start judging the position (the search's score, not its move: for the graph)."""
        return self._on_board(JobKind.SCORE, board, level)

    def analyze(self, board: Board, level: int) -> int:
        """Start scoring every legal move, for a hint."""
        return self._on_board(JobKind.ANALYZE, board, level)

    def judge(self, board: Board) -> int:
        """Start scoring every legal move as a review scores it (a puzzle's answers)."""
        return self._on_board(JobKind.JUDGE, board, 0)

    def review(self, start: Board, moves: list[int], first: int = 0) -> int:
        """Start judging every move of a game from ply ``first`` on; poll returns each
        verdict (a MoveJudged) while the review goes on."""
        self.cancel()
        return self._start(ReviewJob(self.generation, start.to_string(), tuple(moves), first))

    def learn(self, start: Board, moves: list[int], found: dict[int, int]) -> int:
        """Start searching again the book moves a finished game or a review found losing
        (``found``: by ply, discs for the mover), over the player's book."""
        self.cancel()
        job = LearnJob(
            self.generation, start.to_string(), tuple(moves), tuple(sorted(found.items())),
            self.corrections,
        )  # fmt: skip
        return self._start(job)

    def add_line(self, start: Board, moves: list[int]) -> int:
        """Start adding a line to the player's book: its moves the book lacks searched."""
        self.cancel()
        job = LearnJob(self.generation, start.to_string(), tuple(moves), (), self.corrections, True)
        return self._start(job)

    def cancel(self) -> None:
        """Stop the running job, if any; whatever it returns later is dropped."""
        self._transport.cancel(self.generation)
        self.generation += 1
        self.kind = None
        self.depth = None

    def poll(self) -> SearchOutcome | None:
        """The current job's outcome once it is done; stale reports are discarded here."""
        for message in self._transport.receive():
            if message.generation != self.generation or self.kind is None:
                continue
            if isinstance(message, SearchProgress):
                self.depth = message.depth
            elif message.kind is JobKind.VERDICT:
                return message  # one move of the running review judged; it goes on
            elif message.kind == self.kind:
                self.kind = None
                return message
        if self.kind is not None and self._job is not None:
            failed = self._transport.failure(self._job)
            if failed is not None:
                self.kind = None
                return failed
        return None

    def shutdown(self, timeout: float = 1.0) -> None:
        """Cancel, and stop the thread or the child process without keeping the window waiting."""
        self.cancel()
        self._transport.shutdown(timeout)

    def set_processes(self, processes: int) -> None:
        """Search on ``processes`` from the next job on: the child process is started anew
        (a running job is cancelled; the game asks for it again)."""
        transport = self._transport
        if isinstance(transport, ProcessTransport) and transport.processes != processes:
            self.shutdown()
            transport.processes = processes

    def _on_board(
        self, kind: BoardKind, board: Board, level: int, clock: ClockTime | None = None
    ) -> int:
        self.cancel()
        job = BoardJob(
            self.generation, kind, board.to_string(), level, self.book, clock, self.corrections
        )
        return self._start(job)

    def _start(self, job: SearchJob) -> int:
        """Send ``job`` (made for the generation a cancel just began)."""
        self.kind = job.kind
        self._job = job
        self._transport.start(job)
        return self.generation


def _log_failure(job: SearchJob, how: str, details: str = "") -> None:
    """One line naming the job, so a failure in the log can be replayed (``othello solve``)."""
    log.error(
        "the search (%s, level %d) failed on %s: %s%s",
        job.kind.value,
        job.level,
        job.subject,
        how,
        details,
    )


# ----- in a child process (the default) -------------------------------------------------------


class ProcessTransport:
    """Jobs go to a persistent child process over a pipe; a dead child is reported and replaced.

    The child is started at once, but "spawn" returns as soon as the new interpreter is
    launched: it imports the engine while the window opens, and the first job waits in the pipe.
    """

    def __init__(self, processes: int = 1) -> None:
        """``processes`` above 1: the child shares its searches out to that many workers of
        its own, so it is started non-daemonic (a daemon may not have children); it still
        leaves when the pipe to the window closes, and shutdown() ends it."""
        self.processes = processes
        self._context = multiprocessing.get_context("spawn")  # never fork a process running SDL
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._cancelled: Any = None  # shared with the child: the newest cancelled generation
        self._newest_cancelled = 0
        self._launch()

    def start(self, job: SearchJob) -> None:
        if self._process is not None and not self._process.is_alive():
            self._discard(f"the search process had stopped ({self._ending()}); starting a new one")
        if self._process is None:
            self._launch()
        if self._conn is not None:
            try:
                self._conn.send(job)
            except OSError:  # it died just now: failure() reports it at the next poll
                pass

    def cancel(self, generation: int) -> None:
        self._newest_cancelled = generation
        if self._cancelled is not None:
            self._cancelled.value = generation

    def receive(self) -> Iterator[SearchOutcome | SearchProgress]:
        while self._conn is not None and self._conn.poll():
            try:
                report = self._conn.recv()
            except (EOFError, OSError):  # the child is gone; failure() says so
                return
            yield self._message(report)

    def failure(self, job: SearchJob) -> SearchOutcome | None:
        if self._process is not None and self._process.is_alive():
            return None
        how = f"the search process stopped ({self._ending()})"
        _log_failure(job, how)
        self._discard()
        return JobFailed(job.kind, job.generation, SearchError(how))

    def shutdown(self, timeout: float) -> None:
        """Ask the child to exit (it was just cancelled), then terminate it if it does not."""
        process, conn = self._process, self._conn
        self._process = self._conn = self._cancelled = None
        if process is None or conn is None:
            return
        try:
            conn.send(None)
        except OSError:
            pass
        process.join(timeout)
        if process.is_alive():
            log.warning("the search process did not stop within %.1f s; terminating it", timeout)
            process.terminate()
            process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join()
        conn.close()
        process.close()

    def _launch(self) -> None:
        parent, child = self._context.Pipe()
        self._cancelled = self._context.RawValue("q", self._newest_cancelled)
        process = self._context.Process(
            target=search_service.serve,
            args=(child, self._cancelled, self.processes),
            name="othello-search",
            daemon=self.processes <= 1,
        )
        try:
            process.start()
        except OSError:  # no process to be had: failure() reports it on the first job
            log.exception("the search process could not start")
            parent.close()
            self._process = self._conn = None
            return
        finally:
            child.close()  # the child has its own copy; ours would hide its death from recv()
        self._process, self._conn = process, parent

    def _message(self, report: SearchReport) -> SearchOutcome | SearchProgress:
        if not isinstance(report, SearchFailure):
            return report
        _log_failure(report.job, report.message, "\n" + report.trace.rstrip())
        return JobFailed(report.job.kind, report.job.generation, SearchError(report.message))

    def _ending(self) -> str:
        """How the child ended, as far as we can tell."""
        code = None if self._process is None else self._process.exitcode
        if code is None:
            return "it never started" if self._process is None else "it is unreachable"
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exit code {code}"

    def _discard(self, note: str | None = None) -> None:
        if note is not None:
            log.warning("%s", note)
        if self._conn is not None:
            self._conn.close()
        if self._process is not None:
            self._process.join(0.1)  # reap it
            if not self._process.is_alive():
                self._process.close()
        self._process = self._conn = self._cancelled = None


# ----- in a thread (an engine_factory was given) ------------------------------------------------


class ThreadTransport:
    """Jobs run in a thread each, through the search process's own ``run_job``, on engines
    from the factory; reports come back on a queue."""

    def __init__(self, engine_factory: EngineFactory) -> None:
        self._factory = engine_factory
        self._engines: dict[int, Searcher] = {}
        self._reports: queue.Queue[SearchOutcome | SearchProgress] = queue.Queue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, job: SearchJob) -> None:
        stop = self._stop = threading.Event()
        previous = self._thread
        name = f"othello-{job.kind.value}"
        self._thread = threading.Thread(
            target=self._run, args=(job, stop, previous), name=name, daemon=True
        )
        self._thread.start()

    def cancel(self, generation: int) -> None:
        self._stop.set()

    def receive(self) -> Iterator[SearchOutcome | SearchProgress]:
        while True:
            try:
                yield self._reports.get_nowait()
            except queue.Empty:
                return

    def failure(self, job: SearchJob) -> SearchOutcome | None:
        return None  # a thread cannot vanish: its exceptions come back as outcomes

    def shutdown(self, timeout: float) -> None:
        """Give the thread a moment to finish (it is a daemon either way)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(
        self, job: SearchJob, stop: threading.Event, previous: threading.Thread | None
    ) -> None:
        if previous is not None:
            previous.join(JOIN_SECONDS)
            if previous.is_alive():  # an engine that ignored stop: never share it
                self._engines.pop(job.level, None)
        if stop.is_set():
            return
        try:
            search_service.run_job(job, self._engine, stop, self._reports.put)
        except ReviewStopped:  # stopped on purpose: nothing to report
            return
        except Exception as err:  # logged with its traceback, and shown in the window
            log.exception(
                "the search (%s, level %d) failed on %s", job.kind.value, job.level, job.subject
            )
            self._reports.put(JobFailed(job.kind, job.generation, err))

    def _engine(self, level: int, book: bool) -> Searcher:
        """The factory's engine for ``level`` (tests' engines play from no book)."""
        if level not in self._engines:
            self._engines[level] = self._factory(level)
        return self._engines[level]
