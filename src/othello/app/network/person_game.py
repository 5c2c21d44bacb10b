"""A game against a person at another window: the rules checked on this side for every move
either side makes, the clocks (the host's count), an undo asked for and answered, a draw
offered, a resignation, a few lines of chat.

No sockets here: a player's intent returns the messages to send, and a message received
returns the answers, or raises :class:`~othello.app.network.protocol.ProtocolError` when the
peer broke the rules (a move out of turn, an illegal one, a welcome that contradicts this
side's game), and the game is left exactly as it was. Both sides run the same code, so
neither window can be made to accept a position the rules do not reach.

Clocks: the host's clock counts. A move carries the milliseconds the mover's own clock says
it took; the host charges that, but never less than it saw pass less ``GRACE`` and never
more than it saw pass, so the network's delay is never charged to anyone and a peer that
lies saves at most ``GRACE`` a move. The host flags a side only when its time is out by
more than ``GRACE`` (its own side at once), so a late packet never flags a player; after
every move the host sends both clocks and the joiner shows those.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal

from othello.app.network.protocol import (
    MAX_CHAT,
    Bye,
    Chat,
    Clocks,
    DrawAnswer,
    DrawOffer,
    Fault,
    Flag,
    Message,
    Move,
    Ping,
    ProtocolError,
    Resign,
    UndoAnswer,
    UndoAsk,
    Welcome,
)
from othello.core.bitboard import PASS, Square
from othello.core.board import Board, Color
from othello.core.clock import TimeControl
from othello.core.errors import IllegalMoveError, OthelloError
from othello.core.game import Game, Players
from othello.core.notation import parse_move, square_name

Role = Literal["host", "guest"]
GRACE: Final = 3.0
"""Seconds of network delay a move may claim back, and a flag waits for."""
CHAT_KEPT: Final = 50
"""Chat lines kept (older ones scroll away)."""


def other(colour: Color) -> Color:
    return "white" if colour == "black" else "black"


class End(Enum):
    """How a game against a person ended."""

    BOARD = "board"  # neither side can move
    RESIGNED = "resigned"
    FLAG = "flag"
    DRAW = "draw"  # agreed


@dataclass(frozen=True)
class Outcome:
    end: End
    loser: Color | None  # None for a draw, or a board game's draw


@dataclass(frozen=True)
class ChatLine:
    mine: bool
    text: str


class TableClock:
    """Both sides' time on a time source ``now`` (seconds); one runs at a time. Kept per
    ply so an undo puts the clocks back as they were."""

    def __init__(self, control: TimeControl, now: Callable[[], float]) -> None:
        self.control = control
        self._now = now
        self.left: dict[Color, float] = {"black": control.seconds, "white": control.seconds}
        self.running: Color | None = None
        self._since = 0.0
        self.paused = False
        self.at_ply: dict[int, tuple[float, float]] = {}

    def seen(self) -> float:
        """Seconds the running side has used this turn, as this side saw them."""
        if self.running is None or self.paused:
            return 0.0
        return max(0.0, self._now() - self._since)

    def time_left(self, colour: Color) -> float:
        """``colour``'s time now, below zero once out (the host waits ``GRACE`` for a peer)."""
        left = self.left[colour]
        return left - self.seen() if colour == self.running else left

    def start(self, colour: Color | None, ply: int) -> None:
        self.at_ply[ply] = (self.left["black"], self.left["white"])
        self.running, self._since = colour, self._now()

    def stop(self, colour: Color, claimed: float | None, passed: bool) -> float:
        """``colour`` moved (or passed: no increment): the seconds charged, its own count
        when ``claimed`` is None, else the claim kept within what this side saw."""
        seen = self.seen() if colour == self.running else 0.0
        spent = seen if claimed is None else min(seen, max(claimed, seen - GRACE))
        self.left[colour] -= spent
        if not passed:
            self.left[colour] += self.control.increment
        self.running = None
        return spent

    def pause(self) -> None:
        if not self.paused and self.running is not None:
            self.left[self.running] = self.time_left(self.running)
        self.paused = True

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            self._since = self._now()

    def set(self, black: float, white: float) -> None:
        """The host's count, adopted by the joiner: the running side's turn counts from now."""
        self.left["black"], self.left["white"] = black, white
        self._since = self._now()

    def back_to(self, ply: int) -> None:
        if ply in self.at_ply:
            self.left["black"], self.left["white"] = self.at_ply[ply]


