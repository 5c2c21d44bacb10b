"""From reviews to puzzles: each review of a game adds the mistakes and blunders among the
moves a person placed in this window (not a pasted or loaded game's) to the player's puzzles,
kept in the library, and a finished game is reviewed at once when the settings ask for it
(REVIEW_AT_END)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from othello.app.i18n import _, ngettext
from othello.app.library import puzzle_store
from othello.app.library.database import Library
from othello.app.library.puzzle_store import PuzzleChanges, PuzzleSaves
from othello.gui.model.session import Session
from othello.gui.services.library_worker import LibraryWorker
from othello.study.fforum import load_builtin
from othello.study.puzzles import PuzzleQueue, from_review
from othello.study.review import MoveReview

Review = tuple[tuple[int, ...], list[MoveReview]]


def placed_by_people(session: Session, moves: tuple[int, ...]) -> set[int]:
    """The plies of ``moves`` where a person placed the disc, in this window."""
    return session.judgement.people_plies(moves)


class PuzzleFeed:
    """The window's puzzles: read once (on the library's reader, as the window opens), fed by
    each new review (once), answered in Puzzles mode, and what changed written after every
    change (on the library's writer). One queue in memory, so a review that ends while
    Puzzles is open adds to the queue being answered."""

    def __init__(
        self, reply: Callable[[str], None], keeper: LibraryWorker, read_ahead: bool = False
    ) -> None:
        self.reply = reply
        self.keeper = keeper
        self.seen: Review | None = None
        self._queue: PuzzleQueue | None = None
        self._saves: PuzzleSaves | None = None
        self._read = threading.Event()
        self._found: tuple[PuzzleQueue, str | None] | None = None
        self._asked = False
        if read_ahead:
            self.read_ahead()

    def read_ahead(self) -> None:
        """Ask the library's reader for the puzzles now, so that Z (or a review's new
        puzzles) finds them read: 38,000 puzzles take a while to check, too long for a
        frame."""
        if self._queue is None and not self._asked:
            self._asked = True
            self.keeper.read(self._load, lambda _found: None)

    def _load(self, library: Library) -> None:
        try:
            self._found = puzzle_store.load(library)
        finally:  # read or not, nobody waits any longer
            self._read.set()

    def queue(self) -> PuzzleQueue:
        """The puzzles, read the first time (a problem with them is told)."""
        if self._queue is None:
            self.read_ahead()
            for _tick in range(600):  # at most what is left of the read begun at the start
                if self._read.wait(0.05) or self.keeper.broken is not None:
                    break
            found = self._found
            read = found is not None
            if found is None:  # the library cannot be read: the built-in ones, kept in memory
                queue = PuzzleQueue()
                queue.add(load_builtin()[0])
                queue.touched.clear()
                found = queue, _("Your puzzles could not be read from the library.")
            self._queue, notice = found
            self._saves = PuzzleSaves(self._queue, read=read)
            if notice is not None:
                self.reply(notice)
        return self._queue

    def save(self) -> None:
        """What changed in the queue, to the library's writer (never waited for)."""
        queue = self.queue()
        assert self._saves is not None
        changes = self._saves.take(queue)
        if changes:
            self.keeper.save("puzzles", changes, puzzle_store.write, _spooled(queue))

    def take(self, review: Review | None, session: Session) -> int:
        """Puzzles from a review not seen before; how many were new."""
        if review is None or review is self.seen:
            return 0
        moves, verdicts = review
        game = session.game
        if tuple(game.moves[: len(moves)]) != moves:
            return 0  # the review of a line no longer on the board
        self.seen = review
        mine = placed_by_people(session, moves)
        if not mine:
            return 0
        puzzles = from_review(game.start, moves, verdicts, mine)
        if not puzzles:
            return 0
        added = self.queue().add(puzzles)
        self.save()
        if added:
            self.reply(
                ngettext(
                    "{n} puzzle from this game's mistakes: Z to practise.",
                    "{n} puzzles from this game's mistakes: Z to practise.",
                    added,
                ).format(n=added)
            )
        return added


def _spooled(queue: PuzzleQueue) -> Callable[[PuzzleChanges], tuple[str, str]]:
    """Puzzles the library could not take, as the pending spool keeps them (the puzzles
    file's own form, with the clock as it stands)."""

    def spool(changes: PuzzleChanges) -> tuple[str, str]:
        rows = ",".join(changes.rows.values())
        return ".puzzles.json", f'{{"version":1,"turn":{queue.turn},"puzzles":[{rows}]}}'

    return spool
