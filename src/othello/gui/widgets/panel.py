"""The panel: score, whose turn, status, the player's choices and the command buttons.

The panel draws a PanelView (plain values the play scene fills in, see panel_words.py) where
its layout puts each part, and turns clicks into action names; it knows nothing of the game
itself. Two arrangements: a tall column beside the board, and a short, wide block below it
for narrow windows. Both scale with the panel's rectangle (lengths are given in design
pixels and scaled by ``f``), and the column drops its optional rows (title, level
description, last move) rather than shrink everything too small. The command buttons share
one type size and never cut a label.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from othello.app.i18n import N_, _, pgettext
from othello.core.board import Color
from othello.gui.model.game_words import info_wordings
from othello.gui.model.names import Command
from othello.gui.model.panel_words import PanelView
from othello.gui.widgets import palette
from othello.gui.widgets.board import BoardRenderer
from othello.gui.widgets.card import button as button_face
from othello.gui.widgets.clock_face import draw_clock
from othello.gui.widgets.graph import draw_bar, draw_graph, point_near
from othello.gui.widgets.layout import Layout
from othello.gui.widgets.marks import globe
from othello.gui.widgets.text import MIN_TEXT, TextCache, scaled, text_factor

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
    ("position-editor", N_("Set up"), "E"),
    ("legal", N_("Moves"), "L"),
    ("sound", N_("Sound"), "S"),
    ("explore", N_("Explorer"), "X"),
    ("puzzles", N_("Puzzles"), "Z"),
    ("library", N_("Library"), "G"),
    ("help", N_("Help"), "F1"),
    ("settings-card", N_("Settings"), "V"),
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
        "position-editor": pgettext("button, short", "Set up"),
        "legal": pgettext("button, short", "Moves"),
        "sound": pgettext("button, short", "Sound"),
        "explore": pgettext("button, short", "Explorer"),
        "puzzles": pgettext("button, short", "Puzzles"),
        "library": pgettext("button, short", "Library"),
        "help": pgettext("button, short", "Help"),
        "settings-card": pgettext("button, short", "Settings"),
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


def seats_heading(view: PanelView) -> list[str]:
    """The words over the Black and White buttons, longest first."""
    if view.record:  # a game with its players' names: B or W makes it yours
        return [_("Take a side"), _("Play as")]
    if view.two_players:
        return [_("Two players (T)"), _("Two players")]
    if view.human is None:
        return [_("Watching · take over"), _("Watching")]
    return [_("You play")]


class Panel:
    """The panel: where its boxes and buttons go for a layout (``hit`` maps a click to an
    action), and their drawing."""

    def __init__(self, text: TextCache, discs: BoardRenderer) -> None:
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rects: dict[str, pygame.Rect] = {}
        self.f = 1.0
        self.text = text
        self.discs = discs
        self.button_painter = ButtonPainter(self, text)
        self.graph_points: list[tuple[int, int]] = []  # (x drawn at, ply) per graph point
        self.shown_detail = ""  # the status's detail line as last drawn

    # ----- where things go ------------------------------------------------------------

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

    # ----- drawing ---------------------------------------------------------------------

    def draw(
        self, surface: pygame.Surface, layout: Layout, view: PanelView, mouse: tuple[int, int]
    ) -> None:
        radius = self.px(12)
        pygame.draw.rect(surface, palette.now.panel, self.rect, border_radius=radius)
        pygame.draw.rect(surface, palette.now.panel_edge, self.rect, width=1, border_radius=radius)
        rects = self.rects
        if "title" in rects:
            size = min(self.size(28), rects["title"].height * 3 // 4)  # clear of the boxes
            title = self.text.render(_("Othello"), size, palette.now.text, bold=True)
            surface.blit(title, title.get_rect(midleft=rects["title"].midleft))
        self._draw_score(surface, view, rects["score"])
        self._draw_status(surface, view, rects["status"])
        self._label(surface, seats_heading(view), rects["colour-label"])
        if view.watch_levels is not None:
            levels = [_("Levels · click a side"), _("Levels")]
        else:  # the player's strength beside it, shorter and shorter, goes if need be
            with_strength = _("{heading} · {strength}")
            levels = [with_strength.format(heading=view.level_label, strength=words)
                      for words in view.strength] + [view.level_label]  # fmt: skip
        self._label(surface, levels, rects["level-label"])
        self._draw_level(surface, view)
        self.button_painter.draw_all(surface, view, mouse)
        self.graph_points = []
        if "graph" in rects and view.graph:
            self._draw_graph(surface, view, rects["graph"])
        if view.info and "info" in rects:
            wordings = info_wordings(view.info, view.opening, view.from_book)
            text, size = self.text.fit(wordings, rects["info"].width, self.size(13))
            label = self.text.render(text, size, palette.now.text_dim)
            surface.blit(label, label.get_rect(midleft=rects["info"].midleft))

    def _draw_graph(self, surface: pygame.Surface, view: PanelView, rect: pygame.Rect) -> None:
        self.graph_points = draw_graph(
            surface, self.text, rect, view.graph, view.plies, self.size(11)
        )

    def graph_hit(self, pos: tuple[int, int]) -> int | None:
        """The position where the move of the graph point nearest a click was played."""
        area = self.rects.get("graph")
        if area is None or not area.collidepoint(pos):
            return None
        return point_near(self.graph_points, pos[0], reach=16)

    def _label(self, surface: pygame.Surface, wordings: list[str], rect: pygame.Rect) -> None:
        """A box's heading, in capitals where the script has them."""
        forms = [words.upper() for words in wordings]
        fitted, size = self.text.fit(forms, rect.width, self.size(12), bold=True)
        label = self.text.render(fitted, size, palette.now.text_dim, bold=True)
        surface.blit(label, label.get_rect(midleft=rect.midleft))  # a CJK line is taller

    def level_side_hit(self, pos: tuple[int, int]) -> Color | None:
        """Watching, a click on the level box picks the side whose level - and + change."""
        box = self.rects.get("level-box")
        if box is None or not box.collidepoint(pos):
            return None
        return "black" if pos[0] < box.centerx else "white"

    def _draw_level(self, surface: pygame.Surface, view: PanelView) -> None:
        box = self.rects["level-box"]
        pygame.draw.rect(surface, palette.now.button_disabled, box, border_radius=self.px(6))
        if view.watch_levels is not None:
            self._draw_side_levels(surface, view, box)
        else:
            self._draw_level_name(surface, view, box)
        rect = self.rects.get("level-help")
        if rect is not None and view.level_help:
            lines, size = self.level_help_lines(view.level_help)
            for i, line in enumerate(lines):
                surface.blit(
                    self.text.render(line, size, palette.now.text_dim),
                    (rect.left, rect.top + i * (size + 4)),
                )

    def _draw_side_levels(self, surface: pygame.Surface, view: PanelView, box: pygame.Rect) -> None:
        """Watching: each side's disc and level, the one - and + change framed."""
        assert view.watch_levels is not None
        half = box.width // 2
        sides: tuple[Color, Color] = ("black", "white")
        for i, color in enumerate(sides):
            cell = pygame.Rect(box.left + i * half, box.top, half, box.height)
            if color == view.level_side:
                pygame.draw.rect(
                    surface,
                    palette.now.cursor,
                    cell.inflate(-4, -4),
                    width=2,
                    border_radius=self.px(6),
                )
            disc = self.discs.disc_sized(max(8, int(cell.height * 0.6)), color)
            number = self.text.render(
                str(view.watch_levels[color]), self.size(16), palette.now.text, bold=True
            )
            width = disc.get_width() + self.px(6) + number.get_width()
            left = cell.centerx - width // 2
            surface.blit(disc, disc.get_rect(midleft=(left, cell.centery)))
            surface.blit(number, number.get_rect(midright=(left + width, cell.centery)))

    def _draw_level_name(self, surface: pygame.Surface, view: PanelView, box: pygame.Rect) -> None:
        text, size = self.text.fit(
            [view.level_text, view.level_number or view.level_text],
            box.width - 8,
            self.size(16),
            bold=True,
        )
        label = self.text.render(text, size, palette.now.text, bold=True)
        surface.blit(label, label.get_rect(center=box.center))

    def level_help_lines(self, text: str) -> tuple[list[str], int]:
        """The level's description wrapped to its row (two lines, three if the row is tall)."""
        rect = self.rects["level-help"]
        size = self.size(13)
        for px in range(size, MIN_TEXT - 1, -1):  # smaller type: more lines in the row
            room = max(2, (rect.height + 4) // (px + 4))
            lines, fitted = self.text.fit_lines(text, rect.width, room, px, trying=True)
            if not self.text.was_cut(lines, text) and fitted == px:
                return lines, px
        room = max(2, (rect.height + 4) // (MIN_TEXT + 4))
        return self.text.fit_lines(text, rect.width, room, MIN_TEXT)

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
                palette.now.button if moving else palette.now.button_disabled,
                cell,
                border_radius=radius,
            )
            if moving:
                pygame.draw.rect(
                    surface,
                    palette.now.accent,
                    cell,
                    width=max(2, self.px(3)),
                    border_radius=radius,
                )
            inner = cell.inflate(-2 * self.px(10), -2 * self.px(6))
            top = pygame.Rect(inner.left, inner.top, inner.width, int(inner.height * 0.68))
            disc = self.discs.disc_sized(max(8, int(top.height * 0.8)), color)
            surface.blit(disc, disc.get_rect(midleft=top.midleft))
            count_w = top.width - disc.get_width() - self.px(8)
            text, size = self.text.fit(
                str(view.counts[i]), count_w, int(top.height * 0.62), bold=True
            )
            count = self.text.render(text, size, palette.now.text, bold=True)
            surface.blit(
                count,
                count.get_rect(
                    midleft=(disc.get_rect(midleft=top.midleft).right + self.px(8), top.centery)
                ),
            )
            name = view.names.get(color, "")
            wordings = (
                [_("{name} · to move").format(name=name), name] if moving else [name]
            )  # the green edge says it too
            if color in view.clocks:  # beside a clock: shorter, or only the disc says who
                if name == _("Computer"):
                    wordings.append(pgettext("player, short", "Comp."))
                wordings.append("")
            foot = pygame.Rect(inner.left, top.bottom, inner.width, inner.bottom - top.bottom)
            clock = view.clocks.get(color)
            clock_w = draw_clock(surface, self.text, clock, foot, self.px, self.size(12))
            text, size = self.text.fit(wordings, inner.width - clock_w, self.size(13))
            label = self.text.render(
                text, size, palette.now.text if moving else palette.now.text_dim
            )
            surface.blit(label, label.get_rect(bottomleft=inner.bottomleft))

    def _draw_status(self, surface: pygame.Surface, view: PanelView, rect: pygame.Rect) -> None:
        """Whose turn or what the computer is doing; while it thinks, a spinner and a bright edge."""
        thinking = view.busy is not None
        radius = self.px(8)
        pygame.draw.rect(
            surface,
            palette.now.status_busy if thinking else palette.now.button_disabled,
            rect,
            border_radius=radius,
        )
        if thinking:
            pygame.draw.rect(surface, palette.now.cursor, rect, width=2, border_radius=radius)
        if view.progress is not None:
            self._draw_progress(surface, rect, view.progress)
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
            head = self.text.render(text, size, palette.now.text, bold=True)
            detail, small = self.text.fit(view.details, width, self.size(14))
            self.shown_detail = detail
            sub = self.text.render(
                detail, small, palette.now.text_dim if not thinking else palette.now.text
            )
            total = head.get_height() + sub.get_height()
            y = inner.centery - total // 2
            surface.blit(head, (inner.left, y))
            surface.blit(sub, (inner.left, y + head.get_height()))
            return
        lines, size = self.text.fit_lines(view.status, width, 2, size, bold=True)
        y = inner.centery - len(lines) * (size + 4) // 2
        for i, line in enumerate(lines):
            surface.blit(
                self.text.render(line, size, palette.now.text, bold=True),
                (inner.left, y + i * (size + 4)),
            )

    def _draw_progress(self, surface: pygame.Surface, rect: pygame.Rect, share: float) -> None:
        """A bar along the status box's foot: how much of the review is done."""
        height = max(3, self.px(4))
        inset = self.px(10)
        track = pygame.Rect(rect.left + inset, rect.bottom - height - self.px(4), 0, height)
        track.width = rect.width - 2 * inset
        draw_bar(surface, track, share)

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
            shade = _mix(palette.now.cursor, palette.now.status_busy, min(0.7, fade * 0.1))
            pos = (center[0] + ring * math.sin(angle), center[1] - ring * math.cos(angle))
            pygame.draw.circle(surface, shade, pos, dot * (1.25 if fade == 0 else 1.0))


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))
    return (r, g, bl)


