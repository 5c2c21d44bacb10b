"""What every search shares: limits, the stop signal, final scores, the principal line.

Everything in the search works on ``(p, o)`` int pairs (side to move, opponent) and never
on :class:`~othello.core.board.Board` objects, because object overhead would dominate in pure
Python. A searcher holds one call's state (node count, limits); its transposition table is
a plain dict owned by the engine and kept between calls. The searchers are
:mod:`othello.engine.midgame` (a depth-limited search on the evaluation) and
:mod:`othello.engine.endgame` (the exact solver); :mod:`othello.engine.api` decides which to run,
and for how long, by the level.

The flips are written out by hand inside the hottest loops (the midgame's ``_frontier``,
the last moves' ``shallow``): a call to :func:`~othello.core.bitboard.flips` per leaf costs
more than the rest of the leaf's work. This is deliberate; keep them in step with
``bitboard.flips``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

from othello.core.bitboard import PASS, Bitboard, Square, final_difference, flips, legal_moves

INF: Final = 1 << 30

CHECK_EVERY: Final = 512
"""Nodes between checks of the clock and the stop flag: ~10 ms of search at most."""

TABLE_LIMIT: Final = 600_000
"""Positions a table may hold (a few hundred bytes each) before the less important half of
it is dropped (``prune``)."""

CORNER_MASK: Final[Bitboard] = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
RISKY_MASK: Final[Bitboard] = 0x42C300000000C342
"""X squares and C squares: next to a corner, they often hand it to the opponent."""


class SearchStopped(Exception):
    """Raised inside the search when a limit is hit; caught at the root."""


def final_score(p: Bitboard, o: Bitboard) -> int:
    """Disc difference of a finished game for ``p``, empty squares going to the winner."""
    return final_difference(p.bit_count(), o.bit_count())


class Limits:
    """A search's node count and when it must stop: the caller's stop flag, a deadline, a
    node budget. ``poll`` is called every ``CHECK_EVERY`` nodes; it also keeps the
    searcher's table from growing without bound."""

    def __init__(
        self,
        table: dict[Any, Any],
        stop: threading.Event | None = None,
        deadline: float | None = None,
        node_limit: int | None = None,
    ) -> None:
        self._table = table
        self.stop = stop
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.next_check = CHECK_EVERY
        self.root_best: tuple[Square, int] | None = None
        """The best root move so far and its score, so a stopped search can report it."""

    def poll(self) -> None:
        """Raise SearchStopped if cancelled, out of time, or over the node budget."""
        self.next_check = self.nodes + CHECK_EVERY
        if len(self._table) > TABLE_LIMIT:
            prune(self._table, TABLE_LIMIT // 2)  # keeps a long search's memory bounded
        if self.stop is not None and self.stop.is_set():
            raise SearchStopped
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise SearchStopped
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchStopped


def _discs(key: tuple[int, int]) -> int:
    """The discs on the board of a table's key ``(p, o)``."""
    both: int = key[0] | key[1]
    return both.bit_count()


def prune(table: dict[Any, Any], keep: int) -> None:
    """Keep at most about ``keep`` of a table's positions, the most important: those with
    the fewest discs (issue 55: replaced by importance, not emptied). Nearer the root, their
    subtrees are the largest and were searched deepest; a position with more discs is cheaper
    to search again. The positions of the disc count where ``keep`` is passed go too."""
    counts = [0] * 65
    for key in table:
        counts[_discs(key)] += 1
    total, cutoff = 0, 65
    for discs in range(65):
        total += counts[discs]
        if total > keep:
            cutoff = discs
            break
    for key in [k for k in table if _discs(k) >= cutoff]:
        del table[key]


def forget_before(table: dict[Any, Any], discs: int) -> None:
    """Drop the positions with fewer than ``discs`` discs: no position after one with
    ``discs`` discs can reach them (a disc never leaves the board)."""
    for key in [k for k in table if _discs(k) < discs]:
        del table[key]


def principal_variation(
    p: Bitboard,
    o: Bitboard,
    first: Square,
    limit: int,
    table: Mapping[tuple[Bitboard, Bitboard], tuple[int, ...]],
    complete: Callable[[Bitboard, Bitboard, Bitboard], Square] | None = None,
) -> list[Square]:
    """The line from the root: ``first``, then the table's best moves, each checked legal,
    up to ``limit`` placed discs (passes are written but do not count).

    Where the table has no entry, ``complete(p, o, moves)`` may supply the move (the
    endgame solver solves small positions the table does not keep); else the line ends.
    """
    pv = [first]
    placed = 1
    f = flips(p, o, first)
    p, o = o ^ f, p | f | (1 << first)
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
        if entry is not None:
            sq = entry[-1]
        elif complete is not None:
            sq = complete(p, o, moves)
        else:
            break
        if sq < 0 or not moves >> sq & 1:
            break
        pv.append(sq)
        placed += 1
        f = flips(p, o, sq)
        p, o = o ^ f, p | f | (1 << sq)
    return pv
