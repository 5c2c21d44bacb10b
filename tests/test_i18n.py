"""The window's language: which one (the LANGUAGE setting, the system's at ``auto``), its
catalog, numbers as the language writes them; the command line stays English."""

from __future__ import annotations

from pathlib import Path

import pytest

from othello import cli
from othello.app import i18n
from othello.app.commands.where import where_report
from othello.app.files import paths
from othello.app.settings.loading import load_settings, parse_ini
from othello.engine.levels import FIRST_LEVEL


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("ja_JP.UTF-8", "ja"),
        ("ja", "ja"),
        ("zh-Hant", "zh_TW"),
        ("zh_HK", "zh_TW"),
        ("zh-Hans-CN", "zh_CN"),
        ("zh", "zh_CN"),
        ("zh_CN.GB18030", "zh_CN"),
        ("ko-KR", "ko"),
        ("de_AT@euro", "de"),
        ("fr-CA", "fr"),
        ("es_MX", "es"),
        ("en_GB", "en"),
        ("pt_BR", None),
        ("C", None),
        ("POSIX", None),
        ("", None),
    ],
)
def test_a_system_language_tag_names_the_catalog(tag: str, code: str | None) -> None:
    assert i18n.normalize(tag) == code


def test_the_system_language_is_the_first_the_window_speaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.sys, "platform", "linux")
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LC_ALL", "ko_KR.UTF-8")  # LC_ALL before LANG, as gettext reads them
    assert i18n.system_language() == "ko"
    monkeypatch.setenv("LANGUAGE", "pt_BR:ja")  # a list: the first one we speak
    assert i18n.system_language() == "ja"
    assert i18n.resolve("auto") == "ja" and i18n.resolve("es") == "es"
    assert i18n.resolve("tlh") == "en"


def test_an_unknown_or_missing_catalog_speaks_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n.set_language("ja") == "ja" and i18n._("New game") == "新規対局"
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    assert i18n.set_language("fr") == "en" and i18n._("New game") == "New game"


def test_plurals_follow_the_language() -> None:
    words = ("{n} move", "{n} moves")
    i18n.set_language("fr")
    assert [i18n.ngettext(*words, n).format(n=n) for n in (0, 1, 2)] == [
        "0 coup",
        "1 coup",
        "2 coups",
    ]  # French: 0 is singular
    i18n.set_language("de")
    assert [i18n.ngettext(*words, n).format(n=n) for n in (0, 1, 2)] == [
        "0 Züge",
        "1 Zug",
        "2 Züge",
    ]
    i18n.set_language("ja")
    assert {i18n.ngettext(*words, n) for n in (1, 2)} == {"{n}手"}


def test_numbers_as_each_language_writes_them() -> None:
    expected = {
        "en": ("256,765", "1.9", "54%", "2,048"),
        "ja": ("256,765", "1.9", "54%", "2,048"),
        "fr": ("256\u202f765", "1,9", "54\u00a0%", "2\u202f048"),
        "de": ("256.765", "1,9", "54\u00a0%", "2.048"),
        "es": ("256.765", "1,9", "54\u00a0%", "2048"),
    }
    for code, (big, decimal, percent, small) in expected.items():
        i18n.set_language(code)
        assert (i18n.integer(256765), i18n.decimal(1.94), i18n.percent(54)) == (
            big,
            decimal,
            percent,
        )
        assert i18n.integer(2048) == small and i18n.decimal(-0.04) == "0" + decimal[1] + "0"


def test_the_number_signs_are_cldrs() -> None:
    """The table in i18n.py against Unicode CLDR as Babel carries it (a development tool:
    skipped where it is not installed)."""
    numbers = pytest.importorskip("babel.numbers")
    for code, (point, group, _percent, least) in i18n.NUMBERS.items():
        assert numbers.get_decimal_symbol(code) == point
        assert numbers.get_group_symbol(code) == group
        assert numbers.format_decimal(256765, locale=code) == f"256{group}765"
        assert numbers.format_percent(0.54, locale=code) == i18n.NUMBERS[code][2].format(n=54)
        assert least in (4, 5)  # Spanish's 5: CLDR's minimumGroupingDigits 2 (Babel has none)


def test_language_theme_and_text_size_are_settings() -> None:
    text = "[BASIC]\n[DISPLAY]\nLANGUAGE = zh-Hans\nTHEME = High-Contrast\nTEXT_SIZE = larger\n"
    settings, notices = parse_ini(text, "othello.ini")[:2]
    assert (settings.language, settings.theme, settings.text_size) == (
        "zh_CN",
        "high-contrast",
        "larger",
    )
    assert notices == []
    settings, notices = parse_ini(
        "[BASIC]\n[DISPLAY]\nLANGUAGE = tlh\nTHEME = pink\n", "othello.ini"
    )[:2]
    assert (settings.language, settings.theme) == ("auto", "classic")
    assert len(notices) == 2 and "use auto or one of en, ja, zh_CN" in notices[0]


def test_the_command_line_stays_english_and_the_window_reads_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: None)
    ini = tmp_path / "othello.ini"
    ini.write_text("[BASIC]\nFPS = 30\n[DISPLAY]\nLANGUAGE = de\n[GAME]\nLEVEL = 99\n")
    report = where_report(ini)
    assert "LANGUAGE = de" in report and "is outside the range 1 to 17" in report
    args = cli.build_parser().parse_args(["--config", str(ini)])
    cli._prepare_play(args)
    settings, notices = args.loaded_settings
    assert settings.language == "de" and i18n.language() == "de"
    assert any("liegt außerhalb des Bereichs 1 bis 17" in notice for notice in notices)
    assert load_settings(ini)[0].level == FIRST_LEVEL
