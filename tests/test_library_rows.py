"""The Library screen never trusts a row: a name of megabytes or with a NUL, a result that is
not a number, moves that do not replay (four stray bytes in the file, unseen by SQLite's
integrity check) are drawn, cut or shown as damaged with the reason; nothing raises, nothing
freezes; and the list counts moves as players do, passes left out."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.library.database import Library
from othello.app.library.query import Filter, rows
from othello.app.library.rows import Flaw
from othello.gui.app import App
from othello.gui.model import library_words as words
from othello.gui.model.library_list import PAGE
from support.library_screen import fill, open_library
from support.window import frames, press

pytestmark = pytest.mark.usefixtures("data")  # a library of its own (conftest.py)


def spoil(data: Path, column: str, value: object, black: str) -> int:
    """Put ``value`` in ``column`` of the game ``black`` played Black in, as stray bytes in
    the file might; its id."""
    db = sqlite3.connect(data / "library.sqlite3")
    with db:
        (game_id,) = db.execute("SELECT id FROM games WHERE black = ?", (black,)).fetchone()
        db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))
    db.close()
    return int(game_id)


def drawn_texts(app: App) -> list[str]:
    seen: list[str] = []
    render = app.text.render

    def recording(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return render(text, *args, **kwargs)

    app.text.render = recording  # type: ignore[method-assign]
    return seen


def choose(app: App, game_id: int) -> None:
    """Choose the row of ``game_id`` among the rows known."""
    state = app.library_list
    found = [
        number * PAGE + i
        for number, page in state.pages.items()
        for i, row in enumerate(page)
        if row.id == game_id
    ]
    assert found
    state.selected = found[0]
    frames(app)


def test_a_name_of_megabytes_is_read_as_its_first_words(data: Path) -> None:
    fill(data)
    spoil(data, "black", "N" * 10_000_000, "fangr")
    with Library(data / "library.sqlite3") as library:
        found = rows(library, Filter(), 0, 10)
    assert max(len(row.black) for row in found) == 100


def test_a_long_name_and_a_nul_are_drawn_without_a_freeze_or_a_crash(
    make_app: Callable[..., App], data: Path
) -> None:
    fill(data)
    spoil(data, "black", "N" * 5_000, "fangr")
    spoil(data, "black", "her\0cule", "hercule")
    app = make_app()
    seen = drawn_texts(app)
    open_library(app)
    frames(app, 3)
    assert "hercule" in seen
    assert seen and max(len(text) for text in seen) < 200


@pytest.mark.parametrize(
    ("column", "value", "flaw"),
    [
        ("result", "+x", Flaw.RESULT),
        ("result", 1 << 40, Flaw.RESULT),
        ("moves", b"\x25\x2b\x12\x12", Flaw.ILLEGAL),
        ("moves", b"\x25\xff", Flaw.SQUARE),
        ("moves", "f5d6", Flaw.MOVES),
        ("start", "no board at all", Flaw.START),
    ],
)
def test_a_damaged_row_is_shown_as_damaged_and_does_not_open(
    make_app: Callable[..., App], data: Path, column: str, value: object, flaw: Flaw
) -> None:
    fill(data)
    game_id = spoil(data, column, value, "fangr")
    app = make_app()
    before = app.session.game
    seen = drawn_texts(app)
    open_library(app)
    choose(app, game_id)
    row = app.library_list.chosen()
    assert row is not None and row.damage is not None and row.damage.flaw is flaw
    assert words.damaged_cell() in seen
    assert any(text in seen for text in words.damaged_details(row.damage))
    press(pygame.K_RETURN)
    frames(app, 3)
    assert app.find_screen("library") is not None and app.session.game is before


def test_the_list_counts_the_discs_placed_not_the_passes(data: Path) -> None:
    fill(data)
    with Library(data / "library.sqlite3") as library:
        found = {row.black: row for row in rows(library, Filter(), 0, 10)}
    fangr = found["fangr"]  # 60 discs and two passes
    assert fangr.moves == 60
    assert words.details(fangr.opening, fangr.moves, "", "")[0].endswith("60 moves")
