"""Small charts the panel and the move list share: the evaluation graph and a progress bar.

The graph is the score after each move, from Black's side, as a line of points; drawn in the
panel when it has room, and in the move list otherwise. Above the middle line Black is ahead.
Exact scores (the solver's) are filled dots, estimates rings; after a review, mistakes are
sky-blue triangles and blunders larger vermillion diamonds (palette.py: told apart by shape too).
"""

from __future__ import annotations

import pygame

from othello.app.i18n import _
from othello.gui.model.judgement import GraphPoint
from othello.gui.widgets import palette
from othello.gui.widgets.marks import diamond, triangle
from othello.gui.widgets.text import TextCache


def draw_graph(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    graph: list[GraphPoint],
    plies: int,
    size: int,
    chosen: int | None = None,
) -> list[tuple[int, int]]:
    """Draw ``graph`` in ``rect`` under its title, a thin line at the position on the board
    (``plies`` moves in) and a ring round the point after move ``chosen`` (the move chosen in
    the move list); returns ``(x, ply where the point's move was played)`` per point drawn,
    for clicks: a click on a point shows the position where its move was played."""
    title = (
        _("Score for Black · reviewed")
        if any(p.mark for p in graph)
        else _("Score for Black (computer's view)")
    )
    fitted, px = text.fit([title, _("Score for Black")], rect.width, size)
    label = text.render(fitted, px, palette.now.text_dim)
    surface.blit(label, rect.topleft)
    area = pygame.Rect(rect.left, rect.top + label.get_height() + 2, rect.width, 0)
    area.height = rect.bottom - area.top
    if area.height < 16 or not graph:
        return []
    pygame.draw.rect(surface, palette.now.button_disabled, area, border_radius=4)
    mid = area.centery
    pygame.draw.line(surface, palette.now.text_dim, (area.left, mid), (area.right, mid))
    span = max(60, plies, max(point.ply for point in graph))
    scale = max(16, max(abs(point.score) for point in graph))

    def at(ply: int, score: int) -> tuple[int, int]:
        x = area.left + 4 + (area.width - 8) * ply // span
        y = mid - (area.height // 2 - 4) * max(-scale, min(scale, score)) // scale
        return x, y

    now_x = at(plies, 0)[0]
    pygame.draw.line(
        surface, palette.now.panel_edge, (now_x, area.top + 2), (now_x, area.bottom - 3)
    )
    points = [at(point.ply, point.score) for point in graph]
    if len(points) > 1:
        pygame.draw.lines(surface, palette.now.cursor, False, points, 2)
    for point, xy in zip(graph, points, strict=True):
        marked = palette.now.mark_colors.get(point.mark)
        if point.mark == "blunder" and marked is not None:
            diamond(surface, marked, xy, 6)
        elif marked is not None:
            triangle(surface, marked, xy, 5)
        else:
            pygame.draw.circle(surface, palette.now.cursor, xy, 3, 0 if point.exact else 1)
        if point.ply == chosen:
            pygame.draw.circle(surface, palette.now.text, xy, 8, 2)
    return [(x, point.ply - 1) for (x, _y), point in zip(points, graph, strict=True)]


def point_near(points: list[tuple[int, int]], x: int, reach: int | None = None) -> int | None:
    """The ply of the drawn point (``(x, ply)``, as draw_graph returns them) nearest
    ``x``, if any is within ``reach`` pixels (any distance when ``reach`` is None)."""
    if not points:
        return None
    near, cursor = min(points, key=lambda point: abs(point[0] - x))
    return cursor if reach is None or abs(near - x) <= reach else None


def draw_bar(surface: pygame.Surface, track: pygame.Rect, share: float) -> None:
    """A progress bar: ``share`` of ``track`` filled (never less than a dot)."""
    radius = track.height // 2
    pygame.draw.rect(surface, palette.now.button, track, border_radius=radius)
    width = max(track.height, int(track.width * share))
    done = pygame.Rect(track.left, track.top, width, track.height)
    pygame.draw.rect(surface, palette.now.cursor, done, border_radius=radius)
