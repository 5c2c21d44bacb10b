"""The play screen's commands that reach the game library and the picture of a position:
opening a library game on the board, and Ctrl+P (Ctrl+Shift+P: with move numbers)."""

from __future__ import annotations

import time
from typing import Protocol

from othello.app.files import paths
from othello.app.library.database import Entry
from othello.gui.model import library_words as words
from othello.gui.model.session import Session
from othello.gui.scenes.base import PlayHost
from othello.gui.services.persistence import copy
from othello.gui.widgets.position_picture import PictureOptions, export

PICTURES = "pictures"


class _Scene(Protocol):
    def tell(self, message: str, lasting: bool = False) -> None: ...


class LibraryCommands(Protocol):
    """What these commands use of play_commands.GameCommands."""

    @property
    def session(self) -> Session: ...
    @property
    def host(self) -> PlayHost: ...
    @property
    def scene(self) -> _Scene: ...
    def show_moves(self) -> None: ...


def open_entry(commands: LibraryCommands, entry: Entry) -> None:
    """A game chosen in the library: on the board, at its end, in the move list to browse it
    or play on from any move; the game it replaces comes back with Undo."""
    game = entry.record().game()
    kept = commands.session.set_game(game)
    commands.host.close_screen("end")
    commands.show_moves()
    commands.scene.tell(words.opened(kept is not None), lasting=True)


def picture(commands: LibraryCommands, numbers: bool) -> None:
    """The position on the board (or the one the move list shows) as a PNG in the data
    folder's pictures/; its path shown and put on the clipboard."""
    shown = commands.session.shown
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = paths.user_data_dir() / PICTURES / f"othello-{stamp}.png"
    number = 1
    while path.exists() or path.is_symlink():  # a name taken, even by a link to elsewhere
        number += 1
        path = path.with_name(f"othello-{stamp}-{number}.png")
    try:
        export(shown, path, PictureOptions(numbers=numbers), shown.cursor, commands.host.res.font)
    except OSError as err:
        commands.scene.tell(words.picture_failed(str(err)), lasting=True)
        return
    commands.scene.tell(words.picture_saved(str(path), copy(str(path))), lasting=True)
