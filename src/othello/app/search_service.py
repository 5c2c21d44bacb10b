"""The computer's search in a process of its own, so the window never waits for the interpreter.

The window's worker (``othello.gui.services.worker``) starts :func:`serve` in a child process with
multiprocessing's "spawn" start method: a fresh interpreter that imports this module and the
engine, never pygame, so the child shares neither the window's display nor its interpreter
lock. Jobs and reports cross the pipe pickled as they are:

- a job: a :class:`BoardJob` (think, score, analyze or judge a position), a :class:`ReviewJob`
  (judge a game's moves from a ply on), a :class:`PositionJob` (a random position in a score
  range) or a :class:`LearnJob` (a game's book line searched again where it lost); ``None``
  asks the child to exit;
- a report: a :class:`SearchProgress` (the depth a search has finished), a
  ``SearchOutcome``, one type per kind of answer (:class:`MoveChosen`, :class:`MovesScored`,
  :class:`GameReviewed`, :class:`StartFound`, :class:`BookLearned`, and :class:`MoveJudged` for each move of a review
  as soon as it is judged, so a review cut short keeps what it judged), or a
  :class:`SearchFailure` (the job's error with its traceback), which the window turns into a
  :class:`JobFailed`.

:func:`run_job` is the one place that says what each kind of job does: the child calls it, and
so does the window's thread transport (tests and scripts), so the window's tests run the same
code the window does.

Cancelling needs no message: the parent writes the newest cancelled generation into shared
memory, and the running search reads it as its ``stop``. A counter rather than an Event that is
set and cleared per job, so a cancel that comes before the child picks the job up is never lost.
"""

from __future__ import annotations

import gc
import os
import signal
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Literal, Protocol, cast

from othello.core.board import Board
from othello.core.clock import ClockTime
from othello.core.notation import format_transcript, square_name
from othello.engine.api import Engine, MoveScore, SearchResult
from othello.engine.book import Corrections, book_with
from othello.engine.levels import ANALYSIS
from othello.engine.multicore.endgame import close_shared_pool, default_workers
from othello.study.book_learning import add_line, deep_search, learn
from othello.study.review import MoveReview, review_game, score_moves
from othello.study.verdict import ReviewStopped


class JobKind(Enum):
    """What a job asks of the search, and the outcome that answers it."""

    THINK = "think"  # choose a move: MoveChosen
    SCORE = "score"  # the same search, only its score wanted (the graph): MoveChosen
    ANALYZE = "analyze"  # every legal move scored, for a hint: MovesScored
    JUDGE = "judge"  # every legal move scored as a review scores it (a puzzle's answers): the same
    REVIEW = "review"  # a game's moves judged: GameReviewed
    VERDICT = "verdict"  # one move of a running review judged (a report, never a job): MoveJudged
    POSITION = "position"  # a random position in a score range: StartFound
    LEARN = "learn"  # a game's book line searched again where it lost: BookLearned


BoardKind = Literal[JobKind.THINK, JobKind.SCORE, JobKind.ANALYZE, JobKind.JUDGE]


@dataclass(frozen=True)
class BoardJob:
    """A search of one position: ``board`` is its board string; ``level`` 0 is a hint's
    settings (``othello.engine.levels.ANALYSIS``); ``book`` lets the level play from the
    opening book, with the player's ``corrections`` over it (read from their library by the
    window); ``clock`` is the mover's time when a "think" plays on a clock."""

    generation: int
    kind: BoardKind
    board: str
    level: int = 0
    book: bool = False
    clock: ClockTime | None = None
    corrections: Corrections = ()

    @property
    def subject(self) -> str:
        """The job's position (and clock) for the log, so a failure can be replayed."""
        if self.clock is None:
            return self.board
        return f"{self.board}|{self.clock.left:.3f} {self.clock.increment:.3f}"


@dataclass(frozen=True)
class ReviewJob:
    """A game's moves (passes included) from ``start`` (a board string), judged from ply
    ``first`` on."""

    generation: int
    start: str
    moves: tuple[int, ...]
    first: int = 0
    kind: ClassVar[Literal[JobKind.REVIEW]] = JobKind.REVIEW
    level: ClassVar[int] = 0

    @property
    def subject(self) -> str:
        return f"{self.start}|{format_transcript(self.moves, with_passes=True)}|{self.first}"


@dataclass(frozen=True)
class PositionJob:
    """A random position after ``moves`` discs whose score lies in ``[low, high]``."""

    generation: int
    moves: int
    low: int
    high: int
    seed: int
    kind: ClassVar[Literal[JobKind.POSITION]] = JobKind.POSITION
    level: ClassVar[int] = 0

    @property
    def subject(self) -> str:
        return f"{self.moves}:{self.low}:{self.high}:{self.seed}"


