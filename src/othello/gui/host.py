"""What a scene may use of the window that shows it.

Scenes are written against these Protocols rather than against App, so each says what it
needs, and App stays the one owner of the window and the services (search, sounds, settings,
preferences). A scene gets its host when it is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    import pygame

    from ..app.settings import Settings
    from .layout import Layout
    from .panel import Panel
    from .play import PlayScene
    from .render import BoardRenderer
    from .resources import Resources
    from .scenes import Scene
    from .session import Session
    from .sound import Sounds
    from .text import TextCache
    from .worker import SearchWorker

SceneT = TypeVar("SceneT", bound="Scene")


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
    def tell(self, message: str) -> None: ...


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

    def open_scene(self, scene: Scene, *, above: Scene | None = None) -> None: ...
    def find_scene(self, kind: type[SceneT]) -> SceneT | None: ...
    def notify(self, message: str) -> None: ...
    def remember_choice(self, **prefs: Any) -> None: ...
    def open_settings(self) -> None: ...
    def quit(self) -> None: ...


class SettingsHost(Protocol):
    """What applying a change to othello.ini uses of the window: the settings in effect,
    the window's size, the sounds, the search, the game and its scene, and the messages."""

    settings: Settings
    resized: bool
    screen: pygame.Surface
    window: object | None  # the window itself where pygame gives it (to move it on screen)

    @property
    def session(self) -> Session: ...
    @property
    def sounds(self) -> Sounds: ...
    @property
    def worker(self) -> SearchWorker: ...
    @property
    def play(self) -> PlayScene: ...

    def relayout(self, size: tuple[int, int] | None = None) -> None: ...
    def notify(self, message: str) -> None: ...
    def inform(self, message: str) -> None: ...
    def tell(self, message: str) -> None: ...
