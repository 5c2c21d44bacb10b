"""What the play screen shows, as plain values: the board's (the position shown, the last move,
legal rings, hints or a reviewed move's scores, the cursor), the panel's and the status box's,
from the game, the search and what the player is doing."""

from __future__ import annotations

from typing import Protocol

from othello.app.i18n import _
from othello.app.search_service import JobKind
from othello.core.bitboard import Square
from othello.core.clock import WARNING_SECONDS
from othello.gui.model.club_words import CLOCK_STILL, clock_text, strength_short
from othello.gui.model.game_words import last_placed
from othello.gui.model.panel_words import PanelView, panel_view, status_parts
from othello.gui.model.session import Session, ShownKind
from othello.gui.scenes.base import PlayHost
from othello.gui.scenes.play_choices import LEVELS_RANGE
from othello.gui.scenes.play_club import ClubPlay
from othello.gui.services.computer import ComputerTurn
from othello.gui.widgets.animation import MoveAnimation
from othello.gui.widgets.board import BoardView
from othello.gui.widgets.book_marks import BookView
from othello.gui.widgets.explorer_marks import ExplorerView

QUIZZES: tuple[ShownKind, ...] = ("puzzle", "drill", "person")
"""The views that ask the player for a move: the side to move's rings shown, the explorer
hidden."""
NO_EXPLORER: tuple[ShownKind, ...] = (*QUIZZES, "person-wait")
"""The views the explorer stays hidden over: a game with a person is played unaided."""


class Shown(Protocol):
    """The parts of the play screen its pictures come from."""

    club: ClubPlay
    host: PlayHost
    session: Session
    computer: ComputerTurn
    explorer: ExplorerView
    book_view: BookView
    animation: MoveAnimation | None
    hover: Square | None
    cursor: Square | None
    now: float


class PlayView:
    """The board's and the panel's values for one frame of the play screen."""

    def __init__(self, scene: Shown) -> None:
        self.scene = scene

    def explorer_shown(self) -> bool:
        """The explorer is on, and not over a puzzle or a drill (it would give the answer
        away)."""
        return self.scene.explorer.on and self.scene.session.shown_kind not in NO_EXPLORER

    def book_shown(self) -> bool:
        """The book's values are on, where the explorer could be."""
        return self.scene.book_view.on and self.scene.session.shown_kind not in NO_EXPLORER

    def _search(self) -> tuple[JobKind | None, int | None]:
        """The running search's kind and depth (a review: the moves judged so far)."""
        kind = self.scene.host.worker.kind
        if kind == JobKind.REVIEW:
            return kind, self.scene.computer.reviewing.judged_count()
        return kind, self.scene.host.worker.depth

    def status_parts(self) -> tuple[str, str]:
        """What the status box says: a headline and a detail line (which may be empty)."""
        return status_parts(self.scene.session, *self._search())

    def legal_markers(self) -> list[Square]:
        """The rings on the moves the player may make: theirs in the game, or the side to
        move's in a puzzle or a drill; none on a position of the move list or one being set
        up."""
        session = self.scene.session
        if not session.show_legal or self.scene.animation is not None:
            return []
        if session.shown_kind in QUIZZES:
            return session.shown.board.legal_squares()
        if session.browsing or not session.is_human_turn():
            return []
        return session.board.legal_squares()

    def board(self) -> BoardView:
        shown = self.scene.session.shown
        board, legal = shown.board, self.legal_markers()
        hover = self.scene.hover if self.scene.hover in legal else None
        computer = self.scene.computer
        # browsing a reviewed game, the move played from the position shown and the best
        chips = computer.reviewing.browsed_chips()
        hints, exact, best = chips or (computer.hints, computer.hints_exact, None)
        if self.scene.session.browsing and chips is None:
            hints, exact = {}, False  # the game's hints are not about the position shown
        moves = shown.moves[: shown.cursor]
        high = self.explorer_shown() and self.scene.explorer.lookup(board, moves) is not None
        high = high or (self.book_shown() and self.scene.book_view.entry(board) is not None)
        return BoardView(
            board,
            self.scene.animation,
            last_placed(shown),
            legal,
            hover,
            None if self.scene.session.browsing or board.is_game_over() else self.scene.cursor,
            hints,
            board.side_to_move if hover is not None else None,
            exact,
            best,
            high,
        )

    def panel(self) -> PanelView:
        search, depth = self._search()
        view = panel_view(
            self.scene.session,
            search=search,
            depth=depth,
            busy=self.scene.computer.busy_seconds(self.scene.now),
            levels=LEVELS_RANGE,
            sound_on=self.scene.host.sounds.enabled,
            demo=self.scene.host.demo,
            from_book=self.scene.computer.last_from_book(),
            graph=self.scene.computer.graph_points(),
            progress=self.scene.computer.review_progress(),
        )
        view.toggles["explore"] = self.scene.explorer.on
        self._club(view)
        return view

    def _club(self, view: PanelView) -> None:
        """The clocks in the score boxes (the running one lit, a warning in the last
        seconds), and the player's strength beside the level."""
        club = self.scene.club
        clocks, running = club.clocks, club.clocks.running()
        if clocks.held_by_cover():  # a card over the board: the panel says why it stands
            view.details = [_(words) for words in CLOCK_STILL]
            view.detail = view.details[0]
        for color in ("black", "white"):
            left = clocks.time_left(color)
            if left is not None:
                low = left < WARNING_SECONDS
                view.clocks[color] = (clock_text(left), color == running, low)
        if not view.two_players and view.watch_levels is None:
            view.strength = strength_short(club.strength.rating)
