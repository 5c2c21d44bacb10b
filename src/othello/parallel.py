"""Exact solving on several processor cores: the root moves are shared out to worker processes.

Python threads cannot run search code at the same time, so each worker is a process with
its own :class:`~othello.endgame.EndgameSolver` and endgame table. The main process runs the
same MTD(f) loop as a single searcher (:func:`~othello.endgame.mtd`), but each null-window
probe ("is the root worth at least beta?") sends the root moves to idle workers one at a
time. A probe that fails (no move reaches beta) must search every move anyway, so it
splits evenly; a probe that succeeds stops every worker as soon as one move reaches beta.

A worker keeps its table for the whole solve, and a root move goes back to the worker that
searched it in the last probe when that worker is free: the later probes of a solve are
cheap only because the first one filled the table.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from multiprocessing.connection import Connection, wait
from typing import Any

from .bitboard import Bitboard, flips
from .endgame import EndgameSolver, mtd
from .search import CHECK_EVERY, INF, SearchStopped

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


def _serve(conn: Connection, cancel: Any) -> None:
    """A worker's loop: answer probe and line requests until told to quit (``None``).

    Ctrl+C in a terminal reaches the workers too: they end quietly and leave the telling
    to the main process.
    """
    try:
        _answer_requests(conn, EndgameSolver({}, stop=cancel))
    except (EOFError, KeyboardInterrupt, BrokenPipeError):
        return


def _answer_requests(conn: Connection, searcher: EndgameSolver) -> None:
    """Requests are ``(kind, p, o, root move, value)``: a "probe" of the move against the
    bound ``value``, answered ``(move, score or None if stopped, nodes)``; or the "line"
    after the move, at most ``value`` squares long."""
    while True:
        request = conn.recv()
        if request is None:
            return
        kind, p, o, sq, value = request
        if kind == "line":
            conn.send(searcher.line(p, o, sq, value))
            continue
        searcher.nodes = 0
        searcher.next_check = CHECK_EVERY
        f = flips(p, o, sq)
        try:
            v: int | None = -searcher.exact(o ^ f, p | f | (1 << sq), -value, -value + 1)
        except SearchStopped:
            v = None
        conn.send((sq, v, searcher.nodes))


class WorkerPool:
    """Worker processes for one solve; use as a context manager so they always exit."""

    def __init__(self, workers: int, stop: threading.Event | None = None) -> None:
        context = multiprocessing.get_context("spawn")  # fork is unsafe beside GUI threads
        self.stop = stop
        self.cancel = context.Event()
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        self.owner: dict[int, int] = {}  # root move -> worker that last searched it
        self.nodes = 0
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

    # ----- the search -----------------------------------------------------------------

    def root_mtd(self, p: Bitboard, o: Bitboard, order: list[int], guess: int) -> tuple[int, int]:
        """Exact root score and a best move, by :func:`~othello.endgame.mtd` over the workers."""
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
                        self._cancel(busy)
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
        ready: list[Any] = []
        while not ready:
            if self.stop is not None and self.stop.is_set():
                self._cancel(busy)
                raise SearchStopped
            ready = wait([self.conns[w] for w in busy], POLL_SECONDS)
        return [self._receive(w, busy) for w in sorted(busy) if self.conns[w] in ready]

    def _receive(self, w: int, busy: set[int]) -> tuple[int, int | None]:
        """Worker ``w``'s answer: its root move and score (None if it was stopped)."""
        sq, v, nodes = self.conns[w].recv()
        self.nodes += nodes
        busy.discard(w)
        return sq, v

    def _cancel(self, busy: set[int]) -> None:
        """Stop every busy worker and wait for each to say it has stopped."""
        self.cancel.set()
        for w in sorted(busy):
            self._receive(w, busy)
        self.cancel.clear()
