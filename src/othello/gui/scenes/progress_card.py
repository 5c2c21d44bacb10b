"""The progress card (the Game card's Progress button, or Tab there): from the reviews of the
player's own games, the discs a move loses in the opening, the midgame and the endgame (the
last game, lately, all of them, and a curve game by game), and what their latest mistakes did,
each theme with a button to a puzzle made from one of those mistakes.

The numbers are worked out afresh each time the card opens, from the library (the games each
window keeps with their reviews), on the library's writer so that the latest review, saved
just before, is in them; the card says so while it reads.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.app.i18n import _
from othello.gui.model.progress_words import (
    empty_words,
    heading,
    loss_text,
    phase_names,
    read_progress,
    span_words,
    theme_words,
    themes_heading,
)
from othello.gui.scenes.base import PlayHost, Scene
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card, dim
from othello.gui.widgets.text import MIN_TEXT
from othello.study.progress import RECENT_GAMES, Progress

THEME_ROWS = 5
"""At most this many themes are listed, the most frequent first."""


class ProgressCard(Scene):
    """The player's progress over the board; Esc, K or Tab close it (back to the Game card)."""

    name = "progress"

    def __init__(self, host: PlayHost, open_puzzles: Callable[[list[str]], None]) -> None:
        """``open_puzzles`` opens Puzzles at the first of the puzzles it is given."""
        self.host = host
        self.open_puzzles = open_puzzles
        self.progress: Progress | None = None  # None while the library reads
        self.failed = ""  # why the library could not be read
        self.buttons: list[tuple[pygame.Rect, list[str]]] = []  # a theme's puzzles, or [] to close
        self.lines: list[str] = []  # what was drawn, for tests
        self.rect = pygame.Rect(0, 0, 0, 0)
        host.library.write(read_progress, self.take, fail=self.cannot_read)

    def take(self, progress: Progress) -> None:
        self.progress = progress

    def cannot_read(self, why: str) -> None:
        self.failed = why or "?"

    def close(self) -> None:
        self.host.close_scene(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, puzzles in self.buttons:
                if rect.collidepoint(event.pos):
                    self.close()
                    if puzzles:
                        self.open_puzzles(puzzles)
                    return True
            return self.host.layout.board.collidepoint(event.pos)  # the card covers the board
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_k, pygame.K_TAB):
                self.close()
                return True
            return False  # the rest (help, the panel's keys) still reach the game
        return False

    # ----- drawing ----------------------------------------------------------------------

    def spoken(self) -> str:
        """The card's words as last drawn, in reading order."""
        return " ".join(self.lines)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.host.layout
        board, s = layout.board, layout.square
        dim(surface, board, 140)
        self.rect = rect = board.inflate(-max(8, s // 5), -max(8, s // 5))
        card(surface, rect, alpha=255)
        self.buttons, self.lines = [], []
        pad = max(6, s // 6)
        inner = rect.inflate(-2 * pad, -2 * pad)
        row = max(18, int(inner.height / 13))
        size = max(MIN_TEXT, int(row * 0.5))
        foot = inner.bottom - row
        progress = self.progress
        games = len(progress.games) if progress is not None else 0
        y = self._text(
            surface, heading(games), inner, inner.top, row, size + 3, palette.now.text, True
        )
        if progress is None or not progress.games:
            if self.failed:
                words = [_("Your games could not be read from the library: {why}").format(
                    why=self.failed), _("Your games could not be read.")]  # fmt: skip
            else:
                words = empty_words() if progress is not None else [_("Reading your games…")]
            self._paragraph(surface, words, inner, y + row // 2, foot - pad, size)
        else:
            y = self._table(surface, progress, inner, y, row, size)
            y = self._themes(surface, progress, inner, y, row, size, foot - pad)
            self._curve(surface, progress, pygame.Rect(inner.left, y, inner.width, foot - pad - y))
        close = pygame.Rect(inner.left, foot, inner.width // 2, row - 2)
        self._button(surface, close, [_("Close (Esc)"), _("Close")], [], size, True)

    def _table(
        self,
        surface: pygame.Surface,
        progress: Progress,
        inner: pygame.Rect,
        y: int,
        row: int,
        size: int,
    ) -> int:
        """Loss a move: a row a phase, a column for the last game, lately and all games."""
        first = int(inner.width * 0.38)
        games = len(progress.games)
        spans: list[int | None] = [1, RECENT_GAMES] if games > RECENT_GAMES else [1]
        spans.append(None)
        column = (inner.width - first) // len(spans)
        header = [_("Discs lost a move"), _("Loss a move")]
        self._text(surface, header, inner, y, row, size, palette.now.text_dim, width=first - 4)
        for i, last in enumerate(spans):
            words = span_words(last, games)
            self._cell(surface, words, inner.left + first + i * column, y, column, row, size, True)
        values = [progress.phases(last) for last in spans]
        for phase, name in phase_names().items():
            y += row
            self._text(surface, name, inner, y, row, size, palette.now.text, width=first - 4)
            for i, by_phase in enumerate(values):
                x = inner.left + first + i * column
                self._cell(surface, loss_text(by_phase[phase]), x, y, column, row, size)
        return y + row + row // 4

    def _themes(
        self,
        surface: pygame.Surface,
        progress: Progress,
        inner: pygame.Rect,
        y: int,
        row: int,
        size: int,
        bottom: int,
    ) -> int:
        """The latest mistakes' themes, each with a button to a puzzle that trains it."""
        total, counts = progress.mistakes()
        if not total:
            return y
        y = self._text(
            surface, themes_heading(total), inner, y, row, size, palette.now.text_dim, True
        )
        room = (bottom - y) // row - 1  # under the heading
        fit = max(1, min(THEME_ROWS, room - (2 if room >= 5 else 1)))  # room for the curve
        label = [_("Puzzle")]
        wide = self.host.text.width(label[0], size, True) + 2 * size
        rows = [(count, inner.width - (wide + 6 if count.puzzles else 0)) for count in counts[:fit]]
        text = self.host.text
        # the long words only where they fit them all at the card's size, then one size for
        # all the rows, each in its longest words that fit
        long = all(text.fit(theme_words(c, total)[0], w, size, trying=True)[1] == size
                   and text.width(theme_words(c, total)[0], size) <= w for c, w in rows)  # fmt: skip
        skip = 0 if long else 1
        common = min(text.fit(theme_words(c, total)[skip:], w, size, trying=True)[1]
                     for c, w in rows)  # fmt: skip
        for count, width in rows:
            self._text(surface, theme_words(count, total)[skip:], inner, y, row, common,
                       palette.now.text, width=width)  # fmt: skip
            if count.puzzles:
                rect = pygame.Rect(inner.right - wide, y + 2, wide, row - 4)
                self._button(surface, rect, label, list(count.puzzles), size)
            y += row
        return y + row // 4

    def _curve(self, surface: pygame.Surface, progress: Progress, rect: pygame.Rect) -> None:
        """Each game's loss a move, oldest left, between the lowest and the highest (each
        named): lower is better."""
        points = [(i, v) for i, v in enumerate(progress.per_game()) if v is not None]
        if rect.height < 40 or len(points) < 2:
            return
        pygame.draw.rect(surface, palette.now.button_disabled, rect, border_radius=4)
        small = max(MIN_TEXT, rect.height // 6)
        caption = self.host.text.fit(
            [_("Loss a move, game by game: lower is better"), _("Loss a move, game by game")],
            rect.width - 12,
            small,
        )
        face = self.host.text.render(*caption, palette.now.text_dim)
        surface.blit(face, (rect.left + 6, rect.top + 3))
        self.lines.append(caption[0])
        values = [v for _, v in points]
        low, high = max(0.0, min(values) - 0.5), max(values) + 0.5
        tags = [
            self.host.text.render(loss_text(v), small, palette.now.text_dim) for v in (high, low)
        ]
        left = rect.left + 10 + max(tag.get_width() for tag in tags)
        plot = pygame.Rect(left, rect.top + face.get_height() + 8, rect.right - 10 - left, 0)
        plot.height = rect.bottom - 8 - plot.top
        surface.blit(tags[0], tags[0].get_rect(midright=(left - 4, plot.top)))
        surface.blit(tags[1], tags[1].get_rect(midright=(left - 4, plot.bottom)))
        count = len(progress.games)
        xy = [
            (
                plot.left + i * plot.width // max(1, count - 1),
                plot.bottom - int((v - low) / (high - low) * plot.height),
            )
            for i, v in points
        ]
        for y in (plot.top, plot.bottom):
            pygame.draw.line(surface, palette.now.panel_edge, (plot.left, y), (plot.right, y))
        pygame.draw.lines(surface, palette.now.text, False, xy, 2)
        for point in xy:
            pygame.draw.circle(surface, palette.now.text, point, 3)

    def _paragraph(
        self,
        surface: pygame.Surface,
        words: list[str],
        inner: pygame.Rect,
        y: int,
        bottom: int,
        size: int,
    ) -> None:
        """A note over several lines: the longest wording that fits whole."""
        text = self.host.text
        height = int(size * 1.4)
        most = max(1, (bottom - y) // height)
        for wording in words:
            wrapped, px = text.fit_lines(wording, inner.width, most, size, trying=True)
            if not text.was_cut(wrapped, wording) or wording is words[-1]:
                wrapped, px = text.fit_lines(wording, inner.width, most, size)
                break
        for part in wrapped:
            surface.blit(text.render(part, px, palette.now.text), (inner.left, y))
            self.lines.append(part)
            y += int(px * 1.4)

    def _text(
        self,
        surface: pygame.Surface,
        wording: str | list[str],
        inner: pygame.Rect,
        y: int,
        row: int,
        size: int,
        color: tuple[int, int, int],
        bold: bool = False,
        width: int | None = None,
    ) -> int:
        """A line at the left of ``inner`` in the longest wording that fits; the next row."""
        text, fitted = self.host.text.fit(wording, width or inner.width, size, bold)
        label = self.host.text.render(text, fitted, color, bold=bold)
        surface.blit(label, label.get_rect(midleft=(inner.left, y + row // 2)))
        self.lines.append(text)
        return y + row

    def _cell(
        self,
        surface: pygame.Surface,
        words: str | list[str],
        x: int,
        y: int,
        width: int,
        row: int,
        size: int,
        dimmed: bool = False,
    ) -> None:
        """A table cell, its words centred in the column."""
        text, fitted = self.host.text.fit(words, width - 4, size)
        label = self.host.text.render(
            text, fitted, palette.now.text_dim if dimmed else palette.now.text
        )
        surface.blit(label, label.get_rect(center=(x + width // 2, y + row // 2)))
        self.lines.append(text)

    def _button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        wordings: list[str],
        puzzles: list[str],
        size: int,
        lit: bool = False,
    ) -> None:
        """A button: a theme's puzzles (``puzzles``), or Close (none)."""
        hover = rect.collidepoint(self.host.mouse)
        color = (
            palette.now.button_hover if hover else palette.now.accent if lit else palette.now.button
        )
        button(surface, color, rect, 6)
        text, fitted = self.host.text.fit(wordings, rect.width - min(6, rect.width // 4), size)
        label = self.host.text.render(text, fitted, palette.now.text, bold=lit)
        surface.blit(label, label.get_rect(center=rect.center))
        self.buttons.append((rect, puzzles))
        self.lines.append(text)
