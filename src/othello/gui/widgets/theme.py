"""Colours and sizes shared by everything the window draws."""

from __future__ import annotations

BACKGROUND_TOP = (34, 38, 44)
BACKGROUND_BOTTOM = (18, 20, 24)
FELT = (22, 112, 64)
WOOD = (92, 56, 30)
GRID = (10, 60, 32)
COORD = (238, 222, 190)
BLACK_DISC = (28, 28, 30)
WHITE_DISC = (236, 236, 228)
LEGAL_MARK = (236, 240, 214, 170)  # a pale ring: seen on the felt, quieter than a disc
LEGAL_FILL = (236, 240, 214, 60)
LAST_MOVE = (232, 72, 56)
CURSOR = (255, 214, 74)
HINT_BEST = (255, 214, 74)
HINT_TEXT = (250, 250, 240)

PANEL = (44, 49, 57)
PANEL_EDGE = (64, 70, 80)
TEXT = (232, 234, 238)
TEXT_DIM = (150, 156, 166)
ACCENT = (70, 160, 110)
BUTTON = (60, 66, 77)
BUTTON_HOVER = (76, 84, 97)
BUTTON_DISABLED = (50, 54, 62)
CLOCK_LOW = (196, 52, 44)  # a clock in its last seconds
STATUS_BUSY = (58, 52, 30)  # the status box while the computer thinks: warm, like the spinner
# the review's marks on the graph: a mistake, a blunder (inaccuracies are too many to stand out)
MARK_COLORS = {"mistake": (240, 140, 50), "blunder": (232, 60, 60)}
BANNER = (16, 18, 22, 220)
TOAST = (30, 34, 40, 235)
