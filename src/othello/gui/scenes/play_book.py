"""The player's own opening book from the book view (I): Shift+I (or Insert) adds the line
from the start to the position shown, the moves the book lacks valued by a search in the
search process (never on the frame loop; when it is free); Delete removes a book move (the one under the
cursor, else the move that led to the position shown) at once, so the computer no longer
plays it; U or Ctrl+Z right after puts it back, as Undo brings a deleted game back in the
library. Each is said."""

from __future__ import annotations

from typing import Protocol

from othello.app.i18n import _
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.notation import square_name
from othello.engine.book import CorrectionKind, correction
from othello.gui.model.session import Change, Session
from othello.gui.scenes.base import PlayHost
from othello.gui.services.book_feed import BookFeed
from othello.gui.services.book_learning import BookLearner
from othello.gui.widgets.book_marks import BookView


class BookScene(Protocol):
    """What the book's editing uses of the play screen."""

    @property
    def host(self) -> PlayHost: ...
    @property
    def session(self) -> Session: ...
    @property
    def book_view(self) -> BookView: ...
    @property
    def book_feed(self) -> BookFeed: ...
    @property
    def learner(self) -> BookLearner: ...
    @property
    def cursor(self) -> Square | None: ...
    def reply(self, message: str, lasting: bool = False) -> None: ...


class BookEditing:
    """Adding and removing moves of the player's book, and putting a removed one back."""

    def __init__(self, scene: BookScene) -> None:
        self.scene = scene
        self.names: list[str] = []  # the moves removed, newest last, as the board names them
        self.undoable = 0  # removals since the game last changed: Undo puts them back
        scene.session.on_game_changed.append(self._game_changed)

    def _game_changed(self, change: Change) -> None:
        self.undoable = 0  # Undo is the game's again

    def _shown(self) -> bool:
        """The book view is on (else it says how to show it)."""
        if not self.scene.book_view.on:
            self.scene.reply(_("Show the book's values first (I), then add or remove moves."))
        return self.scene.book_view.on

    def add_line(self) -> None:
        """Shift+I: the moves from the start to the position shown into the player's book."""
        if not self._shown():
            return
        shown = self.scene.session.shown
        moves = list(shown.moves[: shown.cursor])
        if shown.start != Board() or not any(sq != PASS for sq in moves):
            self.scene.reply(_("Only a line from the standard start can go into your book."))
            return
        self.scene.learner.add(shown.start, moves)  # searched when the search process is free
        self.scene.reply(_("Adding this line to your book: searching its new moves…"))

    def remove(self) -> None:
        """Delete: the book move under the cursor, else the one that led here, out of the
        player's book."""
        if not self._shown():
            return
        found = self._target()
        if found is None:
            self.scene.reply(
                _("No book move to remove here: put the cursor on one of the book's values.")
            )
            return
        board, sq = found
        fix = correction(board.player, board.opponent, sq, 0, 0, CorrectionKind.REMOVED)
        self.scene.book_feed.remove(fix)
        self.names.append(square_name(sq))
        self.undoable += 1
        self.scene.reply(
            _("{move} removed from your book: the computer no longer plays it (U: undo).").format(
                move=square_name(sq)
            )
        )

    def _target(self) -> tuple[Board, Square] | None:
        """The position and the book move to remove: the cursor's, else the last move's."""
        view, shown = self.scene.book_view, self.scene.session.shown
        board = shown.board
        entry = view.entry(board)
        cursor = self.scene.cursor
        if entry is not None and cursor is not None and cursor in {m.square for m in entry.moves}:
            return board, cursor
        moves = list(shown.moves[: shown.cursor])
        while moves and moves[-1] == PASS:
            moves.pop()
        if not moves:
            return None
        before = shown.start.copy()
        for sq in moves[:-1]:
            before.push_square(sq)
        entry = view.entry(before)
        if entry is None or moves[-1] not in {m.square for m in entry.moves}:
            return None
        return before, moves[-1]

    def undo(self) -> bool:
        """U or Ctrl+Z right after a removal: the move back in the book (True); else False,
        and Undo is the game's."""
        if not self.undoable or self.scene.book_feed.undo_removal() is None:
            return False
        name = self.names.pop() if self.names else ""
        self.undoable -= 1
        self.scene.reply(_("{move} is back in your book.").format(move=name))
        return True
