"""What the Puzzles card says about a puzzle and an answer, in the player's language.

The engine's Puzzle and Verdict keep English sentences (puzzles.json stores a puzzle's origin
as one, and the command line reads them); the window words them again from their values.
"""

from __future__ import annotations

import re

from othello.app.i18n import _, ngettext, pgettext
from othello.study.puzzles import Puzzle, Verdict

_FROM_GAME = re.compile(r"Your game, move (\d+)(?: \((\w+)\))?$")
_FFORUM = re.compile(r"FForum #(\d+), (\d+) empty squares$")
MARKS = {
    "inaccuracy": lambda: pgettext("mark", "inaccuracy"),
    "mistake": lambda: pgettext("mark", "mistake"),
    "blunder": lambda: pgettext("mark", "blunder"),
}
"""A review's marks, named (the move list shows their signs: ?!, ?, ??)."""


def origin_text(puzzle: Puzzle) -> str:
    """Where the puzzle comes from: "Your game, move 23 (mistake)", "FForum #12, 20 empty
    squares" (the stored English words where they are some other form)."""
    found = _FROM_GAME.match(puzzle.origin)
    if found is not None:
        number, mark = int(found.group(1)), found.group(2)
        if mark in MARKS:
            return _("Your game, move {n} ({mark})").format(n=number, mark=MARKS[mark]())
        return _("Your game, move {n}").format(n=number)
    found = _FFORUM.match(puzzle.origin)
    if found is not None:
        empty = int(found.group(2))
        return ngettext(
            "FForum #{number}, {n} empty square", "FForum #{number}, {n} empty squares", empty
        ).format(number=found.group(1), n=empty)
    return puzzle.origin


def task_text(puzzle: Puzzle) -> str:
    if puzzle.side == "white":
        return _("White to move: find the best move")
    return _("Black to move: find the best move")


def stake_text(puzzle: Puzzle) -> str:
    """What is at stake, without giving the move away."""
    if puzzle.played:
        words = (
            _("In your game you played {move} ({score}); the best move is worth {best}.")
            if puzzle.exact
            else _(
                "In your game you played {move} ({score}); "
                "the best move is worth {best} (estimated)."
            )
        )
        return words.format(
            move=puzzle.played, score=f"{puzzle.played_score:+d}", best=f"{puzzle.best_score:+d}"
        )
    words = (
        _("Perfect play here ends {score} for White.")
        if puzzle.side == "white"
        else _("Perfect play here ends {score} for Black.")
    )
    return words.format(score=f"{puzzle.best_score:+d}")


def verdict_text(verdict: Verdict) -> str:
    """The answer judged: right, or how many discs the best move is better."""
    score, best = f"{verdict.score:+d}", f"{verdict.best_score:+d}"
    if verdict.right:
        words = (
            _("Right: {move} is a best move ({score}, exact).")
            if verdict.exact
            else _("Right: {move} is a best move ({score}, estimated).")
        )
        return words.format(move=verdict.move, score=score)
    better = verdict.best_score - verdict.score
    if verdict.exact:
        words = ngettext(
            "{move} scores {score}; {best} scores {best_score} (exact): {n} disc better.",
            "{move} scores {score}; {best} scores {best_score} (exact): {n} discs better.",
            better,
        )
    else:
        words = ngettext(
            "{move} scores {score}; {best} scores {best_score} (estimated): {n} disc better.",
            "{move} scores {score}; {best} scores {best_score} (estimated): {n} discs better.",
            better,
        )
    return words.format(
        move=verdict.move, score=score, best=verdict.best, best_score=best, n=better
    )
