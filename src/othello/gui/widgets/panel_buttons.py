"""The panel's command buttons drawn: one type size for the grid, each label in the longest
form that fits whole (never cut), its key at the right where there is room, a toggle's state
as a lamp before its name."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from othello.app.i18n import _
from othello.gui.model.panel_words import PanelView
from othello.gui.widgets import theme
from othello.gui.widgets.card import button as button_face
from othello.gui.widgets.marks import globe
from othello.gui.widgets.panel_layout import GRID, Button, PanelLayout, short_labels
from othello.gui.widgets.text import MIN_TEXT, TextCache, text_factor

GRID_ACTIONS = frozenset(action for action, _label, _key in GRID)
TIGHT_PAD = 2  # pixels at a label's ends in the smallest panels, rather than a label cut
KEY_GIVE = 0.12  # the share of its type size the grid gives up so that every key shows


class ButtonPainter:
    """Draws the buttons where the panel's layout put them."""

    def __init__(self, panel: PanelLayout, text: TextCache) -> None:
        self.panel = panel
        self.text = text

    def draw_all(self, surface: pygame.Surface, view: PanelView, mouse: tuple[int, int]) -> None:
        size, pad = self._button_text(view)
        for button in self.panel.buttons:
            self._draw_button(surface, button, view, mouse, size, pad)

    def _button_text(self, view: PanelView) -> tuple[int, int]:
        """One type size for the grid's buttons, so they read as one set, and the room kept at
        a label's ends: the largest size at which every label fits whole, a little smaller
        (up to KEY_GIVE) where that gives every button its key too, and larger with shorter
        forms ("New", "List") where the player's TEXT_SIZE asks for larger text than that;
        else the largest at which each fits in some form; else (the smallest panels) the
        same with the ends pared to TIGHT_PAD pixels, so that no label is ever cut."""
        grid = [b for b in self.panel.buttons if b.action in GRID_ACTIONS]
        sizes = range(self.panel.size(16), MIN_TEXT - 1, -1)
        for size in sizes:
            if all(self._wording(b, view, size) == self._whole(b, view) for b in grid):
                return self._sized(grid, view, size)
        for pad in (self.panel.px(8), TIGHT_PAD):
            for size in sizes:
                if all(self._wording(b, view, size, pad) is not None for b in grid):
                    return size, pad
        return MIN_TEXT, TIGHT_PAD

    def _sized(self, grid: list[Button], view: PanelView, whole: int) -> tuple[int, int]:
        """The grid's size and label room from ``whole``, the largest size at which every
        label fits whole."""
        wanted = min(self.panel.size(16), round(whole * text_factor()))
        tight = self.panel.px(4)
        for size in range(wanted, whole, -1):  # larger text asked for: shorter forms then
            if all(self._wording(b, view, size, tight) is not None for b in grid):
                return size, tight
        for size in range(whole, max(MIN_TEXT, whole - max(1, int(whole * KEY_GIVE))) - 1, -1):
            if all(self._with_key(b, view, size) for b in grid):
                return size, self.panel.px(8)
        return whole, self.panel.px(8)

    def _with_key(self, button: Button, view: PanelView, size: int) -> bool:
        """Whether the button's whole label and its key fit side by side at ``size``."""
        label = self.text.render(self._whole(button, view), size, theme.TEXT).get_width()
        key = self.text.render(button.key, self._key_size(size), theme.TEXT).get_width()
        end, gap = self._key_pad()
        return self._lamp_room(button, view) + label + gap + key <= button.rect.width - 2 * end

    def _key_size(self, size: int) -> int:
        """A key's type: smaller than the labels', never larger (larger text grows both)."""
        return min(self.panel.size(12), size)

    def _key_pad(self) -> tuple[int, int]:
        """The room at a button's ends and between its label and its key: it grows with a
        small panel's scale, not past 4 and 6 px (a large panel's type would lose its keys,
        and a key that shows in a window shows in every larger one)."""
        return min(self.panel.px(4), 4), min(self.panel.px(6), 6)

    @staticmethod
    def _forms(button: Button, view: PanelView) -> Sequence[str]:
        """The button's label in the player's language, then shorter forms of it: the view's
        (the mode, the sides), else the grid's (a toggle shows its name; its state is the
        lamp beside it)."""
        forms = view.labels.get(button.action)
        if forms:
            return forms
        short = short_labels().get(button.action)
        if short is not None:
            whole = _(button.label)
            return [whole] if short == whole else [whole, short]
        return [_(button.label)] if button.label else [""]

    @classmethod
    def _whole(cls, button: Button, view: PanelView) -> str:
        """The button's label in its longest form (a toggle's is its name: "Moves")."""
        return cls._forms(button, view)[0]

    def _wording(
        self, button: Button, view: PanelView, size: int, pad: int | None = None
    ) -> str | None:
        """The longest form of the button's label that fits it at ``size``, if any."""
        pad = self.panel.px(8) if pad is None else pad
        room = button.rect.width - 2 * pad - self._lamp_room(button, view)
        for text in self._forms(button, view):
            if self.text.render(text, size, theme.TEXT).get_width() <= room:
                return text
        return None

    def _lamp_room(self, button: Button, view: PanelView) -> int:
        """Room for an on/off lamp before a toggle's name ("Moves: on"); 0 for the others."""
        toggle_or_globe = button.action in view.toggles or button.action == "display"
        return 3 * self.panel.px(4) if toggle_or_globe else 0

    def _draw_button(
        self,
        surface: pygame.Surface,
        button: Button,
        view: PanelView,
        mouse: tuple[int, int],
        size: int,
        label_pad: int,
    ) -> None:
        """The label, with its key at the right when both fit at the panel's button size; a
        toggle's state as a lamp before its name (lit: on)."""
        if button.action not in GRID_ACTIONS:
            size = self.panel.size(16)
        enabled = view.enabled.get(button.action, True)
        selected = not view.record and (
            button.action == f"play-{view.human}"
            or (view.two_players and button.action.startswith("play-"))
        )
        if not enabled:
            fill = theme.BUTTON_DISABLED
        elif selected:
            fill = theme.ACCENT
        elif button.rect.collidepoint(mouse):
            fill = theme.BUTTON_HOVER
        else:
            fill = theme.BUTTON
        rect = button.rect
        button_face(surface, fill, rect, self.panel.px(7))
        color = theme.TEXT if enabled else theme.TEXT_DIM
        text = self._wording(button, view, size, label_pad)
        if text is None:  # not one of the grid's (their size fits them all)
            wanted = self._forms(button, view)
            text, size = self.text.fit(wanted, rect.width - 2 * label_pad, size)
        label = self.text.render(text, size, color, bold=selected)
        key = self.text.render(
            button.key, self._key_size(size), theme.TEXT if selected else theme.TEXT_DIM
        )
        lamp = self._lamp_room(button, view)
        end, gap = self._key_pad()
        whole = lamp + label.get_width()
        with_key = button.key and whole + gap + key.get_width() <= rect.width - 2 * end
        if with_key:  # centred in the room the key leaves
            room = rect.width - 2 * end - gap - key.get_width()
            left = rect.left + end + (room - whole) // 2
        else:
            left = rect.centerx - whole // 2
        if lamp and button.action == "display":  # a globe: found whatever the language
            globe(surface, (left + self.panel.px(4), rect.centery), self.panel.px(5), color)
        elif lamp:
            lit = view.toggles[button.action]
            centre = (left + self.panel.px(4), rect.centery)
            pygame.draw.circle(
                surface,
                theme.ACCENT if lit else theme.TEXT_DIM,
                centre,
                self.panel.px(4),
                0 if lit else 1,
            )
        surface.blit(label, label.get_rect(midleft=(left + lamp, rect.centery)))
        if with_key:
            surface.blit(key, key.get_rect(midright=(rect.right - end, rect.centery)))
