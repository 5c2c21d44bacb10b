"""What the window says about the game on screen: the status, the result, the level and all
the panel's values (a PanelView), in the player's language.

Plain functions of the session and of what the search is doing, without pygame, so all the
wording is in one place and the scenes only draw it. Nothing here decides a rule: whose turn
it is, who won and what is legal come from the Board and the Session. The words about a game
as a record (its summary, hints, the review) are game_words.py's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from othello.app.i18n import N_, _, ngettext, pgettext
from othello.app.library.held_games import PlayerMode
from othello.app.search_service import JobKind
from othello.core.bitboard import PASS
from othello.core.board import Color
from othello.core.game import Players
from othello.engine.api import LEVELS
from othello.engine.levels import ANALYSIS
from othello.gui.model import outcome
from othello.gui.model.club_words import timeout_headline, timeout_verdict
from othello.gui.model.game_words import move_info, opening_text, side_name
from othello.gui.model.judgement import GraphPoint
from othello.gui.model.names import Command
from othello.gui.model.player_names import player_shown
from othello.gui.model.session import Session


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
    record: bool = False  # a game with its players' names: nobody here has taken a side
    graph: list[GraphPoint] = field(default_factory=list)  # see ComputerTurn.graph_points
    plies: int = 0  # moves on the board (the graph's width)
    progress: float | None = None  # the share of a running review done, for its bar
    detail: str = ""  # the status's second line, e.g. "depth 6"
    details: list[str] = field(default_factory=list)  # shorter forms of it, longest first
    watch_levels: dict[Color, int] | None = None  # watching: each side's level
    level_side: Color = "white"  # watching: the side whose level - and + change
    level_label: str = "Level"  # the level box's heading ("Hints" with two players)
    level_number: str = ""  # the level box's shortest form: the level's number
    busy: float | None = None  # seconds into a search, for the spinner; None when idle
    enabled: dict[Command, bool] = field(default_factory=dict)
    labels: dict[Command, list[str]] = field(
        default_factory=dict
    )  # a button's label, longest first
    toggles: dict[Command, bool] = field(default_factory=dict)  # a toggle's state, its lamp
    clocks: dict[Color, tuple[str, bool, bool]] = field(default_factory=dict)  # time, runs, low
    strength: list[str] = field(default_factory=list)  # the player's rating beside the
    # level's heading, longest first: how sure it is in words, then +/-, then the figure


def level_info(number: int) -> tuple[str, str]:
    """The level's name and description (the engine's table, in the player's language)."""
    for level in LEVELS:
        if level.number == number:
            return pgettext("level", level.name), pgettext("level", level.description)
    return _("Level {n}").format(n=number), ""


VERDICTS = {
    "win": (N_("You win! Well played."), N_("You win!")),
    "loss": (N_("The computer wins this time."), N_("Computer wins.")),
    "draw": (N_("Nobody wins: a draw."), N_("A draw.")),
    "watch": (N_("Computer against computer."), N_("Computer game.")),
    "both": (N_("Well played, both of you."), N_("Well played.")),
}
"""Each verdict and its short form, for an end card too small for the whole sentence."""


def result_words(session: Session) -> tuple[str, list[str]]:
    """The end screen's headline and its verdict in wordings longest first, for who played
    the game when it ended (a side or mode chosen since is for the next game)."""
    winner = session.board.winner()
    headline = {"black": _("Black wins"), "white": _("White wins")}.get(winner or "", _("Draw"))
    if session.game.players is not None:  # its record's players, not you nor the computer
        return headline, record_verdicts(session.game.players, winner)
    players = outcome.players_of(session)
    lost = session.game.lost_on_time
    if lost is not None:  # a flag fell: the side that ran out loses, whatever the discs say
        sides: dict[PlayerMode, Color] = {
            PlayerMode.HUMAN_BLACK: "black",
            PlayerMode.HUMAN_WHITE: "white",
        }
        return timeout_headline(lost), timeout_verdict(lost, sides.get(players))
    if players is PlayerMode.WATCH:
        kind = "watch"
    elif winner is None:
        kind = "draw"
    elif players is PlayerMode.TWO_PLAYERS:
        kind = "both"
    else:
        human = "white" if players is PlayerMode.HUMAN_WHITE else "black"
        kind = "win" if winner == human else "loss"
    return headline, [_(words) for words in VERDICTS[kind]]


def record_verdicts(players: Players, winner: Color | None) -> list[str]:
    """Who won a game that came with its players' names, by those names (longest first)."""
    if winner is None:
        return [_(words) for words in VERDICTS["draw"]]
    loser: Color = "white" if winner == "black" else "black"
    won, lost = (
        player_shown(getattr(players, winner), winner),
        player_shown(getattr(players, loser), loser),
    )
    return [
        _("{winner} wins against {loser}.").format(winner=won, loser=lost),
        _("{winner} wins.").format(winner=won),
    ]


def result_text(session: Session) -> tuple[str, str]:
    """The end screen's headline and verdict, in their longest wordings."""
    headline, verdicts = result_words(session)
    return headline, verdicts[0]


