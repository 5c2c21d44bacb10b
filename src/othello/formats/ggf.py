"""GGF, the game format of the Generic Game Server (GGS) and NBoard: a game is read into a
start position, its moves and its tags.

A record looks like ``(;GM[Othello]PC[GGS/os]DT[...]PB[a]PW[b]RB[..]RW[..]TI[15:00//02:00]
TY[8]RE[-40.00]BO[8 <64 squares> <side>]B[E6//4.09]W[F4/-48.50/0.93];)``: properties are
``KEY[value]``; ``BO`` holds the size, the squares a1..h8 row by row (``*`` black, ``O``
white, ``-`` empty) and the side to move (``*`` or ``O``); ``B`` and ``W`` are moves, each
``square[/eval[/time]]``, ``PA`` or ``pass`` for a pass, in either case. A record that skips
a forced pass is read as if the pass were there.

GGS's archives hold one match a line: ``1 (;...;)``, or a synchro pair ``2 (;...;)(;...;)``
(the same start played with colours swapped). :func:`read_games` reads every record of such
a file; one that cannot be used (a board that is not 8x8, an illegal move) comes out as a
:class:`GgfProblem` with its reason, and the rest still come.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.errors import NotationError, OthelloError
from othello.core.notation import parse_move, square_name

# a value runs to the first "]" not escaped; "(;" never belongs to one: it starts the next
# record, so a record cut short costs that record only
_PROPERTY = re.compile(r"\s*([A-Za-z]+)\s*\[((?:[^\]\\(]|\\.|\((?!;))*)\]", re.DOTALL)
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)  # a backslash keeps the next character as it is
_END = re.compile(r"\s*;\s*\)")
_LOOKS_LIKE = re.compile(r"\s*(?:\d+\s*)?\(;")
KEPT_TAGS = ("PC", "DT", "PB", "PW", "RB", "RW", "TI", "TB", "TW", "TY", "KM", "KB", "KW", "RE")
"""The tags written first, in GGS's order; any others follow as they were read."""


@dataclass
class GgfGame:
    """One GGF record: where it starts, its moves (passes included) and what it says."""

    start: Board
    moves: list[Square]
    notes: list[str] = field(default_factory=list)
    """Each move's annotation after its square (``"/-48.50/0.93"``, ``"//4.09"`` or ``""``)."""
    tags: dict[str, str] = field(default_factory=dict)
    """Every property but GM, BO and the moves: PB, PW, DT, RE, TY, TI, RB, RW, PC, ..."""
    end: Board | None = None
    """The position after the last move (kept from the check, so nobody replays it again)."""


class GgfProblem(NamedTuple):
    """A record of a file that could not be used: which one (from 1) and why."""

    number: int
    reason: str


def looks_like_ggf(text: str) -> bool:
    """Text that starts as a GGF record does (``(;``, or GGS's ``1 (;`` match lines)."""
    return _LOOKS_LIKE.match(text.lstrip("\ufeff")) is not None


def read_games(text: str) -> Iterator[GgfGame | GgfProblem]:
    """Every record in ``text``, in order: a game, or why that record was skipped."""
    number, at = 0, 0
    while (begin := text.find("(;", at)) >= 0:
        number += 1
        try:
            props, at = _scan(text, begin + 2)
        except NotationError as err:
            yield GgfProblem(number, str(err))
            at = begin + 2
            continue
        try:
            yield _game(props)
        except OthelloError as err:
            yield GgfProblem(number, str(err))


def parse_game(text: str) -> GgfGame:
    """The one game of a GGF record; NotationError (or IllegalMoveError) says what is wrong."""
    body = text.strip()
    if not (body.startswith("(;") and body.endswith(";)")):
        raise NotationError("a GGF game starts with '(;' and ends with ';)'")
    props, _ = _scan(body, 2)
    return _game(props)


def first_game(text: str) -> GgfGame:
    """The first usable game of a GGF text (a paste, a loaded or dropped file); NotationError
    says why there is none."""
    reasons = []
    for found in read_games(text):
        if isinstance(found, GgfGame):
            return found
        reasons.append(found.reason)
    raise NotationError(reasons[0] if reasons else "no GGF record in the text")


def parse_ggf(text: str) -> tuple[Board, list[Square]]:
    """The start position and the moves (passes included) of a GGF game (NBoard's
    ``set game``); NotationError (or IllegalMoveError) says what is wrong."""
    game = parse_game(text)
    return game.start, game.moves


