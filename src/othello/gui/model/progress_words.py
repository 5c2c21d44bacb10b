"""The progress view's numbers and words: the player's own reviewed games read from the library
(every window's games with what it knew of their moves, restored as the window restores them,
``GameJudgement.restore``), added up by ``study.progress``, and every sentence the view shows,
in the player's language.
"""

from __future__ import annotations

import json

from othello.app.i18n import N_, _, decimal, ngettext, pgettext
from othello.app.library.database import Library
from othello.app.library.held_games import HeldGame, game_of, judged_rows
from othello.core.errors import GameTextError
from othello.gui.model.judgement import GameJudgement
from othello.study.coach import Theme
from othello.study.progress import OwnGame, Phase, Progress, ThemeCount, own_game

THEME_NAMES: dict[Theme | None, tuple[str, str]] = {
    Theme.CORNER_GIVEN: (N_("gave a corner"), N_("corner given")),
    Theme.CORNER_MISSED: (N_("missed a corner"), N_("corner missed")),
    Theme.X_SQUARE: (N_("played an X-square"), N_("X-square")),
    Theme.C_SQUARE: (N_("played a C-square"), N_("C-square")),
    Theme.STABLE_DISCS: (N_("kept fewer stable discs"), N_("stable discs")),
    Theme.EDGE: (N_("let the opponent wedge into an edge"), N_("edge")),
    Theme.PARITY: (N_("gave away parity"), N_("parity")),
    Theme.MOBILITY: (N_("gave the opponent moves"), N_("mobility")),
    Theme.FRONTIER: (N_("opened the frontier"), N_("frontier")),
    None: (N_("no theme: the loss shows deeper"), N_("no theme")),
}
"""What a mistake did, by the coach's theme (None: no theme explains it), as the view counts
them, and a word for it where room is short; translated where drawn."""


def read_progress(library: Library) -> Progress:
    """The player's progress from every reviewed game the library holds, oldest first: only
    a finished review counts (its every move judged), and of it only the moves a person
    placed here. A row that does not hold up is left out."""
    games = [own for row in judged_rows(library) if (own := _own_game(row)) and own.moves]
    return Progress(tuple(games))


def _own_game(row: HeldGame) -> OwnGame | None:
    try:
        game = game_of(row)
        data = json.loads(row.judged or "")
    except (GameTextError, ValueError):
        return None
    judgement = GameJudgement()
    judgement.restore(game, data)
    if judgement.review is None:
        return None
    moves, verdicts = judgement.review
    return own_game(game.start, moves, verdicts, judgement.people_plies(moves), len(moves))


def phase_names() -> dict[Phase, str]:
    return {
        "opening": pgettext("phase", "opening"),
        "midgame": pgettext("phase", "midgame"),
        "endgame": pgettext("phase", "endgame"),
    }


def loss_text(value: float | None) -> str:
    """An average loss a move, "1.4" as the language writes it; a dash with no moves."""
    return "–" if value is None else decimal(value, 1)


def heading(games: int) -> list[str]:
    """The view's title, longest first."""
    counted = ngettext(
        "Your progress · {n} reviewed game", "Your progress · {n} reviewed games", games
    ).format(n=games)
    return [counted, _("Your progress")]


def span_words(last: int | None, games: int) -> list[str]:
    """A column of the table: the last game, the last ``last`` games, or all ``games``;
    longest first."""
    if last == 1:
        return [_("last game"), pgettext("games", "last")]
    if last is not None:
        return [
            ngettext("last {n} game", "last {n} games", last).format(n=last),
            pgettext("games", "last {n}").format(n=last),
        ]
    return [
        ngettext("all {n} game", "all {n} games", games).format(n=games),
        pgettext("games", "all {n}").format(n=games),
    ]


def themes_heading(total: int) -> list[str]:
    """Over the themes' rows, longest first."""
    return [
        ngettext("What your last {n} mistake did", "What your last {n} mistakes did", total).format(
            n=total
        ),
        ngettext("Your last {n} mistake", "Your last {n} mistakes", total).format(n=total),
    ]


def theme_words(count: ThemeCount, total: int) -> list[str]:
    """A theme counted: "gave a corner: 9 of your last 40 mistakes", then shorter."""
    name, word = (_(words) for words in THEME_NAMES[count.theme])
    return [
        ngettext(
            "{theme}: {n} of your last {total} mistake",
            "{theme}: {n} of your last {total} mistakes",
            total,
        ).format(theme=name, n=count.count, total=total),
        _("{theme}: {n} of {total}").format(theme=name, n=count.count, total=total),
        _("{theme}: {n} of {total}").format(theme=word, n=count.count, total=total),
    ]


def empty_words() -> list[str]:
    """The view with no reviewed game of the player's yet, longest first."""
    return [
        _(
            "None of your games is reviewed yet: a game you play here is reviewed at its end "
            "(or R), and then it counts here."
        ),
        _("None of your games is reviewed yet."),
    ]
