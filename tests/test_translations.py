"""Every catalog complete and current: each sentence the window marks is translated (plural
forms as the language has them, placeholders kept), each catalog uses its glossary's words,
and each compiled catalog is what its .po says. The checks are tests/support/translation_checks.py's
(``scripts/translations.py check`` lists the same problems)."""

from __future__ import annotations

import gettext
import re

import pytest

from othello.app import i18n
from support import translation_checks as checks

CODES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
PLURAL_FORMS = {
    "ja": "nplurals=1; plural=0;",
    "zh_CN": "nplurals=1; plural=0;",
    "zh_TW": "nplurals=1; plural=0;",
    "ko": "nplurals=1; plural=0;",
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
}


def test_there_is_a_catalog_and_a_glossary_for_every_language() -> None:
    assert sorted(checks.catalogs()) == sorted(CODES)
    for code in CODES:
        assert checks.glossary(code), code
        assert checks.mo_path(code).is_file(), code


def test_the_sources_mark_what_the_window_shows() -> None:
    marked = checks.marked()
    assert (None, "New game") in marked and ("opening", "Tiger") in marked
    assert marked[(None, "{n} move")] == "{n} moves"
    assert ("level", "Expert") in marked and ("button, short", "New") in marked
    assert len(marked) > 400


@pytest.mark.parametrize("code", CODES)
def test_every_marked_sentence_is_translated(code: str) -> None:
    po = checks.read_po(checks.catalogs()[code])
    assert checks.catalog_problems(code, po, checks.marked()) == []


@pytest.mark.parametrize("code", CODES)
def test_plural_forms_are_the_languages(code: str) -> None:
    po = checks.read_po(checks.catalogs()[code])
    assert po.header["Plural-Forms"] == PLURAL_FORMS[code]
    plurals = [e for e in po.entries.values() if e.plural is not None]
    assert plurals and all(len(e.strings) == po.nplurals for e in plurals)


@pytest.mark.parametrize("code", CODES)
def test_each_catalog_uses_its_glossarys_words(code: str) -> None:
    po = checks.read_po(checks.catalogs()[code])
    assert checks.glossary_problems(code, po) == []


@pytest.mark.parametrize("code", CODES)
def test_the_compiled_catalog_is_the_po_as_it_is(code: str) -> None:
    po = checks.read_po(checks.catalogs()[code])
    assert checks.stale_problems(code, po) == []


def test_a_stale_catalog_is_found() -> None:
    """The staleness check itself: a .po changed after compiling is reported."""
    po = checks.read_po(checks.catalogs()["fr"])
    entry = po.entries[(None, "New game")]
    entry.strings = ["Une autre partie"]
    assert checks.stale_problems("fr", po) != []


def test_a_missing_translation_and_a_lost_placeholder_are_found() -> None:
    po = checks.read_po(checks.catalogs()["de"])
    del po.entries[(None, "New game")]
    po.entries[(None, "Saved to {path}")].strings = ["Gespeichert"]
    found = checks.catalog_problems("de", po, checks.marked())
    assert any("New game" in line and "not translated" in line for line in found)
    assert any("Saved to" in line and "placeholders" in line for line in found)


def test_the_glossary_check_finds_a_wrong_word() -> None:
    po = checks.read_po(checks.catalogs()["ja"])
    po.entries[(None, "place a disc")].strings = ["ディスクを置く"]
    found = checks.glossary_problems("ja", po)
    assert any("place a disc" in line for line in found)


def test_japanese_opening_names_are_the_traditional_ones() -> None:
    """Where Japanese players have a name of their own (the animals and the rest), the
    window says it; elsewhere the English name stays (see po/glossary/ja.tsv)."""
    i18n.set_language("ja")
    names = {name: gettext_opening(name) for name in ("Tiger", "Cow", "Cat", "Horse", "Swallow")}
    assert names == {"Tiger": "虎定石", "Cow": "牛定石", "Cat": "猫定石", "Horse": "馬定石",
                     "Swallow": "燕定石"}  # fmt: skip
    assert gettext_opening("Rose") == "ローズ" and gettext_opening("Landau") == "Landau"
    i18n.set_language("de")
    assert gettext_opening("Tiger") == "Tiger"


def gettext_opening(name: str) -> str:
    return i18n.pgettext("opening", name)


@pytest.mark.parametrize("code", CODES)
def test_every_translation_formats_with_its_placeholders(code: str) -> None:
    """A translation ``format``s with the values the code gives its English sentence."""
    translations = gettext.translation("othello", str(i18n.locale_dir()), [code])
    for (context, msgid), plural in checks.marked().items():
        names = {name: "x" for name in re.findall(r"\{(\w+)\}", msgid + (plural or ""))}
        if plural is not None:
            for n in (1, 2, 5):
                text = (
                    translations.npgettext(context, msgid, plural, n)
                    if context
                    else translations.ngettext(msgid, plural, n)
                )
                text.format(**names)
        else:
            text = translations.pgettext(context, msgid) if context else translations.gettext(msgid)
            text.format(**names)
