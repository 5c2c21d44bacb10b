"""The Library screen speaks the window's language: its headings, filter labels and buttons
drawn in Japanese and German, read back from what the screen rendered."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from othello.app import i18n
from othello.gui.app import App
from othello.gui.model import library_words as words
from othello.gui.scenes.library import LibraryOverlay
from support.library_screen import fill, open_library

pytestmark = pytest.mark.usefixtures("data")  # a library of its own (conftest.py)


def drawn_texts(app: App) -> list[str]:
    """Every text the window renders from now on."""
    seen: list[str] = []
    render = app.text.render

    def recording(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return render(text, *args, **kwargs)

    app.text.render = recording  # type: ignore[method-assign]
    return seen


@pytest.mark.parametrize("language", ["ja", "de"])
def test_the_library_screen_draws_its_headings_in_the_language(
    make_app: Callable[..., App], data: Path, language: str
) -> None:
    fill(data)
    app = make_app(language=language)
    try:
        assert i18n.language() == language
        seen = drawn_texts(app)
        open_library(app)
        app.frame(1 / 30)
        headings = words.columns()  # looked up now, in the window's language
        english = {"Date", "Black", "White", "Result", "Opening", "Source"}
        assert not set(headings.values()) & english  # the catalog has them all
        scene = app.find_scene(LibraryOverlay)
        assert scene is not None
        shown = set(scene.hits.table.headings)
        assert shown >= {"date", "black", "white", "result"}
        for column in shown:  # each heading drawn as translated (the order's with its arrow)
            assert any(text.startswith(headings[column]) for text in seen), (column, seen)
        assert not english & set(seen)  # no English heading drawn
        assert words.button("open")[0] in seen and words.button("close")[0] in seen
        assert any(text.startswith(words.title()) for text in seen)
    finally:
        i18n.set_language("en")
