"""``othello review FILE``: every move of a saved game judged, as a table or as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from othello.app.coach_words import review_why
from othello.app.files.game_files import load_game
from othello.app.i18n import set_language
from othello.core.bitboard import Square
from othello.core.notation import square_name
from othello.study.coach import ThemeFound
from othello.study.named_openings import opening_of
from othello.study.review import review_game, summarize
from othello.study.verdict import MoveReview


def run(args: argparse.Namespace, warn_if_weak: Callable[[], None]) -> int:
    """Judge every move of a saved game: a row per move, then the opening and a summary
    (``warn_if_weak`` says on standard error when the evaluation is not the shipped one)."""
    game = load_game(args.file)  # GameTextError: one line, exit 2
    warn_if_weak()
    moves = game.moves[: game.cursor]

    def progress(done: int, total: int) -> None:
        if not args.json:
            print(f"\rreviewing move {done} of {total}", end="", file=sys.stderr, flush=True)

    explain = not getattr(args, "no_why", False)
    reviews = review_game(
        game.start,
        moves,
        depth=args.depth,
        on_progress=progress,
        workers=args.workers,
        explain=explain,
    )
    if not args.json:
        print(file=sys.stderr)
    set_language(getattr(args, "language", "en"))
    coached = {r.ply: coach(r) for r in reviews} if explain else {}
    opening = opening_of(moves, game.start)
    sides = [summarize(reviews, color) for color in ("black", "white")]
    if args.json:
        print(json.dumps(_review_json(reviews, opening, sides, coached), indent=1))
        return 0
    print(" no. side   played best    played   best  loss  exact  mark")
    for r in reviews:
        print(
            f"{r.number:3d}. {r.color:6s} {square_name(r.played):6s} {square_name(r.best):6s} "
            f"{r.played_score:+7d} {r.best_score:+6d} {r.loss:5d}  {'yes' if r.exact else 'no ':5s}"
            f"  {r.mark}"
        )
        said = coached.get(r.ply)
        if said is not None and said.why:
            line = " ".join(square_name(sq) for sq in said.line)
            print(f"       {said.why}" + (f" (line: {line})" if line else ""))
    if opening.name:
        left = (
            f", left the known lines at move {opening.known + 1}"
            if opening.known < len(moves)
            else ""
        )
        print(f"opening: {opening.name}{left}")
    for side in sides:
        worst = ", ".join(
            f"{square_name(r.played)} (move {r.number}, -{r.loss})" for r in side.worst
        )
        print(
            f"{side.color}: {side.moves} moves, average loss {side.average_loss:.1f} discs, "
            f"{side.mistakes} mistakes or blunders" + (f"; worst: {worst}" if worst else "")
        )
    return 0


@dataclass(frozen=True)
class Coached:
    """What the coach says of one judged move: the engine's line after it, the themes, the
    sentence."""

    line: list[Square]
    themes: list[ThemeFound]
    why: str


def coach(review: MoveReview) -> Coached:
    """What the coach says of a judged move: its line and themes, as the review found them,
    and the sentence in the language in effect."""
    return Coached(list(review.line), list(review.themes), review_why(review))


def _review_json(
    reviews: list[Any], opening: Any, sides: list[Any], coached: dict[int, Coached]
) -> dict[str, Any]:
    def row(r: Any) -> dict[str, Any]:
        said = coached.get(r.ply)
        more = {} if said is None else {
            "line": [square_name(sq) for sq in said.line],
            "themes": [t.as_json() for t in said.themes],
            "why": said.why,
        }  # fmt: skip
        return {
            "number": r.number, "side": r.color, "played": square_name(r.played),
            "best": square_name(r.best), "played_score": r.played_score,
            "best_score": r.best_score, "loss": r.loss, "exact": r.exact, "mark": r.mark,
            **more,
        }  # fmt: skip

    return {
        "moves": [row(r) for r in reviews],
        "opening": {"name": opening.name, "left_known_lines_at_move": opening.known + 1},
        "summary": [
            {
                "side": s.color,
                "moves": s.moves,
                "average_loss": round(s.average_loss, 2),
                "mistakes": s.mistakes,
                "worst": [row(r) for r in s.worst],
            }
            for s in sides
        ],
    }
