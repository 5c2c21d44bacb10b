"""Games that start somewhere other than the four discs: balanced openings and positions
in a score range.

Strong players avoid replaying the same first moves by starting from a balanced opening
chosen at random (as XOT does): a position after 8 moves that a deep search scores within
2 discs either way. The set ships in ``tables/balanced.bin``, made by
``scripts/make_openings.py`` with this engine (how, and its figures: docs/engine.md). A
position "at move N where the side to move is ahead by a to b discs" is made on request:
plausible random moves, then a search scores the position, until one falls in the range.

``tables/balanced.bin`` (little-endian): ``OTBS``, a version byte, the search depth and
its Multi-ProbCut margin in tenths (a byte each), a byte unused, the count (uint32), then
per opening its 8 squares (a byte each, a1 = 0 .. h8 = 63) and its score (a signed byte,
the side to move's disc difference under that search).
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from othello.core.bitboard import Bitboard, Square, flips, legal_moves
from othello.core.board import Board
from othello.core.errors import OthelloError
from othello.core.notation import format_transcript
from othello.engine.api import Engine
from othello.engine.book import fast_transform
from othello.engine.levels import Level
from othello.engine.patterns import symmetry

FILE = "balanced.bin"
MAGIC = b"OTBS"
VERSION = 1
BALANCED_MOVES = 8
BALANCED_MARGIN = 2
"""A balanced opening is one whose score is within this many discs of a draw."""

OPENING_SEARCH = Level(
    0,
    "Opening judge",
    "a selective search 10 moves deep, about what level 17 reaches in a move",
    depth=10,
    exact_empties=0,
    wld_empties=0,
    time_budget=3600.0,
    selectivity=1.5,
)
"""The search that scores every balanced opening (a fixed depth, so the same position gets
the same score on any machine at any load; its time limit is never reached)."""

RANGE_SEARCH = Level(
    0,
    "Position judge",
    "a selective search 8 moves deep; perfect play from 14 empty squares",
    depth=8,
    exact_empties=14,
    wld_empties=0,
    time_budget=3600.0,
    selectivity=1.5,
)
"""The search that scores a random position for a score range: quicker than the opening
judge (it runs while the player waits), exact where an exact solve is quick."""

RANDOM_PLAY = Level(
    0, "Random play", "plausible random moves", depth=1, exact_empties=0, wld_empties=0,
    time_budget=60.0, noise=6.0,
)  # fmt: skip
"""How the moves of a random position are chosen: each move's one-ply score plus random
error of about 6 discs, so the positions are ones people could reach, not nonsense."""

MAX_TRIES = 400
"""Random positions scored before giving up on a score range (it may be out of reach)."""


class StartsError(OthelloError):
    """The balanced openings' file is damaged; the message says how."""


@dataclass(frozen=True)
class Start:
    """A starting position: the moves from the four discs that reach it, and its score
    (the side to move's disc difference under the search that chose it)."""

    moves: tuple[Square, ...]
    score: int

    def board(self) -> Board:
        """The position, with its moves on the stack (passes as the rules imply them)."""
        board = Board()
        for sq in self.moves:
            if board.must_pass():
                board.push_pass()
            board.push_square(sq)
        return board

    def transcript(self) -> str:
        return format_transcript(self.moves)

    def turned(self, kind: int) -> Start:
        """The same opening under one of the board's symmetries (one that keeps the four
        discs where they are: see ``START_SYMMETRIES``); the same score."""
        return Start(tuple(symmetry(kind, sq) for sq in self.moves), self.score)


def _keeps_start(kind: int) -> bool:
    start = Board()
    return (fast_transform(kind, start.black), fast_transform(kind, start.white)) == (
        start.black,
        start.white,
    )


START_SYMMETRIES = tuple(kind for kind in range(8) if _keeps_start(kind))
"""The symmetries that leave the start position as it is (4 of the 8): an opening turned
by one is another opening of the same value."""


# ----- the file ---------------------------------------------------------------------------

_HEADER = struct.Struct("<4sBBBBI")


def encode(starts: Sequence[Start], depth: int, selectivity: float) -> bytes:
    """The file's bytes for a list of balanced openings."""
    out = bytearray(_HEADER.pack(MAGIC, VERSION, depth, round(selectivity * 10), 0, len(starts)))
    for start in starts:
        if len(start.moves) != BALANCED_MOVES:
            raise ValueError(f"an opening has {len(start.moves)} moves, not {BALANCED_MOVES}")
        out += bytes(start.moves) + struct.pack("<b", start.score)
    return bytes(out)


def decode(data: bytes) -> tuple[Start, ...]:
    """The openings in a file's bytes; StartsError says what is wrong."""
    if len(data) < _HEADER.size or data[:4] != MAGIC:
        raise StartsError("the balanced openings file is not one (wrong header)")
    _, version, _, _, _, count = _HEADER.unpack_from(data)
    if version != VERSION:
        raise StartsError(f"the balanced openings file is version {version}, not {VERSION}")
    size = BALANCED_MOVES + 1
    body = data[_HEADER.size :]
    if len(body) != count * size:
        raise StartsError("the balanced openings file is cut short or damaged")
    starts = []
    for at in range(0, len(body), size):
        squares = tuple(body[at : at + BALANCED_MOVES])
        if any(sq > 63 for sq in squares):
            raise StartsError("the balanced openings file is damaged (a square past h8)")
        starts.append(Start(squares, struct.unpack_from("<b", body, at + BALANCED_MOVES)[0]))
    return tuple(starts)


