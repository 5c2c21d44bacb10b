"""What two windows say to each other: one JSON object a line, each a typed message.

A line is at most ``MAX_LINE`` bytes of UTF-8 ending in a newline; its object has a ``"t"``
naming the kind and exactly that kind's fields, each of its type and range. ``parse`` trusts
nothing: anything else (too long, not UTF-8, not JSON, a field missing, one too many, a
number out of range, a square that is no square) is a :class:`ProtocolError` whose
``fault`` says which, and the connection ends with that said on both sides. Never pickle:
a peer can only ever send these few values. ``RateLimit`` bounds how many lines a peer may
send, so a flood ends the connection too.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import Enum
from typing import Final, Literal

from othello.app.files.game_files import impossible_reason
from othello.core.bitboard import PASS
from othello.core.board import Board, Color
from othello.core.clock import ClockError, TimeControl
from othello.core.errors import OthelloError
from othello.core.notation import parse_move, square_name

VERSION: Final = 1
"""The protocol's version; a window refuses a peer that speaks another."""
MAX_LINE: Final = 2048
"""The longest line in bytes, newline included: a welcome with 60 moves and a board fits in
well under half of it."""
MAX_NAME: Final = 40
"""The longest player's name, in characters."""
MAX_CHAT: Final = 200
"""The longest chat line, in characters."""
MAX_MS: Final = 600 * 60 * 1000
"""The most milliseconds any time in a message may say (a clock's 600 minutes)."""
MAX_PLY: Final = 200
"""No game has more plies than this (60 moves and the passes between them)."""
BURST: Final = 30
"""Lines a peer may send at once before the rate counts."""
PER_SECOND: Final = 10.0
"""Lines a second a peer may send for ever (a person sends one every few seconds)."""


class Kind(Enum):
    """Every kind of message, by the word it has on the wire."""

    CHALLENGE = "challenge"  # host -> joiner: a nonce to prove the code with
    HELLO = "hello"  # joiner -> host: its name and the proof
    REFUSED = "refused"  # host -> joiner: why it was not let in
    WELCOME = "welcome"  # host -> joiner: the whole game as the host has it
    MOVE = "move"  # either: a disc placed (or a pass) and the seconds it took
    CLOCKS = "clocks"  # host -> joiner: both clocks as the host counts them
    FLAG = "flag"  # host -> joiner: a side's time ran out
    UNDO_ASK = "undo_ask"  # either: take back my last move?
    UNDO_ANSWER = "undo_answer"  # either: yes or no
    DRAW_OFFER = "draw_offer"  # either
    DRAW_ANSWER = "draw_answer"  # either
    RESIGN = "resign"  # either
    CHAT = "chat"  # either: a line of text
    PING = "ping"  # either: still here (no answer needed)
    BYE = "bye"  # either: closing, and why


class Fault(Enum):
    """Why a line, or the peer that sent it, was refused; the link ends with it."""

    TOO_LONG = "too_long"
    NOT_TEXT = "not_text"
    NOT_JSON = "not_json"
    NOT_OBJECT = "not_object"
    UNKNOWN_KIND = "unknown_kind"
    BAD_FIELDS = "bad_fields"
    BAD_VALUE = "bad_value"
    TOO_FAST = "too_fast"
    WRONG_VERSION = "wrong_version"
    UNEXPECTED = "unexpected"  # a message that has no place now (a move before the welcome)
    ILLEGAL_MOVE = "illegal_move"
    OUT_OF_TURN = "out_of_turn"
    WRONG_POSITION = "wrong_position"  # a welcome that contradicts the game this side has


class ProtocolError(ValueError):
    """A line or message refused; ``fault`` is the kind, the text the detail for the log."""

    def __init__(self, fault: Fault, detail: str) -> None:
        super().__init__(f"{fault.value}: {detail}")
        self.fault = fault
        self.detail = detail


class Refusal(Enum):
    """Why a host refused a joiner."""

    WRONG_CODE = "wrong_code"
    BUSY = "busy"  # another player is at the table
    VERSION = "version"
    CLOSED = "closed"  # too many wrong codes: the host stopped listening


ByeReason = Literal["quit", "fault", "over"]
BYE_REASONS: tuple[ByeReason, ...] = ("quit", "fault", "over")
COLORS: tuple[Color, ...] = ("black", "white")


# ----- the messages ----------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge:
    version: int
    nonce: str  # 32 hex digits


@dataclass(frozen=True)
class Hello:
    version: int
    name: str
    proof: str  # 64 hex digits: HMAC-SHA256 of the nonce under the code


@dataclass(frozen=True)
class Refused:
    reason: Refusal


@dataclass(frozen=True)
class Welcome:
    """The game as the host has it: the joiner's colour, the start, every move on the board,
    the clock ("" for none) and both clocks' milliseconds, whether hints are allowed."""

    name: str
    colour: Color
    start: str  # a board string (65 characters)
    moves: tuple[str, ...]
    clock: str
    black_ms: int
    white_ms: int
    help: bool


