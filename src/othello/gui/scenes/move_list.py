"""The move list: the game's moves over the panel, the board showing the chosen position.

Browsing is view only: the list shows positions (``Session.show_ply``) and never touches the
game; while it is open nothing moves on (no pass, no computer move). Left/Right step one move,
Home/End go to the start or the last move, a click picks a move: the board shows the position
where it was played (the move framed in the list is the one played from the position shown)
and, after a review, the move played and the best move with their scores, for Black like the
graph, whose point for the move is ringed. Esc or M close the list: the game is where it was.
Enter or the "Play from here" button play on from the position shown (``Session.play_from``):
from an earlier position, a copy of the game takes over and the game as it was goes on the
shelf, so Undo brings it back whole. A click on the board does the same and is then a move
there.

After a review the chosen move says why it lost (the review's own sentence, the one
``othello review --json`` gives), and Shift+Right/Shift+Left (or a click on a move of the
line) step through what followed: the move played, then the engine's best line after it,
shown on the board as a view like the rest. Any other step leaves the line; a click on the
board there goes back to the move's own position, and playing on starts from that position.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.app.coach_words import review_why
from othello.app.i18n import _, pgettext
from othello.app.speech import sentences as said
from othello.core.bitboard import PASS
from othello.core.notation import square_name
from othello.gui.model.game_words import MARK_SIGNS, for_black, review_lines
from othello.gui.model.judgement import GraphPoint
from othello.gui.model.session import Session
from othello.gui.model.why_words import chosen_words, line_of
from othello.gui.scenes.base import VIEW_KEYS, Host, Scene
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card
from othello.gui.widgets.graph import draw_bar, draw_graph, point_near
from othello.gui.widgets.text import MIN_TEXT, scaled
from othello.study.review import MoveReview

STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
WHY_LINES = 7
"""At most this many lines for the chosen move's words (fewer where the list needs room)."""
CLOSE = (pygame.K_ESCAPE, pygame.K_m)
PLAY_ON = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def entries(
    session: Session, reviewed: dict[int, MoveReview] | None = None
) -> list[tuple[int, str]]:
    """``(ply: the position where the move was played, label)`` for every move of the game,
    undone ones too: "12. d3" for a disc (numbered by discs placed), "pass" for a pass; after
    a review, a move that lost discs gets its mark and the scores for Black (the graph's view)
    after it and after the best move: "12. d3 ?? +14 (c4 +2)"."""
    rows, placed = [], 0
    for ply, sq in enumerate(session.game.moves):
        if sq == PASS:
            rows.append((ply, pgettext("move", "pass")))
            continue
        placed += 1
        label = f"{placed}. {square_name(sq)}"
        verdict = (reviewed or {}).get(ply)
        if verdict is not None and verdict.loss > 0:
            played, best = for_black(verdict)
            label += (
                f" {MARK_SIGNS[verdict.mark]} {played:+d} ({square_name(verdict.best)} {best:+d})"
            )
        rows.append((ply, label.rstrip()))
    return rows


