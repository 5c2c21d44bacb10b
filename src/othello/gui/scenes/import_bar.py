"""An import's bar over the strip under the board, while the game goes on: the file's name,
how many of its games are in, and a bar; it closes itself when the import is over. It takes
no key and no click, and gives way while the strip says something (a notice is read whole,
the bar comes back after it)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.gui.model.library_words import import_bar
from othello.gui.scenes.base import Host, Scene
from othello.gui.services.library_worker import LibraryWorker
from othello.gui.widgets import palette
from othello.gui.widgets.graph import draw_bar
from othello.gui.widgets.text import MIN_TEXT


class ImportBar(Scene):
    name = "import-bar"

    def __init__(
        self, host: Host, keeper: LibraryWorker, strip_busy: Callable[[], bool] = lambda: False
    ) -> None:
        """Opened as the import is asked for (its progress is there from then on);
        ``strip_busy`` says when a notice is in the strip."""
        self.host = host
        self.keeper = keeper
        self.strip_busy = strip_busy

    def update(self, dt: float) -> None:
        if self.keeper.progress is None:  # done, failed or stopped
            self.host.close_scene(self)

    def draw(self, surface: pygame.Surface) -> None:
        progress = self.keeper.progress
        if progress is None or self.strip_busy():
            return
        strip = self.host.layout.notices
        text = self.host.text
        box = pygame.Rect(strip.left, strip.top, strip.width, max(MIN_TEXT + 10, strip.height // 2))
        pygame.draw.rect(surface, palette.now.panel, box, border_radius=6)
        label, px = text.fit(
            import_bar(progress.name, progress.done, progress.total), box.width - 16, MIN_TEXT + 2
        )
        surface.blit(text.render(label, px, palette.now.text_dim), (box.left + 8, box.top + 2))
        bar = pygame.Rect(box.left + 8, box.bottom - 6, box.width - 16, 4)
        draw_bar(surface, bar, progress.done / max(1, progress.total))
