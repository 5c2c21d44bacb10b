"""The panel: score, whose turn, status, the player's choices and the command buttons.

The panel draws a PanelView (plain values the app fills in) and turns clicks into action names;
it knows nothing of the game itself. It has two arrangements: a tall column beside the board,
and a short, wide block below it for narrow windows. Both scale with the panel's rectangle,
and drop the optional lines (title, level description, last move) rather than overflow.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from ..board import Color
from . import theme
from .layout import Layout
from .render import BoardRenderer
from .text import MIN_TEXT, TextCache

GRID = (
    ("new", "New game", "N"),
    ("hint", "Hint", "H"),
    ("undo", "Undo", "U"),
    ("redo", "Redo", "^Y"),
    ("legal", "Moves", "L"),
    ("sound", "Sound", "S"),
    ("help", "Help", "F1"),
    ("quit", "Quit", "Esc"),
)
COLUMN_WIDTH = 300  # the column's design width; its rows, in design pixels, follow
COLUMN_ROWS: tuple[tuple[str, int], ...] = (
    ("pad", 14),
    ("title", 42),
    ("score", 94),
    ("status", 68),
    ("colour", 66),
    ("level", 60),
    ("level-help", 42),
    ("grid", 176),
    ("info", 18),
    ("pad", 14),
)
OPTIONAL = ("info", "title", "level-help")  # dropped in this order when the panel is short
LEVEL_HELP_LINE = 21  # design pixels of a third line of the level's description
SMALLEST = 0.78  # below this scale, an optional row goes rather than everything shrinking
BLOCK_SIZE = (600, 244)  # the block below the board, in design pixels
MAX_SCALE = 2.0


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
    detail: str = ""  # the status's second line, e.g. "depth 6"
    busy: float | None = None  # seconds into a search, for the spinner; None when idle
    enabled: dict[str, bool] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)


@dataclass
class Button:
    action: str
    rect: pygame.Rect
    label: str
    key: str = ""


class Panel:
    """Lays out and draws the panel for a layout; ``hit`` maps a click to an action."""

    def __init__(self, text: TextCache, discs: BoardRenderer) -> None:
        self.text = text
        self.discs = discs
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rects: dict[str, pygame.Rect] = {}
        self.f = 1.0

    def px(self, value: float) -> int:
        """A design length in pixels at this panel's scale."""
        return max(1, int(value * self.f))

    def size(self, value: float) -> int:
        """A design font size at this panel's scale, never below MIN_TEXT."""
        return max(MIN_TEXT, int(value * self.f))

    # ----- layout ----------------------------------------------------------------------

    def relayout(self, layout: Layout) -> None:
        self.rect = layout.panel
        self.rects = {}
        self.buttons = []
        if layout.beside:
            self._column()
        else:
            self._block()

    def _column(self) -> None:
        """One tall column: the optional rows go first when the panel is short."""
        r = self.rect
        rows = COLUMN_ROWS
        for dropped in range(len(OPTIONAL) + 1):
            rows = tuple(row for row in COLUMN_ROWS if row[0] not in OPTIONAL[:dropped])
            self.f = min(MAX_SCALE, r.width / COLUMN_WIDTH, r.height / sum(h for _, h in rows))
            if self.f >= SMALLEST:
                break
        x, w = r.left + self.px(16), r.width - 2 * self.px(16)
        y = r.top
        spare = r.height - sum(self.px(h) for _, h in rows)
        for name, height in rows:
            h = self.px(height)
            if name == "level-help" and self.f < 1:  # small type wraps sooner: a third line
                h += max(0, min(spare, self.px(LEVEL_HELP_LINE)))
            if name == "colour":
                self._colour(pygame.Rect(x, y, w, h - self.px(12)))
            elif name == "level":
                self._level(pygame.Rect(x, y, w, h - self.px(6)))
            elif name == "grid":
                self._grid(pygame.Rect(x, y, w, h), columns=2)
            elif name != "pad":
                self.rects[name] = pygame.Rect(x, y, w, h - self.px(10))
            y += h
        if "info" in self.rects:  # the last move goes at the foot of a tall panel
            self.rects["info"].bottom = r.bottom - self.px(12)

    def _block(self) -> None:
        """Below the board: score and status side by side, then the choices, then the buttons."""
        r = self.rect
        self.f = min(MAX_SCALE, r.width / BLOCK_SIZE[0], r.height / BLOCK_SIZE[1])
        pad, gap = self.px(12), self.px(12)
        x, y, w = r.left + pad, r.top + pad, r.width - 2 * pad
        half = (w - gap) // 2
        self.rects["score"] = pygame.Rect(x, y, half, self.px(72))
        self.rects["status"] = pygame.Rect(x + half + gap, y, half, self.px(72))
        y += self.px(72) + self.px(10)
        self._colour(pygame.Rect(x, y, half, self.px(52)))
        self._level(pygame.Rect(x + half + gap, y, half, self.px(52)))
        y += self.px(52) + self.px(10)
        self._grid(pygame.Rect(x, y, w, r.bottom - pad - y), columns=4)

    def _colour(self, rect: pygame.Rect) -> None:
        """The "You play" label over the Black and White buttons."""
        label_h = self.px(18)
        self.rects["colour-label"] = pygame.Rect(rect.left, rect.top, rect.width, label_h)
        gap = self.px(8)
        half = (rect.width - gap) // 2
        row = pygame.Rect(rect.left, rect.top + label_h, half, rect.height - label_h)
        self.buttons.append(Button("play-black", row, "Black", "B"))
        self.buttons.append(Button("play-white", row.move(half + gap, 0), "White", "W"))

    def _level(self, rect: pygame.Rect) -> None:
        """The "Level" label over - [level] +."""
        label_h = self.px(18)
        self.rects["level-label"] = pygame.Rect(rect.left, rect.top, rect.width, label_h)
        h = rect.height - label_h
        y = rect.top + label_h
        self.buttons.append(Button("level-down", pygame.Rect(rect.left, y, h, h), "-"))
        self.buttons.append(Button("level-up", pygame.Rect(rect.right - h, y, h, h), "+"))
        gap = self.px(8)
        self.rects["level-box"] = pygame.Rect(rect.left + h + gap, y, rect.width - 2 * (h + gap), h)

    def _grid(self, rect: pygame.Rect, columns: int) -> None:
        rows = math.ceil(len(GRID) / columns)
        gap = self.px(8)
        w = (rect.width - (columns - 1) * gap) // columns
        h = (rect.height - (rows - 1) * gap) // rows
        for i, (action, label, key) in enumerate(GRID):
            col, row = i % columns, i // columns
            button = pygame.Rect(rect.left + col * (w + gap), rect.top + row * (h + gap), w, h)
            self.buttons.append(Button(action, button, label, key))

    def hit(self, pos: tuple[int, int], view: PanelView | None = None) -> str | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                if view is not None and not view.enabled.get(button.action, True):
                    return None
                return button.action
        return None

    # ----- drawing ---------------------------------------------------------------------

    def draw(
        self, surface: pygame.Surface, layout: Layout, view: PanelView, mouse: tuple[int, int]
    ) -> None:
        radius = self.px(12)
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, width=1, border_radius=radius)
        rects = self.rects
        if "title" in rects:
            title = self.text.render("Othello", self.size(28), theme.TEXT, bold=True)
            surface.blit(title, title.get_rect(midleft=rects["title"].midleft))
        self._draw_score(surface, view, rects["score"])
        self._draw_status(surface, view, rects["status"])
        self._label(surface, "You play", rects["colour-label"])
        self._label(surface, "Level", rects["level-label"])
        self._draw_level(surface, view)
        for button in self.buttons:
            self._draw_button(surface, button, view, mouse)
        if view.info and "info" in rects:
            text, size = self.text.fit(view.info, rects["info"].width, self.size(13))
            label = self.text.render(text, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midleft=rects["info"].midleft))

    def _label(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        label = self.text.render(text.upper(), self.size(12), theme.TEXT_DIM, bold=True)
        surface.blit(label, label.get_rect(topleft=rect.topleft))

    def _draw_level(self, surface: pygame.Surface, view: PanelView) -> None:
        box = self.rects["level-box"]
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, box, border_radius=self.px(6))
        text, size = self.text.fit(
            [view.level_text, view.level_text.split(" · ")[0]],
            box.width - 8,
            self.size(16),
            bold=True,
        )
        label = self.text.render(text, size, theme.TEXT, bold=True)
        surface.blit(label, label.get_rect(center=box.center))
        rect = self.rects.get("level-help")
        if rect is not None and view.level_help:
            lines, size = self.level_help_lines(view.level_help)
            for i, line in enumerate(lines):
                surface.blit(
                    self.text.render(line, size, theme.TEXT_DIM),
                    (rect.left, rect.top + i * (size + 4)),
                )

    def level_help_lines(self, text: str) -> tuple[list[str], int]:
        """The level's description wrapped to its row (two lines, three if the row is tall)."""
        rect = self.rects["level-help"]
        size = self.size(13)
        room = max(2, (rect.height + 4) // (size + 4))
        return self.text.fit_lines(text, rect.width, room, size)

    def _draw_score(self, surface: pygame.Surface, view: PanelView, rect: pygame.Rect) -> None:
        gap = self.px(8)
        half = (rect.width - gap) // 2
        colors: tuple[Color, Color] = ("black", "white")
        for i, color in enumerate(colors):
            cell = pygame.Rect(rect.left + i * (half + gap), rect.top, half, rect.height)
            moving = view.to_move == color
            radius = self.px(10)
            pygame.draw.rect(
                surface,
                theme.BUTTON if moving else theme.BUTTON_DISABLED,
                cell,
                border_radius=radius,
            )
            if moving:
                pygame.draw.rect(
                    surface, theme.ACCENT, cell, width=max(2, self.px(3)), border_radius=radius
                )
            inner = cell.inflate(-2 * self.px(10), -2 * self.px(6))
            top = pygame.Rect(inner.left, inner.top, inner.width, int(inner.height * 0.68))
            disc = self.discs.disc_sized(max(8, int(top.height * 0.8)), color)
            surface.blit(disc, disc.get_rect(midleft=top.midleft))
            count_w = top.width - disc.get_width() - self.px(8)
            text, size = self.text.fit(
                str(view.counts[i]), count_w, int(top.height * 0.62), bold=True
            )
            count = self.text.render(text, size, theme.TEXT, bold=True)
            surface.blit(
                count,
                count.get_rect(
                    midleft=(disc.get_rect(midleft=top.midleft).right + self.px(8), top.centery)
                ),
            )
            name = view.names.get(color, "")
            wordings = (
                [f"{name} · to move", name] if moving else [name]
            )  # the green edge says it too
            text, size = self.text.fit(wordings, inner.width, self.size(13))
            label = self.text.render(text, size, theme.TEXT if moving else theme.TEXT_DIM)
            surface.blit(label, label.get_rect(bottomleft=inner.bottomleft))

    def _draw_status(self, surface: pygame.Surface, view: PanelView, rect: pygame.Rect) -> None:
        """Whose turn or what the computer is doing; while it thinks, a spinner and a bright edge."""
        thinking = view.busy is not None
        radius = self.px(8)
        pygame.draw.rect(
            surface,
            theme.STATUS_BUSY if thinking else theme.BUTTON_DISABLED,
            rect,
            border_radius=radius,
        )
        if thinking:
            pygame.draw.rect(surface, theme.CURSOR, rect, width=2, border_radius=radius)
        inner = rect.inflate(-2 * self.px(10), -2 * self.px(6))
        spinner = 0
        if view.busy is not None:
            spinner = max(24, int(inner.height * 0.9))
            self._draw_spinner(
                surface, (inner.right - spinner // 2, inner.centery), spinner // 2, view.busy
            )
            spinner += self.px(8)
        width = inner.width - spinner
        size = self.size(17)
        if view.detail:
            text, size = self.text.fit(view.status, width, size, bold=True)
            head = self.text.render(text, size, theme.TEXT, bold=True)
            detail, small = self.text.fit(view.detail, width, self.size(14))
            sub = self.text.render(detail, small, theme.TEXT_DIM if not thinking else theme.TEXT)
            total = head.get_height() + sub.get_height()
            y = inner.centery - total // 2
            surface.blit(head, (inner.left, y))
            surface.blit(sub, (inner.left, y + head.get_height()))
            return
        lines, size = self.text.fit_lines(view.status, width, 2, size, bold=True)
        y = inner.centery - len(lines) * (size + 4) // 2
        for i, line in enumerate(lines):
            surface.blit(
                self.text.render(line, size, theme.TEXT, bold=True),
                (inner.left, y + i * (size + 4)),
            )

    def _draw_spinner(
        self, surface: pygame.Surface, center: tuple[int, int], radius: int, seconds: float
    ) -> None:
        """Eight dots with a bright one going round: the computer is working."""
        lead = int(seconds * 12) % 8
        dot = max(2.5, radius * 0.2)
        ring = radius - dot
        for i in range(8):
            angle = math.tau * i / 8
            fade = (lead - i) % 8  # the dots behind the bright one fade out
            shade = _mix(theme.CURSOR, theme.STATUS_BUSY, min(0.7, fade * 0.1))
            pos = (center[0] + ring * math.sin(angle), center[1] - ring * math.cos(angle))
            pygame.draw.circle(surface, shade, pos, dot * (1.25 if fade == 0 else 1.0))

    def _draw_button(
        self, surface: pygame.Surface, button: Button, view: PanelView, mouse: tuple[int, int]
    ) -> None:
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
        rect = button.rect
        pygame.draw.rect(surface, fill, rect, border_radius=self.px(7))
        color = theme.TEXT if enabled else theme.TEXT_DIM
        wanted = view.labels.get(button.action, button.label)
        key = self.text.render(
            button.key, self.size(12), theme.TEXT if selected else theme.TEXT_DIM
        )
        pad = self.px(10)
        room = rect.width - 2 * pad
        text, size = self.text.fit(
            wanted, room - key.get_width() - pad, self.size(16), bold=selected
        )
        if button.key and text == wanted:
            label = self.text.render(text, size, color, bold=selected)
            surface.blit(label, label.get_rect(midleft=(rect.left + pad, rect.centery)))
            surface.blit(key, key.get_rect(midright=(rect.right - pad, rect.centery)))
            return
        text, size = self.text.fit(_short_labels(wanted), room, self.size(16), bold=selected)
        label = self.text.render(text, size, color, bold=selected)
        surface.blit(label, label.get_rect(center=rect.center))


def _short_labels(label: str) -> Sequence[str]:
    """A button's label, then shorter forms of it ("Moves: on" -> "on")."""
    return [label, label.split(": ")[-1]] if ": " in label else [label]


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))
    return (r, g, bl)