class MoveListOverlay(Scene):
    """The game's moves over the panel, the board showing the chosen position (a view)."""

    name = "moves"

    def __init__(
        self,
        host: Host,
        session: Session,
        verdicts: Callable[[], dict[int, MoveReview]] | None = None,
        progress: Callable[[], float | None] | None = None,
        graph: Callable[[], list[GraphPoint]] | None = None,
        reply: Callable[[str], None] | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        """``verdicts`` gives the review's marks by ply, ``progress`` the running review's
        share done and ``graph`` the evaluation graph's points (all asked each frame: a review
        started from the list shows its progress and then its marks here); ``reply`` answers
        the player (playing on from an earlier move says how to get the game back);
        ``on_close`` runs when the list closes back to the game (the end card put back)."""
        self.host = host
        self.reply = reply or (lambda _words: None)
        self.on_close = on_close
        self.session = session
        self.verdicts = verdicts or dict
        self.progress = progress or (lambda: None)
        self.graph = graph or list
        self.graph_rect = pygame.Rect(0, 0, 0, 0)
        self.graph_xs: list[tuple[int, int]] = []  # (x, ply where its move was played)
        self.cells: list[tuple[pygame.Rect, int]] = []  # where each move was drawn
        self.play_button = pygame.Rect(0, 0, 0, 0)
        self.heading = ("", 0)  # the title as last drawn, and its size
        self.line_step = 0  # stepping through the chosen move's line: how far (0: not)
        self.chosen = session.game.cursor  # ...and the ply of that move
        self.line_cells: list[tuple[pygame.Rect, int]] = []  # each move of the line, its step
        self.why = ""  # the chosen move's words as last drawn (tests)
        session.show_ply(session.game.cursor)

    @property
    def cursor(self) -> int:
        """The moves up to the position shown (in a line: up to the chosen move's)."""
        return self.chosen if self.line_step else self.session.shown.cursor

    def chosen_line(self) -> list[int]:
        """The chosen move and the engine's line after it, when the review judged it lost."""
        verdict = self.reviewed.get(self.cursor)
        return line_of(verdict) if verdict is not None else []

    def step_line(self, step: int) -> None:
        """Show the chosen move's line up to ``step`` moves (0: the move's own position)."""
        line = self.chosen_line()
        self.chosen = self.cursor
        step = max(0, min(step, len(line)))
        if step == 0:
            self.line_step = 0
            self.session.show_ply(self.chosen)
        else:
            self.line_step = self.session.show_line(self.chosen, line, step)

    def leave_line(self) -> int:
        """Out of the line, if in one; returns the chosen move's ply (where steps go from)."""
        here = self.cursor
        self.line_step = 0
        return here

    def close(self) -> None:
        """Back to the game, where it was: the list was only a view."""
        self.session.show(None)
        self.host.close_scene(self)
        if self.on_close is not None:
            self.on_close()

    def play_on(self) -> None:
        """Play on from the position shown; the game it replaces comes back with Undo."""
        cursor = self.cursor
        self.session.show(None)
        self.host.close_scene(self)
        if self.session.play_from(cursor):
            placed = sum(1 for sq in self.session.game.moves[:cursor] if sq != PASS)
            self.reply(
                _("Playing on after move {n}: U brings back the game as it was.").format(n=placed)
            )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in VIEW_KEYS:
                return False
            if event.key in STEPS and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
                self.step_line(self.line_step + STEPS[event.key])
            elif event.key in STEPS:
                self.session.show_ply(self.leave_line() + STEPS[event.key])
            elif event.key == pygame.K_HOME:
                self.leave_line()
                self.session.show_ply(0)
            elif event.key == pygame.K_END:
                self.leave_line()
                self.session.show_ply(len(self.session.game.moves))
            elif event.key in CLOSE:
                self.close()
            elif event.key in PLAY_ON:
                self.play_on()
            elif event.key == pygame.K_r:
                self.host.review()  # the game, whatever position is shown
            return True  # view only: no other key acts while browsing
        if event.type == pygame.MOUSEBUTTONDOWN:
            on_board = self.host.layout.board.collidepoint(event.pos)
            if event.button == 1 and on_board and self.line_step:
                self.step_line(0)  # the board shows the line: back to the move's position
                return True
            if event.button == 1 and on_board:
                self.play_on()  # play on from here: the click is a move on this position
                return False
            if event.button == 1 and self.play_button.collidepoint(event.pos):
                self.play_on()
                return True
            ply = point_near(self.graph_xs, event.pos[0])
            if event.button == 1 and self.graph_rect.collidepoint(event.pos) and ply is not None:
                self.leave_line()
                self.session.show_ply(ply)
                return True
            if event.button == 1:
                for rect, step in self.line_cells:
                    if rect.collidepoint(event.pos):
                        self.step_line(step)
                        return True
                for rect, cursor in self.cells:
                    if rect.collidepoint(event.pos):
                        self.leave_line()
                        self.session.show_ply(cursor)
                        break
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.TEXTINPUT)

    @property
    def reviewed(self) -> dict[int, MoveReview]:
        return self.verdicts()

    def spoken(self) -> str:
        """The move shown: "move 23, White g4, inaccuracy, 2 discs" and the coach's why once
        reviewed, else the move and what it turned; the start's side to move at move 0."""
        board = self.session.shown.board
        verdict = None if self.line_step else self.reviewed.get(self.cursor)
        if verdict is None:
            if not board.history:
                return said.spoken(said.to_move_words(board))
            return said.spoken(said.last_move_words(board))
        words = said.judged_move_words(
            verdict.number, verdict.color, verdict.played, verdict.mark, verdict.loss
        )
        return said.spoken(words, review_why(verdict) if verdict.loss > 0 else "")

    def draw(self, surface: pygame.Surface) -> None:
        room = self.host.layout.panel
        card(surface, room, alpha=255)
        text = self.host.text
        size = scaled(min(16, room.width // 16))
        line = int(size * 1.5)
        pad = size
        share = self.progress()
        heading = (
            [_("Moves · view only"), pgettext("move list", "Moves")]
            if share is None
            else [_("Reviewing… R stops"), _("Reviewing…")]
        )
        if share is None and self.reviewed:
            heading = [
                _("Moves · scores for Black"),
                _("Scores for Black"),
                pgettext("move list", "Moves"),
            ]
        self.heading = text.fit(
            heading, room.width - 2 * pad, size + 2, bold=True
        )  # clear of the edge
        title = text.render(*self.heading, palette.now.text, bold=True)
        surface.blit(title, (room.left + pad, room.top + pad))
        if share is not None:  # the review's bar under the title
            bar = pygame.Rect(room.left + pad, room.top + pad + line + 4, room.width - 2 * pad, 4)
            draw_bar(surface, bar, share)
        foot = [_("←/→ Home/End · M: back to the game · Enter: play on from here · R: review"),
                _("←/→ · M: back · Enter: play on · R: review"), _("M: back · Enter: play on"),
                _("M: back")]  # fmt: skip
        if self.reviewed:  # the line to step through is the news
            foot = [_("←/→ Home/End · Shift+←/→: the line · M: back · Enter: play on"),
                    _("←/→ · Shift+←/→: the line · M: back"), _("Shift+←/→: line · M: back"),
                    _("M: back")]  # fmt: skip
        foot_text, foot_size = text.fit(foot, room.width - 2 * pad, max(MIN_TEXT, size - 2))
        hint = text.render(foot_text, foot_size, palette.now.text_dim)
        surface.blit(hint, (room.left + pad, room.bottom - pad - hint.get_height()))
        self._draw_play_button(surface, room, size, room.bottom - pad - hint.get_height() - 6)
        top = room.top + pad + 2 * line
        self.line_cells, self.why = [], ""
        if self.reviewed:  # the chosen move's words and line, then the review's summary
            top = self._draw_why(surface, room, top, size)
        if self.reviewed:  # the review's summary above the marked moves, while 3 rows remain
            small = max(MIN_TEXT, size - 3)
            summary = review_lines(list(self.reviewed.values()), self.session.game)
            room_left = self.play_button.top - 6 - top - 3 * line - line // 2
            summary = summary[: max(0, room_left // int(small * 1.5))]
            for words in summary:
                fitted, px = text.fit(words, room.width - 2 * pad, small)
                surface.blit(text.render(fitted, px, palette.now.text_dim), (room.left + pad, top))
                top += int(small * 1.5)
            top += line // 2 if summary else 0
        listed = pygame.Rect(room.left + pad, top, room.width - 2 * pad, 0)
        listed.height = self.play_button.top - 6 - top
        listed = self._draw_graph(surface, listed, size)
        rows_fit = max(1, listed.height // line)
        per_column = size * (12 if self.reviewed else 6)  # marked rows are longer
        columns = max(1, min(4, listed.width // per_column))
        shown = self._window(entries(self.session, self.reviewed), rows_fit * columns)
        col_w = listed.width // columns
        self.cells = []
        cursor = self.cursor
        for i, (after, label) in enumerate(shown):
            x = room.left + pad + (i // rows_fit) * col_w
            y = top + (i % rows_fit) * line
            rect = pygame.Rect(x - 4, y - 2, col_w - 8, line - 2)
            self.cells.append((rect, after))
            if after == cursor:  # the move played from the position shown
                pygame.draw.rect(surface, palette.now.cursor, rect, width=2, border_radius=4)
            colour = (
                palette.now.text if after <= cursor else palette.now.text_dim
            )  # later moves dimmed
            face = text.render(label, size, colour)  # centred on its row: a CJK font is taller
            surface.blit(face, face.get_rect(midleft=(x, rect.centery)))

    def _draw_why(self, surface: pygame.Surface, room: pygame.Rect, top: int, size: int) -> int:
        """The chosen move's words (what it lost and why) and its line, each move of which
        a click steps to, the one shown framed; returns where the rest goes."""
        text, pad = self.host.text, size
        small = max(MIN_TEXT, size - 2)
        small_line = int(small * 1.4)
        width = room.width - 2 * pad
        verdict = self.reviewed.get(self.cursor)
        if verdict is None:
            words = [_("Choose a judged move to see why it lost."), _("Choose a judged move.")]
            fitted, px = text.fit(words, width, small)
            surface.blit(text.render(fitted, px, palette.now.text_dim), (room.left + pad, top))
            return top + small_line + small_line // 2
        self.why = chosen_words(verdict)
        room_left = self.play_button.top - 6 - top - 4 * int(size * 1.5) - small_line
        lines = max(2, min(WHY_LINES, room_left // small_line))
        wrapped, px = text.fit_lines(self.why, width, lines, small)
        for part in wrapped:
            surface.blit(text.render(part, px, palette.now.text), (room.left + pad, top))
            top += int(px * 1.4)
        line = self.chosen_line()
        if len(line) > 1:
            top = self._draw_line(surface, room, top + small_line // 4, small, line, pad)
        return top + small_line // 2

    def _draw_line(
        self,
        surface: pygame.Surface,
        room: pygame.Rect,
        top: int,
        size: int,
        line: list[int],
        pad: int,
    ) -> int:
        """The word "Line:", the move played (dimmed), then the engine's line after it, the move
        last shown on the board framed: as many as fit, the one shown among them."""
        text = self.host.text
        label = text.render(_("Line:"), size, palette.now.text_dim)
        x, height = room.left + pad, int(size * 1.6)
        surface.blit(label, label.get_rect(midleft=(x, top + height // 2)))
        x += label.get_width() + size // 2
        cell = text.width("h8", size, True) + size // 2
        fit = max(1, (room.right - pad - x) // cell)
        first = max(0, min(self.line_step - fit, len(line) - fit))  # the shown one in view
        for i, sq in enumerate(line[first : first + fit], start=first):
            rect = pygame.Rect(x + (i - first) * cell, top, cell - 2, height)
            self.line_cells.append((rect, i + 1))
            colour = palette.now.text_dim if i == 0 else palette.now.text
            face = text.render(square_name(sq), size, colour, bold=i > 0)
            surface.blit(face, face.get_rect(center=rect.center))
            if i + 1 == self.line_step:
                pygame.draw.rect(surface, palette.now.cursor, rect, width=2, border_radius=4)
        return top + height

    def _draw_graph(self, surface: pygame.Surface, listed: pygame.Rect, size: int) -> pygame.Rect:
        """The evaluation graph (the panel's is under the list) where there is room: below
        the moves in a tall list, beside them in a wide one. Returns the room left for moves."""
        graph = self.graph()
        self.graph_xs = []
        if not graph:
            return listed
        if listed.height >= 240:  # the smallest window (a 204 px panel) has 255
            height = min(120, listed.height // 3)
            rect = pygame.Rect(listed.left, listed.bottom - height, listed.width, height)
            rest = pygame.Rect(listed.left, listed.top, listed.width, listed.height - height - 8)
        elif listed.width >= 2.5 * listed.height and listed.height >= 60:
            width = listed.width * 2 // 5
            rect = pygame.Rect(listed.right - width, listed.top, width, listed.height)
            rest = pygame.Rect(listed.left, listed.top, listed.width - width - 12, listed.height)
        else:
            return listed
        self.graph_rect = rect
        text = self.host.text
        small = max(MIN_TEXT, size - 4)
        cursor = self.cursor
        self.graph_xs = draw_graph(surface, text, rect, graph, cursor, small, chosen=cursor + 1)
        return rest

    def _draw_play_button(
        self, surface: pygame.Surface, room: pygame.Rect, size: int, bottom: int
    ) -> None:
        """ "Play from here": for the mouse, what Enter does."""
        text = self.host.text
        label, fitted = text.fit([_("Play from here"), _("Play on")], room.width // 2, size, True)
        rendered = text.render(label, fitted, palette.now.text, bold=True)
        self.play_button = rendered.get_rect().inflate(2 * size, size)
        self.play_button.bottomleft = (room.left + size - 4, bottom)
        hover = self.play_button.collidepoint(self.host.mouse)
        colour = palette.now.button_hover if hover else palette.now.accent
        button(surface, colour, self.play_button, 6)
        surface.blit(rendered, rendered.get_rect(center=self.play_button.center))

    def _window(self, rows: list[tuple[int, str]], room: int) -> list[tuple[int, str]]:
        """The rows to draw: all of them, or as many as fit around the current move."""
        if len(rows) <= room:
            return rows
        current = self.cursor
        start = max(0, min(current - room // 2, len(rows) - room))
        return rows[start : start + room]
