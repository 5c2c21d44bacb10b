"""Set up a position: click squares to cycle empty -> black -> white (right click goes back),
clear the board or put back the start position, choose who moves; Enter makes it a game.

While the editor is open the board shows the position being set up and nothing moves on;
Esc puts the game back as it was. Enter replaces the game with one starting from the set-up
position, kept like a loaded game (the one it replaces stays for undo). The position must be
one a game could reach, by the same rule as a pasted or loaded board (``game_files.check_position``:
the centre full, every disc joined to it); one that is not stays in the editor, and the
window says why in the same words as a paste. One where the side to move has no move begins
with its pass, and a finished position says so.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.app.files.game_files import check_position
from othello.app.i18n import N_, _
from othello.core.board import Board
from othello.core.errors import OthelloError
from othello.core.game import Game
from othello.gui.model.session import Session
from othello.gui.scenes.base import VIEW_KEYS, Host, Scene
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card
from othello.gui.widgets.text import MIN_TEXT, scaled

LINES = (N_("Click a square: empty → black → white"), N_("Right click: the other way"))
KEYS = {
    pygame.K_c: "clear",
    pygame.K_s: "start",
    pygame.K_TAB: "side",
    pygame.K_RETURN: "play",
    pygame.K_KP_ENTER: "play",
    pygame.K_ESCAPE: "cancel",
}
BUTTONS = (  # action, label, key
    ("clear", N_("Clear"), "C"),
    ("start", N_("Start position"), "S"),
    ("side", N_("Who moves"), "Tab"),  # switches the side to move
    ("play", N_("Play it"), "Enter"),
    ("cancel", N_("Cancel"), "Esc"),
)
SHORT = {"start": N_("Start"), "side": N_("Who"), "play": N_("Play")}
"""A button's label in one word, for a panel too narrow for the whole one."""


