"""Settings (O) opens othello.ini where the system has any way to: the launcher, $VISUAL,
$EDITOR, a known editor; a terminal editor in a terminal; each tried in turn until one works."""

from __future__ import annotations

import stat
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.settings import editor as editor_launch


class FakeProcess:
    def __init__(self, code: int | None) -> None:
        self.code = code

    def poll(self) -> int | None:
        return self.code


def which_of(*present: str) -> Any:
    """A PATH holding only these programs."""
    return lambda name: f"/usr/bin/{name}" if name in present else None


def commands(path: Path, environ: dict[str, str], *present: str) -> list[list[str]]:
    ways = editor_launch.ways_to_open(path, "linux", environ, which_of(*present))
    return [list(way.command) for way in ways]


INI = Path("/home/p/.config/othello/othello.ini")


def test_the_order_is_visual_then_editor_then_launcher_then_known_editors() -> None:
    """The player's own editor first, as other programs have it (issue 51, item 15)."""
    env = {"VISUAL": "gedit", "EDITOR": "vim"}
    got = commands(INI, env, "xdg-open", "gio", "gedit", "vim", "mousepad", "xterm")
    assert got == [
        ["gedit", str(INI)],
        ["xterm", "-e", "vim", str(INI)],
        ["xdg-open", str(INI)],
        ["gio", "open", str(INI)],
        ["mousepad", str(INI)],
    ]


def test_an_editor_no_list_knows_is_run_directly_then_in_a_terminal() -> None:
    """$VISUAL naming a program the lists do not know was never run ("no text editor
    answered"; the same script named gedit worked): it runs directly (a graphical editor
    opens its window), then in a terminal where there is one."""
    env = {"VISUAL": "/home/p/bin/my-editor --new-window"}
    present = ("/home/p/bin/my-editor", "xdg-open", "xterm")
    assert commands(INI, env, *present)[:3] == [
        ["/home/p/bin/my-editor", "--new-window", str(INI)],
        ["xterm", "-e", "/home/p/bin/my-editor", "--new-window", str(INI)],
        ["xdg-open", str(INI)],
    ]
    assert commands(INI, env, "/home/p/bin/my-editor") == [
        ["/home/p/bin/my-editor", "--new-window", str(INI)]  # no terminal: directly only
    ]


