"""othello.ini from the window: the Settings button opens it, a saved change applies at once.

The file is the one the game read (or, when it read none, the one it would write), so the
file the player edits is the file the game uses. Applying a change touches only what the
change is about: the game in progress, its undo history and the autosave stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from othello.app import i18n
from othello.app.files import logs
from othello.app.i18n import _, pgettext
from othello.app.settings.editor import Launch, NoEditor, open_in_editor, tried_names
from othello.app.settings.keys import KEYS, Settings, search_processes
from othello.app.settings.watch import SettingsWatch, changed_keys
from othello.core.board import Color
from othello.gui import window_size
from othello.gui.scenes.play_choices import clamp_level
from othello.gui.widgets import palette
from othello.gui.widgets.layout import MIN_WINDOW
from othello.gui.widgets.text import set_text_size

if TYPE_CHECKING:
    from othello.gui.model.session import Session
    from othello.gui.scenes.play import PlayScene
    from othello.gui.services.sound import Sounds
    from othello.gui.services.speaking import Speaking
    from othello.gui.services.worker import SearchWorker
    from othello.gui.widgets.board import BoardRenderer
    from othello.gui.widgets.text import TextCache


DISPLAY_FIELDS = tuple(key.field for key in KEYS if key.section == "DISPLAY")
"""The settings the window is drawn in, othello.ini's [DISPLAY]: a saved change of any of
them is shown at once (``show_display``), a new one's too."""


def display(settings: Settings) -> None:
    """Draw in the settings' language (``auto``: the system's), palette and text size from
    now on: at the window's start, and at each change (``show_display``)."""
    i18n.set_language(i18n.resolve(settings.language))
    palette.apply(settings.theme)
    set_text_size(settings.text_size)


class SettingsHost(Protocol):
    """What applying a change to othello.ini uses of the window: the settings in effect,
    the window's size, the sounds, the search, the game and its scene, and the messages."""

    settings: Settings
    resized: bool
    screen: pygame.Surface
    window: object | None  # the window itself where pygame gives it (to move it on screen)

    @property
    def remember(self) -> object | None: ...  # None: choices are not kept (tests)
    @property
    def demo(self) -> bool: ...
    @property
    def session(self) -> Session: ...
    @property
    def sounds(self) -> Sounds: ...
    @property
    def speech(self) -> Speaking: ...
    @property
    def worker(self) -> SearchWorker: ...
    @property
    def play(self) -> PlayScene: ...

    @property
    def text(self) -> TextCache: ...
    @property
    def board_renderer(self) -> BoardRenderer: ...

    def relayout(self, size: tuple[int, int] | None = None) -> None: ...
    def warn(self, message: str) -> None: ...
    def mention(self, message: str) -> None: ...
    def reply(self, message: str) -> None: ...
    def remember_choice(self, **prefs: Any) -> None: ...


