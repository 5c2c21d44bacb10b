"""The opening book's values on the board: on each of the book's moves in the position shown,
its value (the final disc difference for the side to move that the engine's search expects,
through the book's own lines), the best framed; on the engine's own best move outside the
book, its value marked with a star.

I switches it on and off; the sentence that says so reads the values out, and while it is on
speech says them again after each move, so a player who cannot see the board hears what is
shown. The book is read on first use
(``othello.engine.book.load_book``, cached), never at the window's start, with the player's
own corrections over it (``gui/services/book_feed.py``); a look-up is remembered per
position. A missing or damaged book makes the view say it is unavailable.
"""

from __future__ import annotations

from collections.abc import Collection

import pygame

from othello.app.i18n import _
from othello.core.board import Board
from othello.core.notation import square_name
from othello.engine.book import MAX_PLIES, Corrections, Entry, book_with, load_book
from othello.gui.widgets import palette
from othello.gui.widgets.explorer_marks import draw_caption, draw_chip
from othello.gui.widgets.layout import Layout
from othello.gui.widgets.marks import dashed_frame
from othello.gui.widgets.text import MIN_TEXT, TextCache

OUTSIDE = "*"
"""The mark beside the value of the engine's own move outside the book."""


def signed(discs: int) -> str:
    """A value as the board shows it: +2, 0, -3."""
    return f"{discs:+d}" if discs else "0"


class BookView:
    """Whether the book's values are shown, and what they are for a position."""

    def __init__(self) -> None:
        self.on = False
        self._seen: dict[str, Entry | None] = {}
        self.corrections: Corrections = ()  # the player's own book, over the shipped one

    def use(self, corrections: Corrections) -> None:
        """Show the player's book from now on (read from their library, or changed)."""
        self.corrections = corrections
        self._seen.clear()

    def toggle(self, board: Board) -> str:
        """On or off; the sentence that says so (and, on, what the board shows)."""
        self.on = not self.on
        if not self.on:
            return _("Book values off.")
        problem = load_book()[1]
        if problem is not None:
            self.on = False
            return problem
        keys = _("Shift+I adds this line to your book, Delete removes a move.")
        return f"{self.sentence(board)} {keys}"

    def sentence(self, board: Board) -> str:
        """What the board shows, said: the view's name and the values, best first."""
        return _("Book values (I: off): {values}").format(values=self.spoken(board))

    def entry(self, board: Board) -> Entry | None:
        """The book's position, with values, or None (not in the book, or past its moves)."""
        key = board.to_string()
        if key not in self._seen:
            found = None
            if (board.black | board.white).bit_count() - 4 < MAX_PLIES and not board.must_pass():
                entry = book_with(self.corrections).entry(board.player, board.opponent)
                if entry is not None and entry.value is not None:
                    found = entry
            self._seen[key] = found
        return self._seen[key]

    def spoken(self, board: Board) -> str:
        """The values in words, best first: what the figures on the board say."""
        entry = self.entry(board)
        if entry is None:
            return _("this position is not in the book.")
        valued = sorted(
            ((m.value.discs, square_name(m.square)) for m in entry.moves if m.value is not None),
            reverse=True,
        )
        words = ", ".join(f"{name} {signed(discs)}" for discs, name in valued)
        if entry.deviation is not None:
            words = _("{moves}; the computer's own move {move} {value}").format(
                moves=words,
                move=square_name(entry.deviation.square),
                value=signed(entry.deviation.value.discs),
            )
        return words + "."

    def caption(self, board: Board) -> list[str]:
        """What the strip under the board says, longest first."""
        if self.entry(board) is None:
            return [
                _("Book: this position is not in the book · Shift+I: add this line to yours"),
                _("Book: this position is not in the book"),
                _("Book: not in the book"),
            ]
        return [
            _("Book values: discs for the mover · * the computer's · Shift+I add · Del remove"),
            _("Book values: discs for the side to move · * the computer's own move"),
            _("Book values: discs for the mover · * the computer's"),
            _("Book values · * the computer's"),
        ]

    def draw(
        self,
        surface: pygame.Surface,
        layout: Layout,
        text: TextCache,
        board: Board,
        strip_free: bool,
        under: Collection[int] = (),
    ) -> None:
        """Each book move's value on its square, the best framed, the computer's own move
        outside the book starred; the caption in the strip when free. Where a hint's score
        shows (``under``), the value takes the square's lower part, as the explorer's do."""
        entry = self.entry(board)
        size = max(MIN_TEXT, layout.square // 4)
        if entry is not None:
            shown = [(m.square, m.value.discs, "") for m in entry.moves if m.value is not None]
            if entry.deviation is not None:
                dev = entry.deviation
                shown.append((dev.square, dev.value.discs, OUTSIDE))
            for square, discs, mark in shown:
                rect = layout.square_rect(square)
                if discs == entry.value:
                    dashed_frame(surface, palette.now.explorer_frame, rect.inflate(-3, -3), 3)
                words = signed(discs) + mark
                label = text.render(words, size, palette.now.hint_text, bold=True)
                draw_chip(surface, rect, [label], low=square in under)
        if strip_free:
            draw_caption(surface, layout, text, self.caption(board), size)
