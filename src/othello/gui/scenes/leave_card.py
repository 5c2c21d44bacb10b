"""Leaving with a game in progress: a small card asks first (Esc on the bare board).

Esc closes whatever card is open, so a second Esc pressed out of habit must not end the game
at once. The card says the game is kept (the autosave brings it back at the next start); Esc
again or Y leaves, any other key or a click elsewhere stays. The window's own close button
is not asked about: it always closes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.app.i18n import _
from othello.gui.scenes.base import Host, Scene
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card, dim
from othello.gui.widgets.text import MIN_TEXT, scaled


class LeaveCard(Scene):
    """The question "Leave the game?" over the board, with Leave and Stay buttons."""

    name = "leave"

    def __init__(self, host: Host, leave: Callable[[], None]) -> None:
        """``leave`` ends the window (the app's quit)."""
        self.host = host
        self.leave = leave
        # The Esc that opened the card is still held: its key repeat must not leave at once,
        # so Esc counts only once a key has been let go since the card opened.
        self.armed = False
        self.buttons: dict[str, pygame.Rect] = {}
        self.lines: list[str] = []  # the card's text as last drawn (tests, screen tour)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYUP:
            self.armed = True
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y or (event.key == pygame.K_ESCAPE and self.armed):
                self.leave()
            elif event.key != pygame.K_ESCAPE:
                self.host.close_scene(self)  # any other key stays, and does nothing else
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.buttons.get("leave", pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos):
                self.leave()
            else:
                self.host.close_scene(self)
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def spoken(self) -> str:
        return " ".join(
            [
                _("Leave the game?"),
                _("It is kept: the next start brings it back where it is."),
                _("Esc again or Y leaves; any other key stays."),
            ]
        )

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.host.layout
        text, s = self.host.text, layout.square
        dim(surface, layout.board, 120)
        pad = max(6, s // 5)
        size = max(MIN_TEXT, scaled(s / 3.2))
        small = max(MIN_TEXT, scaled(s / 4.2))
        height = max(small * 2, int(s * 0.6))  # the buttons'
        lines = int(size * 1.4) + pad // 2 + 2 * int(small * 1.4)
        rect = pygame.Rect(0, 0, min(int(s * 7.2), layout.board.width), 3 * pad + lines + height)
        rect.center = layout.board.center
        card(surface, rect, alpha=250)
        width = rect.width - 2 * pad
        self.lines = []
        y = rect.top + pad
        y = self._line(
            surface, [_("Leave the game?")], rect, y, width, size, palette.now.text, True
        )
        said = [
            _("It is kept: the next start brings it back where it is."),
            _("It is kept for the next start."),
        ]
        y = self._line(surface, said, rect, y + pad // 2, width, small, palette.now.text_dim)
        keys = [_("Esc again or Y leaves; any other key stays."), _("Esc or Y leaves.")]
        self._line(surface, keys, rect, y, width, small, palette.now.text_dim)
        half = (width - pad) // 2
        top = rect.bottom - pad - height
        leave = pygame.Rect(rect.left + pad, top, half, height)
        stay = pygame.Rect(leave.right + pad, top, half, height)
        self.buttons = {"leave": leave, "stay": stay}
        for name, box, words in (
            ("leave", leave, [_("Leave (Esc)"), _("Leave")]),
            ("stay", stay, [_("Stay")]),
        ):
            hover = box.collidepoint(self.host.mouse)
            fill = (
                palette.now.button_hover
                if hover
                else palette.now.accent
                if name == "stay"
                else palette.now.button
            )
            button(surface, fill, box, 8)
            label, px = text.fit(words, box.width - pad, small, bold=True)
            face = text.render(label, px, palette.now.text, bold=True)
            surface.blit(face, face.get_rect(center=box.center))

    def _line(
        self,
        surface: pygame.Surface,
        wordings: list[str],
        rect: pygame.Rect,
        y: int,
        width: int,
        size: int,
        colour: tuple[int, int, int],
        bold: bool = False,
    ) -> int:
        """One centred line, in the first wording that fits; returns the y below it."""
        words, px = self.host.text.fit(wordings, width, size, bold=bold)
        face = self.host.text.render(words, px, colour, bold=bold)
        surface.blit(face, face.get_rect(midtop=(rect.centerx, y)))
        self.lines.append(words)
        return y + max(face.get_height(), int(px * 1.4))
