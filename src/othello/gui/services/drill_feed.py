"""The window's opening drills: the schedule read from the library once (on its reader, the
first time the Drills screen opens), kept in memory while the window is open, and what each
answer changed written on the library's writer (``LibraryWorker.save``, never waited for);
"my openings" read again each time it is asked, since games come and go."""

from __future__ import annotations

from collections.abc import Callable

from othello.app.i18n import _
from othello.app.library import drill_store
from othello.app.library.database import Library
from othello.app.library.drill_store import DrillChanges, DrillSaves
from othello.gui.services.library_worker import LibraryWorker
from othello.study.drills import Line, Schedule
from othello.study.named_openings import load_openings


class DrillFeed:
    """The schedule of one window, and its saves."""

    def __init__(self, keeper: LibraryWorker, reply: Callable[[str], None]) -> None:
        self.keeper = keeper
        self.reply = reply
        self._schedule: Schedule | None = None
        self._saves: DrillSaves | None = None
        self._asked = False

    def schedule(self) -> Schedule | None:
        """The schedule, once read (asked for the first time here); None until then. A
        library that cannot be used gives an empty one kept in memory, said once."""
        if self._schedule is None and not self._asked:
            self._asked = True
            self.keeper.read(drill_store.load, self._loaded)
        if self._schedule is None and self.keeper.broken is not None:
            self._loaded((Schedule(), _("Your drills could not be read from the library.")))
        return self._schedule

    def _loaded(self, found: tuple[Schedule, str | None]) -> None:
        if self._schedule is not None:
            return
        self._schedule, notice = found
        self._saves = DrillSaves(self._schedule)
        if notice is not None:
            self.reply(notice)

    def save(self) -> None:
        """What was answered since the last save, to the library's writer."""
        if self._schedule is None or self._saves is None:
            return
        changes = self._saves.take(self._schedule)
        if changes:
            self.keeper.save("drills", changes, drill_store.write, _spooled)

    def my_lines(self, done: Callable[[list[Line]], None]) -> None:
        """The lines the library's games began with, on the named lines (answered later, on
        the frame loop; none when the library cannot be read)."""
        book = load_openings()[0]

        def read(library: Library) -> list[Line]:
            return drill_store.my_lines(library, book)

        self.keeper.read(read, done)


def _spooled(changes: DrillChanges) -> tuple[str, str]:
    """Answers the library could not take, as the pending spool keeps them."""
    return ".drills.json", changes.to_text()
