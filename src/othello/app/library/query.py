"""Looking things up in the library: the list's filters and sorts, one page at a time, the
explorer's "mine" (what the library's finished games played after a line), and what the
windows kept of a library game's moves (its review).

The words a filter takes are the player's own: any part of a name, an opening or a source
(case ignored); the start of a date (``2024``, ``2024-05``); a result as ``black``, ``white``
or ``draw`` (who won), or ``win`` / ``loss`` for the player filtered by (Black without one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from othello.app.files.record_text import DATE_CHARS, NAME_CHARS, clean, readable
from othello.app.library.database import LINE_MOVES, Library, explorer_line
from othello.app.library.rows import MOST_MOVES, Damage, blob, damage_of, number, placed, raw
from othello.core.bitboard import Square
from othello.engine.patterns import symmetry
from othello.study.explorer import Lookup, MoveStats
from othello.study.named_openings import F5, _start_symmetries

_READ = 1600  # bytes of a text column read for the list: more than it ever shows
SORTS = ("date", "black", "white", "result", "opening", "source")
FIELDS = ("player", "opening", "result", "date", "source")
RESULT_WORDS = {
    "black": "black", "b": "black", "+": "black",
    "white": "white", "w": "white", "-": "white",
    "draw": "draw", "d": "draw", "=": "draw",
    "win": "win", "won": "win", "wins": "win",
    "loss": "loss", "lost": "loss", "losses": "loss",
}  # fmt: skip


@dataclass(frozen=True)
class Filter:
    """What the list shows: each field's text ("" for any), and its order."""

    player: str = ""
    opening: str = ""
    result: str = ""
    date: str = ""
    source: str = ""
    sort: str = "date"
    descending: bool = True
    openings: tuple[str, ...] = ()  # stored names the opening's text also stands for

    def with_field(self, name: str, text: str) -> Filter:
        values: dict[str, Any] = {name: text}
        return replace(self, **values)

    def with_order(self, sort: str, descending: bool) -> Filter:
        return replace(self, sort=sort, descending=descending)

    def field(self, name: str) -> str:
        return str(getattr(self, name))

    def problem(self) -> str | None:
        """Why the result filter's word means nothing, or None."""
        word = self.result.strip().lower()
        if word and word not in RESULT_WORDS:
            return f"result {self.result!r}: use black, white, draw, win or loss"
        return None


@dataclass(frozen=True)
class Row:
    """One line of the list."""

    id: int
    date: str
    black: str
    white: str
    result: int
    opening: str
    source: str
    memo: str
    marks: str  # the review's, a letter a move ("" before a review)
    moves: int  # discs placed (passes are no moves to a player)
    damage: Damage | None = None  # why the row is no game (its words are still shown)
    finished: bool = True  # False: kept before its end (its result is no result)
    on_time: bool = False  # a flag fell: the result is GGF's "+64:t" / "-64:t", not discs


def _like(text: str) -> str:
    escaped = readable(text).strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def where(f: Filter) -> tuple[str, list[object]]:
    """The WHERE clause for ``f`` and its parameters (the player's text is never SQL)."""
    parts: list[str] = ["deleted IS NULL"]
    values: list[object] = []
    if f.player.strip():
        parts.append("(black LIKE ? ESCAPE '\\' OR white LIKE ? ESCAPE '\\')")
        values += [_like(f.player), _like(f.player)]
    if f.opening.strip():  # the typed words, or a name they translate
        names = ", ".join("?" * len(f.openings))
        also = f" OR opening IN ({names})" if f.openings else ""
        parts.append(f"(opening LIKE ? ESCAPE '\\'{also})")
        values += [_like(f.opening), *f.openings]
    if f.source.strip():
        parts.append("source LIKE ? ESCAPE '\\'")
        values.append(_like(f.source))
    if f.date.strip():
        parts.append("date LIKE ? ESCAPE '\\'")
        values.append(_like(f.date)[1:])  # the date's start
    word = RESULT_WORDS.get(f.result.strip().lower())
    if word is not None:  # a game kept before its end has no result to match
        parts.append("finished = 1")
    if word == "black":
        parts.append("result > 0")
    elif word == "white":
        parts.append("result < 0")
    elif word == "draw":
        parts.append("result = 0")
    elif word in ("win", "loss") and f.player.strip():
        sign = ">" if word == "win" else "<"
        other = "<" if word == "win" else ">"
        parts.append(
            f"((black LIKE ? ESCAPE '\\' AND result {sign} 0) OR "
            f"(white LIKE ? ESCAPE '\\' AND result {other} 0))"
        )
        values += [_like(f.player), _like(f.player)]
    elif word in ("win", "loss"):
        parts.append("result > 0" if word == "win" else "result < 0")
    return " AND ".join(parts), values


def order(f: Filter) -> str:
    column = f.sort if f.sort in SORTS else "date"
    way = "DESC" if f.descending else "ASC"
    collate = " COLLATE NOCASE" if column in ("black", "white", "opening", "source") else ""
    return f"ORDER BY {column}{collate} {way}, id {way}"


def count(library: Library, f: Filter) -> int:
    """How many games the filter keeps: a scan of the list's index, which holds every
    column a filter reads (a tenth of the table's bytes)."""
    clause, values = where(f)
    rows = library.execute(
        f"SELECT count(*) FROM games INDEXED BY games_list WHERE {clause}", values
    )
    return int(rows[0][0])


