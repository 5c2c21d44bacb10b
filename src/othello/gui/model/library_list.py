"""What the Library screen shows, without pygame: the filter being typed, the order, which
game is chosen, and the rows as they come back from the library, a page at a time.

The list may hold 100,000 games, so it never holds them all: rows are asked for by pages of
``PAGE`` around what is on screen, and a page arrives later (the library answers off the
frame loop); until then its rows are blank. A change of filter or order starts a new
``generation``, and answers for an older one are dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from othello.app.library.query import FIELDS, Filter, Row

PAGE = 100


@dataclass
class Edit:
    """The names and memo being changed, and which of them the keys type into."""

    game_id: int
    values: dict[str, str]
    shown: dict[str, str]  # the values as the form began
    field: str = "black"

    def changed(self) -> dict[str, str]:
        """What the player changed: a name left as shown keeps what is stored ("Computer,
        level 3" stays the game's own, shown in each language in its words)."""
        return {k: v for k, v in self.values.items() if v != self.shown.get(k)}

    ORDER = ("black", "white", "memo")

    def next_field(self, step: int = 1) -> None:
        i = self.ORDER.index(self.field)
        self.field = self.ORDER[(i + step) % len(self.ORDER)]


@dataclass
class LibraryList:
    """The list's state: filter, order, the chosen row, the rows known so far."""

    filter: Filter = field(default_factory=Filter)
    active: str = "player"  # the filter field the keys type into
    selected: int = 0  # the chosen row's place in the filtered order
    top: int = 0  # the first row on screen
    count: int | None = None  # games the filter keeps (None: not known yet)
    total: int | None = None  # games in the library
    generation: int = 0
    counted: int = -1  # the generation whose count was asked for
    pages: dict[int, list[Row]] = field(default_factory=dict)
    asked: set[int] = field(default_factory=set)
    hidden: set[int] = field(default_factory=set)  # deleted here, until the list is asked again
    deleted: list[list[int]] = field(default_factory=list)  # for Undo: the last delete last
    edit: Edit | None = None

    # ----- the filter -----------------------------------------------------------------------

    def type(self, text: str) -> None:
        if self.edit is not None:
            self.edit.values[self.edit.field] = (self.edit.values[self.edit.field] + text)[:200]
            return
        self.set_field(self.active, (self.filter.field(self.active) + text)[:60])

    def backspace(self) -> None:
        if self.edit is not None:
            self.edit.values[self.edit.field] = self.edit.values[self.edit.field][:-1]
            return
        self.set_field(self.active, self.filter.field(self.active)[:-1])

    def set_field(self, name: str, text: str) -> None:
        if text != self.filter.field(name):
            self.filter = self.filter.with_field(name, text)
            self.restart()

    def next_field(self, step: int = 1) -> None:
        if self.edit is not None:
            self.edit.next_field(step)
            return
        i = FIELDS.index(self.active)
        self.active = FIELDS[(i + step) % len(FIELDS)]

    def sort_by(self, column: str) -> None:
        """A column's heading clicked: order by it; again, the other way round."""
        if self.filter.sort == column:
            self.filter = self.filter.with_order(column, not self.filter.descending)
        else:
            self.filter = self.filter.with_order(column, column in ("date", "result"))
        self.restart()

    def restart(self) -> None:
        """The filter or the order changed: forget the rows, start from the top."""
        self.refresh()
        self.pages.clear()
        self.count = None
        self.selected = self.top = 0

    def refresh(self) -> None:
        """The games changed (a delete, an edit, an import): ask for the rows again, the
        choice staying where it is and the rows known shown until the new ones come."""
        self.generation += 1
        self.asked.clear()

    # ----- the rows -------------------------------------------------------------------------

    def wanted_pages(self, shown: int) -> list[int]:
        """The pages the screen needs (with one either side) and has not asked for."""
        first = max(0, self.top // PAGE - 1)
        last = (self.top + shown) // PAGE + 1
        if self.count is not None:
            last = min(last, max(0, (self.count - 1) // PAGE))
        return [p for p in range(first, last + 1) if p not in self.asked]

    def arrived(
        self, generation: int, page: int, rows: list[Row], count: int | None, total: int | None
    ) -> bool:
        """A page came back (with the counts when it was the first of its filter); False when
        it was for an older filter (dropped)."""
        if generation != self.generation:
            return False
        self.pages[page] = rows
        if count is not None and total is not None:
            self.count, self.total = count, total
        if self.count is None:
            return True
        self.hidden.clear()
        self.selected = min(self.selected, max(0, self.count - 1))
        return True

    def row(self, index: int) -> Row | None:
        page = self.pages.get(index // PAGE)
        if page is None or index % PAGE >= len(page):
            return None
        return page[index % PAGE]

    def chosen(self) -> Row | None:
        row = self.row(self.selected)
        return None if row is None or row.id in self.hidden else row

    def move(self, step: int, shown: int) -> None:
        """Up, Down, PgUp, PgDn, Home, End: the chosen row, kept on screen."""
        if not self.count:
            return
        self.selected = max(0, min(self.count - 1, self.selected + step))
        self.keep_in_view(shown)

    def scroll(self, step: int, shown: int) -> None:
        """The wheel: the rows move, the choice stays where it was if it is still on screen."""
        if not self.count:
            return
        self.top = max(0, min(max(0, self.count - shown), self.top + step))
        self.selected = max(self.top, min(self.top + shown - 1, self.selected))

    def keep_in_view(self, shown: int) -> None:
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + shown:
            self.top = self.selected - shown + 1
        self.top = max(0, self.top)
