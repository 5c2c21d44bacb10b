"""The picture of a flip that the rules show (the help card's rules page, and the README's
``docs/rules-flip.png``, made by ``scripts/make_rules_picture.py``): a position before
Black plays f3 and after it, drawn by the game's own position picture.

Black's f3 outflanks White's discs in three directions at once (across to d3, down to f5,
diagonally to d5), and all three turn over: the square and the turned discs are ringed.
"""

from __future__ import annotations

import pygame

from othello.core.board import Board
from othello.core.notation import parse_square
from othello.gui.widgets import palette
from othello.gui.widgets.position_picture import Font, PictureOptions, draw_position

BEFORE = "f5d6c6f4d3e3"
"""The opening moves that lead to the position before the flip (Black to move)."""
MOVE = "f3"
"""Black's move: it turns e3, e4 and f4 over."""


def flip_boards() -> tuple[Board, Board, frozenset[int]]:
    """The position before the move, after it, and the squares of the discs it turned over."""
    before = Board.from_transcript(BEFORE)
    after = before.copy()
    after.push(MOVE)
    turned = frozenset(sq for sq in range(64) if before.white >> sq & 1 and after.black >> sq & 1)
    return before, after, turned


def flip_picture(font: Font, width: int) -> pygame.Surface:
    """Before and after, side by side with an arrow between them, ``width`` pixels wide."""
    before, after, turned = flip_boards()
    square = parse_square(MOVE)
    gap = max(16, width // 12)
    half = max(120, (width - gap) // 2)
    placed = len(BEFORE) // 2
    left = draw_position(
        before, font, PictureOptions(width=half, last_move=False), ply=placed, rings=(square,)
    )
    right = draw_position(
        after, font, PictureOptions(width=half), last=square, ply=placed + 1, rings=turned
    )
    surface = pygame.Surface((half * 2 + gap, max(left.get_height(), right.get_height())))
    surface.fill(palette.now.background_bottom)
    surface.blit(left, (0, 0))
    surface.blit(right, (half + gap, 0))
    middle = (half + gap // 2, half // 2)
    tip = gap // 3
    pygame.draw.line(
        surface,
        palette.now.coord,
        (middle[0] - tip, middle[1]),
        (middle[0] + tip, middle[1]),
        max(2, gap // 8),
    )
    pygame.draw.polygon(
        surface,
        palette.now.coord,
        [(middle[0] + tip + gap // 6, middle[1]), (middle[0] + tip - gap // 8, middle[1] - gap // 5),
         (middle[0] + tip - gap // 8, middle[1] + gap // 5)],
    )  # fmt: skip
    return surface