@dataclass(frozen=True)
class LearnJob:
    """A game's moves from ``start`` (a board string), with what the game or its review
    found of each (``found``: ply and discs for the mover): the book moves it lost with are
    searched again (``study.book_learning``) over the player's ``corrections``; with ``add``,
    the line is added to the player's book instead (its moves the book lacks searched)."""

    generation: int
    start: str
    moves: tuple[int, ...]
    found: tuple[tuple[int, int], ...]
    corrections: Corrections = ()
    add: bool = False
    kind: ClassVar[Literal[JobKind.LEARN]] = JobKind.LEARN
    level: ClassVar[int] = 0

    @property
    def subject(self) -> str:
        return f"{self.start}|{format_transcript(self.moves, with_passes=True)}|{self.found}"


SearchJob = BoardJob | ReviewJob | PositionJob | LearnJob


@dataclass(frozen=True)
class SearchProgress:
    """The depth a running search has finished (for the status box)."""

    generation: int
    depth: int


@dataclass(frozen=True)
class MoveChosen:
    """A THINK job's move (a SCORE job wants only its score)."""

    kind: Literal[JobKind.THINK, JobKind.SCORE]
    generation: int
    result: SearchResult


@dataclass(frozen=True)
class MovesScored:
    """Every legal move scored: by the hint's search (ANALYZE), or as a review scores them
    (JUDGE, best first)."""

    kind: Literal[JobKind.ANALYZE, JobKind.JUDGE]
    generation: int
    moves: list[MoveScore]


@dataclass(frozen=True)
class MoveJudged:
    """One move of a running review judged, sent as soon as it is."""

    generation: int
    review: MoveReview
    kind: ClassVar[Literal[JobKind.VERDICT]] = JobKind.VERDICT


@dataclass(frozen=True)
class GameReviewed:
    """A review job done: every move it judged, in order."""

    generation: int
    reviews: list[MoveReview]
    kind: ClassVar[Literal[JobKind.REVIEW]] = JobKind.REVIEW


@dataclass(frozen=True)
class StartFound:
    """A POSITION job's random position: its moves and its score, or None when none turned
    up."""

    generation: int
    found: tuple[list[int], int] | None
    kind: ClassVar[Literal[JobKind.POSITION]] = JobKind.POSITION


@dataclass(frozen=True)
class BookLearned:
    """A LEARN job's corrections of the book (none: the book was right, or held the line);
    ``added``: a line the player added."""

    generation: int
    corrections: Corrections
    added: bool = False
    kind: ClassVar[Literal[JobKind.LEARN]] = JobKind.LEARN


@dataclass(frozen=True)
class JobFailed:
    """The ``error`` that ended a job (made on the window's side: never sent across the
    pipe, see SearchFailure)."""

    kind: JobKind
    generation: int
    error: BaseException


SearchOutcome = (
    MoveChosen | MovesScored | MoveJudged | GameReviewed | StartFound | BookLearned | JobFailed
)
"""A finished job, or a review's verdict: one type per kind of answer, so mypy checks what
each consumer reads."""


@dataclass(frozen=True)
class SearchFailure:
    """The child's word that a job raised: its message and traceback, since an exception
    may not survive pickling."""

    job: SearchJob
    message: str
    trace: str


SearchReport = SearchProgress | SearchOutcome | SearchFailure


class Searcher(Protocol):
    """What a job needs of an engine: an Engine, or a test's stand-in (no clock, no book)."""

    def think(
        self,
        board: Board,
        stop: threading.Event | None = None,
        on_progress: Callable[[SearchResult], None] | None = None,
    ) -> SearchResult: ...

    def analyze(self, board: Board, stop: threading.Event | None = None) -> list[MoveScore]: ...


def run_job(
    job: SearchJob,
    engine: Callable[[int, bool], Searcher],
    stop: threading.Event,
    send: Callable[[SearchProgress | SearchOutcome], None],
) -> None:
    """Carry out one job: the one place that says what each kind does, for the search
    process and the thread transport alike. ``engine(level, book)`` gives the engine a
    search uses; the depths reached, a review's verdicts and then the outcome go to
    ``send``. An error is raised: each transport carries it to the window its own way."""
    generation = job.generation
    outcome: SearchOutcome
    if isinstance(job, ReviewJob):

        def reviewed(review: MoveReview) -> None:
            send(MoveJudged(generation, review))

        outcome = GameReviewed(generation, review_moves(job, stop, reviewed))
    elif isinstance(job, PositionJob):
        outcome = StartFound(generation, position_found(job, stop))
    elif isinstance(job, LearnJob):
        outcome = BookLearned(generation, book_learned(job, stop), job.add)
    elif job.kind is JobKind.JUDGE:
        outcome = MovesScored(
            job.kind, generation, judged_moves(Board.from_string(job.board), stop)
        )
    else:
        board = Board.from_string(job.board)
        searcher = engine(job.level, job.book)
        if isinstance(searcher, Engine):  # a test's stand-in plays from no book
            searcher.corrections = job.corrections
        if job.kind is JobKind.ANALYZE:
            outcome = MovesScored(job.kind, generation, searcher.analyze(board, stop=stop))
        else:  # THINK or SCORE: the same search, of which "score" wants only the score

            def progress(result: SearchResult) -> None:
                send(SearchProgress(generation, result.depth))

            timed: dict[str, Any] = {} if job.clock is None else {"clock": job.clock}
            result = searcher.think(board, stop=stop, on_progress=progress, **timed)
            outcome = MoveChosen(job.kind, generation, result)
    send(outcome)