class PositionEditor(Scene):
    name = "position-editor"

    def __init__(
        self,
        host: Host,
        session: Session,
        reply: Callable[[str], None],
        retract: Callable[[], None] | None = None,
    ) -> None:
        """``reply`` answers the player; ``retract`` takes an answer back (a refusal to play
        a position whose fault has since been mended)."""
        self.host = host
        self.session = session
        self.reply = reply
        self.retract = retract or (lambda: None)
        self.refused = False  # the last Enter was refused, and its words may still show
        board = session.board
        self.black, self.white, self.black_to_move = board.black, board.white, board.black_to_move
        self.buttons: dict[str, pygame.Rect] = {}  # where each button was drawn
        self.shown: list[str] = []  # the words last drawn: the lines, then each button's
        self._show()

    def _show(self) -> None:
        """The position being set up, on the board (not yet a game: nothing is saved); a
        refusal that no longer applies is taken back."""
        board = Board.from_bitboards(self.black, self.white, self.black_to_move)
        self.session.show(Game(board), "position-editor")
        if self.refused and self._problem(board) is None:
            self.refused = False
            self.retract()

    @staticmethod
    def _problem(board: Board) -> str | None:
        """Why no game could reach ``board``, or None when one could."""
        try:
            check_position(board)
        except OthelloError as err:
            return str(err)
        return None

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
            for action, rect in self.buttons.items():
                if event.button == 1 and rect.collidepoint(event.pos):
                    self.do(action)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in VIEW_KEYS:
                return False  # the explorer on the position being set up, and help
            if event.key in KEYS:
                self.do(KEYS[event.key])
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.TEXTINPUT)

    def do(self, action: str) -> None:
        """A button or its key: clear, start position, who moves, play it, cancel."""
        if action == "play":
            self.finish()
            return
        if action == "cancel":
            self.cancel()
            return
        if action == "clear":
            self.black = self.white = 0
        elif action == "start":
            start = Board()
            self.black, self.white, self.black_to_move = start.black, start.white, True
        elif action == "side":
            self.black_to_move = not self.black_to_move
        self._show()

    def cancel(self) -> None:
        self._close()

    def finish(self) -> None:
        """The set-up position becomes the game (the earlier game is kept for undo); one no
        game could reach stays in the editor, and the notice says why."""
        start = Board.from_bitboards(self.black, self.white, self.black_to_move)
        problem = self._problem(start)
        if problem is not None:
            self.refused = True
            self.reply(_("Cannot play this set-up. {problem}").format(problem=problem))
            return
        self._close()
        self.session.set_game(Game(start))
        if start.is_game_over():
            b, w = start.count()
            self.session.show_notice(
                _("Set up: nobody can move here, so the game is over ({black}–{white}).").format(
                    black=b, white=w
                )
            )
        else:  # (a message that stays its time, though the computer may move at once)
            self.session.show_notice(
                _("Set up: Black to move. U brings the earlier game back.")
                if self.black_to_move
                else _("Set up: White to move. U brings the earlier game back.")
            )

    def _close(self) -> None:
        self.session.show(None)
        self.host.close_scene(self)

    def spoken(self) -> str:
        """The editor's words as last drawn: its lines, then each button with its key."""
        return " ".join(self.shown)

    def draw(self, surface: pygame.Surface) -> None:
        room = self.host.layout.panel
        card(surface, room, alpha=255)
        text = self.host.text
        columns = 3 if room.width > room.height else 2
        button_rows = -(-len(BUTTONS) // columns)
        rows = len(LINES) + 3 + 1.6 * button_rows  # the title takes two
        size = max(MIN_TEXT, min(scaled(min(16, room.width // 18)), int(room.height / rows / 1.7)))
        pad = size
        line = min(int(size * 1.6), int((room.height - 2 * pad) / rows))
        y = room.top + pad
        surface.blit(
            text.render(_("Set up a position"), size + 2, palette.now.text, bold=True),
            (room.left + pad, y),
        )
        y += 2 * line
        b, w = (self.black.bit_count(), self.white.bit_count())
        counts = (
            _("Black to move · {black} black, {white} white")
            if self.black_to_move
            else _("White to move · {black} black, {white} white")
        ).format(black=b, white=w)
        spare = room.bottom - pad - y - (len(LINES) + 1 + 1.6 * button_rows + 1) * line
        self.shown = []
        for words in (counts, *(_(line) for line in LINES)):
            # a line too long for the panel goes on two where there is room, never cut short
            wrapped, px = text.fit_lines(
                words, room.width - 2 * pad, 2 if spare >= line else 1, size
            )
            spare -= (len(wrapped) - 1) * line
            self.shown += wrapped
            for part in wrapped:
                surface.blit(text.render(part, px, palette.now.text), (room.left + pad, y))
                y += line
        self._draw_buttons(surface, room, y + line // 2, columns, size)

    def _draw_buttons(
        self, surface: pygame.Surface, room: pygame.Rect, top: int, columns: int, size: int
    ) -> None:
        """The editor's buttons in rows, each with its key; "Play it" stands out."""
        text, gap = self.host.text, max(4, size // 2)
        width = (room.width - 2 * size - (columns - 1) * gap) // columns
        one_line = all(
            text.render(f"{_(label)} ({key})", size, palette.now.text).get_width() <= width - 8
            for _action, label, key in BUTTONS
        )
        small = max(MIN_TEXT, size - 3)
        height = int(size * 2.1) if one_line else int(size * 1.4 + small * 1.5)
        self.buttons = {}
        for i, (action, english, key) in enumerate(BUTTONS):
            label = _(english)
            rect = pygame.Rect(0, 0, width, height)
            rect.topleft = (room.left + size + (i % columns) * (width + gap),
                            top + (i // columns) * (height + gap))  # fmt: skip
            self.buttons[action] = rect
            hover = rect.collidepoint(self.host.mouse)
            fill = (
                palette.now.button_hover
                if hover
                else palette.now.accent
                if action == "play"
                else palette.now.button
            )
            button(surface, fill, rect, 6)
            if one_line:
                self.shown.append(f"{label} ({key})")
                shown = text.render(f"{label} ({key})", size, palette.now.text)
                surface.blit(shown, shown.get_rect(center=rect.center))
                continue
            # the key under the label: every button says its key, however narrow the panel
            forms = [label, _(SHORT[action])] if action in SHORT else [label]
            fitted, px = text.fit(forms, rect.width - 8, size)
            self.shown.append(f"{fitted} {key}")
            shown = text.render(fitted, px, palette.now.text)
            keyed = text.render(
                key, small, palette.now.text_dim if action != "play" else palette.now.text
            )
            y = rect.centery - (shown.get_height() + keyed.get_height()) // 2
            surface.blit(shown, shown.get_rect(midtop=(rect.centerx, y)))
            surface.blit(keyed, keyed.get_rect(midtop=(rect.centerx, y + shown.get_height())))
