"""Alpha-beta search on raw bitboards: a midgame searcher and an exact endgame solver.

Everything here works on ``(p, o)`` int pairs (side to move, opponent) and never on
:class:`~othello.board.Board` objects, because object overhead would dominate in pure
Python. The :class:`Searcher` holds the per-call state (node count, limits); the
transposition tables are plain dicts owned by the engine and kept between calls.

Scores: the midgame search returns evaluation units (``SCALE`` per disc); the endgame
solver returns the exact final disc difference (empties to the winner). Both are from
the side to move's point of view (negamax).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

from .bitboard import FULL, NEIGHBOURS, NOT_A, NOT_H, PASS, RAYS, Bitboard, flips, legal_moves
from .evaluation import SCALE, SQUARE_WEIGHTS, evaluate

INF = 1 << 30

CHECK_EVERY = 512
"""Nodes between checks of the clock and the stop flag: ~10 ms of search at most."""

TABLE_LIMIT = 600_000
"""Positions a table may hold (a few hundred bytes each) before it is emptied."""

SHALLOW_EMPTIES = 6
"""At this many empties or fewer the solver walks a list of empty squares (parity order)
instead of generating and sorting moves: cheaper when the remaining tree is tiny."""

END_TT_EMPTIES = 7
"""The solver only stores positions with at least this many empties (below, it walks the
parity list). Measured on FForum #22-#30: storing from 7 rather than 9 empties saves 14%
of the nodes, because the null-window probes of one solve revisit these positions."""

EVAL_ORDER_EMPTIES = 8
"""From this many empties the solver's ordering key counts the opponent's replies (all,
and corners); below, it has only potential mobility, corners and parity, because there
the children are solved by the parity walk, which has no use for the replies. Measured on
FForum #26 and #33 (paired runs), leaving the replies out at 7 empties: 7% more nodes,
4.5% less time; leaving them out at 8 or 9 too lost."""

SCORE_ORDER_EMPTIES = 12
SCORE_ORDER_DIVISOR = 30
"""From SCORE_ORDER_EMPTIES empties the solver's ordering key also adds the evaluation of
the position after the move (for the opponent, so lower is better), divided by
SCORE_ORDER_DIVISOR: about three key points a disc, where one opponent reply is 32.
There are few such nodes and their subtrees are large, so the evaluation pays for itself:
measured on FForum #22-#30 (17-20 empties), 17% fewer nodes (divisors 20 to 45 and
thresholds 10 to 14 did about as well; the evaluation alone, without the reply count,
did worse)."""

W_MOB, W_CMOB, W_POT, W_CORNER, W_PAR = 32, 16, 4, 20, 8
"""Move-ordering key weights in the solver: opponent replies, its corner replies, its
potential mobility, a bonus for taking a corner, one for playing into an odd region
(found by counting solver nodes on FForum #13-#19; ordering by the evaluation or by a
shallow search instead was measured worse)."""

ETC_EMPTIES = 10
"""From this many empties the solver looks up every child in the table before searching."""

PV_SOLVE_EMPTIES = 10
"""The reported line of an exact result is completed by solving from this many empties."""

CORNER_MASK: Bitboard = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
RISKY_MASK: Bitboard = 0x42C300000000C342
"""X squares and C squares: next to a corner, they often hand it to the opponent."""

# quadrant of every square (0..3), for parity ordering
QUADRANT_MASKS: tuple[Bitboard, ...] = (
    0x000000000F0F0F0F,
    0x00000000F0F0F0F0,
    0x0F0F0F0F00000000,
    0xF0F0F0F000000000,
)
_QUADRANT_OF = tuple(
    next(i for i, m in enumerate(QUADRANT_MASKS) if m >> sq & 1) for sq in range(64)
)
# squares in the order the shallow solver tries them, best squares first
_STATIC_ORDER = sorted(range(64), key=lambda sq: -SQUARE_WEIGHTS[sq])
_RANK = [0] * 64
for _i, _sq in enumerate(_STATIC_ORDER):
    _RANK[_sq] = _i


MPC_BOUND = 40 * SCALE
"""ProbCut only tests bounds nearer zero than this: beyond, scores are (nearly) proven."""

MPC_MIN_DEPTH = 3
"""Multi-ProbCut is tried at nodes searched to at least this depth."""

# deep depth -> (shallow depth, a, b, sigma): v_deep ~ a * v_shallow + b, error spread
# sigma, in discs. Fitted by scripts/calibrate_mpc.py (200 positions from noisy
# self-play, 14-50 empties, full-window searches to depth 10, seed 2). The shallow
# search is 4 plies shorter from depth 6 on (same parity: the evaluation's odd/even
# bias cancels); deeper nodes reuse the depth-10 figures.
MPC_PAIRS: dict[int, tuple[int, float, float, float]] = {
    3: (1, 1.087, 0.55, 2.49),
    4: (2, 1.092, 0.19, 2.73),
    5: (3, 1.090, -0.07, 2.19),
    6: (2, 1.203, 0.42, 3.86),
    7: (3, 1.216, 0.15, 3.43),
    8: (4, 1.228, 0.31, 3.30),
    9: (5, 1.223, 0.19, 2.71),
    10: (6, 1.214, 0.05, 2.84),
}


def mpc_pair(depth: int) -> tuple[int, float, float, float]:
    """The ProbCut figures for a node of ``depth`` plies (see ``MPC_PAIRS``)."""
    pair = MPC_PAIRS.get(depth)
    if pair is None:
        _, a, b, sigma = MPC_PAIRS[10]
        return depth - 4, a, b, sigma
    return pair


Probe = Callable[[list[int], int], tuple[int, int]]
"""A null-window root test: given the root moves (best guess first) and a bound beta,
fail-soft (value, move): a value >= beta with a move reaching it, or an upper bound."""


def mtd(probe: Probe, order: list[int], guess: int) -> tuple[int, int]:
    """Exact root score by null-window probes converging from ``guess`` (MTD(f)).

    Null-window trees are much smaller than a full-window search, and with a good guess
    (from a midgame search) two or three probes settle the score; the table makes every
    probe after the first cheap. The move that last reached its bound goes first in the
    next probe. Returns (score, best square).
    """
    lo, hi = -INF, INF
    g = max(-64, min(64, guess))
    best_sq = order[0]
    while lo < hi:
        beta = g + 1 if g == lo else g
        v, sq = probe(order, beta)
        if v >= beta:
            lo, best_sq = v, sq
            order = [sq] + [m for m in order if m != sq]
        else:
            hi = v
        g = v
    return lo, best_sq


class SearchStopped(Exception):
    """Raised inside the search when a limit is hit; caught at the root."""


def final_score(p: Bitboard, o: Bitboard) -> int:
    """Disc difference of a finished game for ``p``, empty squares going to the winner."""
    mine, theirs = p.bit_count(), o.bit_count()
    diff = mine - theirs
    if diff > 0:
        return diff + 64 - mine - theirs
    if diff < 0:
        return diff - (64 - mine - theirs)
    return 0


def parity_order(empty: Bitboard) -> tuple[int, ...]:
    """Empty squares with those in odd-count quadrants first, then by square weight.

    Playing into a quadrant with an odd number of empties tends to leave the last move
    of that region to us: the classic parity heuristic, almost free to compute.
    """
    odd = 0
    for m in QUADRANT_MASKS:
        if (empty & m).bit_count() & 1:
            odd |= m
    first: list[int] = []
    rest: list[int] = []
    while empty:
        b = empty & -empty
        empty ^= b
        (first if b & odd else rest).append(b.bit_length() - 1)
    first.sort(key=_RANK.__getitem__)
    rest.sort(key=_RANK.__getitem__)
    return tuple(first + rest)


class Searcher:
    """One search call: its node count and limits, over tables shared between calls.

    ``tt_mid`` maps ``(p, o)`` to ``(depth, lower, upper, best square)``; ``tt_end`` maps
    ``(p, o)`` to ``(lower, upper, best square)`` in exact disc units. Keys are the full
    position, so an entry can only ever describe the position it is looked up for.
    """

    def __init__(
        self,
        tt_mid: dict[tuple[int, int], tuple[int, int, int, int]],
        tt_end: dict[tuple[int, int], tuple[int, int, int]],
        stop: threading.Event | None = None,
        deadline: float | None = None,
        node_limit: int | None = None,
        selectivity: float = 0.0,
    ) -> None:
        self.tt_mid = tt_mid
        self.selectivity = selectivity
        self.tt_end = tt_end
        self.stop = stop
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.next_check = CHECK_EVERY

    # ----- limits -----------------------------------------------------------------

    def poll(self) -> None:
        """Raise SearchStopped if cancelled, out of time, or over the node budget."""
        self.next_check = self.nodes + CHECK_EVERY
        if len(self.tt_end) > TABLE_LIMIT:
            self.tt_end.clear()  # crude, but keeps a long solve's memory bounded
        if len(self.tt_mid) > TABLE_LIMIT:
            self.tt_mid.clear()
        if self.stop is not None and self.stop.is_set():
            raise SearchStopped
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise SearchStopped
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchStopped

    # ----- midgame ----------------------------------------------------------------

    def ordered_moves(
        self, p: Bitboard, o: Bitboard, moves: Bitboard, hash_sq: int, deep: bool
    ) -> list[tuple[int, int]]:
        """``(square, flips)`` for each move, most promising first.

        The hash move goes first. Nodes two or more plies from the leaves then sort by the
        opponent's reply count (fewest first: it keeps the opponent short of moves) with
        corners pulled ahead (measured: 29% fewer nodes than square weights at two plies);
        nodes just above the leaves use the static square weights, which cost nothing.
        """
        scored = []
        while moves:
            b = moves & -moves
            moves ^= b
            sq = b.bit_length() - 1
            f = flips(p, o, sq)
            if sq == hash_sq:
                key = -INF
            elif deep:
                key = legal_moves(o ^ f, p | f | b).bit_count() * 100 - SQUARE_WEIGHTS[sq]
            else:
                key = -SQUARE_WEIGHTS[sq]
            scored.append((key, sq, f))
        scored.sort()
        return [(sq, f) for _, sq, f in scored]

    def midgame(self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int) -> int:
        """Principal variation search to ``depth`` plies; passes do not use up depth."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.poll()
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                return final_score(p, o) * SCALE
            return -self.midgame(o, p, depth, -beta, -alpha)
        if depth == 1:
            return self._frontier(p, o, moves, alpha, beta)

        key = (p, o)
        entry = self.tt_mid.get(key)
        hash_sq = PASS
        if entry is not None:
            d, lo, hi, hash_sq = entry
            if d >= depth:
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
        if self.selectivity and depth >= MPC_MIN_DEPTH:
            cut = self._probcut(p, o, depth, alpha, beta)
            if cut is not None:
                return cut

        alpha0 = alpha
        best, best_sq = -INF, PASS
        first = True
        for sq, f in self.ordered_moves(p, o, moves, hash_sq, depth >= 2):
            b = 1 << sq
            np, no = o ^ f, p | f | b
            if first:
                v = -self.midgame(np, no, depth - 1, -beta, -alpha)
                first = False
            else:
                v = -self.midgame(np, no, depth - 1, -alpha - 1, -alpha)
                if alpha < v < beta:
                    v = -self.midgame(np, no, depth - 1, -beta, -v)
            if v > best:
                best, best_sq = v, sq
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break

        if best <= alpha0:
            self.tt_mid[key] = (depth, -INF, best, best_sq)
        elif best >= beta:
            self.tt_mid[key] = (depth, best, INF, best_sq)
        else:
            self.tt_mid[key] = (depth, best, best, best_sq)
        return best

    def _probcut(self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int) -> int | None:
        """Multi-ProbCut: ``beta`` (or ``alpha``) when a shallow search makes it very likely
        that the full search would fail high (or low), else None.

        The shallow value predicts the deep one as ``a * v + b`` give or take ``sigma``;
        ``selectivity`` is how many sigmas of margin a cut needs (larger: safer, slower).
        """
        shallow, a, b, sigma = mpc_pair(depth)
        margin = self.selectivity * sigma * SCALE
        b *= SCALE
        if beta < MPC_BOUND:
            bound = math.ceil((beta + margin - b) / a)
            if self.midgame(p, o, shallow, bound - 1, bound) >= bound:
                return beta
        if alpha > -MPC_BOUND:
            bound = math.floor((alpha - margin - b) / a)
            if self.midgame(p, o, shallow, bound, bound + 1) <= bound:
                return alpha
        return None

    def _frontier(self, p: Bitboard, o: Bitboard, moves: Bitboard, alpha: int, beta: int) -> int:
        """Depth 1: the best static evaluation over the moves, without recursion.

        Corners go first and X/C squares last, so a cut-off tends to come after fewer
        evaluations (measured: 6% fewer leaves at depth 6-7).
        """
        best = -INF
        rays = RAYS
        not_o = ~o
        corners = moves & CORNER_MASK
        risky = moves & RISKY_MASK
        for group in (corners, moves ^ corners ^ risky, risky):
            while group:
                b = group & -group
                group ^= b
                # inlined flips(): this loop runs once per leaf
                f = 0
                for ray, upward, nearest in rays[b.bit_length() - 1]:
                    if nearest & o:
                        x = ray & not_o
                        if upward:
                            y = x & -x
                            if y & p:
                                f |= ray & (y - 1)
                        elif x:
                            y = 1 << (x.bit_length() - 1)
                            if y & p:
                                f |= ray & -(y << 1)
                self.nodes += 1
                v = -evaluate(o ^ f, p | f | b)
                if v > best:
                    best = v
                    if v >= beta:
                        return v
        return best

    def root_midgame(
        self, p: Bitboard, o: Bitboard, depth: int, order: list[int], full_window: bool = False
    ) -> tuple[int, int, dict[int, int]]:
        """Search every root move to ``depth``: (best score, best square, score per move).

        ``order`` is the root move order (best guess first). With ``full_window`` every move
        gets its exact minimax score (for hints and for randomised play); otherwise later
        moves get null-window bounds only. The best move found so far is kept in
        ``self.root_best`` so a stopped search can still report it.
        """
        alpha, beta = -INF, INF
        best, best_sq = -INF, order[0]
        scores: dict[int, int] = {}
        self.root_best = None
        for i, sq in enumerate(order):
            f = flips(p, o, sq)
            np, no = o ^ f, p | f | (1 << sq)
            if i == 0 or full_window:
                v = (
                    -self.midgame(np, no, depth - 1, -INF, INF)
                    if depth > 1
                    else -self._leaf(np, no)
                )
            else:
                v = (
                    -self.midgame(np, no, depth - 1, -alpha - 1, -alpha)
                    if depth > 1
                    else -self._leaf(np, no)
                )
                if v > alpha and depth > 1:
                    v = -self.midgame(np, no, depth - 1, -beta, -v)
            scores[sq] = v
            if v > best:
                best, best_sq = v, sq
                alpha = max(alpha, v)
                self.root_best = (best_sq, best)
        return best, best_sq, scores

    def _leaf(self, p: Bitboard, o: Bitboard) -> int:
        """Score of a position at depth 0: exact if the game is over, else the evaluation."""
        self.nodes += 1
        if not legal_moves(p, o) and not legal_moves(o, p):
            return final_score(p, o) * SCALE
        return evaluate(p, o)

    # ----- endgame ------------------------------------------------------------------

    def exact(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, passed: bool = False, moves: int = -1
    ) -> int:
        """Exact final disc difference (within the window) with perfect play from here.

        Moves are ordered hash move first, then fewest opponent replies (fastest-first),
        corners ahead; below ``SHALLOW_EMPTIES`` the cheaper parity walk takes over.
        """
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.poll()
        empty = ~(p | o) & FULL
        n = empty.bit_count()
        if n <= SHALLOW_EMPTIES:
            return self.shallow(p, o, alpha, beta, parity_order(empty), passed)
        if moves < 0:
            moves = legal_moves(p, o)
        if not moves:
            if passed:
                return final_score(p, o)
            if not legal_moves(o, p):
                return final_score(p, o)
            return -self.exact(o, p, -beta, -alpha, True)

        key = (p, o)
        hash_sq = PASS
        use_tt = n >= END_TT_EMPTIES
        if use_tt:
            entry = self.tt_end.get(key)
            if entry is not None:
                lo, hi, hash_sq = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)

        if n >= ETC_EMPTIES:
            cut = self._etc(p, o, moves, beta)
            if cut is not None:
                return cut

        alpha0 = alpha
        best, best_sq = -INF, PASS
        first = True
        if hash_sq >= 0 and moves >> hash_sq & 1:
            # the remembered move alone often refutes: try it before paying for ordering
            b = 1 << hash_sq
            f = flips(p, o, hash_sq)
            best = -self.exact(o ^ f, p | f | b, -beta, -alpha)
            best_sq = hash_sq
            moves ^= b
            first = False
            if best > alpha:
                alpha = best
                if best >= beta:
                    moves = 0
        for sq, f, m in self.end_order(p, o, moves, n) if moves else ():
            b = 1 << sq
            np, no = o ^ f, p | f | b
            if first:
                v = -self.exact(np, no, -beta, -alpha, False, m)
                first = False
            else:
                v = -self.exact(np, no, -alpha - 1, -alpha, False, m)
                if alpha < v < beta:
                    v = -self.exact(np, no, -beta, -v, False, m)
            if v > best:
                best, best_sq = v, sq
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break

        if use_tt:
            if best <= alpha0:
                self.tt_end[key] = (-INF, best, best_sq)
            elif best >= beta:
                self.tt_end[key] = (best, INF, best_sq)
            else:
                self.tt_end[key] = (best, best, best_sq)
        return best

    def _etc(self, p: Bitboard, o: Bitboard, moves: Bitboard, beta: int) -> int | None:
        """Enhanced transposition cutoff: a child already known bad enough for the opponent
        refutes this node without searching anything."""
        tt = self.tt_end
        while moves:
            b = moves & -moves
            moves ^= b
            sq = b.bit_length() - 1
            f = flips(p, o, sq)
            entry = tt.get((o ^ f, p | f | b))
            if entry is not None and -entry[1] >= beta:
                tt[(p, o)] = (-entry[1], INF, sq)
                return -entry[1]
        return None

    def end_order(
        self, p: Bitboard, o: Bitboard, moves: Bitboard, empties: int
    ) -> list[tuple[int, int, int]]:
        """``(square, flips, opponent's replies)`` per move, most promising first.

        Fastest-first: the opponent's potential mobility, a corner bonus and parity make
        the key; from ``EVAL_ORDER_EMPTIES`` the opponent's replies (fewest first, its
        corner replies counted again) and from ``SCORE_ORDER_EMPTIES`` the evaluation join
        it; their cost is small next to the subtrees. The replies are handed down so the
        child need not generate them again (-1 where they were not counted).
        """
        scored = []
        empty = ~(p | o) & FULL
        replies = empties >= EVAL_ORDER_EMPTIES
        scoring = empties >= SCORE_ORDER_EMPTIES
        while moves:
            b = moves & -moves
            moves ^= b
            sq = b.bit_length() - 1
            f = flips(p, o, sq)
            np, no = o ^ f, p | f | b
            row = no | ((no << 1) & NOT_A) | ((no >> 1) & NOT_H)
            key = ((row | (row << 8) | (row >> 8)) & empty).bit_count() * W_POT
            if b & CORNER_MASK:
                key -= W_CORNER
            if (QUADRANT_MASKS[_QUADRANT_OF[sq]] & empty).bit_count() & 1:
                key -= W_PAR
            m = -1
            if replies:
                m = legal_moves(np, no)
                key += m.bit_count() * W_MOB + (m & CORNER_MASK).bit_count() * W_CMOB
                if scoring:
                    key += evaluate(np, no) // SCORE_ORDER_DIVISOR
            scored.append((key, sq, f, m))
        scored.sort()
        return [(sq, f, m) for _, sq, f, m in scored]

    def shallow(
        self,
        p: Bitboard,
        o: Bitboard,
        alpha: int,
        beta: int,
        empties: tuple[int, ...],
        passed: bool,
    ) -> int:
        """Exact search over a short tuple of empty squares, tried in the order given."""
        self.nodes += 1
        if len(empties) == 2:
            return self._two(p, o, beta, empties[0], empties[1], passed)
        if len(empties) == 1:
            return self._last(p, o, empties[0])
        best = -INF
        rays = RAYS
        near = NEIGHBOURS
        not_o = ~o
        for i, sq in enumerate(empties):
            if not near[sq] & o:
                continue
            # inlined flips()
            f = 0
            for ray, upward, nearest in rays[sq]:
                if nearest & o:
                    x = ray & not_o
                    if upward:
                        y = x & -x
                        if y & p:
                            f |= ray & (y - 1)
                    elif x:
                        y = 1 << (x.bit_length() - 1)
                        if y & p:
                            f |= ray & -(y << 1)
            if f:
                v = -self.shallow(
                    o ^ f, p | f | (1 << sq), -beta, -alpha, empties[:i] + empties[i + 1 :], False
                )
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            return v
        if best == -INF:
            if passed:
                return final_score(p, o)
            return -self.shallow(o, p, -beta, -alpha, empties, True)
        return best

    def _two(self, p: Bitboard, o: Bitboard, beta: int, x: int, y: int, passed: bool) -> int:
        """Two empty squares left: try both orders directly, no lists and no recursion."""
        best = -INF
        f = flips(p, o, x) if NEIGHBOURS[x] & o else 0
        if f:
            best = -self._last(o ^ f, p | f | (1 << x), y)
            if best >= beta:
                return best
        f = flips(p, o, y) if NEIGHBOURS[y] & o else 0
        if f:
            v = -self._last(o ^ f, p | f | (1 << y), x)
            best = max(best, v)
        if best > -INF:
            return best
        if passed:
            return final_score(p, o)
        return -self._two(o, p, INF, x, y, True)

    def _last(self, p: Bitboard, o: Bitboard, sq: int) -> int:
        """The final score when one square is left: whoever can play there does."""
        diff = p.bit_count() - o.bit_count()
        near = NEIGHBOURS[sq]
        f = flips(p, o, sq) if near & o else 0
        if f:
            return diff + 2 * f.bit_count() + 1
        f = flips(o, p, sq) if near & p else 0
        if f:
            return diff - 2 * f.bit_count() - 1
        return diff + 1 if diff > 0 else diff - 1

    def root_exact(
        self,
        p: Bitboard,
        o: Bitboard,
        order: list[int],
        alpha: int = -64,
        beta: int = 64,
        full_window: bool = False,
    ) -> tuple[int, int, dict[int, int]]:
        """Solve every root move: (best score, best square, score or bound per move).

        With ``alpha, beta = -1, 1`` this is the win/loss/draw search. Partial progress is
        kept in ``self.root_best`` like :meth:`root_midgame`.
        """
        best, best_sq = -INF, order[0]
        scores: dict[int, int] = {}
        self.root_best = None
        lo = alpha
        for i, sq in enumerate(order):
            f = flips(p, o, sq)
            np, no = o ^ f, p | f | (1 << sq)
            if i == 0 or full_window:
                v = -self.exact(np, no, -beta, -alpha if full_window else -lo)
            else:
                v = -self.exact(np, no, -lo - 1, -lo)
                if lo < v < beta:
                    v = -self.exact(np, no, -beta, -v)
            scores[sq] = v
            if v > best:
                best, best_sq = v, sq
                self.root_best = (best_sq, best)
                if v > lo:
                    lo = v
                    if v >= beta and not full_window:
                        break
        return best, best_sq, scores

    def root_mtd(self, p: Bitboard, o: Bitboard, order: list[int], guess: int) -> tuple[int, int]:
        """Exact root score and a best square, by :func:`mtd` over this searcher's probes."""
        self.root_best = None
        return mtd(lambda moves, beta: self._root_probe(p, o, moves, beta), order, guess)

    def _root_probe(self, p: Bitboard, o: Bitboard, order: list[int], beta: int) -> tuple[int, int]:
        """Is the root worth at least ``beta``? Fail-soft (value, move that reached it)."""
        best, best_sq = -INF, order[0]
        for sq in order:
            f = flips(p, o, sq)
            v = -self.exact(o ^ f, p | f | (1 << sq), -beta, -beta + 1)
            if v > best:
                best, best_sq = v, sq
                if v >= beta:
                    self.root_best = (sq, v)
                    break
        return best, best_sq

    # ----- principal variation --------------------------------------------------------

    def principal_variation(
        self, p: Bitboard, o: Bitboard, first: int, limit: int, exact: bool
    ) -> list[int]:
        """Follow the tables' best moves from the root, checking each one is legal."""
        pv = [first]
        placed = 1  # passes do not count against ``limit``: they fill no square
        f = flips(p, o, first)
        p, o = o ^ f, p | f | (1 << first)
        table = self.tt_end if exact else self.tt_mid
        seen = set()
        while placed < limit and (p, o) not in seen:
            seen.add((p, o))
            moves = legal_moves(p, o)
            if not moves:
                if not legal_moves(o, p):
                    break
                pv.append(PASS)
                p, o = o, p
                continue
            entry = table.get((p, o))
            if entry is None and exact and (~(p | o) & FULL).bit_count() <= PV_SOLVE_EMPTIES:
                sq = self._best_by_solving(p, o, moves)
            elif entry is None:
                break
            else:
                sq = entry[-1]
            if sq < 0 or not moves >> sq & 1:
                break
            pv.append(sq)
            placed += 1
            f = flips(p, o, sq)
            p, o = o ^ f, p | f | (1 << sq)
        return pv

    def _best_by_solving(self, p: Bitboard, o: Bitboard, moves: Bitboard) -> int:
        """A best move of a small endgame, solved afresh (the table skips small positions)."""
        helper = Searcher({}, {})
        best, best_sq = -INF, PASS
        while moves:
            b = moves & -moves
            moves ^= b
            sq = b.bit_length() - 1
            f = flips(p, o, sq)
            v = -helper.exact(o ^ f, p | f | b, -64, 64)
            if v > best:
                best, best_sq = v, sq
        return best_sq
