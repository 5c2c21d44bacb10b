"""Adding the game to the menu without a terminal: the help card's button (or A) writes the
menu entry and a desktop icon where there is a desktop folder, and says where; the first
start says where to find it (issue 31, item 14). Every folder is a scratch one."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from othello import cli
from othello.app.desktop import shortcut, shortcut_windows
from othello.app.files import paths
from othello.core.errors import ShortcutError
from othello.gui.app import App
from othello.gui.scenes.help import HelpOverlay
from othello.gui.services.shortcut_offer import placed_words
from support.window import frames, frames_until, press


@pytest.fixture(autouse=True)
def scratch_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """HOME, the XDG folders and Windows' APPDATA in a scratch folder: nothing is written to
    the real menu or desktop. ``gio`` (GNOME's trust mark) is recorded, not run."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "platform", "linux")
    GIO_RUNS.clear()
    fake = SimpleNamespace(
        run=lambda command, **_: (
            GIO_RUNS.append(command) or subprocess.CompletedProcess(command, 0)
        ),
        SubprocessError=subprocess.SubprocessError,
    )
    monkeypatch.setattr(shortcut, "subprocess", fake, raising=False)
    return home


GIO_RUNS: list[list[str]] = []  # the commands the shortcut code ran (gio, to trust an icon)


def open_help(app: App) -> HelpOverlay:
    press(pygame.K_F1)
    frames(app, 2)
    card = app.find_scene(HelpOverlay)
    assert card is not None
    return card


def added(app: App) -> None:
    """Frames until the card has gone: the shortcuts are written (in a thread) and told."""
    frames(app, 1)
    frames_until(app, lambda: app.find_scene(HelpOverlay) is None)


def said(app: App) -> str:
    frames(app, 1)
    return " | ".join([*app.session.notices, *(t.text for t in app.play.notices.toasts)])


def test_the_help_cards_button_adds_the_menu_entry_and_a_desktop_icon(
    make_app: Callable[..., App], scratch_home: Path, tmp_path: Path
) -> None:
    desktop = scratch_home / "Desktop"
    desktop.mkdir()
    app = make_app()
    card = open_help(app)
    assert card.offer == "Add to the applications menu (A)"
    assert card.rect.contains(card.button)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.button.center, button=1))
    added(app)
    entry = tmp_path / "share" / "applications" / "othello-desktop.desktop"
    icon = desktop / "othello-desktop.desktop"
    assert entry.is_file() and icon.read_text() == entry.read_text()
    assert icon.stat().st_mode & 0o111  # a desktop starts only an executable entry
    if shutil.which("gio"):  # GNOME's desktop starts an icon it trusts without asking
        assert GIO_RUNS[-1][1:] == ["set", str(icon), "metadata::trusted", "true"]
    words = said(app)
    shown = "~/Desktop/othello-desktop.desktop"  # the home folder as a person writes it
    assert f"Othello added to the applications menu ({entry}) and the desktop ({shown})." in words
    assert open_help(app).offer == "In the applications menu: add again (A)"


def test_a_on_the_help_card_adds_it_too_and_without_a_desktop_only_the_menu(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app()
    open_help(app)
    press(pygame.K_a)
    added(app)
    entry = tmp_path / "share" / "applications" / "othello-desktop.desktop"
    assert entry.is_file()
    assert f"Othello added to the applications menu ({entry})." in said(app)


def test_a_failure_is_said(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> list[tuple[str, Path]]:
        raise ShortcutError("cannot install the shortcut: read-only file system")

    monkeypatch.setattr(shortcut, "install_for_this_system", refuse)
    app = make_app()
    open_help(app)
    press(pygame.K_a)
    added(app)
    assert "Othello could not be added to the menu: cannot install" in said(app)


def test_a_card_closed_while_adding_still_says_where(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    gate = threading.Event()
    real = shortcut.install_for_this_system

    def slow() -> list[tuple[str, Path]]:  # as PowerShell takes its time
        gate.wait(timeout=30)
        return real()

    monkeypatch.setattr(shortcut, "install_for_this_system", slow)
    app = make_app()
    card = open_help(app)
    press(pygame.K_a)
    frames(app, 2)
    assert card.offer == "Adding…" and app.find_scene(HelpOverlay) is card
    adding = card.adding
    assert adding is not None
    press(pygame.K_ESCAPE)  # the player closes the card meanwhile
    frames(app, 1)
    assert app.find_scene(HelpOverlay) is None and app.running
    gate.set()
    adding.thread.join(timeout=30)
    entry = tmp_path / "share" / "applications" / "othello-desktop.desktop"
    assert f"Othello added to the applications menu ({entry})." in said(app)


def test_no_offer_on_macos_nor_in_the_demo(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert open_help(make_app(demo=True)).offer is None
    monkeypatch.setattr(sys, "platform", "darwin")
    assert open_help(make_app()).offer is None


def test_the_desktop_folder_is_the_one_the_system_names(scratch_home: Path, tmp_path: Path) -> None:
    assert shortcut.desktop_dir() is None  # no ~/Desktop
    (scratch_home / "Schreibtisch").mkdir()
    dirs = tmp_path / "config" / "user-dirs.dirs"
    dirs.parent.mkdir()
    dirs.write_text('# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR="$HOME/Schreibtisch"\n')
    assert shortcut.desktop_dir() == scratch_home / "Schreibtisch"
    dirs.write_text('XDG_DESKTOP_DIR="$HOME/"\n')  # the home folder: no desktop
    assert shortcut.desktop_dir() is None


def test_windows_puts_a_shortcut_on_the_desktop_too(tmp_path: Path) -> None:
    desktop = tmp_path / "OneDrive" / "Desktop"
    desktop.mkdir(parents=True)

    def powershell(command: list[str]) -> subprocess.CompletedProcess[str]:
        script = command[-1]
        assert "GetFolderPath('Desktop')" in script and "Copy-Item" in script
        link = tmp_path / "Programs" / "Othello.lnk"
        link.write_bytes(b"L\0\0\0")
        (desktop / "Othello.lnk").write_bytes(b"L\0\0\0")
        return subprocess.CompletedProcess(command, 0, f"{desktop / 'Othello.lnk'}\r\n", "")

    written = shortcut_windows.install_windows_shortcut(
        tmp_path / "Programs", tmp_path / "data", run=powershell
    )
    assert ("desktop shortcut", desktop / "Othello.lnk") in written
    assert placed_words(written) == (
        f"Othello added to the Start menu ({tmp_path / 'Programs' / 'Othello.lnk'}) "
        f"and the desktop ({desktop / 'Othello.lnk'})."
    )


def test_the_first_start_says_where_to_add_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: None)

    def notices() -> list[str]:
        args: Any = cli.build_parser().parse_args([])
        cli._prepare_play(args)
        found: list[str] = args.loaded_settings[1]
        return found

    assert "Help (F1) adds Othello to your applications menu." in notices()
    assert notices() == []  # not the first start any more
    assert shortcut.first_start_tip() is not None
    shortcut.install_shortcut()
    assert shortcut.first_start_tip() is None  # in the menu already: nothing to offer
