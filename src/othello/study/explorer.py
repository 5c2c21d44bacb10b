"""The opening explorer: how often people and programs played each move of an early position,
and how those games ended.

``scripts/build_explorer.py`` replays the 256,765 shared games through their first 20 moves
and keeps every position reached by at least two of them. A position is stored in its
canonical form (the smallest of its eight images, ``othello.engine.book.canonical``) with its moves
mapped the same way; where a position is its own image the equivalent moves are one entry,
so each of them shows the full count. Results are kept from the mover's side (games won,
drawn, and the summed final disc difference) separately for the two sources: people
(the WTHOR tournament games) and programs (Logistello's self-play).

The file ``tables/explorer.bin``: ``OTEX``, the version, the number of positions and the
body's length as little-endian 32-bit integers, then the zlib-compressed body: the sorted
64-bit keys (a BLAKE2b hash of the canonical position: the build checks no two collide), the
32-bit start of each position's moves in the move bytes (one more than positions), and the
move bytes: per move its square, then per source its games, wins and draws as varints and its
summed result as a zigzag varint. Decompressing and reading the arrays takes milliseconds;
a look-up is a binary search and a few bytes decoded.
"""

from __future__ import annotations

import hashlib
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from othello.core.bitboard import Bitboard, Square, legal_moves
from othello.core.errors import OthelloError
from othello.core.file_reading import read_package, short_reason
from othello.engine.book import fast_transform
from othello.engine.patterns import symmetry

FILE = "explorer.bin"
LIMIT = 64_000_000  # far more than the file holds
MAGIC = b"OTEX"
VERSION = 1
MAX_MOVES = 20
"""Positions after 0 to 20 moves (discs placed) are counted, with the move played next."""
MIN_GAMES = 2
"""A position needs this many games to be kept."""
SOURCES = ("people", "programs")
CHOICES = ("all", *SOURCES)
MINE = "mine"
"""The fourth source, the player's own library's games (``othello.app.library.query.mine``)."""
NAMES = {
    "people": "people's games",
    "programs": "Logistello's games",
    "all": "all games",
    MINE: "your library's games",
}

Stats = tuple[int, int, int, int]
"""From the mover's side: games, wins, draws, summed final disc difference."""


class ExplorerError(OthelloError):
    """The explorer's file is damaged; the message says how."""


def position_key(p: Bitboard, o: Bitboard) -> int:
    """The 64-bit key of a canonical position (side to move, opponent)."""
    digest = hashlib.blake2b(p.to_bytes(8, "little") + o.to_bytes(8, "little"), digest_size=8)
    return int.from_bytes(digest.digest(), "little")


def canonical_form(p: Bitboard, o: Bitboard) -> tuple[Bitboard, Bitboard, tuple[int, ...]]:
    """The canonical position and every symmetry that takes this one there (more than one
    where the position is its own mirror image)."""
    images = [(fast_transform(k, p), fast_transform(k, o)) for k in range(8)]
    best = min(images)
    return best[0], best[1], tuple(k for k in range(8) if images[k] == best)


def canonical_square(kinds: Sequence[int], sq: Square) -> Square:
    """A move's square in the canonical position: equivalent moves become one, the smallest."""
    return min(symmetry(k, sq) for k in kinds)


@dataclass(frozen=True)
class MoveStats:
    """One move's games in the database, from Black's side."""

    square: Square
    games: int
    black_wins: int
    draws: int
    white_wins: int
    mean_black: float  # the mean final disc difference, Black minus White

    @property
    def black_share(self) -> float:
        """Black's share of the points (a draw is half), 0..1."""
        return (self.black_wins + self.draws / 2) / self.games


@dataclass(frozen=True)
class Lookup:
    """What the database says about a position: its games and the moves played there."""

    source: str
    games: int
    moves: tuple[MoveStats, ...]  # most played first

    @property
    def top(self) -> MoveStats | None:
        return self.moves[0] if self.moves else None


def _combine(stats: Sequence[Stats], source: str) -> Stats:
    if source == "all":
        return (
            stats[0][0] + stats[1][0],
            stats[0][1] + stats[1][1],
            stats[0][2] + stats[1][2],
            stats[0][3] + stats[1][3],
        )
    return stats[SOURCES.index(source)]


def _black_side(square: Square, stats: Stats, black_to_move: bool) -> MoveStats:
    games, wins, draws, total = stats
    losses = games - wins - draws
    if black_to_move:
        return MoveStats(square, games, wins, draws, losses, total / games)
    return MoveStats(square, games, losses, draws, wins, -total / games)


