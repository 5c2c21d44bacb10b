"""The shapes that tell the board's and the graph's marks apart without their colours (see
palette.py): corner brackets, a dashed frame, a frame crossed out, a triangle, a diamond."""

from __future__ import annotations

from collections.abc import Sequence

import pygame


def brackets(surface: pygame.Surface, color: Sequence[int], rect: pygame.Rect, width: int) -> None:
    """Four corner brackets: the keyboard's square."""
    arm = max(4, rect.width // 3)
    for (x, y), (dx, dy) in (
        (rect.topleft, (1, 1)),
        ((rect.right - 1, rect.top), (-1, 1)),
        ((rect.left, rect.bottom - 1), (1, -1)),
        ((rect.right - 1, rect.bottom - 1), (-1, -1)),
    ):
        pygame.draw.line(surface, color, (x, y), (x + dx * arm, y), width)
        pygame.draw.line(surface, color, (x, y), (x, y + dy * arm), width)


def dashed_frame(
    surface: pygame.Surface, color: Sequence[int], rect: pygame.Rect, width: int
) -> None:
    """A frame of dashes: the explorer's most played move."""
    dash = max(4, rect.width // 7)
    for start, end in (
        (rect.topleft, rect.topright),
        (rect.bottomleft, rect.bottomright),
        (rect.topleft, rect.bottomleft),
        (rect.topright, rect.bottomright),
    ):
        length = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
        for at in range(0, length, 2 * dash):
            t0, t1 = at / length, min(length, at + dash) / length
            a = (start[0] + (end[0] - start[0]) * t0, start[1] + (end[1] - start[1]) * t0)
            b = (start[0] + (end[0] - start[0]) * t1, start[1] + (end[1] - start[1]) * t1)
            pygame.draw.line(surface, color, a, b, width)


def crossed_frame(
    surface: pygame.Surface, color: Sequence[int], rect: pygame.Rect, width: int
) -> None:
    """A frame with a cross through it: a wrong answer."""
    pygame.draw.rect(surface, color, rect, width=width, border_radius=6)
    inner = rect.inflate(-rect.width // 3, -rect.height // 3)
    pygame.draw.line(surface, color, inner.topleft, inner.bottomright, width)
    pygame.draw.line(surface, color, inner.topright, inner.bottomleft, width)


def triangle(
    surface: pygame.Surface, color: Sequence[int], centre: tuple[int, int], radius: int
) -> None:
    """A filled triangle pointing up: a mistake on the graph."""
    x, y = centre
    pygame.draw.polygon(
        surface, color, [(x, y - radius), (x + radius, y + radius), (x - radius, y + radius)]
    )


def diamond(
    surface: pygame.Surface, color: Sequence[int], centre: tuple[int, int], radius: int
) -> None:
    """A filled diamond: a blunder on the graph."""
    x, y = centre
    pygame.draw.polygon(
        surface, color, [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]
    )


def globe(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, color: Sequence[int]
) -> None:
    """A small globe (a circle, its equator, a meridian's ellipse): languages' sign, on the
    Settings button and card, found whatever language the window speaks."""
    x, y = centre
    pygame.draw.circle(surface, color, centre, radius, 1)
    pygame.draw.line(surface, color, (x - radius, y), (x + radius, y))
    meridian = pygame.Rect(x - radius // 2, y - radius, radius, 2 * radius)
    pygame.draw.ellipse(surface, color, meridian, 1)
