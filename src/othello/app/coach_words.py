"""Why a move lost, in a sentence or two in the player's language: the themes the coach found
(``study.coach``) said with their numbers. One place for the window (the move list, a hint,
a puzzle's verdict) and the command line (``othello review --json``'s ``why``).
"""

from __future__ import annotations

from collections.abc import Sequence

from othello.app.i18n import _, integer, ngettext, pgettext
from othello.core.board import Color
from othello.core.kinds import assert_never
from othello.core.notation import square_name
from othello.study.coach import Theme, ThemeFound
from othello.study.verdict import MoveReview

MOST = 2
"""Themes a sentence names: the most telling ones."""


def side_name(color: Color) -> str:
    return pgettext("side", "Black") if color == "black" else pgettext("side", "White")


def why(found: Sequence[ThemeFound], mover: Color, best: int, loss: int) -> str:
    """The sentence for a move that lost ``loss`` discs against ``best`` (a square), from
    the themes found; a move that lost nothing needs none."""
    if loss <= 0:
        return ""
    if not found:
        return _("The loss shows only deeper: see the line.")
    opponent = side_name("white" if mover == "black" else "black")
    words = {"best": square_name(best), "opponent": opponent, "mover": side_name(mover)}
    return " ".join(_sentence(f, words) for f in found[:MOST])


def review_why(review: MoveReview) -> str:
    """The sentence for a judged move, from the themes its review found: what ``othello
    review --json`` gives as ``why`` and the window's move list shows, one function for both."""
    return why(review.themes, review.color, review.best, review.loss)


def _sentence(found: ThemeFound, words: dict[str, str]) -> str:
    n = {k: integer(v) if isinstance(v, int) and not isinstance(v, bool) else v
         for k, v in found.numbers.items()}  # fmt: skip
    match found.theme:
        case Theme.CORNER_GIVEN:
            return _("It gives {opponent} the {corner} corner.").format(**words, **n)
        case Theme.CORNER_MISSED:
            return _("It does not take the {corner} corner; the best move does.").format(**n)
        case Theme.X_SQUARE:  # the sentence before it names the move: no "played on"
            return _("{square} is the X-square next to the empty {corner} corner.").format(**n)
        case Theme.C_SQUARE:
            return _("{square} is a C-square beside the empty {corner} corner.").format(**n)
        case Theme.STABLE_DISCS:
            return ngettext(
                "It keeps {stable} stable disc, where {best} keeps {after_best}.",
                "It keeps {stable} stable discs, where {best} keeps {after_best}.",
                int(found.numbers["stable"]),
            ).format(**words, **n)
        case Theme.EDGE:
            return _("It lets {opponent} wedge into the edge at {square}.").format(**words, **n)
        case Theme.PARITY:
            return _(
                "It plays in a region of {region} empty squares, an even number, where {best} "
                "plays in one of {best_region}: parity goes to {opponent}."
            ).format(**words, **n)
        case Theme.MOBILITY:
            return ngettext(
                "It leaves {opponent} {opponent_moves} move; {best} leaves {after_best}.",
                "It leaves {opponent} {opponent_moves} moves; {best} leaves {after_best}.",
                int(found.numbers["opponent_moves"]),
            ).format(**words, **n)
        case Theme.FRONTIER:
            text = _(
                "It opens the frontier: {frontier} of {mover}'s discs touch empty squares, "
                "{after_best} after {best}."
            ).format(**words, **n)
            if found.numbers.get("best_quiet"):
                quiet = ngettext(
                    "{best} is a quiet move: it turns {best_flips} inner disc.",
                    "{best} is a quiet move: it turns {best_flips} inner discs.",
                    int(found.numbers["best_flips"]),
                ).format(**words, **n)
                # Translators: two sentences one after the other (what a move lost, then why);
                # Japanese and Chinese put no space between them.
                text = _("{said} {why}").format(said=text, why=quiet)
            return text
        case _:  # a theme with no sentence here fails mypy, not a player's review
            assert_never(found.theme)
