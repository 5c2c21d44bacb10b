"""The opening explorer on the board: on each legal move, how many games in the database
played it and Black's share of the points they ended with; the most played move framed.

X (or the panel's Explorer button) goes off -> all games -> people's -> Logistello's -> your
library's ("mine": asked of the library off the frame loop, shown when it answers) -> off.
The data is read on first use (``othello.study.explorer.load_explorer``), never at the window's
start; a look-up is remembered per position, so a frame costs a dictionary hit. A missing or
damaged file makes the explorer say it is unavailable; nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import pygame

from othello.app.commands.explore import explore
from othello.app.i18n import N_, _, decimal, integer
from othello.core.bitboard import Square
from othello.core.board import Board
from othello.gui.widgets import palette
from othello.gui.widgets.layout import Layout
from othello.gui.widgets.marks import dashed_frame
from othello.gui.widgets.text import MIN_TEXT, TextCache, scaled
from othello.study.explorer import CHOICES, MINE, Lookup

CHIP = (0, 0, 0, 165)
NAMES = {
    "people": N_("people's games"),
    "programs": N_("Logistello's games"),
    "all": N_("all games"),
    MINE: N_("your library's games"),
}
"""The explorer's sources, as the window names them."""


def short_count(n: int) -> str:
    """A count in at most four characters: 37, 950, 1.2k, 101k, 1.3M."""
    if n < 1000:
        return str(n)
    if n < 10_000:
        return f"{decimal(n / 1000)}k"
    if n < 1_000_000:
        return f"{n // 1000}k"
    return f"{decimal(n / 1_000_000)}M"


Mine = Callable[[tuple[Square, ...], Callable[[Lookup | None], None]], None]
"""Asks the library what its games played after these moves; answers later, on the frame loop."""


class ExplorerView:
    """Whether the explorer is on and for whose games, and what it shows for a position."""

    def __init__(self, mine: Mine | None = None) -> None:
        self.source: str | None = None  # None: off
        self.problem: str | None = None
        self.mine = mine
        self._seen: dict[tuple[str, str], Lookup | None] = {}
        self._mine: dict[tuple[Square, ...], Lookup | None] = {}

    @property
    def on(self) -> bool:
        return self.source is not None

    def cycle(self) -> str:
        """The next source (or off); the sentence that says so."""
        choices = (*CHOICES, MINE) if self.mine is not None else CHOICES
        if self.source is None:
            self.source = choices[0]
        else:
            i = choices.index(self.source) + 1
            self.source = choices[i] if i < len(choices) else None
        if self.source is None:
            return _("Explorer off.")
        if self.source == MINE:
            self.forget_mine()
            return _("Explorer: {source} (X: off). % is Black's share.").format(
                source=_(NAMES[MINE])
            )
        self.lookup(Board())  # reads the data now, so a problem is told at once
        if self.problem is not None:
            self.source = None
            return self.problem
        return _("Explorer: {source} (X: next source). % is Black's share.").format(
            source=_(NAMES[self.source])
        )

    def forget_mine(self) -> None:
        """The library changed (a game kept, a file imported): ask it again."""
        self._mine.clear()

    def lookup(self, board: Board, moves: Sequence[Square] = ()) -> Lookup | None:
        if self.source is None:
            return None
        if self.source == MINE:
            return self._lookup_mine(tuple(moves))
        key = (board.to_string(), self.source)
        if key not in self._seen:
            _, found, self.problem = explore(board, self.source)
            self._seen[key] = found
        return self._seen[key]

    def _lookup_mine(self, moves: tuple[Square, ...]) -> Lookup | None:
        if moves not in self._mine and self.mine is not None:
            self._mine[moves] = None  # asked: the answer fills it in

            def answered(found: Lookup | None) -> None:
                self._mine[moves] = found

            self.mine(moves, answered)
        return self._mine.get(moves)

    def caption(self, board: Board, moves: Sequence[Square] = ()) -> list[str]:
        """What the strip under the board says, longest first: the source and its games here."""
        found = self.lookup(board, moves)
        if self.source is None or found is None:
            return [""]
        name = _(NAMES[self.source])
        if not found.moves:
            return [
                _("Explorer · {source}: no games reached this position").format(source=name),
                _("Explorer · {source}: no games here").format(source=name),
                _("Explorer: no games here"),
            ]
        games = integer(found.games)
        return [
            _("Explorer · {source}: {games} here · % is Black's share").format(
                source=name, games=games
            ),
            _("Explorer · {source}: {games} here · % Black").format(source=name, games=games),
            _("{source}: {games} · % Black").format(source=name, games=games),
        ]

    def draw(
        self,
        surface: pygame.Surface,
        layout: Layout,
        text: TextCache,
        board: Board,
        strip_free: bool,
        under: Collection[Square] = (),
        moves: Sequence[Square] = (),
    ) -> None:
        """Each move's count and share on its square; the caption in the strip when free.
        On a square whose hint score shows (``under``: drawn in its upper half), the figures
        take the lower half, the share alone where both would not fit."""
        found = self.lookup(board, moves)
        if found is None:
            return
        size = max(MIN_TEXT, layout.square // 4)
        top = found.top
        for move in found.moves:
            rect = layout.square_rect(move.square)
            if top is not None and move.square == top.square:
                dashed_frame(surface, palette.now.explorer_frame, rect.inflate(-3, -3), 3)
            lines = [short_count(move.games), f"{round(100 * move.black_share)}%"]
            shown = [text.render(line, size, palette.now.hint_text, bold=True) for line in lines]
            hinted = move.square in under
            if hinted or sum(s.get_height() for s in shown) > rect.height - 4:
                shown = shown[1:]  # the share alone: room for the hint, or a small square
            draw_chip(surface, rect, shown, low=hinted)
        if strip_free:
            draw_caption(surface, layout, text, self.caption(board, moves), size)


def draw_caption(
    surface: pygame.Surface, layout: Layout, text: TextCache, words: list[str], size: int
) -> None:
    """The longest of ``words`` that fits the strip under the board, dimmed, at its left."""
    fitted, px = text.fit(words, layout.notices.width - 16, scaled(size + 1))
    label = text.render(fitted, px, palette.now.text_dim)
    surface.blit(label, label.get_rect(midleft=(layout.notices.left + 8, layout.notices.centery)))


def draw_chip(
    surface: pygame.Surface, rect: pygame.Rect, shown: list[pygame.Surface], low: bool
) -> None:
    """The lines on a dark chip, in the square's middle (``low``: its lower part), no
    wider than the square."""
    height = sum(s.get_height() for s in shown)
    width = min(rect.width - 2, max(s.get_width() for s in shown) + 4)
    chip = pygame.Surface((width, height + 2), pygame.SRCALPHA)
    pygame.draw.rect(chip, CHIP, chip.get_rect(), border_radius=4)
    centre = (rect.centerx, rect.bottom - rect.height * 3 // 10) if low else rect.center
    box = chip.get_rect(center=centre)
    surface.blit(chip, box.topleft)
    y = box.top + 1
    clip = surface.get_clip()
    surface.set_clip(rect)
    for s in shown:
        surface.blit(s, s.get_rect(midtop=(rect.centerx, y)))
        y += s.get_height()
    surface.set_clip(clip)
