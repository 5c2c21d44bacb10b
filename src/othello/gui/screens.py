"""Every screen another one can open, by name.

A screen asks the app for another by its name (``PlayHost.open_screen("moves", ...)``), so
no screen imports another and the screens' modules import only downward; this table is the
one place that knows them all. Each entry is made with the app as its host, then the options
the opener gave.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .scenes.base import Scene
from .scenes.display import DisplayCard
from .scenes.end_card import EndOverlay
from .scenes.game_card import GameCard
from .scenes.help import HelpOverlay
from .scenes.import_bar import ImportBar
from .scenes.leave_card import LeaveCard
from .scenes.library import LibraryOverlay
from .scenes.move_list import MoveListOverlay
from .scenes.puzzles import PuzzleOverlay
from .scenes.set_up import EditOverlay

SCREENS: dict[str, Callable[..., Scene]] = {
    screen.name: screen
    for screen in (
        EndOverlay,
        HelpOverlay,
        MoveListOverlay,
        PuzzleOverlay,
        EditOverlay,
        LibraryOverlay,
        ImportBar,
        DisplayCard,
        GameCard,
        LeaveCard,
    )
}


def make_screen(name: str, host: Any, **options: Any) -> Scene:
    """The screen called ``name``, made for ``host``; KeyError for a name nobody knows."""
    return SCREENS[name](host, **options)
