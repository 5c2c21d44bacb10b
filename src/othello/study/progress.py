"""The player's progress, from the reviews of their own games: the discs a move loses in the
opening, the midgame and the endgame, game by game and over time, and what their mistakes have
in common (the coach's themes, counted), each theme with the puzzles its mistakes became.

Only the moves a person placed count (a review judges the computer's moves too, and a pasted
game's are nobody's): an ``OwnGame`` holds them, one per reviewed game, oldest game first. A
move's number is counted by the discs on the board (the discs after it, less the start's
four), so a game from a balanced opening or a set-up position counts as from the standard
start: moves 1-20 are the opening, 21-44 the midgame, 45-60 the endgame.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.study.coach import Theme
from othello.study.puzzles import LEAST_LOSS, puzzle_id
from othello.study.verdict import MoveReview

Phase = Literal["opening", "midgame", "endgame"]
PHASES: tuple[tuple[Phase, int, int], ...] = (
    ("opening", 1, 20),
    ("midgame", 21, 44),
    ("endgame", 45, 60),
)
"""Each phase and its first and last move number."""
RECENT_MISTAKES = 40
"""The themes are counted over this many of the player's latest mistakes."""
RECENT_GAMES = 10
"""A view's "lately": the average over this many latest games."""


def phase_of(number: int) -> Phase:
    """The phase of move ``number`` (1-60)."""
    return next((name for name, _first, last in PHASES if number <= last), "endgame")


@dataclass(frozen=True)
class OwnMove:
    """One move the player placed, as its review judged it."""

    number: int  # counted by the discs on the board (see the module)
    loss: int
    themes: tuple[Theme, ...]
    explained: bool  # the review said why (a verdict kept before the coach did not)
    puzzle: str = ""  # the id of the puzzle it became ("" when it became none)

    @property
    def mistake(self) -> bool:
        """A mistake or a blunder: what becomes a puzzle."""
        return self.loss >= LEAST_LOSS


@dataclass(frozen=True)
class OwnGame:
    """The player's moves of one reviewed game, in order."""

    moves: tuple[OwnMove, ...]

    def average(self) -> float | None:
        """The discs a move lost, on average, over the whole game (None: no moves)."""
        return _mean(self.moves)


def own_game(
    start: Board,
    moves: Sequence[Square],
    verdicts: Iterable[MoveReview],
    mine: Collection[int],
    reviewed: int | None = None,
) -> OwnGame:
    """The moves at the plies in ``mine`` (a person's) among ``verdicts`` on ``moves`` from
    ``start``; ``reviewed``: how many moves the finished review judged (its mistakes became
    puzzles then: each move gets its puzzle's id), None when it did not finish."""
    empties = []
    board = start.copy()
    for sq in moves:
        empties.append(board.empties())
        if sq == PASS:
            board.push_pass()
        else:
            board.push_square(sq)
    own = []
    for v in sorted(verdicts, key=lambda v: v.ply):
        if v.ply not in mine or not 0 <= v.ply < len(moves):
            continue
        made = reviewed is not None and v.ply < reviewed and v.loss >= LEAST_LOSS
        kept = moves[:reviewed] if reviewed is not None else moves
        own.append(
            OwnMove(
                number=61 - empties[v.ply],
                loss=v.loss,
                themes=tuple(found.theme for found in v.themes),
                explained=bool(v.line or v.themes),
                puzzle=puzzle_id(start, kept, v.ply) if made else "",
            )
        )
    return OwnGame(tuple(own))


@dataclass(frozen=True)
class ThemeCount:
    """How many of the latest mistakes show one theme (None: none of the themes), and the
    puzzles those mistakes became, the latest first."""

    theme: Theme | None
    count: int
    puzzles: tuple[str, ...]


@dataclass(frozen=True)
class Progress:
    """The player's reviewed games, oldest first, and what they add up to."""

    games: tuple[OwnGame, ...]

    def per_game(self) -> list[float | None]:
        """Each game's average loss a move, oldest first: the curve over time."""
        return [game.average() for game in self.games]

    def phases(self, last: int | None = None) -> dict[Phase, float | None]:
        """The average loss a move in each phase over the ``last`` games (all: None); each
        move counts once, so a long game weighs more than a short one."""
        games = self.games if last is None else self.games[-last:] if last > 0 else ()
        moves = [m for game in games for m in game.moves]
        return {
            name: _mean(m for m in moves if first <= m.number <= end) for name, first, end in PHASES
        }

    def mistakes(self, last: int = RECENT_MISTAKES) -> tuple[int, list[ThemeCount]]:
        """The player's ``last`` mistakes the review explained, and the themes they show,
        the most frequent first and those no theme explains last (a mistake counts for each
        theme it shows)."""
        explained = [m for game in self.games for m in game.moves if m.mistake and m.explained]
        recent = explained[-last:] if last > 0 else []
        counts: list[ThemeCount] = []
        for theme in [*Theme, None]:
            showing = [m for m in recent if (theme in m.themes if theme else not m.themes)]
            if showing:
                puzzles = tuple(m.puzzle for m in reversed(showing) if m.puzzle)
                counts.append(ThemeCount(theme, len(showing), puzzles))
        order = [*Theme, None]  # no theme after every theme, however many: it is no lesson
        counts.sort(key=lambda c: (c.theme is None, -c.count, order.index(c.theme)))
        return len(recent), counts


def _mean(moves: Iterable[OwnMove]) -> float | None:
    losses = [m.loss for m in moves]
    return sum(losses) / len(losses) if losses else None
