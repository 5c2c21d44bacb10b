"""What the library keeps of a window's games, for tests: read back as the next start would,
written as a window would have, and an earlier version's autosave file as it wrote them."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from othello.app.files import paths
from othello.app.library import held_games
from othello.app.library.database import Library, library_path
from othello.app.library.held_games import Changes, Held, PlayerMode, Seat
from othello.core.game import Game
from othello.core.notation import format_transcript
from support.patience import PATIENCE


def library(path: Path | None = None) -> Library:
    return Library(path or library_path())


def line(slot: int = 1, path: Path | None = None) -> tuple[list[Game], int | None]:
    """Window ``slot``'s games in order, and which is on the board (None: none)."""
    with library(path) as lib:
        held = held_games.read(lib, slot)
    if held is None:
        return [], None
    games = [held_games.game_of(row) for row in held.games]
    return games, board_index(held)


def board_index(held: Held) -> int | None:
    """Which of the held games is on the board (None: none)."""
    keys = [g.key for g in held.games]
    return keys.index(held.seat.board) if held.seat.board in keys else None


def resumed(slot: int = 1, path: Path | None = None) -> Game | None:
    """The game a start of window ``slot`` puts on the board, or None."""
    games, board = line(slot, path)
    return None if board is None else games[board]


def keep(
    game: Game,
    slot: int = 1,
    players: PlayerMode | None = None,
    earlier: tuple[Game, ...] = (),
    path: Path | None = None,
) -> None:
    """As a window would have kept ``game`` on its board (``earlier`` behind Undo), in place
    of what the slot held (as a window that read those games and let them go)."""
    every = [*earlier, game]
    keys = [held_games.new_key() for _ in every]
    rows = {
        k: held_games.held_game(g, k, n) for n, (k, g) in enumerate(zip(keys, every, strict=True))
    }
    with library(path) as lib:
        held = held_games.read(lib, slot)
        gone = {row.key for row in held.games} if held is not None else set()
        held_games.write(lib, Changes(slot, rows, keys, Seat(keys[-1], players), gone=gone))


def old_autosave_data(
    game: Game, players: str | None = None, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """An autosave as the version before the library kept games wrote it."""
    data: dict[str, Any] = {
        "format": "othello-autosave",
        "version": 1,
        "start": game.start.to_string(),
        "moves": format_transcript(game.moves, with_passes=True),
        "cursor": game.cursor,
        "saved": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    if players is not None:
        data["players"] = players
    data.update(extra or {})
    return data


def old_autosave(
    game: Game,
    path: Path | None = None,
    players: str | None = None,
    earlier: tuple[Game, ...] = (),
    judged: dict[Game, dict[str, Any]] | None = None,
) -> Path:
    """``autosave.json`` as the earlier version wrote it: the game, and the games Undo
    brought back (each with what was judged of it), pretty-printed."""
    path = path or paths.user_data_dir() / "autosave.json"
    judged = judged or {}

    def one(g: Game) -> dict[str, Any]:
        data = old_autosave_data(g)
        del data["saved"]
        if g in judged:
            data["judged"] = judged[g]
        return data

    extra: dict[str, Any] = {}
    if earlier:
        extra = {"earlier": [one(g) for g in earlier], "later": [], "replaced": False}
    if game in judged:
        extra["judged"] = judged[game]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(old_autosave_data(game, players, extra), indent=1) + "\n")
    return path


def written(app: Any) -> Game | None:
    """The game the library holds on the first window's board once ``app``'s writes are
    done (they are made off the frame loop)."""
    assert app.library.flush(PATIENCE), "the library's writer did not finish"
    return resumed()
