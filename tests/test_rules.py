"""How Othello is played, for a player who never has: the rules in a few lines on the help
card (F1, then Tab) and in the README, with a picture of a flip made by the game's own
position picture."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame

from othello.core.notation import parse_square, square_name
from othello.gui.app import App
from othello.gui.scenes.help import RULES, HelpOverlay, Page
from othello.gui.widgets.position_picture import picture_font
from othello.gui.widgets.rules_picture import MOVE, flip_boards, flip_picture
from support.window import frames, press

ROOT = Path(__file__).resolve().parent.parent


def test_the_pictured_move_turns_discs_over_in_three_directions() -> None:
    before, after, turned = flip_boards()
    assert before.side_to_move == "black" and MOVE in before.legal_moves()
    assert sorted(square_name(sq) for sq in turned) == ["e3", "e4", "f4"]
    row, col = divmod(parse_square(MOVE), 8)
    ways = {
        ((r > row) - (r < row), (c > col) - (c < col))
        for r, c in map(lambda s: divmod(s, 8), turned)
    }
    assert len(ways) == 3  # across, down and diagonally
    assert after.count()[0] == before.count()[0] + 1 + len(turned)


def test_f1_then_tab_shows_the_rules_and_tab_again_the_keys(make_app: Callable[..., App]) -> None:
    app = make_app()
    press(pygame.K_F1)
    frames(app, 1)
    card = app.find_scene(HelpOverlay)
    assert card is not None and card.page is Page.KEYS
    press(pygame.K_TAB)
    frames(app, 1)
    assert card.page is Page.RULES and app.find_scene(HelpOverlay) is card
    assert card.lines[0].startswith("• Black moves first")
    assert any("turns over" in line for line in card.lines)
    press(pygame.K_TAB)
    frames(app, 1)
    assert card.page is Page.KEYS
    press(pygame.K_SPACE)  # any other key closes
    frames(app, 1)
    assert app.find_scene(HelpOverlay) is None


def test_the_readme_says_the_same_rules_with_the_picture() -> None:
    readme = re.sub(r"\s+", " ", (ROOT / "README.md").read_text(encoding="utf-8"))
    for rule in RULES:
        assert rule in readme
    assert "](docs/rules-flip.png)" in readme
    pygame.font.init()
    shipped = pygame.image.load(str(ROOT / "docs" / "rules-flip.png"))
    assert shipped.get_size() == flip_picture(picture_font(), 560).get_size()
