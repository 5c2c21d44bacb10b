"""The computer opponent: the API a window or script drives.

>>> from othello import Board, Engine
>>> result = Engine(level=2, seed=1).think(Board())
>>> result.move in Board().legal_moves()
True

``think`` picks a move, ``solve`` plays perfectly (exact final disc difference) and
``analyze`` scores every legal move for hints. All three take the board without changing
it, may run on a worker thread, and return promptly once ``stop`` (a
``threading.Event``) is set, with the best answer found so far. One engine runs one
search at a time (a lock serialises calls), so share it between threads freely.

How a level searches is :mod:`othello.engine.search_call`; the levels are :mod:`othello.engine.levels`. Moves
are square numbers inside the engine and names (``"f5"``, ``"pass"``) only here.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from othello.core.bitboard import Bitboard, legal_moves
from othello.core.board import Board
from othello.core.clock import ClockTime, move_plan
from othello.core.errors import GameOverError
from othello.core.notation import PASS_NAME, square_name
from othello.engine.book import MAX_PLIES, Corrections, book_with
from othello.engine.levels import ANALYSIS, DEFAULT_LEVEL, LEVELS, Level, choose_level
from othello.engine.multicore.endgame import WorkerPool, default_search_processes, shared_pool
from othello.engine.search_call import PARALLEL_EMPTIES, Found, SearchTask, Tables

__all__ = [
    "ANALYSIS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "PARALLEL_EMPTIES",
    "Engine",
    "Level",
    "MoveScore",
    "SearchResult",
    "default_search_processes",
]

BOOK_FROM_LEVEL = 10
"""Levels below this never play from the book: a beginner's opponent should not know it."""

START_SPEED = 60_000.0
"""Positions a second a clocked engine assumes before it has measured its own speed."""

KEEP_BETWEEN_CALLS = 400_000
"""A table holding more positions than this is emptied before the next call."""


@dataclass
class SearchResult:
    """What a search found; ``score`` is from the side to move's view, in discs.

    ``exact`` results are the final disc difference with perfect play; others are an
    estimate on the same scale. ``depth`` is plies searched (empties, when exact).
    """

    move: str
    score: int
    depth: int
    nodes: int
    pv: list[str] = field(default_factory=list)
    exact: bool = False
    time: float = 0.0
    book: bool = False  # played from the opening book (score: the move's value in the book)


class MoveScore(NamedTuple):
    """One legal move and its score (discs, side to move's view) for hints."""

    move: str
    score: int
    exact: bool


