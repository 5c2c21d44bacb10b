"""The panel: score, whose turn, status, the player's choices and the command buttons.

The panel draws a PanelView (plain values the play scene fills in, see wording.py) where
PanelLayout puts each part, and turns clicks into action names; it knows nothing of the game
itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ...board import Color
from ..model.wording import PanelView, detail_wordings, info_wordings
from . import theme
from .board import BoardRenderer
from .graph import draw_bar, draw_graph, point_near
from .layout import Layout
from .panel_layout import GRID, Button, PanelLayout
from .text import MIN_TEXT, TextCache

GRID_ACTIONS = frozenset(action for action, _label, _key in GRID)
TIGHT_PAD = 2  # pixels at a label's ends in the smallest panels, rather than a label cut


class Panel(PanelLayout):
    """Draws the panel where its layout puts each part."""

    def __init__(self, text: TextCache, discs: BoardRenderer) -> None:
        super().__init__()
        self.text = text
        self.discs = discs
        self.graph_points: list[tuple[int, int]] = []  # (x drawn at, ply) per graph point
        self.shown_detail = ""  # the status's detail line as last drawn

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
        self._label(
            surface,
            "Two players (T)"
            if view.two_players
            else "Watching · take over"
            if view.human is None
            else "You play",
            rects["colour-label"],
        )
        levels = "Levels · click a side" if view.watch_levels is not None else view.level_label
        self._label(surface, levels, rects["level-label"])
        self._draw_level(surface, view)
        size, pad = self._button_text(view)
        for button in self.buttons:
            self._draw_button(surface, button, view, mouse, size, pad)
        self.graph_points = []
        if "graph" in rects and view.graph:
            self._draw_graph(surface, view, rects["graph"])
        if view.info and "info" in rects:
            text, size = self.text.fit(info_wordings(view), rects["info"].width, self.size(13))
            label = self.text.render(text, size, theme.TEXT_DIM)
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

    def _label(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        label = self.text.render(text.upper(), self.size(12), theme.TEXT_DIM, bold=True)
        surface.blit(label, label.get_rect(topleft=rect.topleft))

    def level_side_hit(self, pos: tuple[int, int]) -> Color | None:
        """Watching, a click on the level box picks the side whose level - and + change."""
        box = self.rects.get("level-box")
        if box is None or not box.collidepoint(pos):
            return None
        return "black" if pos[0] < box.centerx else "white"

    def _draw_level(self, surface: pygame.Surface, view: PanelView) -> None:
        box = self.rects["level-box"]
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, box, border_radius=self.px(6))
        if view.watch_levels is not None:
            self._draw_side_levels(surface, view, box)
        else:
            self._draw_level_name(surface, view, box)
        rect = self.rects.get("level-help")
        if rect is not None and view.level_help:
            lines, size = self.level_help_lines(view.level_help)
            for i, line in enumerate(lines):
                surface.blit(
                    self.text.render(line, size, theme.TEXT_DIM),
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
                    surface, theme.CURSOR, cell.inflate(-4, -4), width=2, border_radius=self.px(6)
                )
            disc = self.discs.disc_sized(max(8, int(cell.height * 0.6)), color)
            number = self.text.render(
                str(view.watch_levels[color]), self.size(16), theme.TEXT, bold=True
            )
            width = disc.get_width() + self.px(6) + number.get_width()
            left = cell.centerx - width // 2
            surface.blit(disc, disc.get_rect(midleft=(left, cell.centery)))
            surface.blit(number, number.get_rect(midright=(left + width, cell.centery)))

    def _draw_level_name(self, surface: pygame.Surface, view: PanelView, box: pygame.Rect) -> None:
        text, size = self.text.fit(
            [view.level_text, view.level_text.split(" · ")[0]],
            box.width - 8,
            self.size(16),
            bold=True,
        )
        label = self.text.render(text, size, theme.TEXT, bold=True)
        surface.blit(label, label.get_rect(center=box.center))

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
            head = self.text.render(text, size, theme.TEXT, bold=True)
            detail, small = self.text.fit(detail_wordings(view.detail), width, self.size(14))
            self.shown_detail = detail
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
            shade = _mix(theme.CURSOR, theme.STATUS_BUSY, min(0.7, fade * 0.1))
            pos = (center[0] + ring * math.sin(angle), center[1] - ring * math.cos(angle))
            pygame.draw.circle(surface, shade, pos, dot * (1.25 if fade == 0 else 1.0))

    def _button_text(self, view: PanelView) -> tuple[int, int]:
        """One type size for the grid's buttons, so they read as one set, and the room kept at
        a label's ends: the largest size at which every label fits whole; else the largest at
        which each fits in some form ("New", "List"); else (the smallest panels) the same with
        the ends pared to TIGHT_PAD pixels, so that no label is ever cut."""
        grid = [b for b in self.buttons if b.action in GRID_ACTIONS]
        sizes = range(self.size(16), MIN_TEXT - 1, -1)
        for size in sizes:
            if all(self._wording(b, view, size) == self._whole(b, view) for b in grid):
                return size, self.px(8)
        for pad in (self.px(8), TIGHT_PAD):
            for size in sizes:
                if all(self._wording(b, view, size, pad) is not None for b in grid):
                    return size, pad
        return MIN_TEXT, TIGHT_PAD

    def _key_pad(self) -> int:
        """The room at a button's ends and between its label and its key: it grows with a
        small panel's scale, not past 10 px (a large panel's type would lose its keys, and a
        key that shows in a window shows in every larger one)."""
        return min(self.px(10), 10)

    @staticmethod
    def _label_of(button: Button, view: PanelView) -> str:
        return view.labels.get(button.action, button.label)

    @classmethod
    def _whole(cls, button: Button, view: PanelView) -> str:
        """The button's label in its longest form (a toggle's is its name: "Moves")."""
        return _short_labels(cls._label_of(button, view))[0]

    def _wording(
        self, button: Button, view: PanelView, size: int, pad: int | None = None
    ) -> str | None:
        """The longest form of the button's label that fits it at ``size``, if any."""
        pad = self.px(8) if pad is None else pad
        room = button.rect.width - 2 * pad - self._lamp_room(button, view)
        for text in _short_labels(self._label_of(button, view)):
            if self.text.render(text, size, theme.TEXT).get_width() <= room:
                return text
        return None

    def _lamp_room(self, button: Button, view: PanelView) -> int:
        """Room for an on/off lamp before a toggle's name ("Moves: on"); 0 for the others."""
        return 3 * self.px(4) if _toggle_state(self._label_of(button, view)) is not None else 0

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
            size = self.size(16)
        enabled = view.enabled.get(button.action, True)
        selected = button.action == f"play-{view.human}" or (
            view.two_players and button.action.startswith("play-")
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
        pygame.draw.rect(surface, fill, rect, border_radius=self.px(7))
        color = theme.TEXT if enabled else theme.TEXT_DIM
        text = self._wording(button, view, size, label_pad)
        if text is None:  # not one of the grid's (their size fits them all)
            wanted = _short_labels(self._label_of(button, view))
            text, size = self.text.fit(wanted, rect.width - 2 * label_pad, size)
        label = self.text.render(text, size, color, bold=selected)
        key = self.text.render(
            button.key, self.size(12), theme.TEXT if selected else theme.TEXT_DIM
        )
        lamp = self._lamp_room(button, view)
        pad = self._key_pad()
        whole = lamp + label.get_width()
        with_key = button.key and whole + pad + key.get_width() <= rect.width - 2 * pad
        left = rect.left + pad if with_key else rect.centerx - whole // 2
        if lamp:
            lit = _toggle_state(self._label_of(button, view))
            centre = (left + self.px(4), rect.centery)
            pygame.draw.circle(
                surface,
                theme.ACCENT if lit else theme.TEXT_DIM,
                centre,
                self.px(4),
                0 if lit else 1,
            )
        surface.blit(label, label.get_rect(midleft=(left + lamp, rect.centery)))
        if with_key:
            surface.blit(key, key.get_rect(midright=(rect.right - pad, rect.centery)))


def _toggle_state(label: str) -> bool | None:
    """True/False for a toggle's label ("Sound: on" / "Sound: off"), None for other labels."""
    state = label.partition(": ")[2]
    return {"on": True, "off": False}.get(state)


SHORTER = {"New game": "New", "Move list": "List", "1 player": "1 pl.", "2 players": "2 pl."}


def _short_labels(label: str) -> Sequence[str]:
    """A button's label, then shorter forms of it; a toggle shows its name only (its state
    is the lamp beside it)."""
    if _toggle_state(label) is not None:
        return [label.partition(": ")[0]]
    return [label, SHORTER[label]] if label in SHORTER else [label]


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))
    return (r, g, bl)
