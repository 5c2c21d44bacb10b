"""Set up a position: click squares to cycle empty -> black -> white (right click goes back),
clear the board or put back the start position, choose who moves; Enter makes it a game.

While the editor is open the board shows the position being set up and nothing moves on;
Esc puts the game back as it was. Enter replaces the game with one starting from the set-up
position, kept like a loaded game (the one it replaces stays for undo). Any arrangement of
discs is a legal board; one where the side to move has no move begins with its pass, and a
finished position says so.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..board import Board
from ..game import Game
from . import theme
from .host import Host
from .scenes import Scene, card
from .session import Session
from .text import MIN_TEXT

LINES = (
    "Click a square: empty → black → white",
    "Right click: the other way",
    "C: clear · S: start position",
    "Tab: change who moves",
    "Enter: play it · Esc: cancel",
)


class EditOverlay(Scene):
    def __init__(self, host: Host, session: Session, tell: Callable[[str], None]) -> None:
        self.host = host
        self.session = session
        self.tell = tell
        self.original = session.game
        board = session.board
        self.black, self.white, self.black_to_move = board.black, board.white, board.black_to_move
        session.browsing = True
        self._show()

    def _show(self) -> None:
        """The position being set up, on the board (not yet a game: nothing is saved)."""
        self.session.game = Game(Board.from_bitboards(self.black, self.white, self.black_to_move))

    def cycle(self, square: int, backwards: bool = False) -> None:
        bit = 1 << square
        state = 1 if self.black & bit else 2 if self.white & bit else 0
        state = (state + (2 if backwards else 1)) % 3
        self.black &= ~bit
        self.white &= ~bit
        if state == 1:
            self.black |= bit
        elif state == 2:
            self.white |= bit
        self._show()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            square = self.host.layout.square_at(event.pos)
            if square is not None and event.button in (1, 3):
                self.cycle(square, backwards=event.button == 3)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_c:
                self.black = self.white = 0
            elif event.key == pygame.K_s:
                start = Board()
                self.black, self.white, self.black_to_move = start.black, start.white, True
            elif event.key == pygame.K_TAB:
                self.black_to_move = not self.black_to_move
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.finish()
                return True
            elif event.key == pygame.K_ESCAPE:
                self.cancel()
                return True
            self._show()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.TEXTINPUT)

    def cancel(self) -> None:
        self.session.game = self.original
        self._close()

    def finish(self) -> None:
        """The set-up position becomes the game (the earlier game is kept for undo)."""
        start = Board.from_bitboards(self.black, self.white, self.black_to_move)
        self.session.game = self.original
        self._close()
        self.session.set_game(Game(start))
        if start.is_game_over():
            b, w = start.count()
            self.tell(f"Set up: nobody can move here, so the game is over ({b}–{w}).")
        else:
            side = "Black" if self.black_to_move else "White"
            self.tell(f"Set up: {side} to move. U brings the earlier game back.")

    def _close(self) -> None:
        self.session.browsing = False
        self.host.close_scene(self)

    def draw(self, surface: pygame.Surface) -> None:
        room = self.host.layout.panel
        card(surface, room, alpha=255)
        text = self.host.text
        rows = len(LINES) + 3  # the title takes two
        size = max(MIN_TEXT, min(16, room.width // 18, int(room.height / rows / 1.7)))
        pad = size
        line = min(int(size * 1.6), (room.height - 2 * pad) // rows)
        y = room.top + pad
        surface.blit(
            text.render("Set up a position", size + 2, theme.TEXT, bold=True), (room.left + pad, y)
        )
        y += 2 * line
        side = "Black" if self.black_to_move else "White"
        b, w = (self.black.bit_count(), self.white.bit_count())
        for words in (f"{side} to move · {b} black, {w} white", *LINES):
            fitted, px = text.fit(words, room.width - 2 * pad, size)
            surface.blit(text.render(fitted, px, theme.TEXT), (room.left + pad, y))
            y += line
