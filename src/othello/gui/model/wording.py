"""What the window says about the game: the status, the move count, the result, the hints,
and all the panel's values (a PanelView).

Plain functions of the session and of what the search is doing, without pygame, so all the
wording is in one place and the scenes only draw it. Nothing here decides a rule: whose turn
it is, who won and what is legal come from the Board and the Session.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...bitboard import PASS, Square
from ...board import Board, Color
from ...engine import LEVELS
from ...game import Game
from ...levels import ANALYSIS
from ...notation import square_name
from ...openings import opening_of
from ...review import MoveReview, summarize
from . import outcome
from .club_words import timeout_headline, timeout_verdict
from .judgement import GraphPoint
from .session import Session


@dataclass
class PanelView:
    """Everything the panel shows this frame."""

    counts: tuple[int, int]
    to_move: Color | None  # who places the next disc (past a forced pass); None once over
    names: dict[Color, str]
    status: str
    level_text: str
    level_help: str
    human: Color | None
    info: str = ""
    opening: str = ""  # the named opening the game follows or last followed
    from_book: bool = False  # the last move was the computer's, from the opening book
    two_players: bool = False  # both sides are people
    graph: list[GraphPoint] = field(default_factory=list)  # see ComputerTurn.graph_points
    plies: int = 0  # moves on the board (the graph's width)
    progress: float | None = None  # the share of a running review done, for its bar
    detail: str = ""  # the status's second line, e.g. "depth 6"
    watch_levels: dict[Color, int] | None = None  # watching: each side's level
    level_side: Color = "white"  # watching: the side whose level - and + change
    level_label: str = "Level"  # the level box's heading ("Hints" with two players)
    busy: float | None = None  # seconds into a search, for the spinner; None when idle
    enabled: dict[str, bool] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    clocks: dict[Color, tuple[str, bool, bool]] = field(default_factory=dict)  # time, runs, low


def counted(n: int, word: str) -> str:
    """``n`` and the word, plural unless one: "1 move", "3 mistakes"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def score_text(score: int) -> str:
    """A move's score as the board and the hint notice show it: +2, -4, or 0."""
    return f"{score:+d}" if score else "0"


def level_info(number: int) -> tuple[str, str]:
    """The level's name and description from the engine's table."""
    for level in LEVELS:
        if level.number == number:
            return level.name, level.description
    return f"Level {number}", ""


def result_text(session: Session) -> tuple[str, str]:
    """The end screen's headline and verdict, for who played the game when it ended (a side
    or mode chosen since is for the next game)."""
    winner = session.board.winner()
    headline = f"{winner.capitalize()} wins" if winner else "Draw"
    players = outcome.players_of(session)
    lost = session.game.lost_on_time
    if lost is not None:
        sides: dict[str, Color] = {"computer:black": "black", "computer:white": "white"}
        return timeout_headline(lost), timeout_verdict(lost, sides.get(players))
    if players == "watch":
        return headline, "Computer against computer."
    if players == "two-players":
        return headline, "Well played, both of you." if winner else "Nobody wins: a draw."
    if winner is None:
        return headline, "Nobody wins: a draw."
    human = "white" if players == "computer:white" else "black"
    return (
        headline,
        "You win! Well played." if winner == human else "The computer wins this time.",
    )


SHORT_VERDICTS = {
    "You win! Well played.": "You win!",
    "The computer wins this time.": "Computer wins.",
    "Nobody wins: a draw.": "A draw.",
    "Computer against computer.": "Computer game.",
}
"""Each verdict's short form, for an end card too small for the whole sentence."""


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
    squares = counted(empty, "empty square")
    score = f"{black}–{white}"
    return [
        f"With the {squares} to the winner: {score}",
        f"{empty} empty to the winner: {score}",
        f"With the empties: {score}",
    ]


