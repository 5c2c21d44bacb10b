"""The help card (F1 or ?): the keys, and the button that adds the game to the system's menu."""

from __future__ import annotations

import pygame

from ..services import shortcut_offer
from ..widgets import theme
from ..widgets.card import card, dim
from ..widgets.text import MIN_TEXT
from .base import Host, Scene

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
    ("G / Ctrl+P", "your game library / a picture (PNG) of the position"),
    ("Space, game over", "show or hide the result"),
    ("Set up: C/S/Tab/Enter", "clear / start position / who moves / play"),
    ("F1 or ? / Esc", "this help / quit"),
]


class HelpOverlay(Scene):
    """The list of keys; any key or click closes it (Esc too, instead of quitting).

    With ``offer`` (the words of shortcut_offer's button), a button at its foot, or A, adds
    the game to the system's menu: the one place a player who never opens a terminal finds it.
    """

    name = "help"

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
