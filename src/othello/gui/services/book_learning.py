"""The opening book learns in the window: once a game the computer played from its book is
over, or a review the player asked for is done, the game's book line goes to the search process (a
LEARN job, when nothing else runs there) to be searched again where it lost
(``study.book_learning``); what it teaches goes to the player's book (``book_feed``) and is
said. Like the graph's scoring it is background work: the computer's move, a review or a
hint asked for cancel it."""

from __future__ import annotations

from collections.abc import Callable

from othello.app.i18n import _, ngettext
from othello.app.library import book_store
from othello.app.search_service import BookLearned, SearchOutcome
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


class BookLearner:
    """Which games were sent to learn from, and what came back."""

    def __init__(
        self,
        worker: SearchWorker,
        session: Session,
        feed: BookFeed,
        reply: Callable[[str], None],
    ) -> None:
        self.worker = worker
        self.session = session
        self.feed = feed
        self.reply = reply
        self.asked: set[tuple[Moves, bool]] = set()  # (moves, from a review)

    def when_free(self) -> None:
        """Send the game on the board to learn from, once, when the search process is free."""
        if self.worker.busy or self.session.browsing:
            return
        wanted = self.wanted()
        if wanted is not None:
            key, found = wanted
            self.asked.add(key)
            self.worker.learn(self.session.game.start, list(key[0]), found)

    def wanted(self) -> tuple[tuple[Moves, bool], dict[int, int]] | None:
        """The game's moves and what was found of each, when there is something new to learn
        from: the review of these moves, else the end of a game the computer played."""
        game = self.session.game
        moves = tuple(game.moves[: game.cursor])
        if not moves or game.start != Board():
            return None
        review = self.session.judgement.review
        if review is not None and review[0] == moves:
            key, found = (moves, True), review_values(review[1])
        elif self.session.is_over() and not self.session.sides_shared and self.played_book(moves):
            key, found = (moves, False), game_values(game.start, moves)
        else:
            return None
        return None if key in self.asked or not found else (key, found)

    def played_book(self, moves: Moves) -> bool:
        """Whether the computer played from its book in this game (else the book had no
        part in how it ended)."""
        return any(line == moves[: len(line)] for line in self.session.judgement.book)

    def take(self, outcome: SearchOutcome) -> bool:
        """A LEARN job's corrections into the player's book, said; False for other outcomes."""
        if not isinstance(outcome, BookLearned):
            return False
        if outcome.added:
            self.feed.add(outcome.corrections)
            self.reply(added_words(len([c for c in outcome.corrections if c.kind is ADDED])))
        elif outcome.corrections:
            self.feed.add(outcome.corrections)
            self.reply(book_store.learned_words(len(outcome.corrections)))
        return True
