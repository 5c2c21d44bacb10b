"""WTHOR, the French Othello federation's database files, read and written by their
published layout (bytes in, bytes out: no files here).

Every file starts with the same 16-byte header, little-endian: the century, year, month and
day it was made (one byte each), the number of games (4 bytes), the number of names (2
bytes), the year the games were played (2 bytes), the board size (1 byte: 0 or 8 for 8x8,
10 for 10x10), the kind of game (1 byte: 1 for solitaires), the depth of the theoretical
score (1 byte) and one spare byte.

- ``WTH_yyyy.wtb``: the games, 68 bytes each: the tournament's number, Black's and White's
  numbers (2 bytes each), Black's discs at the end (empties to the winner), Black's discs
  with perfect play from ``depth`` empties, then 60 moves, one byte each (10 times the row
  plus the column, 1-8 both: f5 is 56; 0 after the last move). Passes are not written.
- ``WTHOR.JOU``: players, 20 bytes each; ``WTHOR.TRN``: tournaments, 26 bytes each; a name
  fills its record, ended by a zero byte, in Latin-1.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.errors import IllegalMoveError, NotationError

HEADER = struct.Struct("<4BIHH4B")
GAME = struct.Struct("<3H2B60s")
PLAYER_SIZE = 20
TOURNAMENT_SIZE = 26
assert HEADER.size == 16 and GAME.size == 68


class WthorError(NotationError):
    """A WTHOR file that is not one, or is cut short; the message says how."""


@dataclass(frozen=True)
class WthorHeader:
    made: tuple[int, int, int]  # year, month, day
    games: int
    names: int
    year: int
    board_size: int
    kind: int
    depth: int


@dataclass(frozen=True)
class WthorGame:
    """One game as the file has it: numbers for the names, the placed discs' squares."""

    tournament: int
    black: int
    white: int
    black_discs: int
    theoretical: int
    moves: tuple[Square, ...]


def square_of(code: int) -> Square:
    """A move byte (``56``) -> its square (f5 = 37); WthorError for a byte that is none."""
    row, col = divmod(code, 10)
    if not (1 <= row <= 8 and 1 <= col <= 8):
        raise WthorError(f"move byte {code} is not a square (10 x row + column, 11..88)")
    return (row - 1) * 8 + (col - 1)


def code_of(sq: Square) -> int:
    """A square -> its move byte: f5 (37) -> 56."""
    return (sq // 8 + 1) * 10 + sq % 8 + 1


def read_header(data: bytes) -> WthorHeader:
    if len(data) < HEADER.size:
        raise WthorError(f"{len(data)} bytes is too short for a WTHOR header (16)")
    century, year, month, day, games, names, played, size, kind, depth, _ = HEADER.unpack_from(data)
    return WthorHeader((century * 100 + year, month, day), games, names, played, size, kind, depth)


def read_games(data: bytes) -> tuple[WthorHeader, Iterator[WthorGame | str]]:
    """The header and each game of a ``.wtb`` file, in order; a record whose moves are not
    squares comes out as the reason (a string) instead. WthorError when the file as a whole
    cannot be read (not 8x8, cut short)."""
    header = read_header(data)
    if header.board_size not in (0, 8):
        raise WthorError(
            f"the games are on a {header.board_size}x{header.board_size} board, not 8x8"
        )
    count = (len(data) - HEADER.size) // GAME.size
    if header.games != count or (len(data) - HEADER.size) % GAME.size:
        raise WthorError(
            f"the header says {header.games} games but the file holds "
            f"{(len(data) - HEADER.size) / GAME.size:g} records of 68 bytes"
        )
    return header, _games(data, count)


def _games(data: bytes, count: int) -> Iterator[WthorGame | str]:
    for i in range(count):
        tournament, black, white, discs, theory, codes = GAME.unpack_from(
            data, HEADER.size + i * GAME.size
        )
        try:
            moves = tuple(square_of(c) for c in codes.split(b"\0", 1)[0])
        except WthorError as err:
            yield f"game {i + 1}: {err}"
            continue
        yield WthorGame(tournament, black, white, discs, theory, moves)


def read_names(data: bytes, size: int) -> list[str]:
    """The names of a ``.JOU`` (``size`` 20) or ``.TRN`` (26) file, by number from 0."""
    read_header(data)
    body = data[HEADER.size :]
    return [
        body[at : at + size].split(b"\0", 1)[0].decode("latin-1").strip()
        for at in range(0, len(body) - size + 1, size)
    ]


def with_passes(moves: Sequence[Square], start: Board | None = None) -> list[Square]:
    """The placed discs with the passes the rules forced put back; IllegalMoveError (naming
    the move) when a disc cannot go where the record says."""
    return replay(moves, start)[0]


def replay(moves: Sequence[Square], start: Board | None = None) -> tuple[list[Square], Board]:
    """:func:`with_passes`, and the position at the end."""
    board = (start or Board()).copy()
    played: list[Square] = []
    for number, sq in enumerate(moves, 1):
        try:
            board.push_square(sq)
        except IllegalMoveError as err:
            if not board.must_pass():  # not a pass left out: the record is wrong
                raise IllegalMoveError(f"move {number}: {err}") from None
            board.push_square(PASS)
            played.append(PASS)
            try:
                board.push_square(sq)
            except IllegalMoveError as again:
                raise IllegalMoveError(f"move {number}: {again}") from None
        played.append(sq)
    return played, board


def header_bytes(
    games: int, names: int, year: int, made: tuple[int, int, int] = (2025, 1, 1), depth: int = 0
) -> bytes:
    y, month, day = made
    return HEADER.pack(y // 100, y % 100, month, day, games, names, year, 8, 0, depth, 0)


def write_games(
    games: Sequence[WthorGame], year: int, made: tuple[int, int, int] = (2025, 1, 1)
) -> bytes:
    """A ``.wtb`` file of ``games`` played in ``year``."""
    out = bytearray(header_bytes(len(games), 0, year, made))
    for g in games:
        codes = bytes(code_of(sq) for sq in g.moves if sq != PASS)
        out += GAME.pack(
            g.tournament, g.black, g.white, g.black_discs, g.theoretical, codes.ljust(60, b"\0")
        )
    return bytes(out)


def write_names(
    names: Iterable[str], size: int, made: tuple[int, int, int] = (2025, 1, 1)
) -> bytes:
    """A ``.JOU`` (``size`` 20) or ``.TRN`` (26) file of ``names``, numbered from 0."""
    body = bytearray()
    count = 0
    for name in names:
        raw = name.encode("latin-1", errors="replace")[: size - 1]
        body += raw.ljust(size, b"\0")
        count += 1
    return header_bytes(0, count, 0, made) + bytes(body)
