"""The midgame search on several processor cores: the root moves are shared out.

Why this scheme: Python threads cannot search at the same time, so the helpers are
processes (:mod:`othello.engine.multicore.endgame`), and anything they share crosses a pipe. Splitting at
the root costs one message per root move and depth, and each process keeps its own table
between depths and moves; a split deeper in the tree (young brothers wait) would send
thousands of messages a second, and a shared table would cost a lock or a copy per node,
more than a pure-Python node costs. The price is that the first move of each depth is
searched by one process while the others start on the rest with a guessed bound.

How a depth is searched (principal variation search, as in one process): the first move in
the order gets a full window; every other move a null window at the best score so far
("does it beat it?"), and a full re-search when it does. Before the first move's score is
known, the others are tested against the score two depths before; a test against a bound
that turns out wrong is made again, and a pending test takes its bound only when a worker
starts it. Equal scores go to the move earlier in the
order (a later move must beat the best, an earlier one only equal it), the rule of the
one-process search, so a full-width search to a fixed depth finds the same score and, but
for ties the order decides, the same move on one process or many. A root move goes back to
the process that searched it at the depth before, whose table still holds its tree.

A selective search choosing one move (levels 15-17) is not shared out: measured, it lost (see
``SplitSearcher._selective``); a selective search scoring every move in full (a hint) is.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Final

from othello.core.bitboard import Bitboard, Square
from othello.engine.midgame import MidgameSearcher, MidgameTable
from othello.engine.multicore.endgame import WorkerPool
from othello.engine.search_common import INF, SearchStopped

log = logging.getLogger(__name__)


SPLIT_FROM_DEPTH: Final = 2
"""Depth 1 (it only evaluates) is searched in the calling process; from depth 2 on the
workers search, so that their tables already hold the shallow depths' best moves when the
deep ones come (on 6 positions to depth 7, 230,000-235,000 nodes with 2 workers against
232,000-256,000 when they started at depth 4)."""


TEST: Final = -2 * INF
"""A pending job's alpha that stands for "the threshold when it starts" (see ``_Depth``)."""


def _pending_test(at: int) -> tuple[int, int, int]:
    """A test of the move at ``at`` against the threshold when it starts."""
    return (at, TEST, TEST)


@dataclass
class _Depth:
    """One depth's bookkeeping: what is known of each root move, by its place in the order.

    A job is ``(place, alpha, beta)``: the move at ``place`` in the order, searched in
    that window; a pending test (``TEST``) is given its bound, the threshold, only when a
    worker takes it, so it is as high as what is known by then."""

    order: list[Square]
    guess: int
    best: int = -INF
    best_at: int = -1  # place in the order of the best move; -1 until one is exact
    scores: dict[Square, int] = field(default_factory=dict)
    pending: list[tuple[int, int, int]] = field(default_factory=list)
    running: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # worker -> job
    waiting: list[tuple[int, int]] = field(default_factory=list)  # (place, upper bound)

    def threshold(self, at: int) -> int:
        """What the move at ``at`` must score above to become the best: the best score, or
        one less for a move before the best (equal scores go to the earlier move); the
        guess while no move has an exact score yet."""
        if self.best_at < 0:
            return self.guess
        return self.best if at > self.best_at else self.best - 1

    def settle(self, at: int, alpha: int, beta: int, v: int) -> bool:
        """Take in the move's score ``v`` from the window ``(alpha, beta)`` and queue what
        is left to learn about it; True when it is the new best move."""
        self.scores[self.order[at]] = v
        # Its exact score; or a re-search's answer, taken as it comes, as one process does:
        # a selective search may fail low on the re-search of a test it failed high (a
        # test again would go round for ever).
        if alpha < v < beta or beta == INF:
            if self.best_at < 0 or v > self.threshold(at):
                self.best, self.best_at = v, at
                self._recheck_waiting()
                return True
            return False
        if v <= alpha:  # at most v
            if self.best_at < 0:
                self.waiting.append((at, v))  # compared once a best score is known
            elif v > self.threshold(at):
                self.pending.insert(0, _pending_test(at))
            return False
        # at least v: its exact score if it may be the best, else a test at today's bound
        if self.best_at < 0 or v > self.threshold(at):
            self.pending.insert(0, (at, v - 1, INF))
        else:
            self.pending.insert(0, _pending_test(at))
        return False

    def _recheck_waiting(self) -> None:
        for at, upper in self.waiting:
            if upper > self.threshold(at):
                self.pending.insert(0, _pending_test(at))
        self.waiting.clear()

    def window(self, job: tuple[int, int, int]) -> tuple[int, int]:
        """The window a job is searched in: a test's is the threshold's, now."""
        at, alpha, beta = job
        if alpha == TEST:
            bound = self.threshold(at)
            return bound, bound + 1
        return alpha, beta