GRID_ACTIONS = frozenset(action for action, _label, _key in GRID)
TIGHT_PAD = 2  # pixels at a label's ends in the smallest panels, rather than a label cut
KEY_GIVE = 0.12  # the share of its type size the grid gives up so that every key shows


@dataclass(frozen=True)
class GridText:
    """How the grid's buttons are labelled, all alike: one type size, the room at a label's
    ends, every label whole (``form`` 0) or every one in its short form (1): a grid with
    "New" beside "Move list" reads as a mistake. ``keys``: every button's key fits beside
    its label (else each shows its key where it fits)."""

    size: int
    pad: int
    form: int = 0
    keys: bool = False


class ButtonPainter:
    """Draws the buttons where the panel's layout put them."""

    def __init__(self, panel: Panel, text: TextCache) -> None:
        self.panel = panel
        self.text = text

    def draw_all(self, surface: pygame.Surface, view: PanelView, mouse: tuple[int, int]) -> None:
        grid = self._button_text(view)
        for button in self.panel.buttons:
            self._draw_button(surface, button, view, mouse, grid)

    def _button_text(self, view: PanelView) -> GridText:
        """How the grid is labelled (``GridText``), so its buttons read as one set: at the
        size the player's TEXT_SIZE asks for (the largest at which every label fits whole,
        times its factor) or up to KEY_GIVE smaller, every label whole with its key, else
        every one in its short form ("New", "List") with its key; failing both, every label
        whole at the largest size they all fit (every one short where larger text was asked
        for), each key where it fits; else (the smallest panels) every label in one form at
        the largest size it fits, the ends pared to TIGHT_PAD pixels where need be, so that
        no label is ever cut."""
        grid = [b for b in self.panel.buttons if b.action in GRID_ACTIONS]
        sizes = range(self.panel.size(16), MIN_TEXT - 1, -1)
        pad, tight = self.panel.px(8), self.panel.px(4)
        whole = next((s for s in sizes if self._all_fit(grid, view, s, 0, pad)), None)
        if whole is not None:
            wanted = min(self.panel.size(16), round(whole * text_factor()))
            least = max(MIN_TEXT, wanted - max(1, int(wanted * KEY_GIVE)))
            for form in (0, 1):
                for size in range(wanted, least - 1, -1):
                    if self._all_fit(grid, view, size, form, pad, keys=True):
                        return GridText(size, pad, form, True)
            for size in range(wanted, whole, -1):  # larger text asked for: short forms then
                if self._all_fit(grid, view, size, 1, tight):
                    return GridText(size, tight, 1)
            return GridText(whole, pad)
        for room in (pad, TIGHT_PAD):
            for size in sizes:
                for form in (0, 1):
                    if self._all_fit(grid, view, size, form, room):
                        return GridText(size, room, form)
        return GridText(MIN_TEXT, TIGHT_PAD, 1)

    def _all_fit(
        self,
        grid: list[Button],
        view: PanelView,
        size: int,
        form: int,
        pad: int,
        keys: bool = False,
    ) -> bool:
        """Whether every button's label in ``form`` (and its key, with ``keys``) fits it."""
        return all(self._fits(b, view, size, form, pad, keys) for b in grid)

    def _fits(
        self, button: Button, view: PanelView, size: int, form: int, pad: int, keys: bool
    ) -> bool:
        label = self.text.render(self._form(button, view, form), size, palette.now.text)
        used = self._lamp_room(button, view) + label.get_width()
        if not keys:
            return used <= button.rect.width - 2 * pad
        key = self.text.render(button.key, self._key_size(size), palette.now.text).get_width()
        end, gap = self._key_pad()
        return used + gap + key <= button.rect.width - 2 * end

    @classmethod
    def _form(cls, button: Button, view: PanelView, form: int) -> str:
        """The button's label in ``form`` (0 whole, 1 its shortest)."""
        forms = cls._forms(button, view)
        return forms[0] if form == 0 else forms[-1]

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
            if self.text.render(text, size, palette.now.text).get_width() <= room:
                return text
        return None

    def _lamp_room(self, button: Button, view: PanelView) -> int:
        """Room for an on/off lamp before a toggle's name ("Moves: on"); 0 for the others."""
        toggle_or_globe = button.action in view.toggles or button.action == "settings-card"
        return 3 * self.panel.px(4) if toggle_or_globe else 0

    def _draw_button(
        self,
        surface: pygame.Surface,
        button: Button,
        view: PanelView,
        mouse: tuple[int, int],
        grid: GridText,
    ) -> None:
        """The label, with its key at the right where the grid shows keys (another button
        where both fit at the panel's size); a toggle's state as a lamp before its name (lit:
        on)."""
        size, label_pad = grid.size, grid.pad
        in_grid = button.action in GRID_ACTIONS
        if not in_grid:
            size = self.panel.size(16)
        enabled = view.enabled.get(button.action, True)
        selected = not view.record and (
            button.action == f"play-{view.human}"
            or (view.two_players and button.action.startswith("play-"))
        )
        if not enabled:
            fill = palette.now.button_disabled
        elif selected:
            fill = palette.now.accent
        elif button.rect.collidepoint(mouse):
            fill = palette.now.button_hover
        else:
            fill = palette.now.button
        rect = button.rect
        button_face(surface, fill, rect, self.panel.px(7))
        color = palette.now.text if enabled else palette.now.text_dim
        text = (
            self._form(button, view, grid.form)
            if in_grid and self._fits(button, view, size, grid.form, label_pad, False)
            else self._wording(button, view, size, label_pad)
        )
        if text is None:  # not one of the grid's (their size fits them all)
            wanted = self._forms(button, view)
            text, size = self.text.fit(wanted, rect.width - 2 * label_pad, size)
        label = self.text.render(text, size, color, bold=selected)
        key = self.text.render(
            button.key, self._key_size(size), palette.now.text if selected else palette.now.text_dim
        )
        lamp = self._lamp_room(button, view)
        end, gap = self._key_pad()
        whole = lamp + label.get_width()
        fits_key = whole + gap + key.get_width() <= rect.width - 2 * end
        with_key = button.key and fits_key
        if with_key:  # centred in the room the key leaves
            room = rect.width - 2 * end - gap - key.get_width()
            left = rect.left + end + (room - whole) // 2
        else:
            left = rect.centerx - whole // 2
        if lamp and button.action == "settings-card":  # a globe: found whatever the language
            globe(surface, (left + self.panel.px(4), rect.centery), self.panel.px(5), color)
        elif lamp:
            lit = view.toggles[button.action]
            centre = (left + self.panel.px(4), rect.centery)
            pygame.draw.circle(
                surface,
                palette.now.accent if lit else palette.now.text_dim,
                centre,
                self.panel.px(4),
                0 if lit else 1,
            )
        surface.blit(label, label.get_rect(midleft=(left + lamp, rect.centery)))
        if with_key:
            surface.blit(key, key.get_rect(midright=(rect.right - end, rect.centery)))
