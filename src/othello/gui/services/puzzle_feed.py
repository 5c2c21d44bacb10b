"""From reviews to puzzles: each review of a game adds the mistakes and blunders among the
moves a person placed in this window (not a pasted or loaded game's) to the puzzles file, and
a finished game is reviewed at once when the settings ask for it (REVIEW_AT_END)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from ...app.i18n import ngettext
from ...app.puzzle_store import PuzzleFile
from ...puzzles import PuzzleQueue, from_review
from ...review import MoveReview
from ..model.session import Session

Review = tuple[tuple[int, ...], list[MoveReview]]


def placed_by_people(session: Session, moves: tuple[int, ...]) -> set[int]:
    """The plies of ``moves`` where a person placed the disc, in this window."""
    people = session.judgement.people
    return {ply for ply in range(len(moves)) if moves[: ply + 1] in people}


class PuzzleFeed:
    """The window's puzzles: read once, fed by each new review (once), answered in Puzzles
    mode, and written after every change. One queue in memory, so a review that ends while
    Puzzles is open adds to the queue being answered instead of being written over by it."""

    def __init__(
        self, tell: Callable[[str], None], file: PuzzleFile | None = None, read_ahead: bool = False
    ) -> None:
        self.tell = tell
        self.file = file or PuzzleFile()
        self.seen: Review | None = None
        self._queue: PuzzleQueue | None = None
        self._reading: threading.Thread | None = None
        self._read: tuple[PuzzleQueue, str | None] | None = None
        if read_ahead:
            self.read_ahead()

    def read_ahead(self) -> None:
        """Read the file on a thread now, so that Z (or a review's new puzzles) finds it
        read: 38,000 puzzles take a second to read and check, too long for a frame."""
        if self._queue is None and self._reading is None:
            self._reading = threading.Thread(target=self._read_file, name="puzzles", daemon=True)
            self._reading.start()

    def _read_file(self) -> None:
        self._read = self.file.load()

    def queue(self) -> PuzzleQueue:
        """The puzzles, read from the file the first time (a problem with it is told)."""
        if self._queue is None:
            if self._reading is not None:
                self._reading.join()  # at most what is left of the read begun at the start
            read, self._read, self._reading = self._read, None, None
            if read is None or self.file.changed():  # changed since: read as it is now
                read = self.file.load()
            self._queue, notice = read
            if notice is not None:
                self.tell(notice)
        return self._queue

    def save(self) -> str | None:
        """Write the queue; what went wrong, or None."""
        return self.file.save(self.queue())

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
        problem = self.save()
        if problem is not None:
            self.tell(problem)
        elif added:
            self.tell(
                ngettext(
                    "{n} puzzle from this game's mistakes: Z to practise.",
                    "{n} puzzles from this game's mistakes: Z to practise.",
                    added,
                ).format(n=added)
            )
        return added
