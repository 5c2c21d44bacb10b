"""Every sentence the game library, its imports and the position's picture show, in one
place and plain English, so they can be marked for translation together (no pygame).

Lists are ways of saying one thing, longest first: the window shows the longest that fits.
"""

from __future__ import annotations

from ...board import Board

TITLE = "Library"
COLUMNS = {
    "date": "Date",
    "black": "Black",
    "white": "White",
    "result": "Result",
    "opening": "Opening",
    "source": "Source",
}
FIELDS = {
    "player": "Player",
    "opening": "Opening",
    "result": "Result",
    "date": "Date",
    "source": "Source",
}
FIELD_HINTS = {
    "player": "any part of a name",
    "opening": "any part of an opening's name",
    "result": "black, white, draw, win or loss",
    "date": "the start of a date: 2024, 2024-05",
    "source": "played here, saved here, or a file's name",
}
EDIT_FIELDS = {"black": "Black", "white": "White", "memo": "Memo"}
BUTTONS = {
    "open": "Open",
    "delete": "Delete",
    "undo": "Undo delete",
    "edit": "Edit",
    "close": "Close",
}
FOOT = [
    "Type to filter · Tab: next filter · ↑↓ PgUp PgDn: choose · Enter: open · Del: delete · "
    "Ctrl+Z: undo · F2: edit · Esc: back",
    "Type to filter · Tab: next filter · Enter: open · Del: delete · Ctrl+Z: undo · F2: edit",
    "Tab: filter · Enter: open · Del · Ctrl+Z · F2 · Esc",
]
EDIT_FOOT = ["Tab: next field · Enter: keep · Esc: leave unchanged", "Tab · Enter: keep · Esc"]
PLAYED_HERE = "played here"
SAVED_HERE = "saved here"
NO_GAMES = "No games yet: every game you finish is kept here, and Ctrl+S keeps one at any time."
NO_MATCH = "No game matches the filter."
LOOKING = "Looking…"


def computer_name(level: int) -> str:
    return f"Computer, level {level}"


def count_line(shown: int, total: int) -> list[str]:
    """The heading's count: how many games the filter keeps, of how many."""
    if shown == total:
        return [f"{TITLE} · {total:,d} games", f"{total:,d} games"]
    return [f"{TITLE} · {shown:,d} of {total:,d} games", f"{shown:,d} of {total:,d}"]


def result_cell(result: int) -> str:
    """A result in the list, from Black's side: "+12", "-4", "draw"."""
    return f"{result:+d}" if result else "draw"


def deleted(count: int) -> str:
    return (
        f"Deleted {count} game{'' if count == 1 else 's'}: Ctrl+Z (or Undo delete) brings it back."
    )


def restored(count: int) -> str:
    return f"Brought back {count} game{'' if count == 1 else 's'}."


def mark_counts(marks: str) -> str:
    """A review's marks as kept ("..i.m..b"), counted: "1 inaccuracy, 1 mistake, 1 blunder"."""
    names = (("i", "inaccuracy", "inaccuracies"), ("m", "mistake", "mistakes"),
             ("b", "blunder", "blunders"))  # fmt: skip
    parts = [f"{n} {one if n == 1 else many}" for ch, one, many in names if (n := marks.count(ch))]
    return ", ".join(parts) or "no mistakes"


def details(opening: str, moves: int, marks: str, memo: str) -> list[str]:
    """The line about the chosen game, longest first."""
    parts = [opening or "no named opening", f"{moves} moves"]
    if marks:
        parts.append(f"reviewed: {mark_counts(marks)}")
    long = " · ".join(parts + ([f"memo: {memo}"] if memo else []))
    return [long, " · ".join(parts)]


NOTHING_TO_UNDO = "Nothing to undo in the library."
EDITED = "Kept your changes."
OPENED = "Opened from the library: M browses it, Enter in the list plays on from any move."
WAY_BACK = " U brings back the game you were playing."


def kept(source: str) -> str:
    return f"Kept in your library ({source})."


def import_started(name: str) -> str:
    return f"Importing {name} into your library… (the game goes on)"


def import_bar(name: str, done: int, total: int) -> list[str]:
    share = 100 * done // max(1, total)
    return [f"Importing {name}: {done:,d} of {total:,d} games ({share}%)", f"Importing: {share}%"]


def import_done(name: str, added: int, duplicates: int, skipped: int, first: str | None) -> str:
    parts = [f"{added:,d} added"]
    if duplicates:
        parts.append(f"{duplicates:,d} already there")
    if skipped:
        parts.append(f"{skipped:,d} skipped (the first: {first})")
    return f"Imported {name}: " + ", ".join(parts) + ". G opens your library."


def import_failed(name: str, why: str) -> str:
    return f"Could not import {name}: {why}. Your library is as it was."


def library_busy() -> str:
    return (
        "Your game library is in use by another program: your games are kept here and stored "
        "as soon as it is free."
    )


def library_unavailable(why: str) -> str:
    return f"Your game library cannot be used ({why}); the game goes on, and your games are kept in memory."


def games_taken_in(count: int) -> str:
    if count == 1:
        return "Your saved game file is in your library now (G)."
    return f"Your {count} saved game files are in your library now (G)."


# ----- the picture of a position ------------------------------------------------------------


def picture_caption(board: Board, ply: int) -> str:
    """Under the picture: the count and who moves (or the result)."""
    black, white = board.count()
    if board.is_game_over():
        if black == white:
            return f"Black {black} · White {white} · a draw"
        winner = "Black" if black > white else "White"
        return f"Black {black} · White {white} · {winner} wins"
    side = "Black" if board.black_to_move else "White"
    moved = f"after move {ply} · " if ply else ""
    return f"Black {black} · White {white} · {moved}{side} to move"


def picture_saved(path: str, copied: bool) -> str:
    where = " (its path is on the clipboard)" if copied else ""
    return f"Picture of the position saved: {path}{where}"


def picture_failed(why: str) -> str:
    return f"The picture could not be saved: {why}"
