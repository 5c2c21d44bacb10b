"""A side's clock in its score box: its time, lit while it runs, red in its last seconds."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.gui.widgets import palette
from othello.gui.widgets.text import TextCache


def draw_clock(
    surface: pygame.Surface,
    text: TextCache,
    clock: tuple[str, bool, bool] | None,
    row: pygame.Rect,
    px: Callable[[float], int],
    least: int,
) -> int:
    """``clock`` (its time, whether it runs, whether it is low) at the right of ``row``, the
    foot of a score box; the width it took (0 without a clock). ``px`` scales design pixels,
    ``least`` is the smallest type size."""
    if clock is None:
        return 0
    time_text, running, low = clock
    size = max(least, int(row.height * 0.8))
    fitted, size = text.fit(time_text, int(row.width * 0.6), size, bold=True)
    label = text.render(
        fitted, size, palette.now.text if running or low else palette.now.text_dim, True
    )
    pill = label.get_rect(midright=(row.right, row.centery)).inflate(px(10), px(2))
    pill.right, pill.bottom = row.right, min(pill.bottom, row.bottom + px(4))
    fill = (
        palette.now.clock_low
        if low
        else palette.now.accent
        if running
        else palette.now.button_disabled
    )
    pygame.draw.rect(surface, fill, pill, border_radius=px(6))
    surface.blit(label, label.get_rect(center=pill.center))
    return pill.width + px(6)
