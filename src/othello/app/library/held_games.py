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

Nothing a window did not read is deleted: a save deletes only the games the window itself held
that left its line (``Changes.gone``), never "every row not in the line". A window that could
not read its games at its start (the library busy, read-only, full) keeps a line of its own
beside the stored one, ordered after it, and takes the stored games back when it can read them.
A row that cannot be resumed at all is moved to the ``ASIDE`` slot, which no window reads and
nothing deletes; a row with one damaged field keeps what can be read of it (``salvage``).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from othello.app.files.game_files import check_position
from othello.app.library.copies import MOST_COPIES
from othello.app.library.database import Library, decode_moves, encode_moves, translate
from othello.core.board import Board
from othello.core.clock import ClockError, TimeControl
from othello.core.errors import GameTextError, OthelloError
from othello.core.game import Game, Players

ASIDE = -1
"""The slot of held games no window could resume (a start that is no board): kept, never
read by a window, never deleted."""


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
    """What a save writes for one window: games new or changed, where games stand in its line,
    the games that left it, and the seat.

    ``line`` (every key in order: each one's place is its ``seq``) is written when the window
    hands over everything; between those, ``order`` holds only the keys whose place changed,
    so a move or an N costs the same however long the line is. Only the keys in ``gone`` are
    deleted: games this window held that left its line. A row the window never read is
    never deleted, whatever the line holds."""

    slot: int
    games: dict[int, HeldGame] = field(default_factory=dict)
    line: list[int] | None = None
    seat: Seat | None = None
    order: dict[int, int] = field(default_factory=dict)  # key -> its new seq
    gone: set[int] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.games or self.line is not None or self.seat or self.order or self.gone)

    def merge(self, later: Changes) -> None:
        """``later`` written on top of this (what a save not yet written becomes); costs as
        much as ``later`` holds, not the whole line."""
        for key in later.gone:
            self.games.pop(key, None)
            self.order.pop(key, None)
        self.gone |= later.gone
        if later.line is not None:
            self.line, self.order = later.line, {}
            self.gone.difference_update(later.line)
        self.gone.difference_update(later.order)
        self.gone.difference_update(later.games)
        self.games.update(later.games)
        self.order.update(later.order)
        if later.seat is not None:
            self.seat = later.seat

    def to_data(self) -> dict[str, Any]:
        """As plain data (the pending spool, when the library cannot be written)."""
        return {
            "slot": self.slot,
            "games": [{**g.__dict__, "moves": g.moves.hex()} for g in self.games.values()],
            "line": self.line,
            "seat": None if self.seat is None else self.seat.to_data(),
            "order": [[key, seq] for key, seq in self.order.items()],
            "gone": sorted(self.gone),
        }

    @classmethod
    def from_data(cls, data: Any) -> Changes:
        """ValueError says what does not fit. A spool of an earlier version (a line and no
        ``gone``) deletes nothing: which rows it had read is not known."""
        try:
            games = [HeldGame(**{**g, "moves": bytes.fromhex(g["moves"])}) for g in data["games"]]
            line = data["line"]
            seat = None if data["seat"] is None else Seat.from_data(data["seat"])
            order = {int(key): int(seq) for key, seq in data.get("order", [])}
            gone = {int(key) for key in data.get("gone", [])}
            changes = cls(int(data["slot"]), {g.key: g for g in games}, line, seat, order, gone)
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as err:
            raise ValueError(f"not a window's games ({err})") from None
        if line is not None and not all(_is_int(k) for k in line):
            raise ValueError("not a window's games (a bad key in its line)")
        numbers = [*(n for g in games for n in (g.key, g.seq)), *order, *order.values(), *gone]
        if not all(_is_int(n) for n in numbers):
            raise ValueError("not a window's games (a bad key)")
        return changes


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63


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
    as every door checks it (``game_files.check_position``): what a paste, a load or the editor
    accepts, this accepts."""
    game, problem = salvage(row)
    if problem is not None:
        raise GameTextError(problem)
    return game


def salvage(row: HeldGame) -> tuple[Game, str | None]:
    """What can be read of a row: its game up to the first move that does not replay, on
    the move its cursor names (at the end when the cursor cannot be), with what its state
    holds that fits; and what was wrong, if anything (None: the row is whole).
    GameTextError when not even the start is usable: no game at all."""
    try:
        board = Board.from_string(row.start)
    except OthelloError as err:
        raise GameTextError(f"its start is not a board: {err}") from None
    check_position(board)
    game = Game(board)
    problem = None
    for number, byte in enumerate(row.moves, start=1):
        try:
            game.play(decode_moves(bytes([byte]))[0])
        except (OthelloError, ValueError) as err:  # an illegal move, a byte that is no square
            problem = f"move {number}: {err}"
            break
    if not 0 <= row.cursor <= len(game.moves):
        problem = problem or f"move cursor {row.cursor} is outside 0..{len(game.moves)}"
        game.go_to(len(game.moves))
    else:
        game.go_to(row.cursor)
    _restore_state(game, row.state)
    return game, problem


def _restore_state(game: Game, text: str) -> None:
    """What a game carries beside its moves; what does not fit is left at its default."""
    try:
        state = json.loads(text)
    except (ValueError, RecursionError):  # damaged, or nested past any state the game writes
        return
    if not isinstance(state, dict):
        return
    given = state.get("given")
    if isinstance(given, int) and not isinstance(given, bool) and 0 <= given <= game.cursor:
        game.given = given
    if isinstance(state.get("origin"), str):
        game.origin = state["origin"][:20]
    game.clock = _clock(state.get("clock"))
    times = state.get("times")
    if isinstance(times, list) and len(times) == len(game.moves):
        if all(t is None or (_number(t) and 0 <= t < 1e9) for t in times):
            game.times = [None if t is None else float(t) for t in times]
    players = state.get("players")
    if isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players):
        game.players = Players(players[0][:100], players[1][:100])
    lost = state.get("lost_on_time")
    if lost in ("black", "white") and game.cursor == len(game.moves):
        game.lost_on_time = lost


def _clock(stored: object) -> str:
    """A kept time control as the clock writes one ("5+3"); "" (no clock) for anything else."""
    if not isinstance(stored, str) or not stored:
        return ""
    try:
        return str(TimeControl.parse(stored[:20]))
    except ClockError:
        return ""


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# ----- the library's side -------------------------------------------------------------------


def write(library: Library, changes: Changes) -> None:
    """One transaction: the games changed, the line when it changed, the seat."""
    with library.transaction():
        write_rows(library, changes)


def write_rows(library: Library, changes: Changes) -> None:
    """:func:`write` inside the caller's transaction. A game already kept keeps its place
    unless the line or ``order`` moves it; only ``gone`` is deleted."""
    slot = changes.slot
    with translate():
        library.db.executemany(
            "INSERT INTO held (key, slot, seq, start, moves, cursor, state, judged, game_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET"
            " slot = excluded.slot, start = excluded.start,"
            " moves = excluded.moves, cursor = excluded.cursor, state = excluded.state,"
            " judged = coalesce(excluded.judged, judged),"
            " game_id = coalesce(excluded.game_id, game_id)",
            [
                (g.key, slot, g.seq, g.start, g.moves, g.cursor, g.state, g.judged, g.game_id)
                for g in changes.games.values()
            ],
        )
        # the line's order (another window's games that this one took over come into its
        # slot here), then the places that changed since
        places = [] if changes.line is None else list(enumerate(changes.line))
        places += [(seq, key) for key, seq in changes.order.items()]
        library.db.executemany(
            "UPDATE held SET slot = ?, seq = ? WHERE key = ?",
            [(slot, seq, key) for seq, key in places],
        )
        library.db.executemany("DELETE FROM held WHERE key = ?", [(k,) for k in changes.gone])
        if changes.seat is not None:
            s = changes.seat
            library.db.execute(
                "INSERT OR REPLACE INTO seats (slot, board, players, played_by, replaced, "
                "saved) VALUES (?, ?, ?, ?, ?, strftime('%s', 'now'))",
                (slot, s.board, stored(s.players), stored(s.played_by), int(s.replaced)),
            )


def note_kept(library: Library, key: int, game_id: int) -> None:
    """The held game ``key`` is in the library as ``game_id`` (so it is kept once)."""
    with translate():
        library.db.execute("UPDATE held SET game_id = ? WHERE key = ?", (game_id, key))


def _columns(table: str) -> str:
    """A held row's columns, its text read as bytes: a byte that is not UTF-8 costs that
    field (decoded with a replacement), never the row or the table."""
    t = table
    return (
        f"{t}.key, {t}.seq, CAST({t}.start AS BLOB), CAST({t}.moves AS BLOB), {t}.cursor, "
        f"CAST({t}.state AS BLOB), CAST({t}.judged AS BLOB), {t}.game_id"
    )


def read(library: Library, slot: int) -> Held | None:
    """A window's line of games, or None when it holds none."""
    with translate():
        seat_row = library.db.execute(
            "SELECT board, CAST(players AS BLOB), CAST(played_by AS BLOB), replaced FROM seats "
            "WHERE slot = ?",
            (slot,),
        ).fetchone()
        rows = library.db.execute(
            f"SELECT {_columns('held')} FROM held WHERE slot = ? ORDER BY seq, key", (slot,)
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
            PlayerMode.read(_text(players)),
            PlayerMode.read(_text(played_by)),
            replaced == 1,
        ),
    )


