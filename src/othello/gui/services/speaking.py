"""The window's words spoken, for a player who cannot see the board (SPEECH): the game's
events, the cursor's square, the notices, and the answers to question keys.

Speech is switched on and off by one key from any screen (F12, or Alt+V), even before a
first word was spoken, and Ctrl silences the sentence being said. On the play screen, Tab
and Shift+Tab walk the legal moves, Home and End go to a1 and h8, and Alt with a letter asks
a question (``QUESTIONS``). The service sees every event before the screens do and takes only
those keys; everything it says goes to a ``Voice``, whose thread talks to the speaker, so a
frame only puts a sentence in a box.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from othello.app.i18n import _, language, pgettext
from othello.app.settings.keys import Settings
from othello.app.speech import sentences as said
from othello.app.speech.speakers import Speaker, Voice, make_speaker
from othello.app.speech.squares import Naming
from othello.core.bitboard import Square
from othello.core.board import Board
from othello.gui.model.panel_words import level_info, mode_names, player_names
from othello.gui.model.session import Change, ChangeKind, Session

SpeakerFactory = Callable[[str, str], tuple[Speaker | None, str]]
"""Makes the speaker for a SPEECH mode and a language; says why where it took another."""

TOGGLE_KEYS = (pygame.K_F12,)
"""Speech on and off from any screen; Alt+V too."""
QUESTIONS: dict[int, str] = {
    pygame.K_l: "legal",
    pygame.K_r: "row",
    pygame.K_c: "column",
    pygame.K_d: "diagonal",
    pygame.K_a: "antidiagonal",
    pygame.K_s: "score",
    pygame.K_k: "corners",
    pygame.K_e: "edges",
    pygame.K_t: "clocks",
    pygame.K_m: "last",
    pygame.K_w: "turns",
    pygame.K_o: "opening",
    pygame.K_b: "square",
}
"""Alt and a letter on a screen with the board: the question it asks."""
BOARD_SCREENS = ("play", "puzzles", "moves", "drills")
"""The screens whose board the cursor keys and the questions are about (the position shown:
the game's, a puzzle's, a move the list shows)."""
CLOCK_WARNINGS = (30, 10)
"""Seconds left at which a running clock is said."""


class _Play(Protocol):
    cursor: Square | None

    @property
    def notices(self) -> Any: ...
    @property
    def club(self) -> Any: ...
    def book_words(self) -> str: ...


class _SpeechHost(Protocol):
    @property
    def settings(self) -> Settings: ...
    @property
    def session(self) -> Session: ...
    @property
    def play(self) -> _Play: ...
    @property
    def scenes(self) -> list[Any]: ...
    def remember_choice(self, **prefs: Any) -> None: ...
    def warn(self, message: str) -> None: ...


class Speaking:
    """Speech for one window: its voice, what it has said, the keys it takes."""

    def __init__(self, host: _SpeechHost, factory: SpeakerFactory = make_speaker) -> None:
        self.host = host
        self.factory = factory
        self.voice: Voice | None = None
        self.mode = "off"
        self.cursor: Square | None = host.play.cursor
        self.keyed = False  # a key came this frame: a cursor moved by it is spoken
        self.toasts_seen: set[int] = set()
        self.screen_words = ""  # what the top screen said last (``Scene.spoken``)
        self.screen_top: object = None  # the screen that said it
        self.clock_left: dict[str, float] = {}  # each running clock's time at the last frame
        self.seats = self.seating()  # the level and who plays which side, as last said
        self.use(host.settings.speech)

    @classmethod
    def attach(cls, host: _SpeechHost, factory: SpeakerFactory = make_speaker) -> Speaking:
        speaking = cls(host, factory)
        host.session.on_game_changed.append(speaking.changed)
        return speaking

    # ----- on and off --------------------------------------------------------------------

    @property
    def on(self) -> bool:
        return self.voice is not None

    def use(self, mode: str) -> None:
        """Speak in ``mode`` (a SPEECH word) from now on; a speaker that cannot be reached
        is said as a notice and the next way is tried."""
        if mode == self.mode and (self.voice is not None or mode == "off"):
            return
        if self.voice is not None:
            self.voice.close(finish=True)  # what it was saying ("Speech off") is said
            self.voice = None
        self.mode = mode
        if mode == "off":
            return
        speaker, problem = self.factory(mode, language())
        if problem:
            self.host.warn(_("Speech: {problem}").format(problem=problem))
        if speaker is not None:
            self.voice = Voice(speaker)
            self.toasts_seen = {id(t) for t in self.host.play.notices.toasts}
            self.seats = self.seating()

    def toggle(self) -> None:
        """F12: on in the way the settings chose (the screen reader where they said off),
        off again; remembered for the next start."""
        if self.on:
            self.say(_("Speech off"), interrupt=True)
            self.use("off")
            self.host.remember_choice(speech="off")
            return
        wanted = self.host.settings.speech
        self.use("screen reader" if wanted == "off" else wanted)
        if self.on:
            self.host.remember_choice(speech=self.mode)
            self.say(
                _("Speech on. F12 turns it off, Ctrl silences, F1 lists the keys."),
                interrupt=True,
            )
            self.say(said.spoken(said.to_move_words(self.board)))

    def say(self, text: str, interrupt: bool = False, replaceable: bool = False) -> None:
        if self.voice is not None and text:
            self.voice.say(text, interrupt, replaceable)

    def close(self) -> None:
        if self.voice is not None:
            self.voice.close()
            self.voice = None

    # ----- what the window tells it --------------------------------------------------------

    @property
    def board(self) -> Board:
        """The position on screen: the game's, or a puzzle's or a listed move's instead."""
        return self.host.session.shown.board

    @property
    def naming(self) -> Naming:
        return "nato" if self.host.settings.speech_nato else "plain"

    def top_name(self) -> str:
        scenes = self.host.scenes
        return str(getattr(scenes[-1], "name", "")) if scenes else ""

    def on_board_screen(self) -> bool:
        return self.top_name() in BOARD_SCREENS

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The speech keys (True: taken); every key is noted so the cursor it moves is said."""
        if event.type != pygame.KEYDOWN:
            return False
        self.keyed = True
        alt = bool(event.mod & pygame.KMOD_ALT)
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if event.key in TOGGLE_KEYS or (alt and not ctrl and event.key == pygame.K_v):
            self.toggle()
            return True
        if event.key in (pygame.K_LCTRL, pygame.K_RCTRL):
            if self.voice is not None:
                self.voice.silence()
            return False
        if not self.on_board_screen() or ctrl:
            return False
        if event.key == pygame.K_TAB:
            self.walk(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_HOME, pygame.K_END) and self.top_name() != "moves":
            self.put_cursor(0 if event.key == pygame.K_HOME else 63)  # the list's own there
            return True
        if alt and self.on and event.key in QUESTIONS:
            self.say(self.answer(QUESTIONS[event.key]), interrupt=True, replaceable=True)
            return True
        return False

    def walk(self, step: int) -> None:
        """Tab: the cursor to the next legal move after it (Shift+Tab: before it), round."""
        legal = self.board.legal_squares()
        if not legal:
            self.say(said.spoken(said.legal_words(self.board)), interrupt=True, replaceable=True)
            return
        cursor = self.host.play.cursor
        if cursor is None:
            target = legal[0] if step > 0 else legal[-1]
        elif step > 0:
            target = next((s for s in legal if s > cursor), legal[0])
        else:
            target = next((s for s in reversed(legal) if s < cursor), legal[-1])
        self.put_cursor(target)

    def put_cursor(self, square: Square) -> None:
        """The cursor to ``square``, said even where it was already (a lone legal move)."""
        self.host.play.cursor = self.cursor = square
        if self.on:
            words = said.square_words(self.board, square, self.naming)
            self.say(words, interrupt=True, replaceable=True)

    def answer(self, question: str) -> str:
        """A question key's answer, as spoken."""
        board, naming = self.board, self.naming
        cursor = self.host.play.cursor
        last = board.last_move
        if cursor is not None:
            square = cursor
        else:  # the last disc placed, else d4
            square = last if last is not None and last >= 0 else 27
        game = self.host.session.game
        match question:
            case "legal":
                return said.spoken(said.legal_words(board, naming))
            case "row" | "column" | "diagonal" | "antidiagonal":
                kind: said.LineKind = question
                return said.spoken(said.line_words(board, kind, square, naming))
            case "score":
                return said.spoken(said.score_words(board), said.mobility_words(board))
            case "corners":
                return said.spoken(said.corners_words(board, naming))
            case "edges":
                return said.spoken(*said.edges_words(board, naming))
            case "clocks":
                clocks = self.host.play.club.clocks
                if clocks.clock is None:
                    return said.spoken(said.clocks_words(None, None))
                return said.spoken(
                    said.clocks_words(clocks.time_left("black"), clocks.time_left("white"))
                )
            case "last":
                return said.spoken(said.last_move_words(board, naming))
            case "turns":
                return said.spoken(said.turn_words(board, square, naming))
            case "opening":
                moves = game.moves[: game.cursor]
                return said.spoken(said.opening_words(moves, game.start))
            case _:
                return said.spoken(said.square_words(board, square, naming))

    def seating(self) -> tuple[int, str, str]:
        """The level, the mode and who plays each side, as the panel shows them."""
        session = self.host.session
        names = player_names(session)
        separator = pgettext("list", ", ")
        sides = separator.join(
            f"{said.side_word(color)}: {names[color]}" for color in ("black", "white")
        )
        return session.level, mode_names(session)[0], sides

    def seats_changed(self) -> None:
        """A level, a colour or a mode chosen (+, -, B, W, T or their buttons) is said."""
        seats = self.seating()
        if seats == self.seats:
            return
        before, self.seats = self.seats, seats
        level, mode, sides = seats
        if level != before[0]:
            name, _description = level_info(level)
            self.say(said.spoken(_("Level {n}").format(n=level), name), replaceable=True)
        if (mode, sides) != before[1:]:
            self.say(said.spoken(mode, sides), replaceable=True)

    def clock_warning(self) -> None:
        """A running clock that just went below 30 or 10 seconds is said."""
        clocks = self.host.play.club.clocks
        side = clocks.running()
        if side is None:
            self.clock_left.clear()
            return
        left: float | None = clocks.time_left(side)
        if left is None:
            return
        before = self.clock_left.get(side)
        self.clock_left[side] = left
        if before is None:
            return
        for mark in CLOCK_WARNINGS:
            if before > mark >= left > 0:
                self.say(said.spoken(said.clock_warning(side, mark)))

    def changed(self, change: Change) -> None:
        """A move, a new game, an undo: said after what is being said."""
        if not self.on:
            return
        board = self.host.session.board
        if change.kind is ChangeKind.PLAY and board.history:
            self.say(said.after_move(board, self.naming))
        elif change.kind is ChangeKind.NEW:
            self.say(said.spoken(_("New game"), said.to_move_words(board)))
        elif change.kind in (ChangeKind.UNDO, ChangeKind.REDO, ChangeKind.BACK):
            self.say(said.spoken(said.last_move_words(board, self.naming)), interrupt=True)
            self.say(said.spoken(said.to_move_words(board)))
        elif change.kind is ChangeKind.LOAD:
            self.say(said.spoken(said.score_words(board), said.to_move_words(board)))
        if change.kind is not ChangeKind.NEW and (book := self.host.play.book_words()):
            self.say(book)  # the book's values shown (I): what the new position's figures say

    def update(self) -> None:
        """Once a frame: the cursor a key moved, the screen on top, and the notices that came.
        A key's move within a screen cuts short what is being said; a screen just opened (the
        end card after the last move) waits for the news before it."""
        play = self.host.play
        keyed, self.keyed = self.keyed, False
        if play.cursor != self.cursor:
            self.cursor = play.cursor
            if keyed and self.cursor is not None and self.on_board_screen():
                words = said.square_words(self.board, self.cursor, self.naming)
                self.say(words, interrupt=True, replaceable=True)
        if not self.on:
            return
        top = self.host.scenes[-1] if self.host.scenes else None
        words = top.spoken() if top is not None and top is not play else ""
        same_screen, self.screen_top = top is self.screen_top, top
        if words != self.screen_words:  # a key's move on one screen cuts in; a new one waits
            self.screen_words = words
            self.say(words, interrupt=keyed and same_screen, replaceable=True)
        self.clock_warning()
        self.seats_changed()
        for toast in play.notices.toasts:
            if id(toast) not in self.toasts_seen:
                self.toasts_seen.add(id(toast))
                self.say(toast.text)
        live = {id(t) for t in play.notices.toasts}
        self.toasts_seen &= live
