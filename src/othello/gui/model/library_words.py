"""Every sentence the game library, its imports and the position's picture show, in one
place, marked for translation (no pygame). Each is looked up when it is shown, since the
language can change while the window is open.

Lists are ways of saying one thing, longest first: the window shows the longest that fits.

What the library stores stays as it was written (a game's source "played here", a result
filter's "black"): the window shows it translated, and a word typed in the player's language
into a filter is turned back into the stored one (:func:`stored_filter`).
"""

from __future__ import annotations

from dataclasses import replace

from othello.app.i18n import N_, _, integer, ngettext, percent, pgettext
from othello.app.library.importing import GAMES_FOLDER
from othello.app.library.query import Filter, Row
from othello.app.library.rows import Damage, Flaw
from othello.core.board import Board
from othello.gui.model.player_names import (
    computer_name as computer_name,  # the names a game is kept with
)
from othello.gui.model.player_names import player_shown as player_shown
from othello.study.named_openings import load_openings

PLAYED_HERE = "played here"  # stored as the game's source: shown through source_shown
SAVED_HERE = "saved here"
PERSON = "played against a person"  # a game with a person at another window


def title() -> str:
    return _("Library")


def columns() -> dict[str, str]:
    """The table's headings."""
    return {
        "date": pgettext("library column", "Date"),
        "black": pgettext("library column", "Black"),
        "white": pgettext("library column", "White"),
        "result": pgettext("library column", "Result"),
        "opening": pgettext("library column", "Opening"),
        "source": pgettext("library column", "Source"),
    }


def fields() -> dict[str, str]:
    """The filter fields' labels, with their colon."""
    return {
        "player": pgettext("library filter", "Player:"),
        "opening": pgettext("library filter", "Opening:"),
        "result": pgettext("library filter", "Result:"),
        "date": pgettext("library filter", "Date:"),
        "source": pgettext("library filter", "Source:"),
    }


def field_hints() -> dict[str, list[str]]:
    """What each filter field takes, shown in it until something is typed: longest first,
    shorter where five fields share a row (the first that fits is shown whole)."""
    return {
        "player": [_("any part of a name"), pgettext("library hint", "a name")],
        "opening": [_("any part of an opening's name"), pgettext("library hint", "a name")],
        # Translators: the words the result filter takes, as translated under "result filter"
        "result": [_("black, white, draw, win or loss"), pgettext("library hint", "win, loss…")],
        "date": [_("the start of a date: 2024, 2024-05"), "2024-05"],
        "source": [
            _("played here, saved here, or a file's name"),
            pgettext("library hint", "a file's name"),
        ],
    }


def edit_fields() -> dict[str, str]:
    """The edit form's labels, with their colon."""
    return {
        "black": pgettext("library edit", "Black:"),
        "white": pgettext("library edit", "White:"),
        "memo": pgettext("library edit", "Memo:"),
    }


def button(name: str) -> list[str]:
    """A button's label, longest first."""
    if name == "undo":
        return [_("Undo delete"), pgettext("button, short", "Undelete")]
    labels = {
        "open": pgettext("library button", "Open"),
        "delete": pgettext("library button", "Delete"),
        "edit": pgettext("library button", "Edit"),
        "close": _("Close"),
    }
    return [labels[name]]


def foot() -> list[str]:
    return [
        _(
            "Type to filter · Tab: next filter · ↑↓ PgUp PgDn: choose · Enter: open · "
            "Del: delete · Ctrl+Z: undo · F2: edit · Esc: back"
        ),
        _(
            "Type to filter · Tab: next filter · Enter: open · Del: delete · Ctrl+Z: undo · F2: edit"
        ),
        _("Tab: filter · Enter: open · Del · Ctrl+Z · F2 · Esc"),
    ]


def edit_foot() -> list[str]:
    return [_("Tab: next field · Enter: keep · Esc: leave unchanged"), _("Tab · Enter: keep · Esc")]


def no_games() -> str:
    return _("No games yet: every game you finish is kept here, and Ctrl+S keeps one at any time.")


def no_match() -> str:
    return _("No game matches the filter.")


def looking() -> list[str]:
    return [_("Library · Looking…"), _("Library")]


# ----- what the library stores, shown and typed in the player's language -------------------

SOURCES = {
    PLAYED_HERE: N_("played here"),
    SAVED_HERE: N_("saved here"),
    PERSON: N_("played against a person"),
    GAMES_FOLDER: N_("games folder"),
}
RESULT_WORDS = ("black", "white", "draw", "win", "loss")


def _result_words() -> dict[str, str]:
    return {
        "black": pgettext("result filter", "black"),
        "white": pgettext("result filter", "white"),
        "draw": pgettext("result filter", "draw"),
        "win": pgettext("result filter", "win"),
        "loss": pgettext("result filter", "loss"),
    }