class Cancelled:
    """A job's ``stop``: set once the parent has cancelled this generation (or a later one)."""

    def __init__(self, cancelled: Any, generation: int) -> None:
        self._cancelled = cancelled  # a shared int: the newest generation cancelled
        self._generation = generation

    def is_set(self) -> bool:
        return bool(self._cancelled.value >= self._generation)


def serve(conn: Any, cancelled: Any, processes: int = 1) -> None:
    """The child's entry point: run jobs from ``conn`` until told to stop or the parent goes.

    A module-level function, so "spawn" can find it by name on every OS, however the game
    was started (``othello``, ``python -m othello``, a double-clicked gui-script).
    ``processes`` above 1 gives levels 15-17 and hints that many worker processes of their
    own (``othello.engine.multicore.endgame.default_search_processes()`` is the machine's sensible count);
    a daemonic process cannot start them, so the parent must start this one non-daemonic.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in the terminal is the window's to handle
    engines: dict[tuple[int, bool], Engine] = {}  # one per level: tables last across moves

    def engine(level: int, book: bool) -> Engine:
        if (level, book) not in engines:
            engines[level, book] = engine_for(level, book, processes)
        return engines[level, book]

    try:
        while (job := conn.recv()) is not None:
            stop = Cancelled(cancelled, job.generation)

            def send(report: SearchReport, stop: Cancelled = stop) -> None:
                if not stop.is_set():  # a cancelled job's reports are stale: the parent drops them
                    conn.send(report)

            if stop.is_set():
                continue
            try:  # any object with is_set() serves as stop; the engine only asks that of it
                run_job(job, engine, cast(threading.Event, stop), send)
            except Exception as err:
                send(SearchFailure(job, f"{type(err).__name__}: {err}", traceback.format_exc()))
    except (EOFError, OSError):  # the window has gone: nobody is left to answer
        pass
    close_shared_pool()  # the worker processes, if any: none is left behind
    # A review's pool, stopped, waits in reference cycles for the collector; collecting it
    # runs its finalizers, which remove its semaphores (else the window's resource tracker
    # reports them "leaked" at exit). The tables stay referenced, so this is quick.
    gc.collect()
    # Skip the interpreter's teardown: freeing tables of a million entries takes a while, and
    # the window is waiting for this process to end.
    os._exit(0)


def engine_for(level: int, book: bool = False, processes: int = 1) -> Engine:
    """The engine for a job's level number; ``ANALYSIS.number`` (0) means a hint's settings
    (never from the book: a hint is the search's own judgement). ``processes``: the worker
    processes its search may share out to (levels 15-17 and hints use them; one pool serves
    every engine of the process)."""
    if level == ANALYSIS.number:
        return Engine(level=ANALYSIS, workers=processes)
    return Engine(level=level, book=book, workers=processes)


def book_learned(job: LearnJob, stop: threading.Event) -> Corrections:
    """What the job's game teaches the book (``study.book_learning.learn``); a job stopped
    half-way teaches nothing (a search cut short is no correction)."""
    search = deep_search(stop=stop)

    def searched(board: Board) -> tuple[int, int]:
        found = search(board)
        if stop.is_set():
            raise ReviewStopped
        return found

    book, start = book_with(job.corrections), Board.from_string(job.start)
    if job.add:
        return add_line(book, start, job.moves, searched)
    return learn(book, start, job.moves, dict(job.found), searched)


def position_found(job: PositionJob, stop: threading.Event) -> tuple[list[int], int] | None:
    """The moves to a random position in the job's score range and its score, or None when
    none turned up (or the job was cancelled)."""
    from othello.club.starts import in_range

    found = in_range(job.moves, job.low, job.high, 1, job.seed, stop=stop)
    return (list(found[0].moves), found[0].score) if found else None


REVIEW_NICE = 10
"""How far below the window the review's worker processes run: the window keeps its frames."""


def review_moves(
    job: ReviewJob,
    stop: threading.Event | None,
    on_review: Callable[[MoveReview], None],
    workers: int | None = None,
) -> list[MoveReview]:
    """Review the job's game on ``workers`` processes (one per core unless told), at a lower
    priority than the window; ``on_review`` hears each verdict as it is made."""
    count = default_workers() if workers is None else workers
    return review_game(
        Board.from_string(job.start),
        list(job.moves),
        stop=stop,
        first=job.first,
        on_review=on_review,
        workers=count,
        nice=REVIEW_NICE,
    )


def judged_moves(board: Board, stop: threading.Event) -> list[MoveScore]:
    """Every legal move scored as the review scores it, best first."""
    scores, exact = score_moves(board, stop=stop)
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    return [MoveScore(square_name(sq), score, exact) for sq, score in ranked]
