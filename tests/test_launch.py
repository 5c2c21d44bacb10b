"""Starting the game: the command-line switches, the log, the Linux menu entry."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from othello import cli
from othello.app.desktop import shortcut
from othello.app.files import logs, paths
from support.kept_games import resumed


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    yield tmp_path
    logs.close()


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m othello ...`` in a fresh process, from ``cwd``."""
    return subprocess.run(
        [sys.executable, "-m", "othello", *args],
        cwd=cwd,
        env=os.environ.copy(),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )


# ----- --where and --config ---------------------------------------------------------------


def test_where_prints_the_settings_file_and_data_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ini = tmp_path / "mine.ini"
    ini.write_text("[BASIC]\nFPS = 20\n")
    assert cli.main(["--config", str(ini), "--where"]) == 0
    out = capsys.readouterr().out
    assert f"settings:     {ini}" in out
    assert f"data folder:  {tmp_path / 'data'}" in out
    assert str(paths.user_ini()) in out
    assert "  [BASIC] FPS = 20" in out and "  [ANIMATION] ANIMATION_SPEED = 1.0" in out


def test_where_shows_the_notices_of_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ini = tmp_path / "mine.ini"
    ini.write_text("[BASIC]\nFPS = fast\n")
    assert cli.main(["--config", str(ini), "--where"]) == 0
    out = capsys.readouterr().out
    assert (
        "notice:       mine.ini line 2: FPS = 'fast' is not a whole number; using the default, 30"
        in out
    )


def test_where_names_an_unusable_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--config", str(tmp_path / "nope.ini"), "--where"]) == 0
    assert "unusable" in capsys.readouterr().out.splitlines()[0]


def test_where_from_an_unrelated_folder_in_a_fresh_process(tmp_path: Path) -> None:
    proc = run_cli("--where", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    checkout = paths.checkout_ini()
    expected = checkout if checkout and checkout.is_file() else None
    if expected:
        assert str(expected) in first
    else:
        assert "built-in defaults" in first


@pytest.mark.parametrize(
    "name, content, problem",
    [
        ("missing.ini", None, "does not exist"),
        ("notes.txt", "Remember the milk\nand the eggs\n", "is not an INI file"),
        ("image.png", b"\x89PNG\r\n\x1a\n\0\0", "is not a text file"),
        ("latin1.ini", b"[BASIC]\nFPS = 3\xe90\n", "is not valid UTF-8"),
    ],
)
def test_broken_explicit_config_exits_with_one_line(
    tmp_path: Path, name: str, content: str | bytes | None, problem: str
) -> None:
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content)
    elif content is not None:
        path.write_bytes(content)
    proc = run_cli("--config", str(path), cwd=tmp_path)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert str(path) in lines[0] and problem in lines[0]


def test_explicit_config_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--config", str(tmp_path)]) == 2
    assert "is not a file" in capsys.readouterr().err


# ----- the log --------------------------------------------------------------------------


def test_log_records_warnings_and_notices(tmp_path: Path) -> None:
    path = logs.setup()
    assert path == paths.log_path() == tmp_path / "data" / "othello.log"
    logging.getLogger("othello.app.files.game_files").warning("disk is full")
    logs.log_notices(["FPS = 'abc' is not a whole number"])
    logs.close()
    text = path.read_text(encoding="utf-8")
    assert "WARNING othello.app.files.game_files: disk is full" in text
    assert "settings: FPS = 'abc'" in text


def test_log_falls_back_to_stderr_when_the_folder_is_not_writable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert logs.setup(blocker / "sub" / "othello.log") is None
    assert "cannot write the log" in capsys.readouterr().err


CRASHING_GAME = """
from othello.app.library import held_games
from othello.app.files import logs
from othello.app.library.held_games import Changes, Seat
from othello.app.library.database import Library
from othello.core.game import Game

def play():
    game, key = Game(), held_games.new_key()
    with Library() as library:
        for move in ("f5", "d6", "c3"):
            game.play(move)
            row = held_games.held_game(game, key, 0)
            held_games.write(library, Changes(1, {key: row}, [key], Seat(key)))
        raise RuntimeError("boom in the game loop")

logs.setup()
logs.run_logged(play)
"""


