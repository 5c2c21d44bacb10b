"""The Game card (K): how the next game starts, its clock, and the player's strength over time.

Each choice takes effect for the next new game and is remembered; Enter (or the button)
starts that game, D (or the button) opens the opening drills, Esc or K closes the card. The
strength is the rating after each rated game, drawn against the levels' own ratings; beside
it, the Progress button (or Tab) opens the player's progress from the reviews of their games
(``scenes/progress_card.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from othello.app.i18n import _, pgettext
from othello.app.settings.keys import STARTS, Start
from othello.club.rating import LEVEL_RATINGS
from othello.core.clock import TimeControl
from othello.core.kinds import assert_never, chosen
from othello.gui.model.clocks import Clocks
from othello.gui.model.club_words import START_NAMES, control_text, start_words, strength_line
from othello.gui.model.session import Session
from othello.gui.scenes.base import Host, Scene
from othello.gui.services.next_game import NextGame
from othello.gui.services.strength import StrengthKeeper
from othello.gui.widgets import palette
from othello.gui.widgets.card import card, dim
from othello.gui.widgets.strength_graph import draw_strength
from othello.gui.widgets.text import MIN_TEXT

CLOCKS = ("off", "1+0", "3+2", "5+0", "5+3", "10+5", "15+10", "30+0")
"""The card's clock buttons (othello.ini's CLOCK takes any minutes+seconds)."""

Action = tuple[str, ...]


def button_words(option: str) -> list[str]:
    """A start's or a clock's button words in the player's language, longest first."""
    if option == "off":
        return [_("No clock"), pgettext("clock", "Off")]
    start = chosen(option, STARTS)
    if start is None:
        return [option]
    return [_(START_NAMES[start]), *_shorter(start)]


def _shorter(start: Start) -> list[str]:
    match start:
        case "standard":
            return [_("4 discs")]
        case "balanced":
            return [_("Balanced")]
        case "range":
            return [_("In a range"), pgettext("start", "Range")]
        case _:
            assert_never(start)


class Club(Protocol):
    """What the card changes (scenes/play_club.py's ClubPlay)."""

    def set_control(self, control: TimeControl | None) -> None: ...
    def set_start(self, kind: Start) -> None: ...
    def step_range(self, what: str, delta: int) -> None: ...
    @property
    def next(self) -> NextGame: ...
    @property
    def clocks(self) -> Clocks: ...
    @property
    def strength(self) -> StrengthKeeper: ...


