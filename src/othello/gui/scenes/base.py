"""What every screen is and what it may use of the app.

A screen (a Scene) handles events, updates with the frame time and draws; the app keeps the
open ones in a stack, offers events from the top down and draws from the bottom up. A screen
knows the app only through the Protocols here (Host, and PlayHost for the play screen): what
it needs of the window, and nothing of how the app is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

import pygame

from othello.gui.model.names import ScreenName

if TYPE_CHECKING:
    from othello.app.settings.keys import Settings
    from othello.gui.model.library_list import LibraryList
    from othello.gui.model.session import Session
    from othello.gui.services.library_worker import LibraryWorker
    from othello.gui.services.resources import Resources
    from othello.gui.services.sound import Sounds
    from othello.gui.services.worker import SearchWorker
    from othello.gui.widgets.board import BoardRenderer
    from othello.gui.widgets.layout import Layout
    from othello.gui.widgets.panel import Panel
    from othello.gui.widgets.text import TextCache

VIEW_KEYS = (pygame.K_x, pygame.K_i, pygame.K_F1)
"""Keys a scene that shows a position (the move list, set up, puzzles) leaves to the play
scene: the explorer and the book's values on the position shown, and help."""


class Scene:
    """A screen of the window. handle_event returns True when it used the event.

    ``name`` is what other screens ask the host for (``PlayHost.open_screen``), so that no
    screen imports another to open it: the names are listed in ``gui/screens.py``."""

    name: ClassVar[ScreenName]

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def spoken(self) -> str:
        """What the screen says now of where the player is (its words, the chosen row or
        move): said by the speech service (SPEECH) whenever it changes; "" for nothing."""
        return ""


SceneT = TypeVar("SceneT", bound=Scene)


class Host(Protocol):
    """What every scene uses: the game, the shared text and disc drawing, where things are on
    screen, the pointer, and a way to close itself."""

    mouse: tuple[int, int]  # where the pointer was last seen over the play scene

    @property
    def session(self) -> Session: ...
    @property
    def res(self) -> Resources: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def board_renderer(self) -> BoardRenderer: ...
    @property
    def layout(self) -> Layout: ...

    def close_scene(self, scene: Scene) -> None: ...
    def new_game(self) -> None: ...
    def review(self) -> None: ...
    def reply(self, message: str) -> None: ...


class PlayHost(Host, Protocol):
    """What the play scene uses besides: the search, the sounds, the settings and the panel,
    and the commands that reach past the board (other scenes, quitting, remembering a choice,
    a message that is also logged)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def worker(self) -> SearchWorker: ...
    @property
    def sounds(self) -> Sounds: ...
    @property
    def panel(self) -> Panel: ...
    @property
    def demo(self) -> bool: ...
    @property
    def computer_min_seconds(self) -> float: ...
    @property
    def library(self) -> LibraryWorker: ...
    @property
    def library_list(self) -> LibraryList: ...

    def open_screen(self, name: ScreenName, *, above: Scene | None = None, **options: Any) -> Scene:
        """Open the screen called ``name`` (screens.SCREENS) on top, or just above ``above``;
        ``options`` go to the screen as it is made."""
        ...

    def find_screen(self, name: ScreenName) -> Scene | None: ...
    def close_screen(self, name: ScreenName) -> None:
        """Close every open screen called ``name``."""
        ...

    def board_covered(self) -> bool:
        """A screen covers the board (a card, puzzles, the move list: not the end card or
        an import's bar): a person's clock stands still."""
        ...

    def warn(self, message: str) -> None: ...
    def remember_choice(self, **prefs: Any) -> None: ...
    def open_settings(self) -> None: ...
    def quit(self) -> None: ...