@dataclass(frozen=True)
class Move:
    """A disc placed at ``square`` (or ``"pa"``, a pass) as ply ``ply`` (moves before it),
    and the milliseconds the mover's own clock says it took."""

    ply: int
    square: str
    ms: int


@dataclass(frozen=True)
class Clocks:
    ply: int
    black_ms: int
    white_ms: int


@dataclass(frozen=True)
class Flag:
    colour: Color


@dataclass(frozen=True)
class UndoAsk:
    ply: int


@dataclass(frozen=True)
class UndoAnswer:
    ply: int
    granted: bool


@dataclass(frozen=True)
class DrawOffer:
    ply: int


@dataclass(frozen=True)
class DrawAnswer:
    ply: int
    accepted: bool


@dataclass(frozen=True)
class Resign:
    ply: int


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Bye:
    reason: ByeReason


Message = (
    Challenge
    | Hello
    | Refused
    | Welcome
    | Move
    | Clocks
    | Flag
    | UndoAsk
    | UndoAnswer
    | DrawOffer
    | DrawAnswer
    | Resign
    | Chat
    | Ping
    | Bye
)

TYPES: dict[Kind, type[Message]] = {
    Kind.CHALLENGE: Challenge,
    Kind.HELLO: Hello,
    Kind.REFUSED: Refused,
    Kind.WELCOME: Welcome,
    Kind.MOVE: Move,
    Kind.CLOCKS: Clocks,
    Kind.FLAG: Flag,
    Kind.UNDO_ASK: UndoAsk,
    Kind.UNDO_ANSWER: UndoAnswer,
    Kind.DRAW_OFFER: DrawOffer,
    Kind.DRAW_ANSWER: DrawAnswer,
    Kind.RESIGN: Resign,
    Kind.CHAT: Chat,
    Kind.PING: Ping,
    Kind.BYE: Bye,
}
KINDS: dict[type[Message], Kind] = {cls: kind for kind, cls in TYPES.items()}


# ----- each field's check ----------------------------------------------------------------


def _bad(detail: str) -> ProtocolError:
    return ProtocolError(Fault.BAD_VALUE, detail)


def _int(low: int, high: int) -> Callable[[object], object]:
    def check(value: object) -> object:
        if type(value) is not int or not low <= value <= high:
            raise _bad(f"not a whole number from {low} to {high}")
        return value

    return check


def _flag(value: object) -> object:
    if type(value) is not bool:
        raise _bad("not true or false")
    return value


def _hex(length: int) -> Callable[[object], object]:
    def check(value: object) -> object:
        if (
            type(value) is not str
            or len(value) != length
            or any(c not in "0123456789abcdef" for c in value)
        ):
            raise _bad(f"not {length} lower-case hex digits")
        return value

    return check


def plain_text(value: object, most: int) -> str:
    """``value`` as a line a person typed: a string of at most ``most`` characters with no
    control character (no newline, no escape sequences, no bidi override); else an error."""
    if type(value) is not str or len(value) > most:
        raise _bad(f"not text of at most {most} characters")
    for c in value:
        code = ord(c)
        if (
            code < 0x20
            or 0x7F <= code < 0xA0
            or 0x202A <= code <= 0x202E
            or 0x2066 <= code <= 0x2069
        ):
            raise _bad("text with a control character")
        if 0xD800 <= code <= 0xDFFF:
            raise _bad("text with a lone surrogate")
    return value


def _text(most: int) -> Callable[[object], object]:
    return lambda value: plain_text(value, most)


def _square(value: object) -> object:
    if type(value) is not str or len(value) > 4:
        raise _bad("not a square")
    try:
        sq = parse_move(value)
    except OthelloError:
        raise _bad("not a square") from None
    return square_name(sq) if sq != PASS else "pa"


def _colour(value: object) -> object:
    if value not in COLORS:
        raise _bad("not black or white")
    return value


def _start(value: object) -> object:
    if type(value) is not str or len(value) > 80:
        raise _bad("not a board string")
    try:
        board = Board.from_string(value)
    except OthelloError:
        raise _bad("not a board string") from None
    if impossible_reason(board) is not None:
        raise _bad("a position no game could reach")
    return board.to_string()


def _moves(value: object) -> object:
    if type(value) is not list or len(value) > MAX_PLY:
        raise _bad(f"not a list of at most {MAX_PLY} moves")
    return tuple(_square(item) for item in value)


def _clock(value: object) -> object:
    if type(value) is not str or len(value) > 16:
        raise _bad("not a clock")
    if value:
        try:
            TimeControl.parse(value)
        except ClockError:
            raise _bad("not a clock") from None
    return value


def _enum(kind: type[Enum]) -> Callable[[object], object]:
    def check(value: object) -> object:
        try:
            return kind(value)
        except ValueError:
            raise _bad(f"not one of {[m.value for m in kind]}") from None

    return check


