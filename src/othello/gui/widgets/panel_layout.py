"""Where the panel's parts go: boxes for the score, status and labels, and the buttons.

Two arrangements: a tall column beside the board, and a short, wide block below it for narrow
windows. Both scale with the panel's rectangle (lengths are given in design pixels and scaled
by ``f``), and the column drops its optional rows (title, level description, last move) rather
than shrink everything too small.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from othello.app.i18n import N_, pgettext
from othello.gui.model.names import Command
from othello.gui.model.panel_words import PanelView
from othello.gui.widgets.layout import Layout
from othello.gui.widgets.text import scaled

# Quitting is the window's close button (or Esc): the grid's place goes to Settings.
GRID: tuple[
    tuple[Command, str, str], ...
] = (  # in reading order: three to a row beside the board, five below it
    ("new", N_("New game"), "N"),
    ("undo", N_("Undo"), "U"),
    ("redo", N_("Redo"), "^Y"),
    ("hint", N_("Hint"), "H"),
    ("review", N_("Review"), "R"),
    ("moves", N_("Move list"), "M"),
    ("mode", N_("Mode"), "T"),
    ("edit", N_("Set up"), "E"),
    ("legal", N_("Moves"), "L"),
    ("sound", N_("Sound"), "S"),
    ("explore", N_("Explorer"), "X"),
    ("puzzles", N_("Puzzles"), "Z"),
    ("library", N_("Library"), "G"),
    ("help", N_("Help"), "F1"),
    ("display", N_("Settings"), "V"),
)


def short_labels() -> dict[Command, str]:
    """Each button's label in a word, for a panel too narrow for the whole one."""
    return {
        "new": pgettext("button, short", "New"),
        "undo": pgettext("button, short", "Undo"),
        "redo": pgettext("button, short", "Redo"),
        "hint": pgettext("button, short", "Hint"),
        "review": pgettext("button, short", "Review"),
        "moves": pgettext("button, short", "List"),
        "mode": pgettext("button, short", "Mode"),
        "edit": pgettext("button, short", "Set up"),
        "legal": pgettext("button, short", "Moves"),
        "sound": pgettext("button, short", "Sound"),
        "explore": pgettext("button, short", "Explorer"),
        "puzzles": pgettext("button, short", "Puzzles"),
        "library": pgettext("button, short", "Library"),
        "help": pgettext("button, short", "Help"),
        "display": pgettext("button, short", "Settings"),
    }


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
GRAPH_LEAST = 48  # design pixels: the evaluation graph's least height
GRID_EXTRA = 44  # design pixels more for the buttons' rows, where a small panel has them
SMALLEST = 0.78  # below this scale, an optional row goes rather than everything shrinking
BLOCK_SIZE = (600, 268)  # the block below the board, in design pixels
MAX_SCALE = 2.0
MIN_BUTTON = 24  # pixels: no button narrower, however small the panel


@dataclass
class Button:
    action: Command
    rect: pygame.Rect
    label: str
    key: str = ""


class PanelLayout:
    """Where the panel's boxes and buttons go for a layout; ``hit`` maps a click to an action."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rects: dict[str, pygame.Rect] = {}
        self.f = 1.0

    def px(self, value: float) -> int:
        """A design length in pixels at this panel's scale."""
        return max(1, int(value * self.f))

    def size(self, value: float) -> int:
        """A design font size at this panel's scale and the player's TEXT_SIZE, never below
        MIN_TEXT."""
        return scaled(value * self.f)

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
        y = below_grid = r.top
        spare = r.height - sum(self.px(h) for _, h in rows)
        for name, height in rows:
            h = self.px(height)
            if name == "level-help":  # a third line where there is room: small type wraps
                h += max(0, min(spare, self.px(LEVEL_HELP_LINE)))  # sooner, watching says more
                spare -= h - self.px(height)
            if name == "grid" and self.f < 1:  # a narrow panel's spare height: taller buttons,
                room = self.px(GRAPH_LEAST + 8)  # the graph keeps its room first (it goes
                graph = room if spare >= room and "info" in dict(rows) else 0  # above "info")
                h += max(0, min(spare - graph, self.px(GRID_EXTRA)))
            if name == "colour":
                self._colour(pygame.Rect(x, y, w, h - self.px(12)))
            elif name == "level":
                self._level(pygame.Rect(x, y, w, h - self.px(6)))
            elif name == "grid":
                self._grid(pygame.Rect(x, y, w, h), columns=3)
                below_grid = y + h
            elif name != "pad":
                self.rects[name] = pygame.Rect(x, y, w, h - self.px(10))
            y += h
        if "info" in self.rects:  # the last move goes at the foot of a tall panel
            self.rects["info"].bottom = r.bottom - self.px(12)
            room = self.rects["info"].top - below_grid - self.px(8)
            if room >= self.px(GRAPH_LEAST):  # spare height: the evaluation graph
                self.rects["graph"] = pygame.Rect(x, below_grid, w, min(room, self.px(120)))

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
        self._grid(pygame.Rect(x, y, w, r.bottom - pad - y), columns=math.ceil(len(GRID) / 3))

    def _colour(self, rect: pygame.Rect) -> None:
        """The "You play" label over the Black and White buttons."""
        label_h = self.px(18)
        self.rects["colour-label"] = pygame.Rect(rect.left, rect.top, rect.width, label_h)
        gap = self.px(8)
        half = (rect.width - gap) // 2
        row = pygame.Rect(rect.left, rect.top + label_h, half, rect.height - label_h)
        # labelled by the panel's view, as names of the sides (game_words.side_name)
        self.buttons.append(Button("play-black", row, "Black", "B"))
        self.buttons.append(Button("play-white", row.move(half + gap, 0), "White", "W"))

    def _level(self, rect: pygame.Rect) -> None:
        """The "Level" label over - [level] +."""
        label_h = self.px(18)
        self.rects["level-label"] = pygame.Rect(rect.left, rect.top, rect.width, label_h)
        h = rect.height - label_h
        w = max(h, MIN_BUTTON)  # a short row still gets buttons wide enough to hit
        y = rect.top + label_h
        self.buttons.append(Button("level-down", pygame.Rect(rect.left, y, w, h), "-"))
        self.buttons.append(Button("level-up", pygame.Rect(rect.right - w, y, w, h), "+"))
        gap = self.px(8)
        self.rects["level-box"] = pygame.Rect(rect.left + w + gap, y, rect.width - 2 * (w + gap), h)

    def _grid(self, rect: pygame.Rect, columns: int) -> None:
        rows = math.ceil(len(GRID) / columns)
        gap = self.px(8)
        w = (rect.width - (columns - 1) * gap) // columns
        h = (rect.height - (rows - 1) * gap) // rows
        for i, (action, label, key) in enumerate(GRID):
            col, row = i % columns, i // columns
            button = pygame.Rect(rect.left + col * (w + gap), rect.top + row * (h + gap), w, h)
            self.buttons.append(Button(action, button, label, key))

    def hit(self, pos: tuple[int, int], view: PanelView | None = None) -> Command | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                if view is not None and not view.enabled.get(button.action, True):
                    return None
                return button.action
        return None
