"""One window's autosave: read at start, written after every change and once more at quit,
never over a file it did not write.

- A file that cannot be used (damaged, unreadable, a folder or a pipe in its place) is moved
  aside under a numbered name (``autosave.json.corrupt``, ``.corrupt-2``...) and the window
  says where; if it cannot even be moved, it is left alone and this window saves nothing
  over it (and says so).
- A file changed since this window last read or wrote it (another program, another copy of
  the game without the lock, a damaged disk) is moved aside (``autosave.json.kept``...)
  before the next save, never written over.
- The games Undo can bring back (those a new, pasted or loaded game replaced) are saved with
  the game, so they survive a restart as the window promised.
- The first copy of the game keeps what other copies left behind (``instances``): each of
  their games becomes a saved game file that Ctrl+O opens.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import GameTextError
from ..game import Game
from . import paths, storage
from .files import decode_text, read_limited, set_aside, short_reason
from .instances import FileLock

log = logging.getLogger(__name__)

Signature = tuple[int, int, int, int]
JudgedOf = Callable[[Game], "dict[str, Any] | None"]
"""What the window knows of a game's moves (its scores, review, who placed them), as plain
data kept beside the game, or None when there is nothing to keep."""


@dataclass
class Shelf:
    """The games Undo brings back (the newest last) and those Redo goes forward to."""

    earlier: list[Game] = field(default_factory=list)
    later: list[Game] = field(default_factory=list)
    replaced: bool = False  # the game on the board just replaced the newest earlier one

    def __bool__(self) -> bool:
        return bool(self.earlier or self.later)


@dataclass
class Resumed:
    """What reading an autosave gave: the game (or None), the notices, the shelf."""

    game: Game | None = None
    notices: list[str] = field(default_factory=list)
    shelf: Shelf = field(default_factory=Shelf)
    players: str | None = None
    left: str | None = None  # why a file still in its place could not be used
    judged: list[tuple[Game, Any]] = field(default_factory=list)  # each game's, as saved
    played_by: str | None = None  # who played the game, when it is over (players may differ)


def shelf_data(shelf: Shelf | None, judged_of: JudgedOf | None = None) -> dict[str, object]:
    """The shelf as the autosave keeps it (nothing when it is empty), each game with what
    the window knows of it."""
    if not shelf:
        return {}
    return {
        "earlier": [_game_data(g, judged_of) for g in shelf.earlier],
        "later": [_game_data(g, judged_of) for g in shelf.later],
        "replaced": shelf.replaced,
    }


def _game_data(game: Game, judged_of: JudgedOf | None) -> dict[str, object]:
    data = storage.autosave_data(game)
    del data["saved"]
    judged = judged_of(game) if judged_of is not None else None
    if judged:
        data["judged"] = judged
    return data


def _shelf_from(data: dict[str, Any], judged: list[tuple[Game, Any]]) -> Shelf:
    """The shelf an autosave kept (what was known of each game added to ``judged``); a game
    on it that cannot be read is left out (logged)."""
    shelf = Shelf(replaced=data.get("replaced") is True)
    for name, games in (("earlier", shelf.earlier), ("later", shelf.later)):
        kept = data.get(name, [])
        for item in kept if isinstance(kept, list) else []:
            try:
                games.append(storage.game_from_autosave(item))
            except Exception as err:  # one bad game on the shelf costs only itself
                log.warning("a game kept for Undo in the autosave is unusable: %s", err)
                continue
            if isinstance(item, dict) and "judged" in item:
                judged.append((games[-1], item["judged"]))
    return shelf


def read_autosave(path: Path) -> Resumed:
    """The autosaved game, its shelf and mode; a file that cannot be used is set aside."""
    try:
        data = json.loads(decode_text(read_limited(path, storage.MAX_AUTOSAVE_BYTES)))
        game = storage.game_from_autosave(data)
    except FileNotFoundError:
        return Resumed()
    except Exception as err:  # unreadable, too large, not JSON, nested too deep, not a game
        return _unusable(path, err)
    players = data.get("players")
    judged = [(game, data["judged"])] if "judged" in data else []
    shelf = _shelf_from(data, judged)
    players = players if players in storage.PLAYERS else None
    played_by = data.get("played_by")
    played_by = played_by if played_by in storage.PLAYERS and game.is_over() else None
    return Resumed(game, [], shelf, players, judged=judged, played_by=played_by)


def _unusable(path: Path, err: Exception) -> Resumed:
    """Set a file that could not be used aside and say so (or leave it, and say that)."""
    what = "could not be read" if isinstance(err, OSError) else "is damaged"
    reason = _short(short_reason(err))
    log.warning("autosave %s unusable: %s", path, err)
    try:
        aside = set_aside(path, "corrupt")
    except OSError as move:
        log.warning("could not move the autosave %s aside: %s", path, move)
        return Resumed(
            notices=[
                f"The saved game {what} ({reason}) and could not be moved aside; this window "
                f"leaves {path.name} as it is and does not save your game"
            ],
            left=reason,
        )
    log.warning("autosave %s set aside as %s", path, aside.name)
    notice = f"The saved game {what} ({reason}); it was kept as {aside.name}; starting a new game"
    return Resumed(notices=[notice])


def _short(text: str, width: int = 100) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def signature(path: Path) -> Signature | None:
    """What tells one version of a file from another (None: no file)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