def _scan(text: str, at: int) -> tuple[list[tuple[str, str]], int]:
    """The properties of the record whose ``(;`` ends at ``at``, and where it ends."""
    props: list[tuple[str, str]] = []
    while True:
        end = _END.match(text, at)
        if end is not None:
            return props, end.end()
        found = _PROPERTY.match(text, at)
        if found is None:
            rest = text[at : at + 12].strip() or "the end of the text"
            raise NotationError(f"the GGF record breaks off at {rest!r} (character {at + 1})")
        props.append((found.group(1).upper(), _ESCAPED.sub(r"\1", found.group(2))))
        at = found.end()


def _game(props: Sequence[tuple[str, str]]) -> GgfGame:
    start: Board | None = None
    moves: list[tuple[bool, Square, str]] = []
    tags: dict[str, str] = {}
    for key, value in props:
        if key == "GM":
            if value.strip().lower() != "othello":
                raise NotationError(f"the GGF game is {value!r}, not Othello")
        elif key == "BO":
            start = _read_board(value)
        elif key in ("B", "W"):
            square, _, note = value.strip().partition("/")
            moves.append(
                (key == "B", _read_move(square), f"/{note}" if note or "/" in value else "")
            )
        else:
            tags.setdefault(key, value)
    if start is None:
        size = _size_of_type(tags.get("TY", ""))
        if size not in (None, 8):
            raise NotationError(f"the board is {size}x{size}, not 8x8")
        raise NotationError("the GGF game has no board (BO[...])")
    played, notes, end = _replay(start, moves)
    return GgfGame(start, played, notes, tags, end)


def _replay(
    start: Board, moves: Sequence[tuple[bool, Square, str]]
) -> tuple[list[Square], list[str], Board]:
    """The moves with every forced pass in place (a record may leave them out), checked."""
    board = start.copy()
    played: list[Square] = []
    notes: list[str] = []
    for number, (black, sq, note) in enumerate(moves, 1):
        try:
            if black != board.black_to_move and sq != PASS and board.must_pass():
                board.push_square(PASS)
                played.append(PASS)
                notes.append("")
            if black != board.black_to_move:
                colour = "black" if black else "white"
                raise NotationError(f"it is not {colour}'s turn")
            board.push_square(sq)
        except OthelloError as err:
            raise NotationError(f"GGF move {number} ({square_name(sq)}): {err}") from None
        played.append(sq)
        notes.append(note)
    return played, notes, board


def _size_of_type(kind: str) -> int | None:
    """The board size a TY tag names (``8``, ``s8r18``, ``10``, ``d14``...), if any."""
    found = re.search(r"\d+", kind)
    return int(found.group()) if found else None


def _read_board(value: str) -> Board:
    parts = value.split()
    if parts and parts[0].isdigit() and parts[0] != "8":
        raise NotationError(f"the board is {parts[0]}x{parts[0]}, not 8x8")
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


_SQUARES = {f"{c}{r}": (r - 1) * 8 + i for i, c in enumerate("abcdefgh") for r in range(1, 9)}


def _read_move(value: str) -> Square:
    text = value.strip().lower()
    found = _SQUARES.get(text)  # the usual case, without the general parser's checks
    if found is not None:
        return found
    return PASS if text in ("pa", "pass") else parse_move(text)


def board_value(start: Board) -> str:
    """``BO``'s value for a position: the size, the rows, the side to move."""
    squares = "".join(
        "*" if start.black >> i & 1 else "O" if start.white >> i & 1 else "-" for i in range(64)
    )
    rows = " ".join(squares[r : r + 8] for r in range(0, 64, 8))
    return f"8 {rows} {'*' if start.black_to_move else 'O'}"


def format_ggf(
    start: Board,
    moves: Sequence[Square],
    tags: Mapping[str, str] | None = None,
    notes: Sequence[str] | None = None,
) -> str:
    """A GGF record of ``moves`` from ``start``: the ``tags`` (GGS's first, in its order),
    and each move's annotation from ``notes`` (its evaluation and time) where there is one."""
    tags = dict(tags or {})
    tags.setdefault("TY", "8")
    ordered = [k for k in KEPT_TAGS if k in tags] + [k for k in tags if k not in KEPT_TAGS]
    record = ["(;GM[Othello]"]
    record += [f"{key}[{_escape(tags[key])}]" for key in ordered]
    record.append(f"BO[{board_value(start)}]")
    board = start.copy()
    for i, sq in enumerate(moves):
        colour = "B" if board.black_to_move else "W"
        note = notes[i] if notes is not None and i < len(notes) else ""
        record.append(f"{colour}[{'PA' if sq == PASS else square_name(sq).upper()}{note}]")
        board.push_square(sq)
    return "".join(record) + ";)"


def _escape(value: str) -> str:
    """A value as GGF writes it: ``]`` and ``\\`` after a backslash."""
    return value.replace("\\", "\\\\").replace("]", "\\]")
