"""The Library screen (G, or the panel's Library button): your games, newest first, over the
whole window.

Typing filters (Tab goes to the next filter: player, opening, result, date, source); a click
on a heading orders by that column (again: the other way). Up/Down, PgUp/PgDn, Home/End and
the wheel choose a game; Enter or a double click opens it on the board, in the move list, to
browse it or play on from any move (the game it replaces comes back with Undo). Delete
deletes (Ctrl+Z brings it back); F2 edits the names and the memo. Esc goes back to the game.

The screen never waits for the library: the rows come back a page at a time from the
library's reader thread (``LibraryWorker``), and writes go to its writer.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.app.files.record_text import FIELD_CHARS, NAME_CHARS, clean
from othello.app.i18n import _
from othello.app.library.database import Entry, Library
from othello.app.library.query import Row, count, rows
from othello.app.library.rows import Damaged, entry_or_damage
from othello.gui.model import library_words as words
from othello.gui.model.library_list import PAGE, Edit, LibraryList
from othello.gui.model.player_names import player_shown
from othello.gui.scenes.base import Host, Scene
from othello.gui.services.library_worker import LibraryWorker
from othello.gui.widgets.library_frame import LibraryHits, draw_library
from othello.gui.widgets.library_table import bar_position

DOUBLE_CLICK = 0.4  # seconds between two clicks on a row that open it
SWALLOW_SECONDS = 0.3  # the opening key's letter comes within this, or not at all
MOVES = {pygame.K_UP: -1, pygame.K_DOWN: 1}


class LibraryOverlay(Scene):
    """The game library over the window; it takes every key and click while open."""

    name = "library"

    def __init__(
        self,
        host: Host,
        keeper: LibraryWorker,
        state: LibraryList,
        open_game: Callable[[Entry], None],
        reply: Callable[[str], None],
    ) -> None:
        self.host = host
        self.keeper = keeper
        self.state = state
        self.open_game = open_game
        self.reply = reply
        self.now = 0.0
        self.last_click: tuple[float, int] = (-1.0, -1)
        self.hits = LibraryHits()
        self.dragging = False
        # the key that opened the screen (G) also sends its letter as text, just after: it is
        # not the start of a filter
        self.swallow: str | None = "g"
        state.refresh()  # games were kept or imported meanwhile

    def spoken(self) -> str:
        """The chosen row: "Game 3 of 40: You against Computer, level 5, 2026-11-29, 40-24",
        then its opening, moves and marks; the count alone when no row is chosen."""
        state = self.state
        row = state.chosen()
        if row is None:
            if state.count is None:
                return ""  # still asking the library: said once it answers
            return words.count_line(0, state.count)[0] if state.count else words.no_games()
        cells = [
            player_shown(row.black, "black"), player_shown(row.white, "white"), row.date,
            words.result_cell(row.result, row.finished),
        ]  # fmt: skip
        head = _("Game {n} of {count}: {black} against {white}, {date}, {result}").format(
            n=state.selected + 1, count=state.count or 0, black=cells[0], white=cells[1],
            date=cells[2], result=cells[3],
        )  # fmt: skip
        if row.damage is not None:
            return " ".join([head, words.damaged_details(row.damage)[0]])
        ended = words.ended_words(row)
        return " ".join(
            [head, words.details(row.opening, row.moves, row.marks, row.memo, ended)[0]]
        )

    # ----- asking the library ----------------------------------------------------------------

    def ask(self) -> None:
        """The pages on screen that are not known yet."""
        state = self.state
        for page in state.wanted_pages(self.hits.table.shown):
            state.asked.add(page)
            first = state.counted != state.generation  # the count once for each filter
            state.counted = state.generation
            self.keeper.read(
                _page_job(state, page, first), _page_done(state, state.generation, page)
            )

    def update(self, dt: float) -> None:
        self.now += dt
        if self.now > SWALLOW_SECONDS:
            self.swallow = None
        self.ask()

    def close(self) -> None:
        self.host.close_scene(self)

    # ----- doing -----------------------------------------------------------------------------

    def open_chosen(self) -> None:
        """The chosen game on the board; a damaged one is said so, and stays here."""
        row, state = self.state.chosen(), self.state
        if row is None:
            return
        if row.damage is not None:
            self.reply(words.cannot_open(row.damage))
            return

        def opened(found: Entry | Damaged | None) -> None:
            if isinstance(found, Damaged):  # damaged since the list was read
                state.refresh()
                self.reply(words.cannot_open(found.damage))
            elif found is not None:
                self.close()
                self.open_game(found)

        self.keeper.read(lambda library: entry_or_damage(library, row.id), opened)

    def delete_chosen(self) -> None:
        row, state = self.state.chosen(), self.state
        if row is None:
            return
        ids = [row.id]
        state.hidden.add(row.id)
        state.deleted.append(ids)

        def done(_: object) -> None:
            state.refresh()
            self.reply(words.deleted(len(ids)))

        self.keeper.write(lambda library: library.delete(ids), done)

    def undo_delete(self) -> None:
        state = self.state
        if not state.deleted:
            self.reply(words.nothing_to_undo())
            return
        ids = state.deleted.pop()

        def done(back: int) -> None:
            state.hidden.difference_update(ids)
            state.refresh()
            self.reply(words.restored(back))

        self.keeper.write(lambda library: library.restore(ids), done)

    def start_edit(self) -> None:
        row = self.state.chosen()
        if row is not None:
            shown = {
                "black": words.player_shown(row.black),
                "white": words.player_shown(row.white),
                "memo": row.memo,
            }
            self.state.edit = Edit(row.id, dict(shown), shown)

    def finish_edit(self, keep: bool) -> None:
        edit, state = self.state.edit, self.state
        self.state.edit = None
        if edit is None or not keep:
            return
        values = {
            k: clean(v, NAME_CHARS if k != "memo" else FIELD_CHARS)
            for k, v in edit.changed().items()
        }
        if not values:
            return

        def done(_: object) -> None:
            state.refresh()
            self.reply(words.edited())

        self.keeper.write(lambda library: library.edit(edit.game_id, **values), done)

    # ----- events ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.DROPFILE:
            return False  # a file dropped here is imported (the window's own hook)
        if event.type == pygame.TEXTINPUT and self.swallow is not None:
            swallowed, self.swallow = event.text.lower() == self.swallow, None
            if swallowed:
                return True
        if event.type == pygame.KEYDOWN:
            self.swallow = None
            self.key(event.key, getattr(event, "mod", 0))
        elif event.type == pygame.TEXTINPUT:
            self.state.type(event.text)
        elif event.type == pygame.MOUSEWHEEL:
            self.state.scroll(-3 * int(event.y), self.hits.table.shown)
        elif event.type == pygame.MOUSEMOTION:
            self.host.mouse = event.pos
            if self.dragging and self.state.count:
                self._drag(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        return True  # the library is the whole window while it is open

    def key(self, key: int, mod: int) -> None:
        state, shown = self.state, self.hits.table.shown
        ctrl = mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if key == pygame.K_ESCAPE:
            self.finish_edit(False) if state.edit is not None else self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish_edit(True) if state.edit is not None else self.open_chosen()
        elif key == pygame.K_TAB:
            state.next_field(-1 if mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_BACKSPACE:
            state.backspace()
        elif state.edit is not None:
            return  # while editing, the other keys are the text's
        elif key == pygame.K_z and ctrl:
            self.undo_delete()
        elif key == pygame.K_DELETE:
            self.delete_chosen()
        elif key == pygame.K_F2:
            self.start_edit()
        elif key in MOVES:
            state.move(MOVES[key], shown)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            state.move(shown if key == pygame.K_PAGEDOWN else -shown, shown)
        elif key in (pygame.K_HOME, pygame.K_END):
            state.move(-(state.count or 0) if key == pygame.K_HOME else state.count or 0, shown)

    def click(self, pos: tuple[int, int]) -> None:
        hits, state = self.hits, self.state
        for name, rect in hits.buttons.items():
            if rect.collidepoint(pos):
                self.button(name)
                return
        for name, rect in hits.table.headings.items():
            if rect.collidepoint(pos):
                state.sort_by(name)
                return
        for name, rect in hits.table.fields.items():
            if rect.collidepoint(pos) and state.edit is None:
                state.active = name
                return
        if hits.table.bar.collidepoint(pos) and state.count:
            self.dragging = True
            self._drag(pos[1])
            return
        for rect, index in hits.table.rows:
            if rect.collidepoint(pos):
                before, state.selected = self.last_click, index
                self.last_click = (self.now, index)
                if before[1] == index and self.now - before[0] <= DOUBLE_CLICK:
                    self.open_chosen()
                return

    def _drag(self, y: int) -> None:
        shown = self.hits.table.shown
        self.state.top = bar_position(self.hits.table.bar, y, self.state.count or 0, shown)
        self.state.selected = max(
            self.state.top, min(self.state.top + shown - 1, self.state.selected)
        )

    def button(self, name: str) -> None:
        actions = {
            "open": self.open_chosen,
            "delete": self.delete_chosen,
            "undo": self.undo_delete,
            "edit": self.start_edit,
            "close": self.close,
        }
        if self.state.edit is not None and name in ("open", "delete", "undo"):
            return
        actions[name]()

    # ----- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        caret = int(self.now * 2) % 2 == 0
        self.hits = draw_library(
            surface, self.host.text, self.state, self.keeper.progress, self.host.mouse, caret
        )


Page = tuple[list[Row], int | None, int | None] | None


def _page_job(state: LibraryList, page: int, first: bool) -> Callable[[Library], Page]:
    """A page of rows, and for the first page of a filter how many games it keeps and how
    many there are; nothing when the filter changed before the reader came to it (typing a
    name asks once a letter: only the last is looked up)."""
    f, generation = words.stored_filter(state.filter), state.generation

    def job(library: Library) -> Page:
        if state.generation != generation:
            return None
        found = rows(library, f, page * PAGE, PAGE)
        if not first:
            return found, None, None
        return found, count(library, f), library.total()

    return job


def _page_done(state: LibraryList, generation: int, page: int) -> Callable[[Page], None]:
    def done(answer: Page) -> None:
        if answer is not None:
            state.arrived(generation, page, *answer)

    return done
