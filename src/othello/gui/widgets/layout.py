"""Where things go in the window, and the mapping between pixels and squares.

Recomputed from the window size whenever it changes, so a resized window re-lays out rather
than stretching, and looks as a window opened at that size does (``wanted_square``). Two arrangements: the panel beside the board (wide windows) or below it (tall,
narrow ones); whichever gives the bigger board wins. Under the board there is always a strip
for notices and the pass announcement, so nothing is ever drawn over the squares. The squares
keep the size the settings ask for unless the window is too small for it, in which case the
board scales down rather than being clipped.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from othello.app.settings.keys import DEFAULTS
from othello.core.bitboard import Square

MIN_WINDOW = (540, 400)  # below this the panel's buttons would not fit (labels whole)
MIN_SQUARE = 16
MARGIN = 16
GAP = 8  # between the board, the notice strip and a panel below them
# The panel's design sizes; panel.py lays itself out for these and scales to the real rect.
SIDE_DESIGN = (300, 612)  # beside the board: one tall column
BELOW_DESIGN = (600, 274)  # below the board: two columns and three rows of buttons
SIDE_WIDTH = (240, 560)  # the side panel's narrowest and widest, where the window allows
SIDE_SHARE = 0.5  # the side panel is this share of the board's width, within SIDE_WIDTH
SIDE_AT_MOST = 1 / 1.5  # ... and never wider than this share of the framed board: in the
# narrowest windows it gets narrower (down to SIDE_NARROWEST) so the board keeps the larger part
# the narrowest side panel: three buttons across of "Explorer" with its lamp, whole
SIDE_NARROWEST = 204


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    square: int
    board: pygame.Rect  # the 8x8 squares
    frame: pygame.Rect  # the wooden frame with the coordinates
    panel: pygame.Rect  # the panel, beside or below the board
    notices: pygame.Rect  # the strip under the board for notices and the pass announcement
    beside: bool = True  # the panel is beside the board (False: below it)

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


def wanted_square(width: int, height: int, square_size: int) -> int:
    """The square size to lay out a ``width`` x ``height`` window with: SQUARESIZE, grown in
    proportion in a window larger than the default one (so a big window is filled); in a
    smaller one the layout fits the board down. It depends on the size and the setting alone,
    never on the sizes the window had before, so a window looks the same at a size whether it
    opened there, was resized there or was restarted there (the size is what is remembered)."""
    grow = min(width / DEFAULTS.window_width, height / DEFAULTS.window_height)
    return max(1, round(square_size * max(1.0, grow)))


def border_for(square: int) -> int:
    """The frame's width for a square size: room for the coordinates."""
    return max(14, int(square * 0.45))


def frame_side(square: int) -> int:
    return 8 * square + 2 * border_for(square)


def fit_square(room: float, wanted: int) -> int:
    """The largest square (at most ``wanted``) whose framed board fits in ``room`` pixels."""
    square = max(MIN_SQUARE, min(wanted, int(room / 8.9)))
    while square > MIN_SQUARE and frame_side(square) > room:
        square -= 1
    return square


def notice_height(width: int, height: int) -> int:
    """Two lines of notice text: a little more in a big window."""
    return max(40, min(64, int(min(width, height) * 0.07)))


def compute_layout(width: int, height: int, wanted_square: int) -> Layout:
    """Fit a board of ``wanted_square`` pixels per square and a panel into ``width`` x ``height``."""
    width, height = max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1])
    beside, below = _beside(width, height, wanted_square), _below(width, height, wanted_square)
    return beside if beside.square >= below.square else below


def _beside(width: int, height: int, wanted: int) -> Layout:
    """The panel to the right of the board, the notice strip under the board."""
    strip = notice_height(width, height)
    across = width - 3 * MARGIN  # for the framed board and the panel side by side
    room = min(height - 2 * MARGIN - GAP - strip, across / (1 + SIDE_SHARE))
    narrowest = max(
        SIDE_NARROWEST, min(SIDE_WIDTH[0], int(across * SIDE_AT_MOST / (1 + SIDE_AT_MOST)))
    )
    square = fit_square(min(room, across - _side_width(room, narrowest)), wanted)
    side = frame_side(square)
    panel_w = _side_width(side, narrowest)  # the panel grows and shrinks with the board
    board_h = side + GAP + strip
    # The panel is as tall as the board and strip, or taller when the window has room for it.
    design_h = round(SIDE_DESIGN[1] * panel_w / SIDE_DESIGN[0])
    panel_h = max(board_h, min(height - 2 * MARGIN, design_h))
    x = max(MARGIN, (width - side - MARGIN - panel_w) // 2)
    y = max(MARGIN, (height - panel_h) // 2)
    frame = pygame.Rect(x, y + (panel_h - board_h) // 2, side, side)
    notices = pygame.Rect(x, frame.bottom + GAP, side, strip)
    panel = pygame.Rect(frame.right + MARGIN, y, panel_w, panel_h)
    return _finish(width, height, square, frame, panel, notices, beside=True)


def _below(width: int, height: int, wanted: int) -> Layout:
    """The board on top, then the notice strip, then a wide, short panel."""
    strip = notice_height(width, height)
    room = width - 2 * MARGIN
    for _ in range(2):  # the panel's height depends on the board's width, and back
        panel_h = _below_height(room)
        room = min(room, height - 2 * MARGIN - 2 * GAP - strip - panel_h)
    square = fit_square(room, wanted)
    side = frame_side(square)
    panel_w = min(width - 2 * MARGIN, max(side, BELOW_DESIGN[0] * 4 // 5))
    panel_h = _below_height(panel_w)
    total_h = side + 2 * GAP + strip + panel_h
    y = max(MARGIN, (height - total_h) // 2)
    frame = pygame.Rect((width - side) // 2, y, side, side)
    notices = pygame.Rect(frame.left, frame.bottom + GAP, side, strip)
    panel = pygame.Rect((width - panel_w) // 2, notices.bottom + GAP, panel_w, panel_h)
    return _finish(width, height, square, frame, panel, notices, beside=False)


def _side_width(board_side: float, narrowest: int) -> int:
    return int(max(narrowest, min(SIDE_WIDTH[1], board_side * SIDE_SHARE)))


def _below_height(panel_w: float) -> int:
    scale = max(0.75, min(1.6, panel_w / BELOW_DESIGN[0]))
    return int(BELOW_DESIGN[1] * scale)


def _finish(
    width: int,
    height: int,
    square: int,
    frame: pygame.Rect,
    panel: pygame.Rect,
    notices: pygame.Rect,
    *,
    beside: bool,
) -> Layout:
    border = border_for(square)
    board = pygame.Rect(frame.left + border, frame.top + border, 8 * square, 8 * square)
    return Layout(width, height, square, board, frame, panel, notices, beside)
