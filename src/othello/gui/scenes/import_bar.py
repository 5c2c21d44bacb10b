"""An import's bar over the strip under the board, while the game goes on: the file's name,
how many of its games are in, and a bar; it closes itself when the import is over. It takes
no key and no click."""

from __future__ import annotations

import pygame

from ..model.library_words import import_bar
from ..services.library_keeper import LibraryKeeper
from ..widgets import theme
from ..widgets.graph import draw_bar
from ..widgets.text import MIN_TEXT
from .base import Host, Scene


class ImportBar(Scene):
    name = "import-bar"

    def __init__(self, host: Host, keeper: LibraryKeeper) -> None:
        """Opened as the import is asked for (its progress is there from then on)."""
        self.host = host
        self.keeper = keeper

    def update(self, dt: float) -> None:
        if self.keeper.progress is None:  # done, failed or stopped
            self.host.close_scene(self)

    def draw(self, surface: pygame.Surface) -> None:
        progress = self.keeper.progress
        if progress is None:
            return
        strip = self.host.layout.notices
        text = self.host.text
        box = pygame.Rect(strip.left, strip.top, strip.width, max(MIN_TEXT + 10, strip.height // 2))
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        label, px = text.fit(
            import_bar(progress.name, progress.done, progress.total), box.width - 16, MIN_TEXT + 2
        )
        surface.blit(text.render(label, px, theme.TEXT_DIM), (box.left + 8, box.top + 2))
        bar = pygame.Rect(box.left + 8, box.bottom - 6, box.width - 16, 4)
        draw_bar(surface, bar, progress.done / max(1, progress.total))