def status_parts(session: Session, search: JobKind | None, depth: int | None) -> tuple[str, str]:
    """What the status box says: a headline and a detail line (which may be empty).

    ``search`` is the running search's kind (THINK, ANALYZE, REVIEW... or None) and
    ``depth`` the deepest it has finished (a review: the moves judged). A review runs beside
    the game, so the headline still says whose turn it is; the detail line, how far it got.
    """
    forms = status_forms(session, search, depth)
    return forms[0], forms[1]


def status_forms(session: Session, search: JobKind | None, depth: int | None) -> list[str]:
    """The status's headline, then its detail line in wordings longest first."""
    if search == JobKind.REVIEW:
        headline = status_forms(session, None, None)[0]
        n = depth or 0
        judged = ngettext("Reviewing: {n} move judged", "Reviewing: {n} moves judged", n).format(
            n=n
        )
        return [headline, _("{what} · R stops").format(what=judged), judged]
    board = session.board
    if session.is_over():
        b, w = board.count()
        headline = _("{result} {black}–{white}").format(
            result=result_text(session)[0], black=b, white=w
        )
        return [headline, _("Space: show or hide the result"), _("Space: the result card")]
    if session.paused and not session.watching:
        return [_("Paused"), _("P: go on")]
    passed = passed_words(session)
    if session.is_human_turn():
        hinting = _("finding a hint…") if search == JobKind.ANALYZE else ""
        hinting = " · ".join(filter(None, (passed, hinting)))
        if session.sides_shared:
            white = board.side_to_move == "white"
            if session.must_pass():
                return [
                    _("No legal move for White") if white else _("No legal move for Black"),
                    pgettext("status", "passes"),
                ]
            return [_("White to move") if white else _("Black to move"), hinting]
        if session.must_pass():
            return [_("No legal move for you"), _("you pass")]
        return [_("Your move"), hinting]
    if session.paused and session.watching:
        return [_("Paused"), _("P: go on · .: one move"), _("P: go on")]
    shown_depth = depth if search == JobKind.THINK else None
    if session.human is not None:
        who = _("Computer thinking")
    elif board.side_to_move == "white":
        who = _("White (computer) thinking")
    else:
        who = _("Black (computer) thinking")
    thinking = _("depth {n}").format(n=shown_depth) if shown_depth else "…"
    return [who, f"{passed} · {thinking}" if passed else thinking]


def passed_words(session: Session) -> str:
    """Who passed, while the last thing done in the game is a pass: as visible as a move,
    until the next one is made ("" otherwise)."""
    game = session.game
    if game.cursor == 0 or game.moves[game.cursor - 1] != PASS:
        return ""
    passer: Color = "white" if session.board.side_to_move == "black" else "black"
    if session.human is not None and not session.two_players:
        return _("you passed") if passer == session.human else _("the computer passed")
    return _("White passed") if passer == "white" else _("Black passed")


def mode_names(session: Session) -> list[str]:
    """The mode in a word or two, for its button (longest first): who plays which side."""
    if session.two_players:
        forms = [_("2 players"), _("2 pl.")]
    elif session.watching:
        forms = [_("Watch"), pgettext("mode, short", "Watch")]
    else:
        forms = [_("1 player"), _("1 pl.")]
    return list(dict.fromkeys(forms))


def player_names(session: Session) -> dict[Color, str]:
    """Each side's name in the score box: the players' own for a game that came with them
    (a file, a paste, the library), Black and White with two players, else You and
    Computer (watching, Computer both)."""
    names: dict[Color, str] = {}
    players = session.game.players
    for color in ("black", "white"):
        if players is not None:
            names[color] = player_shown(players.name_of(color), color)
        elif session.two_players:
            names[color] = side_name(color)
        else:
            names[color] = _("You") if session.human == color else _("Computer")
    return names


def panel_view(
    session: Session,
    *,
    search: JobKind | None,
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
    level_text, level_label, number = f"{shown} · {name}", _("Level"), str(shown)
    if session.two_players:  # no computer plays: what applies is the hints' strength
        level_text, level_label = _("Strongest"), _("Hints")
        number = level_text
        description = _("no computer plays; a hint (H) {how}").format(
            how=pgettext("level", ANALYSIS.description)
        )
    headline, *details = status_forms(session, search, depth)
    level_help = description
    if session.watching:
        side = session.level_side
        level_help = _("{side}: {name}, {description}").format(
            side=side_name(side), name=name, description=description
        )
    return PanelView(
        counts=board.count(),
        to_move=session.next_to_place(),
        names=player_names(session),
        status=headline,
        detail=details[0] if details else "",
        details=[form for form in details if form],
        level_text=level_text,
        level_label=level_label,
        level_number=number,
        level_help=level_help,
        watch_levels={"black": session.black_level, "white": session.level}
        if session.watching
        else None,
        level_side=session.level_side,
        human=session.human,
        two_players=session.two_players,
        record=session.game.players is not None,
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
            "hint": session.is_human_turn()
            and not session.must_pass()
            and search != JobKind.ANALYZE,
            "level-down": shown > levels[0] and not session.two_players,
            "level-up": shown < levels[1] and not session.two_players,
            "play-black": not demo,
            "play-white": not demo,
        },
        labels={
            "mode": mode_names(session),
            "play-black": [side_name("black")],
            "play-white": [side_name("white")],
        },
        toggles={"legal": session.show_legal, "sound": sound_on},
    )
