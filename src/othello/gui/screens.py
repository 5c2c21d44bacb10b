"""Every screen another one can open, by name.

A screen asks the app for another by its name (``PlayHost.open_screen("moves", ...)``), so
no screen imports another and the screens' modules import only downward; this table is the
one place that knows them all. Each entry is made with the app as its host, then the options
the opener gave.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from othello.gui.model.names import ScreenName
from othello.gui.scenes.alert_card import AlertCard
from othello.gui.scenes.base import Scene
from othello.gui.scenes.drill_screen import DrillScreen
from othello.gui.scenes.end_card import EndOverlay
from othello.gui.scenes.game_card import GameCard
from othello.gui.scenes.help import HelpOverlay
from othello.gui.scenes.import_bar import ImportBar
from othello.gui.scenes.leave_card import LeaveCard
from othello.gui.scenes.library import LibraryOverlay
from othello.gui.scenes.move_list import MoveListOverlay
from othello.gui.scenes.person_screen import PersonScreen
from othello.gui.scenes.position_editor import PositionEditor
from othello.gui.scenes.progress_card import ProgressCard
from othello.gui.scenes.puzzle_screen import PuzzleOverlay
from othello.gui.scenes.settings_card import SettingsCard

SCREENS: dict[ScreenName, Callable[..., Scene]] = {
    screen.name: screen
    for screen in (
        EndOverlay,
        HelpOverlay,
        MoveListOverlay,
        PuzzleOverlay,
        PositionEditor,
        LibraryOverlay,
        ImportBar,
        SettingsCard,
        GameCard,
        ProgressCard,
        LeaveCard,
        DrillScreen,
        AlertCard,
        PersonScreen,
    )
}


def make_screen(name: ScreenName, host: Any, **options: Any) -> Scene:
    """The screen called ``name``, made for ``host``; KeyError for a name nobody knows."""
    return SCREENS[name](host, **options)
