"""Colours shared by everything the window draws, for the theme in effect (THEME in
othello.ini: classic, high-contrast or dark), read as ``theme.FELT`` where they are drawn.

What carries meaning on the board and in the graph is drawn in colours from Okabe and Ito's
palette for colour-blind eyes (the same in every theme), and each is also told apart by its
shape: the hint's best move a full frame in yellow, the keyboard cursor corner brackets in sky
blue, the last move a vermillion dot, legal moves pale rings, the explorer's most played move
a dashed purple frame, the graph's mistakes sky-blue triangles and blunders larger vermillion
diamonds, a puzzle's right answer a sky-blue frame and a wrong one a vermillion frame crossed
out. tests/test_colour_vision.py checks, on rendered screens, that they stay apart for
protanopia, deuteranopia and tritanopia (scripts/colour_vision.py).
"""

from __future__ import annotations

Colour = tuple[int, ...]

# The marks: Okabe & Ito (2008), "Color Universal Design"
YELLOW = (240, 228, 66)
SKY_BLUE = (86, 180, 233)
VERMILLION = (213, 94, 0)
REDDISH_PURPLE = (204, 121, 167)
ORANGE = (230, 159, 0)

NAME = "classic"
TEXTURES = True  # felt and wood pictures under the board (classic only)
BACKGROUND_TOP = (34, 38, 44)
BACKGROUND_BOTTOM = (18, 20, 24)
FELT = (22, 112, 64)
WOOD = (92, 56, 30)
FRAME_EDGE = (40, 24, 12)
GRID = (10, 60, 32)
COORD = (238, 222, 190)
BLACK_DISC = (28, 28, 30)
WHITE_DISC = (236, 236, 228)
DISC_OUTLINE: Colour | None = None  # high contrast: a rim round every disc
LEGAL_MARK = (236, 240, 214, 170)  # a pale ring: seen on the felt, quieter than a disc
LEGAL_FILL = (236, 240, 214, 60)
LAST_MOVE = VERMILLION
LAST_MOVE_EDGE = (250, 250, 240)  # a light rim: the dot reads on a black disc too
KEY_CURSOR = SKY_BLUE  # the keyboard's square: corner brackets
CURSOR = (255, 214, 74)  # the window's highlight: the spinner, the banner, a chosen row
HINT_BEST = YELLOW
HINT_TEXT = (250, 250, 240)
EXPLORER_FRAME = REDDISH_PURPLE
RIGHT = SKY_BLUE
WRONG = (238, 118, 50)  # vermillion, lighter: read as text on the dark card too

PANEL = (44, 49, 57)
PANEL_EDGE = (64, 70, 80)
TEXT = (232, 234, 238)
TEXT_DIM = (150, 156, 166)
ACCENT = (70, 160, 110)
BUTTON = (60, 66, 77)
BUTTON_HOVER = (76, 84, 97)
BUTTON_DISABLED = (50, 54, 62)
CLOCK_LOW = (196, 52, 44)  # a clock in its last seconds
BUTTON_EDGE: Colour | None = None  # high contrast: every button outlined
STATUS_BUSY = (58, 52, 30)  # the status box while the computer thinks: warm, like the spinner
# the review's marks on the graph: a mistake, a blunder (inaccuracies are too many to stand out)
MARK_COLORS = {"mistake": SKY_BLUE, "blunder": VERMILLION}
BANNER = (16, 18, 22, 220)
TOAST = (30, 34, 40, 235)
CARD = (24, 27, 32)

CLASSIC = {name: value for name, value in globals().items() if name.isupper()}

THEMES: dict[str, dict[str, object]] = {
    "classic": CLASSIC,
    "dark": {
        **CLASSIC,
        "NAME": "dark",
        "TEXTURES": False,
        "BACKGROUND_TOP": (16, 17, 20),
        "BACKGROUND_BOTTOM": (8, 9, 11),
        "FELT": (30, 58, 50),
        "WOOD": (38, 34, 32),
        "FRAME_EDGE": (20, 18, 16),
        "GRID": (16, 32, 28),
        "COORD": (170, 176, 184),
        "BLACK_DISC": (20, 20, 22),
        "WHITE_DISC": (214, 214, 208),
        "LEGAL_MARK": (200, 214, 206, 150),
        "LEGAL_FILL": (200, 214, 206, 40),
        "PANEL": (26, 28, 33),
        "PANEL_EDGE": (44, 48, 56),
        "TEXT": (214, 218, 224),
        "TEXT_DIM": (132, 138, 148),
        "ACCENT": (46, 112, 84),
        "BUTTON": (40, 44, 52),
        "BUTTON_HOVER": (54, 60, 70),
        "BUTTON_DISABLED": (32, 35, 41),
        "STATUS_BUSY": (48, 42, 22),
        "TOAST": (22, 24, 29, 240),
        "CARD": (18, 20, 24),
    },
    "high-contrast": {
        **CLASSIC,
        "NAME": "high-contrast",
        "TEXTURES": False,
        "BACKGROUND_TOP": (0, 0, 0),
        "BACKGROUND_BOTTOM": (0, 0, 0),
        "FELT": (0, 120, 60),
        "WOOD": (0, 0, 0),
        "FRAME_EDGE": (255, 255, 255),
        "GRID": (0, 0, 0),
        "COORD": (255, 255, 255),
        "BLACK_DISC": (0, 0, 0),
        "WHITE_DISC": (255, 255, 255),
        "DISC_OUTLINE": (255, 255, 255),
        "LEGAL_MARK": (255, 255, 255, 255),
        "LEGAL_FILL": (255, 255, 255, 90),
        "LAST_MOVE_EDGE": (255, 255, 255),
        "HINT_TEXT": (255, 255, 255),
        "PANEL": (0, 0, 0),
        "PANEL_EDGE": (255, 255, 255),
        "TEXT": (255, 255, 255),
        "TEXT_DIM": (190, 190, 190),  # still 10:1 on black; a disabled button is told apart
        "ACCENT": (0, 90, 160),
        "BUTTON": (0, 0, 0),
        "BUTTON_HOVER": (40, 40, 40),
        "BUTTON_DISABLED": (0, 0, 0),
        "BUTTON_EDGE": (255, 255, 255),
        "STATUS_BUSY": (60, 50, 0),
        "BANNER": (0, 0, 0, 255),
        "TOAST": (0, 0, 0, 255),
        "CARD": (0, 0, 0),
        "CURSOR": (255, 230, 0),
    },
}


def apply(name: str) -> str:
    """Draw with ``name``'s colours from now on (classic for a name it does not know);
    returns the theme in effect. Whatever was drawn once and kept (the board's picture, the
    discs) is keyed by NAME, so it is drawn again."""
    palette = THEMES.get(name, CLASSIC)
    globals().update(palette)
    return str(palette["NAME"])
