"""Exact solving on several processor cores: the root moves are shared out to worker processes.

Python threads cannot run search code at the same time, so each worker is a process with
its own :class:`~othello.engine.endgame.EndgameSolver` and endgame table. The main process runs the
same MTD(f) loop as a single searcher (:func:`~othello.engine.endgame.mtd`), but each null-window
probe ("is the root worth at least beta?") sends the root moves to idle workers one at a
time. A probe that fails (no move reaches beta) must search every move anyway, so it
splits evenly; a probe that succeeds stops every worker as soon as one move reaches beta.

A worker keeps its table for the whole solve, and a root move goes back to the worker that
searched it in the last probe when that worker is free: the later probes of a solve are
cheap only because the first one filled the table.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import threading
import time
from multiprocessing.connection import Connection, wait
from typing import Any

from othello.core.bitboard import Bitboard, flips
from othello.engine import evaluation
from othello.engine.endgame import EndgameSolver, mtd
from othello.engine.midgame import MidgameSearcher
from othello.engine.search_common import CHECK_EVERY, INF, SearchStopped, principal_variation

Reply = tuple[int, "int | None", int]
"""A worker's answer to a search: the root move, its score (None if stopped), nodes."""
MidRequest = tuple[int, int, int, float, "float | None"]
"""A midgame search's settings: depth, alpha, beta, selectivity, seconds left."""

log = logging.getLogger(__name__)

POLL_SECONDS = 0.05
"""How often the main process looks at the caller's stop flag while the workers search."""

MAX_WORKERS = 4
"""The most workers ``default_workers`` suggests: each has its own table, so every worker
added searches more positions another already did (two workers searched 1.1-1.4 times the
nodes of one on FForum #26-34). Only two cores were there to measure on; four is a guess."""


def default_workers() -> int:
    """One worker per processor core this process may use, at most ``MAX_WORKERS``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every platform
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS))


def default_search_processes() -> int:
    """How many worker processes a game's searches should use: every core but one (the
    window's and the system's), at least one; 1 means the search runs in its own process
    alone. The calling process only hands out root moves and waits while they search."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def _serve(conn: Connection, cancel: Any) -> None:
    """A worker's loop: answer requests until told to quit (``None``).

    Ctrl+C in a terminal reaches the workers too: they end quietly and leave the telling
    to the main process. The tables built at start (``prepare``) are built here, in the
    background, before the first request can wait for them.
    """
    try:
        evaluation.prepare()
        _answer_requests(conn, EndgameSolver({}, stop=cancel), MidgameSearcher({}, stop=cancel))
    except (EOFError, KeyboardInterrupt, BrokenPipeError):
        return


def _answer_requests(conn: Connection, solver: EndgameSolver, searcher: MidgameSearcher) -> None:
    """Requests are ``(kind, p, o, root move, value)``:

    - "probe": the exact solver's null-window test of the move against the bound ``value``,
      answered ``(move, score or None if stopped, nodes)``;
    - "line": the solver's best line after the move, at most ``value`` squares long;
    - "mid": the midgame search of the move, ``value`` = ``(depth, alpha, beta,
      selectivity, seconds left or None)``, answered like a probe;
    - "midline": the midgame table's line after the move, at most ``value`` squares;
    - "forget": empty the midgame table (another engine's searches come next).
    """
    while True:
        request = conn.recv()
        if request is None:
            return
        kind, p, o, sq, value = request
        if kind == "line":
            conn.send(solver.line(p, o, sq, value))
        elif kind == "midline":
            conn.send(principal_variation(p, o, sq, value, searcher.tt_mid))
        elif kind == "forget":
            searcher.tt_mid.clear()
        elif kind == "mid":
            conn.send(_search_move(searcher, p, o, sq, value))
        else:
            conn.send(_probe_move(solver, p, o, sq, value))


