"""The Settings card (V, or the panel's Settings button): the window's language, its theme
and its text size, each a row of buttons; a click (or the arrows and Enter) applies the choice
at once and remembers it in othello.ini (LANGUAGE, THEME, TEXT_SIZE), as a level or a colour
is. Its last row opens othello.ini itself, every setting (as O does).

Each language is named in itself and drawn in its own font (日本語, Deutsch), so a player who
cannot read the language the window speaks still finds theirs; the button also shows a small
globe, the sign for languages everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from othello.app.i18n import LANGUAGES, N_, _, resolve
from othello.app.settings.keys import (
    PALETTES,
    SPEECHES,
    TEXT_SIZES,
    PaletteName,
    Speech,
    TextSize,
)
from othello.gui.scenes.base import Host, Scene
from othello.gui.widgets import palette
from othello.gui.widgets.card import card, dim
from othello.gui.widgets.marks import globe
from othello.gui.widgets.text import MIN_TEXT, scaled

PALETTE_LABELS: dict[PaletteName, str] = {
    "classic": N_("Classic green"),
    "high-contrast": N_("High contrast"),
    "dark": N_("Dark"),
}
TEXT_SIZE_LABELS: dict[TextSize, str] = {
    "small": N_("Small"),
    "normal": N_("Normal"),
    "large": N_("Large"),
    "larger": N_("Larger"),
}
SPEECH_LABELS: dict[Speech, str] = {
    "off": N_("Speech off"),
    "screen reader": N_("Screen reader"),
    "voice": N_("Voice"),
}
ROWS = ("language", "theme", "text_size", "speech", "file")
CLOSE = (pygame.K_ESCAPE, pygame.K_v)
STEPS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


class SettingsCardHost(Host, Protocol):
    """What the card uses of the app besides a scene's usual: the settings in effect and a
    way to choose."""

    @property
    def settings(self) -> Any: ...

    @property
    def live_settings(self) -> Any: ...  # its choose(**choice) shows and keeps it
    def open_settings(self) -> None: ...


@dataclass
class SettingOption:
    row: str  # "language", "theme", "text_size" or "file" (othello.ini in an editor)
    value: str
    label: str  # in the window's language (a language: in itself)
    language: str | None = None  # the font to draw it in
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


def choices() -> list[SettingOption]:
    """Every button of the card, row by row."""
    out = [SettingOption("language", code, name, code) for code, name in LANGUAGES.items()]
    out += [SettingOption("theme", value, _(PALETTE_LABELS[value])) for value in PALETTES]
    out += [SettingOption("text_size", value, _(TEXT_SIZE_LABELS[value])) for value in TEXT_SIZES]
    out += [SettingOption("speech", value, _(SPEECH_LABELS[value])) for value in SPEECHES]
    out.append(SettingOption("file", "othello.ini", _("Open othello.ini: every setting (O)")))
    return out


class SettingsCard(Scene):
    """The card: a title, three rows of buttons, a line saying how to close it."""

    name = "settings-card"

    def __init__(self, host: SettingsCardHost) -> None:
        self.host = host
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[SettingOption] = []
        self.focus: int | None = None  # the button the keys are on
        self.shown: list[str] = []  # the words last drawn (tests)

    def spoken(self) -> str:
        """The button the keys are on, and whether it is the one in use."""
        if self.focus is None or self.focus >= len(self.buttons):
            return _("Settings")
        here = self.buttons[self.focus]
        if self.chosen(here):
            return _("{label}, in use").format(label=here.label)
        return here.label

    def chosen(self, choice: SettingOption) -> bool:
        settings = self.host.settings
        if choice.row == "file":
            return False
        if choice.row == "language":
            return resolve(settings.language) == choice.value
        return bool(getattr(settings, choice.row) == choice.value)

    def choose(self, choice: SettingOption) -> None:
        if choice.row == "file":
            self.host.close_scene(self)
            self.host.open_settings()
            return
        self.host.live_settings.choose(**{choice.row: choice.value})

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((c for c in self.buttons if c.rect.collidepoint(event.pos)), None)
            if hit is not None:
                self.choose(hit)
            elif not self.rect.collidepoint(event.pos):
                self.host.close_scene(self)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in CLOSE:
                self.host.close_scene(self)
            elif event.key in STEPS:
                self._step(*STEPS[event.key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.focus is not None and self.focus < len(self.buttons):
                    self.choose(self.buttons[self.focus])
            return True
        return event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def _step(self, dx: int, dy: int) -> None:
        """The arrows: along a row, or to the nearest button of the row above or below."""
        if not self.buttons:
            return
        if self.focus is None:
            self.focus = next(i for i, c in enumerate(self.buttons) if self.chosen(c))
            return
        here = self.buttons[self.focus]
        if dx:
            row = [i for i, c in enumerate(self.buttons) if c.row == here.row]
            at = row.index(self.focus) + dx
            self.focus = row[max(0, min(len(row) - 1, at))]
            return
        below = [
            i
            for i, c in enumerate(self.buttons)
            if (c.rect.centery - here.rect.centery) * dy > here.rect.height // 2
        ]
        if below:  # the nearest button on the next line up or down, whatever its row
            self.focus = min(
                below,
                key=lambda i: (
                    abs(self.buttons[i].rect.centery - here.rect.centery),
                    abs(self.buttons[i].rect.centerx - here.rect.centerx),
                ),
            )

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, surface.get_rect(), 170)
        room = surface.get_rect().inflate(-24, -24)
        buttons = choices()
        plan = self._plan(room, buttons)
        rect = pygame.Rect(0, 0, plan.width, plan.height)
        rect.center = surface.get_rect().center
        self.rect = rect
        card(surface, rect, alpha=255)
        text, size, pad = self.host.text, plan.size, plan.pad
        self.shown = []
        y = rect.top + pad
        self._blit(
            surface, _("Settings"), size + 4, palette.now.text, (rect.left + pad, y), bold=True
        )
        y += plan.line + size // 2
        headings = {
            "language": _("Language"),
            "theme": _("Theme"),
            "text_size": _("Text size"),
            "speech": _("Speech (F12)"),
        }
        for row in ROWS:
            x = rect.left + pad
            if row == "language":  # the sign a player finds whatever the window's language
                globe(
                    surface,
                    (x + size // 2, y + size * 3 // 5),
                    max(4, size // 2),
                    palette.now.text_dim,
                )
                x += size + size // 2
            if row in headings:  # the file's button says what it is
                self._blit(surface, headings[row], size, palette.now.text_dim, (x, y), bold=True)
                y += plan.line
            in_row = [c for c in buttons if c.row == row]
            per_line = plan.per_line[row]
            width = (rect.width - 2 * pad - (per_line - 1) * plan.gap) // per_line
            for i, choice in enumerate(in_row):
                x = rect.left + pad + (i % per_line) * (width + plan.gap)
                top = y + (i // per_line) * (plan.button + plan.gap)
                choice.rect = pygame.Rect(x, top, width, plan.button)
                self._button(surface, choice, size)
            y += -(-len(in_row) // per_line) * (plan.button + plan.gap) + plan.gap
        self.buttons = buttons
        if self.focus is not None and self.focus < len(buttons):
            focus = buttons[self.focus].rect.inflate(6, 6)
            pygame.draw.rect(surface, palette.now.key_cursor, focus, width=3, border_radius=8)
        hint = _("Click a choice: it applies at once and is remembered. Esc or V: close.")
        fitted, px = text.fit([hint, _("Esc or V: close")], rect.width - 2 * pad, plan.small)
        label = text.render(fitted, px, palette.now.text_dim)
        self.shown.append(fitted)
        surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - pad // 2)))

    def _blit(
        self,
        surface: pygame.Surface,
        words: str,
        size: int,
        color: Any,
        at: tuple[int, int],
        bold: bool = False,
    ) -> None:
        surface.blit(self.host.text.render(words, size, color, bold=bold), at)
        self.shown.append(words)

    def _button(self, surface: pygame.Surface, choice: SettingOption, size: int) -> None:
        chosen = self.chosen(choice)
        hover = choice.rect.collidepoint(self.host.mouse)
        fill = (
            palette.now.accent
            if chosen
            else palette.now.button_hover
            if hover
            else palette.now.button
        )
        pygame.draw.rect(surface, fill, choice.rect, border_radius=7)
        if palette.now.button_edge is not None or chosen:
            edge = palette.now.button_edge or palette.now.text
            pygame.draw.rect(surface, edge, choice.rect, width=2 if chosen else 1, border_radius=7)
        words = choice.label
        if choice.row == "file":  # a sentence of the window's language, fitted to its line
            words, size = self.host.text.fit(words, choice.rect.width - 8, size)
        label = self.host.text.render(
            words, size, palette.now.text, bold=chosen, language=choice.language
        )
        surface.blit(label, label.get_rect(center=choice.rect.center))
        self.shown.append(choice.label)

    def _plan(self, room: pygame.Rect, buttons: list[SettingOption]) -> DisplayPlan:
        """The largest text size at which the card fits, its rows of buttons as wide as the
        widest label needs."""
        plan = None
        for size in range(scaled(18), MIN_TEXT - 1, -1):
            plan = self._try(room, size, buttons)
            if plan.height <= room.height and plan.width <= room.width:
                return plan
        assert plan is not None
        return plan

    def _try(self, room: pygame.Rect, size: int, buttons: list[SettingOption]) -> DisplayPlan:
        text = self.host.text
        pad, gap, line = size + 8, max(4, size // 2), int(size * 1.6)
        button = int(size * 2.0)
        widest = max(  # the file's button spans its line and fits its words to it
            text.render(c.label, size, bold=True, language=c.language).get_width()
            for c in buttons
            if c.row != "file"
        )
        cell = widest + 2 * size
        inner = room.width - 2 * pad
        per_line: dict[str, int] = {}
        lines = 0
        for row in ROWS:
            count = sum(1 for c in buttons if c.row == row)
            fits = max(1, min(count, (inner + gap) // (cell + gap)))
            per_line[row] = -(-count // -(-count // fits))  # balanced lines
            lines += -(-count // per_line[row])
        width = min(inner, max(per_line[r] * (cell + gap) - gap for r in ROWS)) + 2 * pad
        title = text.width(_("Settings"), size + 4, True) + 2 * pad
        small = max(MIN_TEXT, size - 2)
        height = (
            pad
            + line
            + size // 2
            + (len(ROWS) - 1) * line
            + len(ROWS) * gap
            + lines * (button + gap)
            + int(small * 1.6)
            + pad
        )
        return DisplayPlan(size, pad, gap, line, button, per_line, max(width, title), height, small)


@dataclass
class DisplayPlan:
    size: int
    pad: int
    gap: int
    line: int
    button: int
    per_line: dict[str, int]
    width: int
    height: int
    small: int
