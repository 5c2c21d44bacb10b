"""Colours shared by everything the window draws: the palette in effect (othello.ini's THEME:
classic, high-contrast or dark), read as ``palette.now.felt`` where they are drawn.

What carries meaning on the board and in the graph is drawn in colours from Okabe and Ito's
palette for colour-blind eyes (the same in every palette), and each is also told apart by its
shape: the hint's best move a full frame in yellow, the keyboard cursor corner brackets in sky
blue, the last move a vermillion dot, legal moves pale rings, the explorer's most played move
a dashed purple frame, the graph's mistakes sky-blue triangles and blunders larger vermillion
diamonds, a puzzle's right answer a sky-blue frame and a wrong one a vermillion frame crossed
out. tests/test_colour_vision.py checks, on rendered screens, that they stay apart for
protanopia, deuteranopia and tritanopia (scripts/colour_vision.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from othello.app.settings.keys import PALETTES, PaletteName
from othello.core.kinds import chosen

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# The marks: Okabe & Ito (2008), "Color Universal Design"
YELLOW = (240, 228, 66)
SKY_BLUE = (86, 180, 233)
VERMILLION = (213, 94, 0)
REDDISH_PURPLE = (204, 121, 167)


@dataclass(frozen=True)
class Palette:
    """One palette's colours, by what they paint."""

    name: PaletteName
    textures: bool
    background_top: RGB
    background_bottom: RGB
    felt: RGB
    wood: RGB
    frame_edge: RGB
    grid: RGB
    coord: RGB
    black_disc: RGB
    white_disc: RGB
    disc_outline: RGB | None
    legal_mark: RGBA
    legal_fill: RGBA
    last_move: RGB
    last_move_edge: RGB
    key_cursor: RGB
    cursor: RGB
    hint_best: RGB
    hint_text: RGB
    explorer_frame: RGB
    right: RGB
    wrong: RGB
    panel: RGB
    panel_edge: RGB
    text: RGB
    text_dim: RGB
    accent: RGB
    button: RGB
    button_hover: RGB
    button_disabled: RGB
    clock_low: RGB
    button_edge: RGB | None
    status_busy: RGB
    mark_colors: Mapping[str, RGB]
    banner: RGBA
    toast: RGBA
    card: RGB


CLASSIC = Palette(
    name="classic",
    textures=True,  # felt and wood pictures under the board (classic only)
    background_top=(34, 38, 44),
    background_bottom=(18, 20, 24),
    felt=(22, 112, 64),
    wood=(92, 56, 30),
    frame_edge=(40, 24, 12),
    grid=(10, 60, 32),
    coord=(238, 222, 190),
    black_disc=(28, 28, 30),
    white_disc=(236, 236, 228),
    disc_outline=None,  # high contrast: a rim round every disc
    legal_mark=(236, 240, 214, 170),  # a pale ring: seen on the felt, quieter than a disc
    legal_fill=(236, 240, 214, 60),
    last_move=VERMILLION,
    last_move_edge=(250, 250, 240),  # a light rim: the dot reads on a black disc too
    key_cursor=SKY_BLUE,  # the keyboard's square: corner brackets
    cursor=(255, 214, 74),  # the window's highlight: the spinner, the banner, a chosen row
    hint_best=YELLOW,
    hint_text=(250, 250, 240),
    explorer_frame=REDDISH_PURPLE,
    right=SKY_BLUE,
    wrong=(238, 118, 50),  # vermillion, lighter: read as text on the dark card too
    panel=(44, 49, 57),
    panel_edge=(64, 70, 80),
    text=(232, 234, 238),
    text_dim=(150, 156, 166),
    accent=(70, 160, 110),
    button=(60, 66, 77),
    button_hover=(76, 84, 97),
    button_disabled=(50, 54, 62),
    clock_low=(196, 52, 44),  # a clock in its last seconds
    button_edge=None,  # high contrast: every button outlined
    status_busy=(58, 52, 30),  # the status box while the computer thinks: warm, like the spinner
    # the review's marks on the graph: a mistake, a blunder (inaccuracies are too many to stand out)
    mark_colors={"mistake": SKY_BLUE, "blunder": VERMILLION},
    banner=(16, 18, 22, 220),
    toast=(30, 34, 40, 235),
    card=(24, 27, 32),
)

DARK = replace(
    CLASSIC,
    name="dark",
    textures=False,
    background_top=(16, 17, 20),
    background_bottom=(8, 9, 11),
    felt=(30, 58, 50),
    wood=(38, 34, 32),
    frame_edge=(20, 18, 16),
    grid=(16, 32, 28),
    coord=(170, 176, 184),
    black_disc=(20, 20, 22),
    white_disc=(214, 214, 208),
    legal_mark=(200, 214, 206, 150),
    legal_fill=(200, 214, 206, 40),
    panel=(26, 28, 33),
    panel_edge=(44, 48, 56),
    text=(214, 218, 224),
    text_dim=(132, 138, 148),
    accent=(46, 112, 84),
    button=(40, 44, 52),
    button_hover=(54, 60, 70),
    button_disabled=(32, 35, 41),
    status_busy=(48, 42, 22),
    toast=(22, 24, 29, 240),
    card=(18, 20, 24),
)

HIGH_CONTRAST = replace(
    CLASSIC,
    name="high-contrast",
    textures=False,
    background_top=(0, 0, 0),
    background_bottom=(0, 0, 0),
    felt=(0, 120, 60),
    wood=(0, 0, 0),
    frame_edge=(255, 255, 255),
    grid=(0, 0, 0),
    coord=(255, 255, 255),
    black_disc=(0, 0, 0),
    white_disc=(255, 255, 255),
    disc_outline=(255, 255, 255),
    legal_mark=(255, 255, 255, 255),
    legal_fill=(255, 255, 255, 90),
    last_move_edge=(255, 255, 255),
    hint_text=(255, 255, 255),
    panel=(0, 0, 0),
    panel_edge=(255, 255, 255),
    text=(255, 255, 255),
    text_dim=(190, 190, 190),  # still 10:1 on black; a disabled button is told apart
    accent=(0, 90, 160),
    button=(0, 0, 0),
    button_hover=(40, 40, 40),
    button_disabled=(0, 0, 0),
    button_edge=(255, 255, 255),
    status_busy=(60, 50, 0),
    banner=(0, 0, 0, 255),
    toast=(0, 0, 0, 255),
    card=(0, 0, 0),
    cursor=(255, 230, 0),
)
TEXTURE_COLOURS: dict[str, RGB] = {"felt.png": CLASSIC.felt, "wood.png": CLASSIC.wood}
"""Each texture (resources/) and the colour it was made in: a palette whose colour is another
draws it flat (widgets/board.py), so a changed colour shows."""
BY_NAME: dict[PaletteName, Palette] = {
    palette.name: palette for palette in (CLASSIC, DARK, HIGH_CONTRAST)
}

now: Palette = CLASSIC
"""The palette in effect: what everything drawn reads (``palette.now.felt``); only ``apply``
changes it."""


def apply(name: str) -> str:
    """Draw with ``name``'s colours from now on (classic for a name it does not know);
    returns the palette in effect. Whatever was drawn once and kept (the board's picture, the
    discs, the rules' picture) is kept with the palette it was drawn in, so it is drawn
    again."""
    global now
    known = chosen(name, PALETTES)
    now = CLASSIC if known is None else BY_NAME[known]
    return now.name
