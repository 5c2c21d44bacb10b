"""One game with a person as the window runs it: the link and the game joined, pumped once a
frame (``pump`` never waits), the news turned into what the window says.

The host's table holds the game from the start and waits for the other player; a joiner's
gets its game from the host's welcome, checked move by move (and against the game this
window already had, on a return). A dropped connection pauses the clocks; the host keeps
listening with the same code, for ``RETURN_MINUTES``, and a joiner may ``rejoin``. A peer that
breaks the rules is cut off with its fault said on both sides, and the game stays as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from othello.app.network import codes
from othello.app.network.beacon import Beacon, Listener
from othello.app.network.link import (
    Dropped,
    Joined,
    Link,
    Listening,
    Received,
    Stopped,
    Turned,
    Unreachable,
    WrongCode,
)
from othello.app.network.person_game import PersonGame, Role, from_welcome
from othello.app.network.protocol import (
    Chat,
    DrawAnswer,
    DrawOffer,
    Fault,
    Message,
    Move,
    ProtocolError,
    Refusal,
    UndoAnswer,
    Welcome,
)
from othello.core.bitboard import Square
from othello.core.board import Color
from othello.core.clock import TimeControl
from othello.core.errors import IllegalMoveError
from othello.core.game import Game

RETURN_MINUTES: Final = 10.0
"""How long a host keeps listening for the other player to come back after a drop."""


class Seat(Enum):
    """Where the table stands."""

    WAITING = "waiting"  # the host, before anyone joined; the joiner, before the welcome
    PLAYING = "playing"
    AWAY = "away"  # the connection dropped; the clocks are paused
    OVER = "over"  # the game ended (the host still answers a returning peer)
    CLOSED = "closed"  # no connection now or later


class NewsKind(Enum):
    LISTENING = "listening"
    JOINED = "joined"
    LEFT = "left"  # the connection dropped
    FAULT = "fault"  # a side broke the protocol: the connection ended
    WRONG_CODE = "wrong_code"  # the host: someone tried a wrong code
    REFUSED = "refused"  # the joiner: the host turned it away
    UNREACHABLE = "unreachable"
    STOPPED = "stopped"  # the host stopped listening: "wrong codes" or "no return"
    MOVED = "moved"  # the peer moved
    UNDO_ASKED = "undo_asked"
    UNDO_ANSWERED = "undo_answered"
    DRAW_OFFERED = "draw_offered"
    DRAW_ANSWERED = "draw_answered"
    CHAT = "chat"
    OVER = "over"


@dataclass(frozen=True)
class News:
    """Something the window says: its kind and the detail it needs."""

    kind: NewsKind
    detail: str = ""
    fault: Fault | None = None
    refusal: Refusal | None = None
    granted: bool = False


class Table:
    """A game with a person: ``game`` is None on a joiner's side until the welcome."""

    def __init__(
        self,
        role: Role,
        link: Link,
        name: str,
        game: PersonGame | None,
        now: Callable[[], float],
        had: Game | None = None,
        address: tuple[str, int] = ("", 0),
    ) -> None:
        self.role: Role = role
        self.had = had  # the joiner's game from before, which the host's must continue
        self.address = address
        self.link = link
        self.name = name
        self.game = game
        self.now = now
        self.seat = Seat.WAITING
        self.port = 0
        self.away_since: float | None = None
        self.peer = ""
        self.last_fault: Fault | None = None
        self.beacon_to: tuple[str, int] | None = None  # where the host's beacon goes, if any
        self._beacon: Beacon | None = None

    @property
    def code(self) -> str:
        return self.link.code

    @classmethod
    def host(
        cls,
        name: str,
        game: Game,
        mine: Color,
        control: TimeControl | None,
        help_allowed: bool = False,
        port: int = 0,
        bind: str = "",
        code: str | None = None,
        now: Callable[[], float] = time.monotonic,
        beacon_to: tuple[str, int] | None = None,
    ) -> Table:
        """Host ``game`` (this side plays ``mine``) and listen; the code is new unless a
        game is hosted again after a restart with its own."""
        person = PersonGame("host", mine, game, control, now, help_allowed)
        person.names[mine] = name
        person.pause()
        link = Link.hosting(code or codes.new_code(), name, port, bind, now)
        table = cls("host", link, name, person, now)
        table.beacon_to = beacon_to
        return table

    @classmethod
    def join(
        cls,
        name: str,
        code: str,
        address: str,
        port: int,
        had: Game | None = None,
        now: Callable[[], float] = time.monotonic,
        listener: Listener | None = None,
    ) -> Table:
        """Join the game of ``code`` at ``address``:``port``; with no address, the host
        whose beacon is heard on this network."""
        link = Link.joining(code, name, address, port, now, listener)
        return cls("guest", link, name, None, now, had, (address, port))

    # ----- each frame ----------------------------------------------------------------

    def pump(self) -> list[News]:
        """What happened since the last frame, applied; never waits."""
        news: list[News] = []
        for event in self.link.poll():
            match event:
                case Listening(port=port):
                    self.port = port
                    news.append(News(NewsKind.LISTENING, str(port)))
                case Joined(name=name):
                    news.extend(self._joined(name))
                case Received(message=message):
                    news.extend(self._received(message))
                case Dropped():
                    news.append(self._dropped(event))
                case WrongCode(tries_left=left):
                    news.append(News(NewsKind.WRONG_CODE, str(left)))
                case Turned(reason=reason):
                    self.seat = Seat.CLOSED
                    news.append(News(NewsKind.REFUSED, refusal=reason))
                case Unreachable(detail=detail):
                    self.seat = Seat.CLOSED
                    news.append(News(NewsKind.UNREACHABLE, detail))
                case Stopped(wrong_codes=wrong):
                    if self.seat in (Seat.WAITING, Seat.AWAY):
                        self.seat = Seat.CLOSED
                    if wrong:  # the game's own end closes the port without a word
                        news.append(News(NewsKind.STOPPED, "wrong codes"))
        if self.game is not None and self.seat == Seat.PLAYING:
            self._send(self.game.tick())
            self._send(self.game.forced_pass())
            news.extend(self._over())
        self._beacon_now()
        if (
            self.role == "host"
            and self.seat == Seat.AWAY
            and self.away_since is not None
            and self.now() - self.away_since > RETURN_MINUTES * 60
        ):
            self.link.close()
            self.seat = Seat.CLOSED
            news.append(News(NewsKind.STOPPED, "no return"))
        return news

    def _beacon_now(self) -> None:
        """The host's beacon sounds while it waits for the other player (to join, or to
        come back), never during the game or after it."""
        wanted = (
            self.beacon_to is not None
            and self.port != 0
            and self.seat in (Seat.WAITING, Seat.AWAY)
            and self.link.listening
        )
        if wanted and self._beacon is None and self.beacon_to is not None:
            self._beacon = Beacon(codes.tag(self.code), self.port, self.name, self.beacon_to)
        elif not wanted and self._beacon is not None:
            self._beacon.stop()
            self._beacon = None

    def _joined(self, name: str) -> list[News]:
        if self.role == "host" and self.game is not None:
            self.peer = name
            self.game.names[self.game.theirs] = name
            self._send([self.game.welcome(self.name)])
            self._seated()
            return [News(NewsKind.JOINED, name)]
        return []  # the joiner's news waits for the welcome

    def _seated(self) -> None:
        assert self.game is not None
        self.away_since = None
        self.seat = Seat.OVER if self.game.outcome is not None else Seat.PLAYING
        self.game.resume()

    def _received(self, message: Message) -> list[News]:
        if self.game is None or (self.role == "guest" and isinstance(message, Welcome)):
            return self._welcomed(message)
        before = (
            self.game.game.cursor,
            self.game.undo_asked,
            self.game.draw_offered,
            len(self.game.chat),
        )
        try:
            answers = self.game.receive(message)
        except ProtocolError as err:
            return [self._fault(err)]
        self._send(answers)
        return self._what_changed(message, before)

    def _welcomed(self, message: Message) -> list[News]:
        if not isinstance(message, Welcome):
            return [self._fault(ProtocolError(Fault.UNEXPECTED, "no welcome"))]
        had = self.game.game if self.game is not None else self.had
        try:
            person = from_welcome(message, self.now, had)
        except ProtocolError as err:
            return [self._fault(err)]
        if self.game is not None:
            person.chat = self.game.chat
        person.names[person.mine] = self.name
        self.game, self.peer = person, message.name
        self._seated()
        return [News(NewsKind.JOINED, message.name)]

    def _what_changed(self, message: Message, before: tuple[object, ...]) -> list[News]:
        assert self.game is not None
        cursor, undo, draw, chats = before
        news: list[News] = []
        if isinstance(message, Move) and self.game.game.cursor != cursor:
            news.append(News(NewsKind.MOVED, message.square))
        elif isinstance(message, UndoAnswer) and undo is not None and self.game.undo_asked is None:
            news.append(News(NewsKind.UNDO_ANSWERED, granted=self.game.game.cursor != cursor))
        elif self.game.undo_asked is not None and self.game.undo_asked != undo:
            news.append(News(NewsKind.UNDO_ASKED))
        elif isinstance(message, DrawOffer) and self.game.draw_offered is not None:
            news.append(News(NewsKind.DRAW_OFFERED))
        elif isinstance(message, DrawAnswer) and draw is not None:
            news.append(News(NewsKind.DRAW_ANSWERED, granted=message.accepted))
        elif isinstance(message, Chat) and len(self.game.chat) != chats:
            news.append(News(NewsKind.CHAT, message.text))
        news.extend(self._over())
        return news

    def _over(self) -> list[News]:
        if self.game is not None and self.game.outcome is not None and self.seat != Seat.OVER:
            if self.seat == Seat.PLAYING:
                self.seat = Seat.OVER
                if self.role == "host":
                    self.link.stop_listening()  # nobody else needs the port now
                return [News(NewsKind.OVER, self.game.outcome.end.value)]
        return []

    def _dropped(self, event: Dropped) -> News:
        self._away()
        if event.fault is not None or event.bye == "fault":
            self.last_fault = event.fault
            return News(NewsKind.FAULT, event.detail, fault=event.fault)
        return News(NewsKind.LEFT, event.detail)

    def _fault(self, err: ProtocolError) -> News:
        """The peer broke the rules: it is cut off, the game kept as it was."""
        self.link.drop(err.fault)
        self.last_fault = err.fault
        self._away()
        return News(NewsKind.FAULT, err.detail, fault=err.fault)

    def _away(self) -> None:
        if self.game is not None:
            self.game.pause()
        if self.seat in (Seat.PLAYING, Seat.WAITING):
            self.seat = Seat.AWAY if self.game is not None else Seat.CLOSED
        if self.game is not None and self.game.outcome is not None:
            self.seat = Seat.AWAY  # the game is over; a return still sees it
        self.away_since = self.now()

    def _send(self, messages: list[Message]) -> None:
        for message in messages:
            self.link.send(message)

    # ----- this side's intents -------------------------------------------------------

    def _act(self, messages: list[Message]) -> list[News]:
        self._send(messages)
        return self._over()

    def play(self, square: Square) -> list[News]:
        """This side's move: IllegalMoveError when it may not, nothing sent."""
        if self.game is None or self.seat != Seat.PLAYING:
            raise IllegalMoveError("the other player is not here")
        return self._act(self.game.play(square))

    def ask_undo(self) -> list[News]:
        return self._act(self.game.ask_undo() if self._live() and self.game else [])

    def answer_undo(self, granted: bool) -> list[News]:
        return self._act(self.game.answer_undo(granted) if self._live() and self.game else [])

    def offer_draw(self) -> list[News]:
        return self._act(self.game.offer_draw() if self._live() and self.game else [])

    def answer_draw(self, accepted: bool) -> list[News]:
        return self._act(self.game.answer_draw(accepted) if self._live() and self.game else [])

    def resign(self) -> list[News]:
        return self._act(self.game.resign() if self._live() and self.game else [])

    def say(self, text: str) -> list[News]:
        return self._act(self.game.say(text) if self._live() and self.game else [])

    def _live(self) -> bool:
        return self.seat in (Seat.PLAYING, Seat.OVER)

    def rejoin(self) -> None:
        """The joiner tries again with the same code (after a drop)."""
        if self.role != "guest" or self.seat == Seat.PLAYING:
            return
        self.link.close()
        found = (self.link.address, self.link.port)  # the beacon's answer, once heard
        address = found if found[0] else self.address
        self.link = Link.joining(self.link.code, self.name, *address, self.now)
        self.seat = Seat.WAITING

    def close(self) -> None:
        """Goodbye to the peer, and every socket closed (the port with them)."""
        self.link.close()
        self.seat = Seat.CLOSED
        self._beacon_now()
