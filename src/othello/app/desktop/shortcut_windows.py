"""``othello --install-shortcut`` on Windows: an "Othello" shortcut in the player's Start menu.

A ``.lnk`` file is a binary format best written by Windows itself, so this asks PowerShell to
do it through the ``WScript.Shell`` COM object every Windows has (no extra dependency). The
shortcut starts the standalone app itself, or the ``othello-gui.exe`` launcher pip put beside
this environment's Python (no console window either way). The app's icon is inside its
``.exe``; for a pip-installed game the package's icon is written as an ``.ico`` in the data
folder for the shortcut to show.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from othello.app.desktop import icons
from othello.app.files import paths
from othello.core.errors import ShortcutError

LINK_NAME = "Othello.lnk"
DESCRIPTION = "Play Othello (Reversi) against the computer"

Runner = Callable[[list[str]], "subprocess.CompletedProcess[str]"]
"""Runs a command and returns its result: PowerShell for real, a fake in the tests."""


def start_menu_dir() -> Path:
    """The player's own Start-menu programs folder (no administrator rights needed)."""
    appdata = os.environ.get("APPDATA", "")
    base = Path(appdata) if os.path.isabs(appdata) else Path.home() / "AppData" / "Roaming"
    return base / "Microsoft" / "Windows" / "Start Menu" / "Programs"


def shortcut_target() -> tuple[Path, str]:
    """The program the shortcut starts, and its arguments.

    The app when frozen; else ``othello-gui.exe`` beside this Python (a venv's ``Scripts``)
    or in its ``Scripts`` folder (an installed Python); else ``pythonw -m othello``.
    """
    exe = Path(sys.executable)
    if getattr(sys, "frozen", False):
        return exe, ""
    for gui in (exe.parent / "othello-gui.exe", exe.parent / "Scripts" / "othello-gui.exe"):
        if gui.is_file():
            return gui, ""
    pythonw = exe.with_name("pythonw.exe")
    return (pythonw if pythonw.is_file() else exe), "-m othello"


def icon_location(target: Path, data_dir: Path) -> Path:
    """The file whose first icon the shortcut shows: the app's ``.exe``, else our ``.ico``."""
    if getattr(sys, "frozen", False):
        return target
    source = paths.resource("icon.png")
    ico = data_dir / "othello.ico"
    try:
        data = icons.ico_from_png(source.read_bytes())
        ico.parent.mkdir(parents=True, exist_ok=True)
        ico.write_bytes(data)
    except (OSError, icons.IconError) as err:
        raise ShortcutError(f"cannot write the shortcut's icon {ico}: {err}") from None
    return ico


def ps_quote(text: str) -> str:
    """A PowerShell single-quoted string: nothing inside is expanded; ``'`` is doubled."""
    return "'" + text.replace("'", "''") + "'"


DESKTOP_COPY = (
    "$d = [Environment]::GetFolderPath('Desktop'); "
    "if ($d -and (Test-Path -LiteralPath $d)) { $t = Join-Path $d {name}; "
    "Copy-Item -LiteralPath {link} -Destination $t -Force; Write-Output $t }"
)
"""After the Start-menu shortcut, a copy on the desktop where the player has one (Windows
knows where: it may be in OneDrive); its path is printed for the window to name."""


def powershell_command(
    link: Path, target: Path, arguments: str, icon: Path, desktop: bool = False
) -> list[str]:
    """The PowerShell call that writes ``link`` (and its copy on the desktop); paths are
    passed as literal strings."""
    steps = [
        f"$s = (New-Object -ComObject WScript.Shell).CreateShortcut({ps_quote(str(link))})",
        f"$s.TargetPath = {ps_quote(str(target))}",
        f"$s.Arguments = {ps_quote(arguments)}",
        f"$s.WorkingDirectory = {ps_quote(str(target.parent))}",
        f"$s.IconLocation = {ps_quote(f'{icon},0')}",
        f"$s.Description = {ps_quote(DESCRIPTION)}",
        "$s.Save()",
    ]
    if desktop:
        name, literal = ps_quote(LINK_NAME), ps_quote(str(link))
        steps.append(DESKTOP_COPY.replace("{name}", name).replace("{link}", literal))
    script = "; ".join(steps)
    options = ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass"]
    return ["powershell.exe", *options, "-Command", script]


def run_powershell(command: list[str]) -> subprocess.CompletedProcess[str]:
    """Run it without flashing a console window (the app has none of its own)."""
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
    )


def install_windows_shortcut(
    programs: Path | None = None,
    data_dir: Path | None = None,
    run: Runner | None = None,
    desktop: bool = True,
) -> list[tuple[str, Path]]:
    """Write the Start-menu shortcut, and a copy on the desktop (``desktop``) where there is
    one; returns what was written, labelled for the player."""
    run = run or run_powershell
    programs = programs or start_menu_dir()
    link = programs / LINK_NAME
    target, arguments = shortcut_target()
    icon = icon_location(target, data_dir or paths.user_data_dir())
    try:
        programs.mkdir(parents=True, exist_ok=True)
        result = run(powershell_command(link, target, arguments, icon, desktop))
    except (OSError, subprocess.SubprocessError) as err:
        raise ShortcutError(f"cannot run PowerShell to write the shortcut: {err}") from None
    if result.returncode != 0:
        lines = (result.stderr or result.stdout or "").strip().splitlines()
        why = lines[0] if lines else f"exit status {result.returncode}"
        raise ShortcutError(f"PowerShell could not write the shortcut {link}: {why}")
    if not link.is_file():
        raise ShortcutError(f"PowerShell reported no error, but there is no shortcut {link}")
    written = [("Start-menu shortcut", link)]
    printed = (result.stdout or "").strip().splitlines()
    if desktop and printed and Path(printed[-1].strip()).is_file():
        written.append(("desktop shortcut", Path(printed[-1].strip())))
    return [*written, ("starts", target), ("icon", icon)]
