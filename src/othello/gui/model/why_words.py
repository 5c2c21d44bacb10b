"""Why a move lost, wherever the window judges one, in the player's language: the move list's
chosen move (its review's own sentence, the one ``othello review --json`` gives), a hinted
square against the hint's best, a puzzle's wrong answer against the best move, and the end
card's worst move of the player's. Every sentence comes from the coach's themes
(``study.coach``), said by ``app.coach_words``; nothing here guesses.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from othello.app.coach_words import review_why, why
from othello.app.i18n import _, ngettext
from othello.core.bitboard import Square
from othello.core.board import Board
from othello.core.notation import square_name
from othello.study.coach import themes
from othello.study.verdict import MoveReview


def joined(said: str, because: str) -> str:
    """Two sentences one after the other, as the language writes them."""
    # Translators: two sentences one after the other (what a move lost, then why); Japanese
    # and Chinese put no space between them.
    return _("{said} {why}").format(said=said, why=because)


def chosen_words(verdict: MoveReview) -> str:
    """The move list's words on the chosen move: what it lost against the best, and why
    (the review's sentence as it is). The figure is against best play from both sides after
    either move, not the game's final count, so the words say so."""
    words = {"number": verdict.number, "move": square_name(verdict.played)}
    if verdict.loss <= 0:
        return _("{number}. {move}: a best move.").format(**words)
    head = ngettext(
        "{number}. {move}: {n} disc worse than {best}, with best play from both sides.",
        "{number}. {move}: {n} discs worse than {best}, with best play from both sides.",
        verdict.loss,
    ).format(**words, n=verdict.loss, best=square_name(verdict.best))
    return joined(head, review_why(verdict))


def line_of(verdict: MoveReview) -> list[Square]:
    """What the move list steps through for a judged move: the move played, then the
    engine's best line after it (empty for a move that lost nothing: it has none)."""
    return [verdict.played, *verdict.line] if verdict.loss > 0 else []


def why_against(
    board: Board, move: Square, best: Square, loss: int, line: Sequence[Square] = ()
) -> str:
    """Why ``move`` on ``board`` lost ``loss`` discs against ``best``; ``line`` is the
    engine's line after ``move`` (without one, no corner is said to be given)."""
    return why(themes(board, move, best, line), board.side_to_move, best, loss)


def best_of(scores: dict[Square, int]) -> Square:
    """The best move of scored ones; of moves that tie, the first (the one a hint names
    first)."""
    return max(scores, key=lambda sq: scores[sq])


def hint_why(board: Board, scores: dict[Square, int], square: Square | None) -> str | None:
    """A hint's word on ``square`` (under the pointer or the keyboard's cursor): what it
    loses against the hint's best move and why, from the hint's own scores; None when it is
    not scored or is a best move. A hint has no line, so it never says a corner is given;
    it names the most telling theme only, to fit the strip under the board."""
    if square is None or square not in scores:
        return None
    best = best_of(scores)
    loss = scores[best] - scores[square]
    if loss <= 0:
        return None
    head = ngettext(
        "{move} loses {n} disc against {best}.",
        "{move} loses {n} discs against {best}.",
        loss,
    ).format(move=square_name(square), n=loss, best=square_name(best))
    found = themes(board, square, best)[:1]
    if not found:  # no line to see here: said plainly
        return joined(head, _("No theme explains it: the loss shows only deeper."))
    return joined(head, why(found, board.side_to_move, best, loss))


def worst_own(verdicts: Iterable[MoveReview], mine: Collection[int]) -> MoveReview | None:
    """The player's worst move among ``verdicts`` (``mine``: the plies a person played);
    the first of equal ones. None when none of them lost a disc."""
    own = [v for v in verdicts if v.ply in mine and v.loss > 0]
    return min(own, key=lambda v: (-v.loss, v.ply), default=None)


def worst_words(verdict: MoveReview | None) -> str:
    """The end card's word on the player's worst move, and why it lost: against the best
    move with best play from both sides (a game won 33-31 may hold a move 55 discs worse)."""
    if verdict is None:
        return _("Every move of yours was a best move.")
    head = ngettext(
        "Your worst move: {number}. {move}, {n} disc worse than {best} with best play.",
        "Your worst move: {number}. {move}, {n} discs worse than {best} with best play.",
        verdict.loss,
    ).format(
        number=verdict.number,
        move=square_name(verdict.played),
        n=verdict.loss,
        best=square_name(verdict.best),
    )
    return joined(head, review_why(verdict))
