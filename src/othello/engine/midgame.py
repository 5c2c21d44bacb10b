"""The midgame search: principal variation search to a depth, on the evaluation.

Scores are in evaluation units (``SCALE`` per disc), from the side to move's point of view
(negamax). Moves are ordered table move first, then by the opponent's reply count; at
depth 1 a loop without recursion evaluates every move. Levels 10-17 search selectively
with Multi-ProbCut. :meth:`MidgameSearcher.iterate` is the iterative deepening every caller
uses (think, analyze, the solver's presearch), each with its own rule for when to stop.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from othello.core.bitboard import PASS, Bitboard, Square, flips, legal_moves
from othello.core.words import (
    COMPILED,
    WORD_RAYS,
    WORD_SQUARE,
    Word,
    final_words,
    flip_words,
    legal_words,
    popcount,
    to_bitboard,
    to_word,
)
from othello.engine.evaluation import SCALE, SQUARE_WEIGHTS, evaluate, evaluate_words
from othello.engine.search_common import (
    CORNER_MASK,
    INF,
    RISKY_MASK,
    Limits,
    final_score,
    principal_variation,
)

MidgameTable = dict[tuple[Bitboard, Bitboard], tuple[int, int, int, Square]]
"""``(p, o)`` -> ``(depth, lower bound, upper bound, best square)``. Keys are the whole
position, so an entry can only ever describe the position it is looked up for."""

WORD_CORNERS: Final[Word] = to_word(CORNER_MASK)
WORD_RISKY: Final[Word] = to_word(RISKY_MASK)
"""The corners, and the X and C squares, as words (:mod:`othello.core.words`)."""

Ordered = tuple[int, Word, Word]
"""A move as the search orders it: (square, flips, the opponent's replies or -1)."""

MPC_BOUND: Final = 40 * SCALE
"""ProbCut only tests bounds nearer zero than this: beyond, scores are (nearly) proven."""

MPC_MIN_DEPTH: Final = 3
"""Multi-ProbCut is tried at nodes searched to at least this depth."""

# deep depth -> (shallow depth, a, b, sigma): v_deep ~ a * v_shallow + b, error spread
# sigma, in discs. Fitted for the pattern evaluation with backed-up labels (issue 24) by
# scripts/calibrate_mpc.py (200 positions from noisy self-play, 14-50 empties, full-window
# searches to depth 9, seed 2); depth 10 is extrapolated (the depth-9 spread times 1.05, the
# ratio of depth 10's to depth 9's in the one fit that went to depth 10; a and b of depths 8
# and 9). The shallow search is 4 plies shorter from depth 6 on (same parity: the
# evaluation's odd/even bias cancels); deeper nodes reuse the depth-10 figures.
MPC_PAIRS: Final[dict[int, tuple[int, float, float, float]]] = {
    3: (1, 1.006, 0.94, 3.75),
    4: (2, 1.024, 0.19, 3.12),
    5: (3, 1.024, 0.44, 2.63),
    6: (2, 1.025, 0.19, 3.61),
    7: (3, 1.005, 0.25, 3.20),
    8: (4, 1.028, 0.10, 2.96),
    9: (5, 1.017, -0.39, 2.83),
    10: (6, 1.022, 0.10, 2.97),
}


def mpc_pair(depth: int) -> tuple[int, float, float, float]:
    """The ProbCut figures for a node of ``depth`` plies (see ``MPC_PAIRS``)."""
    pair = MPC_PAIRS.get(depth)
    if pair is None:
        _, a, b, sigma = MPC_PAIRS[10]
        return depth - 4, a, b, sigma
    return pair


@dataclass(frozen=True)
class Iteration:
    """One completed depth of iterative deepening at the root.

    ``scores`` holds every root move's score: exact minimax values for a full-window
    depth, else bounds for all but the best. ``order`` is the root moves best first, the
    order the next depth searches them in.
    """

    depth: int
    move: Square
    score: int
    scores: dict[Square, int]
    order: list[Square]


class MidgameSearcher(Limits):
    """Principal variation search to a fixed depth, with a table, move ordering, and
    Multi-ProbCut when ``selectivity`` is above zero (see ``MPC_PAIRS``)."""

    def __init__(
        self,
        table: MidgameTable,
        stop: threading.Event | None = None,
        deadline: float | None = None,
        node_limit: int | None = None,
        selectivity: float = 0.0,
    ) -> None:
        super().__init__(table, stop, deadline, node_limit)
        self.tt_mid = table
        self.selectivity = selectivity

    def iterate(
        self,
        p: Bitboard,
        o: Bitboard,
        order: list[Square],
        depths: Iterable[int],
        full_window: Callable[[int], bool] = lambda depth: False,
    ) -> Iterator[Iteration]:
        """Iterative deepening: search the root to each depth in turn and yield what it
        found; the caller decides when to stop (time, a proven result, enough depth).

        Each depth searches the moves best first by the depth before. SearchStopped comes
        out of the generator when a limit cuts a depth short; ``root_best`` then holds
        that depth's best move so far. Depth 1 is never cut short (it only evaluates).
        """
        for depth in depths:
            score, best, scores = self.root_midgame(p, o, depth, order, full_window(depth))
            order = sorted(scores, key=lambda m: -INF if m == best else -scores[m])
            yield Iteration(depth, best, score, scores, order)

    def ordered_moves(
        self, p: Word, o: Word, moves: Word, hash_sq: int, deep: bool
    ) -> list[Ordered]:
        """``(square, flips, the reply's legal moves or -1)`` for each move, most promising
        first (words: see :mod:`othello.core.words`).

        The hash move goes first. Nodes two or more plies from the leaves then sort by the
        opponent's reply count (fewest first: it keeps the opponent short of moves) with
        corners pulled ahead (measured: 29% fewer nodes than square weights at two plies);
        nodes just above the leaves use the static square weights, which cost nothing. The
        replies counted are handed on, so the search below does not find them again.
        """
        scored = []
        while moves:
            b = moves & -moves
            moves ^= b
            top: int = b
            sq = top.bit_length() - 1  # the square of b (h8's too, signed or not)
            f = flip_words(p, o, sq)
            replies: Word = -1
            if sq == hash_sq:
                key = -INF
            elif deep:
                replies = legal_words(o ^ f, p | f | b)
                count = popcount(replies) if COMPILED else int.bit_count(replies)
                key = count * 100 - SQUARE_WEIGHTS[sq]
            else:
                key = -SQUARE_WEIGHTS[sq]
            scored.append((key, sq, f, replies))
        scored.sort()  # by key, then square (squares differ: the rest is never compared)
        return [(sq, f, replies) for _, sq, f, replies in scored]

    def midgame(
        self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int, moves: int | None = None
    ) -> int:
        """Principal variation search to ``depth`` plies; passes do not use up depth.
        ``moves``: the legal moves, when the caller has them already. The search runs on
        words (:mod:`othello.core.words`), machine integers where compiled."""
        known = -1 if moves is None else to_word(moves)
        return self._midgame(to_word(p), to_word(o), depth, alpha, beta, known)

    def _midgame(self, p: Word, o: Word, depth: int, alpha: int, beta: int, moves: Word) -> int:
        """:meth:`midgame` on words; ``moves`` -1 where not yet known (-1 holds every
        square, which no position's moves do)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.poll()
        if moves == -1:
            moves = legal_words(p, o)
        if not moves:
            if not legal_words(o, p):
                return final_words(p, o) * SCALE
            return -self._midgame(o, p, depth, -beta, -alpha, -1)
        if depth == 1:
            return self._frontier(p, o, moves, alpha, beta)
        key = (to_bitboard(p), to_bitboard(o)) if COMPILED else (p, o)  # bitboards
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
            cut = self._probcut(p, o, depth, alpha, beta, moves)
            if cut is not None:
                return cut

        alpha0 = alpha
        best, best_sq = -INF, PASS
        first = True
        for sq, f, replies in self.ordered_moves(p, o, moves, hash_sq, depth >= 2):
            b = WORD_SQUARE[sq]
            np, no = o ^ f, p | f | b
            if first:
                v = -self._midgame(np, no, depth - 1, -beta, -alpha, replies)
                first = False
            else:
                v = -self._midgame(np, no, depth - 1, -alpha - 1, -alpha, replies)
                if alpha < v < beta:
                    v = -self._midgame(np, no, depth - 1, -beta, -v, replies)
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

    def _probcut(
        self, p: Word, o: Word, depth: int, alpha: int, beta: int, moves: Word
    ) -> int | None:
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
            if self._midgame(p, o, shallow, bound - 1, bound, moves) >= bound:
                return beta
        if alpha > -MPC_BOUND:
            bound = math.floor((alpha - margin - b) / a)
            if self._midgame(p, o, shallow, bound, bound + 1, moves) <= bound:
                return alpha
        return None

    def _frontier(self, p: Word, o: Word, moves: Word, alpha: int, beta: int) -> int:
        """Depth 1: the best static evaluation over the moves, without recursion.

        Corners go first and X/C squares last, so a cut-off tends to come after fewer
        evaluations (measured: 6% fewer leaves at depth 6-7).
        """
        best = -INF
        rays = WORD_RAYS
        not_o = ~o
        corners = moves & WORD_CORNERS
        risky = moves & WORD_RISKY
        for group in (corners, moves ^ corners ^ risky, risky):
            while group:
                b = group & -group
                group ^= b
                # inlined flips(): this loop runs once per leaf
                f: Word = 0
                top: int = b  # its square is top.bit_length() - 1 (h8's too)
                for ray, upward, nearest in rays[top.bit_length() - 1]:
                    if nearest & o:
                        x = ray & not_o
                        if upward:
                            y = x & -x
                            if y & p:
                                f |= ray & (y - 1)
                        elif x:
                            low: int = x  # a ray downwards never holds h8: no sign bit
                            y = WORD_SQUARE[low.bit_length() - 1]
                            if y & p:
                                f |= ray & -(y << 1)
                self.nodes += 1
                np, no = o ^ f, p | f | b
                v = -(evaluate_words(np, no) if COMPILED else evaluate(np, no))
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
                v = -self.midgame(np, no, depth - 1, -INF, INF) if depth > 1 else -self.leaf(np, no)
            else:
                v = (
                    -self.midgame(np, no, depth - 1, -alpha - 1, -alpha)
                    if depth > 1
                    else -self.leaf(np, no)
                )
                if v > alpha and depth > 1:
                    v = -self.midgame(np, no, depth - 1, -beta, -v)
            scores[sq] = v
            if v > best:
                best, best_sq = v, sq
                alpha = max(alpha, v)
                self.root_best = (best_sq, best)
        return best, best_sq, scores

    def line(self, p: Bitboard, o: Bitboard, sq: Square, limit: int) -> list[Square]:
        """The best line after root move ``sq``, at most ``limit`` placed discs."""
        return principal_variation(p, o, sq, limit, self.tt_mid)

    def leaf(self, p: Bitboard, o: Bitboard) -> int:
        """Score of a position at depth 0: exact if the game is over, else the evaluation."""
        self.nodes += 1
        if not legal_moves(p, o) and not legal_moves(o, p):
            return final_score(p, o) * SCALE
        return evaluate(p, o)
