"""The games a window holds, kept in the library: the game on the board with every move
(undone ones too, for Redo) and the line of games Undo walks back through (those N, a paste
or an open replaced) and Redo forward again, each with what the window knows of its moves.

Each window is a ``slot`` (1 for the first copy of the game, 2 for a second one open at the
same time...). Its games are rows of ``held``, in the order of its line (``seq``), and its
``seats`` row says which one is on the board and who plays it. A move costs one small write:
the row of the game on the board; the line is written again only when it changes (a game
joins it, or one with nothing in it leaves it). No size limit: the line is as long as the
player makes it.

A window gives each game a ``key`` of its own, so it can write a game before the library has
answered, and two windows never take one another's rows.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from othello.app.files.game_files import check_position
from othello.app.library.database import Library, decode_moves, encode_moves, translate
from othello.core.board import Board
from othello.core.errors import GameTextError, OthelloError
from othello.core.game import Game, Players


class PlayerMode(Enum):
    """Who plays which side: the mode, and your colour against the computer. The values are
    what the ``seats.players`` column, the spool and an old autosave hold."""

    HUMAN_BLACK = "computer:black"  # you play Black against the computer
    HUMAN_WHITE = "computer:white"  # you play White against the computer
    TWO_PLAYERS = "two-players"
    WATCH = "watch"  # the computer plays both sides

    @classmethod
    def read(cls, stored: object) -> PlayerMode | None:
        """A stored value as a mode; None for anything else (a damaged row, a newer mode)."""
        for mode in cls:
            if stored == mode.value:
                return mode
        return None


def stored(mode: PlayerMode | None) -> str | None:
    """A mode as the library keeps it."""
    return None if mode is None else mode.value


def new_key() -> int:
    """A game's key: random, so two windows writing at once never pick the same."""
    return secrets.randbits(62) + 1


@dataclass(frozen=True)
class HeldGame:
    """One game of a window's line, as the library keeps it."""

    key: int
    seq: int  # its place in the line
    start: str  # a board string
    moves: bytes  # every move, undone ones too
    cursor: int
    state: str  # JSON: its given moves, origin, clock, times, a lost flag, its players' names
    judged: str | None = None  # JSON: what the window knows of its moves
    game_id: int | None = None  # the same game in the library, once kept there


