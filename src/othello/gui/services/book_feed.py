"""The player's own opening book in the window: their corrections read from the library once
(on its reader, as the window opens), kept in memory, handed as plain data to whatever plays
or shows the book (the search process's jobs, the book view) each time they change, and each
change written on the library's writer (``LibraryWorker.save``, never waited for; spooled when
the library cannot take it)."""

from __future__ import annotations

from collections.abc import Callable

from othello.app.library import book_store
from othello.app.library.book_store import BookChanges, merged
from othello.engine.book import Correction, Corrections
from othello.gui.services.library_worker import LibraryWorker


class BookFeed:
    """The corrections of one window, and their saves."""

    def __init__(
        self,
        keeper: LibraryWorker,
        reply: Callable[[str], None],
        changed: Callable[[Corrections], None],
        read: bool = True,
    ) -> None:
        self.keeper = keeper
        self.reply = reply
        self.changed = changed
        self.corrections: Corrections = ()
        self.removed: list[tuple[Correction, Correction | None]] = []  # for undo: and before
        if read:
            keeper.read(book_store.load, self._loaded)

    def _loaded(self, found: tuple[Corrections, str | None]) -> None:
        kept, notice = found
        self.corrections = merged(kept, self.corrections)  # any made meanwhile are newer
        self.changed(self.corrections)
        if notice is not None:
            self.reply(notice)

    def add(self, fixes: Corrections) -> None:
        """Corrections made here: played and shown from now on, and kept."""
        if not fixes:
            return
        self.corrections = merged(self.corrections, fixes)
        self.changed(self.corrections)
        self.keeper.save("book", BookChanges.of(fixes), book_store.write, _spooled)

    def remove(self, fix: Correction) -> None:
        """A move taken out of the player's book (``fix``: a ``REMOVED`` correction), kept
        with what it replaced so that :meth:`undo_removal` can put it back."""
        key = book_store.key_of(fix)
        before = next((c for c in self.corrections if book_store.key_of(c) == key), None)
        self.removed.append((fix, before))
        self.add((fix,))

    def undo_removal(self) -> Correction | None:
        """The last removal undone (the move's row as it was before, or none); the removal,
        or None when there was none."""
        if not self.removed:
            return None
        fix, before = self.removed.pop()
        key = book_store.key_of(fix)
        kept = tuple(c for c in self.corrections if book_store.key_of(c) != key)
        self.corrections = kept if before is None else merged(kept, (before,))
        self.changed(self.corrections)
        row = None if before is None else book_store.row_of(before)
        self.keeper.save("book", BookChanges({key: row}), book_store.write, _spooled)
        return fix


def _spooled(changes: BookChanges) -> tuple[str, str]:
    """Corrections the library could not take, as the pending spool keeps them."""
    return ".book.json", changes.to_text()