def rows(library: Library, f: Filter, offset: int, limit: int) -> list[Row]:
    """A page of the list, each row checked (``rows``): its words cleaned and
    bounded (a name of megabytes is read as its first few hundred characters), and a row
    that is no game marked with its damage."""
    clause, values = where(f)
    found = library.execute(
        f"SELECT id, {_head('date')}, {_head('black')}, {_head('white')}, {raw('result')}, "
        f"{_head('opening')}, {_head('source')}, {_head('memo')}, {_head('marks')}, "
        f"{raw('start')}, {blob('moves')}, {raw('finished')}, {_head('tags')} FROM games "
        f"WHERE {clause} {order(f)} LIMIT ? OFFSET ?",
        [*values, limit, max(0, offset)],
    )
    return [_row(*row) for row in found]


def _head(column: str) -> str:
    """A text column's first bytes (a NUL inside does not end them, as it ends text)."""
    return f"substr(CAST({column} AS BLOB), 1, {_READ})"


def _row(
    game_id: int, date: Any, black: Any, white: Any, result: Any, opening: Any, source: Any,
    memo: Any, marks: Any, start: Any, moves: Any, finished: Any, tags: Any = None,
) -> Row:  # fmt: skip
    damage = damage_of(result, start, moves)
    return Row(
        int(game_id), clean(date, DATE_CHARS), clean(black, NAME_CHARS),
        clean(white, NAME_CHARS), number(result) or 0, clean(opening or ""), clean(source),
        clean(memo), clean(marks or "", MOST_MOVES), placed(moves), damage, finished != 0,
        lost_on_time(tags),
    )  # fmt: skip


def lost_on_time(tags: Any) -> bool:
    """Whether a game's tags (one "KEY=value" a line, as the library keeps GGF's) say a
    flag fell: its RE is GGF's "+64:t" or "-64:t"."""
    text = bytes(tags).decode("utf-8", "replace") if isinstance(tags, bytes) else str(tags or "")
    return any(line.startswith("RE=") and line.endswith(":t") for line in text.splitlines())


def ids(library: Library, f: Filter) -> list[int]:
    """Every game the filter keeps, in its order (``othello games``)."""
    clause, values = where(f)
    found = library.execute(f"SELECT id FROM games WHERE {clause} {order(f)}", values)
    return [int(row[0]) for row in found]


KEPT_JUDGEMENTS = 20
"""At most this many windows' records of one game's moves are read back (the first that
holds its whole review is the one used)."""


def kept_judgements(library: Library, game_id: int, start: str, moves: bytes) -> list[str]:
    """What the windows kept of the moves of the library's game ``game_id`` (from ``start``,
    its ``moves`` as the library stores them): the JSON each held game carries (its review
    among it, as ``GameJudgement.to_data`` wrote it), the games kept as this one first, then
    copies with the same start and moves (the game opened from the library and reviewed)."""
    found = library.execute(
        "SELECT judged FROM held WHERE judged IS NOT NULL AND (game_id = ? OR "
        "(start = ? AND substr(moves, 1, ?) = ?)) ORDER BY game_id = ? DESC, key LIMIT ?",
        [game_id, start, len(moves), moves, game_id, KEPT_JUDGEMENTS],
    )
    return [str(judged) for (judged,) in found]


# ----- the explorer's "mine" ---------------------------------------------------------------


def _back_from_f5(first: Square) -> int:
    """The symmetry that took this game's first move to f5 (its own inverse)."""
    return next(k for k in _start_symmetries() if symmetry(k, first) == F5)


def mine(library: Library, moves: Sequence[Square]) -> Lookup | None:
    """What the library's finished games from the standard start played after ``moves``
    (None when that is past the depth kept, or not from the standard start). A game kept
    before its end has no result, so it is neither a win, a draw nor a loss here."""
    from othello.core.board import Board

    line = explorer_line(Board(), moves) if moves else b""
    if line is None or len(line) != len(moves) or len(moves) >= LINE_MOVES:
        return None
    at = len(line)
    found = library.execute(
        "SELECT substr(line, ?, 1), count(*), sum(result > 0), sum(result = 0), sum(result) "
        "FROM games WHERE deleted IS NULL AND finished = 1 AND line >= ? AND line < ? "
        "AND length(line) > ? AND typeof(result) = 'integer' AND result BETWEEN -64 AND 64 "
        "GROUP BY 1",
        [at + 1, line, line + b"\xff", at],
    )  # a row whose result is no number of discs (a damaged one) counts in no figure
    board = Board()
    for sq in moves:
        board.push_square(sq)
    legal = board.legal_mask()
    stats: list[MoveStats] = []
    total = 0
    for nxt, games, wins, draws, summed in found:
        stored = nxt[0] if isinstance(nxt, bytes) and nxt else 64
        squares = [sq for sq in _squares(stored, moves) if legal >> sq & 1] if stored < 64 else []
        if not squares:  # a byte that is no square, or no move there: a damaged line
            continue
        games_n = int(games)
        total += games_n
        wins_n, draws_n = int(wins), int(draws)
        mean = int(summed) / games_n
        for square in squares:
            stats.append(
                MoveStats(square, games_n, wins_n, draws_n, games_n - wins_n - draws_n, mean)
            )
    stats.sort(key=lambda m: (-m.games, m.square))
    return Lookup("mine", total, tuple(stats))


def _squares(f5_square: Square, moves: Sequence[Square]) -> list[Square]:
    """A stored move (seen from f5) on the board as it stands: from the start, each of the
    four first moves is the same opening; later, the game's own symmetry maps it back."""
    if not moves:
        return sorted({symmetry(k, f5_square) for k in _start_symmetries()})
    return [symmetry(_back_from_f5(moves[0]), f5_square)]
