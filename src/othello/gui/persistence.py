"""Nothing lost, in the window: clipboard, save/load keys, autosave and resume.

Clipboards fail in ordinary ways (no display server, a headless driver, a desktop without
clipboard support, an owner that vanished), so every call here catches pygame's errors.
What was copied is also kept in memory, so copy-then-paste inside the game works even
where the system clipboard does not. Needs a window (pygame.display.set_mode) first.

:func:`attach` connects all of it to a running ``othello.gui.app.App`` through the hooks the
window offers (``session.on_game_changed``, ``on_unhandled_event``, ``notify``), so the
window itself needs one call and no knowledge of files.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from .. import storage
from ..game import Game
from ..notation import OthelloError

log = logging.getLogger(__name__)

_TEXT_TYPES = ("text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING")
_kept: str | None = None


def _scrap() -> Any:
    """pygame.scrap, initialised; raises when this display has no clipboard."""
    import pygame
    from pygame import scrap

    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        raise RuntimeError("no window yet")
    if not scrap.get_init():
        scrap.init()
    return scrap


def copy(text: str) -> bool:
    """Put ``text`` on the system clipboard; False (text kept for paste()) when there is none."""
    global _kept
    _kept = text
    try:
        import pygame

        _scrap().put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except Exception as err:  # pygame.error, missing module, no window: all mean "no clipboard"
        log.info("system clipboard unavailable for copy: %s", err)
        return False


def _decode(data: bytes | None) -> str | None:
    if not data:
        return None
    text = data.decode("utf-8", errors="replace").replace("\0", "")
    return text or None


def system_text() -> str | None:
    """The text on the system clipboard, or None when there is none or no clipboard at all."""
    try:
        scrap = _scrap()
        for kind in _TEXT_TYPES:
            text = _decode(scrap.get(kind))
            if text:
                return text
    except Exception as err:  # any failure means "no clipboard"
        log.info("system clipboard unavailable for paste: %s", err)
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


class _Session(Protocol):
    game: Game
    on_game_changed: list[Callable[[Any], None]]

    def set_game(self, game: Game) -> None: ...


class _App(Protocol):
    @property
    def session(self) -> _Session: ...

    demo: bool
    on_unhandled_event: list[Callable[[Any], bool]]

    def notify(self, message: str) -> None: ...


def copy_game(app: _App) -> None:
    """Ctrl+C: the game's transcript (with its set-up board string, if any) to the clipboard."""
    text = storage.game_to_text(app.session.game).strip()
    if copy(text):
        app.notify(f"Copied the game: {_short(text)}")
    else:
        app.notify("No system clipboard here; the game is kept for Ctrl+V inside this window")


def paste_game(app: _App) -> None:
    """Ctrl+V: set up the pasted transcript or board string; a bad text changes nothing."""
    text = paste()
    if text is None:
        app.notify("The clipboard holds no text; copy a transcript like f5d6c3 or a board string")
        return
    try:
        game = storage.parse_game_text(text)
    except OthelloError as err:
        app.notify(f"Pasted text not used. {err}")
        return
    app.session.set_game(game)
    app.notify(f"Pasted: {len(game.moves)} moves, {game.board.side_to_move} to move")


def save_game_file(app: _App) -> None:
    """Ctrl+S: write the game to a new file in the games folder."""
    try:
        path = storage.save_game(app.session.game)
    except OthelloError as err:
        app.notify(str(err))
        return
    app.notify(f"Saved to {path}")


def load_game_file(app: _App) -> None:
    """Ctrl+O: load the most recently saved game file."""
    path = storage.latest_game_file()
    if path is None:
        app.notify(f"No saved games in {storage.games_dir()}; save one with Ctrl+S")
        return
    try:
        game = storage.load_game(path)
    except OthelloError as err:
        app.notify(str(err))
        return
    app.session.set_game(game)
    app.notify(f"Loaded {path.name}")




def _short(text: str, width: int = 40) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= width else one_line[: width - 1] + "…"


def key_handler(app: _App) -> Callable[[Any], bool]:
    """An ``on_unhandled_event`` hook for Ctrl (or Cmd) + C, V, S and O."""
    import pygame

    actions: dict[int, Callable[[_App], None]] = {
        pygame.K_c: copy_game,
        pygame.K_v: paste_game,
        pygame.K_s: save_game_file,
        pygame.K_o: load_game_file,
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


def attach(app: _App, *, resume: bool = True) -> None:
    """Give the window clipboard and file keys, autosave after every change, and resume.

    Call once, right after the App is built and before its first frame. The computer
    playing itself (``--demo``) neither resumes nor overwrites the player's autosave.
    """
    app.on_unhandled_event.append(key_handler(app))
    if app.demo:
        return
    session = app.session
    if resume:
        game, notices = storage.resume()
        for notice in notices:
            app.notify(notice)
        if game is not None:
            session.set_game(game)
            app.notify(f"Resumed your game: {len(game.moves)} moves in")

    def autosave(change: object) -> None:
        storage.autosave(session.game)  # clears itself for a new or finished game

    session.on_game_changed.append(autosave)
