"""An othello.ini from before the 17-level ladder keeps its player's strength: its levels
are read as the level of today's ladder that plays the same way, until the window writes a
level with ``LADDER = 17`` beside it (the window's own choices are kept apart, on
today's ladder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from othello.app.settings.choices import save_preferences, with_remembered
from othello.app.settings.loading import load_settings, parse_ini
from othello.app.settings.old_levels import OLD_TO_NEW
from othello.engine.levels import DEFAULT_LEVEL, FIRST_LEVEL, LEVELS


@pytest.mark.parametrize(("old", "new"), sorted(OLD_TO_NEW.items()))
def test_a_file_from_before_is_read_on_todays_ladder(old: int, new: int) -> None:
    text = f"[BASIC]\nFPS = 30\n[GAME]\nLEVEL = {old}\nWATCH_BLACK_LEVEL = {old}\n"
    settings, notices = parse_ini(text, "othello.ini")[:2]
    assert (settings.level, settings.watch_black_level, settings.ladder) == (new, new, 17)
    assert notices == []


def test_the_former_default_is_the_engines_default_and_the_former_names_hold() -> None:
    assert OLD_TO_NEW[4] == DEFAULT_LEVEL
    names = {level.number: level.name for level in LEVELS}
    assert names[OLD_TO_NEW[2]] == "Novice" and names[OLD_TO_NEW[6]] == "Expert"
    assert names[OLD_TO_NEW[5]] == "Strong"


def test_a_file_that_names_the_ladder_is_read_as_it_says() -> None:
    settings, _ = parse_ini("[GAME]\nLEVEL = 4\nLADDER = 17\n", "othello.ini")[:2]
    assert settings.level == 4
    settings, _ = parse_ini("[GAME]\nLEVEL = 12\n", "othello.ini")[:2]  # no former level was 12
    assert settings.level == 12


def test_a_level_chosen_in_the_window_is_kept_on_todays_ladder(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    ini.write_text("[BASIC]\n[GAME]\nLEVEL = 4\n", encoding="utf-8")  # the former default
    assert parse_ini(ini.read_text(encoding="utf-8"), "othello.ini")[0].level == 14
    save_preferences({"level": 5}, ini, file=tmp_path / "choices.json")
    assert ini.read_text(encoding="utf-8") == "[BASIC]\n[GAME]\nLEVEL = 4\n"
    settings, _ = with_remembered(load_settings(ini)[0], tmp_path / "choices.json")
    assert settings.level == 5  # today's 5, not moved again


def test_the_default_file_names_todays_ladder() -> None:
    root = Path(__file__).resolve().parent.parent
    path = root / "src" / "othello" / "othello.ini"
    settings, _ = parse_ini(path.read_text(encoding="utf-8"), "othello.ini")[:2]
    assert settings.level == FIRST_LEVEL and "LADDER = 17" in path.read_text("utf-8")


def test_a_bad_level_in_a_file_from_before_takes_todays_default_unmoved() -> None:
    settings, notices = parse_ini("[BASIC]\n[GAME]\nLEVEL = 18\n", "othello.ini")[:2]
    assert settings.level == FIRST_LEVEL and "using the default, 2" in notices[0]
