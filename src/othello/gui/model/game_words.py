"""What the window says about a game as a record: its moves, a summary of a game loaded or
kept, the step between games, the hint, the pass, the review's verdicts and the opening.

Plain functions without pygame, in the player's language (``app/i18n.py``); the panel's
values are panel_words.py's.
"""

from __future__ import annotations

from othello.app.i18n import _, decimal, ngettext, pgettext
from othello.core.bitboard import PASS, Square
from othello.core.board import Board, Color
from othello.core.game import Game
from othello.core.notation import square_name
from othello.study.named_openings import opening_of
from othello.study.review import MoveReview, summarize

OPENING_MOVES = 20
"""The opening, as the book and the explorer count it: past this move the panel's foot line
no longer names it (at move 60 "Tiger" says nothing; the move list's review still names it)."""

MARK_SIGNS = {"best": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def score_text(score: int) -> str:
    """A move's score as the board and the hint notice show it: +2, -4, or 0."""
    return f"{score:+d}" if score else "0"


def side_name(color: Color | str | None) -> str:
    """Black or White, as a name on its own (a button, a column, a panel's box)."""
    return pgettext("side", "White") if color == "white" else pgettext("side", "Black")


def opening_name(name: str) -> str:
    """An opening's name in the player's language: Japanese names in Japanese (Tiger is 虎),
    the English name where a language has none of its own."""
    return pgettext("opening", name) if name else ""


def empties_note(board: Board) -> list[str]:
    """When a finished game leaves empty squares, how they count: the card shows the discs on
    the board, and the final score (the hints' and the solver's) gives the empties to the
    winner. Wordings from the longest; empty when there is nothing to say."""
    black, white = board.count()
    empty = 64 - black - white
    if not empty or black == white:
        return []
    if black > white:
        black += empty
    else:
        white += empty
    score = f"{black}–{white}"
    return [
        ngettext(
            "With the {n} empty square to the winner: {score}",
            "With the {n} empty squares to the winner: {score}",
            empty,
        ).format(n=empty, score=score),
        ngettext(
            "{n} empty to the winner: {score}", "{n} empty to the winner: {score}", empty
        ).format(n=empty, score=score),
        _("With the empties: {score}").format(score=score),
    ]


def pass_text(color: Color | None) -> str:
    """The pass announcement for the side that had to pass."""
    if color == "white":
        return _("White has no legal move and passes")
    return _("Black has no legal move and passes")


def last_placed(game: Game) -> Square | None:
    """The last disc put on the board, passes skipped: the one to mark."""
    for square in reversed(game.moves[: game.cursor]):
        if square != PASS:
            return square
    return None


def placed_count(game: Game) -> int:
    """Discs placed on the board since the game's start (passes are not moves that count)."""
    return sum(1 for sq in game.moves[: game.cursor] if sq != PASS)


def move_info(game: Game) -> str:
    """Move number and the last move, e.g. "Move 12 · last: d1 by Black"."""
    last = last_placed(game)
    if last is None:
        if game.start == Board():
            return _("Black moves first")
        if game.board.side_to_move == "white":
            return _("Set-up position · White to move")
        return _("Set-up position · Black to move")
    square, number = square_name(last), placed_count(game)
    if game.board.black >> last & 1:
        return _("Move {number} · last: {square} by Black").format(number=number, square=square)
    return _("Move {number} · last: {square} by White").format(number=number, square=square)


def opening_text(game: Game) -> str:
    """The named opening the game on the board follows or last followed, e.g. "Tiger", while
    the game is still in its opening (see OPENING_MOVES)."""
    if placed_count(game) > OPENING_MOVES:
        return ""
    return opening_name(opening_of(game.moves[: game.cursor], game.start).name or "")


def info_wordings(info: str, opening: str, from_book: bool) -> list[str]:
    """The panel's foot line, longest first: the move (marked when it came from the opening
    book) and the opening, or as much of it as fits."""
    book = _(" (book)") if from_book else ""
    full = f"{info}{book}"
    if not opening:
        return [full]
    move = info.split(" · ")[0]
    return [f"{full} · {opening}", f"{move}{book} · {opening}", full]


def game_summary(game: Game) -> str:
    """A loaded, pasted, resumed or kept game in a few words, e.g. "a game of 12 moves, White
    to move" or "a set-up position (20 discs), Black to move"."""
    placed = placed_count(game)
    if game.start == Board():
        what = (
            ngettext("a game of {n} move", "a game of {n} moves", placed).format(n=placed)
            if placed
            else _("the start position")
        )
    else:
        discs = (game.start.black | game.start.white).bit_count()
        what = (
            ngettext(
                "a set-up position ({discs} discs) and {n} move after it",
                "a set-up position ({discs} discs) and {n} moves after it",
                placed,
            ).format(discs=discs, n=placed)
            if placed
            else _("a set-up position ({discs} discs)").format(discs=discs)
        )
    undone = sum(1 for sq in game.moves[game.cursor :] if sq != PASS)  # discs, as above
    if undone:
        what = ngettext("{what} ({n} move to redo)", "{what} ({n} moves to redo)", undone).format(
            what=what, n=undone
        )
    board = game.board
    if board.is_game_over():
        return _("{what}, game over").format(what=what)
    if board.side_to_move == "white":
        return _("{what}, white to move").format(what=what)
    return _("{what}, black to move").format(what=what)


def stepped_text(way: str, game: Game) -> str:
    """What a step between games says: ``way`` "new" (``game`` is the one put aside),
    "undo", "redo", "back" or "forward" (PgUp, PgDn: ``game`` is the one now on the
    board)."""
    summary = game_summary(game)
    if way == "new":
        return _("New game. Undo (U) brings back the last one: {summary}.").format(summary=summary)
    if way == "back":
        return _(
            "Back to the game before: {summary}. PgUp: the one before it; PgDn: forward."
        ).format(summary=summary)
    if way == "undo":
        return _("Back to the game before: {summary}. Redo (Ctrl+Y) goes forward again.").format(
            summary=summary
        )
    return _("Forward to the next game: {summary}.").format(summary=summary)


def hint_text(scores: list[tuple[str, int]], explain: bool, exact: bool = False) -> str:
    """The hint notice: every move that ties for best, whether the scores are exact, and,
    ``explain``-ed the first time, what they mean. ``scores`` is not empty."""
    best = max(score for _move, score in scores)
    tied = [move for move, score in scores if score == best]
    score = score_text(best)
    if len(tied) == 1:
        text = (
            _("Hint: {move} is best ({score}, exact).")
            if exact
            else _("Hint: {move} is best ({score}, estimated).")
        ).format(move=tied[0], score=score)
    else:
        moves = _("{moves} and {last}").format(moves=", ".join(tied[:-1]), last=tied[-1])
        text = (
            _("Hint: {moves} tie for best ({score}, exact).")
            if exact
            else _("Hint: {moves} tie for best ({score}, estimated).")
        ).format(moves=moves, score=score)
    return f"{text} {hint_explanation(exact)}" if explain else text


def hint_explanation(exact: bool) -> str:
    """What the hint's scores mean, told with the first hint (a notice of its own, after it:
    a narrow window's strip has room for one of them at a time)."""
    if exact:
        return _(
            "Scores are discs ahead at the end: +2 = ahead by 2; exact ones are perfect "
            "play's result."
        )
    return _("Scores are discs ahead at the end: +2 = ahead by 2.")


def for_black(verdict: MoveReview) -> tuple[int, int]:
    """A verdict's scores after the move played and after the best move, for Black."""
    sign = 1 if verdict.color == "black" else -1
    return sign * verdict.played_score, sign * verdict.best_score


def mistakes_count(n: int) -> str:
    return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)