def mover_at(start: Board, ply: int) -> Color:
    """Who plays ply ``ply`` from ``start`` (passes are moves, so sides alternate)."""
    return start.side_to_move if ply % 2 == 0 else other(start.side_to_move)


def undo_target(game: Game, asker: Color) -> int | None:
    """The ply an undo asked by ``asker`` goes back to: before its last disc placed (the
    other's reply and any passes with it), or None when it has placed none since the start
    (a balanced opening's given moves are not taken back)."""
    for ply in range(game.cursor - 1, game.given - 1, -1):
        if mover_at(game.start, ply) == asker and game.moves[ply] != PASS:
            return ply
    return None


class PersonGame:
    """One side's view of a game with a person: ``mine`` is this side's colour."""

    def __init__(
        self,
        role: Role,
        mine: Color,
        game: Game,
        control: TimeControl | None,
        now: Callable[[], float],
        help_allowed: bool = False,
    ) -> None:
        self.role: Role = role
        self.mine: Color = mine
        self.game = game
        self.clock = TableClock(control, now) if control is not None else None
        self.help_allowed = help_allowed
        self.names: dict[Color, str] = {"black": "", "white": ""}
        self.outcome: Outcome | None = None
        self.undo_asked: tuple[Color, int] | None = None  # who asked, at which ply
        self.draw_offered: tuple[Color, int] | None = None
        self.chat: list[ChatLine] = []
        if self.clock is not None:
            self.clock.start(self.to_move(), game.cursor)

    # ----- what is true now ----------------------------------------------------------

    @property
    def theirs(self) -> Color:
        return other(self.mine)

    def to_move(self) -> Color | None:
        if self.outcome is not None or self.game.is_over():
            return None
        return self.game.board.side_to_move

    def my_turn(self) -> bool:
        return self.to_move() == self.mine

    def players(self) -> Players:
        return Players(self.names["black"], self.names["white"])

    def _after_change(self) -> None:
        if self.outcome is None and self.game.is_over():
            score = self.game.board.score()
            loser: Color | None = "white" if score > 0 else "black" if score < 0 else None
            self.outcome = Outcome(End.BOARD, loser)
        if self.clock is not None:
            self.clock.start(self.to_move(), self.game.cursor)

    def _apply(self, colour: Color, sq: Square, claimed: float | None) -> float:
        """The move on the board (IllegalMoveError before anything changes), the clock
        stopped: the seconds charged."""
        self.game.play(sq)
        spent = 0.0
        if self.clock is not None:
            spent = self.clock.stop(colour, claimed, passed=sq == PASS)
            self.game.times[-1] = round(spent, 3)
        self.undo_asked = self.draw_offered = None
        self._after_change()
        return spent

    def _clocks(self) -> list[Message]:
        if self.role != "host" or self.clock is None:
            return []
        return [
            Clocks(
                self.game.cursor,
                max(0, round(self.clock.left["black"] * 1000)),
                max(0, round(self.clock.left["white"] * 1000)),
            )
        ]

    # ----- this side's intents -------------------------------------------------------

    def play(self, move: str | Square) -> list[Message]:
        """This side places a disc (or passes): IllegalMoveError when it may not."""
        sq = parse_move(move) if isinstance(move, str) else move
        if not self.my_turn():
            raise IllegalMoveError("it is not your turn")
        ply = self.game.cursor
        spent = self._apply(self.mine, sq, None)
        name = "pa" if sq == PASS else square_name(sq)
        return [Move(ply, name, round(spent * 1000)), *self._clocks()]

    def forced_pass(self) -> list[Message]:
        """This side's pass, when it has no move (the rules leave no choice)."""
        if self.my_turn() and self.game.board.must_pass():
            return self.play(PASS)
        return []

    def ask_undo(self) -> list[Message]:
        if self.outcome is not None or self.undo_asked is not None:
            return []
        if undo_target(self.game, self.mine) is None:
            return []
        self.undo_asked = (self.mine, self.game.cursor)
        return [UndoAsk(self.game.cursor)]

    def answer_undo(self, granted: bool) -> list[Message]:
        asked = self.undo_asked
        if asked is None or asked[0] != self.theirs or asked[1] != self.game.cursor:
            return []
        self.undo_asked = None
        if granted:
            self._take_back(self.theirs)
        return [UndoAnswer(asked[1], granted), *self._clocks()]

    def _take_back(self, asker: Color) -> None:
        target = undo_target(self.game, asker)
        if target is None:
            return
        self.game.go_to(target)
        del self.game.moves[target:]
        del self.game.times[target:]
        self.draw_offered = None
        if self.clock is not None:
            self.clock.back_to(target)
        self._after_change()

    def offer_draw(self) -> list[Message]:
        if self.outcome is not None or self.draw_offered is not None:
            return []
        self.draw_offered = (self.mine, self.game.cursor)
        return [DrawOffer(self.game.cursor)]

    def answer_draw(self, accepted: bool) -> list[Message]:
        offered = self.draw_offered
        if offered is None or offered[0] != self.theirs or offered[1] != self.game.cursor:
            return []
        self.draw_offered = None
        if accepted:
            self._end(Outcome(End.DRAW, None))
        return [DrawAnswer(offered[1], accepted)]

    def resign(self) -> list[Message]:
        if self.outcome is not None:
            return []
        self._end(Outcome(End.RESIGNED, self.mine))
        return [Resign(self.game.cursor)]

    def say(self, text: str) -> list[Message]:
        """A chat line: control characters dropped, cut to the length a line may have."""
        clean = "".join(c for c in text if c.isprintable())[:MAX_CHAT].strip()
        if not clean:
            return []
        self._hear(ChatLine(True, clean))
        return [Chat(clean)]

    def _hear(self, line: ChatLine) -> None:
        self.chat.append(line)
        del self.chat[:-CHAT_KEPT]

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.undo_asked = self.draw_offered = None
        if self.clock is not None:
            self.clock.start(None, self.game.cursor)

    def tick(self) -> list[Message]:
        """The host's flag: a side out of time (the peer by more than GRACE) loses."""
        if self.role != "host" or self.clock is None or self.outcome is not None:
            return []
        side = self.clock.running
        if side is None or self.clock.paused:
            return []
        wait = 0.0 if side == self.mine else GRACE
        if self.clock.time_left(side) + wait > 0.0:
            return []
        self.clock.left[side] = 0.0
        self.game.lost_on_time = side
        self._end(Outcome(End.FLAG, side))
        return [Flag(side)]

    def pause(self) -> None:
        if self.clock is not None:
            self.clock.pause()

    def resume(self) -> None:
        if self.clock is not None:
            self.clock.resume()

    # ----- what the peer sent --------------------------------------------------------

    def receive(self, message: Message) -> list[Message]:
        """A message from the peer, checked; the answers to send. A ProtocolError when it
        breaks the rules, with nothing changed."""
        match message:
            case Move():
                return self._their_move(message)
            case Clocks() if self.role == "guest" and self.clock is not None:
                if message.ply == self.game.cursor:
                    self.clock.set(message.black_ms / 1000, message.white_ms / 1000)
                return []
            case Flag() if self.role == "guest":
                if self.outcome is None:
                    self.game.lost_on_time = message.colour
                    if self.clock is not None:
                        self.clock.left[message.colour] = 0.0
                    self._end(Outcome(End.FLAG, message.colour))
                return []
            case UndoAsk():
                if message.ply == self.game.cursor and self.outcome is None:
                    if undo_target(self.game, self.theirs) is not None:
                        self.undo_asked = (self.theirs, message.ply)
                        return []
                return [UndoAnswer(message.ply, False)]  # stale or empty: refused at once
            case UndoAnswer():
                asked = self.undo_asked
                if asked is None or asked != (self.mine, message.ply):
                    return []  # an answer to an ask a move made void
                self.undo_asked = None
                if message.granted and message.ply == self.game.cursor:
                    self._take_back(self.mine)
                    return self._clocks()
                return []
            case DrawOffer():
                if message.ply == self.game.cursor and self.outcome is None:
                    self.draw_offered = (self.theirs, message.ply)
                return []
            case DrawAnswer():
                offered = self.draw_offered
                if offered == (self.mine, message.ply) and message.ply == self.game.cursor:
                    self.draw_offered = None
                    if message.accepted:
                        self._end(Outcome(End.DRAW, None))
                return []
            case Resign():
                if self.outcome is None:
                    self._end(Outcome(End.RESIGNED, self.theirs))
                return []
            case Chat():
                self._hear(ChatLine(False, message.text))
                return []
            case Ping() | Bye():
                return []
            case _:
                raise ProtocolError(Fault.UNEXPECTED, f"{type(message).__name__} in a game")

    def _their_move(self, message: Move) -> list[Message]:
        if self.to_move() != self.theirs or message.ply != self.game.cursor:
            raise ProtocolError(
                Fault.OUT_OF_TURN,
                f"{message.square} as ply {message.ply} at ply {self.game.cursor}",
            )
        sq = parse_move(message.square)
        claimed = message.ms / 1000 if self.role == "host" else None
        try:
            self._apply(self.theirs, sq, claimed)
        except IllegalMoveError as err:
            raise ProtocolError(Fault.ILLEGAL_MOVE, str(err)) from None
        return self._clocks()

    # ----- the whole game, for a joiner -----------------------------------------------

    def welcome(self, my_name: str) -> Welcome:
        """The game as this host has it, for the joiner (a first join or a return)."""
        left = self.clock.left if self.clock is not None else {"black": 0.0, "white": 0.0}
        moves = tuple(
            "pa" if sq == PASS else square_name(sq) for sq in self.game.moves[: self.game.cursor]
        )
        return Welcome(
            my_name,
            self.theirs,
            self.game.start.to_string(),
            moves,
            str(self.clock.control) if self.clock is not None else "",
            max(0, round(left["black"] * 1000)),
            max(0, round(left["white"] * 1000)),
            self.help_allowed,
        )