@dataclass(frozen=True)
class Seat:
    """A window's place: the game on the board (its key) and who plays it."""

    board: int | None
    players: PlayerMode | None = None
    played_by: PlayerMode | None = None  # who played the game on the board, once it is over
    replaced: bool = False  # it just replaced another game: Undo brings that one back

    def to_data(self) -> dict[str, Any]:
        """As plain data (the spool's form)."""
        return {
            **self.__dict__,
            "players": stored(self.players),
            "played_by": stored(self.played_by),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Seat:
        """From the spool's form; TypeError for a field it does not have."""
        modes = {k: PlayerMode.read(data.get(k)) for k in ("players", "played_by")}
        return cls(**{**data, **modes})


@dataclass
class Changes:
    """What a save writes for one window: games new or changed, and the line when it changed
    (every key in order; a game left out of it is gone from the line)."""

    slot: int
    games: dict[int, HeldGame] = field(default_factory=dict)
    line: list[int] | None = None
    seat: Seat | None = None

    def __bool__(self) -> bool:
        return bool(self.games) or self.line is not None or self.seat is not None

    def merge(self, later: Changes) -> None:
        """``later`` written on top of this (what a save not yet written becomes)."""
        self.games.update(later.games)
        if later.line is not None:
            self.line = later.line
            self.games = {k: g for k, g in self.games.items() if k in set(later.line)}
        if later.seat is not None:
            self.seat = later.seat

    def to_data(self) -> dict[str, Any]:
        """As plain data (the pending spool, when the library cannot be written)."""
        return {
            "slot": self.slot,
            "games": [{**g.__dict__, "moves": g.moves.hex()} for g in self.games.values()],
            "line": self.line,
            "seat": None if self.seat is None else self.seat.to_data(),
        }

    @classmethod
    def from_data(cls, data: Any) -> Changes:
        """ValueError says what does not fit."""
        try:
            games = [HeldGame(**{**g, "moves": bytes.fromhex(g["moves"])}) for g in data["games"]]
            line = data["line"]
            seat = None if data["seat"] is None else Seat.from_data(data["seat"])
            changes = cls(int(data["slot"]), {g.key: g for g in games}, line, seat)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ValueError(f"not a window's games ({err})") from None
        if line is not None and not all(isinstance(k, int) for k in line):
            raise ValueError("not a window's games (a bad key in its line)")
        return changes


@dataclass
class Held:
    """A window's line of games as read back: in order, and which is on the board."""

    games: list[HeldGame]
    seat: Seat


# ----- one game as a row, and back ----------------------------------------------------------


def held_game(
    game: Game, key: int, seq: int, judged: str | None = None, game_id: int | None = None
) -> HeldGame:
    state = {
        "given": game.given,
        "origin": game.origin,
        "clock": game.clock,
        "times": game.times,
        "lost_on_time": game.lost_on_time,
        "players": None if game.players is None else [game.players.black, game.players.white],
    }
    return HeldGame(
        key,
        seq,
        game.start.to_string(),
        encode_moves(game.moves),
        game.cursor,
        json.dumps(state, separators=(",", ":")),
        judged,
        game_id,
    )


def game_of(row: HeldGame) -> Game:
    """The game a row holds; GameTextError says what is wrong with it. A position is checked
    as every door checks it (``storage.check_position``): what a paste, a load or the editor
    accepts, this accepts."""
    try:
        board = Board.from_string(row.start)
    except OthelloError as err:
        raise GameTextError(f"its start is not a board: {err}") from None
    check_position(board)
    game = Game(board)
    try:
        for number, sq in enumerate(decode_moves(row.moves), start=1):
            try:
                game.play(sq)
            except OthelloError as err:
                raise GameTextError(f"move {number}: {err}") from None
    except ValueError as err:  # a byte that is no square
        raise GameTextError(str(err)) from None
    if not 0 <= row.cursor <= len(game.moves):
        raise GameTextError(f"move cursor {row.cursor} is outside 0..{len(game.moves)}")
    game.go_to(row.cursor)
    _restore_state(game, row.state)
    return game


def _restore_state(game: Game, text: str) -> None:
    """What a game carries beside its moves; what does not fit is left at its default."""
    try:
        state = json.loads(text)
    except ValueError:
        return
    if not isinstance(state, dict):
        return
    given = state.get("given")
    if isinstance(given, int) and not isinstance(given, bool) and 0 <= given <= game.cursor:
        game.given = given
    if isinstance(state.get("origin"), str):
        game.origin = state["origin"][:20]
    if isinstance(state.get("clock"), str):
        game.clock = state["clock"][:20]
    times = state.get("times")
    if isinstance(times, list) and len(times) == len(game.moves):
        if all(t is None or isinstance(t, (int, float)) for t in times):
            game.times = [None if t is None else float(t) for t in times]
    players = state.get("players")
    if isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players):
        game.players = Players(players[0][:100], players[1][:100])
    lost = state.get("lost_on_time")
    if lost in ("black", "white") and game.cursor == len(game.moves):
        game.lost_on_time = lost


# ----- the library's side -------------------------------------------------------------------


def write(library: Library, changes: Changes) -> None:
    """One transaction: the games changed, the line when it changed, the seat."""
    with library.transaction():
        write_rows(library, changes)