def _bye(value: object) -> object:
    if value not in BYE_REASONS:
        raise _bad(f"not one of {list(BYE_REASONS)}")
    return value


_MS = _int(0, MAX_MS)
_PLY = _int(0, MAX_PLY)
CHECKS: dict[Kind, dict[str, Callable[[object], object]]] = {
    Kind.CHALLENGE: {"version": _int(0, 1000), "nonce": _hex(32)},
    Kind.HELLO: {"version": _int(0, 1000), "name": _text(MAX_NAME), "proof": _hex(64)},
    Kind.REFUSED: {"reason": _enum(Refusal)},
    Kind.WELCOME: {
        "name": _text(MAX_NAME),
        "colour": _colour,
        "start": _start,
        "moves": _moves,
        "clock": _clock,
        "black_ms": _MS,
        "white_ms": _MS,
        "help": _flag,
    },
    Kind.MOVE: {"ply": _PLY, "square": _square, "ms": _MS},
    Kind.CLOCKS: {"ply": _PLY, "black_ms": _MS, "white_ms": _MS},
    Kind.FLAG: {"colour": _colour},
    Kind.UNDO_ASK: {"ply": _PLY},
    Kind.UNDO_ANSWER: {"ply": _PLY, "granted": _flag},
    Kind.DRAW_OFFER: {"ply": _PLY},
    Kind.DRAW_ANSWER: {"ply": _PLY, "accepted": _flag},
    Kind.RESIGN: {"ply": _PLY},
    Kind.CHAT: {"text": _text(MAX_CHAT)},
    Kind.PING: {},
    Kind.BYE: {"reason": _bye},
}
"""Each kind's fields and the check each value passes (returning it as the message holds it)."""


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is no JSON number")


def _reject_float(text: str) -> object:
    raise ValueError("no message has a fraction")


def parse(line: bytes) -> Message:
    """One line (its newline optional) as the message it is; a ProtocolError otherwise."""
    if len(line) > MAX_LINE:
        raise ProtocolError(Fault.TOO_LONG, f"a line of {len(line)} bytes")
    try:
        text = line.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        raise ProtocolError(Fault.NOT_TEXT, "a line that is not UTF-8") from None
    if not text.strip():
        raise ProtocolError(Fault.NOT_JSON, "an empty line")
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_reject_float)
    except RecursionError:
        raise ProtocolError(Fault.NOT_JSON, "nested too deep") from None
    except ValueError as err:
        raise ProtocolError(Fault.NOT_JSON, str(err)[:80]) from None
    if type(value) is not dict:
        raise ProtocolError(Fault.NOT_OBJECT, f"a JSON {type(value).__name__}, not an object")
    try:
        kind = Kind(value.get("t"))
    except ValueError:
        raise ProtocolError(Fault.UNKNOWN_KIND, f"kind {str(value.get('t'))[:20]!r}") from None
    checks = CHECKS[kind]
    if set(value) != {"t", *checks}:
        raise ProtocolError(Fault.BAD_FIELDS, f"{kind.value} with fields {sorted(value)[:12]}")
    try:
        checked = {name: check(value[name]) for name, check in checks.items()}
    except ProtocolError as err:
        raise ProtocolError(err.fault, f"{kind.value}: {err.detail}") from None
    return TYPES[kind](**checked)  # type: ignore[arg-type]


def encode(message: Message) -> bytes:
    """The message as one line, newline included; the same checks ``parse`` makes, so this
    side never sends what the other would refuse (a ValueError says which)."""
    kind = KINDS[type(message)]
    value: dict[str, object] = {"t": kind.value}
    for field in fields(message):
        item = getattr(message, field.name)
        if isinstance(item, Enum):
            item = item.value
        elif isinstance(item, tuple):
            item = list(item)
        value[field.name] = item
    line = (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
    if len(line) > MAX_LINE:
        raise ValueError(f"a {kind.value} message of {len(line)} bytes is too long to send")
    try:
        same = parse(line) == message
    except ProtocolError as err:
        raise ValueError(f"a message the peer would refuse: {err}") from None
    if not same:
        raise ValueError(f"a {kind.value} message that the peer would read otherwise")
    return line


class RateLimit:
    """A token bucket: ``burst`` lines at once, ``per_second`` for ever after; ``now`` is the
    time source (seconds), so tests drive it without waiting."""

    def __init__(
        self, now: Callable[[], float], burst: int = BURST, per_second: float = PER_SECOND
    ) -> None:
        self._now = now
        self.burst = burst
        self.per_second = per_second
        self._tokens = float(burst)
        self._at = now()

    def take(self) -> bool:
        """One line arrived: True while the peer keeps to the rate."""
        now = self._now()
        elapsed = max(0.0, now - self._at)
        self._at = now
        self._tokens = min(float(self.burst), self._tokens + elapsed * self.per_second)
        if self._tokens < 1.0 or math.isnan(self._tokens):
            return False
        self._tokens -= 1.0
        return True