class AutosaveFile:
    """This window's autosave (None: it has none, past the copies that get one)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.seen: Signature | None = None  # the version last read or written here
        self.left: str | None = None  # a file that could not be used, left in its place

    def resume(self) -> Resumed:
        if self.path is None:
            return Resumed()
        found = read_autosave(self.path)
        self.left = found.left
        self.seen = signature(self.path) if found.game is not None else None
        return found

    def save(
        self,
        game: Game,
        players: str | None,
        shelf: Shelf | None = None,
        judged_of: JudgedOf | None = None,
        played_by: str | None = None,
    ) -> tuple[str | None, list[str]]:
        """Write the game (with what ``judged_of`` says the window knows of each game, and
        who played it when it is over: ``players`` is the choice for the next game);
        returns what went wrong (or None) and where a version of the file that this window
        did not write was kept."""
        if self.path is None:
            return None, []
        if self.left is not None:
            return f"{self.path.name} could not be read and is left as it is", []
        notes = self._keep_other_version()
        if self.left is not None:
            return f"{self.path.name} was changed outside this window ({self.left})", notes
        extra = shelf_data(shelf, judged_of)
        judged = judged_of(game) if judged_of is not None else None
        if judged:
            extra["judged"] = judged
        if played_by is not None and game.is_over():
            extra["played_by"] = played_by
        problem = storage.autosave_problem(game, self.path, players, extra)
        if problem is None:
            self.seen = signature(self.path)
        return problem, notes

    def _keep_other_version(self) -> list[str]:
        """A file this window did not write is moved aside before it is replaced."""
        assert self.path is not None
        now = signature(self.path)
        if now is None or now == self.seen:
            return []
        try:
            aside = set_aside(self.path, "kept")
        except OSError as err:
            self.left = f"it cannot be moved aside: {short_reason(err)}"
            return []
        log.warning("%s was changed outside this window; kept as %s", self.path, aside.name)
        self.seen = None
        return [
            f"{self.path.name} was changed outside this window; that version was kept as "
            f"{aside.name}"
        ]


def keep_left_behind(found: list[tuple[Path, FileLock]]) -> list[str]:
    """The games other copies left behind, each saved as a game file (Ctrl+O opens them);
    their autosaves are removed once kept. Returns what to tell the player."""
    notices: list[str] = []
    for path, lock in found:
        try:
            notices += _keep_one(path)
        finally:
            lock.release()
    return notices


def _keep_one(path: Path) -> list[str]:
    before = signature(path)
    resumed = read_autosave(path)
    if resumed.game is None:
        return resumed.notices
    every = (resumed.game, *resumed.shelf.earlier, *resumed.shelf.later)
    games = [g for g in every if storage.worth_saving(g)]
    saved = []
    try:
        saved = [storage.save_game(g) for g in games]
    except GameTextError as err:
        log.warning("the game left in another window stays in %s: %s", path, err)
        return [f"The game left in another window stays in {path.name}: {err}"]
    if signature(path) == before:
        path.unlink(missing_ok=True)
    log.info("the games left in %s were saved as %s", path, ", ".join(p.name for p in saved))
    if not saved:
        return []
    if len(saved) == 1:
        return [f"The game left in another window was saved as {saved[0].name}: Ctrl+O opens it"]
    return [
        f"The {len(saved)} games left in another window were saved in {saved[0].parent} "
        "(Ctrl+O opens them)"
    ]


def resume(path: Path | None = None) -> tuple[Game | None, list[str]]:
    """The autosaved game, or None; notices say why a saved game could not be used (a file
    that could not be used is set aside: see ``read_autosave``)."""
    found = read_autosave(path or paths.autosave_path())
    return found.game, found.notices
