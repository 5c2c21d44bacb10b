"""The computer opponent: levels, and the API a window or script drives.

>>> from othello import Board, Engine
>>> result = Engine(level=2, seed=1).think(Board())
>>> result.move in Board().legal_moves()
True

``think`` picks a move, ``solve`` plays perfectly (exact final disc difference) and
``analyze`` scores every legal move for hints. All three take the board without changing
it, may run on a worker thread, and return promptly once ``stop`` (a
``threading.Event``) is set, with the best answer found so far. One engine runs one
search at a time (a lock serialises calls), so share it between threads freely.
"""

from __future__ import annotations

import logging
import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from .bitboard import FULL, PASS, Bitboard, flips, legal_moves
from .board import Board
from .errors import GameOverError
from .evaluation import SCALE
from .notation import square_name
from .parallel import WorkerPool
from .search import INF, Searcher, SearchStopped

log = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Engine",
    "GameOverError",
    "Level",
    "MoveScore",
    "SearchResult",
]


@dataclass(frozen=True)
class Level:
    """One playing strength: how deep it looks, when it starts playing perfectly, how long it may take."""

    number: int
    name: str
    description: str
    depth: int  # midgame search depth in plies
    exact_empties: int  # solve exactly from this many empty squares
    wld_empties: int  # prove win/draw/loss from this many empty squares
    time_budget: float  # hard limit per move, seconds
    noise: float = 0.0  # random error added to move scores, in discs (beginners)
    selectivity: float = 0.0  # Multi-ProbCut margin in sigmas (0: a full-width search)


# fmt: off
LEVELS: tuple[Level, ...] = (
    Level(1, "Beginner", "looks 1 move ahead and often picks a worse move on purpose",
          1, 0, 0, 0.5, 8.0),
    Level(2, "Novice", "looks 2 moves ahead, sometimes errs; perfect from 6 empty squares",
          2, 6, 0, 0.5, 3.0),
    Level(3, "Casual", "looks 4 moves ahead; perfect from 10 empty squares",
          4, 10, 0, 1.0),
    Level(4, "Club player", "looks 6 moves ahead; perfect from 12 empty squares, finds "
          "wins from 14", 6, 12, 14, 1.0),
    Level(5, "Strong", "looks 8 moves ahead; perfect from 14 empty squares, finds wins "
          "from 16", 8, 14, 16, 3.0),
    Level(6, "Expert", "looks 9-12 moves ahead; perfect from 18 empty squares, finds "
          "wins from 20", 14, 18, 20, 5.0, selectivity=1.5),
)
# fmt: on
""""Perfect from N empty squares": an exact solve picks the move with the best final
result. "Finds wins from N": from N empty squares a win/draw/loss search proves whether a move
wins, and a winning move is always found if there is one. Level 6 searches selectively
(Multi-ProbCut), so its depth is what 5 seconds reach, not a fixed number."""

DEFAULT_LEVEL = 4

PRESEARCH_DEPTH = 8
"""Deepest midgame search run before a solve, to order the root moves and guess the score."""

PARALLEL_EMPTIES = 18
"""An engine with several workers solves on them only from this many empty squares: below,
a solve takes a second or two, and starting the worker processes costs more than they save
(measured with two workers: FForum #19, 16 empties, 0.73 s alone and 0.85 s with them;
#22, 17 empties, 4.1 s and 2.7 s; #26, 20 empties, 75 s and 47 s)."""

WLD_FIRST_EMPTIES = 2
"""Positions this close to the top of a level's exact range get a win/draw/loss search
before the exact solve (see ``Engine._think_exact``)."""

_FALLBACK_FRACTION = 0.2
"""Before an exact solve, the midgame search that orders the moves (and is the answer if
the solve is cut short) gets this share of the time budget."""

_SOFT_FRACTION = 0.4
"""Iterative deepening starts no new depth after this share of the time budget: the next
depth usually costs several times the last one, and would mostly be cut off."""


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


class MoveScore(NamedTuple):
    """One legal move and its score (discs, side to move's view) for hints."""

    move: str
    score: int
    exact: bool


def _discs(score: int) -> int:
    """Evaluation units to whole discs, rounding half away from zero."""
    return int(score / SCALE + (0.5 if score >= 0 else -0.5))


def _move_list(moves: Bitboard) -> list[int]:
    return [sq for sq in range(64) if moves >> sq & 1]