class SplitSearcher(MidgameSearcher):
    """A midgame searcher whose root depths from ``SPLIT_FROM_DEPTH`` run on a pool of
    worker processes; if the pool fails, the rest of the search runs in this process."""

    def __init__(
        self,
        table: MidgameTable,
        pool: WorkerPool,
        stop: threading.Event | None = None,
        deadline: float | None = None,
        node_limit: int | None = None,
        selectivity: float = 0.0,
    ) -> None:
        super().__init__(table, stop, deadline, node_limit, selectivity)
        self.pool: WorkerPool | None = pool
        self.history: dict[int, int] = {}  # depth -> the root's score
        self.lines: dict[Square, int] = {}  # root move -> the worker whose table has its line

    def root_midgame(
        self, p: Bitboard, o: Bitboard, depth: int, order: list[int], full_window: bool = False
    ) -> tuple[int, int, dict[int, int]]:
        self.lines = {}
        pool = self.pool
        if (
            pool is None
            or depth < SPLIT_FROM_DEPTH
            or len(order) < 2
            or self._selective(full_window)
        ):
            found = super().root_midgame(p, o, depth, order, full_window)
        else:
            try:
                found = self._split(pool, p, o, depth, order, full_window)
            except (OSError, EOFError) as err:  # a worker died: on without the pool
                log.warning("searching in this process alone: a worker process failed (%s)", err)
                self.pool = None
                pool.close()
                found = super().root_midgame(p, o, depth, order, full_window)
        self.history[depth] = found[0]
        return found

    def _selective(self, full_window: bool) -> bool:
        """A selective search choosing one move is not shared out: measured, its tests
        against guessed bounds cost more than the second process gives (the former level
        6's, today's 17, depth 10 on the bench's 8 positions: 41% more nodes, the busiest of two workers 87% of
        one process's CPU time, 0.81 times as fast by the clock). With every move scored
        in full (a hint) it is: each move is a search of its own."""
        return bool(self.selectivity) and not full_window

    def line(self, p: Bitboard, o: Bitboard, sq: Square, limit: int) -> list[Square]:
        """The best line after the root move ``sq``, from the table that holds it."""
        worker = self.lines.get(sq)
        if worker is None or self.pool is None:
            return super().line(p, o, sq, limit)
        found: list[Square] = self.pool.ask(worker, ("midline", p, o, sq, limit))
        return found

    def _split(
        self,
        pool: WorkerPool,
        p: Bitboard,
        o: Bitboard,
        depth: int,
        order: list[Square],
        full_window: bool,
    ) -> tuple[int, int, dict[int, int]]:
        """One depth with the root moves on the pool (see the module's docstring)."""
        self.root_best = None
        # the guess: the score two depths before (the evaluation's odd/even swing makes
        # the depth before a worse guess: measured, twice the tests made again)
        guess = self.history.get(depth - 2, self.history.get(depth - 1, 0))
        d = _Depth(order, guess)
        first = (0, -INF, INF)
        for at in range(1, len(order)):
            d.pending.append((at, -INF, INF) if full_window else _pending_test(at))
        d.pending.insert(0, first)
        busy: set[int] = set()
        before = pool.nodes
        try:
            while d.pending or busy:
                self._hand_out(pool, p, o, depth, d, busy)
                for worker, _, v in pool.replies(busy, self.deadline):
                    at, alpha, beta = d.running.pop(worker)
                    if v is None:  # the worker's own clock ran out
                        raise SearchStopped
                    if d.settle(at, alpha, beta, v):
                        self.lines[order[at]] = worker
                        self.root_best = (order[at], v)
                done = pool.nodes - before
                if self.node_limit is not None and self.nodes + done >= self.node_limit:
                    raise SearchStopped
        finally:
            if busy:
                pool.cancel_busy(busy)
            self.nodes += pool.nodes - before
        return d.best, order[d.best_at], d.scores

    def _hand_out(
        self, pool: WorkerPool, p: Bitboard, o: Bitboard, depth: int, d: _Depth, busy: set[int]
    ) -> None:
        """Give every idle worker a pending job: a move it searched before, if one is
        pending (its table holds that move's tree), else the first pending."""
        seconds = None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())
        for worker in range(len(pool.conns)):
            if worker in busy or not d.pending:
                continue
            pick = next(
                (
                    i
                    for i, (at, _, _) in enumerate(d.pending)
                    if pool.owner.get(d.order[at], worker) == worker
                ),
                0,
            )
            at, alpha, beta = job = d.pending.pop(pick)
            alpha, beta = d.window(job)
            sq = d.order[at]
            pool.owner[sq] = worker
            pool.send(worker, ("mid", p, o, sq, (depth, alpha, beta, self.selectivity, seconds)))
            d.running[worker] = (at, alpha, beta)
            busy.add(worker)