class Engine:
    """A computer player at a fixed level (or with a fixed time per move).

    ``Engine(level=n)`` uses ``LEVELS[n - 1]`` (``Engine(level=ANALYSIS)`` the settings of a
    hint, or any Level); ``Engine(time_limit=s)`` plays as strongly
    as it can in ``s`` seconds a move; both together use the level with that time limit.
    ``depth``, ``node_limit`` (a script's cap on each search's nodes), ``node_budget`` (in
    place of the level's nodes a move, which no deeper search starts past most of; 0 for
    none) and
    ``seed`` (for the beginner's randomness) are for tests and scripts. ``workers`` above 1 lets ``solve`` use that many processes (one per
    processor core is the sensible most) for positions of ``PARALLEL_EMPTIES`` or more.
    ``book=True`` lets ``think`` play from the opening book (``othello.engine.book``) from level
    ``BOOK_FROM_LEVEL`` up, while the book knows a good move; ``corrections`` (the player's
    own book, which the application reads from their library) are read over the shipped one.
    """

    def __init__(
        self,
        level: int | Level | None = None,
        time_limit: float | None = None,
        *,
        depth: int | None = None,
        node_limit: int | None = None,
        seed: int | None = None,
        selectivity: float | None = None,
        workers: int = 1,
        book: bool = False,
        node_budget: int | None = None,
        corrections: Corrections = (),
    ) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(
                f"workers must be a whole number of processes, at least 1, not {workers!r}"
            )
        self.level_info: Level = choose_level(level, time_limit, depth, selectivity, node_budget)
        self.node_limit = node_limit
        self.workers = workers
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._tables = Tables()
        self.book = book
        self.corrections = corrections
        self.speed = START_SPEED  # positions a second, as measured by this engine's searches

    def think(
        self,
        board: Board,
        stop: threading.Event | None = None,
        on_progress: Callable[[SearchResult], None] | None = None,
        clock: ClockTime | None = None,
    ) -> SearchResult:
        """Choose a move for the side to move; raises GameOverError if the game is over.

        ``on_progress`` hears each completed depth. When passing is the only legal action
        the move is ``"pass"``, scored by searching the opponent's reply as this level
        would: a static guess there can even get the sign wrong. With a ``clock`` (the
        mover's time left and increment) the move takes the time ``clock.move_plan`` gives
        it, never more than the level's own limit, and solves only where the solve fits."""
        with self._lock:
            played = self._from_book(board)
            if played is not None:
                return played
            if clock is None:
                return self._run(board, SearchTask.think, stop, on_progress)
            level = self.level_info
            plan = move_plan(clock.left, clock.increment, board.empties(), level.exact_empties,
                             self.speed)  # fmt: skip
            self.level_info = replace(
                level,
                exact_empties=min(level.exact_empties, plan.exact_empties),
                wld_empties=min(level.wld_empties, plan.wld_empties),
            )
            try:
                seconds = min(plan.seconds, level.time_budget)  # never longer than the level
                found = self._run(board, SearchTask.think, stop, on_progress, seconds)
            finally:
                self.level_info = level
            if found.time > 0.05 and found.nodes:
                self.speed = 0.7 * self.speed + 0.3 * found.nodes / found.time
            return found

    def _from_book(self, board: Board) -> SearchResult | None:
        """A book move when this engine plays from the book and the book has a good one."""
        number = self.level_info.number
        if not self.book or number < BOOK_FROM_LEVEL or board.is_game_over():
            return None
        if (board.black | board.white).bit_count() - 4 >= MAX_PLIES or board.must_pass():
            return None
        chosen = book_with(self.corrections).choose(board.player, board.opponent, self._rng)
        if chosen is None:
            return None
        name = square_name(chosen.square)
        score = round(chosen.average) if chosen.value is None else chosen.value.discs
        return SearchResult(name, score, 0, 0, [name], book=True)

    def solve(self, board: Board, stop: threading.Event | None = None) -> SearchResult:
        """Perfect play: the best move and the exact final disc difference.

        No time limit but ``stop``; if stopped, the result is marked ``exact=False`` and
        holds the best move found so far.
        """
        with self._lock:
            return self._run(board, SearchTask.solve, stop, None)

    def analyze(self, board: Board, stop: threading.Event | None = None) -> list[MoveScore]:
        """Every legal move with a score, best first (exact when within solving range)."""
        with self._lock:
            p, o = _playable(board)
            if not legal_moves(p, o):  # the pass: the opponent's best reply, from our side
                reply = self._task(o, p, stop).analyze()[0]
                return [MoveScore(PASS_NAME, -reply[1], reply[2])]
            with self._pool(stop) as pool:
                table = self._task(p, o, stop, pool=pool).analyze()
            return [MoveScore(square_name(sq), score, exact) for sq, score, exact in table]

    def forget(self) -> None:
        """Empty the tables that earlier searches filled (for scripts that change the
        evaluation between moves: what the tables hold was scored by the old one)."""
        with self._lock:
            self._tables = Tables()

    # ----- internals --------------------------------------------------------------

    def _run(
        self,
        board: Board,
        search: Callable[[SearchTask], Found],
        stop: threading.Event | None,
        on_progress: Callable[[SearchResult], None] | None,
        seconds: float | None = None,
    ) -> SearchResult:
        """Run ``search`` (think or solve) on the board, passing first when it must;
        ``seconds``: a clock's time for this move."""
        p, o = _playable(board)
        start = time.perf_counter()
        passing = not legal_moves(p, o)
        if passing:
            p, o = o, p
        task: SearchTask | None = None

        def result(found: Found) -> SearchResult:
            nodes = task.nodes if task is not None else 0
            public = _public(found, nodes, time.perf_counter() - start)
            return _after_pass(public) if passing else public

        report = None
        if on_progress is not None:

            def report(found: Found) -> None:
                on_progress(result(found))

        with self._pool(stop) as pool:
            task = self._task(p, o, stop, report, pool, seconds)
            return result(search(task))

    def _task(
        self,
        p: Bitboard,
        o: Bitboard,
        stop: threading.Event | None,
        report: Callable[[Found], None] | None = None,
        pool: WorkerPool | None = None,
        seconds: float | None = None,
    ) -> SearchTask:
        if len(self._tables.midgame) > KEEP_BETWEEN_CALLS:
            self._tables.midgame.clear()
        if len(self._tables.endgame) > KEEP_BETWEEN_CALLS:
            self._tables.endgame.clear()
        return SearchTask(
            p,
            o,
            self.level_info,
            self._tables,
            stop,
            node_limit=self.node_limit,
            rng=self._rng,
            workers=self.workers,
            report=report,
            pool=pool,
            seconds=seconds,
        )

    @contextmanager
    def _pool(self, stop: threading.Event | None) -> Iterator[WorkerPool | None]:
        """The process's worker pool for one call, when this engine has workers and its
        level shares its search; None (search here) otherwise, or while another engine's
        search holds the pool, or where processes cannot start."""
        if self.workers < 2 or not self.level_info.parallel:
            yield None
            return
        pool = shared_pool(self.workers)
        if pool is None or not pool.lock.acquire(blocking=False):
            yield None
            return
        try:
            pool.stop = stop
            pool.use_tables_of(self._tables)
            yield pool
        finally:
            pool.stop = None
            pool.lock.release()


def _playable(board: Board) -> tuple[Bitboard, Bitboard]:
    """The board's two bitboards; GameOverError when neither side can move."""
    if board.is_game_over():
        raise GameOverError("the game is over: neither side has a legal move")
    return board.player, board.opponent


def _public(found: Found, nodes: int, seconds: float) -> SearchResult:
    """A search's answer as the API gives it: moves named, nodes and time filled in."""
    return SearchResult(
        move=square_name(found.move),
        score=found.score,
        depth=found.depth,
        nodes=nodes,
        pv=[square_name(sq) for sq in found.pv],
        exact=found.exact,
        time=seconds,
    )


def _after_pass(reply: SearchResult) -> SearchResult:
    """The forced pass, scored by the opponent's search of the position after it."""
    return SearchResult(
        move=PASS_NAME,
        score=-reply.score,
        depth=reply.depth,
        nodes=reply.nodes,
        pv=[PASS_NAME, *reply.pv],
        exact=reply.exact,
        time=reply.time,
    )