def read_strays(library: Library) -> Held | None:
    """The games kept in no window's slot (not 1 to ``MOST_COPIES``, not ``ASIDE``): an
    autosave-12.json an earlier version took in, a slot that is no number. No window holds
    them, so the first window takes them over."""
    with translate():
        rows = library.db.execute(
            f"SELECT {_columns('held')} FROM held WHERE NOT (typeof(slot) = 'integer' AND "
            "(slot BETWEEN 1 AND ? OR slot = ?)) ORDER BY seq, key",
            (MOST_COPIES, ASIDE),
        ).fetchall()
    return Held([_row(r) for r in rows], Seat(None)) if rows else None


def judged_rows(library: Library) -> list[HeldGame]:
    """Every window's games that carry what the window knew of their moves (a review among
    it), oldest first: by the date of the game kept in the library, those not kept yet (still
    being played) last, then in each window's line order. The player's progress is read from
    these."""
    with translate():
        rows = library.db.execute(
            f"SELECT {_columns('h')} FROM held h LEFT JOIN games g ON g.id = h.game_id "
            "WHERE h.judged IS NOT NULL "
            "ORDER BY g.date IS NULL, g.date, h.slot, h.seq, h.key"
        ).fetchall()
    return [_row(r) for r in rows]


def _row(row: Iterable[Any]) -> HeldGame:
    """A row as read, each field checked: what does not fit is left empty (a resume then
    says what it could not use)."""
    key, seq, start, moves, cursor, state, judged, game_id = row
    return HeldGame(
        int(key),
        seq if _is_int(seq) else 2**62,  # a place that is no number: last
        _text(start) or "",
        bytes(moves) if isinstance(moves, (bytes, memoryview)) else b"",
        cursor if _is_int(cursor) else -1,
        _text(state) or "",
        _text(judged),
        game_id if _is_int(game_id) else None,
    )


