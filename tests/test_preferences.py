"""What the window remembers of its own choices: kept apart from othello.ini (which stays
byte for byte as its owner wrote it), holding at the next start until the person edits
that key of othello.ini."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from othello.app.files import paths
from othello.app.settings.choices import (
    choices_path,
    load_with_choices,
    read_choices,
    save_preferences,
)
from othello.core.errors import ConfigError


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: None)


def project_ini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> Path:
    """An othello.ini in the folder the game starts from, as in a checkout."""
    folder = tmp_path / "project"
    folder.mkdir(exist_ok=True)
    ini = folder / "othello.ini"
    ini.write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    return ini


def test_choices_go_to_a_file_of_their_own_and_hold_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ini = project_ini(tmp_path, monkeypatch, "[BASIC]\n[GAME]\nLEVEL = 9\nHUMAN_COLOR = black\n")
    before = ini.read_bytes()
    written = save_preferences({"level": 4, "human_color": "white"})
    assert written == choices_path() and written.parent == paths.user_data_dir()
    assert ini.read_bytes() == before
    assert not paths.user_ini().exists()
    settings, notices = load_with_choices()
    assert (settings.level, settings.human_color, notices) == (4, "white", [])
    assert settings.source == ini  # still the file the window watches and opens


def test_an_edit_of_that_key_since_the_choice_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ini = project_ini(tmp_path, monkeypatch, "[BASIC]\n[GAME]\nLEVEL = 9\nHUMAN_COLOR = black\n")
    save_preferences({"level": 4, "human_color": "white"})
    ini.write_text("[BASIC]\n[GAME]\nLEVEL = 12\nHUMAN_COLOR = black\n", encoding="utf-8")
    settings, _ = load_with_choices()
    assert (settings.level, settings.human_color) == (12, "white")  # only that key
    save_preferences({"level": 6})  # a choice made over the edited file holds again
    assert load_with_choices()[0].level == 6


@pytest.mark.parametrize("prefs", [{"colour": "red"}, {"level": 0}, {"human_color": "green"}])
def test_a_bad_choice_is_refused_and_nothing_is_written(prefs: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        save_preferences(prefs)
    assert not choices_path().exists()


def test_a_choice_that_cannot_be_written_is_a_config_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ConfigError, match="cannot remember"):
        save_preferences({"level": 4}, file=blocker / "sub" / "choices.json")


def test_a_damaged_file_is_set_aside_with_a_notice_and_othello_ini_still_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project_ini(tmp_path, monkeypatch, "[BASIC]\n[GAME]\nLEVEL = 9\n")
    choices_path().parent.mkdir(parents=True)
    choices_path().write_bytes(b"{not json")
    settings, notices = load_with_choices()
    assert settings.level == 9
    assert len(notices) == 1 and "choices.json.damaged" in notices[0]
    assert (choices_path().parent / "choices.json.damaged").read_bytes() == b"{not json"
    save_preferences({"level": 2})
    settings, notices = load_with_choices()
    assert (settings.level, notices) == (2, [])


def test_entries_no_longer_valid_are_dropped() -> None:
    choices_path().parent.mkdir(parents=True)
    document = {
        "version": 1,
        "ladder": 17,
        "choices": {
            "LEVEL": {"value": "40", "over": "14"},  # out of range
            "NO_SUCH_KEY": {"value": "1", "over": "1"},
            "SOUND": {"value": "False", "over": "True"},
        },
    }
    choices_path().write_text(json.dumps(document), encoding="utf-8")
    kept, problem = read_choices()
    assert (list(kept), problem) == (["SOUND"], None)


def test_levels_kept_on_another_ladder_are_not_taken() -> None:
    choices_path().parent.mkdir(parents=True)
    document = {"ladder": 6, "choices": {"LEVEL": {"value": "4", "over": "14"}}}
    choices_path().write_text(json.dumps(document), encoding="utf-8")
    assert read_choices() == ({}, None)


def test_no_temporary_files_are_left() -> None:
    save_preferences({"level": 4})
    assert sorted(p.name for p in choices_path().parent.iterdir()) == ["choices.json"]