def from_welcome(welcome: Welcome, now: Callable[[], float], had: Game | None = None) -> PersonGame:
    """The joiner's game from the host's welcome, every move checked by the rules. ``had``
    is the game this side already has (a return after a drop or a kill): the host's must
    be the same game, one of the two a continuation of the other; else WRONG_POSITION."""
    try:
        start = Board.from_string(welcome.start)
        game = Game(start)
        for name in welcome.moves:
            game.play(name)
        control = TimeControl.parse(welcome.clock) if welcome.clock else None
    except OthelloError as err:
        raise ProtocolError(Fault.WRONG_POSITION, str(err)) from None
    if had is not None:
        mine, theirs = had.moves[: had.cursor], game.moves
        shorter = min(len(mine), len(theirs))
        if had.start != game.start or mine[:shorter] != theirs[:shorter]:
            raise ProtocolError(Fault.WRONG_POSITION, "not the game this window has")
        game.given = had.given
        game.times[: min(len(had.times), len(game.times))] = had.times[
            : min(len(had.times), len(game.times))
        ]
    result = PersonGame("guest", welcome.colour, game, control, now, welcome.help)
    if result.clock is not None:
        result.clock.set(welcome.black_ms / 1000, welcome.white_ms / 1000)
    result.names[other(welcome.colour)] = welcome.name
    return result
