"""The dark rounded card every overlay is drawn on, and the shade behind it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from othello.gui.widgets import palette


def dim(surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, rect.topleft)


def card(surface: pygame.Surface, rect: pygame.Rect, alpha: int = palette.now.banner[3]) -> None:
    """A rounded dark card with a light edge: the background of every overlay box."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*palette.now.banner[:3], alpha), box.get_rect(), border_radius=14)
    pygame.draw.rect(box, (*palette.now.panel_edge, 255), box.get_rect(), width=2, border_radius=14)
    surface.blit(box, rect.topleft)


def button(surface: pygame.Surface, fill: Sequence[int], rect: pygame.Rect, radius: int) -> None:
    """A button's face; outlined where the theme wants every button edged (high contrast)."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if palette.now.button_edge is not None:
        pygame.draw.rect(surface, palette.now.button_edge, rect, width=2, border_radius=radius)
