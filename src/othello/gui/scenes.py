"""The window's modes: the base Scene, and the help and end-of-game overlays drawn over play.

Each scene handles events, updates with the frame time and draws; the app keeps them in a stack,
offers events from the top down and draws from the bottom up. The play scene is in play.py.
A scene knows the app only as a Host (host.py): what it may use of the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..board import Color
from . import shortcut_offer, theme
from .text import MIN_TEXT
from .wording import SHORT_VERDICTS, empties_note, result_text

if TYPE_CHECKING:
    from .host import Host

HELP_LINES = [
    ("Click / arrows + Enter", "place a disc"),
    ("N", "new game"),
    ("U, Ctrl+Z / Ctrl+Y", "undo to your previous turn / redo"),
    ("H", "hint: the computer scores every move"),
    ("L", "show or hide your legal moves"),
    ("B / W", "play Black / White"),
    ("T / P / .", "mode / pause / one move (watch)"),
    ("M / E / R / X", "move list / set up / review / explorer"),
    ("+ / -", "computer level up / down"),
    ("S / O / Z", "sound on or off / settings (othello.ini) / puzzles"),
    ("Ctrl+C / Ctrl+V", "copy the game / paste a game or position"),
    ("Ctrl+S / Ctrl+O", "save the game / open the last saved game"),
    ("Space, game over", "show or hide the result"),
    ("Set up: C/S/Tab/Enter", "clear / start position / who moves / play"),
    ("F1 or ?", "this help"),
    ("Esc", "quit"),
]


def dim(surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, rect.topleft)


def card(surface: pygame.Surface, rect: pygame.Rect, alpha: int = theme.BANNER[3]) -> None:
    """A rounded dark card with a light edge: the background of every overlay box."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.BANNER[:3], alpha), box.get_rect(), border_radius=14)
    pygame.draw.rect(box, (*theme.PANEL_EDGE, 255), box.get_rect(), width=2, border_radius=14)
    surface.blit(box, rect.topleft)


VIEW_KEYS = (pygame.K_x, pygame.K_F1)
"""Keys a scene that shows a position (the move list, set up, puzzles) leaves to the play
scene: the explorer on the position shown, and help."""


