"""The shipped fonts draw every sentence of every catalog: no missing-glyph box, on a machine
without CJK fonts of its own (the window reads only its own resources). Each language's text
is drawn in its own font (Japanese in the Japanese face, not in the Chinese one), the fonts
stay small, and their licences are beside them."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pygame
import pytest

from othello.app import i18n
from othello.app.files.paths import resources_dir
from othello.gui.services.fonts import FontChain
from othello.gui.services.resources import (
    CJK_FONTS,
    FONT_BOLD,
    FONT_REGULAR,
    Resources,
    load_resources,
)

CODES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]


@pytest.fixture(scope="module")
def res() -> Iterator[Resources]:
    pygame.font.init()
    problems: list[str] = []
    yield load_resources(lambda name, words: problems.append(name))
    assert problems == []


def catalog(code: str) -> dict[object, str]:
    path = i18n.locale_dir() / code / "LC_MESSAGES" / "othello.mo"
    with open(path, "rb") as file:
        return dict(gettext.GNUTranslations(file)._catalog)  # type: ignore[attr-defined]


def translations(code: str) -> str:
    return "".join(sorted({c for key, text in catalog(code).items() if key for c in text}))


def english() -> str:
    keys = catalog("fr")
    words = [key[0] if isinstance(key, tuple) else str(key) for key in keys]
    return "".join(sorted({c for word in words for c in word}))


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("bold", [False, True])
def test_every_translation_has_its_glyphs(res: Resources, code: str, bold: bool) -> None:
    chain = res.font(16, bold, code)
    assert chain.missing(translations(code)) == ""


def test_the_english_sentences_have_their_glyphs(res: Resources) -> None:
    for bold in (False, True):
        assert res.font(16, bold, "en").missing(english()) == ""


@pytest.mark.parametrize("code", CODES)
def test_each_language_is_drawn_in_its_own_font(res: Resources, code: str) -> None:
    """Every character of a catalog is in the language's first font: a Japanese sentence is
    never drawn half in a Chinese face, a French one never in a CJK one."""
    chain = res.font(16, False, code)
    text = translations(code)
    assert {c for c in text if chain.coverage.index(c) != 0} == set()


def test_every_language_names_itself_in_its_own_font(res: Resources) -> None:
    for code, name in i18n.LANGUAGES.items():
        chain = res.font(16, False, code)
        assert chain.missing(name) == "" and all(chain.coverage.index(c) == 0 for c in name)
    # and any language can show the Settings card's list of them all
    every = "".join(i18n.LANGUAGES.values())
    assert res.font(16, True, "en").missing(every) == ""


def test_a_missing_glyph_is_told(res: Resources) -> None:
    """The check itself: a character no shipped font has is found missing (pygame would
    draw its .notdef box), one some fallback has is not."""
    chain = res.font(16, False, "en")
    assert chain.missing("a\u0e01b") == "\u0e01"  # Thai: in none of ours
    assert chain.missing("日本") == "" and chain.coverage.index("日") != 0


def test_a_line_mixing_scripts_is_one_picture_on_one_baseline(res: Resources) -> None:
    chain = res.font(20, False, "en")
    mixed = chain.render("Othello 日本語 한국어", True, (255, 255, 255))
    alone = chain.render("Othello", True, (255, 255, 255))
    assert mixed.get_width() > 2 * alone.get_width()
    assert (
        chain.size("Othello 日本語")[0]
        == chain.render("Othello 日本語", True, (0, 0, 0)).get_width()
    )


def test_the_fonts_are_small_and_licensed() -> None:
    folder = resources_dir()
    names = [FONT_REGULAR, FONT_BOLD, *CJK_FONTS.values()]
    sizes = {name: (folder / name).stat().st_size for name in names}
    assert sum(sizes.values()) < 900_000, sizes  # whole Noto Sans CJK: 19 MB
    assert max(sizes[name] for name in CJK_FONTS.values()) < 300_000
    for licence in ("LICENSE-DejaVu.txt", "LICENSE-NotoSansCJK.txt"):
        assert (folder / licence).is_file()
    assert "SIL OPEN FONT LICENSE" in (folder / "LICENSE-NotoSansCJK.txt").read_text()


def test_a_chain_is_a_font(res: Resources) -> None:
    chain = res.font(14)
    assert isinstance(chain, FontChain)
    assert chain.get_height() > 0 and chain.get_linesize() > 0