def _check_playable(p: Bitboard, o: Bitboard) -> Bitboard:
    """Legal moves, raising GameOverError when the game is finished."""
    moves = legal_moves(p, o)
    if not moves and not legal_moves(o, p):
        raise GameOverError("the game is over: neither side has a legal move")
    return moves


class Engine:
    """A computer player at a fixed level (or with a fixed time per move).

    ``Engine(level=n)`` uses ``LEVELS[n - 1]``; ``Engine(time_limit=s)`` plays as strongly
    as it can in ``s`` seconds a move; both together use the level with that time limit.
    ``depth``, ``node_limit`` and ``seed`` (for the beginner's randomness) are for tests
    and scripts. ``workers`` above 1 lets ``solve`` use that many processes (one per
    processor core is the sensible most) for positions of ``PARALLEL_EMPTIES`` or more.
    """

    def __init__(
        self,
        level: int | None = None,
        time_limit: float | None = None,
        *,
        depth: int | None = None,
        node_limit: int | None = None,
        seed: int | None = None,
        selectivity: float | None = None,
        workers: int = 1,
    ) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(
                f"workers must be a whole number of processes, at least 1, not {workers!r}"
            )
        if time_limit is not None and (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, (int, float))
            or not math.isfinite(time_limit)
            or time_limit <= 0
        ):
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
        if level is None:
            base = LEVELS[-1] if time_limit is not None else LEVELS[DEFAULT_LEVEL - 1]
            if time_limit is not None:
                base = replace(
                    base, depth=60, description=f"searches as deep as it can in {time_limit:g} s"
                )
        else:
            if (
                isinstance(level, bool)
                or not isinstance(level, int)
                or not 1 <= level <= len(LEVELS)
            ):
                raise ValueError(f"level must be a whole number 1..{len(LEVELS)}, not {level!r}")
            base = LEVELS[level - 1]
        if time_limit is not None:
            base = replace(base, time_budget=float(time_limit))
        if depth is not None:
            base = replace(base, depth=max(1, depth))
        if selectivity is not None:
            base = replace(base, selectivity=max(0.0, selectivity))
        self.level_info: Level = base
        self.node_limit = node_limit
        self.workers = workers
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._tt_mid: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self._tt_end: dict[tuple[int, int], tuple[int, int, int]] = {}

    # ----- public API -------------------------------------------------------------

    def think(
        self,
        board: Board,
        stop: threading.Event | None = None,
        on_progress: Callable[[SearchResult], None] | None = None,
    ) -> SearchResult:
        """Choose a move for the side to move; raises GameOverError if the game is over."""
        with self._lock:
            return self._think(board.player, board.opponent, stop, on_progress)

    def solve(self, board: Board, stop: threading.Event | None = None) -> SearchResult:
        """Perfect play: the best move and the exact final disc difference.

        No time limit but ``stop``; if stopped, the result is marked ``exact=False`` and
        holds the best move found so far.
        """
        with self._lock:
            p, o = board.player, board.opponent
            start = time.perf_counter()
            moves = _check_playable(p, o)
            if not moves:
                inner = self._solve(o, p, stop, start)
                return self._pass_result(-inner.score, inner, start)
            return self._solve(p, o, stop, start)

    def analyze(self, board: Board, stop: threading.Event | None = None) -> list[MoveScore]:
        """Every legal move with a score, best first (exact when within solving range)."""
        with self._lock:
            return self._analyze(board.player, board.opponent, stop)

    # ----- internals --------------------------------------------------------------

    def _searcher(self, stop: threading.Event | None, deadline: float | None) -> Searcher:
        if len(self._tt_mid) > 400_000:
            self._tt_mid.clear()
        if len(self._tt_end) > 400_000:
            self._tt_end.clear()
        return Searcher(
            self._tt_mid, self._tt_end, stop, deadline, self.node_limit, self.level_info.selectivity
        )

    def _result(
        self,
        s: Searcher,
        p: Bitboard,
        o: Bitboard,
        sq: int,
        score: int,
        depth: int,
        exact: bool,
        start: float,
    ) -> SearchResult:
        pv = s.principal_variation(p, o, sq, max(depth, 1), exact)
        return SearchResult(
            move=square_name(sq),
            score=score,
            depth=depth,
            nodes=s.nodes,
            pv=[square_name(m) for m in pv],
            exact=exact,
            time=time.perf_counter() - start,
        )

    def _pass_result(self, score: int, inner: SearchResult, start: float) -> SearchResult:
        return SearchResult(
            move="pass",
            score=score,
            depth=inner.depth,
            nodes=inner.nodes,
            pv=["pass", *inner.pv],
            exact=inner.exact,
            time=time.perf_counter() - start,
        )

    def _think(
        self,
        p: Bitboard,
        o: Bitboard,
        stop: threading.Event | None,
        on_progress: Callable[[SearchResult], None] | None,
    ) -> SearchResult:
        start = time.perf_counter()
        moves = _check_playable(p, o)
        if not moves:
            # The pass is forced, but its score is the opponent's position searched as
            # this level would search it: a static guess there can even get the sign wrong.
            report = None
            if on_progress is not None:

                def report(r: SearchResult) -> None:
                    on_progress(self._pass_result(-r.score, r, start))

            inner = self._think(o, p, stop, report)
            return self._pass_result(-inner.score, inner, start)
        level = self.level_info
        deadline = start + level.time_budget
        n = (~(p | o) & FULL).bit_count()
        if n <= level.exact_empties:
            return self._think_exact(p, o, moves, stop, on_progress, start, deadline)
        if level.noise > 0:
            return self._think_noisy(p, o, moves, stop, start, deadline)
        result = self._deepen(p, o, moves, stop, on_progress, start, deadline)
        if n <= level.wld_empties:
            result = self._wld(p, o, moves, result, stop, start, deadline)
        return result

    def _first_guess(self, s: Searcher, p: Bitboard, o: Bitboard, moves: Bitboard) -> list[int]:
        """Root moves sorted by a 1-ply search: instant, never stopped, always available."""
        scores = {}
        for sq in _move_list(moves):
            f = flips(p, o, sq)
            scores[sq] = -s._leaf(o ^ f, p | f | (1 << sq))
        return sorted(scores, key=lambda sq: -scores[sq])

    @staticmethod
    def _presearch(
        s: Searcher, p: Bitboard, o: Bitboard, order: list[int]
    ) -> tuple[list[int], int]:
        """Shallow midgame searches before solving: they order the root moves and give a
        first guess of the score (in discs, even like every final score). Their best
        moves are not used deeper in the solver: measured, that doubled its node count
        (fastest-first refutes cheaper than the evaluation's favourite)."""
        n = (~(p | o) & FULL).bit_count()
        score = -s._leaf(*Engine._child(p, o, order[0]))
        last = min(PRESEARCH_DEPTH, n - 10)
        for depth in range(2, last + 1):
            # The last depth scores every move in full: a null-window search leaves only
            # bounds for the others, and sorting by bounds put FForum #26's best move
            # seventh instead of third (the solve then took 14.8 M nodes instead of 10.8 M).
            score, best, scores = s.root_midgame(p, o, depth, order, full_window=depth == last)
            order = sorted(scores, key=lambda m: -INF if m == best else -scores[m])
        guess = _discs(score)
        return order, guess - guess % 2

    def _deepen(
        self,
        p: Bitboard,
        o: Bitboard,
        moves: Bitboard,
        stop: threading.Event | None,
        on_progress: Callable[[SearchResult], None] | None,
        start: float,
        deadline: float,
        max_depth: int | None = None,
    ) -> SearchResult:
        """Iterative deepening to the level's depth; the last completed depth wins."""
        s = self._searcher(stop, deadline)
        order = self._first_guess(s, p, o, moves)
        best = self._result(
            s, p, o, order[0], _discs(-s._leaf(*self._child(p, o, order[0]))), 1, False, start
        )
        limit = self.level_info.depth if max_depth is None else max_depth
        n = (~(p | o) & FULL).bit_count()
        limit = min(limit, n)
        soft = start + _SOFT_FRACTION * (deadline - start)
        for depth in range(1, limit + 1):
            try:
                score, sq, scores = s.root_midgame(p, o, depth, order)
            except SearchStopped:
                if s.root_best is not None and depth > 1:
                    sq, score = s.root_best
                    if sq != order[0] and score > -INF:
                        best = self._result(s, p, o, sq, _discs(score), depth - 1, False, start)
                best.nodes, best.time = s.nodes, time.perf_counter() - start
                return best
            best = self._result(s, p, o, sq, _discs(score), depth, False, start)
            order = sorted(scores, key=lambda m: -scores[m] if m != sq else -INF)
            if on_progress is not None:
                on_progress(best)
            if time.perf_counter() >= soft or (abs(score) >= 64 * SCALE and depth >= n):
                break
        return best

    @staticmethod
    def _child(p: Bitboard, o: Bitboard, sq: int) -> tuple[Bitboard, Bitboard]:
        f = flips(p, o, sq)
        return o ^ f, p | f | (1 << sq)

    def _think_exact(
        self,
        p: Bitboard,
        o: Bitboard,
        moves: Bitboard,
        stop: threading.Event | None,
        on_progress: Callable[[SearchResult], None] | None,
        start: float,
        deadline: float,
    ) -> SearchResult:
        """Solve exactly, after a midgame search that orders the moves and is the answer
        if the solver runs out of time (it gets a fifth of the budget).

        At the two largest empty counts of the level's range, where a solve may not finish
        in time, a win/draw/loss search (much cheaper) runs first with half the budget: a
        solve cut short then still leaves a move proven to win or draw, if there is one.
        """
        n = (~(p | o) & FULL).bit_count()
        depth = max(2, min(self.level_info.depth, n - 10))
        early = start + _FALLBACK_FRACTION * (deadline - start)
        fallback = self._deepen(p, o, moves, stop, on_progress, start, early, max_depth=depth)
        if n > self.level_info.exact_empties - WLD_FIRST_EMPTIES:
            halfway = start + 0.5 * (deadline - start)
            fallback = self._wld(p, o, moves, fallback, stop, start, halfway)
        s = self._searcher(stop, deadline)
        order = [m for m in (_parse(fallback.move),) if m >= 0]
        order += [m for m in _move_list(moves) if m not in order]
        try:
            score, sq = s.root_mtd(p, o, order, fallback.score - fallback.score % 2)
        except SearchStopped:
            fallback.nodes += s.nodes
            fallback.time = time.perf_counter() - start
            return fallback
        result = self._result(s, p, o, sq, score, n, True, start)
        result.nodes += fallback.nodes
        if on_progress is not None:
            on_progress(result)
        return result

    def _wld(
        self,
        p: Bitboard,
        o: Bitboard,
        moves: Bitboard,
        guess: SearchResult,
        stop: threading.Event | None,
        start: float,
        deadline: float,
    ) -> SearchResult:
        """Check the midgame choice with a win/draw/loss search; switch if it finds better."""
        s = self._searcher(stop, deadline)
        first = _parse(guess.move)
        order = [first] + [m for m in _move_list(moves) if m != first]
        try:
            outcome, sq, _ = s.root_exact(p, o, order, -1, 1)
        except SearchStopped:
            guess.nodes += s.nodes
            guess.time = time.perf_counter() - start
            return guess
        outcome = max(-1, min(1, outcome))
        score = guess.score if sq == first else 0
        if outcome > 0:
            score = max(score, 2)
        elif outcome < 0:
            score = min(score, -2)
        else:
            score = 0
        pv = guess.pv if sq == first else [square_name(sq)]
        return SearchResult(
            square_name(sq),
            score,
            guess.depth,
            guess.nodes + s.nodes,
            pv,
            False,
            time.perf_counter() - start,
        )

    def _think_noisy(
        self,
        p: Bitboard,
        o: Bitboard,
        moves: Bitboard,
        stop: threading.Event | None,
        start: float,
        deadline: float,
    ) -> SearchResult:
        """Beginner play: score every move, add random error, take the best-looking one."""
        s = self._searcher(stop, deadline)
        order = self._first_guess(s, p, o, moves)
        scores = {sq: -s._leaf(*self._child(p, o, sq)) for sq in order}
        depth = 1
        if self.level_info.depth > 1:
            try:
                _, _, scores = s.root_midgame(p, o, self.level_info.depth, order, full_window=True)
                depth = self.level_info.depth
            except SearchStopped:
                pass
        noise = self.level_info.noise * SCALE
        sq = max(scores, key=lambda m: scores[m] + self._rng.gauss(0.0, noise))
        return self._result(s, p, o, sq, _discs(scores[sq]), depth, False, start)

    def _solve(
        self, p: Bitboard, o: Bitboard, stop: threading.Event | None, start: float
    ) -> SearchResult:
        moves = legal_moves(p, o)
        n = (~(p | o) & FULL).bit_count()
        s = self._searcher(stop, None)
        order = self._first_guess(s, p, o, moves)
        try:
            order, guess = self._presearch(s, p, o, order)
            if self.workers > 1 and n >= PARALLEL_EMPTIES and len(order) > 1:
                return self._solve_parallel(s, p, o, n, order, guess, stop, start)
            score, sq = s.root_mtd(p, o, order, guess)
        except SearchStopped:
            sq = s.root_best[0] if s.root_best is not None else order[0]
            return SearchResult(
                square_name(sq),
                0,
                0,
                s.nodes,
                [square_name(sq)],
                False,
                time.perf_counter() - start,
            )
        return self._result(s, p, o, sq, score, n, True, start)

    def _solve_parallel(
        self,
        s: Searcher,
        p: Bitboard,
        o: Bitboard,
        n: int,
        order: list[int],
        guess: int,
        stop: threading.Event | None,
        start: float,
    ) -> SearchResult:
        """The exact part of ``_solve`` (``n`` empties) on worker processes (see
        ``othello.parallel``).

        If stopped, the presearch's best move is the answer (not exact): a probe that was
        cut short proves nothing about its moves."""
        try:
            with WorkerPool(self.workers, stop) as pool:
                try:
                    score, sq = pool.root_mtd(p, o, order, guess)
                except SearchStopped:
                    return SearchResult(
                        square_name(order[0]),
                        0,
                        0,
                        s.nodes + pool.nodes,
                        [square_name(order[0])],
                        False,
                        time.perf_counter() - start,
                    )
                line = pool.line(p, o, sq, n)
        except (
            OSError,
            EOFError,
            ImportError,
        ) as err:  # no processes or semaphores here, or a worker died
            log.warning("solving in this process alone: the worker processes failed (%s)", err)
            score, sq = s.root_mtd(p, o, order, guess)
            return self._result(s, p, o, sq, score, n, True, start)
        return SearchResult(
            square_name(sq),
            score,
            n,
            s.nodes + pool.nodes,
            [square_name(m) for m in line],
            True,
            time.perf_counter() - start,
        )

    def _analyze(self, p: Bitboard, o: Bitboard, stop: threading.Event | None) -> list[MoveScore]:
        start = time.perf_counter()
        moves = _check_playable(p, o)
        if not moves:
            best = self._analyze(o, p, stop)[0]  # the opponent's best reply, from its side
            return [MoveScore("pass", -best.score, best.exact)]
        level = self.level_info
        deadline = start + level.time_budget
        s = self._searcher(stop, deadline)
        order = self._first_guess(s, p, o, moves)
        scores = {sq: -s._leaf(*self._child(p, o, sq)) for sq in order}
        table = [MoveScore(square_name(sq), _discs(scores[sq]), False) for sq in order]
        n = (~(p | o) & FULL).bit_count()
        solving = n - 1 <= level.exact_empties
        max_depth, budget = min(level.depth, n), level.time_budget
        if solving:
            # The exact pass replaces these scores: they are only the answer if it is cut
            # short, so they get what the think path gives its fallback (see _think_exact).
            max_depth, budget = max(2, min(level.depth, n - 10)), _FALLBACK_FRACTION * budget
        soft = start + _SOFT_FRACTION * budget
        for depth in range(2, max_depth + 1):
            if time.perf_counter() >= soft:
                break
            try:
                _, _, scores = s.root_midgame(p, o, depth, order, full_window=True)
            except SearchStopped:
                break
            order = sorted(scores, key=lambda m: -scores[m])
            table = [MoveScore(square_name(sq), _discs(scores[sq]), False) for sq in order]
        if solving and not (stop is not None and stop.is_set()):
            try:
                _, _, exact = s.root_exact(p, o, order, full_window=True)
            except SearchStopped:
                return table
            order = sorted(exact, key=lambda m: -exact[m])
            table = [MoveScore(square_name(sq), exact[sq], True) for sq in order]
        return table


def _parse(move: str) -> int:
    """Square index of a move name, PASS for "pass"."""
    if move == "pass":
        return PASS
    return (int(move[1]) - 1) * 8 + "abcdefgh".index(move[0])
