"""Adding the game to the system's menu from the window, for a player who never opens a
terminal (the app is double-clicked; ``--install-shortcut`` needs a command line).

The help card (F1, the Help button) offers it as a button, and the first start says so. The
button does what ``othello --install-shortcut`` does (``app/desktop/shortcut.py``): the menu entry,
and the same on the desktop where the system has a desktop folder. It runs off the frame
loop, since on Windows it asks PowerShell (a second or two), and the strip under the board
then says where the entries were put, or why they could not be.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from othello.app.desktop import shortcut
from othello.app.files import logs
from othello.app.i18n import N_, _
from othello.core.errors import ShortcutError

Installer = Callable[[], list[tuple[str, Path]]]


def button_label() -> str | None:
    """The help card's button on this system, or None where there is no menu to add the
    game to (macOS: the app is dragged to Applications)."""
    menu = shortcut.menu_name()
    if menu is None:
        return None
    start = menu == "Start menu"
    if shortcut.installed():
        return (
            _("In the Start menu: add again (A)")
            if start
            else _("In the applications menu: add again (A)")
        )
    return _("Add to the Start menu (A)") if start else _("Add to the applications menu (A)")


PLACES = {
    shortcut.MENU_ENTRY: N_("the applications menu"),
    shortcut.DESKTOP_ICON: N_("the desktop"),
    shortcut.START_MENU: N_("the Start menu"),
    shortcut.DESKTOP_SHORTCUT: N_("the desktop"),
}
"""Where each thing written that the player looks for is seen, as the window says it."""


def placed_words(written: list[tuple[str, Path]]) -> str:
    """What was written, in a sentence for the window: "Othello added to the applications
    menu (~/.local/share/applications/othello-desktop.desktop) and the desktop (...)"."""
    places = [
        _("{place} ({path})").format(place=_(PLACES[label]), path=shortcut.short_path(path))
        for label, path in written
        if label in PLACES
    ]
    return _("Othello added to {places}.").format(places=_(" and ").join(places))


class Adding:
    """The shortcuts being written in a thread of their own. ``words`` is what to tell once
    they are (or why they could not be); the help card shows them when they come, or, closed
    before then, ``later`` gets them (it only appends to a list, which a thread may do)."""

    def __init__(self, install: Installer | None = None) -> None:
        self.install = install or shortcut.install_for_this_system
        self.words: str | None = None
        self.later: Callable[[str], None] | None = None
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="add-to-menu", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            written = self.install()
        except ShortcutError as err:
            logs.log.warning("shortcut: %s", err)
            words = _("Othello could not be added to the menu: {problem}").format(problem=err)
        else:
            logs.log.info("shortcut: %s", written)
            words = placed_words(written)
        with self._lock:
            self.words = words
            later = self.later
        if later is not None:
            later(words)

    def hand_over(self, later: Callable[[str], None]) -> None:
        """Whoever shows the words now is gone: ``later`` gets them, now or when they come."""
        with self._lock:
            self.later, words = later, self.words
        if words is not None:
            later(words)
