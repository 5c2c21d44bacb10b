"""The exact endgame solver: the final disc difference with perfect play by both sides.

Scores are exact disc differences (empty squares go to the winner), from the side to
move's point of view. Move ordering is fastest-first (the opponent's replies, fewest
first) with corners, parity and, far from the end, the evaluation; below
``SHALLOW_EMPTIES`` a cheaper walk over the empty squares in parity order takes over. The
root is solved by MTD(f): null-window probes converging on the score from a guess.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Final

from othello.core.bitboard import (
    FULL,
    NOT_A,
    NOT_H,
    PASS,
    Bitboard,
    Square,
    flips,
    packed_legal_moves,
)
from othello.core.words import (
    BELOW_TOP_ROW,
    COMPILED,
    FULL_WORD,
    WORD_SQUARE,
    Word,
    final_words,
    flip_words,
    legal_words,
    popcount,
    to_bitboard,
    to_word,
)
from othello.engine.evaluation import SCALE, evaluate, evaluate_words
from othello.engine.last_moves import (
    QUADRANT_MASKS,
    QUADRANT_OF,
    SHALLOW_EMPTIES,
    STABILITY_MIN_ALPHA,
    LastMoves,
    parity_order,
)
from othello.engine.midgame import MidgameSearcher
from othello.engine.search_common import CORNER_MASK, INF, principal_variation
from othello.engine.stability import stable_discs

EndgameTable = dict[tuple[Bitboard, Bitboard], tuple[int, int, Square]]
"""``(p, o)`` -> ``(lower bound, upper bound, best square)`` in exact disc units."""

END_TT_EMPTIES: Final = 7
"""The solver only stores positions with at least this many empties (below, it walks the
parity list). Measured on FForum #22-#30: storing from 7 rather than 9 empties saves 14%
of the nodes, because the null-window probes of one solve revisit these positions."""

EVAL_ORDER_EMPTIES: Final = 8
"""From this many empties the solver's ordering key counts the opponent's replies (all,
and corners); below, it has only potential mobility, corners and parity, because there
the children are solved by the parity walk, which has no use for the replies. Measured on
FForum #26 and #33 (paired runs), leaving the replies out at 7 empties: 7% more nodes,
4.5% less time; leaving them out at 8 or 9 too lost."""

SCORE_ORDER_EMPTIES: Final = 12
SCORE_ORDER_DIVISOR: Final = 30
"""From SCORE_ORDER_EMPTIES empties the solver's ordering key also adds the evaluation of
the position after the move (for the opponent, so lower is better), divided by
SCORE_ORDER_DIVISOR: about three key points a disc, where one opponent reply is 32.
There are few such nodes and their subtrees are large, so the evaluation pays for itself:
measured on FForum #22-#30 (17-20 empties), 17% fewer nodes (divisors 20 to 45 and
thresholds 10 to 14 did about as well; the evaluation alone, without the reply count,
did worse)."""

W_MOB: Final = 32
W_CMOB: Final = 16
W_POT: Final = 4
W_CORNER: Final = 20
W_PAR: Final = 8
"""Move-ordering key weights in the solver: opponent replies, its corner replies, its
potential mobility, a bonus for taking a corner, one for playing into an odd region
(found by counting solver nodes on FForum #13-#19; ordering by the evaluation or by a
shallow search instead was measured worse)."""

ETC_EMPTIES: Final = 10
"""From this many empties the solver looks up every child in the table before searching."""

PV_SOLVE_EMPTIES: Final = 10
"""The reported line of an exact result is completed by solving from this many empties."""

QUADRANT_MASK_OF: Final = tuple(QUADRANT_MASKS[q] for q in QUADRANT_OF)
"""Per square, the squares of its quadrant (for the parity term of the ordering key)."""
WORD_QUADRANT_OF: Final[tuple[Word, ...]] = tuple(to_word(m) for m in QUADRANT_MASK_OF)
WORD_NOT_A: Final[Word] = to_word(NOT_A)
WORD_CORNERS: Final[Word] = to_word(CORNER_MASK)
"""The masks the solver's ordering uses, as words."""

Ordered = tuple[int, int, Word, Word]
"""A move as the solver orders it: (key, square, flips, the opponent's replies or -1)."""
Child = tuple[int, int, Word, Word, Word]
"""A move whose replies are yet to count: (key, square, flips, the position after it)."""

