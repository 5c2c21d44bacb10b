"""Why a move lost, in the terms players use: what the played move did that the best move did
not, each claim computed from the position, the two moves and the engine's line.

A verdict (``study.verdict``) says how much a move lost; this says why, with a few named
themes, each with its numbers:

==============  =================================================================
corner-given    after the move the opponent may play on a corner it could not
                take after the best move, and the engine's line takes it
corner-missed   the best move takes a corner, the move played does not
x-square        the move is on the square diagonal to an empty corner
c-square        the move is on an edge square beside an empty corner
stable-discs    the best move leaves the mover more discs that can never turn
edge            the opponent may now wedge into an edge between two of the
                mover's discs, which the best move did not allow
parity          late in the game, the move plays in a region with an even number
                of empty squares where the best move plays in an odd one
mobility        the opponent has more moves after it than after the best move
frontier        more of the mover's discs touch empty squares than after the best
                move (and the best move was quiet when it turned only inner discs)
==============  =================================================================

A theme is named only when the position shows it: no corner the opponent cannot take, no
quiet best move that opens the frontier, nothing for a move that lost nothing. Where no theme
applies, the loss is deeper than these: the line shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from othello.core.bitboard import PASS, Bitboard, Square, flips, legal_moves, neighbours
from othello.core.board import Board
from othello.core.notation import square_name
from othello.engine.stability import stable_discs


class Theme(Enum):
    """The themes, by the names the command line and docs/study.md give them, in the order
    a sentence names them (the most telling first)."""

    CORNER_GIVEN = "corner-given"
    CORNER_MISSED = "corner-missed"
    X_SQUARE = "x-square"
    C_SQUARE = "c-square"
    STABLE_DISCS = "stable-discs"
    EDGE = "edge"
    PARITY = "parity"
    MOBILITY = "mobility"
    FRONTIER = "frontier"


CORNERS: tuple[Square, ...] = (0, 7, 56, 63)
X_SQUARES: dict[Square, Square] = {9: 0, 14: 7, 49: 56, 54: 63}
"""Each X-square and the corner it touches diagonally."""
C_SQUARES: dict[Square, Square] = {1: 0, 8: 0, 6: 7, 15: 7, 48: 56, 57: 56, 55: 63, 62: 63}
"""Each C-square and the corner beside it on the edge."""
EDGE_SQUARES: frozenset[Square] = frozenset(
    sq for sq in range(64) if sq < 8 or sq >= 56 or sq % 8 in (0, 7)
) - frozenset(CORNERS)
PARITY_EMPTIES = 14
"""From this many empty squares on, parity is named (regions count then)."""
MOBILITY_MARGIN = 3
FRONTIER_MARGIN = 3
STABLE_MARGIN = 2
QUIET_FLIPS = 3
LINE_PLIES = 6
"""How much of the engine's line a player steps through."""
Search = Callable[[Board], Sequence[Square]]
"""A position's best line, as the engine finds it (or a stand-in, for tests)."""


@dataclass(frozen=True)
class ThemeFound:
    """One theme named for a move, with its numbers (squares by name)."""

    theme: Theme
    numbers: dict[str, int | str | bool] = field(default_factory=dict)

    def as_json(self) -> dict[str, int | str | bool]:
        return {"name": self.theme.value, **self.numbers}


@dataclass(frozen=True)
class After:
    """A position after one of the mover's moves: the mover's discs and the opponent's."""

    mine: Bitboard
    theirs: Bitboard
    flipped: Bitboard

    @classmethod
    def of(cls, p: Bitboard, o: Bitboard, sq: Square) -> After:
        turned = flips(p, o, sq)
        return cls(p | turned | (1 << sq), o & ~turned, turned)

    @property
    def empty(self) -> Bitboard:
        return ~(self.mine | self.theirs) & 0xFFFFFFFFFFFFFFFF

    def their_moves(self) -> Bitboard:
        return legal_moves(self.theirs, self.mine)

    def frontier(self) -> int:
        """The mover's discs next to an empty square."""
        return bin(self.mine & neighbours(self.empty)).count("1")

    def stable(self) -> int:
        return bin(stable_discs(self.mine, self.theirs)).count("1")


