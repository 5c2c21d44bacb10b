"""othello.ini for a player without a terminal: written at the first start, opened from the
window, and a saved change applied while the game runs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello import cli
from othello.app.files import paths
from othello.app.settings import editor as editor_launch
from othello.app.settings.choices import load_with_choices
from othello.app.settings.keys import DEFAULTS
from othello.app.settings.loading import ensure_user_ini, load_settings
from othello.app.settings.watch import LOOK_SECONDS, SettingsWatch
from othello.gui.app import App
from support.settings_file import DEFAULT_TEXT, config_save, edit, looks, notices_text, save, settle
from support.window import FakeEngine, click, frames, frames_until, human_turn_idle, press


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: None)


# ----- the first start ----------------------------------------------------------------------


def test_the_first_start_writes_the_commented_default_and_reads_it() -> None:
    assert ensure_user_ini() is None
    assert paths.user_ini().read_text(encoding="utf-8") == DEFAULT_TEXT
    settings, notices = load_settings()
    assert (settings.source, notices) == (paths.user_ini(), [])
    paths.user_ini().write_text("[GAME]\nLEVEL = 12\n")
    assert ensure_user_ini() is None  # never over the player's own
    assert load_settings()[0].level == 12


def test_a_config_folder_that_cannot_be_written_gives_a_notice_and_the_game_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the config folder would go")
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(blocker / "othello"))
    args = cli.build_parser().parse_args([])
    cli._prepare_play(args)
    settings, notices = args.loaded_settings
    assert settings == DEFAULTS
    assert len(notices) == 1 and "could not be created" in notices[0]
    assert str(blocker / "othello" / "othello.ini") in notices[0]


# ----- the watch (no window) -------------------------------------------------------------------


def test_a_saved_change_is_read_once_it_holds_still(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    save(ini, DEFAULT_TEXT)
    watch = SettingsWatch(ini)
    assert looks(watch, DEFAULTS, 1.0, 3) == []  # nothing changed: nothing read
    save(ini, DEFAULT_TEXT.replace("FPS = 30", "FPS = 45"))
    first = watch.poll(10.0, DEFAULTS)
    assert first is None  # just changed: wait one look in case the editor is still writing
    reload = watch.poll(10.0 + LOOK_SECONDS, DEFAULTS)
    assert reload is not None and reload.settings.fps == 45 and reload.notices == []
    assert looks(watch, reload.settings, 20.0, 3) == []


def test_a_file_caught_half_written_gives_no_burst_of_errors(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    save(ini, DEFAULT_TEXT)
    watch = SettingsWatch(ini)
    reloads = []
    for i, cut in enumerate((0, 37, 120, 400)):  # the editor writes it a piece at a time
        save(ini, DEFAULT_TEXT[:cut])
        reloads.append(watch.poll(5.0 + i * LOOK_SECONDS, DEFAULTS))
    save(ini, DEFAULT_TEXT.replace("\nLEVEL = 2\n", "\nLEVEL = 6\n"))
    reloads.append(watch.poll(7.0, DEFAULTS))
    assert reloads == [None] * 5
    reload = watch.poll(7.0 + LOOK_SECONDS, DEFAULTS)
    assert reload is not None and reload.settings.level == 6 and reload.notices == []


def test_a_bad_value_keeps_the_value_in_effect_and_says_so(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    save(ini, DEFAULT_TEXT)
    watch = SettingsWatch(ini)
    current = replace(DEFAULTS, fps=50, level=5)
    save(ini, DEFAULT_TEXT.replace("FPS = 30", "FPS = fast").replace("\nLEVEL = 2", "\nLEVEL = 7"))
    reload = looks(watch, current, 3.0, 2)[0]
    assert (reload.settings.fps, reload.settings.level) == (50, 7)
    assert reload.notices == [
        "othello.ini line 19: FPS = 'fast' is not a whole number; the value in effect stays"
    ]


def test_a_file_deleted_while_running_keeps_the_settings_in_effect(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    save(ini, DEFAULT_TEXT.replace("FPS = 30", "FPS = 20"))
    watch = SettingsWatch(ini)
    current = replace(DEFAULTS, fps=20)
    ini.unlink()
    (reload,) = looks(watch, current, 1.0, 4)
    assert reload.settings == current and "was removed" in reload.notices[0]
    save(ini, DEFAULT_TEXT.replace("FPS = 30", "FPS = 25"))  # back again
    (reload,) = looks(watch, current, 10.0, 4)
    assert reload.settings.fps == 25


def test_a_file_that_is_no_longer_ini_keeps_everything(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    save(ini, DEFAULT_TEXT)
    watch = SettingsWatch(ini)
    current = replace(DEFAULTS, level=6)
    save(ini, "Dear diary,\ntoday I changed the settings\nand then some\n")
    (reload,) = looks(watch, current, 1.0, 3)
    assert reload.settings == current and "not an INI file" in reload.notices[0]


# ----- in the window -------------------------------------------------------------------------


def test_window_size_applies_at_once_and_the_game_is_untouched(live_app: Any) -> None:
    app, ini = live_app()
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    moves_before = app.session.game.transcript()
    assert moves_before.startswith("f5")
    edit(ini, "WINDOWWIDTH = 1280", "WINDOWWIDTH = 900")
    edit(ini, "WINDOWHEIGHT = 800", "WINDOWHEIGHT = 640")
    settle(app)
    assert app.screen.get_size() == (900, 640)
    assert app.session.game.transcript() == moves_before  # the game, its history: untouched
    assert "othello.ini applied: WINDOWWIDTH = 900, WINDOWHEIGHT = 640" in notices_text(app)


@pytest.mark.parametrize(
    "old, new, check",
    [
        ("SQUARESIZE = 70", "SQUARESIZE = 40", lambda app: app.layout.square == 40),
        ("FPS = 30", "FPS = 12", lambda app: app.fps == 12),
        ("ANIMATION = True", "ANIMATION = False", lambda app: app.settings.animation is False),
        (
            "ANIMATION_SPEED = 1.0",
            "ANIMATION_SPEED = 3.0",
            lambda app: app.settings.animation_speed == 3.0,
        ),
        ("\nLEVEL = 2\n", "\nLEVEL = 6\n", lambda app: app.session.level == 6),
        (
            "WATCH_BLACK_LEVEL = 14",
            "WATCH_BLACK_LEVEL = 2",
            lambda app: app.session.black_level == 2,
        ),
        (
            "SHOW_LEGAL_MOVES = True",
            "SHOW_LEGAL_MOVES = False",
            lambda app: not app.session.show_legal,
        ),
        ("BOOK = True", "BOOK = False", lambda app: app.worker.book is False),
        (
            "WATCH_SECONDS = 1.0",
            "WATCH_SECONDS = 4.0",
            lambda app: app.play.computer.watch_seconds == 4.0,
        ),
        ("MODE = computer", "MODE = two-players", lambda app: app.session.two_players),
        ("MODE = computer", "MODE = watch", lambda app: app.session.watching),
        ("HUMAN_COLOR = black", "HUMAN_COLOR = white", lambda app: app.session.human == "white"),
    ],
)
def test_each_kind_of_key_applies_without_a_restart(
    live_app: Any, old: str, new: str, check: Callable[[App], bool]
) -> None:
    app, ini = live_app(text=DEFAULT_TEXT.replace("WINDOWWIDTH = 1280", "WINDOWWIDTH = 1000"))
    frames(app, 2)
    assert not check(app)
    edit(ini, old, new)
    settle(app)
    assert check(app)


def test_sound_applies_when_there_is_a_device(live_app: Any) -> None:
    app, ini = live_app()
    app.sounds.available = True
    app.sounds.enabled = False
    toggled: list[bool] = []
    app.sounds.toggle = lambda: toggled.append(True) or True  # type: ignore[method-assign]
    edit(ini, "SOUND = True", "SOUND = False")
    settle(app)
    assert toggled == []  # already off
    edit(ini, "SOUND = False", "SOUND = True")
    settle(app)
    assert toggled == [True]


def test_a_bad_value_in_the_window_keeps_the_value_in_effect(live_app: Any) -> None:
    app, ini = live_app()
    edit(ini, "\nLEVEL = 2\n", "\nLEVEL = 5\n")
    settle(app)
    assert app.session.level == 5
    edit(ini, "LEVEL = 5", "LEVEL = eleven")
    settle(app)
    assert app.session.level == 5
    assert "LEVEL = 'eleven' is not a whole number; the value in effect stays" in notices_text(app)


def test_a_choice_made_in_the_window_leaves_othello_ini_as_it_was(live_app: Any) -> None:
    app, ini = live_app()
    before = ini.read_bytes()
    press(pygame.K_PLUS)
    frames(app, 1)
    assert app.session.level == 3
    assert ini.read_bytes() == before  # a checkout's tracked file stays clean
    settle(app)
    assert "applied" not in notices_text(app)
    assert app.session.level == 3
    assert load_with_choices(ini)[0].level == 3  # remembered apart, for the next start


def test_an_edit_of_othello_ini_wins_over_a_remembered_choice_at_once(live_app: Any) -> None:
    app, ini = live_app()
    press(pygame.K_PLUS)  # level 3, remembered
    frames(app, 1)
    edit(ini, "ANIMATION = True", "ANIMATION = False")  # another key: the choice stays
    settle(app)
    assert (app.session.level, app.settings.animation) == (3, False)
    edit(ini, "\nLEVEL = 2\n", "\nLEVEL = 9\n")  # that key: the person's edit wins, now ...
    settle(app)
    assert app.session.level == 9
    assert load_with_choices(ini)[0].level == 9  # ... and at the next start


def test_a_choice_in_one_window_leaves_the_other_windows_game_alone(live_app: Any) -> None:
    """Two windows on one data folder and one othello.ini: a level remembered by one is no
    edit of the file the other watches."""
    first, ini = live_app()
    second = App(
        load_with_choices(ini)[0],
        engine_factory=lambda level: FakeEngine(),
        remember=lambda prefs: config_save(prefs, ini),
        computer_min_seconds=0.0,
        settings_file=ini,
    )
    try:
        first.remember_choice(level=16)
        first.session.level = 16
        settle(second)
        assert second.session.level == 2
        assert load_with_choices(ini)[0].level == 16  # the next start takes it
    finally:
        second.close()


# ----- the Settings button -------------------------------------------------------------------


class FakeProcess:
    def __init__(self, code: int | None) -> None:
        self.code = code

    def poll(self) -> int | None:
        return self.code


def test_settings_opens_the_file_in_use_with_the_systems_launcher(
    live_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, ini = live_app()
    calls: list[list[str]] = []

    def popen(command: list[str], **_: Any) -> FakeProcess:
        calls.append(command)
        return FakeProcess(0)

    monkeypatch.setattr(editor_launch.subprocess, "Popen", popen)
    monkeypatch.setattr(editor_launch.paths, "platform_name", lambda: "linux")
    monkeypatch.setattr(editor_launch.shutil, "which", lambda name: name == "xdg-open" or None)
    button = next(b for b in app.panel.buttons if b.action == "settings-card")  # the Settings card
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    frames(app, 2)
    card = app.find_screen("settings-card")
    assert card is not None and calls == []
    file_button = next(c for c in card.buttons if c.row == "file")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=file_button.rect.center, button=1)
    )
    frames(app, 3)
    assert app.find_screen("settings-card") is None
    assert calls == [["xdg-open", str(ini)]]
    assert f"Opening {ini} in your text editor" in notices_text(app)
    press(pygame.K_o)  # the key does the same
    frames(app, 2)
    assert len(calls) == 2


def test_settings_creates_a_missing_file_from_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "new" / "othello.ini"
    seen: list[list[str]] = []
    launch = editor_launch.open_in_editor(
        target, 0.0, platform="macos", popen=lambda cmd, **_: seen.append(cmd) or FakeProcess(None)
    )
    assert target.read_text(encoding="utf-8") == DEFAULT_TEXT
    assert seen == [["open", "-t", str(target)]]
    assert launch.failed(1.0) is None and launch.failed(100.0) is False
    started: list[str] = []
    editor_launch.open_in_editor(target, 0.0, platform="windows", startfile=started.append)
    assert started == [str(target)]


def test_with_no_editor_the_window_shows_the_path_and_copies_it(
    live_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, ini = live_app()
    copied: list[str] = []
    app.live_settings.copy = lambda text: copied.append(text) or True

    def no_launcher(command: list[str], **_: Any) -> FakeProcess:
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(editor_launch.subprocess, "Popen", no_launcher)
    monkeypatch.setattr(editor_launch.paths, "platform_name", lambda: "linux")
    monkeypatch.setattr(editor_launch.shutil, "which", lambda name: name == "xdg-open" or None)
    app.open_settings()
    frames(app, 1)
    assert copied == [str(ini)]
    assert f"(copied to the clipboard): {ini}" in notices_text(app)


def test_a_launcher_that_finds_no_editor_falls_back_to_the_path(
    live_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, ini = live_app()
    copied: list[str] = []
    app.live_settings.copy = lambda text: copied.append(text) or False
    monkeypatch.setattr(editor_launch.subprocess, "Popen", lambda cmd, **_: FakeProcess(3))
    monkeypatch.setattr(editor_launch.paths, "platform_name", lambda: "linux")
    monkeypatch.setattr(editor_launch.shutil, "which", lambda name: name == "xdg-open" or None)
    app.open_settings()
    frames(app, 2)
    assert copied == [str(ini)]
    assert f"Edit this file: {ini}" in notices_text(app)
    assert human_turn_idle(app)
    # said at once, in place of "Opening ...": not after it has had its seconds
    showing = [toast.text for toast in app.play.notices.toasts]
    assert showing[0].startswith("Settings: no text editor answered")
    assert not any(text.startswith("Opening") for text in showing)


def test_search_processes_is_read_and_applies_to_the_search(live_app: Any) -> None:
    from othello.app.settings.keys import search_processes
    from othello.engine.multicore.endgame import default_search_processes

    app, ini = live_app()
    assert app.settings.search_processes == 0  # the shipped file: every core but one
    assert search_processes(app.settings) == default_search_processes() >= 1
    asked: list[int] = []
    app.worker.set_processes = asked.append  # type: ignore[method-assign]
    edit(ini, "SEARCH_PROCESSES = 0", "SEARCH_PROCESSES = 3")
    settle(app)
    assert asked == [3]
    edit(ini, "SEARCH_PROCESSES = 3", "SEARCH_PROCESSES = many")
    settle(app)
    assert asked == [3] and app.settings.search_processes == 3  # a bad value keeps it


def test_a_valid_value_saved_after_a_rejected_one_is_applied(tmp_path: Path) -> None:
    """Issue 51, item 16: LEVEL = 99 refused, then LEVEL = 2 (the file's value before it)
    was not applied; every saved valid value is."""
    ini = tmp_path / "othello.ini"
    save(ini, DEFAULT_TEXT)  # LEVEL = 2
    watch = SettingsWatch(ini)
    current = replace(DEFAULTS, level=5)  # + in the window since
    save(ini, DEFAULT_TEXT.replace("\nLEVEL = 2", "\nLEVEL = 99"))
    (refused,) = looks(watch, current, 3.0, 2)
    assert refused.settings.level == 5 and "LEVEL = '99'" in refused.notices[0]
    save(ini, DEFAULT_TEXT)  # LEVEL = 2 again
    (again,) = looks(watch, refused.settings, 6.0, 2)
    assert again.settings.level == 2 and again.notices == []
    save(ini, DEFAULT_TEXT.replace("FPS = 30", "FPS = 31"))  # another key: LEVEL stays
    (later,) = looks(watch, replace(again.settings, level=7), 9.0, 2)
    assert later.settings.level == 7 and later.settings.fps == 31


def test_a_score_range_no_position_can_meet_is_refused_with_its_lines(tmp_path: Path) -> None:
    """RANGE_LOW above RANGE_HIGH (the search process failed with a traceback), or one odd
    score from move 46 (an exact score is even): refused as a bad value is, lines named."""
    from othello.app.settings.loading import parse_ini

    bad = DEFAULT_TEXT.replace("RANGE_LOW = 0", "RANGE_LOW = 10")
    settings, notices, _foreign = parse_ini(bad, "othello.ini")
    assert (settings.range_low, settings.range_high) == (0, 4)  # the defaults
    assert notices == [
        "othello.ini: RANGE_LOW = 10 (line 57), RANGE_HIGH = 4 (line 58): RANGE_LOW is above "
        "RANGE_HIGH: no score lies between them; using the defaults"
    ]
    odd = (
        DEFAULT_TEXT.replace("RANGE_MOVES = 24", "RANGE_MOVES = 50")
        .replace("RANGE_LOW = 0", "RANGE_LOW = 29")
        .replace("RANGE_HIGH = 4", "RANGE_HIGH = 29")
    )
    settings, notices, _foreign = parse_ini(odd, "othello.ini")
    assert (settings.range_moves, settings.range_low, settings.range_high) == (24, 0, 4)
    assert notices[0].startswith("othello.ini: RANGE_MOVES = 50 (line 55), RANGE_LOW = 29")
    fine = odd.replace("RANGE_HIGH = 29", "RANGE_HIGH = 30")
    assert parse_ini(fine, "othello.ini")[1] == []
    ini = tmp_path / "othello.ini"  # read again while the game runs: the values in effect
    save(ini, DEFAULT_TEXT)
    watch = SettingsWatch(ini)
    save(ini, bad)
    (reload,) = looks(watch, DEFAULTS, 3.0, 2)
    assert (reload.settings.range_low, reload.settings.range_high) == (0, 4)
    assert reload.notices[0].endswith("the values in effect stay")
