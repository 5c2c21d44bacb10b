"""The computer's side of the game on screen: its search, its move shown at a pace a person can
follow, and the hints it gives the player.

The search runs in the worker; this only starts jobs and polls for their outcome once a frame,
so the window never waits. A result that arrives after the game changed never reaches the board:
every change cancels the job (the worker drops what it returns) and forgets the chosen move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from othello.app.i18n import _
from othello.app.search_service import (
    JobFailed,
    JobKind,
    MoveChosen,
    MovesScored,
    SearchOutcome,
    StartFound,
)
from othello.core.bitboard import Square
from othello.core.clock import ClockTime
from othello.core.notation import parse_move, square_name
from othello.engine.api import SearchResult
from othello.engine.levels import ANALYSIS
from othello.gui.model.game_words import hint_explanation, hint_text
from othello.gui.model.judgement import GameJudgement, GraphPoint
from othello.gui.model.session import Change, Session
from othello.gui.model.why_words import hint_why
from othello.gui.services.book_learning import BookLearner
from othello.gui.services.reviewing import GameReview
from othello.gui.services.worker import SearchWorker
from othello.study.review import MoveReview

SCORE_LEVEL = 4  # the quick search that scores two players' positions for the graph
HINT_MEMORY = 64  # positions whose hint H gives again without a search


@dataclass
class ClockHooks:
    """What club play adds to the computer's turn: the mover's clock for its search (None
    without one), a word once its move is chosen (its clock then holds), and the answer to a
    search for a new game's start in a score range."""

    clock_for: Callable[[], ClockTime | None] = lambda: None
    decided: Callable[[], None] = lambda: None
    found_position: Callable[[object], object] = lambda value: None