def themes(
    board: Board, played: Square, best: Square, line: Sequence[Square] = ()
) -> list[ThemeFound]:
    """Why ``played`` lost against ``best`` on ``board`` (the side to move's move), most
    telling first; ``line`` is the engine's best continuation after ``played`` (the
    opponent's reply first). Nothing when the two moves are the same or a pass."""
    if played == best or PASS in (played, best):
        return []
    p, o = board.player, board.opponent
    mine, better = After.of(p, o, played), After.of(p, o, best)
    before_empty = ~(p | o) & 0xFFFFFFFFFFFFFFFF
    found: list[ThemeFound] = []
    theirs = [sq for n, sq in enumerate(line) if n % 2 == 0][:3]  # the opponent's next moves
    for corner in CORNERS:
        opened = mine.their_moves() >> corner & 1 and not better.their_moves() >> corner & 1
        if opened and corner in theirs:
            found.append(ThemeFound(Theme.CORNER_GIVEN, {"corner": square_name(corner)}))
    if best in CORNERS and played not in CORNERS:
        found.append(ThemeFound(Theme.CORNER_MISSED, {"corner": square_name(best)}))
    for kind, touching in ((Theme.X_SQUARE, X_SQUARES), (Theme.C_SQUARE, C_SQUARES)):
        if played in touching and before_empty >> touching[played] & 1:
            near = {"square": square_name(played), "corner": square_name(touching[played])}
            found.append(ThemeFound(kind, dict(near)))
    kept, could = mine.stable(), better.stable()
    if could - kept >= STABLE_MARGIN:
        found.append(ThemeFound(Theme.STABLE_DISCS, {"stable": kept, "after_best": could}))
    wedges = _wedges(mine) & ~_wedges(better)
    if wedges:
        first = (wedges & -wedges).bit_length() - 1
        found.append(ThemeFound(Theme.EDGE, {"square": square_name(first)}))
    parity = _parity(before_empty, played, best)
    if parity is not None:
        found.append(parity)
    m_played, m_best = _count(mine.their_moves()), _count(better.their_moves())
    if m_played - m_best >= MOBILITY_MARGIN:
        found.append(ThemeFound(Theme.MOBILITY, {"opponent_moves": m_played, "after_best": m_best}))
    f_played, f_best = mine.frontier(), better.frontier()
    if f_played - f_best >= FRONTIER_MARGIN:
        numbers: dict[str, int | str | bool] = {"frontier": f_played, "after_best": f_best}
        was = bin(p & neighbours(before_empty)).count("1")
        if _count(better.flipped) <= QUIET_FLIPS and f_best <= was:
            numbers["best_quiet"] = True
            numbers["best_flips"] = _count(better.flipped)
        found.append(ThemeFound(Theme.FRONTIER, numbers))
    return found


def _count(x: Bitboard) -> int:
    return bin(x).count("1")


def _wedges(after: After) -> Bitboard:
    """Edge squares the opponent may play on between two of the mover's discs on that edge."""
    moves = after.their_moves()
    found = 0
    for sq in EDGE_SQUARES:
        if not moves >> sq & 1:
            continue
        step = 1 if sq < 8 or sq >= 56 else 8
        if after.mine >> (sq - step) & 1 and after.mine >> (sq + step) & 1:
            found |= 1 << sq
    return found


def regions(empty: Bitboard) -> list[Bitboard]:
    """The empty squares in groups that touch (across, down or diagonally)."""
    found = []
    left = empty
    while left:
        region = left & -left
        while True:
            grown = neighbours(region) & empty
            if grown == region:
                break
            region = grown
        found.append(region)
        left &= ~region
    return found


def _parity(empty: Bitboard, played: Square, best: Square) -> ThemeFound | None:
    if _count(empty) > PARITY_EMPTIES:
        return None
    size = {sq: _count(r) for r in regions(empty) for sq in (played, best) if r >> sq & 1}
    if size[played] % 2 == 0 and size[best] % 2 == 1:
        return ThemeFound(Theme.PARITY, {"region": size[played], "best_region": size[best]})
    return None


def best_line(board: Board, played: Square, search: Search) -> list[Square]:
    """The engine's best continuation after ``played`` (the opponent's reply first), at most
    LINE_PLIES plies; nothing once the game is over."""
    after = board.copy()
    after.push_square(played)
    if after.is_game_over():
        return []
    return list(search(after))[:LINE_PLIES]