class LiveSettings:
    """Watches the settings file for saved changes and opens it for editing."""

    def __init__(self, app: SettingsHost, path: Path, copy: Callable[[str], bool]) -> None:
        """``copy`` puts text on the clipboard (the path, where no editor opens)."""
        self.app = app
        self.path = path
        self.copy = copy
        self.now = 0.0
        self.watch = SettingsWatch(path)
        self.launch: Launch | None = None
        self.players_due = False  # MODE or HUMAN_COLOR changed, to take once no game is over

    def update(self, dt: float) -> None:
        """Once a frame: a saved change applied, a failed launch answered (cheap otherwise)."""
        self.now += dt
        reload = self.watch.poll(self.now, self.app.settings)
        if reload is not None:
            for notice in reload.notices:
                self.app.warn(notice)
            self.apply(reload.settings)
        self._take_players()  # waiting for the game on the board to be no finished one
        if self.launch is not None:
            launch = self.launch
            way = launch.way
            failed = launch.failed(self.now)
            if failed is None and launch.way is not way and launch.way is not None:
                self.app.reply(
                    _("Opening {name} in {editor} instead.").format(
                        name=self.path.name, editor=launch.way.name
                    )
                )
            if failed is not None:
                self.launch = None
                for problem in launch.tried:
                    logs.log.info("settings: %s", problem)
                if failed:
                    self._show_path(self._none_answered(tried_names(launch)))
                elif launch.way is not None:
                    logs.log.info("settings: opened with %s", " ".join(launch.way.command))

    # ----- opening the file -----------------------------------------------------------

    def open(self) -> None:
        """The Settings command: the file in the system's text editor (created if needed)."""
        try:
            self.launch = open_in_editor(self.path, self.now)
        except NoEditor as err:
            logs.log.info("settings: cannot open an editor: %s", err)
            if err.tried:
                self._show_path(self._none_answered(err.tried))
            else:
                self._show_path(_("no text editor could be opened here"))
            return
        except OSError as err:
            self.app.warn(
                _("Could not create {path} ({problem})").format(
                    path=self.path, problem=err.strerror or err
                )
            )
            return
        self.app.reply(
            _("Opening {path} in {editor}: saved changes apply at once.").format(
                path=self.path, editor=self._editor_name()
            )
        )

    @staticmethod
    def _none_answered(tried: list[str]) -> str:
        """Why no editor opened, naming what was tried ($VISUAL's program first)."""
        if not tried:
            return _("no text editor answered")
        # Translators: {tried} lists programs, "myeditor, xdg-open, gio open"
        return _("no text editor answered (tried {tried})").format(
            tried=pgettext("list", ", ").join(tried)
        )

    def _editor_name(self) -> str:
        """The editor being tried, as the window names it: "your text editor", "vim in a
        terminal window"."""
        way = self.launch.way if self.launch is not None else None
        return way.name if way is not None else _("your text editor")

    def _show_path(self, why: str) -> None:
        """Where the file is, as the answer to the Settings command: it replaces "Opening
        ..." at once, as soon as every way has failed."""
        copied = self.copy(str(self.path))
        words = (
            _("Settings: {why}. Edit this file (copied to the clipboard): {path}")
            if copied
            else _("Settings: {why}. Edit this file: {path}")
        )
        logs.log.warning("settings: %s", why)
        self.app.reply(words.format(why=why, path=self.path))

    # ----- applying a change ----------------------------------------------------------

    def apply(self, new: Settings) -> None:
        """Use ``new`` from now on, carrying out each setting that changed."""
        old, self.app.settings = self.app.settings, new
        changes = changed_keys(old, new)
        if not changes:
            return
        self._window(old, new)
        self._game(old, new)
        self.app.mention(
            _("{name} applied: {changes}").format(name=self.path.name, changes=", ".join(changes))
        )

    def _window(self, old: Settings, new: Settings) -> None:
        app = self.app
        size = (new.window_width, new.window_height)
        if size != (old.window_width, old.window_height):
            app.resized = False  # the file says the size now: nothing to write back at the end
            fitted = window_size.fit_desktop(size)
            if (problem := window_size.too_large(size, fitted)) is not None:
                app.warn(problem)
            app.relayout(fitted)
            app.window = window_size.set_minimum_size(MIN_WINDOW)  # the window SDL made anew
            window_size.keep_on_screen(app.window, app.screen.get_size())
        elif new.square_size != old.square_size:
            app.relayout()
        if new.sound != old.sound and app.sounds.available and app.sounds.enabled != new.sound:
            app.sounds.toggle()
        if new.speech != old.speech:
            app.speech.use(new.speech)
        if any(getattr(new, name) != getattr(old, name) for name in DISPLAY_FIELDS):
            self.show_display(new)

    def choose(self, **choice: Any) -> None:
        """A choice made on the Settings card (language, theme or text_size): shown at once
        and remembered, like the level or the colour."""
        wanted = replace(self.app.settings, **choice)
        self.show_display(wanted)
        if "speech" in choice:
            self.app.speech.use(str(choice["speech"]))
        self.app.remember_choice(**choice)
        if self.app.remember is None or self.app.demo:
            self.app.settings = wanted

    def show_display(self, settings: Settings) -> None:
        """The window in the settings' language (``auto``: the system's), with their theme's
        colours and text size, from this frame on; what was drawn and measured for the old
        ones is forgotten."""
        display(settings)
        self.app.text.clear()
        self.app.board_renderer.forget()
        pygame.display.set_caption(_("Othello"))
        self.app.relayout()

    def _game(self, old: Settings, new: Settings) -> None:
        play, session = self.app.play, self.app.session
        if new.watch_seconds != old.watch_seconds:
            play.computer.watch_seconds = float(new.watch_seconds)
        if new.show_legal_moves != old.show_legal_moves:
            session.show_legal = new.show_legal_moves
        if new.book != old.book:
            self.app.worker.book = new.book
        if new.search_processes != old.search_processes:
            self.app.worker.set_processes(search_processes(new))
        if new.level != old.level or new.watch_black_level != old.watch_black_level:
            session.level = clamp_level(new.level)
            session.black_level = clamp_level(new.watch_black_level)
            play.computer.level_changed()
        if new.mode != old.mode or new.human_color != old.human_color:
            self.players_due = True
            if session.board.is_game_over():
                self.app.mention(
                    _(
                        "The finished game keeps who played it; "
                        "the new MODE and HUMAN_COLOR apply from the next game."
                    )
                )
            self._take_players()

    def _take_players(self) -> None:
        """Who plays what, as the settings say (the file, or a choice made since in the
        window): at once, except over a finished game, whose players and result stay as they
        were played; then from the next game on."""
        if not self.players_due or self.app.session.board.is_game_over():
            return
        self.players_due = False
        settings = self.app.settings
        color: Color = "white" if settings.human_color == "white" else "black"
        self.app.play.choices.take_players(settings.mode, color)
