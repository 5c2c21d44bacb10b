"""The side panel: score, whose turn, status, the player's choices and the command buttons.

The panel draws a PanelView (plain values the app fills in) and turns clicks into action names;
it knows nothing of the game itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ..board import Color
from . import theme
from .layout import Layout
from .render import BoardRenderer, TextCache

PAD = 16
DESIGN_HEIGHT = 600  # the panel is laid out for this height and squeezed below it


@dataclass
class PanelView:
    """Everything the panel shows this frame."""

    counts: tuple[int, int]
    to_move: Color | None  # None once the game is over
    names: dict[Color, str]
    status: str
    level_text: str
    level_help: str
    human: Color | None
    info: str = ""
    busy: float | None = None  # seconds into a search, for the spinner; None when idle
    enabled: dict[str, bool] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)


@dataclass
class Button:
    action: str
    rect: pygame.Rect
    label: str
    key: str = ""


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels, at spaces."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


class Panel:
    """Lays out and draws the panel for a layout; ``hit`` maps a click to an action."""

    def __init__(self, text: TextCache, discs: BoardRenderer) -> None:
        self.text = text
        self.discs = discs
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.f = 1.0
        self._rows: dict[str, int] = {}

    def px(self, value: float) -> int:
        """A design-size length in pixels for this panel's height."""
        return max(1, int(value * self.f))

    def relayout(self, layout: Layout) -> None:
        self.rect = layout.panel
        self.f = max(0.6, min(1.0, self.rect.height / DESIGN_HEIGHT))
        x, w = self.rect.left + PAD, self.rect.width - 2 * PAD
        y = self.rect.top + self.px(16)
        rows = self._rows = {}
        rows["title"] = y
        y += self.px(44)
        rows["score"] = y
        y += self.px(96)
        rows["status"] = y
        y += self.px(50)
        rows["colour"] = y
        y += self.px(20)
        h, gap = self.px(34), 8
        half = (w - gap) // 2
        self.buttons = [
            Button("play-black", pygame.Rect(x, y, half, h), "Black", "B"),
            Button("play-white", pygame.Rect(x + half + gap, y, half, h), "White", "W"),
        ]
        y += h + self.px(16)
        rows["level"] = y
        y += self.px(20)
        self.buttons += [
            Button("level-down", pygame.Rect(x, y, h, h), "-", ""),
            Button("level-up", pygame.Rect(x + w - h, y, h, h), "+", ""),
        ]
        rows["level-box"] = y
        y += h + self.px(6)
        rows["level-help"] = y
        y += self.px(40)
        grid = [("new", "New game", "N"), ("hint", "Hint", "H"), ("undo", "Undo", "U"), ("redo", "Redo", "^Y"),
                ("legal", "Moves", "L"), ("sound", "Sound", "S"), ("help", "Help", "F1"), ("quit", "Quit", "Esc")]
        h = self.px(36)
        for i, (action, label, key) in enumerate(grid):
            col, row = i % 2, i // 2
            rect = pygame.Rect(x + col * (half + gap), y + row * (h + gap), half, h)
            self.buttons.append(Button(action, rect, label, key))
        rows["info"] = y + 4 * (h + gap) + self.px(8)

    def hit(self, pos: tuple[int, int], view: PanelView | None = None) -> str | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                if view is not None and not view.enabled.get(button.action, True):
                    return None
                return button.action
        return None

    # ----- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, layout: Layout, view: PanelView, mouse: tuple[int, int]) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, width=1, border_radius=12)
        x, w = self.rect.left + PAD, self.rect.width - 2 * PAD
        title = self.text.render("Othello", self.px(28), theme.TEXT, bold=True)
        surface.blit(title, (x, self._rows["title"]))
        self._draw_score(surface, layout, view, pygame.Rect(x, self._rows["score"], w, self.px(84)))
        self._draw_status(surface, view, x, w)
        self._label(surface, "You play", x, self._rows["colour"])
        self._label(surface, "Level", x, self._rows["level"])
        box = pygame.Rect(x, self._rows["level-box"], w, self.px(34)).inflate(-2 * self.px(34) - 16, 0)
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, box, border_radius=6)
        level = self.text.render(view.level_text, self.px(16), theme.TEXT, bold=True)
        surface.blit(level, level.get_rect(center=box.center))
        font = self.text.res.font(self.px(13))
        for i, line in enumerate(wrap(view.level_help, font, w)[:2]):
            surface.blit(self.text.render(line, self.px(13), theme.TEXT_DIM), (x, self._rows["level-help"] + i * self.px(17)))
        for button in self.buttons:
            self._draw_button(surface, button, view, mouse)
        if view.info and self._rows["info"] + self.px(16) < self.rect.bottom:
            surface.blit(self.text.render(view.info, self.px(13), theme.TEXT_DIM), (x, self._rows["info"]))

    def _label(self, surface: pygame.Surface, text: str, x: int, y: int) -> None:
        surface.blit(self.text.render(text.upper(), self.px(12), theme.TEXT_DIM, bold=True), (x, y))

    def _draw_score(self, surface: pygame.Surface, layout: Layout, view: PanelView, rect: pygame.Rect) -> None:
        half = rect.width // 2
        colors: tuple[Color, Color] = ("black", "white")
        for i, color in enumerate(colors):
            cell = pygame.Rect(rect.left + i * half, rect.top, half - 4 * (1 - i), rect.height)
            if i:
                cell.left += 4
            moving = view.to_move == color
            pygame.draw.rect(surface, theme.BUTTON if moving else theme.BUTTON_DISABLED, cell, border_radius=10)
            if moving:
                pygame.draw.rect(surface, theme.ACCENT, cell, width=3, border_radius=10)
            disc = self.discs.disc(layout, color)
            size = self.px(40)
            disc = pygame.transform.smoothscale(disc, (size, size))
            surface.blit(disc, disc.get_rect(midleft=(cell.left + 10, cell.top + self.px(32))))
            count = self.text.render(str(view.counts[i]), self.px(30), theme.TEXT, bold=True)
            surface.blit(count, count.get_rect(midleft=(cell.left + 18 + size, cell.top + self.px(32))))
            name = view.names.get(color, "")
            tag = f"{name} · to move" if moving else name
            label = self.text.render(tag, self.px(13), theme.TEXT if moving else theme.TEXT_DIM)
            surface.blit(label, (cell.left + 10, cell.top + self.px(60)))

    def _draw_status(self, surface: pygame.Surface, view: PanelView, x: int, w: int) -> None:
        font = self.text.res.font(self.px(17), True)
        spinner = self.px(22) if view.busy is not None else 0
        for i, line in enumerate(wrap(view.status, font, w - spinner)[:2]):
            surface.blit(self.text.render(line, self.px(17), theme.TEXT, bold=True), (x, self._rows["status"] + i * self.px(22)))
        if view.busy is not None:
            self._draw_spinner(surface, (x + w - spinner // 2, self._rows["status"] + self.px(11)), view.busy)

    def _draw_spinner(self, surface: pygame.Surface, center: tuple[int, int], seconds: float) -> None:
        """Eight dots with a bright one going round: the computer is working."""
        lead = int(seconds * 12) % 8
        radius = self.px(8)
        for i in range(8):
            angle = math.tau * i / 8
            fade = (i - lead) % 8
            shade = theme.CURSOR if fade == 0 else tuple(max(60, c - 18 * fade) for c in theme.TEXT_DIM)
            pos = (center[0] + int(radius * math.sin(angle)), center[1] - int(radius * math.cos(angle)))
            pygame.draw.circle(surface, shade, pos, max(2, self.px(2.5)))

    def _draw_button(self, surface: pygame.Surface, button: Button, view: PanelView, mouse: tuple[int, int]) -> None:
        enabled = view.enabled.get(button.action, True)
        selected = button.action == f"play-{view.human}"
        if not enabled:
            fill = theme.BUTTON_DISABLED
        elif selected:
            fill = theme.ACCENT
        elif button.rect.collidepoint(mouse):
            fill = theme.BUTTON_HOVER
        else:
            fill = theme.BUTTON
        pygame.draw.rect(surface, fill, button.rect, border_radius=7)
        color = theme.TEXT if enabled else theme.TEXT_DIM
        label = self.text.render(view.labels.get(button.action, button.label), self.px(16), color, bold=selected)
        key = self.text.render(button.key, self.px(12), theme.TEXT_DIM if not selected else theme.TEXT)
        if button.key and label.get_width() + key.get_width() + 34 <= button.rect.width:
            surface.blit(label, label.get_rect(midleft=(button.rect.left + 12, button.rect.centery)))
            surface.blit(key, key.get_rect(midright=(button.rect.right - 10, button.rect.centery)))
        else:
            surface.blit(label, label.get_rect(center=button.rect.center))