class Scene:
    """A mode of the window. handle_event returns True when it used the event."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class HelpOverlay(Scene):
    """The list of keys; any key or click closes it (Esc too, instead of quitting).

    With ``offer`` (the words of shortcut_offer's button), a button at its foot, or A, adds
    the game to the system's menu: the one place a player who never opens a terminal finds it.
    """

    def __init__(self, host: Host, offer: str | None = None) -> None:
        self.host = host
        self.offer = offer
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the card was last drawn
        self.button = pygame.Rect(0, 0, 0, 0)  # the offer's button, as last drawn
        self.adding: shortcut_offer.Adding | None = None  # the shortcuts being written

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            asked = (event.type == pygame.KEYDOWN and event.key == pygame.K_a) or (
                event.type == pygame.MOUSEBUTTONDOWN and self.button.collidepoint(event.pos)
            )
            if self.offer and asked and self.adding is None:
                self.adding = shortcut_offer.Adding()  # the card stays until it is done
                self.offer = "Adding…"
            else:
                self.close()
            return True
        return event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def update(self, dt: float) -> None:
        """The shortcuts written: the strip says where (an answer: at once), the card goes."""
        if self.adding is not None and self.adding.words is not None:
            self.host.tell(self.adding.words)
            self.adding = None
            self.host.close_scene(self)

    def close(self) -> None:
        if self.adding is not None:  # closed before they were written: said when they are
            self.adding.hand_over(self.host.session.notify)
        self.host.close_scene(self)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, surface.get_rect(), 170)
        room = surface.get_rect().inflate(-24, -24)
        size, columns = self._fit(room)
        text = self.host.text
        line_h, pad = int(size * 1.55), size + 8
        keys_w, what_w = self._widths(size)
        rows = -(-len(HELP_LINES) // columns)
        col_w = keys_w + size + what_w
        rect = pygame.Rect(
            0,
            0,
            self._card_width(size, columns),
            rows * line_h + 3 * line_h + 2 * pad,
        )
        rect.center = surface.get_rect().center
        self.rect = rect
        card(surface, rect, alpha=255)
        title = text.render("Keys", size + 6, theme.TEXT, bold=True)
        surface.blit(title, (rect.left + pad, rect.top + pad))
        top = rect.top + pad + int(line_h * 1.6)
        for i, (keys, what) in enumerate(HELP_LINES):
            x = rect.left + pad + (i // rows) * (col_w + 2 * size)
            y = top + (i % rows) * line_h
            surface.blit(text.render(keys, size, theme.CURSOR, bold=True), (x, y))
            surface.blit(text.render(what, size, theme.TEXT), (x + keys_w + size, y))
        hint = text.render(
            "Press any key or click to close", max(MIN_TEXT, size - 2), theme.TEXT_DIM
        )
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - pad // 2)))
        if self.offer:  # at the title row's right end: no line of its own in a small window
            label = text.render(self.offer, size, theme.TEXT, bold=True)
            self.button = label.get_rect().inflate(size, int(line_h * 1.25) - label.get_height())
            self.button.midright = (rect.right - pad, rect.top + pad + title.get_height() // 2)
            hover = self.button.collidepoint(self.host.mouse)
            pygame.draw.rect(surface, theme.BUTTON_HOVER if hover else theme.ACCENT, self.button,
                             border_radius=8)  # fmt: skip
            surface.blit(label, label.get_rect(center=self.button.center))

    def _widths(self, size: int) -> tuple[int, int]:
        font, bold = self.host.res.font(size), self.host.res.font(size, True)
        keys_w = max(bold.size(k)[0] for k, _ in HELP_LINES)
        return keys_w, max(font.size(w)[0] for _, w in HELP_LINES)

    def _card_width(self, size: int, columns: int) -> int:
        """The card's width: its columns of keys, or the offer's button if that is wider."""
        keys_w, what_w = self._widths(size)
        pad = size + 8
        width = columns * (keys_w + size + what_w) + (columns - 1) * 2 * size + 2 * pad
        if self.offer:  # beside the title, "Keys" a little larger
            offer = self.host.res.font(size, True).size(self.offer)[0]
            title = self.host.res.font(size + 6, True).size("Keys")[0]
            width = max(width, title + 2 * size + offer + size + 2 * pad)
        return width

    def _fit(self, room: pygame.Rect) -> tuple[int, int]:
        """The largest text size, in one column or two, at which the card fits ``room``."""
        best = (MIN_TEXT, 2)
        for size in range(20, MIN_TEXT - 1, -1):
            line_h, pad = int(size * 1.55), size + 8
            for columns in (1, 2):
                rows = -(-len(HELP_LINES) // columns)
                width = self._card_width(size, columns)
                height = (rows + 3) * line_h + 2 * pad
                if width <= room.width and height <= room.height:
                    return size, columns
        return best


class EndOverlay(Scene):
    """The final count and the winner over the board, with a new-game and a review button.

    Space, or a click on the board, hides the card to show the final position (and shows it
    again); N, Enter or the button start a new game; the review button (or R) judges the game.
    Everything else falls through to the play scene, so undo, the colour and level choices and
    the panel keep working.
    """

    def __init__(self, host: Host) -> None:
        self.host = host
        self.button = pygame.Rect(0, 0, 0, 0)  # new game
        self.review_button = pygame.Rect(0, 0, 0, 0)
        self.shown = True
        self.lines: list[str] = []  # the card's text as last drawn, each in the form that fitted

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.shown and self.button.collidepoint(event.pos):
                self.host.new_game()
                return True
            if self.shown and self.review_button.collidepoint(event.pos):
                self.host.review()
                return True
            if self.host.layout.board.collidepoint(event.pos):
                self.shown = not self.shown
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.host.new_game()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.shown = not self.shown
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            self.button = pygame.Rect(0, 0, 0, 0)
            self.review_button = pygame.Rect(0, 0, 0, 0)
            return
        host = self.host
        layout = host.layout
        dim(surface, layout.board, 90)
        board = host.session.board
        headline, verdict = result_text(host.session)
        note = empties_note(board)
        s = layout.square
        extra = 0.45 * s if note else 0.0  # a line more for how the empty squares count
        rect = pygame.Rect(0, 0, int(s * 6.4), int(s * 4.0 + extra))
        rect.center = layout.board.center
        card(surface, rect, alpha=245)
        small = max(MIN_TEXT, s // 4)
        self.lines = []
        big = self._line(surface, headline, rect, 0.55 * s, max(16, s // 2), theme.TEXT, True)
        self._discs(surface, rect, board.count(), big, rect.top + int(s * 1.35))
        forms = [verdict, SHORT_VERDICTS.get(verdict, verdict)]
        self._line(surface, forms, rect, 2.05 * s, small, theme.TEXT_DIM)
        if note:
            self._line(surface, note, rect, 2.5 * s, small, theme.TEXT_DIM)
        y = rect.top + int(s * 2.85 + extra)
        self.button = pygame.Rect(0, 0, int(s * 2.8), int(s * 0.7))
        self.button.center = (rect.centerx - int(s * 1.5), y)
        self.review_button = self.button.copy()
        self.review_button.center = (rect.centerx + int(s * 1.5), y)
        self._button(surface, self.button, ["New game (N)", "New game", "New"], theme.ACCENT, small)
        self._button(surface, self.review_button, ["Review (R)", "Review"], theme.BUTTON, small)
        forms = ["Space or click: see the board", "Space: see the board", "Space: board"]
        self._line(
            surface, forms, rect, rect.height - 0.4 * s, max(MIN_TEXT, s // 5), theme.TEXT_DIM
        )

    def _button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        wordings: list[str],
        color: tuple[int, int, int],
        size: int,
    ) -> None:
        """A button of the card with the longest wording that fits (kept in ``lines``)."""
        text = self.host.text
        hover = rect.collidepoint(self.host.mouse)
        pygame.draw.rect(surface, theme.BUTTON_HOVER if hover else color, rect, border_radius=8)
        fits, fitted = text.fit(wordings, rect.width - 8, size, True)
        label = text.render(fits, fitted, theme.TEXT, bold=True)
        surface.blit(label, label.get_rect(center=rect.center))
        self.lines.append(fits)

    def _line(
        self,
        surface: pygame.Surface,
        wordings: str | list[str],
        rect: pygame.Rect,
        y: float,
        size: int,
        color: tuple[int, int, int],
        bold: bool = False,
    ) -> int:
        """One centred line of the card at ``y`` below its top, in the longest wording that
        fits; returns the text size used (it is kept in ``lines``, for tests)."""
        room = rect.width - 2 * max(12, self.host.layout.square // 3)
        line, fitted = self.host.text.fit(wordings, room, size, bold=bold)
        label = self.host.text.render(line, fitted, color, bold=bold)
        surface.blit(label, label.get_rect(center=(rect.centerx, rect.top + int(y))))
        self.lines.append(line)
        return fitted

    def _discs(
        self, surface: pygame.Surface, rect: pygame.Rect, counts: tuple[int, int], size: int, y: int
    ) -> None:
        """A black and a white disc, each with its count."""
        s = self.host.layout.square
        disc_size = max(12, int(s * 0.55))
        rows: tuple[tuple[Color, int, int], ...] = (
            ("black", counts[0], -1),
            ("white", counts[1], 1),
        )
        for color, count, dx in rows:
            disc = self.host.board_renderer.disc_sized(disc_size, color)
            cx = rect.centerx + dx * int(s * 1.3)
            surface.blit(disc, disc.get_rect(center=(cx - int(s * 0.45), y)))
            num = self.host.text.render(str(count), size, theme.TEXT, bold=True)
            surface.blit(num, num.get_rect(midleft=(cx - int(s * 0.1), y)))