def status_parts(session: Session, search: str | None, depth: int | None) -> tuple[str, str]:
    """What the status box says: a headline and a detail line (which may be empty).

    ``search`` is the running search's kind ("think", "analyze", "review" or None) and
    ``depth`` the deepest it has finished (a review: the moves judged). A review runs beside
    the game, so the headline still says whose turn it is; the detail line, how far it got.
    """
    if search == "review":
        headline, _detail = status_parts(session, None, None)
        return headline, f"Reviewing: {depth or 0} moves judged · R stops"
    board = session.board
    if session.is_over():
        b, w = board.count()
        return f"{result_text(session)[0]} {b}–{w}", "Space: show or hide the result"
    if session.paused and not session.watching:
        return "Paused", "P: go on"
    if session.is_human_turn():
        hinting = "finding a hint…" if search == "analyze" else ""
        if session.two_players:
            side = board.side_to_move.capitalize()
            if session.must_pass():
                return f"No legal move for {side}", "passes"
            return f"{side} to move", hinting
        if session.must_pass():
            return "No legal move for you", "you pass"
        return "Your move", hinting
    if session.paused and session.watching:
        return "Paused", "P: go on · .: one move"
    shown_depth = depth if search == "think" else None
    who = f"{board.side_to_move.capitalize()} (computer)" if session.human is None else "Computer"
    return f"{who} thinking", f"depth {shown_depth}" if shown_depth else "…"


def for_black(verdict: MoveReview) -> tuple[int, int]:
    """A verdict's scores after the move played and after the best move, for Black."""
    sign = 1 if verdict.color == "black" else -1
    return sign * verdict.played_score, sign * verdict.best_score


SHORTER_DETAILS = {"Space: show or hide the result": "Space: the result card"}


def detail_wordings(detail: str) -> list[str]:
    """The status's detail line, then shorter forms for a narrow panel: never cut mid-word."""
    forms = [detail]
    if detail in SHORTER_DETAILS:
        forms.append(SHORTER_DETAILS[detail])
    if " · " in detail:
        forms.append(detail.split(" · ")[0])
    return forms


