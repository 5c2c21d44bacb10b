"""A serious notice on a card that stays until the player closes it: a library set aside,
one that cannot be written, a file an earlier version kept that could not be taken in, a game
that could not be resumed. The strip's notices rotate away after a few seconds; these say
what was kept, what was not and where a damaged copy is, so they wait to be read.

Enter or Esc closes the card (or its Close button); Ctrl+C copies its words (a path to
look for). Notices that come while it is open queue behind it, and each is shown in turn.
Everything on it is words, drawn as sentences, nothing said by colour or shape alone.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.app.i18n import _, ngettext
from othello.gui.scenes.base import Host, Scene
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card, dim
from othello.gui.widgets.text import MIN_TEXT, scaled

CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)


class AlertCard(Scene):
    """The first of the notices waiting, over the window, with a Close button."""

    name = "alert"

    def __init__(self, host: Host, message: str, copy: Callable[[str], bool] | None = None) -> None:
        """``copy`` puts text on the clipboard (Ctrl+C); True when it did."""
        self.host = host
        self.messages = [message]
        self.copy = copy
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was last drawn (tests, screen tour)
        self.close_button = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []  # its words as last drawn, in reading order
        self.copied = False

    @property
    def message(self) -> str:
        return self.messages[0]

    def spoken(self) -> str:
        return self.message

    def add(self, message: str) -> None:
        """Another notice, shown once those before it are closed (the same one only once)."""
        if message not in self.messages:
            self.messages.append(message)

    def close(self) -> None:
        """This notice is read: the next one, or the card goes."""
        self.messages.pop(0)
        self.copied = False
        if not self.messages:
            self.host.close_scene(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The card holds the keyboard and the pointer until it is closed."""
        if event.type == pygame.KEYDOWN:
            if event.key in CLOSE_KEYS:
                self.close()
            elif event.key == pygame.K_c and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.copied = self.copy is not None and self.copy(self.message)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self.close_button.collidepoint(event.pos):
                self.close()
            return True
        held = (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.TEXTINPUT)
        return event.type in held

    def draw(self, surface: pygame.Surface) -> None:
        layout, text = self.host.layout, self.host.text
        s = layout.square
        window = surface.get_rect()
        dim(surface, window, 140)
        pad = max(8, s // 5)
        title_px = max(MIN_TEXT, scaled(s / 3.0))
        body_px = max(MIN_TEXT, scaled(s / 3.4))
        small_px = max(MIN_TEXT, scaled(s / 4.4))
        button_h = max(small_px * 2, int(s * 0.6))
        margin = max(6, pad // 2)
        width = min(window.width - 2 * margin, max(int(s * 8.5), 440))
        inner = width - 2 * pad
        title = [_("About your games"), _("Your games")]
        hints = self._hints()
        fixed = int(title_px * 1.4) + len(hints) * int(small_px * 1.4) + button_h + 4 * pad
        room = window.height - 2 * margin - fixed
        body, px = text.fit_lines(self.message, inner, max(1, room // int(body_px * 1.35)), body_px)
        step = int(px * 1.35)
        self.rect = pygame.Rect(0, 0, width, fixed + step * len(body))
        self.rect.center = window.center
        card(surface, self.rect, alpha=250)
        self.lines = []
        y = self.rect.top + pad
        y = self._line(surface, title, y, inner, title_px, palette.now.text, bold=True)
        y += pad // 2
        for line in body:
            face = text.render(line, px, palette.now.text)
            surface.blit(face, (self.rect.left + pad, y))
            self.lines.append(line)
            y += step
        y += pad // 2
        for hint in hints:
            y = self._line(surface, hint, y, inner, small_px, palette.now.text_dim)
        self.close_button = pygame.Rect(0, 0, min(inner, max(s * 3, 160)), button_h)
        self.close_button.midbottom = (self.rect.centerx, self.rect.bottom - pad)
        hover = self.close_button.collidepoint(self.host.mouse)
        button(
            surface, palette.now.button_hover if hover else palette.now.accent, self.close_button, 8
        )
        label, label_px = text.fit(
            [_("Close (Enter)"), _("Close")], self.close_button.width - pad, small_px, bold=True
        )
        face = text.render(label, label_px, palette.now.text, bold=True)
        surface.blit(face, face.get_rect(center=self.close_button.center))
        self.lines.append(label)

    def _hints(self) -> list[list[str]]:
        """The lines under the notice, each in wordings longest first."""
        hints = [
            [_("Copied: paste it where you keep notes.")]
            if self.copied
            else [_("Enter or Esc closes it; Ctrl+C copies it."), _("Enter or Esc closes it.")]
        ]
        more = len(self.messages) - 1
        if more:
            hints.append(
                [
                    ngettext(
                        "{n} more notice after this one.", "{n} more notices after this one.", more
                    ).format(n=more),
                    _("More after this one."),
                ]
            )
        return hints

    def _line(
        self,
        surface: pygame.Surface,
        wordings: list[str],
        y: int,
        width: int,
        size: int,
        colour: tuple[int, int, int],
        bold: bool = False,
    ) -> int:
        """One centred line, in the first wording that fits; the y below it."""
        words, px = self.host.text.fit(wordings, width, size, bold=bold)
        face = self.host.text.render(words, px, colour, bold=bold)
        surface.blit(face, face.get_rect(midtop=(self.rect.centerx, y)))
        self.lines.append(words)
        return y + max(face.get_height(), int(px * 1.4))
