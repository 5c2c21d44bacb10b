"""``othello --install-shortcut``: a menu entry and icon for Linux desktops (Windows: see
``shortcut_windows``; macOS has the ``.app`` to drag to Applications).

pip cannot add a launcher to the desktop's application menu, so this writes one: a
freedesktop.org ``.desktop`` file in ``$XDG_DATA_HOME/applications`` and the icon in the
hicolor theme beside it. The entry runs the launcher of the Python environment the game is
installed in, so it works without that environment being activated; started from the
standalone app, it runs the app itself. Its ``StartupWMClass`` is the class the game gives its
window (``set_window_class``), so the desktop files the open window under the entry's icon.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import MutableMapping
from pathlib import Path

from ..errors import ShortcutError
from . import icons, paths

APP_ID = "othello-desktop"
WM_CLASS = APP_ID
"""The window's class (X11 ``WM_CLASS``, Wayland app id): the menu entry's ``StartupWMClass``."""

WM_CLASS_VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")


def set_window_class(environ: MutableMapping[str, str] = os.environ) -> None:
    """Have SDL name the window's class ``WM_CLASS`` when it opens the window (it reads these
    variables then; unset, it takes the executable's name: ``othello``, ``python3.11``,
    ``Othello``). A class the player set in the environment is kept."""
    for name in WM_CLASS_VARIABLES:
        environ.setdefault(name, WM_CLASS)


def launcher_command() -> list[str]:
    """The command the menu runs: the standalone app itself, else this environment's
    ``othello-gui``, else ``python -m othello``."""
    if getattr(sys, "frozen", False):  # PyInstaller's app: sys.executable is the game
        return [sys.executable]
    scripts = Path(sys.executable).parent
    for name in ("othello-gui", "othello"):
        candidate = scripts / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return [str(candidate)]
    return [sys.executable, "-m", "othello"]


def _quote_arg(arg: str) -> str:
    """Quote one Exec argument as the Desktop Entry spec asks (reserved characters)."""
    if arg and not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`="):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{escaped}"'


def exec_line(command: list[str]) -> str:
    """The Exec value; ``%`` is doubled and backslashes doubled again for the file's string escape."""
    line = " ".join(_quote_arg(a) for a in command).replace("%", "%%")
    return line.replace("\\", "\\\\")


def desktop_entry(command: list[str], icon: Path) -> str:
    """The text of the ``.desktop`` file."""
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.0",
            "Name=Othello",
            "GenericName=Board Game",
            "Comment=Play Othello (Reversi) against the computer",
            f"Exec={exec_line(command)}",
            f"Icon={icon}",
            "Terminal=false",
            "Categories=Game;BoardGame;",
            "Keywords=reversi;othello;board;",
            "StartupNotify=true",
            f"StartupWMClass={WM_CLASS}",
            "",
        ]
    )


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG header, to file the icon under the right size folder."""
    try:
        return icons.png_size(path.read_bytes()[:24])
    except icons.IconError:
        raise ShortcutError(f"{path} is not a PNG image") from None


MACOS_ADVICE = (
    "on macOS there is no menu entry to make: drag Othello.app to Applications (the app "
    "download), or start the othello-gui launcher that pip installed"
)


def install_for_this_system() -> list[tuple[str, Path]]:
    """``--install-shortcut``: the Linux menu entry or the Windows Start-menu shortcut; returns
    what was written, labelled for the player."""
    if sys.platform.startswith("win"):
        from .shortcut_windows import install_windows_shortcut

        return install_windows_shortcut()
    if sys.platform == "darwin":
        raise ShortcutError(MACOS_ADVICE)
    desktop, icon = install_shortcut()
    return [("menu entry", desktop), ("starts", Path(launcher_command()[0])), ("icon", icon)]


def install_shortcut(home: Path | None = None) -> tuple[Path, Path]:
    """Write the icon and the ``.desktop`` file; returns their paths."""
    home = home or paths.xdg_data_home()  # not OTHELLO_DATA_DIR: the menu looks here
    source = paths.resource("icon.png")
    if not source.is_file():
        raise ShortcutError(f"the icon {source} is missing from the installed package")
    width, height = png_size(source)
    icon = home / "icons" / "hicolor" / f"{width}x{height}" / "apps" / f"{APP_ID}.png"
    desktop = home / "applications" / f"{APP_ID}.desktop"
    try:
        icon.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, icon)
        desktop.parent.mkdir(parents=True, exist_ok=True)
        desktop.write_text(desktop_entry(launcher_command(), icon), encoding="utf-8")
        desktop.chmod(0o755)
    except OSError as err:
        raise ShortcutError(f"cannot install the shortcut: {err}") from None
    return desktop, icon