@cache
def load_balanced() -> tuple[tuple[Start, ...], str | None]:
    """The packaged balanced openings, and what went wrong reading them (then none)."""
    try:
        data = resources.files("othello").joinpath("tables").joinpath(FILE).read_bytes()
        return decode(data), None
    except (OSError, StartsError) as err:
        return (), f"The balanced openings could not be read ({err})."


X_SQUARES = frozenset((9, 14, 49, 54))  # b2, g2, b7, g7: diagonally next to a corner


def learnable(start: Start) -> bool:
    """No move of the opening on the board's edge or on an X-square: the moves a player is
    taught to keep away from early on, which an opening should not play for them (a start
    to learn from keeps to the middle, as real openings do). The board's symmetries keep
    both sets, so a turned opening is as learnable as the one it came from."""
    return not any(sq in X_SQUARES or sq % 8 in (0, 7) or sq // 8 in (0, 7) for sq in start.moves)


@cache
def learnable_balanced() -> tuple[Start, ...]:
    """The packaged balanced openings a player can learn from (``learnable``); every one of
    them if none is (a file made otherwise)."""
    starts, _problem = load_balanced()
    return tuple(s for s in starts if learnable(s)) or starts


def balanced_start(rng: random.Random) -> Start:
    """A balanced opening a player can learn from at random, turned by a random symmetry
    that keeps the start; StartsError when the file could not be read."""
    starts, problem = load_balanced()
    if not starts:
        raise StartsError(problem or "there are no balanced openings")
    return rng.choice(learnable_balanced()).turned(rng.choice(START_SYMMETRIES))


# ----- random positions in a score range ----------------------------------------------------

Scorer = Callable[[Board], int]
"""Scores a position: the side to move's disc difference (an Engine's ``think(...).score``)."""
Chooser = Callable[[Board], str]
"""Chooses a move (an Engine's ``think(...).move``)."""


def random_moves(moves: int, choose: Chooser) -> Board | None:
    """A game of ``moves`` placed discs chosen by ``choose``, or None if it ended sooner or
    leaves the side to move with no move (no position to judge there)."""
    board = Board()
    while len([p for p in board.history if p.square >= 0]) < moves:
        if board.is_game_over():
            return None
        if board.must_pass():
            board.push_pass()
            continue
        board.push(choose(board))
    return None if board.must_pass() or board.is_game_over() else board


def random_positions(
    moves: int, low: int, high: int, choose: Chooser, score: Scorer, tries: int = MAX_TRIES
) -> Iterator[Start]:
    """Positions after ``moves`` discs placed whose score for the side to move is in
    ``[low, high]``, one per success, until ``tries`` positions have been scored."""
    if not 1 <= moves <= 59:
        raise ValueError(f"moves must be 1..59, not {moves}")
    if not -64 <= low <= high <= 64:
        raise ValueError(f"the range must be a:b with -64 <= a <= b <= 64, not {low}:{high}")
    for _ in range(tries):
        board = random_moves(moves, choose)
        if board is None:
            continue
        value = score(board)
        if low <= value <= high:
            placed = tuple(p.square for p in board.history if p.square >= 0)
            yield Start(placed, value)


# ----- every opening of a few moves (for scripts/make_openings.py) -------------------------


def canonical_key(p: Bitboard, o: Bitboard) -> tuple[Bitboard, Bitboard]:
    """A position's smallest image under the 8 symmetries: one key for positions that are
    each other's mirror images (they have the same value)."""
    return min((fast_transform(k, p), fast_transform(k, o)) for k in range(8))


def distinct_openings(plies: int) -> list[tuple[Square, ...]]:
    """One move sequence for every distinct position after ``plies`` placed discs from the
    start (mirror images counted once), with no pass, the first found in a1..h8 order
    after f5 (every opening is a turned image of one that starts f5)."""
    found: dict[tuple[Bitboard, Bitboard], tuple[Square, ...]] = {}
    start = Board()
    start.push("f5")

    def walk(p: Bitboard, o: Bitboard, line: tuple[Square, ...]) -> None:
        if len(line) == plies:
            found.setdefault(canonical_key(p, o), line)
            return
        moves = legal_moves(p, o)
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            f = flips(p, o, sq)
            walk(o ^ f, p | f | bit, (*line, sq))

    walk(start.player, start.opponent, (37,))
    return list(found.values())


def in_range(
    moves: int, low: int, high: int, count: int, seed: int | None, stop: Any = None
) -> list[Start]:
    """Up to ``count`` random positions after ``moves`` discs with the side to move's score
    in ``[low, high]`` under ``starts.RANGE_SEARCH``; fewer once ``stop`` is set."""
    mover = Engine(level=RANDOM_PLAY, seed=seed)
    judge = Engine(level=RANGE_SEARCH)

    def score(board: Board) -> int:
        judge.forget()  # the same score as a fresh search: what a test or a re-check finds
        return judge.think(board).score

    found: list[Start] = []
    for start in random_positions(moves, low, high, lambda b: mover.think(b).move, score):
        found.append(start)
        if len(found) == count or (stop is not None and stop.is_set()):
            break
    return found