ORDER_CACHE_SIZE: Final = 50_000
"""The most sets of empties whose order is kept (about 9 MB), emptied when full: a 20-empty
solve hands over at most 38,760 sets of 6 (3% less time on FForum #20-#29 with them kept)."""
_ORDERS: Final[dict[Bitboard, tuple[int, ...]]] = {}
"""The parity walk's square order per set of empty squares: the positions handed to the
walk share few sets of empties, and a lookup costs a hundredth of working the order out."""

# The selective endgame's settings are not Final, so that scripts/selective_errors.py can
# try others on the compiled build too (compiled code reads them from the module).
SELECTIVE_MIN_EMPTIES = 10
"""A selective solve (``EndgameSolver(selectivity=...)``) tries ProbCut at nodes of this
many empties or more; below, it solves exactly (a small subtree costs about what the
shallow search would)."""

SELECTIVE_DEPTH_DIVISOR = 3
"""The shallow search of a node of n empties looks n / this plies ahead (at least 2)."""

ENDGAME_MPC: tuple[float, float, float, float, float, float] = (
    1.13, 1.43, -1.15, 10.67, -0.174, -0.46,
)  # fmt: skip
"""The endgame ProbCut's figures, fitted by ``scripts/calibrate_mpc.py --endgame`` on 200
positions of real games (40 at each of 12, 14, 16, 18 and 20 empties, solved exactly, and
searched full-width to depths 2-7): the exact score is predicted from the shallow search's
value v (discs) as ``a * v + b`` (b one figure for an even shallow depth, one for odd: the
evaluation's odd/even swing), give or take ``sigma = c + k_e * empties + k_s * depth``,
within ``SIGMA_RANGE``: ``(a, b_even, b_odd, c, k_e, k_s)``. The spread is 4.4-8.0 discs
(the midgame's, shallow against deep search, 2.6-3.8): an evaluation predicts a game's end
less well than a deeper look at it."""

SIGMA_RANGE: Final = (20, 7, 3.0)
"""The fit's empties and depth are taken at most this far (the positions went no further:
its spread falls with both, which must not run on past the data), and the spread is at
least the third figure, in discs."""


