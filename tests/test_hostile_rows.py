"""Every row of the library read as if hostile: the puzzles, the drills, the games' lines for
"my openings", the games a command exports; a bad value or a byte that is not UTF-8 costs its
row or its field, never the table, never a traceback (issue 50, probes 4, 5 and 10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from othello.gui.services.puzzle_feed import PuzzleFeed


class _Unreadable:
    """A library worker whose library cannot be used at all: nothing is ever read."""

    broken = "the library cannot be opened (disk I/O error)"

    def read(self, job: Callable[[Any], Any], done: Callable[[Any], None]) -> None:
        pass

    def save(self, *args: object) -> None:
        pass


def test_puzzles_that_cannot_be_read_give_the_built_in_ones_and_say_so() -> None:
    """Z, or the end of a review, when the library cannot be read: the built-in puzzles, kept
    in memory, and one line saying why (it raised TypeError: ``_`` was a loop's number)."""
    said: list[str] = []
    feed = PuzzleFeed(said.append, _Unreadable())  # type: ignore[arg-type]
    queue = feed.queue()
    assert queue.puzzles and all(p.builtin for p in queue.puzzles)
    assert said == ["Your puzzles could not be read from the library."]
    assert feed.queue() is queue and len(said) == 1  # read once, said once
