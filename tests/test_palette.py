"""A colour changed is a colour drawn: what the board keeps drawn is kept with the palette
it was drawn in (not the palette's name), a texture shows only in the colour it was made in,
and a change to any of othello.ini's [DISPLAY] keys is shown at once, a new key's too."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from othello.app.settings.keys import KEYS
from othello.gui import live_settings
from othello.gui.app import App
from othello.gui.widgets import palette
from support.window import frames

RED = (200, 30, 40)


@pytest.fixture(autouse=True)
def classic_again() -> Iterator[None]:
    yield
    palette.apply("classic")


def felt_pixel(app: App) -> tuple[int, int, int]:
    """The colour of the felt in the middle of b1 (no grid line, no star point, no disc),
    on the board's kept picture."""
    x, y = app.layout.square_center(1)
    colour = app.board_renderer.static(app.layout).get_at((x, y))
    return (colour.r, colour.g, colour.b)


def test_a_palette_changed_under_the_same_name_is_drawn_again(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    frames(app)
    first = felt_pixel(app)
    palette.now = replace(palette.CLASSIC, felt=RED, textures=False)  # still called "classic"
    assert palette.now.name == "classic" and first != RED
    assert felt_pixel(app) == RED
    disc = app.board_renderer.disc_sized(40, "black")
    palette.now = replace(palette.now, black_disc=(90, 0, 0))
    assert app.board_renderer.disc_sized(40, "black") is not disc  # the discs too


def test_a_felt_colour_shows_through_the_classic_texture(make_app: Callable[..., App]) -> None:
    app = make_app()
    frames(app)
    textured = felt_pixel(app)
    assert palette.now.textures and app.res.images.get("felt.png") is not None
    palette.now = replace(palette.CLASSIC, felt=RED)  # the texture was made in another green
    assert felt_pixel(app) == RED != textured
    palette.apply("classic")
    assert felt_pixel(app) == textured  # the shipped palette keeps its texture


NEW_VALUES: dict[str, Any] = {"language": "ja", "theme": "dark", "text_size": "larger"}
"""A value other than the default for each [DISPLAY] key: a new key needs one here."""


def test_the_display_keys_are_othello_ini_s_display_section() -> None:
    fields = [key.field for key in KEYS if key.section == "DISPLAY"]
    assert list(live_settings.DISPLAY_FIELDS) == fields and set(NEW_VALUES) == set(fields)


@pytest.mark.parametrize("field", live_settings.DISPLAY_FIELDS)
def test_a_saved_change_to_any_display_key_is_shown_at_once(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, field: str
) -> None:
    app = make_app()
    frames(app)
    shown: list[object] = []
    monkeypatch.setattr(app.live_settings, "show_display", shown.append)
    changed = replace(app.settings, **{field: NEW_VALUES[field]})
    app.live_settings.apply(changed)
    assert shown == [changed]