def source_shown(source: str) -> str:
    """A game's source in the list: "played here" translated, a file's name as it is."""
    return _(SOURCES[source]) if source in SOURCES else source


def opening_shown(opening: str) -> str:
    """An opening's stored (English) name as players of the language call it."""
    return pgettext("opening", opening) if opening else ""


def opening_names() -> list[str]:
    """Every named opening, as the library stores it (English)."""
    return sorted(set(load_openings()[0].names.values()))


def stored_filter(f: Filter) -> Filter:
    """``f`` with a source or result typed in the player's language turned into the words
    the library stores ("played here", "black"), and the openings whose names in that
    language hold what was typed into the opening field."""
    typed = f.source.strip().casefold()
    if typed:
        for stored, label in SOURCES.items():
            if typed in _(label).casefold() and typed not in stored:
                f = f.with_field("source", stored)
                break
    typed = f.opening.strip().casefold()
    if typed:  # the names players of the language call them by (stored in English)
        names = tuple(n for n in opening_names() if typed in opening_shown(n).casefold())
        f = replace(f, openings=names)
    word = f.result.strip().casefold()
    if word:
        for stored, shown in _result_words().items():
            if word == shown.casefold():
                f = f.with_field("result", stored)
                break
    return f


def count_line(shown: int, total: int) -> list[str]:
    """The heading's count: how many games the filter keeps, of how many."""
    n, of = integer(total), integer(shown)
    if shown == total:
        return [
            ngettext("Library · {total} game", "Library · {total} games", total).format(total=n),
            ngettext("{total} game", "{total} games", total).format(total=n),
        ]
    return [
        ngettext(
            "Library · {shown} of {total} game", "Library · {shown} of {total} games", total
        ).format(shown=of, total=n),
        _("{shown} of {total}").format(shown=of, total=n),
    ]


def result_cell(result: int, finished: bool = True) -> str:
    """A result in the list, from Black's side: "+12", "-4", "draw"; a game kept before its
    end has none ("unfinished")."""
    if not finished:
        return pgettext("result", "unfinished")
    return f"{result:+d}" if result else pgettext("result", "draw")


def on_time_cell(result: int) -> list[str]:
    """A game a flag ended, in the list: who won on time, longest first (its "+64" or "-64"
    counts no discs: GGF's way of writing a time loss)."""
    if result > 0:
        return [pgettext("result", "Black on time"), pgettext("result", "on time")]
    return [pgettext("result", "White on time"), pgettext("result", "on time")]


def deleted(count: int) -> str:
    return ngettext(
        "Deleted {n} game: Ctrl+Z (or Undo delete) brings it back.",
        "Deleted {n} games: Ctrl+Z (or Undo delete) brings them back.",
        count,
    ).format(n=integer(count))


def restored(count: int) -> str:
    return ngettext("Brought back {n} game.", "Brought back {n} games.", count).format(
        n=integer(count)
    )


def _listed(parts: list[str]) -> str:
    # Translators: between the items of a list ("1 mistake, 2 blunders")
    return pgettext("list", ", ").join(parts)


def mark_counts(marks: str) -> str:
    """A review's marks as kept ("..i.m..b"), counted: "1 inaccuracy, 1 mistake, 1 blunder"."""
    parts = []
    if n := marks.count("i"):
        parts.append(ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=integer(n)))
    if n := marks.count("m"):
        parts.append(ngettext("{n} mistake", "{n} mistakes", n).format(n=integer(n)))
    if n := marks.count("b"):
        parts.append(ngettext("{n} blunder", "{n} blunders", n).format(n=integer(n)))
    return _listed(parts) or _("no mistakes")


def ended_words(row: Row) -> str:
    """How the chosen game ended, where its result cell cannot say it all: who won on time
    ("" for a game the discs decided, or kept before its end)."""
    if not (row.on_time and row.finished) or row.damage is not None:
        return ""
    return _("Black wins on time") if row.result > 0 else _("White wins on time")


def details(opening: str, moves: int, marks: str, memo: str, ended: str = "") -> list[str]:
    """The line about the chosen game, longest first (``ended``: how it ended, first)."""
    parts = [] if not ended else [ended]
    parts += [
        opening_shown(opening) or _("no named opening"),
        ngettext("{n} move", "{n} moves", moves).format(n=integer(moves)),
    ]
    if marks:
        parts.append(_("reviewed: {marks}").format(marks=mark_counts(marks)))
    long = " · ".join(parts + ([_("memo: {memo}").format(memo=memo)] if memo else []))
    return [long, " · ".join(parts)]


def damaged_cell() -> str:
    # Translators: in the library's Result column, for a game the library's file has damaged
    return pgettext("library result", "damaged")


