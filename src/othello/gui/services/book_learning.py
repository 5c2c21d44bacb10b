"""The opening book learns in the window: once a game the computer played from its book is
over, or a review the player asked for is done, the game's book line goes to the search process (a
LEARN job, when nothing else runs there) to be searched again where it lost
(``study.book_learning``); what it teaches goes to the player's book (``book_feed``) and is
said. Like the graph's scoring it is background work: the computer's move, a review or a
hint asked for cancel it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from othello.app.i18n import _, ngettext
from othello.app.library import book_store
from othello.app.search_service import BookLearned, JobKind, SearchOutcome
from othello.core.board import Board
from othello.engine.book import CorrectionKind
from othello.gui.model.session import Session
from othello.gui.services.book_feed import BookFeed
from othello.gui.services.worker import SearchWorker
from othello.study.book_learning import game_values, review_values

Moves = tuple[int, ...]


ADDED = CorrectionKind.ADDED


def added_words(n: int) -> str:
    """What the player hears once a line they added is in their book."""
    if not n:
        return _("This line was in the book already: nothing to add.")
    return ngettext(
        "Your line is in your book: {n} move searched and added.",
        "Your line is in your book: {n} moves searched and added.",
        n,
    ).format(n=n)


@dataclass(frozen=True)
class Request:
    """A job for the book: a game to learn from (``found``: what was found of its moves, by
    ply), or with ``add`` a line to add."""

    start: Board
    moves: Moves
    found: dict[int, int] = field(default_factory=dict)
    add: bool = False


class BookLearner:
    """The book's jobs (games to learn from, lines to add), sent one at a time when the
    search process is free; one that something else cancelled is sent again."""

    def __init__(
        self,
        worker: SearchWorker,
        session: Session,
        feed: BookFeed,
        reply: Callable[[str], None],
        learn_games: bool = True,
    ) -> None:
        self.worker = worker
        self.session = session
        self.feed = feed
        self.reply = reply
        self.learn_games = learn_games  # not in the demo: its games teach the book nothing
        self.asked: set[tuple[Moves, bool]] = set()  # games learned from: (moves, reviewed)
        self.waiting: deque[Request] = deque()
        self.sent: Request | None = None  # the job running, until its answer comes

    def add(self, start: Board, moves: list[int]) -> None:
        """A line to add to the player's book, when the search process is free."""
        self.waiting.append(Request(start.copy(), tuple(moves), add=True))

    def when_free(self) -> None:
        """Note a game to learn from, once; send the next job when the search process is
        free."""
        if self.sent is not None and self.worker.kind is not JobKind.LEARN:
            self.waiting.appendleft(self.sent)  # cancelled before it answered: again later
            self.sent = None
        wanted = self.wanted() if self.learn_games else None
        if wanted is not None:
            key, found = wanted
            self.asked.add(key)
            self.waiting.append(Request(self.session.game.start.copy(), key[0], found))
        if self.worker.busy or not self.waiting:
            return
        self.sent = job = self.waiting.popleft()
        if job.add:
            self.worker.add_line(job.start, list(job.moves))
        else:
            self.worker.learn(job.start, list(job.moves), job.found)

    def wanted(self) -> tuple[tuple[Moves, bool], dict[int, int]] | None:
        """The game's moves and what was found of each, when there is something new to learn
        from: the review of these moves, else the end of a game the computer played."""
        game = self.session.game
        moves = tuple(game.moves[: game.cursor])
        if not moves or game.start != Board():
            return None
        review = self.session.judgement.review
        if review is not None and review[0] == moves:
            if (moves, True) in self.asked:  # asked once: not worked out again each frame
                return None
            key, found = (moves, True), review_values(review[1])
        elif self.session.is_over() and not self.session.sides_shared and self.played_book(moves):
            if (moves, False) in self.asked:
                return None
            key, found = (moves, False), game_values(game.start, moves)
        else:
            return None
        return (key, found) if found else None

    def played_book(self, moves: Moves) -> bool:
        """Whether the computer played from its book in this game (else the book had no
        part in how it ended)."""
        return any(line == moves[: len(line)] for line in self.session.judgement.book)

    def take(self, outcome: SearchOutcome) -> bool:
        """A LEARN job's corrections into the player's book, said; False for other outcomes."""
        if not isinstance(outcome, BookLearned):
            return False
        self.sent = None
        if outcome.added:
            self.feed.add(outcome.corrections)
            self.reply(added_words(len([c for c in outcome.corrections if c.kind is ADDED])))
        elif outcome.corrections:
            self.feed.add(outcome.corrections)
            self.reply(book_store.learned_words(len(outcome.corrections)))
        return True
