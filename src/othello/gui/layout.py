"""Where things go in the window, and the mapping between pixels and squares.

Recomputed from the window size whenever it changes, so a resized window re-lays out rather
than stretching. The squares keep the size the settings ask for unless the window is too small
for it, in which case the board scales down rather than being clipped.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..notation import Square

MIN_SQUARE = 18
PANEL_MIN, PANEL_MAX = 230, 330
MARGIN = 16
PANEL_TALL = 600  # below this the panel takes the whole window height


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    square: int
    board: pygame.Rect  # the 8x8 squares
    frame: pygame.Rect  # the wooden frame with the coordinates
    panel: pygame.Rect  # the side panel

    @property
    def border(self) -> int:
        """Width of the frame around the squares, room for the coordinate letters."""
        return self.board.left - self.frame.left

    def square_rect(self, sq: Square) -> pygame.Rect:
        col, row = sq % 8, sq // 8
        s = self.square
        return pygame.Rect(self.board.left + col * s, self.board.top + row * s, s, s)

    def square_center(self, sq: Square) -> tuple[int, int]:
        return self.square_rect(sq).center

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The square under a pixel, or None outside the board."""
        x, y = pos
        if not self.board.collidepoint(x, y):
            return None
        col = (x - self.board.left) // self.square
        row = (y - self.board.top) // self.square
        return int(row * 8 + col) if 0 <= col < 8 and 0 <= row < 8 else None


def compute_layout(width: int, height: int, wanted_square: int) -> Layout:
    """Fit a board of ``wanted_square`` pixels per square and a panel into ``width`` x ``height``."""
    width, height = max(width, 320), max(height, 240)
    panel_w = max(PANEL_MIN, min(PANEL_MAX, int(width * 0.28)))
    room_w = width - panel_w - 3 * MARGIN
    room_h = height - 2 * MARGIN
    # The frame adds about 0.9 square (0.45 each side) for the coordinates.
    fit = int(min(room_w, room_h) / 8.9)
    square = max(MIN_SQUARE, min(wanted_square, fit))
    border = max(14, int(square * 0.45))
    side = 8 * square + 2 * border
    # Board and panel sit together in the middle of the window, however large it is.
    group_w = side + 2 * MARGIN + panel_w
    fx = max(MARGIN, (width - group_w) // 2)
    fy = max(MARGIN, (height - side) // 2)
    frame = pygame.Rect(fx, fy, side, side)
    board = pygame.Rect(fx + border, fy + border, 8 * square, 8 * square)
    px = min(width - panel_w - MARGIN, frame.right + 2 * MARGIN)
    if side >= PANEL_TALL:
        panel = pygame.Rect(px, fy, panel_w, side)
    else:
        panel = pygame.Rect(px, MARGIN, panel_w, height - 2 * MARGIN)
    return Layout(width, height, square, board, frame, panel)