def _probe_move(solver: EndgameSolver, p: Bitboard, o: Bitboard, sq: int, beta: int) -> Reply:
    solver.nodes = 0
    solver.next_check = CHECK_EVERY
    f = flips(p, o, sq)
    try:
        v: int | None = -solver.exact(o ^ f, p | f | (1 << sq), -beta, -beta + 1)
    except SearchStopped:
        v = None
    return sq, v, solver.nodes


def _search_move(
    searcher: MidgameSearcher, p: Bitboard, o: Bitboard, sq: int, value: MidRequest
) -> Reply:
    """One root move searched to ``depth`` in the window ``(alpha, beta)``."""
    depth, alpha, beta, selectivity, seconds = value
    searcher.nodes = 0
    searcher.next_check = CHECK_EVERY
    searcher.selectivity = selectivity
    searcher.deadline = None if seconds is None else time.perf_counter() + seconds
    f = flips(p, o, sq)
    np, no = o ^ f, p | f | (1 << sq)
    try:
        if depth > 1:
            v: int | None = -searcher.midgame(np, no, depth - 1, -beta, -alpha)
        else:
            v = -searcher.leaf(np, no)
    except SearchStopped:
        v = None
    return sq, v, searcher.nodes


class WorkerPool:
    """Worker processes for one solve; use as a context manager so they always exit."""

    def __init__(self, workers: int, stop: threading.Event | None = None) -> None:
        context = multiprocessing.get_context("spawn")  # fork is unsafe beside GUI threads
        self.stop = stop
        self.deadline: float | None = None  # a probe past it stops (a level's exact solve)
        self.cancel: Any = context.Event()  # a multiprocessing Event; a plain one once closed
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        self.owner: dict[int, int] = {}  # root move -> worker that last searched it
        self.nodes = 0
        self.lock = threading.Lock()  # one search at a time uses a shared pool
        self.user: object = None  # the engine whose searches the midgame tables hold
        try:
            for _ in range(workers):
                mine, theirs = context.Pipe()
                proc = context.Process(target=_serve, args=(theirs, self.cancel), daemon=True)
                proc.start()
                theirs.close()
                self.conns.append(mine)
                self.procs.append(proc)
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Ask every worker to quit, and end any that does not within a second."""
        self.cancel.set()
        for conn in self.conns:
            try:
                conn.send(None)
            except OSError:
                pass
        for proc in self.procs:
            proc.join(1.0)
            if proc.is_alive():
                proc.terminate()
                proc.join(1.0)
        for conn in self.conns:
            conn.close()
        self.conns, self.procs = [], []
        # The Event's named semaphores are released when it is freed, and a pool can sit in a
        # reference cycle (a search task's callbacks) that only the garbage collector frees:
        # a process leaving by os._exit (the window's search process) would leave them to
        # the resource tracker, which warns. Nobody needs it once the workers are gone.
        self.cancel = threading.Event()

    # ----- the search -----------------------------------------------------------------

    def root_mtd(self, p: Bitboard, o: Bitboard, order: list[int], guess: int) -> tuple[int, int]:
        """Exact root score and a best move, by :func:`~othello.engine.endgame.mtd` over the workers."""
        return mtd(lambda moves, beta: self.probe(p, o, moves, beta), order, guess)

    def probe(self, p: Bitboard, o: Bitboard, order: list[int], beta: int) -> tuple[int, int]:
        """Fail-soft null-window test of every root move against ``beta``, in parallel."""
        pending = list(order)
        busy: set[int] = set()  # workers searching a move of this probe
        best, best_sq = -INF, order[0]
        while pending or busy:
            for w in range(len(self.conns)):
                if w not in busy and pending and best < beta:
                    sq = self._pick(w, pending)
                    self.conns[w].send(("probe", p, o, sq, beta))
                    busy.add(w)
                    self.owner[sq] = w
            if not busy:
                break
            for sq, v in self._replies(busy):
                if v is not None and v > best:
                    best, best_sq = v, sq
                    if v >= beta:
                        self.cancel_busy(busy)
        return best, best_sq

    def line(self, p: Bitboard, o: Bitboard, sq: int, limit: int) -> list[int]:
        """The best line from the table of the worker that searched ``sq`` last."""
        conn = self.conns[self.owner.get(sq, 0)]
        conn.send(("line", p, o, sq, limit))
        line: list[int] = conn.recv()
        return line

    # ----- helpers ----------------------------------------------------------------------

    def _pick(self, worker: int, pending: list[int]) -> int:
        """The first pending move this worker searched before (or nobody did); failing
        that the last pending one, which its own worker would reach last."""
        for i, sq in enumerate(pending):
            if self.owner.get(sq, worker) == worker:
                return pending.pop(i)
        return pending.pop()

    def _replies(self, busy: set[int]) -> list[tuple[int, int | None]]:
        """Wait for at least one worker to answer; stop them all if the caller says so."""
        return [(sq, v) for _, sq, v in self.replies(busy, self.deadline)]

    def replies(
        self, busy: set[int], deadline: float | None = None
    ) -> list[tuple[int, int, int | None]]:
        """``(worker, root move, score or None)`` for each busy worker that has answered,
        after waiting for at least one; every worker is stopped and SearchStopped raised
        once the caller's stop flag is set or the deadline passes."""
        ready: list[Any] = []
        while not ready:
            late = deadline is not None and time.perf_counter() >= deadline
            if late or (self.stop is not None and self.stop.is_set()):
                self.cancel_busy(busy)
                raise SearchStopped
            ready = wait([self.conns[w] for w in busy], POLL_SECONDS)
        answers = []
        for w in sorted(busy):
            if self.conns[w] in ready:
                answers.append((w, *self._receive(w, busy)))
        return answers

    def send(self, worker: int, request: tuple[Any, ...]) -> None:
        """Give a worker a request (see ``_answer_requests``)."""
        self.conns[worker].send(request)

    def ask(self, worker: int, request: tuple[Any, ...]) -> Any:
        """A request answered at once (a line): sent, and its answer waited for."""
        self.conns[worker].send(request)
        return self.conns[worker].recv()

    def use_tables_of(self, user: object) -> None:
        """Empty the workers' midgame tables when another engine than the last one uses
        the pool: a table holds one engine's searches (a selective level's bounds are not
        a full-width level's)."""
        if self.user is not user:
            for conn in self.conns:
                conn.send(("forget", 0, 0, 0, 0))
            self.user = user

    def healthy(self) -> bool:
        return bool(self.procs) and all(proc.is_alive() for proc in self.procs)

    def _receive(self, w: int, busy: set[int]) -> tuple[int, int | None]:
        """Worker ``w``'s answer: its root move and score (None if it was stopped)."""
        sq, v, nodes = self.conns[w].recv()
        self.nodes += nodes
        busy.discard(w)
        return sq, v

    def cancel_busy(self, busy: set[int]) -> None:
        """Stop every busy worker and wait for each to say it has stopped."""
        self.cancel.set()
        for w in sorted(busy):
            self._receive(w, busy)
        self.cancel.clear()


_shared: list[WorkerPool] = []
_shared_lock = threading.Lock()
_cannot_start: list[str] = []


def shared_pool(workers: int) -> WorkerPool | None:
    """This process's pool of ``workers`` search processes, started on first use and kept
    for the next searches (starting one costs a few tenths of a second: too much for every
    move); None when processes cannot start here (said once in the log). A pool of another
    size, or with a dead worker, is replaced."""
    with _shared_lock:
        if _cannot_start:
            return None
        if _shared and (len(_shared[0].procs) != workers or not _shared[0].healthy()):
            _shared.pop().close()
        if not _shared:
            try:
                _shared.append(WorkerPool(workers))
            except (OSError, ImportError, AssertionError) as err:
                # AssertionError: a daemonic process (as a window may start its search
                # process) is not allowed children
                log.warning("searching in one process: worker processes cannot start (%s)", err)
                _cannot_start.append(str(err))
                return None
        return _shared[0]


def close_shared_pool() -> None:
    """End this process's search processes, if it has any (also done at exit)."""
    with _shared_lock:
        while _shared:
            _shared.pop().close()


atexit.register(close_shared_pool)
