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
import re
import shutil
import subprocess
import sys
from collections.abc import MutableMapping
from pathlib import Path

from othello.app.desktop import icons
from othello.app.files import paths
from othello.core.errors import ShortcutError

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


MENU_ENTRY, DESKTOP_ICON = "menu entry", "desktop icon"
START_MENU, DESKTOP_SHORTCUT = "Start-menu shortcut", "desktop shortcut"
"""The labels of what was written that the player looks for (the window says where each is
seen: gui/services/shortcut_offer.py's PLACES)."""


def menu_name() -> str | None:
    """The menu the game can be added to on this system, or None (macOS: drag the app)."""
    if sys.platform.startswith("win"):
        return "Start menu"
    return None if sys.platform == "darwin" else "applications menu"


def installed() -> bool:
    """Whether the game is in this system's menu already (as ``--install-shortcut`` puts it)."""
    if sys.platform.startswith("win"):
        from othello.app.desktop.shortcut_windows import LINK_NAME, start_menu_dir

        return (start_menu_dir() / LINK_NAME).is_file()
    if sys.platform == "darwin":
        return False
    return (paths.xdg_data_home() / "applications" / f"{APP_ID}.desktop").is_file()


def first_start_tip() -> str | None:
    """For the first start (a double-clicked game has no terminal for ``--install-shortcut``):
    where the window adds the game to the menu, unless it is there already."""
    menu = menu_name()
    if menu is None or installed():
        return None
    return f"Help (F1) adds Othello to your {menu}."


def install_for_this_system() -> list[tuple[str, Path]]:
    """``--install-shortcut`` and the help card's button: the Linux menu entry or the Windows
    Start-menu shortcut, and the same on the desktop where the system has a desktop folder;
    returns what was written, labelled for the player."""
    if sys.platform.startswith("win"):
        from othello.app.desktop.shortcut_windows import install_windows_shortcut

        return install_windows_shortcut()
    if sys.platform == "darwin":
        raise ShortcutError(MACOS_ADVICE)
    entry, icon = install_shortcut()
    written = [(MENU_ENTRY, entry)]
    folder = desktop_dir()
    if folder is not None:
        written.append((DESKTOP_ICON, install_desktop_icon(entry, folder)))
    return [*written, ("starts", Path(launcher_command()[0])), ("icon", icon)]


def short_path(path: Path) -> str:
    """A path as a person writes it: ``~`` for the home folder."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def desktop_dir() -> Path | None:
    """The desktop folder, where the system has one: ``XDG_DESKTOP_DIR`` in
    ``user-dirs.dirs``, else ``~/Desktop``; None when it does not exist or is the home folder
    itself (XDG's way of saying there is no desktop)."""
    home = Path.home()
    config = os.environ.get("XDG_CONFIG_HOME", "")
    dirs = (Path(config) if os.path.isabs(config) else home / ".config") / "user-dirs.dirs"
    folder = home / "Desktop"
    try:
        lines = dirs.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    for line in lines:
        match = re.match(r'\s*XDG_DESKTOP_DIR\s*=\s*"(.*)"\s*$', line)
        if match:
            folder = Path(match.group(1).replace("$HOME", str(home)))
    if not folder.is_absolute() or folder == home or not folder.is_dir():
        return None
    return folder


def install_desktop_icon(entry: Path, folder: Path) -> Path:
    """The menu entry copied onto the desktop, executable (desktops start only such), and
    marked trusted for GNOME's desktop icons where ``gio`` is there (else GNOME asks once)."""
    icon = folder / entry.name
    try:
        shutil.copyfile(entry, icon)
        icon.chmod(0o755)
    except OSError as err:
        raise ShortcutError(f"cannot put the shortcut on the desktop: {err}") from None
    gio = shutil.which("gio")
    if gio is not None:
        try:
            subprocess.run(
                [gio, "set", str(icon), "metadata::trusted", "true"],
                capture_output=True,
                timeout=10,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            pass  # the icon is there; the desktop may ask the player to trust it
    return icon


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
