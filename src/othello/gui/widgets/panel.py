"""The panel: score, whose turn, status, the player's choices and the command buttons.

The panel draws a PanelView (plain values the play scene fills in, see wording.py) where
PanelLayout puts each part, and turns clicks into action names; it knows nothing of the game
itself.
"""

from __future__ import annotations

import math

import pygame

from othello.app.i18n import _, pgettext
from othello.core.board import Color
from othello.gui.model.game_words import info_wordings
from othello.gui.model.panel_words import PanelView
from othello.gui.widgets import theme
from othello.gui.widgets.board import BoardRenderer
from othello.gui.widgets.clock_face import draw_clock
from othello.gui.widgets.graph import draw_bar, draw_graph, point_near
from othello.gui.widgets.layout import Layout
from othello.gui.widgets.panel_buttons import ButtonPainter
from othello.gui.widgets.panel_layout import PanelLayout
from othello.gui.widgets.text import MIN_TEXT, TextCache


def seats_heading(view: PanelView) -> list[str]:
    """The words over the Black and White buttons, longest first."""
    if view.record:  # a game with its players' names: B or W makes it yours
        return [_("Take a side"), _("Play as")]
    if view.two_players:
        return [_("Two players (T)"), _("Two players")]
    if view.human is None:
        return [_("Watching · take over"), _("Watching")]
    return [_("You play")]


class Panel(PanelLayout):
    """Draws the panel where its layout puts each part."""

    def __init__(self, text: TextCache, discs: BoardRenderer) -> None:
        super().__init__()
        self.text = text
        self.discs = discs
        self.button_painter = ButtonPainter(self, text)
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
            size = min(self.size(28), rects["title"].height * 3 // 4)  # clear of the boxes
            title = self.text.render(_("Othello"), size, theme.TEXT, bold=True)
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

    def _label(self, surface: pygame.Surface, wordings: list[str], rect: pygame.Rect) -> None:
        """A box's heading, in capitals where the script has them."""
        forms = [words.upper() for words in wordings]
        fitted, size = self.text.fit(forms, rect.width, self.size(12), bold=True)
        label = self.text.render(fitted, size, theme.TEXT_DIM, bold=True)
        surface.blit(label, label.get_rect(midleft=rect.midleft))  # a CJK line is taller

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
            [view.level_text, view.level_number or view.level_text],
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
            detail, small = self.text.fit(view.details, width, self.size(14))
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


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))
    return (r, g, bl)
