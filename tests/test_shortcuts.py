"""Desktop integration: the window's class matches the Linux menu entry, the standalone app's
entries start the app itself, the Windows Start-menu shortcut (PowerShell faked), the icons."""

from __future__ import annotations

import argparse
import os
import re
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from othello import cli
from othello.app.desktop import icons, shortcut, shortcut_windows
from othello.app.files import logs, paths
from othello.core.errors import ShortcutError


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # the desktop folder is looked for there
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for name in shortcut.WM_CLASS_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    yield tmp_path
    logs.close()


def entry_values(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


# ----- Linux: the window's class and the menu entry ------------------------------------------


def test_menu_entry_names_the_class_the_game_gives_its_window() -> None:
    entry = entry_values(shortcut.desktop_entry(["/opt/Othello/Othello"], Path("/i.png")))
    environ: dict[str, str] = {}
    shortcut.set_window_class(environ)
    assert entry["StartupWMClass"] == environ["SDL_VIDEO_X11_WMCLASS"] == "othello-desktop"
    assert environ["SDL_VIDEO_WAYLAND_WMCLASS"] == entry["StartupWMClass"]
    # GNOME also matches a window to the entry whose file name is the class
    assert f"{entry['StartupWMClass']}.desktop" == f"{shortcut.APP_ID}.desktop"


def test_a_class_the_player_set_is_kept() -> None:
    environ = {"SDL_VIDEO_X11_WMCLASS": "mine"}
    shortcut.set_window_class(environ)
    assert environ["SDL_VIDEO_X11_WMCLASS"] == "mine"


def test_starting_to_play_sets_the_window_class_before_the_window_opens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import othello.gui.app as gui_app

    seen: dict[str, str | None] = {}

    def fake_run(args: argparse.Namespace) -> int:
        seen["class"] = os.environ.get("SDL_VIDEO_X11_WMCLASS")
        return 0

    monkeypatch.setattr(gui_app, "run", fake_run)
    assert cli.main([]) == 0
    assert seen["class"] == shortcut.WM_CLASS


def test_menu_entry_of_the_standalone_app_starts_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("Linux menu entries only")
    app = tmp_path / "Othello folder" / "Othello"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app))
    assert shortcut.launcher_command() == [str(app)]
    assert cli.main(["--install-shortcut"]) == 0
    assert f"starts:     {app}" in capsys.readouterr().out
    desktop = tmp_path / "share" / "applications" / "othello-desktop.desktop"
    entry = entry_values(desktop.read_text(encoding="utf-8"))
    assert entry["Exec"] == f'"{app}"' and entry["StartupWMClass"] == "othello-desktop"


