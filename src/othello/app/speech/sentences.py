"""Every sentence a player who cannot see the board hears, as pure functions of a position:
after a move, a pass, the end, the cursor's square, a row, column or diagonal read run by
run, the legal moves, corners and edges, score and mobility, clocks, the last move and what
it turned, what a move would turn, the opening's name.

Each function returns text in the player's language (``app/i18n.py``); the window speaks it
and the terminal's text mode prints it, so both say the same. A sentence's parts are joined
by ``spoken``, which ends each the language's way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from othello.app.i18n import _, integer, ngettext, pgettext
from othello.core.bitboard import PASS, Square, flips, legal_moves
from othello.core.board import Board, Color
from othello.study.named_openings import opening_of

from .squares import Naming, column_name, spoken_square

Content = Literal["empty", "black", "white"]
LineKind = Literal["row", "column", "diagonal", "antidiagonal"]
LINE_KINDS: tuple[LineKind, ...] = ("row", "column", "diagonal", "antidiagonal")
CORNERS: tuple[Square, ...] = (0, 7, 56, 63)


ENDED = (".", "。", "!", "?", "！", "？", "…")
"""How a sentence may end already (the coach's words come whole)."""


def spoken(*parts: str) -> str:
    """Sentences as one text, each ended the language's way (one that ends already as is)."""
    ended = [
        p if p.endswith(ENDED) else pgettext("speech", "{sentence}.").format(sentence=p)
        for p in parts
        if p
    ]
    return " ".join(ended)


def side_word(color: Color) -> str:
    """Black or White as a name on its own."""
    return pgettext("side", "White") if color == "white" else pgettext("side", "Black")


def listing(items: Sequence[str]) -> str:
    """ "d4", "d4 and d5", "c3, d4 and d5": the language's own way of listing."""
    if len(items) < 2:
        return "".join(items)
    separator = pgettext("list", ", ")
    return _("{first} and {last}").format(first=separator.join(items[:-1]), last=items[-1])


def content(board: Board, square: Square) -> Content:
    bit = 1 << square
    return "black" if board.black & bit else "white" if board.white & bit else "empty"


def bits(mask: int) -> list[Square]:
    """The squares of a bitboard, a1 first."""
    return [sq for sq in range(64) if mask >> sq & 1]


def would_turn(board: Board, square: Square) -> list[Square]:
    """The discs a move of the side to move on ``square`` would turn (none when illegal)."""
    mine, theirs = board.player, board.opponent
    if (mine | theirs) >> square & 1:
        return []
    return bits(flips(mine, theirs, square))


# ----- a move, a pass, the end -------------------------------------------------------------


def move_words(color: Color, square: Square, turned: Sequence[Square], naming: Naming) -> str:
    """ "Black d3, turns 2: d4 and d5"."""
    n = len(turned)
    return ngettext(
        "{side} {square}, turns {n}: {squares}", "{side} {square}, turns {n}: {squares}", n
    ).format(
        side=side_word(color),
        square=spoken_square(square, naming),
        n=integer(n),
        squares=listing([spoken_square(s, naming) for s in turned]),
    )


def score_words(board: Board) -> str:
    black, white = board.count()
    return _("Black {black}, White {white}").format(black=integer(black), white=integer(white))


def to_move_words(board: Board) -> str:
    """Who moves next, that they must pass, or the end with the score."""
    if board.is_game_over():
        return end_words(board)
    if board.must_pass():
        return pass_words(board.side_to_move)
    return _("White to move") if board.side_to_move == "white" else _("Black to move")


def after_move(board: Board, naming: Naming = "plain", brief: bool = False) -> str:
    """What is said after the last move on ``board`` (a disc placed, not a pass): "Black
    d3, turns 2: d4 and d5. Black 4, White 1. White to move."; brief: "d3, 2"."""
    played = board.history[-1]
    mover: Color = "white" if board.black_to_move else "black"
    turned = bits(played.flipped)
    if brief:
        return f"{spoken_square(played.square, naming)}, {integer(len(turned))}"
    return spoken(
        move_words(mover, played.square, turned, naming), score_words(board), to_move_words(board)
    )


def pass_words(color: Color) -> str:
    if color == "white":
        return _("White has no legal move and passes")
    return _("Black has no legal move and passes")


def end_words(board: Board) -> str:
    """ "Game over, Black wins, Black 40, White 24"."""
    winner = board.winner()
    result = (
        _("Black wins")
        if winner == "black"
        else _("White wins")
        if winner == "white"
        else _("Draw")
    )
    return _("Game over: {result}, {score}").format(result=result, score=score_words(board))


def clock_warning(color: Color, seconds: int) -> str:
    """The clock's warning at 30 and 10 seconds."""
    return ngettext("{side}: {n} second left", "{side}: {n} seconds left", seconds).format(
        side=side_word(color), n=integer(seconds)
    )


def clock_text(seconds: float) -> str:
    """A clock's time as m:ss (a screen reader reads it as a time)."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def clocks_words(black_seconds: float | None, white_seconds: float | None) -> str:
    if black_seconds is None or white_seconds is None:
        return _("No clock in this game")
    return _("Clocks: Black {black}, White {white}").format(
        black=clock_text(black_seconds), white=clock_text(white_seconds)
    )


# ----- the cursor and the lines through it -------------------------------------------------


def square_words(board: Board, square: Square, naming: Naming = "plain") -> str:
    """The cursor's square: "d3, empty, you can play here, turns 2" or "e4, white"."""
    name = spoken_square(square, naming)
    found = content(board, square)
    if found == "black":
        return _("{square}, black").format(square=name)
    if found == "white":
        return _("{square}, white").format(square=name)
    if board.legal_mask() >> square & 1:
        n = len(would_turn(board, square))
        return ngettext(
            "{square}, empty, you can play here, turns {n}",
            "{square}, empty, you can play here, turns {n}",
            n,
        ).format(square=name, n=integer(n))
    return _("{square}, empty").format(square=name)


def line_squares(kind: LineKind, square: Square) -> list[Square]:
    """The squares of the row, column or diagonal through ``square``, a-side or 1-side first."""
    column, row = square % 8, square // 8
    if kind == "row":
        return [row * 8 + c for c in range(8)]
    if kind == "column":
        return [r * 8 + column for r in range(8)]
    step = 1 if kind == "diagonal" else -1  # a1-h8's way, or a8-h1's
    found = []
    for r in range(8):
        c = column + step * (r - row)
        if 0 <= c < 8:
            found.append(r * 8 + c)
    return found


def run_words(found: Content, first: str, last: str | None) -> str:
    """One run of a line: "d white", "a to c empty"."""
    if last is None:
        one = {
            "empty": _("{square} empty"),
            "black": _("{square} black"),
            "white": _("{square} white"),
        }
        return one[found].format(square=first)
    many = {
        "empty": _("{first} to {last} empty"),
        "black": _("{first} to {last} black"),
        "white": _("{first} to {last} white"),
    }
    return many[found].format(first=first, last=last)


def runs(board: Board, squares: Sequence[Square], label: dict[Square, str]) -> list[str]:
    """The squares in runs of one content each, named by ``label``."""
    said: list[str] = []
    start = 0
    for i in range(1, len(squares) + 1):
        if i == len(squares) or content(board, squares[i]) != content(board, squares[start]):
            first, last = squares[start], squares[i - 1]
            said.append(
                run_words(
                    content(board, first), label[first], label[last] if last != first else None
                )
            )
            start = i
    return said


def line_words(board: Board, kind: LineKind, square: Square, naming: Naming = "plain") -> str:
    """A row, column or diagonal through ``square``, run by run: "row 4: a to c empty, d
    white, e black, f to h empty"."""
    squares = line_squares(kind, square)
    separator = pgettext("list", ", ")
    if kind == "row":
        label = {s: column_name(s % 8, naming) for s in squares}
        said = runs(board, squares, label)
        return _("row {row}: {runs}").format(row=square // 8 + 1, runs=separator.join(said))
    if kind == "column":
        label = {s: str(s // 8 + 1) for s in squares}
        said = runs(board, squares, label)
        return _("column {column}: {runs}").format(
            column=column_name(square % 8, naming), runs=separator.join(said)
        )
    label = {s: spoken_square(s, naming) for s in squares}
    said = runs(board, squares, label)
    return _("diagonal {first} to {last}: {runs}").format(
        first=label[squares[0]], last=label[squares[-1]], runs=separator.join(said)
    )


# ----- questions ---------------------------------------------------------------------------


def legal_words(board: Board, naming: Naming = "plain") -> str:
    """ "4 legal moves: d3, c4, f5 and e6"."""
    squares = board.legal_squares()
    if not squares:
        return _("No legal move")
    n = len(squares)
    return ngettext("{n} legal move: {squares}", "{n} legal moves: {squares}", n).format(
        n=integer(n), squares=listing([spoken_square(s, naming) for s in squares])
    )


def corners_words(board: Board, naming: Naming = "plain") -> str:
    """ "Corners: a1 empty, h1 black, a8 empty, h8 empty"."""
    separator = pgettext("list", ", ")
    said = [run_words(content(board, s), spoken_square(s, naming), None) for s in CORNERS]
    return _("Corners: {squares}").format(squares=separator.join(said))


def edges_words(board: Board, naming: Naming = "plain") -> list[str]:
    """The four edges, each read as a line: rows 1 and 8, columns a and h."""
    return [
        line_words(board, "row", 0, naming),
        line_words(board, "row", 56, naming),
        line_words(board, "column", 0, naming),
        line_words(board, "column", 7, naming),
    ]


def mobility_words(board: Board) -> str:
    """Each side's legal moves in this position."""
    black = legal_moves(board.black, board.white).bit_count()
    white = legal_moves(board.white, board.black).bit_count()
    return _("Mobility: Black {black}, White {white}").format(
        black=integer(black), white=integer(white)
    )


def last_move_words(board: Board, naming: Naming = "plain") -> str:
    """The last move and what it turned, or that none was played."""
    if not board.history:
        return _("No move yet")
    played = board.history[-1]
    # Who moved: the side not to move now (a pass changes the side like a move).
    mover: Color = "white" if board.black_to_move else "black"
    if played.square == PASS:
        return _("Last move: {side} passed").format(side=side_word(mover))
    words = move_words(mover, played.square, bits(played.flipped), naming)
    return _("Last move: {move}").format(move=words)


def turn_words(board: Board, square: Square, naming: Naming = "plain") -> str:
    """What a move on ``square`` would turn, before it is played."""
    name = spoken_square(square, naming)
    if not board.legal_mask() >> square & 1:
        return _("{square} is not a legal move").format(square=name)
    turned = would_turn(board, square)
    n = len(turned)
    return ngettext(
        "{square} would turn {n}: {squares}", "{square} would turn {n}: {squares}", n
    ).format(square=name, n=integer(n), squares=listing([spoken_square(s, naming) for s in turned]))


def opening_words(moves: Iterable[Square], start: Board | None = None) -> str:
    """The named opening the game follows, in the player's language."""
    name = opening_of(list(moves), start).name
    if not name:
        return _("No named opening")
    return _("Opening: {name}").format(name=pgettext("opening", name))


def hint_words(scores: Sequence[tuple[Square, int]], naming: Naming = "plain") -> str:
    """The hint as said: "Best f3 +4, then e6 +2" (moves best first, scores in discs)."""
    if not scores:
        return _("No legal move")
    move, score = scores[0]
    if len(scores) == 1:
        return _("Best {move} {score}").format(
            move=spoken_square(move, naming), score=f"{score:+d}"
        )
    second, second_score = scores[1]
    return _("Best {move} {score}, then {second} {second_score}").format(
        move=spoken_square(move, naming),
        score=f"{score:+d}",
        second=spoken_square(second, naming),
        second_score=f"{second_score:+d}",
    )


def mark_word(mark: str) -> str:
    """A review's mark in the player's language."""
    words = {
        "inaccuracy": pgettext("mark", "inaccuracy"),
        "mistake": pgettext("mark", "mistake"),
        "blunder": pgettext("mark", "blunder"),
    }
    return words.get(mark, _("best move"))


def judged_move_words(
    number: int, color: Color, square: Square, mark: str, loss: int, naming: Naming = "plain"
) -> str:
    """A reviewed move: "move 23, White g4, inaccuracy, 2 discs"."""
    return ngettext(
        "move {number}, {side} {square}, {mark}, {n} disc",
        "move {number}, {side} {square}, {mark}, {n} discs",
        loss,
    ).format(
        number=integer(number),
        side=side_word(color),
        square=spoken_square(square, naming),
        mark=mark_word(mark),
        n=integer(loss),
    )