def review_summary(reviews: list[MoveReview]) -> str:
    """The review's verdict in a line per side, e.g. "Black: average loss 1.9, 3 mistakes"."""
    parts = []
    for color in ("black", "white"):
        side = summarize(reviews, color)
        if side.moves:
            loss, mistakes = decimal(side.average_loss), mistakes_count(side.mistakes)
            if side.worst:
                worst = side.worst[0]
                words = _("{side}: average loss {loss}, {mistakes}, worst {square} (-{lost})")
                part = words.format(
                    side=side_name(color),
                    loss=loss,
                    mistakes=mistakes,
                    square=square_name(worst.played),
                    lost=worst.loss,
                )
            else:
                part = _("{side}: average loss {loss}, {mistakes}").format(
                    side=side_name(color), loss=loss, mistakes=mistakes
                )
            parts.append(part)
    return _("Review: {sides}. M shows each move's mark.").format(sides=_("; ").join(parts))


def review_lines(reviews: list[MoveReview], game: Game) -> list[list[str]]:
    """The review's summary for the move list, each line in wordings longest first: a line
    per side (average loss, mistakes, the three worst moves) and the opening with the move
    where the game left the known lines."""
    lines = []
    for color in ("black", "white"):
        side = summarize(reviews, color)
        if side.moves:
            worst = ", ".join(f"{r.number}. {square_name(r.played)} -{r.loss}" for r in side.worst)
            name, loss = side_name(color), decimal(side.average_loss)
            short = _("{side}: loss {loss} a move · {mistakes}").format(
                side=name, loss=loss, mistakes=mistakes_count(side.mistakes)
            )
            tiny = _("{side}: {loss} · {n} mist.").format(side=name, loss=loss, n=side.mistakes)
            longest = _("{line} · worst {moves}").format(line=short, moves=worst)
            lines.append([longest if worst else short, short, tiny])
    opening = opening_of(game.moves, game.start)
    if opening.name:
        name = opening_name(opening.name)
        left = _("{opening}, left the known lines at move {n}").format(
            opening=name, n=opening.known + 1
        )
        lines.append([left if opening.known < len(game.moves) else name, name])
    return lines