def damage_reason(damage: Damage) -> str:
    """Why a damaged row is no game, in a few words."""
    n = integer(damage.move)
    reasons = {
        Flaw.RESULT: _("its result is not a number of discs"),
        Flaw.START: _("its start is no position"),
        Flaw.MOVES: _("its moves are not a list of squares"),
        Flaw.SQUARE: _("its move {n} is no square").format(n=n),
        Flaw.ILLEGAL: _("its move {n} ({square}) cannot be played there").format(
            n=n, square=damage.square
        ),
    }
    return reasons[damage.flaw]


def damaged_details(damage: Damage) -> list[str]:
    """The line about a damaged game, longest first."""
    why = damage_reason(damage)
    return [
        _("Damaged in the library's file: {why}. Delete removes it.").format(why=why),
        _("Damaged: {why}").format(why=why),
    ]


def cannot_open(damage: Damage) -> str:
    return _(
        "This game cannot be opened: {why}. The library's file was damaged; Delete removes it."
    ).format(why=damage_reason(damage))


def nothing_to_undo() -> str:
    return _("Nothing to undo in the library.")


def edited() -> str:
    return _("Kept your changes.")


def opened(way_back: bool, reviewed: bool = False) -> str:
    """What opening a library game says (``reviewed``: its kept review came back with it)."""
    if reviewed and way_back:
        return _("Opened from the library with its review (marks, why, graph). U: your game back.")
    if reviewed:
        return _(
            "Opened from the library with its review: its marks, why each move lost, the graph."
        )
    if way_back:
        return _(
            "Opened from the library: M browses it, Enter in the list plays on from any move. "
            "U brings back the game you were playing."
        )
    return _("Opened from the library: M browses it, Enter in the list plays on from any move.")


def kept(source: str) -> str:
    return _("Kept in your library ({source}).").format(source=source_shown(source))


def import_started(name: str) -> str:
    return _("Importing {name} into your library… (the game goes on)").format(name=name)


def import_bar(name: str, done: int, total: int) -> list[str]:
    share = percent(100 * done // max(1, total))
    return [
        ngettext(
            "Importing {name}: {done} of {total} game ({share})",
            "Importing {name}: {done} of {total} games ({share})",
            total,
        ).format(name=name, done=integer(done), total=integer(total), share=share),
        _("Importing: {share}").format(share=share),
    ]


def import_done(name: str, added: int, duplicates: int, skipped: int, first: str | None) -> str:
    parts = [ngettext("{n} added", "{n} added", added).format(n=integer(added))]
    if duplicates:
        parts.append(
            ngettext("{n} already there", "{n} already there", duplicates).format(
                n=integer(duplicates)
            )
        )
    if skipped:
        parts.append(
            ngettext("{n} skipped (the first: {first})", "{n} skipped (the first: {first})", skipped)
            .format(n=integer(skipped), first=first)
        )  # fmt: skip
    return _("Imported {name}: {counts}. G opens your library.").format(
        name=name, counts=_listed(parts)
    )


def import_failed(name: str, why: str) -> str:
    return _("Could not import {name}: {why}. Your library is as it was.").format(
        name=name, why=why
    )


def library_busy() -> str:
    return _(
        "Your game library is in use by another program: your games are kept here and stored "
        "as soon as it is free."
    )


def library_unavailable(why: str) -> str:
    return _(
        "Your game library cannot be used ({why}); the game goes on, and your games are kept "
        "in memory."
    ).format(why=why)


def library_replaced() -> str:
    return _(
        "Another program replaced or removed your game library: this window's games are "
        "written into the new one."
    )


def games_taken_in(count: int) -> str:
    return ngettext(
        "Your saved game file is in your library now (G).",
        "Your {n} saved game files are in your library now (G).",
        count,
    ).format(n=integer(count))


# ----- the picture of a position ------------------------------------------------------------


def picture_caption(board: Board, ply: int) -> str:
    """Under the picture: the count and who moves (or the result)."""
    black, white = board.count()
    b, w = integer(black), integer(white)
    if board.is_game_over():
        if black == white:
            return _("Black {black} · White {white} · a draw").format(black=b, white=w)
        if black > white:
            return _("Black {black} · White {white} · Black wins").format(black=b, white=w)
        return _("Black {black} · White {white} · White wins").format(black=b, white=w)
    if board.black_to_move:
        if ply:
            return _("Black {black} · White {white} · after move {ply} · Black to move").format(
                black=b, white=w, ply=integer(ply)
            )
        return _("Black {black} · White {white} · Black to move").format(black=b, white=w)
    if ply:
        return _("Black {black} · White {white} · after move {ply} · White to move").format(
            black=b, white=w, ply=integer(ply)
        )
    return _("Black {black} · White {white} · White to move").format(black=b, white=w)


def picture_saved(path: str, copied: bool) -> str:
    if copied:
        return _("Picture of the position saved: {path} (its path is on the clipboard)").format(
            path=path
        )
    return _("Picture of the position saved: {path}").format(path=path)


def picture_failed(why: str) -> str:
    return _("The picture could not be saved: {why}").format(why=why)