class ComputerTurn:
    """Thinks on the computer's turn and plays its move once the pause has passed; scores the
    player's moves for a hint on request."""

    def __init__(
        self,
        worker: SearchWorker,
        session: Session,
        min_seconds: float,
        warn: Callable[[str], None],
        reply: Callable[[str], None],
    ) -> None:
        """``warn`` reports a failure (and logs it); ``reply`` answers the player (a hint)."""
        self.worker = worker
        self.session = session
        self.min_seconds = min_seconds  # an instant reply is hard to follow; pace it a little
        self.watch_seconds = min_seconds  # watch mode's pace (WATCH_SECONDS; not the demo's)
        self.warn = warn
        self.reply = reply
        self.pending: str | None = None  # the computer's chosen move, waiting to be shown
        self.pending_book = False  # ... and it came from the opening book
        self.reviewing = GameReview(worker, session, reply)
        self.pending_score: tuple[int, bool] | None = None  # the chosen move's, Black's side
        self.search_failed = False  # no retrying a broken search until the game changes
        self.turn_wait = 0.0  # how long the computer's move has been due
        self.busy_since: float | None = None  # when the running search began (for the spinner)
        self.hints: dict[Square, int] = {}
        self.hints_exact = False  # the hints are perfect play's results, not estimates
        # each position's hint, by its board string: H again there says the same thing (a
        # timed search on a busy machine once gave f4 +5, then d3 +3, then f4 +5)
        self.hint_memory: dict[str, tuple[list[tuple[str, int]], bool]] = {}
        self.hint_explained = False  # the score unit is explained with the first hint only
        self.hooks = ClockHooks()  # a game on a clock's, set by scenes/play_club.py
        self.learner: BookLearner | None = None  # the book learns from games (scenes/play.py)

    @property
    def judgement(self) -> GameJudgement:
        """The scores, the review and the book moves of the game on the board."""
        return self.session.judgement

    @property
    def book_moves(self) -> set[tuple[int, ...]]:
        """The computer's book moves in this game, by the moves up to and including each."""
        return self.judgement.book

    def is_to_move(self) -> bool:
        """The computer's turn, with a move to choose (a forced pass is the rules', not its)."""
        return self.session.is_computer_turn() and not self.session.board.must_pass()

    def busy_seconds(self, now: float) -> float | None:
        """How long the running search has been going (for the spinner); None when idle or
        only scoring the position for the graph (quietly, in the background)."""
        background = self.worker.kind in (JobKind.SCORE, JobKind.LEARN)
        if self.worker.busy and not background and self.busy_since is not None:
            return now - self.busy_since
        return None

    def poll(self, now: float) -> None:
        """Take the search's outcomes that have come, and note when a new search began."""
        while (outcome := self.worker.poll()) is not None:
            self._take(outcome)
        if not self.worker.busy:
            self.busy_since = None
        elif self.busy_since is None:
            self.busy_since = now

    def think_if_due(self) -> None:
        """Start thinking as soon as it is the computer's turn, even while discs still turn."""
        learning = self.worker.kind == JobKind.LEARN  # background work: the move comes first
        idle = not ((self.worker.busy and not learning) or self.search_failed)
        if self.is_to_move() and self.pending is None and idle:
            board = self.session.board
            level = self.session.level_for(board.side_to_move)
            self.worker.think(board, level, self.hooks.clock_for())

    def score_when_idle(self) -> None:
        """Two players: nobody's search scores their moves, so the search process, idle
        otherwise, judges each position reached (a quick search) for the graph. Anything
        the players ask for (a hint, a review) cancels it; a move makes it start anew."""
        session, game = self.session, self.session.game
        if (
            not session.two_players
            or session.browsing
            or self.worker.busy
            or self.search_failed
            or game.cursor == 0
            or session.is_over()
            or self.judgement.has_score(tuple(game.moves[: game.cursor]))
        ):
            return
        self.worker.score(session.board, SCORE_LEVEL)

    def move_when_due(self, dt: float) -> None:
        """Play the chosen move once it has been the computer's turn for the short pause."""
        if not self.is_to_move():
            return
        self.turn_wait += dt
        wait = self.watch_seconds if self.session.watching else self.min_seconds
        if self.pending is not None and self.turn_wait >= wait:
            move, self.pending = self.pending, None
            score, self.pending_score = self.pending_score, None
            self.session.step_once = False
            try:
                self.session.play(move, by_computer=True)  # the game changed: forget() runs
                game = self.session.game
                if self.pending_book:
                    self.book_moves.add(tuple(game.moves[: game.cursor]))
                if score is not None:
                    self.judgement.note(tuple(game.moves[: game.cursor]), *score)
            except ValueError as err:
                self.warn(
                    _(
                        "The computer chose an impossible move ({problem}); "
                        "choose a new game or undo."
                    ).format(problem=err)
                )

    def toggle_review(self) -> None:
        """R: judge every move of the game on the board in the search process (the window
        stays free, the game may go on); R again stops it."""
        self.reviewing.toggle()

    def review_at_end(self, wanted: bool) -> None:
        """REVIEW_AT_END (``wanted``): a finished game a person played is reviewed at once,
        so its mistakes become puzzles, unless it already was or a review is under way."""
        if (
            wanted
            and not self.session.watching
            and not self.reviewing.wanted
            and self.worker.kind != JobKind.REVIEW
            and not self.reviewed()
        ):
            self.toggle_review()

    def review_when_free(self) -> None:
        """Start or resume the wanted review when the search process is free; the computer's
        own move (not while browsing or paused) comes first."""
        session = self.session
        held = session.browsing or (session.paused and not session.step_once)
        self.reviewing.run_when_free(self.is_to_move() and not held)

    @property
    def review(self) -> tuple[tuple[int, ...], list[MoveReview]] | None:
        """The last finished review: the moves it judged and its verdicts (None before any)."""
        return self.judgement.review

    def reviewed(self) -> dict[int, MoveReview]:
        """The review's verdicts on the game's moves, by ply."""
        return self.reviewing.reviewed()

    def review_progress(self) -> float | None:
        """The share of the wanted review done (for its bar); None when none is wanted."""
        return self.reviewing.progress()

    def graph_points(self) -> list[GraphPoint]:
        """The graph's points for the line on the board (browsing: the whole game): the
        review's where the game was reviewed, else the searches' own scores (the computer's
        moves, the player's before them; with two players, the idle search's)."""
        game = self.session.game
        last = len(game.moves) if self.session.browsing else game.cursor
        return self.judgement.points(game, last)

    def last_from_book(self) -> bool:
        """The move last played on the board was the computer's, from the opening book."""
        game = self.session.game
        return game.cursor > 0 and tuple(game.moves[: game.cursor]) in self.book_moves

    def ask_hint(self) -> None:
        """Score every move of the player's; the hint shows when the scores come back."""
        if not self.session.is_human_turn():
            self.reply(_("Hints are for your turn."))
        elif self.session.must_pass():
            self.reply(_("You have no legal move: you pass."))
        elif (known := self.hint_memory.get(self.session.board.to_string())) is not None:
            self.show_hints(*known)  # the same position: the same words, not a new search
        elif self.worker.kind != JobKind.ANALYZE:
            # Advice for the player: the strongest analysis, whatever the opponent's level.
            self.worker.analyze(self.session.board, ANALYSIS.number)

    def show_hints(self, scores: list[tuple[str, int]], exact: bool = False) -> None:
        """Scores on the board; the notice names every move that ties for best and says
        whether they are exact (perfect play) or the search's estimate."""
        self.hints, self.hints_exact = {parse_move(m): score for m, score in scores}, exact
        if not scores:
            return
        self.reply(hint_text(scores, False, exact))
        if not self.hint_explained:  # what the scores mean, once, in a notice of its own
            self.session.show_notice(hint_explanation(exact))
        self.hint_explained = True

    def hint_words(self, square: Square | None) -> str | None:
        """What the hint says of ``square`` (under the pointer or the cursor): why it is
        worse than the best, from the hint's own scores, or, on a best move, the hint again;
        None off the scored moves (or with no hint on the board)."""
        if not self.hints or square not in self.hints or self.session.browsing:
            return None
        said = hint_why(self.session.board, self.hints, square)
        if said is not None:
            return said
        scores = [(square_name(sq), score) for sq, score in self.hints.items()]
        return hint_text(scores, False, self.hints_exact)

    def level_changed(self) -> None:
        """A running search is for the old level: stop it, and the next frame starts anew."""
        if self.worker.kind == JobKind.THINK:
            self.worker.cancel()

    def game_changed(self, change: Change) -> None:
        """The game changed: a running search, its chosen move and the hints are stale. A
        running review goes on when the change leaves it valid (see GameReview.keeps_running);
        another game on the board ends it."""
        self.reviewing.game_changed(change)
        self.forget(keep_review=self.reviewing.keeps_running(change))

    def forget(self, keep_review: bool = False) -> None:
        """A running search, its chosen move and the hints are stale; with ``keep_review``
        a running review job goes on (it judges the moves it was given)."""
        kind = self.worker.kind
        if not (keep_review and kind == JobKind.REVIEW) and kind != JobKind.LEARN:
            self.worker.cancel()  # learning from a game goes on whatever the board shows
        self.pending, self.pending_score, self.search_failed = None, None, False
        self.hints, self.turn_wait = {}, 0.0

    def _black_score(self, result: SearchResult) -> tuple[int, bool]:
        """A search result's score of the position on the board, from Black's side, and
        whether it is exact."""
        sign = 1 if self.session.board.black_to_move else -1
        return sign * result.score, result.exact

    def _take(self, outcome: SearchOutcome) -> None:
        if isinstance(outcome, JobFailed):
            failed = {"problem": outcome.error}
            if outcome.kind == JobKind.REVIEW:
                self.reviewing.wanted = False
                self.warn(_("The review stopped: the search failed ({problem}).").format(**failed))
                return
            # no retrying every frame
            self.search_failed = outcome.kind in (JobKind.THINK, JobKind.SCORE)
            words = _("The computer's search failed ({problem}); undo or start a new game.")
            self.warn(words.format(**failed))
            return
        game = self.session.game
        here = tuple(game.moves[: game.cursor])
        if isinstance(outcome, StartFound):
            self.hooks.found_position(outcome.found)
        elif isinstance(outcome, MoveChosen) and outcome.kind is JobKind.THINK:
            self.hooks.decided()
            self.pending = outcome.result.move
            self.pending_book = outcome.result.book
            self.pending_score = score = self._black_score(outcome.result)
            # the same search judged the position it started from, after the player's move:
            # the graph gets that point too, at no extra cost
            self.judgement.note(here, *score, keep=True)
        elif isinstance(outcome, MoveChosen):  # SCORE
            self.judgement.note(here, *self._black_score(outcome.result))
        elif self.reviewing.take(outcome):
            pass
        elif self.learner is not None and self.learner.take(outcome):
            pass
        elif isinstance(outcome, MovesScored):  # ANALYZE: a hint
            scores = [m for m in outcome.moves if m.move != "pass"]
            exact = bool(scores) and all(m.exact for m in scores)
            hint = [(m.move, int(m.score)) for m in scores]
            self._remember_hint(hint, exact)
            self.show_hints(hint, exact)

    def _remember_hint(self, scores: list[tuple[str, int]], exact: bool) -> None:
        """Keep the hint of the position on the board (the last HINT_MEMORY positions)."""
        if scores:
            self.hint_memory.pop(self.session.board.to_string(), None)
            self.hint_memory[self.session.board.to_string()] = (scores, exact)
            while len(self.hint_memory) > HINT_MEMORY:
                del self.hint_memory[next(iter(self.hint_memory))]
