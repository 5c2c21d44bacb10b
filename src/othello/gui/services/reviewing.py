"""The review in the window: the player asks for it (R), it runs in the search process when that
is free, and it goes on while the game goes on.

The search process does one job at a time, and the computer's move comes first: a move that
makes it the computer's turn stops the running review job, and the review resumes from the
first move it has not judged once the computer has played. Each verdict arrives as soon as it
is made (GameJudgement keeps it by the moves that led there), so nothing judged is lost, and
the moves played meanwhile are judged too. Only the player (R), a different game on the board
or a failed search ends a review before every move is judged, and the window says so and why.
"""

from __future__ import annotations

from collections.abc import Callable

from othello.app.i18n import _
from othello.app.search_service import GameReviewed, JobKind, MoveJudged, SearchOutcome
from othello.core.bitboard import PASS, Square
from othello.gui.model.game_words import for_black, review_summary
from othello.gui.model.judgement import GameJudgement, Moves
from othello.gui.model.session import OTHER_GAME, Change, ChangeKind, Session
from othello.gui.services.worker import SearchWorker
from othello.study.review import MoveReview


class GameReview:
    """Whether a review is wanted, and the search jobs that carry it out."""

    def __init__(
        self,
        worker: SearchWorker,
        session: Session,
        reply: Callable[[str], None],
    ) -> None:
        self.worker = worker
        self.session = session
        self.reply = reply
        self.wanted = False  # the player asked for a review that has not judged every move yet

    @property
    def judgement(self) -> GameJudgement:
        """The game on the board's: a review belongs to the game it judged."""
        return self.session.judgement

    @property
    def given(self) -> int:
        """The moves that came with the game's start (a balanced opening's eight): nobody
        chose them in this game, so the review judges the moves after them."""
        return self.session.game.given

    def line(self) -> Moves:
        """The moves a review judges: every move of the game on the board, undone ones too
        (whatever a scene shows): Undo looks back through a game, and its review, running or
        finished, stays the whole game's."""
        return tuple(self.session.game.moves)

    def toggle(self) -> None:
        """R: review the game; R again stops the review."""
        if self.wanted:
            self.stop()
            self.reply(_("Review stopped."))
            return
        if not any(sq != PASS for sq in self.line()[self.given :]):
            self.reply(_("Nothing to review yet: play some moves first."))
            return
        self.wanted = True
        self.judgement.review = None
        self.reply(_("Reviewing every move (R stops; play on meanwhile). M then shows the marks."))

    def stop(self, why: str = "") -> None:
        """End the review before its end; ``why`` is said in the window (a message that
        stays its time, whatever the player does next)."""
        if self.worker.kind == JobKind.REVIEW:
            self.worker.cancel()
        if self.wanted and why:
            self.session.show_notice(why)
        self.wanted = False

    def run_when_free(self, computer_first: bool) -> None:
        """Start (or resume) the review job when the search process is free and the computer
        has no move to choose (``computer_first``); finish once every move is judged."""
        if not self.wanted:
            return
        if self.worker.kind in (JobKind.SCORE, JobKind.LEARN):
            self.worker.cancel()  # background work gives way to what was asked
        if self.worker.busy or computer_first:
            return
        line = self.line()
        start = self.session.game.start.to_string()
        first = self.judgement.first_unjudged(start, line, self.given)
        if not any(sq != PASS for sq in line[self.given :]):
            self.stop(_("Review stopped: no moves on the board to review."))
        elif first is None:
            self.wanted = False
            self.reply(review_summary(self.judgement.review_done(start, line)))
            self.session.judgements.reviewed()  # kept with the game from now on
        else:
            self.judgement.review_started(start, line)
            self.worker.review(self.session.game.start, list(line), first)

    def keeps_running(self, change: Change) -> bool:
        """Whether the running review job goes on after ``change``: a change of mode leaves
        the game as it is, Undo and Redo leave its moves in it, and a move only adds to it
        (unless the computer must now choose its move: its search comes first, and the
        review resumes after)."""
        if change.kind == ChangeKind.PLAYERS:
            return True
        return (
            change.kind in (ChangeKind.PLAY, ChangeKind.PASS, ChangeKind.UNDO, ChangeKind.REDO)
            and not self.session.is_computer_turn()
        )

    def game_changed(self, change: Change) -> None:
        """Another game on the board ends a review of the old one, with a word."""
        if change.kind in OTHER_GAME:
            self.stop(_("Review stopped: another game is on the board."))

    def take(self, outcome: SearchOutcome) -> bool:
        """A review job's verdict or result (not a failure); False when ``outcome`` is not
        the review's."""
        if isinstance(outcome, MoveJudged):
            self.judgement.add_verdict(outcome.review)
        elif isinstance(outcome, GameReviewed):  # (a failed one is the caller's to report)
            for verdict in outcome.reviews:
                self.judgement.add_verdict(verdict)
        else:
            return False
        return True

    def progress(self) -> float | None:
        """The share of the wanted review done (for its bar); None when none is wanted."""
        if not self.wanted:
            return None
        return self.judgement.progress(self.session.game.start.to_string(), self.line(), self.given)

    def judged_count(self) -> int:
        """The moves on the board judged so far."""
        return len(self.judgement.judged(self.session.game.start.to_string(), self.line()))

    def browsed_chips(self) -> tuple[dict[Square, int], bool, Square] | None:
        """Browsing a reviewed game: the move played from the position shown and the best
        move, scored for Black (as the graph), whether exactly, and the best's square."""
        shown = self.session.shown_game
        if shown is None or self.session.shown_kind != "moves":
            return None  # the game itself, a puzzle or a set-up position
        verdict = self.reviewed().get(shown.cursor)
        if verdict is None:
            return None
        played, best = for_black(verdict)
        return {verdict.played: played, verdict.best: best}, verdict.exact, verdict.best

    def reviewed(self) -> dict[int, MoveReview]:
        """The verdicts on the game's moves by ply."""
        return self.judgement.reviewed(self.session.game)