def test_macos_is_told_to_drag_the_app(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert cli.main(["--install-shortcut"]) == 2
    assert "drag Othello.app to Applications" in capsys.readouterr().err


# ----- Windows: the Start-menu shortcut, with PowerShell faked --------------------------------


class FakePowerShell:
    """Records the command; writes the .lnk named in the script, as PowerShell would."""

    def __init__(self, returncode: int = 0, stderr: str = "", write: bool = True) -> None:
        self.returncode, self.stderr, self.write = returncode, stderr, write
        self.commands: list[list[str]] = []

    def __call__(self, command: list[str]) -> subprocess.CompletedProcess[str]:
        self.commands.append(command)
        if self.write and self.returncode == 0:
            Path(self.values()["CreateShortcut"]).write_bytes(b"L\0\0\0")
        return subprocess.CompletedProcess(command, self.returncode, "", self.stderr)

    def values(self) -> dict[str, str]:
        """What the script sets, with PowerShell's quoting undone."""
        script = self.commands[-1][-1]
        found = re.findall(r"(?:(CreateShortcut)\(|\$s\.(\w+) = )'((?:[^']|'')*)'", script)
        return {call or prop: value.replace("''", "'") for call, prop, value in found}


def test_windows_shortcut_of_a_pip_install_starts_othello_gui(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scripts = tmp_path / "O'Brien's venv" / "Scripts"
    scripts.mkdir(parents=True)
    (scripts / "othello-gui.exe").write_bytes(b"MZ")
    monkeypatch.setattr(sys, "executable", str(scripts / "python.exe"))
    fake = FakePowerShell()
    programs, data = tmp_path / "Programs", tmp_path / "data"
    written = dict(shortcut_windows.install_windows_shortcut(programs, data, run=fake))
    command = fake.commands[0]
    assert command[0] == "powershell.exe" and command[-2] == "-Command"
    assert "-NoProfile" in command and "New-Object -ComObject WScript.Shell" in command[-1]
    values = fake.values()
    assert (
        values["CreateShortcut"]
        == str(programs / "Othello.lnk")
        == str(written["Start-menu shortcut"])
    )
    assert values["TargetPath"] == str(scripts / "othello-gui.exe")  # the apostrophes survive
    assert values["Arguments"] == "" and values["WorkingDirectory"] == str(scripts)
    assert values["IconLocation"] == f"{data / 'othello.ico'},0"
    ico = (data / "othello.ico").read_bytes()
    assert ico.endswith(paths.resource("icon.png").read_bytes())  # a PNG-in-ICO icon


def test_windows_shortcut_of_the_app_starts_the_exe_with_its_own_icon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    exe = tmp_path / "Othello" / "Othello.exe"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    fake = FakePowerShell()
    shortcut_windows.install_windows_shortcut(tmp_path / "Programs", tmp_path / "data", run=fake)
    values = fake.values()
    assert values["TargetPath"] == str(exe) and values["IconLocation"] == f"{exe},0"
    assert not (tmp_path / "data").exists(), "the app's icon is in its .exe: no .ico written"


def test_windows_shortcut_without_the_launcher_runs_python_m_othello(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pythonw.exe").write_bytes(b"MZ")
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python.exe"))
    assert shortcut_windows.shortcut_target() == (tmp_path / "pythonw.exe", "-m othello")


def test_install_shortcut_on_windows_goes_through_powershell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = FakePowerShell()
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(shortcut_windows, "run_powershell", fake)
    assert cli.main(["--install-shortcut"]) == 0
    link = (
        tmp_path / "roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs" / "Othello.lnk"
    )
    assert link.is_file() and f"Start-menu shortcut: {link}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("fake", "message"),
    [
        (
            FakePowerShell(1, "New-Object : Retrieving the COM class factory failed\nmore"),
            "COM class factory failed",
        ),
        (FakePowerShell(write=False), "reported no error, but there is no shortcut"),
    ],
)
def test_windows_shortcut_failures_are_explained(
    tmp_path: Path, fake: FakePowerShell, message: str
) -> None:
    with pytest.raises(ShortcutError, match=message):
        shortcut_windows.install_windows_shortcut(tmp_path / "P", tmp_path / "d", run=fake)


def test_windows_shortcut_without_powershell(tmp_path: Path) -> None:
    def missing(command: list[str]) -> subprocess.CompletedProcess[str]:
        raise FileNotFoundError(2, "No such file", command[0])

    with pytest.raises(ShortcutError, match="cannot run PowerShell"):
        shortcut_windows.install_windows_shortcut(tmp_path / "P", tmp_path / "d", run=missing)


def test_powershell_quoting_takes_text_literally() -> None:
    assert shortcut_windows.ps_quote("C:\\O'Brien\\$x `y") == "'C:\\O''Brien\\$x `y'"


# ----- the icons -------------------------------------------------------------------------


def test_ico_and_icns_carry_the_png() -> None:
    png = paths.resource("icon.png").read_bytes()
    width, height = icons.png_size(png)
    ico = icons.ico_from_png(png)
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    w, h, _colors, _res, planes, bpp, size, offset = struct.unpack("<BBBBHHII", ico[6:22])
    assert (reserved, kind, count, planes, bpp) == (0, 1, 1, 1, 32)
    assert (w, h) == (width % 256, height % 256) and ico[offset : offset + size] == png
    icns = icons.icns_from_png(png)
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert icns[8:12] == icons.ICNS_TYPES[width] and icns[16:] == png


def test_icons_refuse_what_they_cannot_hold() -> None:
    with pytest.raises(icons.IconError, match="not a PNG"):
        icons.ico_from_png(b"GIF89a" + bytes(30))
    odd = icons.PNG_SIGNATURE + b"\0\0\0\rIHDR" + struct.pack(">II", 48, 48) + bytes(8)
    with pytest.raises(icons.IconError, match="48x48"):
        icons.icns_from_png(odd)