class GameCard(Scene):
    """The next game's choices and the strength, over the board."""

    name = "game"

    def __init__(
        self,
        host: Host,
        club: Club,
        session: Session,
        drills: Callable[[], None] | None = None,
        open_progress: Callable[[], None] | None = None,
        person: Callable[[], None] | None = None,
    ) -> None:
        """``drills`` opens the opening drills (the card's button and D); ``open_progress``
        the player's progress (no button without it)."""
        self.host = host
        self.club = club
        self.session = session
        self.drills = drills
        self.open_progress = open_progress
        self.person = person  # J or the button: play a person at another window
        self.buttons: list[tuple[pygame.Rect, Action]] = []
        self.lines: list[str] = []  # what was drawn, for tests
        self.rect = pygame.Rect(0, 0, 0, 0)  # the card, where it was last drawn

    # ----- what is chosen ---------------------------------------------------------------------

    def _kind(self) -> Start:
        return self.club.next.kind

    def _control(self) -> str:
        control = self.club.clocks.control
        return str(control) if control is not None else "off"

    def act(self, action: Action) -> None:
        what = action[0]
        if what == "start":
            start = chosen(action[1], STARTS)
            if start is not None:
                self.club.set_start(start)
        elif what == "clock":
            self.club.set_control(None if action[1] == "off" else TimeControl.parse(action[1]))
        elif what == "range":
            self.club.step_range(action[1], int(action[2]))
        elif what == "new":
            self.host.close_scene(self)
            self.host.new_game()
        elif what == "close":
            self.host.close_scene(self)
        elif what == "drills" and self.drills is not None:
            self.drills()
        elif what == "person" and self.person is not None:
            self.person()
        elif what == "progress" and self.open_progress is not None:
            self.open_progress()

    # ----- events -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self.buttons:
                if rect.collidepoint(event.pos):
                    self.act(action)
                    return True
            return self.host.layout.board.collidepoint(event.pos)  # the card covers the board
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.act(("new",))
            elif event.key in (pygame.K_ESCAPE, pygame.K_k):
                self.act(("close",))
            elif event.key == pygame.K_d and self.drills is not None:
                self.act(("drills",))
            elif event.key == pygame.K_j and self.person is not None:
                self.act(("person",))
            elif event.key == pygame.K_TAB and self.open_progress is not None:
                self.act(("progress",))
            else:
                return False  # the rest (undo, levels, help...) still reach the game
            return True
        return False

    # ----- drawing ----------------------------------------------------------------------------

    def spoken(self) -> str:
        """The card's words as last drawn, in reading order."""
        return " ".join(self.lines)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.host.layout
        board, s = layout.board, layout.square
        dim(surface, board, 140)
        rect = board.inflate(-max(8, s // 5), -max(8, s // 5))
        card(surface, rect, alpha=255)
        self.rect = rect
        self.buttons, self.lines = [], []
        pad = max(6, s // 6)
        inner = rect.inflate(-2 * pad, -2 * pad)
        row = max(18, int(inner.height / 11.5))
        size = max(MIN_TEXT, int(row * 0.5))
        y = inner.top
        y = self._text(
            surface, _("Next game"), inner.left, y, row, size + 3, palette.now.text, True
        )
        kinds = list(STARTS)
        y = self._choices(
            surface,
            inner,
            y,
            row,
            size,
            pgettext("game card", "Start"),
            kinds,
            self._kind(),
            "start",
        )
        if self._kind() == "range":
            y = self._range_row(surface, inner, y, row, size)
        else:
            y = self._text(surface, start_words(self._kind()), inner.left, y, row, size,
                           palette.now.text_dim)  # fmt: skip
        y = self._choices(
            surface, inner, y, row, size, _("Clock"), CLOCKS[:4], self._control(), "clock"
        )
        y = self._choices(surface, inner, y, row, size, "", CLOCKS[4:], self._control(), "clock")
        clock = _("Clock: {control}").format(control=control_text(self._clock_words()))
        y = self._text(surface, clock, inner.left, y, row, size, palette.now.text_dim)
        y = self._rating_rows(surface, inner, y, row, size)
        foot = inner.bottom - row
        below = self._drills_row(surface, inner, foot, row, size)
        graph = pygame.Rect(inner.left, y, inner.width, below - y - pad // 2)
        ratings = [g.rating for g in self.club.strength.strength.history]
        draw_strength(
            surface, self.host.text, graph, ratings, LEVEL_RATINGS, max(MIN_TEXT, size - 2)
        )
        half = (inner.width - pad) // 2
        self._button(surface, pygame.Rect(inner.left, foot, half, row - 2),
                     [_("New game (Enter)"), _("New game")], ("new",), size, True)  # fmt: skip
        self._button(surface, pygame.Rect(inner.left + half + pad, foot, half, row - 2),
                     [_("Close (Esc)"), _("Close")], ("close",), size)  # fmt: skip

    def _drills_row(
        self, surface: pygame.Surface, inner: pygame.Rect, foot: int, row: int, size: int
    ) -> int:
        """The opening drills' button, a row over the foot's (when the card has drills to
        open); the top of what it took."""
        if self.drills is None:
            return foot
        top = foot - row
        wordings = [_("Opening drills (D)"), _("Opening drills"), _("Drills")]
        width = inner.width if self.person is None else (inner.width - size // 2) // 2
        self._button(surface, pygame.Rect(inner.left, top, width, row - 2), wordings,
                     ("drills",), size)  # fmt: skip
        if self.person is not None:
            people = [_("Play a person (J)"), _("Play a person"), pgettext("game card", "Person")]
            self._button(surface, pygame.Rect(inner.right - width, top, width, row - 2), people,
                         ("person",), size)  # fmt: skip
        return top

    # ----- the rating, and the progress beside it -----------------------------------------

    def _rating_rows(
        self, surface: pygame.Surface, inner: pygame.Rect, y: int, row: int, size: int
    ) -> int:
        """The player's strength in a line; under it, the Progress button and what it shows."""
        line = strength_line(self.club.strength.rating)
        y = self._text(surface, line, inner.left, y, row, size, palette.now.text)
        if self.open_progress is None:
            return y
        words = [_("Progress (Tab)"), pgettext("game card", "Progress")]
        wide = min(inner.width // 2, self.host.text.width(words[0], size) + 2 * size)
        self._button(surface, pygame.Rect(inner.left, y + 1, wide, row - 3), words,
                     ("progress",), size)  # fmt: skip
        about = [_("loss a move by phase, the themes of your mistakes"), _("your mistakes")]
        room = inner.width - wide - size
        fits, fitted = self.host.text.fit(about, room, size, trying=True)
        if fits in about:  # whole, or not at all: the button says it
            label = self.host.text.render(fits, fitted, palette.now.text_dim)
            surface.blit(label, label.get_rect(midleft=(inner.left + wide + size, y + row // 2)))
            self.lines.append(fits)
        return y + row

    def _range(self) -> dict[str, int]:
        return self.club.next.words()

    def _clock_words(self) -> str:
        control = self._control()
        return "" if control == "off" else control

    def _text(
        self,
        surface: pygame.Surface,
        wording: str | list[str],
        x: int,
        y: int,
        row: int,
        size: int,
        color: tuple[int, int, int],
        bold: bool = False,
    ) -> int:
        width = self.host.layout.board.right - x - max(12, self.host.layout.square // 3)
        text, fitted = self.host.text.fit(wording, width, size, bold)
        label = self.host.text.render(text, fitted, color, bold=bold)
        surface.blit(label, label.get_rect(midleft=(x, y + row // 2)))
        self.lines.append(text)
        return y + row

    def _choices(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        y: int,
        row: int,
        size: int,
        title: str,
        options: Sequence[str],
        chosen: str,
        what: str,
    ) -> int:
        """A row of buttons, the chosen one lit, after a short title: where the buttons' words
        would not fit beside it (a small window, long words), the row is the buttons alone."""
        text, gap = self.host.text, max(3, row // 6)
        forms = [button_words(option) for option in options]

        def room(label_w: int) -> int:
            width = (inner.width - label_w - gap * (len(options) - 1)) // len(options)
            return width - min(6, width // 4)

        label_w = int(inner.width * 0.18)
        if any(text.width(words[-1], MIN_TEXT, True) > room(label_w) for words in forms):
            label_w = 0
        elif title:
            self._text(surface, title, inner.left, y, row, size, palette.now.text_dim, True)
        width = (inner.width - label_w - gap * (len(options) - 1)) // len(options)
        common = min(text.fit(words, room(label_w), size, True)[1] for words in forms)
        for i, (option, words) in enumerate(zip(options, forms, strict=True)):
            rect = pygame.Rect(inner.left + label_w + i * (width + gap), y + 1, width, row - 3)
            self._button(surface, rect, words, (what, option), common, option == chosen)
        return y + row

    def _range_row(
        self, surface: pygame.Surface, inner: pygame.Rect, y: int, row: int, size: int
    ) -> int:
        """Range: the move and the bounds, each with - and +, the value between them."""
        text, color, values = self.host.text, palette.now.text, self._range()
        step = inner.width // 3
        small = max(MIN_TEXT, size - 1)
        widest = text.render("+30", small, color, bold=True).get_width()  # any value's room
        words = (
            ("moves", pgettext("range", "move")),
            ("low", pgettext("range", "from")),
            ("high", pgettext("range", "to")),
        )
        for i, (what, label) in enumerate(words):
            left = inner.left + i * step
            value = f"{values[what]}" if what == "moves" else f"{values[what]:+d}"
            label_w = text.render(label, small, color).get_width()
            self._text(surface, label, left, y, row, small, color)
            room = step - label_w - widest - 14  # the two buttons share what is left
            b = max(12, min(row - 6, room // 2))
            minus = pygame.Rect(left + label_w + 4, y + (row - b) // 2, b, b)
            plus = pygame.Rect(left + step - b - 6, y + (row - b) // 2, b, b)
            self._button(surface, minus, ["-"], ("range", what, "-1"), small)
            self._button(surface, plus, ["+"], ("range", what, "1"), small)
            shown = text.render(value, small, color, bold=True)
            surface.blit(
                shown, shown.get_rect(center=((minus.right + plus.left) // 2, y + row // 2))
            )
        return y + row

    def _button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        wordings: list[str],
        action: Action,
        size: int,
        lit: bool = False,
    ) -> None:
        hover = rect.collidepoint(self.host.mouse)
        color = (
            palette.now.accent if lit else palette.now.button_hover if hover else palette.now.button
        )
        pygame.draw.rect(surface, color, rect, border_radius=6)
        text, fitted = self.host.text.fit(wordings, rect.width - min(6, rect.width // 4), size, lit)
        label = self.host.text.render(text, fitted, palette.now.text, bold=lit)
        surface.blit(label, label.get_rect(center=rect.center))
        self.buttons.append((rect, action))
        self.lines.append(text)
