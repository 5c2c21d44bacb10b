"""The state of a game in the window, apart from pygame: the game record and the player's choices.

Everything that changes the game goes through a Session, so the window, autosave and
save/load all see the same changes through one hook, ``on_game_changed``.

Nothing one key does loses moves: a game replaced by a new, pasted or loaded one, or by
playing on from an earlier position of the move list, is kept on a shelf, and Undo at the start
of the current game brings the one before it back (Redo goes forward again), as far back as the
player likes: the shelf has no limit (the library keeps it). What is known about each game's moves (the searches' scores, the review,
who played them) stays with that game (``Session.judgement``).

A scene may show another position on the board (a move of the list, a puzzle, a position being
set up): ``show`` puts it there and ``shown`` is what the board draws; the game itself is
untouched, and nothing moves on until the scene takes it away again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal
from weakref import WeakKeyDictionary

from othello.app.library.held_games import PlayerMode
from othello.core.bitboard import PASS, Square
from othello.core.board import Board, Color
from othello.core.errors import OthelloError
from othello.core.game import Game
from othello.core.notation import parse_move
from othello.gui.model.judgement import GameJudgement, Judgements


def other(color: Color) -> Color:
    return "white" if color == "black" else "black"


ShownKind = Literal[
    "", "moves", "line", "puzzle", "position-editor", "drill", "drill-view", "person",
    "person-wait",
]  # fmt: skip
"""What a position shown instead of the game is: none (""), a position of this game's
("moves"), one of a judged move's line, a puzzle, the position editor's, a drill asking for an
answer or a drill's position looked at, a game with a person at another window (this side to
move, or the other)."""


class ChangeKind(Enum):
    """What kind of thing happened to the game (a listener that misspells one fails mypy)."""

    NEW = "new"
    PLAY = "play"
    PASS = "pass"
    UNDO = "undo"
    REDO = "redo"
    LOAD = "load"
    PLAYERS = "players"
    BRANCH = "branch"  # playing on from an earlier position: a copy of the game takes its place
    BACK = "back"  # undo went to the game before, on the shelf
    FORWARD = "forward"  # redo went to the game after, on the shelf
    TIMEOUT = "timeout"  # the side to move (``color``) lost on time


@dataclass(frozen=True)
class Change:
    """What just happened to the game, for listeners that animate, autosave or cancel a search.

    For PLAY, ``square`` is the move, ``color`` who played it and ``flipped`` what turned over.
    """

    kind: ChangeKind
    square: Square | None = None
    color: Color | None = None
    flipped: tuple[Square, ...] = ()


OTHER_GAME = (
    ChangeKind.NEW,
    ChangeKind.LOAD,
    ChangeKind.BRANCH,
    ChangeKind.BACK,
    ChangeKind.FORWARD,
)
"""The changes that put another game on the board."""


@dataclass
class Session:
    """One game against the computer (or the computer against itself when ``human`` is None),
    who sits at each side and the computer's levels, the games it replaced, and a position a
    scene shows instead of it."""

    human: Color | None = "black"
    level: int = 3  # the computer's; watching, White's
    black_level: int = 3  # watching, Black's
    level_side: Color = "white"  # watching, the side whose level - and + change
    two_players: bool = False  # both sides are people: the computer only gives hints
    paused: bool = False  # watching: the computer waits (one move at a time with step)
    step_once: bool = False  # watching, paused: play one move, then wait again
    game: Game = field(default_factory=Game)
    show_legal: bool = True
    on_game_changed: list[Callable[[Change], None]] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    earlier: list[Game] = field(default_factory=list)  # replaced games, the newest last
    later: list[Game] = field(default_factory=list)  # games Undo left, the nearest last
    replaced: bool = False  # a new, loaded or pasted game just replaced one: Undo brings it back
    # a position shown instead of the game (the move list's, a puzzle, a set-up position)
    shown_game: Game | None = None
    shown_kind: ShownKind = ""  # ...which of them ("": none)
    # what is known about each game's moves; a game's entry goes when the game does
    judgements: Judgements = field(default_factory=Judgements)
    # who played each finished game when it ended (outcome.py); goes with the game
    who_played: WeakKeyDictionary[Game, PlayerMode] = field(default_factory=WeakKeyDictionary)

    # ----- who plays, and whose turn it is (questions that change nothing) --------------

    @property
    def players(self) -> PlayerMode:
        """Who plays which side, as the library keeps it with the game."""
        if self.two_players:
            return PlayerMode.TWO_PLAYERS
        if self.human is None:
            return PlayerMode.WATCH
        return PlayerMode.HUMAN_WHITE if self.human == "white" else PlayerMode.HUMAN_BLACK

    def set_players(self, players: PlayerMode) -> None:
        """Take the mode an autosave recorded (before its game is set: nothing restarts)."""
        self.two_players = players is PlayerMode.TWO_PLAYERS
        self.human = (
            None
            if players in (PlayerMode.TWO_PLAYERS, PlayerMode.WATCH)
            else ("white" if players is PlayerMode.HUMAN_WHITE else "black")
        )

    @property
    def watching(self) -> bool:
        """The computer plays both sides (watch mode, or the demo)."""
        return self.human is None and not self.two_players

    @property
    def setting_black_level(self) -> bool:
        """Watching, with Black's level chosen in the panel: - and + change ``black_level``."""
        return self.watching and self.level_side == "black"

    def set_level(self, level: int) -> None:
        """The computer's level; watching, that of the side chosen in the panel."""
        if self.setting_black_level:
            self.black_level = level
        else:
            self.level = level

    def shown_level(self) -> int:
        """The level the panel's - and + act on."""
        return self.black_level if self.setting_black_level else self.level

    def level_for(self, color: Color) -> int:
        """The level the computer plays ``color`` at: watching, each side has its own."""
        return self.black_level if self.watching and color == "black" else self.level

    @property
    def board(self) -> Board:
        return self.game.board

    def is_over(self) -> bool:
        """The game on the board is over: neither side can move, or a flag fell."""
        return self.game.is_over()

    @property
    def sides_shared(self) -> bool:
        """The person at the window moves for both sides: two players, or a game that came
        with its players' names (a file, a paste, the library) until the player takes a
        side in it: nobody at the window is its Black or White, and no computer plays it."""
        return self.two_players or self.game.players is not None

    def is_human_turn(self) -> bool:
        board = self.board
        mine = self.sides_shared or self.human == board.side_to_move
        return mine and not self.is_over()

    def must_pass(self) -> bool:
        """The side to move has no legal move (the pass is played once the last move's
        discs have turned); the other side places the next disc."""
        return self.board.must_pass()

    def next_to_place(self) -> Color | None:
        """The side that places the next disc: the side to move, or after its forced pass the
        other; None once the game is over."""
        board = self.board
        if self.is_over():
            return None
        return other(board.side_to_move) if board.must_pass() else board.side_to_move

    def is_computer_turn(self) -> bool:
        board = self.board
        theirs = not self.sides_shared and self.human != board.side_to_move
        return theirs and not self.is_over()

    def can_play(self, square: Square) -> bool:
        """True when the human may put a disc on ``square`` now."""
        return self.is_human_turn() and square != PASS and self.board.is_legal(square)

    # ----- what the window asks ------------------------------------------------------

    @property
    def shown(self) -> Game:
        """What the board shows: the game, or the position a scene put there instead."""
        return self.game if self.shown_game is None else self.shown_game

    @property
    def browsing(self) -> bool:
        """A scene shows another position on the board: nothing moves on meanwhile."""
        return self.shown_game is not None

    @property
    def judgement(self) -> GameJudgement:
        """What is known about the moves of the game on the board (scores, review, who
        played them): it belongs to this game, and stays with it on the shelf."""
        return self.judgement_of(self.game)

    def judgement_of(self, game: Game) -> GameJudgement:
        return self.judgements.of(game)

    # ----- intents ---------------------------------------------------------------------

    def show_notice(self, message: str) -> None:
        """Queue a message for the window to show for a few seconds."""
        self.notices.append(message)

    def new_game(
        self, start: Board | None = None, given: tuple[Square, ...] = (), origin: str = ""
    ) -> Game | None:
        """Start again from the standard position (or from ``start``), with the ``given``
        moves already played (a balanced opening: Undo never takes them back); ``origin``
        says where they came from ("balanced", "range").

        Returns the game it replaced when that one is kept for Undo (it had moves)."""
        return self._replace(fresh_game(start, given, origin), ChangeKind.NEW)

    def lose_on_time(self, color: Color) -> None:
        """``color``'s flag fell: the game is over, lost on time."""
        if self.game.lost_on_time is None and not self.is_over():
            self.game.lost_on_time = color
            self._changed(Change(ChangeKind.TIMEOUT, color=color))

    def set_game(self, game: Game) -> Game | None:
        """Put a loaded or pasted game on the board (the caller has checked it is legal);
        returns the game it replaced when that one is kept for Undo."""
        return self._replace(game, ChangeKind.LOAD)

    def play(self, move: str | Square, by_computer: bool = False) -> Change:
        """Play a move for the side to move (a disc or a forced pass); raises if illegal.
        A disc not placed ``by_computer`` is a person's: only those become their puzzles."""
        sq = parse_move(move) if isinstance(move, str) else move
        board = self.board
        color = board.side_to_move
        flipped = tuple(board.flips(sq)) if sq != PASS else ()
        self.game.play(sq)
        self.judgement.played(tuple(self.game.moves), person=sq != PASS and not by_computer)
        change = Change(ChangeKind.PASS if sq == PASS else ChangeKind.PLAY, sq, color, flipped)
        self._changed(change)
        return change

    def pass_if_forced(self) -> Change | None:
        """Play the pass the rules force on the side to move, if they do."""
        if self.board.must_pass():
            return self.play(PASS)
        return None

    def can_undo(self) -> bool:
        """Whether Undo does something: a turn of the human's to go back to, or a game that
        an earlier one replaced."""
        return self._can_undo_here() or bool(self.earlier)

    def can_redo(self) -> bool:
        return self.game.can_redo() or bool(self.later)

    def undo(self) -> bool:
        """Take back moves to the human's previous turn (one move when nobody is human); at
        the start of the game, or before any move was made or undone in a game that just
        replaced another (a load, a paste), bring back the game it replaced."""
        if self._can_undo_here() and not (self.replaced and self.earlier):
            self.game.undo()
            while self.game.can_undo() and self._skip_when_stepping():
                self.game.undo()
            self._changed(Change(ChangeKind.UNDO))
            return True
        if self.earlier:
            self._keep(self.later)
            self.game = self.earlier.pop()
            self._changed(Change(ChangeKind.BACK))
            return True
        return False

    def redo(self) -> bool:
        """Replay undone moves up to the human's next turn; at the end of them, go forward
        to the game Undo stepped back from."""
        if self.game.can_redo():
            self.game.redo()
            while self.game.can_redo() and self._skip_when_stepping():
                self.game.redo()
            self._changed(Change(ChangeKind.REDO))
            return True
        if self.later:
            self._keep(self.earlier)
            self.game = self.later.pop()
            self._changed(Change(ChangeKind.FORWARD))
            return True
        return False

    def back_a_game(self) -> bool:
        """PgUp: the game before this one on the shelf in one step, whatever moves this one
        has (Undo would take them back first); this one waits for PgDn or Redo."""
        if not self.earlier:
            return False
        self._keep(self.later)
        self.game = self.earlier.pop()
        self._changed(Change(ChangeKind.BACK))
        return True

    def forward_a_game(self) -> bool:
        """PgDn: the game after this one (one PgUp or Undo stepped back from) in one step."""
        if not self.later:
            return False
        self._keep(self.earlier)
        self.game = self.later.pop()
        self._changed(Change(ChangeKind.FORWARD))
        return True

    def set_human(self, color: Color | None) -> None:
        """Choose the human's colour; the computer takes the other side from now on.

        In a game where only the computer has moved so far, switching sides starts it again
        from its start: else the computer's opening would become the player's first move."""
        if color == self.human:
            return
        restart = self.game.cursor > 0 and not self._can_undo_here()
        self.human = color
        if restart:  # from its start again: a balanced opening's given moves stay
            game = self.game
            self.game = fresh_game(game.start, tuple(game.moves[: game.given]), game.origin)
            self._changed(Change(ChangeKind.NEW))
        else:
            self._changed(Change(ChangeKind.PLAYERS))

    def show(self, game: Game | None, kind: ShownKind = "moves") -> None:
        """Show ``game`` on the board instead of the game on it (None: the game again); the
        ``kind`` of view says what it is (``ShownKind``). A view: the game is not touched, and
        nothing moves on while it is shown."""
        self.shown_game = game
        self.shown_kind = "" if game is None else kind

    def show_ply(self, cursor: int) -> bool:
        """Show the position after the game's first ``cursor`` moves (undone ones included),
        as a view: the game stays where it is. False when that position is already shown."""
        cursor = max(0, min(cursor, len(self.game.moves)))
        if self.shown_kind == "moves" and self.shown.cursor == cursor:
            return False
        self.show(self.game.copy(cursor))
        return True

    def show_line(self, cursor: int, line: Sequence[Square], step: int) -> int:
        """Show the position after the game's first ``cursor`` moves and then the first
        ``step`` moves of ``line`` (a move played there and the engine's line after it), as
        a view: the game stays where it is. Returns the moves of ``line`` shown (a move the
        position does not allow ends it)."""
        shown = self.game.copy(max(0, min(cursor, len(self.game.moves))))
        played = 0
        for sq in line[:step]:
            try:
                shown.play(sq)
            except OthelloError:
                break
            played += 1
        self.show(shown, "line")
        return played

    def play_from(self, cursor: int) -> bool:
        """Play on from the position after the first ``cursor`` moves. Before the game's own
        position, a copy of the game (every move kept for redo) takes its place and the game
        goes on the shelf as it was, so Undo brings it back whole; True when that happened.
        Later (moves undone before), it is redo: nothing is lost either way."""
        cursor = max(0, min(cursor, len(self.game.moves)))
        if cursor >= self.game.cursor:
            if cursor > self.game.cursor:
                self.game.go_to(cursor)
                self._changed(Change(ChangeKind.REDO))
            return False
        branch = self.game.copy(cursor)
        self.judgements.by_game[branch] = self.judgement.copy()
        self._replace(branch, ChangeKind.BRANCH)
        return True

    def set_two_players(self, on: bool) -> None:
        """Two people share the board (on), or the computer takes the side not yours (off);
        the game goes on as it is."""
        if on != self.two_players:
            self.two_players = on
            self._changed(Change(ChangeKind.PLAYERS))

    # ----- helpers ---------------------------------------------------------------------

    def _can_undo_here(self) -> bool:
        """A turn of the human's to go back to in this game (any move, when nobody is human).
        Playing White, the computer's opening move alone is not one: taking it back would
        only have the computer play it again."""
        if self.human is None or self.sides_shared:
            return self.game.cursor > self.game.given
        return placed_by(self.game, self.human)

    def _replace(self, game: Game, kind: ChangeKind) -> Game | None:
        """Put ``game`` on the board; the one it replaces (and any Undo stepped back from)
        goes on the shelf, so new games always come last."""
        replaced = self.game
        kept = self._keep(self.earlier)
        self.earlier.extend(reversed(self.later))
        self.later.clear()
        self.game = game
        self._changed(Change(kind))
        return replaced if kept else None

    def _keep(self, shelf: list[Game]) -> bool:
        """Put the current game on ``shelf`` unless there is nothing in it to lose."""
        if self.game.is_untouched():
            return False
        shelf.append(self.game)
        return True

    def _skip_when_stepping(self) -> bool:
        """Whether undo/redo should go past this position: not the human's real choice."""
        if self.human is None or self.board.is_game_over() or self.game.cursor <= self.game.given:
            return False
        if self.sides_shared:  # every move is somebody's choice; forced passes are not
            return self.board.must_pass()
        return self.board.side_to_move != self.human or self.board.must_pass()

    def _changed(self, change: Change) -> None:
        if change.kind in (ChangeKind.NEW, ChangeKind.LOAD, ChangeKind.BRANCH, ChangeKind.FORWARD):
            self.replaced = True
        elif change.kind in (ChangeKind.PLAY, ChangeKind.PASS, ChangeKind.UNDO, ChangeKind.REDO):
            self.replaced = False
        for listener in list(self.on_game_changed):
            listener(change)


def fresh_game(start: Board | None, given: tuple[Square, ...], origin: str) -> Game:
    """A new game from ``start`` with the ``given`` moves played (see Session.new_game)."""
    game = Game(start)
    for sq in given:
        game.play(sq)
    game.given, game.origin = len(given), origin
    return game


def placed_by(game: Game, color: Color) -> bool:
    """``color`` placed a disc in ``game`` after the moves that came with its start."""
    side = game.start.side_to_move
    for ply, sq in enumerate(game.moves[: game.cursor]):
        if side == color and sq != PASS and ply >= game.given:
            return True
        side = other(side)
    return False
