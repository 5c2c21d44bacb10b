"""The Play a person screen (J, or the Game card's button): a game with a person at another
window, over the panel like Drills.

First the choices: the player's name (remembered), host or join; a host chooses its colour
(or random), the clock and the start (the standard one or the position on the board, the
editor's), a joiner types the code and the host's address. Tab and the arrows go from one
choice to the next, Left and Right change one, Enter starts, Esc closes. A host then shows
its code and address until the other player comes.

Then the game, on the board as a view (the window's own game is not touched): a click, or a
column letter then a row number, places a disc; U asks to take back a move, D offers a draw,
Y and N answer the other player, R twice resigns, T types a line of chat, Esc leaves (the game
is in the library either way). Hints and the explorer stay hidden during the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal

import pygame

from othello.app.i18n import _
from othello.app.network import codes
from othello.app.network.protocol import MAX_CHAT, MAX_NAME, plain_text
from othello.app.network.table import NewsKind, Seat
from othello.app.speech import sentences as said
from othello.core.bitboard import Square
from othello.core.board import Color
from othello.core.clock import TimeControl
from othello.core.errors import OthelloError
from othello.core.game import Game
from othello.core.notation import square_name
from othello.gui.model import person_words as words
from othello.gui.model.club_words import control_text
from othello.gui.model.session import Session
from othello.gui.scenes.base import PlayHost, Scene
from othello.gui.services.person_feed import PersonFeed
from othello.gui.widgets import palette
from othello.gui.widgets.card import card
from othello.gui.widgets.text import scaled

Field = Literal["name", "role", "side", "clock", "start", "code", "address"]
HOST_FIELDS: tuple[Field, ...] = ("name", "role", "side", "clock", "start")
RESUME_FIELDS: tuple[Field, ...] = ("name", "role")
JOIN_FIELDS: tuple[Field, ...] = ("name", "role", "code", "address")
CLOCKS = ("", "5+3", "10+5", "15+10", "30+0")
SIDES = ("black", "white", "random")
DEFAULT_PORT = 0
"""0: any free port (the command line's ``--port`` chooses one)."""


def clock_words(seconds: float) -> str:
    seconds = max(0, int(seconds + 0.999))
    return f"{seconds // 60}:{seconds % 60:02d}"


class PersonScreen(Scene):
    """The choices, then the game with a person; the connection pumped every frame."""

    name = "person"

    def __init__(
        self,
        host: PlayHost,
        session: Session,
        feed: PersonFeed,
        reply: Callable[[str], None],
        player_name: str = "",
        join_code: str = "",
        join_address: str = "",
        port: int = DEFAULT_PORT,
        start_hosting: bool = False,
        bind: str = "",
    ) -> None:
        self.host, self.session, self.feed, self.reply = host, session, feed, reply
        if bind:
            feed.bind = bind  # othello host --bind: one address only, and no beacon
        self.rng = random.Random()
        self.values: dict[Field, str] = {
            "name": player_name[:MAX_NAME],
            "role": "join" if join_code else "host",
            "side": "black",
            "clock": "",
            "start": "standard",
            "code": join_code,
            "address": join_address,
        }
        self.port = port
        self.again = feed.resumable()  # a game this window hosted or joined, not finished
        same = self.again is not None and codes.typed(join_code) == self.again.code
        if self.again is not None and (not join_code or same):
            self.values["role"] = "resume"  # offered first: the other player may be waiting
        self.focus = 0
        self.column: int | None = None  # a typed column letter, waiting for its row
        self.chat: str | None = None  # the chat line being typed
        self.resigning = False
        self._swallow = ""  # the key that opened the chat line, whose character follows it
        self.drawn: list[str] = []  # the card's words as last drawn (tests)
        self.rows: list[tuple[int, pygame.Rect]] = []
        self._shown: tuple[object, ...] = ()
        if start_hosting or join_code:  # the command line's: started at once
            self.start()

    # ----- the choices ------------------------------------------------------------------------

    @property
    def fields(self) -> tuple[Field, ...]:
        role = self.values["role"]
        return HOST_FIELDS if role == "host" else RESUME_FIELDS if role == "resume" else JOIN_FIELDS

    @property
    def choosing(self) -> bool:
        return self.feed.table is None

    def field_text(self, field: Field) -> str:
        """A choice as its row says it."""
        value = self.values[field]
        match field:
            case "name":
                return _("Your name: {name}").format(name=value)
            case "role":
                if value == "resume" and self.again is not None and self.again.role == "guest":
                    return _("Join again: the game with {name} (code {code})").format(
                        name=self.again.peer or _("The other player"),
                        code=codes.shown(self.again.code),
                    )
                if value == "resume" and self.again is not None:
                    return _("Host again: the game with {name} (code {code})").format(
                        name=self.again.peer or _("The other player"),
                        code=codes.shown(self.again.code),
                    )
                return _("Host a game") if value == "host" else _("Join a game")
            case "side":
                side = _("Random") if value == "random" else words.side_word(value)  # type: ignore[arg-type]
                return _("You play: {side}").format(side=side)
            case "clock":
                return _("Clock: {control}").format(control=control_text(value))
            case "start":
                if value == "standard":
                    return _("Start: the standard start")
                return _("Start: the position on the board")
            case "code":
                return words.code_text(value)
            case "address":
                return _("Address: {address}").format(address=value or _("(this network)"))

    def change(self, field: Field, step: int) -> None:
        """Left or Right on a choice: the next value."""
        roles = ("resume", "host", "join") if self.again is not None else ("host", "join")
        options: tuple[str, ...] = {
            "role": roles,
            "side": SIDES,
            "clock": CLOCKS,
            "start": ("standard", "board"),
        }.get(field, ())
        if options:
            now = self.values[field]
            index = options.index(now) if now in options else 0
            self.values[field] = options[(index + step) % len(options)]
            self.focus = min(self.focus, len(self.fields) - 1)

    def type_into(self, field: Field, text: str) -> None:
        most = {"name": MAX_NAME, "code": 20, "address": 80}.get(field, 0)
        if not most:
            return
        value = (self.values[field] + text)[:most]
        try:
            self.values[field] = plain_text(value, most)
        except ValueError:
            pass  # a control character typed (a paste): left out

    def start(self) -> None:
        """Enter on the choices: host, or join; a choice that cannot be used said why."""
        name = self.values["name"].strip() or _("Player")
        self.host.remember_choice(player_name=name)
        if self.values["role"] == "resume" and self.again is not None:
            self.feed.resume(self.again)
            return
        if self.values["role"] == "host":
            side = self.values["side"]
            mine: Color = (
                self.rng.choice(("black", "white")) if side == "random" else side  # type: ignore[assignment]
            )
            clock = self.values["clock"]
            control = TimeControl.parse(clock) if clock else None
            start = self.session.game.board if self.values["start"] == "board" else None
            game = Game(start.copy() if start is not None else None)
            self.feed.host(name, game, mine, control, self.port)
            return
        code = codes.typed(self.values["code"])
        if code is None:
            self.reply(_("A code is 12 letters and digits, such as {example}.").format(
                example=codes.shown("K7QM3XTAR9WE")))  # fmt: skip
            return
        typed_address = self.values["address"].strip()
        if not typed_address:  # on this network: the host's beacon says where
            self.feed.join(name, code, "", 0)
            return
        address, _colon, port_text = typed_address.rpartition(":")
        port = int(port_text) if port_text.isdigit() else -1
        if not address or not 0 < port < 65536:
            self.reply(_("Type the host's address and port, such as 192.168.1.20:50123."))
            return
        self.feed.join(name, code, address, port)

    # ----- each frame -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        kinds = self.feed.pump()
        if NewsKind.OVER in kinds:
            self.resigning = False
        self._show()

    def _show(self) -> None:
        """The table's game on the board, as a view (the window's own game untouched): the
        rings on this side's moves when it is its turn."""
        table = self.feed.table
        person = table.game if table is not None else None
        if person is None:
            if self._shown:
                self.session.show(None)
                self._shown = ()
            return
        state = (id(person.game), person.game.cursor, len(person.game.moves), person.my_turn())
        if state != self._shown:
            self._shown = state
            self.session.show(person.game.copy(), "person" if person.my_turn() else "person-wait")

    # ----- events -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
            return True
        if event.type == pygame.TEXTINPUT:
            self.text_input(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                return False  # the play scene's help
            self.key(event.key, event.mod)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def text_input(self, text: str) -> None:
        """Typed characters: into the focused field, or the chat line."""
        swallow, self._swallow = self._swallow, ""
        if self.chat is not None:
            if text.lower() != swallow:
                self.chat = (self.chat + text)[:MAX_CHAT]
        elif self.choosing:
            self.type_into(self.fields[self.focus], text)

    def click(self, pos: tuple[int, int]) -> None:
        for index, rect in self.rows:
            if rect.collidepoint(pos):
                if index == self.focus:
                    self.change(self.fields[index], 1)
                self.focus = index
                return
        square = self.host.layout.square_at(pos)
        if square is not None and not self.choosing:
            self.place(square)

    def key(self, key: int, mod: int = 0) -> None:
        if self.chat is not None:
            self._chat_key(key)
        elif self.choosing:
            self._choosing_key(key, mod)
        else:
            self._table_key(key)

    def _choosing_key(self, key: int, mod: int) -> None:
        fields = self.fields
        field = fields[self.focus]
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif key == pygame.K_TAB:
            self.focus = (self.focus + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(fields)
        elif key == pygame.K_DOWN:
            self.focus = (self.focus + 1) % len(fields)
        elif key == pygame.K_UP:
            self.focus = (self.focus - 1) % len(fields)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
            self.change(field, -1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_BACKSPACE and field in ("name", "code", "address"):
            self.values[field] = self.values[field][:-1]

    def _chat_key(self, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text, self.chat = self.chat or "", None
            if self.feed.table is not None:
                self.feed.table.say(text)
        elif key == pygame.K_ESCAPE:
            self.chat = None
        elif key == pygame.K_BACKSPACE:
            self.chat = (self.chat or "")[:-1]

    def _table_key(self, key: int) -> None:
        table = self.feed.table
        if table is None:
            return
        person = table.game
        if key != pygame.K_r:
            self.resigning = False
        if key == pygame.K_ESCAPE:
            self.close()
        elif pygame.K_a <= key <= pygame.K_h:
            self.column = key - pygame.K_a
        elif pygame.K_1 <= key <= pygame.K_8 and self.column is not None:
            square = (key - pygame.K_1) * 8 + self.column
            self.column = None
            self.place(square)
        elif key == pygame.K_u:
            table.ask_undo()
        elif key == pygame.K_d:
            table.offer_draw()
        elif key in (pygame.K_y, pygame.K_n) and person is not None:
            yes = key == pygame.K_y
            if person.undo_asked is not None and person.undo_asked[0] == person.theirs:
                table.answer_undo(yes)
            elif person.draw_offered is not None and person.draw_offered[0] == person.theirs:
                table.answer_draw(yes)
        elif key == pygame.K_r and person is not None and person.outcome is None:
            if self.resigning:
                self.resigning = False
                table.resign()
            else:
                self.resigning = True
                self.reply(words.resign_again_text())
        elif key == pygame.K_t:
            self.chat, self._swallow = "", "t"
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and table.role == "guest":
            if table.seat in (Seat.AWAY, Seat.CLOSED) and table.game is not None:
                table.rejoin()

    def place(self, square: Square) -> None:
        table = self.feed.table
        if table is None or table.game is None:
            return
        if not table.game.my_turn():
            self.reply(words.turn_text(False, table.peer))
            return
        try:
            table.play(square)
        except OthelloError:
            self.reply(_("{square} is not a legal move here.").format(square=square_name(square)))

    def close(self) -> None:
        """Leave: the game is kept in the library, every socket closed, the board back."""
        self.feed.close()
        self.session.show(None)
        self.host.close_scene(self)

    # ----- what the card says -----------------------------------------------------------------

    def lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The card's lines, each with its colour and whether it is bold."""
        text, dim = palette.now.text, palette.now.text_dim
        table = self.feed.table
        out: list[tuple[str, tuple[int, int, int], bool]] = []
        if table is None:
            return out
        person = table.game
        if person is None or (table.role == "host" and table.seat == Seat.WAITING):
            if table.role == "host":
                out.append((words.code_text(codes.shown(table.code)), text, True))
                addresses = [self.feed.address] if self.feed.address else []
                out.append((words.address_text(addresses, table.port), text, False))
                out.append((words.waiting_text(), dim, False))
            else:
                out.append((words.connecting_text(self.feed.address), dim, False))
            return out
        for side in ("black", "white"):
            colour: Color = "black" if side == "black" else "white"
            seat = words.seat_text(person.names[colour], colour, colour == person.mine)
            if person.clock is not None:
                seat += "  " + clock_words(person.clock.time_left(colour))
            out.append((seat, text, person.to_move() == colour))
        if person.outcome is not None:
            out.append((words.outcome_text(person.outcome, person.mine, person.names), text, True))
        elif table.seat == Seat.AWAY or table.seat == Seat.CLOSED:
            out.append((words.away_text(table.role == "host"), palette.now.wrong, False))
        else:
            out.append((words.turn_text(person.my_turn(), table.peer), text, False))
        if person.undo_asked is not None:
            if person.undo_asked[0] == person.theirs:
                out.append((words.asked_undo_text(table.peer), palette.now.accent, True))
            else:
                out.append((words.waiting_answer_text(), dim, False))
        if person.draw_offered is not None:
            if person.draw_offered[0] == person.theirs:
                out.append((words.offered_draw_text(table.peer), palette.now.accent, True))
            else:
                out.append((words.waiting_answer_text(), dim, False))
        if self.column is not None:
            out.append(("abcdefgh"[self.column] + "…", dim, False))
        if self.chat is not None:
            out.append((words.chat_prompt(self.chat), text, False))
        return out

    def spoken(self) -> str:
        """The choice in focus and the keys; at the table the last move and what it turned,
        whose turn it is, a question asked, the result, the last chat line. The clocks, which
        change every second, are on the board's questions and on the card, not said here."""
        if self.choosing:
            return said.spoken(self.field_text(self.fields[self.focus]), self._keys_key())
        table = self.feed.table
        person = table.game if table is not None else None
        lines = [text for text, _colour, _bold in self.lines()]
        waiting = table is not None and table.role == "host" and table.seat == Seat.WAITING
        if person is None or waiting:  # the code, the address and the wait, or connecting
            return said.spoken(*lines)
        board = person.game.board
        moved = [said.last_move_words(board)] if board.history else []
        chat = self.chat_lines()[-1:]
        return said.spoken(*moved, *lines[2:], *chat)  # lines[:2]: the seats, with the clocks

    def chat_lines(self) -> list[str]:
        """The last chat lines, oldest first, each with who said it."""
        table = self.feed.table
        if table is None or table.game is None:
            return []
        peer = table.peer or _("The other player")
        return [
            _("{name}: {text}").format(name=_("You") if line.mine else peer, text=line.text)
            for line in table.game.chat[-6:]
        ]

    def _keys_key(self) -> str:
        table = self.feed.table
        person = table.game if table is not None else None
        playing = (
            table is not None
            and person is not None
            and person.outcome is None
            and table.seat != Seat.WAITING
        )
        return words.keys_text(self.choosing, playing)

    def _keys_wrapped(self, width: int, size: int) -> list[str]:
        return self.host.text.fit_lines(self._keys_key(), width, 3, size, trying=True)[0]

    # ----- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        room = self.host.layout.panel
        card(surface, room, alpha=255)
        size = scaled(min(16, room.width // 18))
        pad, line_h = size, int(size * 1.5)
        self.drawn, self.rows = [], []
        inner = room.inflate(-2 * pad, -2 * pad)
        y = self._text(surface, words.title(), inner, inner.top, size + 2, bold=True)
        y += line_h // 3
        keys_rows = len(self._keys_wrapped(inner.width, size - 2))
        foot = inner.bottom - int((size - 2) * 1.5) * keys_rows
        if self.choosing:
            for index, field in enumerate(self.fields):
                shown = self.field_text(field)
                focused = index == self.focus
                if focused and field in ("name", "code", "address"):
                    shown += "|"
                width = inner.width - size // 2
                wrapped, px = self.host.text.fit_lines(shown, width, 2, size, focused)
                step = int(px * 1.4)
                rect = pygame.Rect(inner.left, y, inner.width, step * len(wrapped) + size // 3)
                self.rows.append((index, rect))
                if focused:
                    pygame.draw.rect(surface, palette.now.button_hover, rect, border_radius=4)
                top = rect.top + size // 6
                for part in wrapped:
                    picture = self.host.text.render(part, px, palette.now.text, bold=focused)
                    surface.blit(picture, (rect.left + size // 4, top))
                    top += step
                self.drawn.append(shown)
                y = rect.bottom + 2
        else:
            self._draw_lines(surface, inner, y, foot, size)
        self._text(surface, self._keys_key(), inner, foot, size - 2, palette.now.text_dim, rows=3)

    def _draw_lines(
        self, surface: pygame.Surface, inner: pygame.Rect, y: int, foot: int, size: int
    ) -> None:
        """The card's lines from the top; the chat's newest that fit under them."""
        line_h = int(size * 1.5)
        lines = self.lines()
        chat = self.chat_lines()
        text = self.host.text
        for wording, colour, bold in lines:
            if y + line_h > foot:
                return
            y = self._text(surface, wording, inner, y, size, colour, bold, rows=4)
            y += line_h // 4
        shown: list[str] = []
        room = foot - y
        for wording in reversed(chat):  # the newest first, as many as there is room for
            wrapped, px = text.fit_lines(wording, inner.width, 6, size, trying=True)
            need = len(wrapped) * int(px * 1.5) + line_h // 4
            if need > room or text.was_cut(wrapped, wording):
                break
            room -= need
            shown.insert(0, wording)
        for wording in shown:
            y = self._text(surface, wording, inner, y, size, palette.now.text_dim, rows=6)
            y += line_h // 4

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        inner: pygame.Rect,
        y: int,
        size: int,
        colour: tuple[int, int, int] = palette.now.text,
        bold: bool = False,
        rows: int = 2,
    ) -> int:
        """``text`` wrapped into ``rows`` lines at ``y``; the y below it."""
        self.drawn.append(text)
        return self.host.text.blit_lines(
            surface, text, inner.left, y, inner.width, rows, size, colour, bold
        )
