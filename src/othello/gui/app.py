"""The game window: the frame loop, the scene stack and the services, and ``run`` for the
command line.

Each frame handles every event, updates, draws, flips and ticks the clock; the loop only
dispatches: events go to the scenes from the top down (then to the hooks below), updates and
drawing to every scene from the bottom up. Time comes in as ``dt``, so tests drive the window
frame by frame without sleeping. The game itself is the play scene's (``app.play``, in
play.py); the search runs in a separate process (see ``worker.py``), and the loop only polls.

What other parts of the program use (autosave, save/load, the clipboard):

- ``app.session``: the game (``session.game``, a :class:`~othello.core.game.Game`) and its intents,
  ``new_game(start=None)``, ``set_game(game)``, ``play(move)``, ``undo()``, ``redo()``;
- ``app.session.on_game_changed``: callbacks given a :class:`~othello.gui.model.session.Change`
  after every change (kind "new", "load", "play", "pass", "undo", "redo" or "players");
- four ways to say something, by what it is: ``app.alert(message)`` a serious problem with
  the player's games (a library set aside, one that cannot be written, a file not taken in,
  a game not resumed: as a problem is, and on a card that stays until the player closes
  it), ``app.warn(message)`` a problem (shown for a few seconds, logged as a warning),
  ``app.mention(message)`` routine news (shown, logged as information), ``app.reply(message)``
  the answer to what the player just did (shown at once in place of earlier answers);
  ``session.show_notice`` only queues what warn and mention show;
- ``app.on_unhandled_event``: callbacks for events no scene used (Ctrl+C, Ctrl+V...),
  returning True when they used the event.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from othello.app.files import logs, paths
from othello.app.i18n import _
from othello.app.search_service import JobKind
from othello.app.settings.choices import load_with_choices, save_preferences
from othello.app.settings.keys import Settings, search_processes
from othello.app.settings.loading import find_config
from othello.gui import window_size
from othello.gui.live_settings import LiveSettings, display
from othello.gui.model.library_list import LibraryList
from othello.gui.model.names import ScreenName
from othello.gui.scenes.alert_card import AlertCard
from othello.gui.scenes.base import Scene, SceneT
from othello.gui.scenes.play import PlayScene
from othello.gui.screens import make_screen
from othello.gui.services import persistence
from othello.gui.services.frame_stats import FrameStats
from othello.gui.services.library_feed import LibraryFeed
from othello.gui.services.library_worker import LibraryWorker
from othello.gui.services.persistence import copy as clipboard_copy
from othello.gui.services.resources import load_resources
from othello.gui.services.sound import Sounds
from othello.gui.services.speaking import SpeakerFactory, Speaking
from othello.gui.services.worker import EngineFactory, SearchWorker
from othello.gui.startup import StartupProblems, session_for
from othello.gui.widgets.board import BoardRenderer
from othello.gui.widgets.layout import Layout, compute_layout, wanted_square
from othello.gui.widgets.panel import Panel
from othello.gui.widgets.text import TextCache

COMPUTER_MIN_SECONDS = 0.35  # an instant reply is hard to follow; pace it a little
MAX_DT = 0.1  # after a stall, animate on from where we were rather than jumping
BESIDE_THE_BOARD: tuple[ScreenName, ...] = ("play", "end", "import-bar")
"""The screens that leave the board in view (board_covered)."""
SWITCH_SECONDS = 0.001  # let the frame loop win the interpreter back from the search quickly


class App:
    """The window, its loop and its scenes, and the services they share: the search worker,
    sounds, settings, fonts and pictures, and remembering the player's choices."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        notices: list[str] | tuple[str, ...] = (),
        engine_factory: EngineFactory | None = None,
        remember: Callable[[dict[str, Any]], object] | None = None,
        resource_folder: Path | None = None,
        demo: bool = False,
        computer_min_seconds: float = COMPUTER_MIN_SECONDS,
        settings_file: Path | None = None,
        speaker_factory: SpeakerFactory | None = None,
    ) -> None:
        """``settings_file`` is the othello.ini the Settings button opens and the window reads
        again when it is saved: by default the one the settings came from, else the user's."""
        self.settings = settings if settings is not None else Settings()
        s = self.settings
        display(s)  # the language, the palette, the text size
        self.remember = remember
        self.demo = demo
        self.computer_min_seconds = computer_min_seconds
        self.session = session_for(s, demo)
        self.session.notices.extend(notices)

        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_SECONDS)
        starting = StartupProblems(self.warn, self.session.show_notice)  # said once, together
        self.res = load_resources(starting.file_problem, resource_folder)
        starting.check_packaged_data(bool(s.book))
        self.screen, self.window = window_size.open_window(
            self.res.images.get("icon.png"), (s.window_width, s.window_height), self.warn
        )
        self.text = TextCache(self.res)
        self.board_renderer = BoardRenderer(self.res, self.text)
        self.panel = Panel(self.text, self.board_renderer)
        self.sounds = Sounds(self.res.folder, bool(s.sound), self.warn, starting.file_problem)
        starting.report()
        self.engine_factory = engine_factory  # a second worker (puzzles) makes the same kind
        # with no engine_factory the search runs in a child process
        self.worker = SearchWorker(engine_factory, book=bool(s.book), processes=search_processes(s))
        self.resized = False  # the player changed the window's size: remember it at the end
        self.layout: Layout = compute_layout(*self.screen.get_size(), int(s.square_size))
        self.relayout()

        # Handlers for events no scene used (e.g. Ctrl+C / Ctrl+V); return True when used.
        self.on_unhandled_event: list[Callable[[pygame.event.Event], bool]] = []
        # Called once the loop ends, before the search stops (the last autosave).
        self.on_close: list[Callable[[], None]] = []
        self.on_game_saved: list[Callable[[Any], None]] = []  # Ctrl+S wrote the game
        self.on_file_dropped: list[Callable[[Path], bool]] = []  # True: a hook took the file
        self.library = LibraryWorker(self.warn, alert=self.alert)
        self.library_list = LibraryList()
        self.running = True
        self.mouse: tuple[int, int] = (-1, -1)
        self.play = PlayScene(self)
        self.scenes: list[Scene] = [self.play]
        self.library_feed = LibraryFeed.attach(self, self.play.explorer.forget_mine)
        # the window's words spoken (SPEECH); tests give a recording speaker
        self.speech = (
            Speaking.attach(self, speaker_factory) if speaker_factory else Speaking.attach(self)
        )
        self.live_settings = LiveSettings(
            self, settings_file or s.source or paths.user_ini(), clipboard_copy
        )
        logs.on_failure = self.session.show_notice  # a log that stops working is said once
        # What is loaded by now (modules, pygame, fonts) lives as long as the window. A full
        # garbage collection holds the interpreter, against the frame loop too, for as long as
        # it walks the objects: 20-40 ms with these in it, almost nothing once they are frozen.
        gc.freeze()

    # ----- window ------------------------------------------------------------------------

    def relayout(self, size: tuple[int, int] | None = None) -> None:
        """Recompute where everything goes for the window's size (after a resize).

        A window made smaller than MIN_WINDOW (where the window system did not stop it) is
        put back to the minimum rather than drawn cut off.
        """
        if size is not None:
            size = window_size.at_least_minimum(size)
            if size != self.screen.get_size():
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = pygame.display.get_surface() or self.screen
        width, height = self.screen.get_size()
        square = wanted_square(width, height, int(self.settings.square_size))
        self.layout = compute_layout(width, height, square)
        self.panel.relayout(self.layout)

    # ----- the loop ------------------------------------------------------------------------

    def frame(self, dt: float) -> None:
        """One turn of the loop: events, update, draw, flip (the caller ticks the clock)."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.update(min(dt, MAX_DT))
        self.draw(self.screen)
        pygame.display.flip()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The window's own events (close, resize) here; the rest to the scenes, the top one
        first, and what none of them used to the ``on_unhandled_event`` hooks."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (
                (event.x, event.y) if event.type == pygame.WINDOWSIZECHANGED else (event.w, event.h)
            )
            if size != (self.layout.width, self.layout.height):
                self.resized = True
                self.relayout(size)
        elif self.speech.handle_event(event):
            pass  # a speech key (F12, Tab on the board, Alt and a question's letter)
        elif not any(scene.handle_event(event) for scene in reversed(self.scenes)):
            for hook in list(self.on_unhandled_event):
                if hook(event):
                    break

    def update(self, dt: float) -> None:
        """Every scene moves on by ``dt`` seconds (a copy of the stack: a scene may open another);
        a saved change to othello.ini applies first."""
        self.live_settings.update(dt)
        self.library.update(dt)
        self.library_feed.update()
        for scene in list(self.scenes):
            scene.update(dt)
        self.speech.update()

    def draw(self, surface: pygame.Surface) -> None:
        """The scenes from the bottom up, so overlays land on top of the play."""
        for scene in self.scenes:
            scene.draw(surface)

    def run(self, max_frames: int | None = None) -> FrameStats:
        """The canonical loop until quit (or ``max_frames``); returns frame-time figures."""
        clock = pygame.time.Clock()
        stats = FrameStats()
        dt, frames, last = 1.0 / max(1, self.fps), 0, time.perf_counter()
        try:
            while self.running and (max_frames is None or frames < max_frames):
                start = time.perf_counter()
                thinking = self.worker.kind == JobKind.THINK
                self.frame(dt)
                work = time.perf_counter() - start
                if not frames:
                    stats.first_frame_drawn()
                dt = clock.tick(self.fps) / 1000.0
                now = time.perf_counter()
                if frames:
                    stats.add(now - last, work, thinking)
                last, frames = now, frames + 1
        finally:
            self.close()
        return stats

    @property
    def fps(self) -> int:
        return max(1, int(self.settings.fps))

    def close(self) -> None:
        """Remember a window size the player chose; stop the search; give the interpreter
        its usual thread switching and collection back. The ``on_close`` hooks run first
        (the autosave's last save); one that fails is logged and the others still run."""
        for hook in self.on_close:
            try:
                hook()
            except Exception:
                logs.log.exception("while closing the window")
        self.on_close.clear()
        if logs.on_failure == self.session.show_notice:
            logs.on_failure = None
        if self.resized:  # once, at the end: a drag sends dozens of sizes
            self.resized = False
            width, height = self.screen.get_size()  # SQUARESIZE stays: see wanted_square
            self.remember_choice(window_width=width, window_height=height)
        self.speech.close()
        self.worker.shutdown()
        self.library.close()  # a game still waiting for the library is written aside
        sys.setswitchinterval(self._switch)
        gc.unfreeze()

    # ----- the scene stack ------------------------------------------------------------------

    def open_scene(self, scene: Scene, *, above: Scene | None = None) -> None:
        """Put ``scene`` on top, or just above ``above`` (under any card opened over that one);
        a serious notice's card stays on top of everything until it is closed."""
        alert = self.find_scene(AlertCard)
        if above is not None:
            self.scenes.insert(self.scenes.index(above) + 1, scene)
        elif alert is not None and scene is not alert:
            self.scenes.insert(self.scenes.index(alert), scene)
        else:
            self.scenes.append(scene)

    def close_scene(self, scene: Scene) -> None:
        self.scenes = [s for s in self.scenes if s is not scene]

    def open_screen(self, name: ScreenName, *, above: Scene | None = None, **options: Any) -> Scene:
        """Open the screen called ``name`` (screens.SCREENS), made with ``options``."""
        scene = make_screen(name, self, **options)
        self.open_scene(scene, above=above)
        return scene

    def find_scene(self, kind: type[SceneT]) -> SceneT | None:
        """The open scene of this kind, if there is one (typed, for the tests and tools)."""
        return next((s for s in self.scenes if isinstance(s, kind)), None)

    def find_screen(self, name: ScreenName) -> Scene | None:
        return next((s for s in self.scenes if s.name == name), None)

    def close_screen(self, name: ScreenName) -> None:
        self.scenes = [s for s in self.scenes if s.name != name]

    def board_covered(self) -> bool:
        """A screen covers the board (a card, puzzles, drills, the library, the move list):
        all but the play screen, the end card (the game is over) and an import's bar."""
        return any(scene.name not in BESIDE_THE_BOARD for scene in self.scenes)

    def quit(self) -> None:
        """Leave the loop at the end of this frame; a running search is told to stop now."""
        self.running = False
        self.worker.cancel()

    # ----- services --------------------------------------------------------------------------

    def alert(self, message: str) -> None:
        """A serious problem with the player's games (a library set aside, one that cannot be
        written, a file not taken in, a game not resumed): said as a problem is (the strip,
        the log), and on a card that stays until the player closes it (one at a time, the
        others waiting behind it), since the strip's message rotates away before it is read."""
        self.warn(message)
        shown = self.find_scene(AlertCard)
        if shown is not None:
            shown.add(message)
        else:
            self.open_screen("alert", message=message, copy=clipboard_copy)

    def warn(self, message: str) -> None:
        """A problem the player should know of (a setting, a file, the search): shown in the
        window for a few seconds, and kept in the log file as a warning."""
        logs.log.warning("window: %s", message)
        self.session.show_notice(message)

    def mention(self, message: str) -> None:
        """Routine news (a resumed game): shown like a problem, logged only as information."""
        logs.log.info("window: %s", message)
        self.session.show_notice(message)

    def reply(self, message: str) -> None:
        """The answer to what the player just did (a paste, a load, a save): shown at once,
        in place of earlier answers, and logged as information."""
        logs.log.info("window: %s", message)
        self.play.reply(message, lasting=True)

    def new_game(self) -> None:
        self.play.do("new")

    def review(self) -> None:
        self.play.do("review")

    def open_settings(self) -> None:
        """The Settings button: othello.ini in the system's text editor."""
        self.live_settings.open()

    def remember_choice(self, **prefs: Any) -> None:
        """Keep a choice made in the window for the next start (not the demo's), apart from
        othello.ini (app/settings/choices.py); the settings in effect say so too."""
        if self.remember is None or self.demo:
            return
        try:
            self.remember(prefs)
        except Exception as err:  # a read-only or broken config must not stop the game
            self.warn(_("Could not remember your choice: {problem}").format(problem=err))
            return
        self.settings = replace(self.settings, **prefs)


def run(args: Any = None) -> int:
    """Open the window (``othello`` with no command); ``--demo`` lets the computer play itself."""
    demo = bool(getattr(args, "demo", False))
    frames = getattr(args, "frames", None)
    headless = frames is not None and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )
    if headless and sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    config = getattr(args, "config", None)
    settings, notices = getattr(args, "loaded_settings", None) or load_with_choices(config)
    try:
        app = App(
            settings,
            notices=list(notices),
            demo=demo,
            remember=lambda prefs: save_preferences(prefs, config),
            settings_file=find_config(config) or paths.user_ini(),
        )
    except pygame.error as err:
        print(f"othello: cannot open the game window ({err}); is there a display?", file=sys.stderr)
        pygame.quit()
        return 1
    # clipboard and file keys, the game kept after every move, resumed (or --load's file)
    persistence.attach(app, start=getattr(args, "start_file", None))
    person = getattr(args, "person", None)
    if person is not None:  # othello host / othello join: the screen opens at once
        app.play.play_person(**person)
    try:
        stats = app.run(max_frames=frames)
    finally:
        pygame.quit()
    if demo or frames is not None:
        print(stats.report())
    return 0