def test_when_no_editor_answers_the_window_names_what_was_tried(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"

    def popen(command: list[str], **_: Any) -> FakeProcess:
        return FakeProcess(1)  # each says no at once

    launch = editor_launch.open_in_editor(
        ini,
        0.0,
        platform="linux",
        popen=popen,
        environ={"VISUAL": "my-editor"},
        which=which_of("my-editor", "xdg-open", "gio"),
    )
    assert launch.failed(0.1) is None and launch.failed(0.2) is None
    assert launch.failed(0.3) is True
    assert editor_launch.tried_names(launch) == ["my-editor", "xdg-open", "gio open"]


def test_without_xdg_open_editor_is_used_and_a_terminal_editor_gets_a_terminal() -> None:
    got = commands(INI, {"EDITOR": "vim"}, "vim", "x-terminal-emulator")
    assert got[0] == ["x-terminal-emulator", "-e", "vim", str(INI)]
    got = commands(INI, {"EDITOR": "nano -w"}, "nano", "gnome-terminal")
    assert got[0] == ["gnome-terminal", "--", "nano", "-w", str(INI)]
    got = commands(INI, {"EDITOR": "emacs -nw", "TERMINAL": "kitty"}, "emacs", "kitty")
    assert got[0] == ["kitty", "-e", "emacs", "-nw", str(INI)]


def test_a_graphical_editor_starts_directly_and_a_terminal_one_without_terminal_is_skipped() -> (
    None
):
    assert commands(INI, {"VISUAL": "code --wait"}, "code")[0] == ["code", "--wait", str(INI)]
    assert commands(INI, {"EDITOR": "vim"}, "vim") == []  # no terminal to show it in
    assert commands(INI, {"EDITOR": "not-installed"}) == []


def test_a_launcher_that_fails_hands_over_to_the_next_way(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    started: list[list[str]] = []
    answers = {"xdg-open": 3, "gio": 2, "x-terminal-emulator": None}

    def popen(command: list[str], **_: Any) -> FakeProcess:
        started.append(command)
        return FakeProcess(answers[command[0]])

    launch = editor_launch.open_in_editor(
        ini,
        0.0,
        platform="linux",
        popen=popen,
        environ={},
        which=which_of("xdg-open", "gio", "vim", "x-terminal-emulator"),
    )
    assert ini.is_file()  # created from the default to be edited
    assert launch.failed(0.1) is None  # xdg-open said no: gio is tried
    assert launch.failed(0.2) is None  # gio said no: vim in a terminal
    assert started[-1] == ["x-terminal-emulator", "-e", "vim", str(ini)]
    assert launch.way is not None and launch.way.name == "vim in a terminal window"
    assert launch.failed(1.0) is None  # the terminal stays open while the player edits
    assert launch.failed(100.0) is False
    assert len(launch.tried) == 2


def test_an_editor_closed_with_an_error_status_is_no_failure(tmp_path: Path) -> None:
    """Closing the terminal window ends it with an error status: that was the editor, and no
    other editor is to open after it. Only a way that fails at once hands over."""
    started: list[list[str]] = []
    processes = [FakeProcess(None), FakeProcess(None)]

    def popen(command: list[str], **_: Any) -> FakeProcess:
        started.append(command)
        return processes[len(started) - 1]

    launch = editor_launch.open_in_editor(
        tmp_path / "othello.ini",
        0.0,
        platform="linux",
        popen=popen,
        environ={"EDITOR": "vim"},
        which=which_of("vim", "vi", "xterm"),
    )
    processes[0].code = 127  # at once: the editor did not start
    assert launch.failed(0.1) is None and started[-1][:3] == ["xterm", "-e", "vi"]
    assert launch.failed(2.0) is None  # vi is open in its xterm
    processes[1].code = 1  # the player closed the xterm, minutes later
    assert launch.failed(300.0) is False and len(started) == 2


def test_every_way_failing_is_a_failure_and_none_at_all_is_no_editor(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    launch = editor_launch.open_in_editor(
        ini,
        0.0,
        platform="linux",
        popen=lambda cmd, **_: FakeProcess(1),
        environ={},
        which=which_of("gio"),
    )
    assert launch.failed(0.1) is True
    with pytest.raises(editor_launch.NoEditor):
        editor_launch.open_in_editor(ini, 0.0, platform="linux", environ={}, which=which_of())

    def missing(command: list[str], **_: Any) -> FakeProcess:
        raise FileNotFoundError(2, "No such file or directory")

    with pytest.raises(editor_launch.NoEditor, match="could not be started"):
        editor_launch.open_in_editor(
            ini, 0.0, platform="linux", popen=missing, environ={}, which=which_of("gio")
        )


def test_windows_falls_back_to_notepad(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"

    def refuse(path: str) -> None:
        raise OSError("no program is associated")

    seen: list[list[str]] = []
    launch = editor_launch.open_in_editor(
        ini,
        0.0,
        platform="windows",
        startfile=refuse,
        popen=lambda cmd, **_: seen.append(cmd) or FakeProcess(0),
        which=which_of("notepad.exe"),
    )
    assert seen == [["notepad.exe", str(ini)]] and launch.failed(0.1) is False
    opened = editor_launch.open_in_editor(ini, 0.0, platform="windows", startfile=lambda p: None)
    assert isinstance(opened, editor_launch.Launch) and opened.failed(0.0) is False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux launchers")
def test_settings_in_the_window_uses_editor_where_xdg_open_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case, with real programs: PATH has no xdg-open, $EDITOR names vim and a
    terminal emulator is installed; O opens the file in vim in that terminal."""
    from othello.app.settings.keys import Settings
    from othello.gui.app import App
    from support.settings_file import notices_text, record_notices
    from support.window import FakeEngine, frames, frames_until, press

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    record = tmp_path / "ran.txt"
    for name in ("vim", "x-terminal-emulator"):
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> "{record}"\n')
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("EDITOR", "vim")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("TERMINAL", raising=False)
    ini = tmp_path / "cfg" / "othello.ini"
    app = App(
        Settings(sound=False),
        engine_factory=lambda level: FakeEngine(),
        computer_min_seconds=0.0,
        settings_file=ini,
    )
    record_notices(app)
    try:
        press(pygame.K_o)
        frames(app, 1)
        assert "Opening" in notices_text(app)
        frames_until(app, lambda: app.live_settings.launch is None)  # the launch answered
        assert record.exists(), notices_text(app)
        assert record.read_text().splitlines() == [f"x-terminal-emulator -e vim {ini}"]
        said = notices_text(app)
        assert "no text editor" not in said
        assert f"Opening {ini} in vim in a terminal window" in said
    finally:
        app.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux launchers")
@pytest.mark.parametrize("status", [0, 1])
def test_the_players_own_editor_runs_first_in_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, status: int
) -> None:
    """Issue 51, item 15, with real programs: $VISUAL names a script no list knows; O runs
    it on the file (before xdg-open); where it fails, the window says what was tried."""
    from othello.app.settings.keys import Settings
    from othello.gui.app import App
    from support.settings_file import notices_text, record_notices
    from support.window import FakeEngine, frames, frames_until, press

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    record = tmp_path / "ran.txt"
    for name, code in (("my-edit", status), ("xdg-open", 1)):
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> "{record}"\nexit {code}\n')
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("VISUAL", "my-edit")
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("TERMINAL", raising=False)
    ini = tmp_path / "cfg" / "othello.ini"
    app = App(
        Settings(sound=False),
        engine_factory=lambda level: FakeEngine(),
        computer_min_seconds=0.0,
        settings_file=ini,
    )
    record_notices(app)
    try:
        press(pygame.K_o)
        frames(app, 1)
        frames_until(app, lambda: app.live_settings.launch is None)
        ran = record.read_text().splitlines()
        said = notices_text(app)
        if status == 0:
            assert ran == [f"my-edit {ini}"] and "no text editor" not in said
        else:
            assert ran == [f"my-edit {ini}", f"xdg-open {ini}"]
            assert "no text editor answered (tried my-edit, xdg-open)" in said
    finally:
        app.close()