def _text(value: object) -> str | None:
    """A text column read as bytes, as text; a byte that is not UTF-8 becomes U+FFFD."""
    if value is None:
        return None
    if isinstance(value, (bytes, memoryview)):
        return bytes(value).decode("utf-8", errors="replace")
    return str(value)


def slots(library: Library) -> list[int]:
    """The windows that hold games (a slot that is no window's number is none)."""
    with translate():
        found = library.db.execute(
            "SELECT slot FROM seats UNION SELECT DISTINCT slot FROM held ORDER BY 1"
        ).fetchall()
    return [s for (s,) in found if isinstance(s, int) and 1 <= s <= MOST_COPIES]


def forget_slot(library: Library, slot: int | None) -> None:
    """A window's seat, once another has taken over its games (None: the seats of every
    slot that is no window's, once their games are taken over)."""
    with translate():
        if slot is None:
            library.db.execute(
                "DELETE FROM seats WHERE NOT (typeof(slot) = 'integer' AND slot BETWEEN 1 AND ?)",
                (MOST_COPIES,),
            )
        else:
            library.db.execute("DELETE FROM seats WHERE slot = ?", (slot,))


def forget_empty(library: Library, keys: Iterable[int], mine: int) -> None:
    """Games read and found empty (an untouched board), taken over by window ``mine`` and
    left out of its line: nothing in them to keep."""
    with translate():
        library.db.executemany(
            "DELETE FROM held WHERE key = ? AND slot IS NOT ?", [(key, mine) for key in keys]
        )


def set_aside(library: Library, keys: Iterable[int]) -> None:
    """Held games no window can resume, into the ``ASIDE`` slot: kept, out of every line."""
    with translate():
        library.db.executemany(
            "UPDATE held SET slot = ? WHERE key = ?", [(ASIDE, key) for key in keys]
        )
