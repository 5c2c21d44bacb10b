"""The window at many sizes: everything on screen, nothing on top of the board, text that fits.

Layouts are pure arithmetic, so most checks need no frames; the ones that draw use the dummy
video driver set up by conftest.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from othello.engine.api import LEVELS
from othello.gui.app import App
from othello.gui.scenes.help import HelpOverlay
from othello.gui.widgets.layout import MIN_WINDOW, compute_layout
from othello.gui.widgets.panel import GRID, Panel
from support.window import frames, press

SIZES = [
    MIN_WINDOW,
    (640, 480),
    (700, 480),
    (900, 400),
    (1000, 700),
    (1280, 800),
    (1920, 1080),
    (540, 900),
    (600, 1000),
    (800, 1200),
    (2560, 1440),
]


def panel_for(app: App, size: tuple[int, int]) -> Panel:
    layout = compute_layout(*size, 10_000)
    panel = Panel(app.text, app.board_renderer)
    panel.relayout(layout)
    return panel


@pytest.mark.parametrize("size", SIZES)
def test_every_button_is_in_the_window_and_off_the_board(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app()
    layout = compute_layout(*size, 10_000)
    panel = panel_for(app, size)
    window = pygame.Rect(0, 0, *size)
    assert (
        window.contains(layout.frame)
        and window.contains(layout.notices)
        and window.contains(layout.panel)
    )
    assert not layout.frame.colliderect(layout.panel) and not layout.frame.colliderect(
        layout.notices
    )
    assert not layout.notices.colliderect(layout.panel)
    assert len(panel.buttons) == 4 + len(GRID)  # colours, level -/+, and the grid
    for i, button in enumerate(panel.buttons):
        assert layout.panel.contains(button.rect), (button.action, button.rect, layout.panel)
        assert button.rect.width >= 24 and button.rect.height >= 20, button  # big enough to hit
        assert not any(button.rect.colliderect(other.rect) for other in panel.buttons[i + 1 :])
    boxes = [(name, rect) for name, rect in panel.rects.items()] + [
        (b.action, b.rect) for b in panel.buttons
    ]
    for i, (name, rect) in enumerate(boxes):
        assert layout.panel.contains(rect), (name, rect)
        assert not any(rect.colliderect(other) for _, other in boxes[i + 1 :]), (
            name
        )  # e.g. status vs "You play"
    assert layout.square >= 20  # still a board one can play on


def test_wide_windows_put_the_panel_beside_the_board_and_tall_ones_below() -> None:
    assert compute_layout(1280, 800, 10_000).beside
    tall = compute_layout(520, 900, 10_000)
    assert not tall.beside and tall.panel.top > tall.frame.bottom
    assert tall.square > compute_layout(*MIN_WINDOW, 10_000).square  # the tall window is used


def test_the_panel_grows_with_a_large_window(make_app: Callable[..., App]) -> None:
    app = make_app()
    small, large = panel_for(app, (1000, 700)), panel_for(app, (1920, 1080))
    assert large.f > 1.4 * small.f
    layout = compute_layout(1920, 1080, 10_000)
    lowest = max(button.rect.bottom for button in large.buttons)
    assert lowest > layout.panel.top + 0.75 * layout.panel.height  # no empty lower half


def test_a_window_made_too_small_goes_back_to_the_minimum(make_app: Callable[..., App]) -> None:
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200)))
    frames(app, 1)
    assert app.screen.get_size() == MIN_WINDOW
    assert app.layout.width == MIN_WINDOW[0] and app.layout.height == MIN_WINDOW[1]


def test_fit_shrinks_then_shortens_text_to_its_box(make_app: Callable[..., App]) -> None:
    app = make_app()
    text, size = app.text.fit("Computer · to move", 400, 13)
    assert (text, size) == ("Computer · to move", 13)
    text, size = app.text.fit(["Computer · to move", "Computer"], 70, 13)
    assert text == "Computer" and app.text.render(text, size).get_width() <= 70
    text, size = app.text.fit("A very long line that cannot fit at all", 80, 16)
    assert text.endswith("…") and app.text.render(text, size).get_width() <= 80
    lines, size = app.text.fit_lines("one two three four five six seven eight nine ten", 90, 2, 16)
    assert len(lines) <= 2 and all(app.text.render(line, size).get_width() <= 90 for line in lines)


def test_a_path_wraps_at_its_spaces_and_slashes_never_after_a_dot(
    make_app: Callable[..., App],
) -> None:
    from othello.gui.widgets.text import wrap

    app = make_app()
    said = "Your settings are in /home/player/.local/share/othello/choices.json, kept apart."
    at_a_slash = 0
    for width in range(120, 420, 10):
        lines = wrap(said, app.text.font(13), width)
        assert not any(line.endswith("/.") for line in lines), lines  # not "/home/." | "local"
        assert " ".join(lines).replace(" ", "") == said.replace(" ", "")
        at_a_slash += any(line.endswith("/") for line in lines)  # "~/.local/" | "share/..."
    assert at_a_slash


@pytest.mark.parametrize("size", SIZES)
def test_every_level_description_is_shown_whole_where_it_is_shown(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app()
    panel = panel_for(app, size)
    if "level-help" not in panel.rects:
        return  # a panel this short drops the description altogether
    rect = panel.rects["level-help"]
    for level in LEVELS:
        lines, px = panel.level_help_lines(level.description)
        assert " ".join(lines) == level.description, (level.number, lines)
        assert all(app.text.render(line, px).get_width() <= rect.width for line in lines)
        assert len(lines) * (px + 4) - 4 <= rect.height + panel.px(10)  # within its row


@pytest.mark.parametrize("size", [(640, 480), (540, 900), MIN_WINDOW])
def test_score_labels_fit_their_boxes_when_the_human_plays_white(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(human_color="white", window_width=size[0], window_height=size[1])
    frames(app, 1)
    score = app.panel.rects["score"]
    half = score.width // 2
    for name in ("Computer · to move", "You · to move"):
        text, px = app.text.fit(
            [name, name.split(" ·")[0]], half - 2 * app.panel.px(10), app.panel.size(13)
        )
        assert app.text.render(text, px).get_width() <= half


@pytest.mark.parametrize("size", [(640, 480), MIN_WINDOW, (1280, 800)])
def test_help_fits_the_window_and_hides_what_is_under_it(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(window_width=size[0], window_height=size[1])
    press(pygame.K_F1)
    frames(app, 1)
    help_card = next(s for s in app.scenes if isinstance(s, HelpOverlay))
    assert app.screen.get_rect().contains(help_card.rect)
    # Opaque: drawn over white or over black, the inside of the card looks the same.
    inside = help_card.rect.inflate(-30, -30)
    looks = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface(app.screen.get_size())
        surface.fill(under)
        help_card.draw(surface)
        looks.append(pygame.image.tobytes(surface.subsurface(inside), "RGB"))
    assert looks[0] == looks[1]


# ----- the board gets the larger share, and the end card fits at every size -------------------


@pytest.mark.parametrize("width", range(MIN_WINDOW[0], 2000, 60))
@pytest.mark.parametrize("height", range(MIN_WINDOW[1], 1200, 80))
def test_the_board_gets_the_larger_share(width: int, height: int) -> None:
    layout = compute_layout(width, height, 10_000)
    if layout.beside:
        assert layout.frame.width > layout.panel.width
    else:
        assert layout.frame.height > layout.panel.height


def test_the_smallest_window_is_mostly_board() -> None:
    layout = compute_layout(*MIN_WINDOW, 70)
    assert layout.frame.width * layout.frame.height > layout.panel.width * layout.panel.height
    assert layout.square >= 30  # it was 25 (a 200 px board beside a 240 px panel)


ENDED = "d3c3b3d2e1d6d7e3f4"  # finished with 51 empty squares: 13-0 on the board, 64-0 scored


@pytest.mark.parametrize("size", SIZES)
def test_the_end_card_text_fits_whole_at_every_size(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    from othello.core.game import Game
    from othello.gui.scenes.end_card import EndOverlay

    app = make_app(window_width=size[0], window_height=size[1])
    app.session.set_game(Game.from_transcript(ENDED))
    frames(app, 2)
    card = app.find_scene(EndOverlay)
    assert card is not None and len(card.lines) == 6  # four lines and two buttons
    assert not any(line.endswith("…") for line in card.lines), card.lines
    assert any("64–0" in line for line in card.lines)  # the score with the empties, said


def test_a_path_never_breaks_after_its_root_and_a_setting_keeps_its_value(
    make_app: Callable[..., App],
) -> None:
    """Issue 51, item 13: the strip broke "/" | "home/player/..." (after the root alone) and
    "FPS" | "= 20"; a path breaks only after a folder's name, a setting stays with its value."""
    from othello.gui.widgets.text import wrap

    app = make_app()
    said = (
        "FPS = 20 in /home/player/.config/othello/othello.ini is used; C:\\Users\\ann\\x.ini too."
    )
    for width in range(60, 480, 6):
        lines = wrap(said, app.text.font(13), width)
        assert not any(line.endswith((" /", " C:\\")) or line in ("/", "C:\\") for line in lines)
        assert not any(line.endswith("FPS") or line.startswith("= 20") for line in lines), lines
        assert not any(line.endswith(" =") or line.startswith("20 ") for line in lines), lines