class Explorer:
    """The positions' keys and their moves as read from the file; a position's moves are
    decoded only when it is looked up."""

    def __init__(self, keys: Sequence[int], starts: Sequence[int], blob: bytes) -> None:
        self.keys, self.starts, self.blob = keys, starts, blob

    def __len__(self) -> int:
        return len(self.keys)

    def entry(self, p: Bitboard, o: Bitboard) -> dict[Square, tuple[Stats, Stats]]:
        """The stored moves of a canonical position: square -> (people, programs)."""
        key = position_key(p, o)
        i = bisect_left(self.keys, key)
        if i == len(self.keys) or self.keys[i] != key:
            return {}
        try:
            return dict(_decode_moves(self.blob, self.starts[i], self.starts[i + 1]))
        except IndexError:  # a count running past the end: only a damaged file does that
            raise ExplorerError("the explorer's file is damaged (a position's moves)") from None

    def lookup(self, black: Bitboard, white: Bitboard, black_to_move: bool, source: str) -> Lookup:
        """Every legal move of the position that the source's games played, most played first."""
        p, o = (black, white) if black_to_move else (white, black)
        cp, co, kinds = canonical_form(p, o)
        stored = self.entry(cp, co)
        total = sum(_combine(pair, source)[0] for pair in stored.values())
        legal = legal_moves(p, o)
        moves = []
        for sq in range(64):
            if legal >> sq & 1:
                pair = stored.get(canonical_square(kinds, sq))
                stats = _combine(pair, source) if pair else None
                if stats and stats[0]:
                    moves.append(_black_side(sq, stats, black_to_move))
        moves.sort(key=lambda m: (-m.games, m.square))
        return Lookup(source, total, tuple(moves))


# ----- the file ---------------------------------------------------------------------------


def _varint(out: bytearray, n: int) -> None:
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)


def _read_varint(blob: bytes, at: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        byte = blob[at]
        at += 1
        n |= (byte & 0x7F) << shift
        if byte < 0x80:
            return n, at
        shift += 7


def _decode_moves(blob: bytes, at: int, end: int) -> Iterator[tuple[Square, tuple[Stats, Stats]]]:
    while at < end:
        sq = blob[at]
        at += 1
        pair = []
        for _ in SOURCES:
            games, at = _read_varint(blob, at)
            wins = draws = total = 0
            if games:
                wins, at = _read_varint(blob, at)
                draws, at = _read_varint(blob, at)
                zigzag, at = _read_varint(blob, at)
                total = (zigzag >> 1) ^ -(zigzag & 1)
            pair.append((games, wins, draws, total))
        yield sq, (pair[0], pair[1])


Entries = Mapping[tuple[Bitboard, Bitboard], Mapping[Square, tuple[Stats, Stats]]]


def encode(entries: Entries) -> bytes:
    """The file for ``{(p, o): {square: (people, programs)}}`` (canonical positions)."""
    keyed = sorted(
        ((position_key(p, o), moves) for (p, o), moves in entries.items()), key=lambda e: e[0]
    )
    if len({key for key, _ in keyed}) != len(keyed):
        raise ExplorerError("two positions share a key")
    keys, starts, blob = array("Q"), array("I", [0]), bytearray()
    for key, moves in keyed:
        keys.append(key)
        for sq, pair in sorted(moves.items()):
            blob.append(sq)
            for games, wins, draws, total in pair:
                _varint(blob, games)
                if games:
                    _varint(blob, wins)
                    _varint(blob, draws)
                    _varint(blob, total << 1 if total >= 0 else (-total << 1) - 1)
        starts.append(len(blob))
    if sys.byteorder != "little":
        keys.byteswap()
        starts.byteswap()
    body = zlib.compress(keys.tobytes() + starts.tobytes() + bytes(blob), 9)
    head = array("I", [VERSION, len(keys), len(body)])
    if sys.byteorder != "little":
        head.byteswap()
    return MAGIC + head.tobytes() + body


def decode(data: bytes) -> Explorer:
    """An Explorer from the file's bytes; ExplorerError says what is wrong."""
    if data[:4] != MAGIC or len(data) < 16:
        raise ExplorerError("the explorer's file is not one (wrong header)")
    head = array("I", data[4:16])
    if sys.byteorder != "little":
        head.byteswap()
    version, n, size = head
    if version != VERSION:
        raise ExplorerError(f"the explorer's file is version {version}, not {VERSION}")
    if len(data) != 16 + size:
        raise ExplorerError("the explorer's file is cut short or too long")
    try:
        body = zlib.decompress(data[16:])
    except zlib.error as err:
        raise ExplorerError(f"the explorer's file is damaged ({err})") from None
    keys, starts = array("Q"), array("I")
    if len(body) < 12 * n + 4:
        raise ExplorerError("the explorer's file is damaged (too few positions)")
    keys.frombytes(body[: 8 * n])
    starts.frombytes(body[8 * n : 12 * n + 4])
    if sys.byteorder != "little":
        keys.byteswap()
        starts.byteswap()
    blob = body[12 * n + 4 :]
    if (
        starts[0] != 0
        or starts[-1] != len(blob)
        or any(starts[i] > starts[i + 1] for i in range(n))
    ):
        raise ExplorerError("the explorer's file is damaged (moves do not add up)")
    return Explorer(keys, starts, blob)


def read_data() -> bytes:
    """The packaged file's bytes, read like any file the game reads (``reading``)."""
    return read_package(f"tables/{FILE}", LIMIT)


@cache
def load_explorer() -> tuple[Explorer | None, str | None]:
    """The packaged explorer, or None and why it cannot be used (read on first use only)."""
    try:
        return decode(read_data()), None
    except (OSError, ValueError) as err:
        return None, f"The opening explorer is unavailable ({short_reason(err)})."
