"""GGF, the game format of NBoard and the Generic Game Server: a game is read into a start
position and its moves.

A record looks like ``(;GM[Othello]PB[a]PW[b]TY[8]BO[8 <64 squares> <side>]B[f5//1.2]W[d6];)``:
properties are ``KEY[value]``; ``BO`` holds the size, the squares a1..h8 row by row (``*``
black, ``O`` white, ``-`` empty) and the side to move (``*`` or ``O``); ``B`` and ``W`` are
moves, each ``square[/eval[/time]]``, ``PA`` for a pass. A record that skips a forced pass is
read as if the pass were there.
"""

from __future__ import annotations

import re

from .bitboard import PASS, Square
from .board import Board
from .errors import NotationError, OthelloError
from .notation import parse_move, square_name

_PROPERTY = re.compile(r"([A-Z]+)\[([^\]]*)\]")


def parse_ggf(text: str) -> tuple[Board, list[Square]]:
    """The start position and the moves (passes included) of a GGF game; NotationError (or
    IllegalMoveError) says what is wrong."""
    body = text.strip()
    if not (body.startswith("(;") and body.endswith(";)")):
        raise NotationError("a GGF game starts with '(;' and ends with ';)'")
    start: Board | None = None
    moves: list[tuple[bool, Square]] = []
    for key, value in _PROPERTY.findall(body):
        if key == "GM" and value.strip().lower() != "othello":
            raise NotationError(f"the GGF game is {value!r}, not Othello")
        elif key == "BO":
            start = _read_board(value)
        elif key in ("B", "W"):
            moves.append((key == "B", _read_move(value)))
    if start is None:
        raise NotationError("the GGF game has no board (BO[...])")
    board = start.copy()
    played: list[Square] = []
    for number, (black, sq) in enumerate(moves, 1):
        try:
            if black != board.black_to_move and sq != PASS and board.must_pass():
                board.push_square(PASS)
                played.append(PASS)
            if black != board.black_to_move:
                colour = "black" if black else "white"
                raise NotationError(f"it is not {colour}'s turn")
            board.push_square(sq)
        except OthelloError as err:
            raise NotationError(f"GGF move {number} ({square_name(sq)}): {err}") from None
        played.append(sq)
    return start, played


def _read_board(value: str) -> Board:
    parts = value.split()
    if len(parts) < 3 or parts[0] != "8":
        raise NotationError("BO[...] must be '8', the 64 squares, then the side to move")
    squares, side = "".join(parts[1:-1]), parts[-1]
    if len(squares) != 64 or side not in ("*", "O"):
        raise NotationError(
            f"BO[...] has {len(squares)} squares and side {side!r}; expected 64 and * or O"
        )
    black = white = 0
    for i, ch in enumerate(squares):
        if ch == "*":
            black |= 1 << i
        elif ch == "O":
            white |= 1 << i
        elif ch != "-":
            raise NotationError(f"BO[...] square {i + 1} is {ch!r}; use *, O or -")
    return Board.from_bitboards(black, white, side == "*")


def _read_move(value: str) -> Square:
    text = value.split("/")[0].strip().lower()
    return PASS if text in ("pa", "pass") else parse_move(text)


def format_ggf(start: Board, moves: list[Square]) -> str:
    """A GGF game of ``moves`` from ``start`` (for drivers and tests)."""
    squares = "".join(
        "*" if start.black >> i & 1 else "O" if start.white >> i & 1 else "-" for i in range(64)
    )
    record = [f"(;GM[Othello]TY[8]BO[8 {squares} {'*' if start.black_to_move else 'O'}]"]
    board = start.copy()
    for sq in moves:
        colour = "B" if board.black_to_move else "W"
        record.append(f"{colour}[{'PA' if sq == PASS else square_name(sq).upper()}]")
        board.push_square(sq)
    return "".join(record) + ";)"