def selective_depth(empties: int) -> int:
    """The shallow search's depth for ProbCut at a node of ``empties``."""
    return max(2, (empties + 1) // SELECTIVE_DEPTH_DIVISOR)


def selective_sigma(empties: int, depth: int) -> float:
    """The spread (discs) of the exact score around the ``depth``-ply search's value."""
    _, _, _, c, k_e, k_s = ENDGAME_MPC
    most_empties, most_depth, least = SIGMA_RANGE
    return max(least, c + k_e * min(empties, most_empties) + k_s * min(depth, most_depth))


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


class EndgameSolver(LastMoves):
    """Exact search with a table, enhanced transposition cutoffs and fastest-first
    ordering, handing positions of ``SHALLOW_EMPTIES`` or fewer to the parity walk.

    With ``selectivity`` above zero it is the selective endgame (issue 55): at nodes of
    ``SELECTIVE_MIN_EMPTIES`` or more, a shallow midgame search (``prober``, about a third
    of the empties deep) cuts the node when it predicts the exact score beyond the window
    by ``selectivity`` spreads (``selective_sigma``): near-exact scores for a fraction of
    the positions. Its results are not exact: it keeps them in a table of their own."""

    def __init__(
        self,
        table: EndgameTable,
        stop: threading.Event | None = None,
        deadline: float | None = None,
        node_limit: int | None = None,
        selectivity: float = 0.0,
        prober: MidgameSearcher | None = None,
    ) -> None:
        super().__init__(table, stop, deadline, node_limit)
        self.tt_end = table
        self.selectivity = selectivity if prober is not None else 0.0
        self.prober = prober

    def exact(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, passed: bool = False) -> int:
        """Exact final disc difference (within the window) with perfect play from here.

        Moves are ordered hash move first, then fewest opponent replies (fastest-first),
        corners ahead; below ``SHALLOW_EMPTIES`` the cheaper parity walk takes over. The
        search runs on words (:mod:`othello.core.words`), machine integers where compiled.
        """
        return self._exact(to_word(p), to_word(o), alpha, beta, passed, -1)

    def _exact(self, p: Word, o: Word, alpha: int, beta: int, passed: bool, moves: Word) -> int:
        """:meth:`exact` on words; ``moves`` are the mover's, or -1 where not yet known
        (-1 holds every square, which no position's moves do)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.poll()
        empty = ~(p | o) & FULL_WORD
        n = popcount(empty) if COMPILED else int.bit_count(empty)
        if n <= SHALLOW_EMPTIES:
            order = _ORDERS.get(empty)
            if order is None:
                if len(_ORDERS) >= ORDER_CACHE_SIZE:
                    _ORDERS.clear()
                order = _ORDERS[empty] = parity_order(to_bitboard(empty))
            return self._walk(p, o, alpha, beta, order, passed)
        if alpha >= STABILITY_MIN_ALPHA and 2 * popcount(o) >= 64 - alpha:
            # the opponent's stable discs stay theirs: can we still beat alpha?
            bound = 64 - 2 * stable_discs(to_bitboard(o), to_bitboard(p)).bit_count()
            if bound <= alpha:
                return bound
        if moves == -1:
            moves = legal_words(p, o)
        if not moves:
            if passed:
                return final_words(p, o)
            if not legal_words(o, p):
                return final_words(p, o)
            return -self._exact(o, p, -beta, -alpha, True, -1)
        hash_sq = PASS
        use_tt = n >= END_TT_EMPTIES
        key = (to_bitboard(p), to_bitboard(o)) if COMPILED else (p, o)  # bitboards
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
        if self.selectivity and n >= SELECTIVE_MIN_EMPTIES:
            cut = self._probcut(p, o, n, alpha, beta, moves)
            if cut is not None:
                return cut
        alpha0 = alpha
        best, best_sq = -INF, PASS
        first = True
        if hash_sq >= 0 and moves & WORD_SQUARE[hash_sq]:
            # the remembered move alone often refutes: try it before paying for ordering
            b = WORD_SQUARE[hash_sq]
            f = flip_words(p, o, hash_sq)
            best = -self._exact(o ^ f, p | f | b, -beta, -alpha, False, -1)
            best_sq = hash_sq
            moves ^= b
            first = False
            if best > alpha:
                alpha = best
                if best >= beta:
                    moves = 0
        for _, sq, f, m in self.end_order(p, o, moves, n) if moves else ():
            b = WORD_SQUARE[sq]
            np, no = o ^ f, p | f | b
            if first:
                v = -self._exact(np, no, -beta, -alpha, False, m)
                first = False
            else:
                v = -self._exact(np, no, -alpha - 1, -alpha, False, m)
                if alpha < v < beta:
                    v = -self._exact(np, no, -beta, -v, False, m)
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

    def _probcut(self, p: Word, o: Word, n: int, alpha: int, beta: int, moves: Word) -> int | None:
        """ProbCut in the endgame: ``beta`` (``alpha``) when the shallow search puts the
        exact score above ``beta`` (below ``alpha``) by ``selectivity`` spreads, else None."""
        shallow = self.prober
        assert shallow is not None  # selectivity is 0 without one
        depth = selective_depth(n)
        margin = self.selectivity * selective_sigma(n, depth)
        a, b_even, b_odd, _, _, _ = ENDGAME_MPC
        b = b_odd if depth & 1 else b_even
        before = shallow.nodes
        cut: int | None = None
        try:  # the shallow value v predicts a * v + b: v must pass (bound - b) / a
            if beta < 64:
                bound = math.ceil((beta + margin - b) / a * SCALE)
                if shallow._midgame(p, o, depth, bound - 1, bound, moves) >= bound:
                    cut = beta
            if cut is None and alpha > -64:
                bound = math.floor((alpha - margin - b) / a * SCALE)
                if shallow._midgame(p, o, depth, bound, bound + 1, moves) <= bound:
                    cut = alpha
        finally:
            self.nodes += shallow.nodes - before
        return cut

    def _etc(self, p: Word, o: Word, moves: Word, beta: int) -> int | None:
        """Enhanced transposition cutoff: a child already known bad enough for the opponent
        refutes this node without searching anything."""
        tt = self.tt_end
        while moves:
            b = moves & -moves
            moves ^= b
            top: int = b
            sq = top.bit_length() - 1  # square_of(b) without a call
            f = flip_words(p, o, sq)
            entry = tt.get((to_bitboard(o ^ f), to_bitboard(p | f | b)))
            if entry is not None and -entry[1] >= beta:
                tt[(to_bitboard(p), to_bitboard(o))] = (-entry[1], INF, sq)
                return -entry[1]
        return None

    def end_order(self, p: Word, o: Word, moves: Word, empties: int) -> list[Ordered]:
        """``(key, square, flips, opponent's replies)`` per move, most promising first.
        Fastest-first: the opponent's potential mobility, a corner bonus and parity make
        the key; from ``EVAL_ORDER_EMPTIES`` the opponent's replies (fewest first, its
        corner replies counted again) and from ``SCORE_ORDER_EMPTIES`` the evaluation join
        it; their cost is small next to the subtrees. The replies are handed down so the
        child need not generate them again (-1 where they were not counted).
        """
        scored: list[Ordered] = []
        children: list[Child] = []  # with the position after the move, when the replies count
        quadrant = WORD_QUADRANT_OF
        empty = ~(p | o) & FULL_WORD
        replies = empties >= EVAL_ORDER_EMPTIES
        while moves:
            b = moves & -moves
            moves ^= b
            top: int = b
            sq = top.bit_length() - 1  # square_of(b) without a call
            f = flip_words(p, o, sq)
            np, no = o ^ f, p | f | b
            row = no | (no << 1 & WORD_NOT_A) | (no >> 1 & NOT_H)
            near = (row | row << 8 | (row >> 8 & BELOW_TOP_ROW)) & empty
            key = (popcount(near) if COMPILED else int.bit_count(near)) * W_POT
            if b & WORD_CORNERS:
                key -= W_CORNER
            region = quadrant[sq] & empty
            if (popcount(region) if COMPILED else int.bit_count(region)) & 1:
                key -= W_PAR
            if replies:
                children.append((key, sq, f, np, no))
            else:
                scored.append((key, sq, f, -1))
        if replies:
            scored = _with_replies(children, empties)
        scored.sort()
        return scored

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

    def line(self, p: Bitboard, o: Bitboard, first: Square, limit: int) -> list[Square]:
        """The best line after ``first`` from the table, small positions solved afresh."""

        def complete(p: Bitboard, o: Bitboard, moves: Bitboard) -> Square:
            if (~(p | o) & FULL).bit_count() > PV_SOLVE_EMPTIES:
                return PASS
            return best_by_solving(p, o, moves)

        return principal_variation(p, o, first, limit, self.tt_end, complete)


def _with_replies(children: list[Child], empties: int) -> list[Ordered]:
    """The ordering keys with each child's replies and, from ``SCORE_ORDER_EMPTIES``, its
    evaluation. Compiled, each child's replies are one :func:`legal_words`; pure, every
    child's are found in one fill (:func:`~othello.core.bitboard.packed_legal_moves`, the
    children 128 bits apart), which costs the interpreter less than a fill each."""
    scored = []
    scoring = empties >= SCORE_ORDER_EMPTIES
    packed = 0
    if not COMPILED:
        pp = oo = shift = 0
        for _, _, _, np, no in children:
            pp |= np << shift  # words are bitboards in the pure build
            oo |= no << shift
            shift += 128
        packed = packed_legal_moves(pp, oo, len(children))
    for key, sq, f, np, no in children:
        if COMPILED:
            m = legal_words(np, no)
            key += popcount(m) * W_MOB + popcount(m & WORD_CORNERS) * W_CMOB
        else:
            found = packed & FULL
            packed >>= 128
            key += found.bit_count() * W_MOB + (found & CORNER_MASK).bit_count() * W_CMOB
            m = found
        if scoring:
            value = evaluate_words(np, no) if COMPILED else evaluate(np, no)
            key += value // SCORE_ORDER_DIVISOR
        scored.append((key, sq, f, m))
    return scored


def best_by_solving(p: Bitboard, o: Bitboard, moves: Bitboard) -> Square:
    """A best move of a small endgame, solved afresh (the table skips small positions)."""
    helper = EndgameSolver({})
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
