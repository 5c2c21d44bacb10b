"""From reviews to puzzles: each review of a game a person played adds that person's
mistakes and blunders to the puzzles file, and a finished game is reviewed at once when
the settings ask for it (REVIEW_AT_END)."""

from __future__ import annotations

from collections.abc import Callable

from ..app.puzzle_store import PuzzleFile
from ..board import Color
from ..puzzles import from_review
from ..review import MoveReview
from .session import Session
from .wording import counted

Review = tuple[tuple[int, ...], list[MoveReview]]


def humans(session: Session) -> list[Color]:
    """The colours people played in the game on the board."""
    if session.two_players:
        return ["black", "white"]
    return [] if session.human is None else [session.human]


class PuzzleFeed:
    """Watches the play scene's last review; a new one becomes puzzles (once)."""

    def __init__(self, tell: Callable[[str], None], file: PuzzleFile | None = None) -> None:
        self.tell = tell
        self.file = file
        self.seen: Review | None = None

    def take(self, review: Review | None, session: Session) -> int:
        """Puzzles from a review not seen before; how many were new."""
        if review is None or review is self.seen:
            return 0
        moves, verdicts = review
        game = session.game
        if tuple(game.moves[: len(moves)]) != moves:
            return 0  # another position on the board (puzzles, set up): once it is back
        self.seen = review
        people = humans(session)
        if not people:
            return 0
        puzzles = from_review(game.start, moves, verdicts, people)
        if not puzzles:
            return 0
        file = self.file or PuzzleFile()
        queue, notice = file.load()
        if notice is not None:
            self.tell(notice)
        added = queue.add(puzzles)
        problem = file.save(queue)
        if problem is not None:
            self.tell(problem)
        elif added:
            self.tell(f"{counted(added, 'puzzle')} from this game's mistakes: Z to practise.")
        return added
