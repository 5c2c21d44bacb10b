"""One call of the engine on one position: its clock and limits, and the ways a level
searches (midgame deepening, beginner noise, a win/draw/loss check, an exact solve).

Moves are square numbers here; :mod:`othello.engine.api` names them at its API. Every
iterative deepening goes through :meth:`MidgameSearcher.iterate`; each caller below
(think, analyze, the solver's presearch) consumes its depths with its own stopping rule.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field

from othello.core.bitboard import FULL, Bitboard, Square, legal_moves
from othello.engine.endgame import EndgameSolver, EndgameTable
from othello.engine.evaluation import SCALE
from othello.engine.levels import Level
from othello.engine.midgame import Iteration, MidgameSearcher, MidgameTable
from othello.engine.multicore.endgame import WorkerPool
from othello.engine.multicore.midgame import SplitSearcher
from othello.engine.search_common import CHECK_EVERY, Limits, SearchStopped, principal_variation

log = logging.getLogger(__name__)

PRESEARCH_DEPTH = 8
"""Deepest midgame search run before a solve, to order the root moves and guess the score."""

PARALLEL_EMPTIES = 18
"""An engine with several workers solves on them only from this many empty squares: below,
a solve takes a second or two, and starting the worker processes costs more than they save
(measured with two workers: FForum #19, 16 empties, 0.73 s alone and 0.85 s with them;
#22, 17 empties, 4.1 s and 2.7 s; #26, 20 empties, 75 s and 47 s)."""

WLD_FIRST_EMPTIES = 2
"""Positions this close to the top of a level's exact range get a win/draw/loss search
before the exact solve (see ``SearchTask.think_exact``)."""

FALLBACK_FRACTION = 0.2
"""Before an exact solve, the midgame search that orders the moves (and is the answer if
the solve is cut short) gets this share of the time budget."""

SOFT_FRACTION = 0.4
"""Iterative deepening starts no new depth after this share of the time budget: the next
depth usually costs several times the last one, and would mostly be cut off."""


@dataclass
class Found:
    """A search's answer: ``score`` in discs from the side to move's view; ``exact`` when
    it is the final disc difference with perfect play; ``depth`` in plies (empties, when
    exact)."""

    move: Square
    score: int
    depth: int
    pv: list[Square] = field(default_factory=list)
    exact: bool = False


MoveTable = list[tuple[Square, int, bool]]
"""Every legal move with its score in discs and whether the score is exact, best first."""


def discs(score: int) -> int:
    """Evaluation units to whole discs, rounding half away from zero."""
    return int(score / SCALE + (0.5 if score >= 0 else -0.5))


SELECTIVE_EMPTIES = 6
"""A selective level (ProbCut in its midgame) searches the last this many empties above
its exact range to the end with the selective endgame (issue 55), after its midgame search:
near-perfect play a few moves before the exact solve, where the level's budget allows."""

SELECTIVE_MARGINS: tuple[float, ...] = (2.0, 2.0, 1.5, 1.5, 1.0, 1.0)
"""The selective endgame's margin in spreads by how far above the exact range a position is
(1 empty above first): the confidence rises as the exact range nears, as Egaroucid's levels
do. Measured on FForum's 17-22 empty positions (``scripts/selective_errors.py``): at 1.0 a
search costs a twentieth of the exact solve's positions and plays a best move 81% of the
time (half a disc lost a move), at 1.5 a fifth and 94%, at 2.0 a third."""


def selective_margin(above: int) -> float:
    """The margin (spreads) of the selective endgame ``above`` empties over the exact range."""
    return SELECTIVE_MARGINS[min(max(above, 1), len(SELECTIVE_MARGINS)) - 1]


@dataclass
class Tables:
    """The engine's transposition tables, kept from one call to the next."""

    midgame: MidgameTable = field(default_factory=dict)
    endgame: EndgameTable = field(default_factory=dict)
    selective: dict[float, EndgameTable] = field(default_factory=dict)
    """The selective endgame's, one per margin: its bounds are not exact, nor are a looser
    margin's as good as a tighter one's."""


class SearchTask:
    """Searches ``(p, o)`` (the side to move has a legal move) for one call of the engine."""

    def __init__(
        self,
        p: Bitboard,
        o: Bitboard,
        level: Level,
        tables: Tables,
        stop: threading.Event | None = None,
        *,
        node_limit: int | None = None,
        rng: random.Random | None = None,
        workers: int = 1,
        report: Callable[[Found], None] | None = None,
        pool: WorkerPool | None = None,
        seconds: float | None = None,
    ) -> None:
        """``seconds``, a clock's time for the move, replaces the level's (not its nodes)."""
        self.p, self.o = p, o
        self.level = level
        self.tables = tables
        self.stop = stop
        self.node_limit = node_limit
        self.rng = rng or random.Random()
        self.workers = workers
        self.report = report
        self.pool = pool  # the engine's worker processes, when this level shares its search
        self.moves = legal_moves(p, o)
        self.empties = (~(p | o) & FULL).bit_count()
        self.start = time.perf_counter()
        self.budget = level.time_budget if seconds is None else seconds
        self.deadline = self.start + self.budget
        self.node_budget = level.nodes if level.nodes > 0 else None
        self._searchers: list[Limits] = []
        self._pool_nodes = 0

    @property
    def nodes(self) -> int:
        """Positions visited so far by every search of this task."""
        return sum(s.nodes for s in self._searchers) + self._pool_nodes

    # ----- think: choosing a move by the level ---------------------------------------------

    def think(self) -> Found:
        level, n = self.level, self.empties
        if n <= level.exact_empties:
            return self.think_exact()
        if level.noise > 0:
            return self.think_noisy()
        if level.selectivity and n <= level.exact_empties + SELECTIVE_EMPTIES:
            found = self.think_selective()
        else:
            found = self.deepen(self.deadline, level.depth, self.node_share(1.0))
        if n <= level.wld_empties:
            found = self.check_wld(found, self.deadline, self.node_share(1.0))
        return found

    def node_share(self, share: float) -> int | None:
        """A share of the level's node budget (None: none), at most a script's node_limit."""
        if self.node_budget is None:
            return None  # the searchers keep the script's node_limit, if any
        budget = max(CHECK_EVERY, int(share * self.node_budget))
        return budget if self.node_limit is None else min(budget, self.node_limit)

    def deepen(self, deadline: float, max_depth: int, nodes: int | None = None) -> Found:
        """Iterative deepening up to ``max_depth``; the last completed depth wins. No new
        depth starts after the soft limit (of the time, and of ``nodes`` when there is a node
        budget), and a proven result ends it early."""
        s = self.midgame(deadline, nodes)
        soft = self.start + SOFT_FRACTION * (deadline - self.start)
        soft_nodes = SOFT_FRACTION * nodes if nodes is not None else float("inf")
        found: Found | None = None
        try:
            for it in s.iterate(self.p, self.o, self.ascending(), range(1, self.last(max_depth))):
                found = self.midgame_found(it.move, it.score, it.depth, s)
                if self.report is not None:
                    self.report(found)
                proven = abs(it.score) >= 64 * SCALE and it.depth >= self.empties
                if time.perf_counter() >= soft or s.nodes >= soft_nodes or proven:
                    break
        except SearchStopped:
            # A deeper depth cut short may already have found a better move than the last.
            partial = s.root_best
            if found is not None and partial is not None and partial[0] != found.move:
                found = self.midgame_found(partial[0], partial[1], found.depth, s)
        assert found is not None, "depth 1 only evaluates: it is never cut short"
        return found

    def think_noisy(self) -> Found:
        """Beginner play: score every move, add random error, take the best-looking one."""
        s = self.midgame(self.deadline, self.node_share(1.0))
        it = self.first_depth(s)
        order, level = it.order, self.level
        if level.depth > 1:
            try:
                it = next(s.iterate(self.p, self.o, order, [level.depth], _every_depth))
            except SearchStopped:
                pass
        scores = {sq: it.scores[sq] for sq in order}  # the random draws go in this order
        if level.blunders and self.rng.random() < level.blunders:  # the worst move it sees
            return self.midgame_found(*min(scores.items(), key=lambda kv: kv[1]), it.depth)
        sq = max(scores, key=lambda m: scores[m] + self.rng.gauss(0.0, level.noise * SCALE))
        return self.midgame_found(sq, scores[sq], it.depth)

    def check_wld(self, guess: Found, deadline: float, nodes: int | None = None) -> Found:
        """Check the midgame choice with a win/draw/loss search; switch if it finds better."""
        s = self.endgame(deadline, nodes)
        order = self.ascending(first=guess.move)
        try:
            outcome, sq, _ = s.root_exact(self.p, self.o, order, -1, 1)
        except SearchStopped:
            return guess
        outcome = max(-1, min(1, outcome))
        score = guess.score if sq == guess.move else 0
        if outcome > 0:
            score = max(score, 2)
        elif outcome < 0:
            score = min(score, -2)
        else:
            score = 0
        pv = guess.pv if sq == guess.move else [sq]
        return Found(sq, score, guess.depth, pv)

    def think_exact(self) -> Found:
        """Solve exactly, after a midgame search that orders the moves and is the answer
        if the solver runs out of time (it gets ``FALLBACK_FRACTION`` of the budget).

        At the two largest empty counts of the level's range, where a solve may not finish
        in time, a win/draw/loss search (much cheaper) runs first with half the budget: a
        solve cut short then still leaves a move proven to win or draw, if there is one.
        """
        n, level, start = self.empties, self.level, self.start
        depth = max(2, min(level.depth, n - 10))
        soon = start + FALLBACK_FRACTION * (self.deadline - start)
        fallback = self.deepen(soon, depth, self.node_share(FALLBACK_FRACTION))
        if n > level.exact_empties - WLD_FIRST_EMPTIES:
            half = start + 0.5 * (self.deadline - start)
            fallback = self.check_wld(fallback, half, self.node_share(0.5))
        guess = fallback.score - fallback.score % 2
        order = self.ascending(first=fallback.move)
        if self.pool is not None and n >= PARALLEL_EMPTIES:
            try:
                return self.think_exact_on_pool(self.pool, order, guess, fallback)
            except (OSError, EOFError) as err:  # a worker died: solve here, in the time left
                log.warning("solving in this process alone: a worker process failed (%s)", err)
                self.pool.close()
                self.pool = None
        s = self.endgame(self.deadline, self.node_share(1.0))
        try:
            score, sq = s.root_mtd(self.p, self.o, order, guess)
        except SearchStopped:
            return fallback
        found = self.exact_found(sq, score)
        if self.report is not None:
            self.report(found)
        return found

    def think_selective(self) -> Found:
        """The selective endgame (issue 55): after the level's midgame search, as before
        (the answer if what follows does not finish), the position is searched to the end
        with ProbCut at the margin of ``selective_margin``, within the level's budget
        like each of its searches; its answer, near-exact, is taken when it finishes."""
        n, level = self.empties, self.level
        found = self.deepen(self.deadline, level.depth, self.node_share(1.0))
        if abs(found.score) >= 64:  # the midgame search proved the end: nothing to add
            return found
        s = self.selective(self.deadline, selective_margin(n - level.exact_empties))
        guess = found.score - found.score % 2
        try:
            score, sq = s.root_mtd(self.p, self.o, self.ascending(first=found.move), guess)
        except SearchStopped:
            return found
        found = Found(sq, score, n, s.line(self.p, self.o, sq, n))
        if self.report is not None:
            self.report(found)
        return found

    def think_exact_on_pool(
        self, pool: WorkerPool, order: list[Square], guess: int, fallback: Found
    ) -> Found:
        """The exact solve of :meth:`think_exact` on the worker processes, within the
        level's time (a probe still running then is stopped: the fallback answers)."""
        before = pool.nodes
        pool.deadline = self.deadline
        try:
            score, sq = pool.root_mtd(self.p, self.o, order, guess)
            line = pool.line(self.p, self.o, sq, self.empties)
        except SearchStopped:
            return fallback
        finally:
            pool.deadline = None
            self._pool_nodes += pool.nodes - before
        found = Found(sq, score, self.empties, line, exact=True)
        if self.report is not None:
            self.report(found)
        return found

    # ----- solve: perfect play, no time limit ----------------------------------------------

    def solve(self) -> Found:
        """The exact result and a best move; if stopped, the best move so far, not exact."""
        midgame = self.midgame(None)
        first = self.first_depth(midgame)
        order = first.order
        running: Limits = midgame  # the searcher whose best root move is the answer if stopped
        try:
            order, guess = self.presearch(midgame, first)
            if self.workers > 1 and self.empties >= PARALLEL_EMPTIES and len(order) > 1:
                return self.solve_on_workers(order, guess)
            running = endgame = self.endgame(None)
            score, sq = endgame.root_mtd(self.p, self.o, order, guess)
        except SearchStopped:
            sq = running.root_best[0] if running.root_best is not None else order[0]
            return Found(sq, 0, 0, [sq])
        return self.exact_found(sq, score)

    def presearch(self, s: MidgameSearcher, first: Iteration) -> tuple[list[Square], int]:
        """Shallow midgame searches before solving: they order the root moves and give a
        first guess of the score (in discs, even like every final score). The last depth
        scores every move in full: a null-window search leaves only bounds for the others,
        and sorting by bounds put FForum #26's best move seventh instead of third (the solve
        then took 14.8 M nodes instead of 10.8 M). Their best moves are not used deeper in
        the solver: measured, that doubled its node count (fastest-first refutes cheaper
        than the evaluation's favourite)."""
        last = min(PRESEARCH_DEPTH, self.empties - 10)
        it = first
        for deeper in s.iterate(self.p, self.o, it.order, range(2, last + 1), lambda d: d == last):
            it = deeper
        guess = discs(it.score)
        return it.order, guess - guess % 2

    def solve_on_workers(self, order: list[Square], guess: int) -> Found:
        """The exact part of :meth:`solve` on worker processes (see :mod:`othello.engine.multicore.endgame`).

        If stopped, the presearch's best move is the answer (not exact): a probe that was
        cut short proves nothing about its moves."""
        try:
            shared = self.pool is not None
            with (
                nullcontext(self.pool) if self.pool else WorkerPool(self.workers, self.stop) as pool
            ):
                before = pool.nodes if shared else 0
                try:
                    score, sq = pool.root_mtd(self.p, self.o, order, guess)
                    line = pool.line(self.p, self.o, sq, self.empties)
                finally:
                    self._pool_nodes = pool.nodes - before
        except SearchStopped:
            return Found(order[0], 0, 0, [order[0]])
        except (OSError, EOFError, ImportError) as err:  # no processes here, or a worker died
            log.warning("solving in this process alone: the worker processes failed (%s)", err)
            score, sq = self.endgame(None).root_mtd(self.p, self.o, order, guess)
            return self.exact_found(sq, score)
        return Found(sq, score, self.empties, line, exact=True)

    # ----- analyze: every move scored, for hints -------------------------------------------

    def analyze(self) -> MoveTable:
        """Every legal move with a score, best first (exact when within solving range).

        Where the exact pass will run, the midgame scores it replaces are only the answer
        if it is cut short, so they get what the think path gives its fallback."""
        level, n = self.level, self.empties
        solving = n - 1 <= level.exact_empties
        max_depth, budget = level.depth, self.budget
        if solving:
            max_depth, budget = max(2, min(level.depth, n - 10)), FALLBACK_FRACTION * budget
        soft = self.start + SOFT_FRACTION * budget
        s = self.midgame(self.deadline)
        it = self.first_depth(s)
        try:
            if time.perf_counter() < soft:  # else not even depth 2: the budget is spent
                depths = range(2, self.last(max_depth))
                for deeper in s.iterate(self.p, self.o, it.order, depths, _every_depth):
                    it = deeper
                    if time.perf_counter() >= soft:
                        break
        except SearchStopped:
            pass  # ``it`` is the last depth completed
        table = [(sq, discs(it.scores[sq]), False) for sq in it.order]
        if not solving or (self.stop is not None and self.stop.is_set()):
            return table
        try:
            _, _, exact = self.endgame(self.deadline).root_exact(
                self.p, self.o, it.order, full_window=True
            )
        except SearchStopped:
            return table
        return [(sq, exact[sq], True) for sq in sorted(exact, key=lambda m: -exact[m])]

    # ----- helpers ------------------------------------------------------------------------

    def midgame(self, deadline: float | None, nodes: int | None = None) -> MidgameSearcher:
        """A midgame searcher (on the worker processes when the task has them)."""
        limit = self.node_limit if nodes is None else nodes
        args = (self.stop, deadline, limit, self.level.selectivity)
        if self.pool is not None:
            s: MidgameSearcher = SplitSearcher(self.tables.midgame, self.pool, *args)
        else:
            s = MidgameSearcher(self.tables.midgame, *args)
        self._searchers.append(s)
        return s

    def endgame(self, deadline: float | None, nodes: int | None = None) -> EndgameSolver:
        limit = self.node_limit if nodes is None else nodes
        s = EndgameSolver(self.tables.endgame, self.stop, deadline, limit)
        self._searchers.append(s)
        return s

    def selective(self, deadline: float | None, margin: float) -> EndgameSolver:
        """A selective endgame solver at ``margin`` spreads, within the level's budget; its
        shallow searches are the level's own midgame search (and count in its nodes)."""
        prober = MidgameSearcher(
            self.tables.midgame, self.stop, deadline, None, self.level.selectivity
        )
        table = self.tables.selective.setdefault(margin, {})
        s = EndgameSolver(
            table, self.stop, deadline, self.node_share(1.0) or self.node_limit, margin, prober
        )
        self._searchers.append(s)
        return s

    def first_depth(self, s: MidgameSearcher) -> Iteration:
        """Every move scored one ply deep: instant, never stopped, always available."""
        return next(s.iterate(self.p, self.o, self.ascending(), [1]))

    def ascending(self, first: Square | None = None) -> list[Square]:
        """The legal moves a1..h8, with ``first`` moved to the front."""
        moves = [sq for sq in range(64) if self.moves >> sq & 1]
        return moves if first is None else [first] + [m for m in moves if m != first]

    def last(self, max_depth: int) -> int:
        """The end of a ``range`` of depths: no deeper than the empty squares left."""
        return min(max_depth, self.empties) + 1

    def midgame_found(
        self, sq: Square, score: int, depth: int, searcher: MidgameSearcher | None = None
    ) -> Found:
        """A midgame answer with its line, from the searcher's table (a worker's, if the
        searcher shared its search out)."""
        if searcher is not None:
            line = searcher.line(self.p, self.o, sq, max(depth, 1))
        else:
            line = principal_variation(self.p, self.o, sq, max(depth, 1), self.tables.midgame)
        return Found(sq, discs(score), depth, line)

    def exact_found(self, sq: Square, score: int) -> Found:
        line = EndgameSolver(self.tables.endgame).line(self.p, self.o, sq, self.empties)
        return Found(sq, score, self.empties, line, exact=True)


def _every_depth(depth: int) -> bool:
    """Full-window search at every depth: every move gets its exact minimax score."""
    return True
