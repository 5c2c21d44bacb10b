"""Nothing lost, in the window: clipboard, save/load keys, dropped files, autosave and resume.

Clipboards fail in ordinary ways (no display server, a headless driver, a desktop without
clipboard support, an owner that vanished), so every call here catches pygame's errors.
What was copied is also kept in memory, so copy-then-paste inside the game works even
where the system clipboard does not. Needs a window (pygame.display.set_mode) first.

:func:`attach` connects all of it to a running ``othello.gui.app.App`` through the hooks the
window offers (``session.on_game_changed``, ``on_unhandled_event``, ``warn``), so the
window itself needs one call and no knowledge of files.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from othello.app.files import game_files
from othello.app.i18n import _
from othello.core.errors import OthelloError
from othello.core.game import Game
from othello.gui.model.game_words import game_summary
from othello.gui.model.session import Session
from othello.gui.services import autosaving
from othello.gui.services.library_worker import LibraryWorker

log = logging.getLogger(__name__)

_TEXT_TYPES = ("text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING")
_kept: str | None = None
_NO_CLIPBOARD_DRIVERS = ("dummy", "offscreen")
"""SDL video drivers with no clipboard: pygame.scrap starts on them, but holds nothing."""


def _scrap() -> Any:
    """pygame.scrap, initialised; raises when this display has no clipboard."""
    import pygame
    from pygame import scrap

    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        raise RuntimeError("no window yet")
    if pygame.display.get_driver() in _NO_CLIPBOARD_DRIVERS:
        raise RuntimeError(f"the {pygame.display.get_driver()} video driver has no clipboard")
    if not scrap.get_init():
        scrap.init()
    return scrap


def copy(text: str) -> bool:
    """Put ``text`` on the system clipboard; False (text kept for paste()) when there is none.

    pygame-ce offers SDL's own clipboard text (``scrap.put_text``). pygame's ``scrap.put``
    takes a type name, and which it accepts depends on the system: on X11 pygame 2.6 refuses
    its own ``SCRAP_TEXT`` ("text/plain") but takes "text/plain;charset=utf-8", so the text
    types are tried in turn.
    """
    global _kept
    _kept = text
    try:
        scrap = _scrap()
    except Exception as err:  # pygame missing, no window, no clipboard on this driver
        log.info("system clipboard unavailable for copy: %s", err)
        return False
    problems = []
    if hasattr(scrap, "put_text"):
        try:
            scrap.put_text(text)
            return True
        except Exception as err:  # pygame.error: fall back on the typed put
            problems.append(f"put_text: {err}")
    for kind in _TEXT_TYPES:
        try:
            scrap.put(kind, text.encode("utf-8"))
            return True
        except Exception as err:  # pygame.error: this type is not taken here; try the next
            problems.append(f"{kind}: {err}")
    log.info("system clipboard refused every text type for copy: %s", "; ".join(problems))
    return False


def _decode(data: bytes | None) -> str | None:
    """Clipboard bytes as text; a zero byte inside stays (the game text is then refused,
    naming it), the terminating ones some programs add go."""
    if not data:
        return None
    text = data.decode("utf-8", errors="replace").rstrip("\0")
    return text or None


def system_text() -> str | None:
    """The text on the system clipboard, or None when there is none or no clipboard at all.

    SDL's own clipboard text (pygame-ce) ends at a zero byte, so ``f5\\0d6c3`` would read as
    ``f5``: when the typed text is longer than SDL's, it is the whole of it and is used.
    """
    try:
        scrap = _scrap()
        text = str(scrap.get_text() or "") if hasattr(scrap, "get_text") else ""
        typed = _typed_text(scrap)
        if typed is not None and len(typed) > len(text):
            text = typed
        whole = _tool_text()  # pygame-ce's typed text ends at a zero byte too
        if (
            whole is not None
            and whole[len(text) : len(text) + 1] == "\0"
            and whole.startswith(text)
        ):
            return whole  # the same text, which SDL cut at its zero byte
        return text or None
    except Exception as err:  # any failure means "no clipboard"
        log.info("system clipboard unavailable for paste: %s", err)
    return None


_TOOLS = (
    ("WAYLAND_DISPLAY", ("wl-paste", "--no-newline")),
    ("DISPLAY", ("xclip", "-selection", "clipboard", "-o")),
    ("DISPLAY", ("xsel", "--clipboard", "--output")),
)
"""Programs that give the clipboard's every byte, where one is installed (Linux)."""


