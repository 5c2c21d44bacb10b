"""What the Drills screen says, in the player's language: the openings to choose from, how
well each is known, the line as it is played, a right or a wrong answer with the explorer's
figures and the engine's scores, the end of the line."""

from __future__ import annotations

from othello.app.i18n import _, integer, ngettext, percent, pgettext
from othello.core.board import Color
from othello.gui.model.game_words import opening_name
from othello.study.drills import MINE
from othello.study.explorer import MoveStats


def choice_name(key: str) -> str:
    """A drill's name: the opening's as the window names openings, or "My openings"."""
    return _("My openings") if key == MINE else opening_name(key)


def known_share(share: float) -> str:
    """How well an opening is known: the share of its positions last answered right."""
    return percent(round(100 * share))


def known_text(share: float | None, positions: int) -> str:
    """How well an opening is known (None: never drilled) and how many positions it asks."""
    if share is None:
        return ngettext(
            "Not drilled yet: {n} position to answer",
            "Not drilled yet: {n} positions to answer",
            positions,
        ).format(n=integer(positions))
    return ngettext(
        "{share} known of {n} position to answer",
        "{share} known of {n} positions to answer",
        positions,
    ).format(share=known_share(share), n=integer(positions))


def title_text(key: str, side: Color) -> str:
    """The drill's heading: the opening and the player's side."""
    words = _("{opening}: you play Black") if side == "black" else _("{opening}: you play White")
    return words.format(opening=choice_name(key))


def prompt_text(side: Color) -> str:
    if side == "white":
        return _("White to move: play the line's move.")
    return _("Black to move: play the line's move.")


def computer_text(move: str) -> str:
    return _("The computer plays {move}.").format(move=move)


def right_text(move: str) -> str:
    return _("Right: {move} is on the line.").format(move=move)


def wrong_text(move: str, line: str) -> str:
    return _("{move} leaves the line: the line plays {line}.").format(move=move, line=line)


def figures_text(move: str, stats: MoveStats | None, side: Color) -> str:
    """The explorer's figures for one move: people's games and the mover's share of the
    points."""
    if stats is None:
        return _("{move}: no games in the explorer").format(move=move)
    share = stats.black_share if side == "black" else 1 - stats.black_share
    words = ngettext(
        "{move}: {n} game, Black scores {share}",
        "{move}: {n} games, Black scores {share}",
        stats.games,
    )
    if side == "white":
        words = ngettext(
            "{move}: {n} game, White scores {share}",
            "{move}: {n} games, White scores {share}",
            stats.games,
        )
    return words.format(move=move, n=integer(stats.games), share=percent(round(100 * share)))


def engine_text(line: str, line_score: int, move: str, score: int) -> str:
    """The engine's scores of both moves (the mover's discs) and how far apart they are."""
    apart = abs(line_score - score)
    return ngettext(
        "The engine's estimate: {line} {a}, {move} {b} ({n} disc apart).",
        "The engine's estimate: {line} {a}, {move} {b} ({n} discs apart).",
        apart,
    ).format(line=line, a=f"{line_score:+d}", move=move, b=f"{score:+d}", n=apart)


def scoring_text() -> str:
    return _("The engine is scoring both moves…")


def sooner_text(line: str) -> str:
    return _("This position comes back sooner. Enter or {line}: play on.").format(line=line)


def end_text(opening: str | None, right: int, answers: int) -> str:
    """The end of the line: the named line it ended on, and the answers right."""
    if opening is None:
        words = ngettext(
            "End of the line: {right} of {n} answer right.",
            "End of the line: {right} of {n} answers right.",
            answers,
        )
    else:
        words = ngettext(
            "End of the line ({opening}): {right} of {n} answer right.",
            "End of the line ({opening}): {right} of {n} answers right.",
            answers,
        )
    name = opening_name(opening) if opening else ""
    return words.format(opening=name, right=right, n=answers)


def again_text() -> str:
    return _("Enter: this opening again. Esc: the openings.")


def reading_text() -> str:
    return _("Reading your drills from the library…")


def no_games_text() -> str:
    return _("Your library has no games from the standard start yet.")


def side_word(side: Color) -> str:
    return pgettext("side", "Black") if side == "black" else pgettext("side", "White")


def hidden_text() -> str:
    """X during a drill."""
    return _("The explorer is hidden in drills: it would give the answers away.")