def write_rows(library: Library, changes: Changes) -> None:
    """:func:`write` inside the caller's transaction."""
    slot = changes.slot
    with translate():
        library.db.executemany(
            "INSERT INTO held (key, slot, seq, start, moves, cursor, state, judged, game_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET"
            " slot = excluded.slot, seq = excluded.seq, start = excluded.start,"
            " moves = excluded.moves, cursor = excluded.cursor, state = excluded.state,"
            " judged = coalesce(excluded.judged, judged),"
            " game_id = coalesce(excluded.game_id, game_id)",
            [
                (g.key, slot, g.seq, g.start, g.moves, g.cursor, g.state, g.judged, g.game_id)
                for g in changes.games.values()
            ],
        )
        if changes.line is not None:
            _write_line(library, slot, changes.line)
        if changes.seat is not None:
            s = changes.seat
            library.db.execute(
                "INSERT OR REPLACE INTO seats (slot, board, players, played_by, replaced, "
                "saved) VALUES (?, ?, ?, ?, ?, strftime('%s', 'now'))",
                (slot, s.board, stored(s.players), stored(s.played_by), int(s.replaced)),
            )


def _write_line(library: Library, slot: int, line: list[int]) -> None:
    """The line's order, and the games no longer in it gone (another window's games that
    this one took over come into its slot here)."""
    library.db.executemany(
        "UPDATE held SET slot = ?, seq = ? WHERE key = ?",
        [(slot, seq, key) for seq, key in enumerate(line)],
    )
    kept = set(line)
    gone = [
        (key,)
        for (key,) in library.db.execute("SELECT key FROM held WHERE slot = ?", (slot,))
        if key not in kept
    ]
    library.db.executemany("DELETE FROM held WHERE key = ?", gone)


def note_kept(library: Library, key: int, game_id: int) -> None:
    """The held game ``key`` is in the library as ``game_id`` (so it is kept once)."""
    with translate():
        library.db.execute("UPDATE held SET game_id = ? WHERE key = ?", (game_id, key))


def read(library: Library, slot: int) -> Held | None:
    """A window's line of games, or None when it holds none."""
    with translate():
        seat_row = library.db.execute(
            "SELECT board, players, played_by, replaced FROM seats WHERE slot = ?", (slot,)
        ).fetchone()
        rows = library.db.execute(
            "SELECT key, seq, start, moves, cursor, state, judged, game_id FROM held "
            "WHERE slot = ? ORDER BY seq, key",
            (slot,),
        ).fetchall()
    if seat_row is None and not rows:
        return None
    games = [_row(r) for r in rows]
    if seat_row is None:
        return Held(games, Seat(None))
    board, players, played_by, replaced = seat_row
    return Held(
        games,
        Seat(
            board if isinstance(board, int) else None,
            PlayerMode.read(players),
            PlayerMode.read(played_by),
            bool(replaced),
        ),
    )


def judged_rows(library: Library) -> list[HeldGame]:
    """Every window's games that carry what the window knew of their moves (a review among
    it), oldest first: by the date of the game kept in the library, those not kept yet (still
    being played) last, then in each window's line order. The player's progress is read from
    these."""
    with translate():
        rows = library.db.execute(
            "SELECT h.key, h.seq, h.start, h.moves, h.cursor, h.state, h.judged, h.game_id "
            "FROM held h LEFT JOIN games g ON g.id = h.game_id WHERE h.judged IS NOT NULL "
            "ORDER BY g.date IS NULL, g.date, h.slot, h.seq, h.key"
        ).fetchall()
    return [_row(r) for r in rows]


def _row(row: Iterable[Any]) -> HeldGame:
    key, seq, start, moves, cursor, state, judged, game_id = row
    return HeldGame(
        int(key),
        int(seq),
        str(start),
        bytes(moves) if isinstance(moves, (bytes, memoryview)) else b"",
        int(cursor) if isinstance(cursor, int) else -1,
        str(state),
        None if judged is None else str(judged),
        game_id if isinstance(game_id, int) else None,
    )


def slots(library: Library) -> list[int]:
    """The windows that hold games."""
    with translate():
        found = library.db.execute(
            "SELECT slot FROM seats UNION SELECT DISTINCT slot FROM held ORDER BY 1"
        ).fetchall()
    return [int(s) for (s,) in found]


def forget_slot(library: Library, slot: int) -> None:
    """A window's place, once another has taken over its games (what is left there had
    nothing in it)."""
    with translate():
        library.db.execute("DELETE FROM seats WHERE slot = ?", (slot,))
        library.db.execute("DELETE FROM held WHERE slot = ?", (slot,))
