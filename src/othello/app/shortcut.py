"""``othello --install-shortcut``: a menu entry and icon for Linux desktops.

pip cannot add a launcher to the desktop's application menu, so this writes one: a
freedesktop.org ``.desktop`` file in ``$XDG_DATA_HOME/applications`` and the icon in the
hicolor theme beside it. The entry runs the launcher of the Python environment the game is
installed in, so it works without that environment being activated.
"""

from __future__ import annotations

import os
import shutil
import struct
import sys
from pathlib import Path

from ..errors import ShortcutError
from . import paths

APP_ID = "othello-desktop"


def launcher_command() -> list[str]:
    """The command the menu runs: this environment's ``othello-gui``, else ``python -m othello``."""
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
            "",
        ]
    )


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG header, to file the icon under the right size folder."""
    head = path.read_bytes()[:24]
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ShortcutError(f"{path} is not a PNG image")
    width, height = struct.unpack(">II", head[16:24])
    return int(width), int(height)


def install_shortcut(home: Path | None = None) -> tuple[Path, Path]:
    """Write the icon and the ``.desktop`` file; returns their paths."""
    if not sys.platform.startswith("linux") and home is None:
        raise ShortcutError(
            "--install-shortcut makes a Linux menu entry; on Windows and macOS start the "
            "othello-gui launcher that pip installed"
        )
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