MARK_SIGNS = {"best": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def review_summary(reviews: list[MoveReview]) -> str:
    """The review's verdict in a line per side, e.g. "Black: average loss 1.9, 3 mistakes"."""
    parts = []
    for color in ("black", "white"):
        side = summarize(reviews, color)
        if side.moves:
            worst = (
                f", worst {square_name(side.worst[0].played)} (-{side.worst[0].loss})"
                if side.worst
                else ""
            )
            parts.append(
                f"{color.capitalize()}: average loss {side.average_loss:.1f}, "
                f"{counted(side.mistakes, 'mistake')}{worst}"
            )
    return "Review: " + "; ".join(parts) + ". M shows each move's mark."


def review_lines(reviews: list[MoveReview], game: Game) -> list[list[str]]:
    """The review's summary for the move list, each line in wordings longest first: a line
    per side (average loss, mistakes, the three worst moves) and the opening with the move
    where the game left the known lines."""
    lines = []
    for color in ("black", "white"):
        side = summarize(reviews, color)
        if side.moves:
            worst = ", ".join(f"{r.number}. {square_name(r.played)} -{r.loss}" for r in side.worst)
            mistakes = counted(side.mistakes, "mistake")
            short = f"{color.capitalize()}: loss {side.average_loss:.1f} a move · {mistakes}"
            tiny = f"{color.capitalize()}: {side.average_loss:.1f} · {side.mistakes} mist."
            lines.append([f"{short} · worst {worst}" if worst else short, short, tiny])
    opening = opening_of(game.moves, game.start)
    if opening.name:
        left = f", left the known lines at move {opening.known + 1}"
        lines.append(
            [opening.name + (left if opening.known < len(game.moves) else ""), opening.name]
        )
    return lines


def pass_text(color: Color | None) -> str:
    """The pass announcement for the side that had to pass."""
    return f"{(color or '').capitalize()} has no legal move and passes"


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
            return "Black moves first"
        return f"Set-up position · {game.board.side_to_move.capitalize()} to move"
    mover = "Black" if game.board.black >> last & 1 else "White"
    return f"Move {placed_count(game)} · last: {square_name(last)} by {mover}"


OPENING_MOVES = 20
"""The opening, as the book and the explorer count it: past this move the panel's foot line
no longer names it (at move 60 "Tiger" says nothing; the move list's review still names it)."""


def opening_text(game: Game) -> str:
    """The named opening the game on the board follows or last followed, e.g. "Tiger", while
    the game is still in its opening (see OPENING_MOVES)."""
    if placed_count(game) > OPENING_MOVES:
        return ""
    name = opening_of(game.moves[: game.cursor], game.start).name
    return name or ""


def info_wordings(view: PanelView) -> list[str]:
    """The panel's foot line, longest first: the move (marked when it came from the opening
    book) and the opening, or as much of it as fits."""
    book = " (book)" if view.from_book else ""
    full = f"{view.info}{book}"
    if not view.opening:
        return [full]
    move = view.info.split(" · ")[0]
    return [f"{full} · {view.opening}", f"{move}{book} · {view.opening}", full]


def game_summary(game: Game) -> str:
    """A loaded, pasted, resumed or kept game in a few words, e.g. "a game of 12 moves, White
    to move" or "a set-up position (20 discs), Black to move"."""
    placed = placed_count(game)
    moves = counted(placed, "move")
    if game.start == Board():
        what = f"a game of {moves}" if placed else "the start position"
    else:
        discs = (game.start.black | game.start.white).bit_count()
        what = f"a set-up position ({discs} discs)" + (f" and {moves} after it" if placed else "")
    undone = len(game.moves) - game.cursor
    if undone:
        what += f" ({counted(undone, 'move')} to redo)"
    board = game.board
    return f"{what}, {'game over' if board.is_game_over() else f'{board.side_to_move} to move'}"


def stepped_text(way: str, game: Game) -> str:
    """What a step between games says: ``way`` "new" (``game`` is the one put aside),
    "undo" or "redo" (``game`` is the one now on the board)."""
    summary = game_summary(game)
    if way == "new":
        return f"New game. Undo (U) brings back the last one: {summary}."
    if way == "undo":
        return f"Back to the game before: {summary}. Redo (Ctrl+Y) goes forward again."
    return f"Forward to the next game: {summary}."


def hint_text(scores: list[tuple[str, int]], explain: bool, exact: bool = False) -> str:
    """The hint notice: every move that ties for best, whether the scores are exact, and,
    ``explain``-ed the first time, what they mean. ``scores`` is not empty."""
    best = max(score for _move, score in scores)
    tied = [move for move, score in scores if score == best]
    how = "exact" if exact else "estimated"
    if len(tied) == 1:
        text = f"Hint: {tied[0]} is best ({score_text(best)}, {how})."
    else:
        moves = f"{', '.join(tied[:-1])} and {tied[-1]}"
        text = f"Hint: {moves} tie for best ({score_text(best)}, {how})."
    if explain:
        text += " Scores are discs ahead at the end: +2 = ahead by 2"
        text += "; exact ones are perfect play's result." if exact else "."
    return text


def mode_name(session: Session) -> str:
    """The mode in a word or two, for its button: who plays which side."""
    if session.two_players:
        return "2 players"
    return "Watch" if session.watching else "1 player"


def panel_view(
    session: Session,
    *,
    search: str | None,
    depth: int | None,
    busy: float | None,
    levels: tuple[int, int],
    sound_on: bool,
    demo: bool,
    from_book: bool = False,
    graph: list[GraphPoint] | None = None,
    progress: float | None = None,
) -> PanelView:
    """The panel's values for this frame. ``search`` and ``depth`` say what the search is doing
    (see status_parts), ``busy`` for how long, ``levels`` are the lowest and highest level."""
    board = session.board
    shown = session.shown_level()
    name, description = level_info(shown)
    level_text, level_label = f"{shown} · {name}", "Level"
    if session.two_players:  # no computer plays: what applies is the hints' strength
        level_text, level_label = "Strongest", "Hints"
        description = f"no computer plays; a hint (H) {ANALYSIS.description}"
    headline, detail = status_parts(session, search, depth)
    names: dict[Color, str] = {
        color: color.capitalize()
        if session.two_players
        else "You"
        if session.human == color
        else "Computer"
        for color in ("black", "white")
    }
    return PanelView(
        counts=board.count(),
        to_move=session.next_to_place(),
        names=names,
        status=headline,
        detail=detail,
        level_text=level_text,
        level_label=level_label,
        level_help=f"{session.level_side.capitalize()}: {name}, {description}"
        if session.watching
        else description,
        watch_levels={"black": session.black_level, "white": session.level}
        if session.watching
        else None,
        level_side=session.level_side,
        human=session.human,
        two_players=session.two_players,
        info=move_info(session.game),
        from_book=from_book,
        graph=graph or [],
        plies=session.game.cursor,
        progress=progress,
        opening=opening_text(session.game),
        busy=busy,
        enabled={
            "undo": session.can_undo(),
            "redo": session.can_redo(),
            "hint": session.is_human_turn() and not session.must_pass() and search != "analyze",
            "level-down": shown > levels[0] and not session.two_players,
            "level-up": shown < levels[1] and not session.two_players,
            "play-black": not demo,
            "play-white": not demo,
        },
        labels={
            "legal": f"Moves: {'on' if session.show_legal else 'off'}",
            "sound": f"Sound: {'on' if sound_on else 'off'}",
            "mode": mode_name(session),
        },
    )
