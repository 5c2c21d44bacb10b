"""Adding the game to the system's menu from the window, for a player who never opens a
terminal (the app is double-clicked; ``--install-shortcut`` needs a command line).

The help card (F1, the Help button) offers it as a button, and the first start says so. The
button does what ``othello --install-shortcut`` does (``app/shortcut.py``): the menu entry,
and the same on the desktop where the system has a desktop folder. It runs off the frame
loop, since on Windows it asks PowerShell (a second or two), and the strip under the board
then says where the entries were put, or why they could not be.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from ..app import logs, shortcut
from ..errors import ShortcutError

Installer = Callable[[], list[tuple[str, Path]]]


def button_label() -> str | None:
    """The help card's button on this system, or None where there is no menu to add the
    game to (macOS: the app is dragged to Applications)."""
    menu = shortcut.menu_name()
    if menu is None:
        return None
    if shortcut.installed():
        return f"In the {menu}: add again (A)"
    return f"Add to the {menu} (A)"


def add(tell: Callable[[str], None], install: Installer | None = None) -> threading.Thread:
    """Install the shortcuts in a thread of their own; ``tell`` gets the sentence to show
    (it only appends to a list, which a thread may do)."""
    install = install or shortcut.install_for_this_system

    def run() -> None:
        try:
            written = install()
        except ShortcutError as err:
            logs.log.warning("shortcut: %s", err)
            tell(f"Othello could not be added to the menu: {err}")
            return
        logs.log.info("shortcut: %s", written)
        tell(shortcut.where_put(written))

    thread = threading.Thread(target=run, name="add-to-menu", daemon=True)
    thread.start()
    return thread