def test_a_crash_is_logged_with_traceback_and_the_autosave_survives(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", CRASHING_GAME],
        cwd=tmp_path,
        env=os.environ.copy(),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    log_text = paths.log_path().read_text(encoding="utf-8")
    assert "CRITICAL othello: crash: boom in the game loop" in log_text
    assert "Traceback (most recent call last)" in log_text and "in play" in log_text
    # message + traceback, logged once (3.13+ also quote the raising line in the traceback)
    assert log_text.count("crash: boom in the game loop") == 1
    assert log_text.count("RuntimeError: boom in the game loop") == 1
    game = resumed()
    assert game is not None and game.transcript() == "f5d6c3"


CRASHING_THREAD = """
import threading
from othello.app.files import logs
logs.setup()
def search():
    raise ValueError("search thread failed")
t = threading.Thread(target=search, name="search")
t.start(); t.join()
"""


def test_a_crash_in_a_worker_thread_is_logged(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-c", CRASHING_THREAD],
        cwd=tmp_path,
        env=os.environ.copy(),
        check=False,
        capture_output=True,
        timeout=60,
    )
    text = paths.log_path().read_text(encoding="utf-8")
    assert "crash in thread search: search thread failed" in text and "Traceback" in text


# ----- the Linux menu entry ------------------------------------------------------------------


def test_install_shortcut_writes_desktop_file_and_icon(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("Linux menu entries only")
    assert cli.main(["--install-shortcut"]) == 0
    desktop = tmp_path / "share" / "applications" / "othello-desktop.desktop"
    icon = tmp_path / "share" / "icons" / "hicolor" / "64x64" / "apps" / "othello-desktop.png"
    assert str(desktop) in capsys.readouterr().out
    assert icon.read_bytes() == paths.resource("icon.png").read_bytes()
    text = desktop.read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]\n")
    for line in (
        "Type=Application",
        "Name=Othello",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "StartupWMClass=othello-desktop",
    ):
        assert line in text.splitlines()
    exec_line = next(ln for ln in text.splitlines() if ln.startswith("Exec="))
    assert "othello" in exec_line


def test_desktop_exec_quoting() -> None:
    assert shortcut.exec_line(["/usr/bin/othello-gui"]) == "/usr/bin/othello-gui"
    assert shortcut.exec_line(["/home/a b/py", "-m", "othello"]) == '"/home/a b/py" -m othello'
    assert shortcut.exec_line(["/x/100%/py"]) == "/x/100%%/py"
    assert shortcut.exec_line(['/a"b$c']) == '"/a\\\\"b\\\\$c"'


def test_launcher_prefers_the_environments_gui_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    monkeypatch.setattr(sys, "executable", str(bindir / "python"))
    assert shortcut.launcher_command() == [str(bindir / "python"), "-m", "othello"]
    gui = bindir / "othello-gui"
    gui.write_text("#!/bin/sh\n")
    gui.chmod(0o755)
    assert shortcut.launcher_command() == [str(gui)]


def test_shortcut_error_for_a_bad_icon(tmp_path: Path) -> None:
    bad = tmp_path / "icon.png"
    bad.write_bytes(b"not a png")
    with pytest.raises(shortcut.ShortcutError):
        shortcut.png_size(bad)


def test_python_dash_m_othello_runs(tmp_path: Path) -> None:
    proc = run_cli("--help", cwd=tmp_path)
    assert (
        proc.returncode == 0
        and "--config PATH" in proc.stdout
        and "--install-shortcut" in proc.stdout
    )


def test_starting_to_play_opens_the_log_and_records_the_settings_notices(tmp_path: Path) -> None:
    import argparse

    ini = tmp_path / "mine.ini"
    ini.write_text("[BASIC]\nANIMATION = maybe\n")
    cli._prepare_play(argparse.Namespace(config=ini))
    logs.close()
    text = paths.log_path().read_text(encoding="utf-8")
    assert "settings: mine.ini line 2: ANIMATION = 'maybe'" in text


def test_a_log_that_cannot_be_written_is_said_in_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import argparse

    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(blocker / "data"))  # a folder inside a file
    args = argparse.Namespace(config=None)
    cli._prepare_play(args)
    logs.close()
    _settings, notices = args.loaded_settings
    assert notices[0].startswith("Cannot write the log file") and "not kept" in notices[0]


def test_an_unusable_config_is_also_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--config", str(tmp_path / "gone.ini")]) == 2
    logs.close()
    assert "not started: " + str(tmp_path / "gone.ini") in paths.log_path().read_text(
        encoding="utf-8"
    )


def test_a_crash_in_the_window_is_logged_with_its_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from othello.core.errors import IllegalMoveError

    def window_with_a_bug(args: object) -> int:
        raise IllegalMoveError("white cannot play a1: a bug in the window")

    monkeypatch.setattr(cli, "_cmd_play", window_with_a_bug)  # the window is the default command
    assert cli.main([]) == 2
    logs.close()
    text = paths.log_path().read_text(encoding="utf-8")
    assert (
        "crash: white cannot play a1" in text
        and "Traceback" in text
        and "window_with_a_bug" in text
    )


def test_closing_the_log_restores_the_exception_hooks() -> None:
    import threading

    before = (sys.excepthook, threading.excepthook)
    logs.setup()
    assert sys.excepthook is not before[0]
    logs.close()
    assert (sys.excepthook, threading.excepthook) == before


# ----- --load FILE -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content, problem",
    [
        (None, "Cannot read"),
        (b"f5 d6 z9\n", "Not a game: 'z' at character 7"),
        (b"f5f5\n", "Not a legal game"),
        (b"\x89PNG\r\n\x1a\n\0\xff", "not a text file"),
    ],
)
def test_load_a_bad_file_stops_the_start_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, problem: str
) -> None:
    path = tmp_path / "my game.txt"
    if content is not None:
        path.write_bytes(content)
    assert cli.main(["--load", str(path)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "my game.txt" in lines[0] and problem in lines[0], lines
    logs.close()
    assert "not started: " in paths.log_path().read_text(encoding="utf-8")


def test_load_a_good_file_hands_it_to_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.txt"
    path.write_text("f5d6c3\n")
    handed: list[object] = []
    monkeypatch.setattr(cli, "_cmd_play", lambda args: handed.append(args.start_file) or 0)
    assert cli.main(["--load", str(path)]) == 0
    assert handed == [path]


def test_load_is_not_for_the_demo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["--demo", "--load", str(tmp_path / "game.txt")])
    assert info.value.code == 2 and "--load" in capsys.readouterr().err
