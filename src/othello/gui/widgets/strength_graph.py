"""The player's rating over the rated games, against the levels' own ratings (thin lines,
each named), so a glance says which levels the player has passed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from othello.app.i18n import _
from othello.gui.widgets import palette
from othello.gui.widgets.text import TextCache


def draw_strength(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    ratings: Sequence[float],
    levels: Mapping[int, float],
    size: int,
) -> list[tuple[int, pygame.Rect]]:
    """The ratings after each game (oldest left) in ``rect``, over the levels near them;
    returns the level labels drawn and where. Every level near gets its line; a label that
    would overlap one already drawn is left out, the levels nearest the last rating first
    (levels 4 to 6 are 100 points apart: on a short graph their labels once lay on each
    other)."""
    if rect.height < 24 or rect.width < 60:
        return []
    pygame.draw.rect(surface, palette.now.button_disabled, rect, border_radius=4)
    if not ratings:
        note = text.render(_("Your rating over time shows here."), size, palette.now.text_dim)
        surface.blit(note, note.get_rect(center=rect.center))
        return []
    low = min(ratings) - 120
    high = max(ratings) + 120
    shown = {n: r for n, r in levels.items() if low <= r <= high}
    if not shown:  # at least the nearest level, for a yardstick
        near = min(levels, key=lambda n: abs(levels[n] - ratings[-1]))
        shown = {near: levels[near]}
        low, high = min(low, levels[near] - 60), max(high, levels[near] + 60)
    area = rect.inflate(-8, -8)
    label_w = text.render(_("L{n}").format(n=12), size, palette.now.text_dim).get_width() + 6
    plot = pygame.Rect(area.left + label_w, area.top, area.width - label_w, area.height)

    def y_of(value: float) -> int:
        return int(plot.bottom - (value - low) / (high - low) * plot.height)

    for value in shown.values():
        y = y_of(value)
        pygame.draw.line(surface, palette.now.panel_edge, (plot.left, y), (plot.right, y))
    labels: list[tuple[int, pygame.Rect]] = []
    for number in sorted(shown, key=lambda n: (abs(shown[n] - ratings[-1]), n)):
        tag = text.render(_("L{n}").format(n=number), size, palette.now.text_dim)
        where = tag.get_rect(midleft=(area.left, y_of(shown[number])))
        where.clamp_ip(rect)
        if any(where.colliderect(placed) for _n, placed in labels):
            continue
        surface.blit(tag, where)
        labels.append((number, where))
    count = len(ratings)
    points = [
        (plot.left + (plot.width * i // max(1, count - 1) if count > 1 else plot.width // 2),
         y_of(value))
        for i, value in enumerate(ratings)
    ]  # fmt: skip
    if len(points) > 1:
        pygame.draw.lines(surface, palette.now.cursor, False, points, 2)
    pygame.draw.circle(surface, palette.now.cursor, points[-1], 4)
    return labels