def _tool_text() -> str | None:
    """The clipboard's whole text from a program made for it, where one is installed: under
    pygame-ce both of pygame's ways end at a zero byte, so ``f5d6\\0c3d3`` read as ``f5d6``
    (issue 51); the whole text is then refused, naming the zero byte."""
    if not sys.platform.startswith("linux"):
        return None
    for needs, command in _TOOLS:
        if not os.environ.get(needs) or shutil.which(command[0]) is None:
            continue
        try:
            done = subprocess.run(
                command, capture_output=True, timeout=1.0, stdin=subprocess.DEVNULL, check=False
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            return _decode(done.stdout)
    return None


def _typed_text(scrap: Any) -> str | None:
    """The clipboard's text asked for by type (pygame's older ``scrap.get``), if any."""
    for kind in _TEXT_TYPES:
        try:
            with warnings.catch_warnings():  # pygame-ce deprecates get: get_text came first
                warnings.simplefilter("ignore", DeprecationWarning)
                text = _decode(scrap.get(kind))
        except Exception:  # this type is not offered here; try the next
            continue
        if text:
            return text
    return None


def paste() -> str | None:
    """The clipboard's text, else what copy() last kept, else None."""
    return system_text() or _kept


def available() -> bool:
    """True when the system clipboard can be used (for the help text; copy/paste work anyway)."""
    try:
        _scrap()
        return True
    except Exception:
        return False


# ----- wiring into the window -------------------------------------------------------------


class _PersistenceHost(Protocol):
    @property
    def session(self) -> Session: ...
    @property
    def library(self) -> LibraryWorker: ...

    demo: bool
    on_unhandled_event: list[Callable[[Any], bool]]
    on_close: list[Callable[[], None]]

    def warn(self, message: str) -> None: ...
    def alert(self, message: str) -> None: ...
    def mention(self, message: str) -> None: ...
    def reply(self, message: str) -> None: ...


def copy_game(app: _PersistenceHost) -> None:
    """Ctrl+C: the game's transcript (with its set-up board string, if any) to the clipboard."""
    text = game_files.game_to_text(app.session.game).strip()
    if copy(text):
        app.reply(_("Copied the game: {text}").format(text=_short(text)))
    else:
        app.warn(_("No system clipboard here; the game is kept for Ctrl+V inside this window"))


def paste_game(app: _PersistenceHost) -> None:
    """Ctrl+V: set up the pasted transcript or board string; a bad text changes nothing."""
    text = paste()
    if text is None:
        if available():
            app.warn(
                _(
                    "The clipboard holds no text (none, or too much to read); copy a "
                    "transcript like f5d6c3 or a board string"
                )
            )
        else:
            app.warn(_("No system clipboard here, and nothing was copied in this window (Ctrl+C)"))
        return
    try:
        game = game_files.parse_game_text(text)
    except OthelloError as err:
        app.warn(_("Pasted text not used. {problem}").format(problem=err))
        return
    kept = app.session.set_game(game)
    app.reply(_("Pasted {summary}.").format(summary=game_summary(game)) + _way_back(kept))


def save_game_file(app: _PersistenceHost) -> None:
    """Ctrl+S: write the game to a new file in the games folder."""
    try:
        path = game_files.save_game(app.session.game)
    except OthelloError as err:
        app.warn(str(err))
        return
    app.reply(_("Saved to {path}").format(path=path))
    for hook in getattr(app, "on_game_saved", ()):  # the game library keeps it too
        hook(app.session.game)


def open_game_file(app: _PersistenceHost, path: Path, hint: str = "") -> bool:
    """Set up the game in ``path``; a bad file changes nothing and the notice says why."""
    try:
        game = game_files.load_game(path)
    except OthelloError as err:
        app.warn(f"{err}{hint}")
        return False
    kept = app.session.set_game(game)
    loaded = _("Loaded {name}: {summary}.").format(name=path.name, summary=game_summary(game))
    app.reply(loaded + _way_back(kept) + hint)
    return True


def _way_back(replaced: Game | None) -> str:
    """What the notice adds when a game in progress was replaced: how to get it back."""
    return _(" Undo (U) brings back the game you were playing.") if replaced is not None else ""


class GameFiles:
    """Ctrl+O: the newest saved game first, then one older at each press, round again.

    There is no file dialog, so stepping back is how an older game, or the one past a
    damaged file, is reached.
    """

    def __init__(self) -> None:
        self.last: Path | None = None

    def next(self) -> tuple[Path, int, int] | None:
        """The file to load, its place (0 is the newest) and how many there are; None if none."""
        files = game_files.game_files()
        if not files:
            return None
        index = files.index(self.last) + 1 if self.last in files else 0
        if index >= len(files):
            index = 0
        self.last = files[index]
        return self.last, index, len(files)

    def load(self, app: _PersistenceHost) -> None:
        found = self.next()
        if found is None:
            app.warn(
                _("No saved games in {folder}; save one with Ctrl+S").format(
                    folder=game_files.games_dir()
                )
            )
            return
        path, index, count = found
        hint = ""
        if count > 1:
            hint = (
                _(" (saved game {n} of {count}, newest first; Ctrl+O again for an older one)")
                if index + 1 < count
                else _(" (saved game {n} of {count}, newest first; Ctrl+O again for the newest)")
            ).format(n=index + 1, count=count)
        open_game_file(app, path, hint)


def _short(text: str, width: int = 40) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= width else one_line[: width - 1] + "…"


def key_handler(app: _PersistenceHost) -> Callable[[Any], bool]:
    """An ``on_unhandled_event`` hook for Ctrl (or Cmd) + C, V, S and O."""
    import pygame

    files = GameFiles()
    actions: dict[int, Callable[[_PersistenceHost], None]] = {
        pygame.K_c: copy_game,
        pygame.K_v: paste_game,
        pygame.K_s: save_game_file,
        pygame.K_o: files.load,
    }

    def handle(event: Any) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return False
        action = actions.get(event.key)
        if action is None:
            return False
        action(app)
        return True

    return handle


def drop_handler(app: _PersistenceHost) -> Callable[[Any], bool]:
    """An ``on_unhandled_event`` hook: a file dropped on the window is opened as a game."""
    import pygame

    def handle(event: Any) -> bool:
        if event.type != pygame.DROPFILE:
            return False
        path = Path(event.file)
        if any(hook(path) for hook in getattr(app, "on_file_dropped", ())):
            return True  # a file of many games: the game library imports it
        open_game_file(app, path)
        return True

    return handle


def attach(app: _PersistenceHost, *, resume: bool = True, start: Path | None = None) -> None:
    """Give the window clipboard and file keys, file drops, autosave after every change and
    at quit, and resume; with ``start`` (``othello --load FILE``, checked before the window
    opened), that game is opened instead, the resumed one behind Undo.

    Call once, right after the App is built and before its first frame. The computer
    playing itself (``--demo``) neither resumes nor overwrites the player's autosave. A
    second copy of the game on the same data folder keeps its game in a file of its own;
    the first copy keeps what others left behind as saved games.
    """
    app.on_unhandled_event.append(key_handler(app))
    app.on_unhandled_event.append(drop_handler(app))
    if app.demo:
        return
    # With a file to start with, the autosaved game is put on the board first (quietly), so
    # the file replaces it as a load does: Undo brings it back, nothing is written over.
    autosaving.start(app, resume=resume, announce=start is None)
    if start is not None:
        open_game_file(app, start)  # autosaved at once: it is now the game in progress
