"""Puzzles mode (Z, or the Puzzles button): find the best move in a position from your own
mistakes or from the FForum set, over the panel like the position editor.

The board shows the puzzle's position and nothing moves on; a click on a legal square is the
answer. The answer is judged against every move's score: the FForum positions carry their
exact results; for a position from a game, a search of its own (a second search process, at
the hint's level: exact within the solver's reach) scores every move while the player thinks.
A wrong answer shows the better move and, once the search has found it, its line. Enter or
a click goes on to the next puzzle; Esc closes and puts the game back as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..app.puzzle_store import PuzzleFile
from ..board import Board
from ..game import Game
from ..levels import ANALYSIS
from ..notation import parse_move, square_name
from ..puzzles import Puzzle, PuzzleQueue, Verdict, judge
from . import theme
from .host import PlayHost
from .scenes import Scene, card
from .session import Session
from .text import MIN_TEXT
from .worker import SearchWorker

KEYS = {
    pygame.K_RETURN: "next",
    pygame.K_KP_ENTER: "next",
    pygame.K_SPACE: "next",
    pygame.K_ESCAPE: "close",
    pygame.K_z: "close",
}
BUTTONS = (("next", "Next", "Enter"), ("close", "Close", "Esc"))
RIGHT, WRONG = (90, 200, 120), (232, 72, 56)


class PuzzleOverlay(Scene):
    """One puzzle at a time from the queue; the answers are saved as they are given."""

    def __init__(
        self,
        host: PlayHost,
        session: Session,
        tell: Callable[[str], None],
        file: PuzzleFile | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.host, self.session, self.tell = host, session, tell
        self.on_close = on_close  # e.g. the end card, put back over the finished game
        self.file = file or PuzzleFile()
        self.queue: PuzzleQueue
        self.queue, notice = self.file.load()
        if notice is not None:
            tell(notice)
        self.original = session.game
        session.browsing = True
        self.worker = SearchWorker(getattr(host, "engine_factory", None))
        self.buttons: dict[str, pygame.Rect] = {}
        self.puzzle: Puzzle | None = None
        self.scores: dict[str, int] | None = None
        self.exact = False
        self.pending: str | None = None  # a move clicked before the scores came
        self.verdict: Verdict | None = None
        self.line: list[str] = []
        self.show_next()

    # ----- the queue ---------------------------------------------------------------------

    def show_next(self) -> None:
        """The next puzzle on the board, and its moves being scored if they must be."""
        self.worker.cancel()
        self.puzzle = self.queue.next()
        self.verdict, self.pending, self.line = None, None, []
        if self.puzzle is None:
            return
        board = Board.from_string(self.puzzle.position)
        self.session.game = Game(board)
        if set(self.puzzle.scores) >= set(board.legal_moves()):
            self.scores, self.exact = dict(self.puzzle.scores), True
        else:
            self.scores = None
            self.worker.analyze(board, ANALYSIS.number)

    def answer(self, square: int) -> None:
        """A click on the board: the answer (judged now, or as soon as the scores come)."""
        if self.puzzle is None or self.verdict is not None or self.pending is not None:
            return
        board = self.session.board
        if not board.is_legal(square):
            self.tell(f"{square_name(square)} is not a legal move here.")
            return
        self.pending = square_name(square)
        if self.scores is not None or self._known(self.pending):
            self._judge()

    def _known(self, move: str) -> bool:
        """The move is one whose exact score the puzzle carries (a game's best and played
        move, reviewed exactly): judged on those, as the stake says, not on a search."""
        p = self.puzzle
        return p is not None and p.exact and p.best in p.scores and move in p.scores

    def _judge(self) -> None:
        assert self.puzzle is not None and self.pending is not None
        if self._known(self.pending):
            self.verdict = judge(self.pending, self.puzzle.scores, exact=True)
        else:
            assert self.scores is not None
            self.verdict = judge(self.pending, self.scores, self.exact)
        self.pending = None
        self.queue.answer(self.puzzle, self.verdict.right)
        problem = self.file.save(self.queue)
        if problem is not None:
            self.tell(problem)
        if not self.verdict.right:  # the better line, searched while the player reads
            self.worker.think(self.session.board, ANALYSIS.number)

    def update(self, dt: float) -> None:
        outcome = self.worker.poll()
        if outcome is None:
            return
        if outcome.error is not None:
            self.tell("The puzzle's search failed; the answer cannot be checked. Enter: next.")
            return
        if outcome.kind == "analyze":
            self.scores = {m.move: m.score for m in outcome.value}
            self.exact = all(m.exact for m in outcome.value)
            if self.pending is not None:
                self._judge()
        elif outcome.kind == "think" and self.verdict is not None:
            self.line = list(getattr(outcome.value, "pv", []))

    # ----- events ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for action, rect in self.buttons.items():
                if rect.collidepoint(event.pos):
                    self.do(action)
                    return True
            square = self.host.layout.square_at(event.pos)
            if square is not None:
                if self.verdict is not None:
                    self.do("next")
                else:
                    self.answer(square)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in KEYS:
                self.do(KEYS[event.key])
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def do(self, action: str) -> None:
        """Next (after an answer; before one, a skip: the puzzle comes after the next answer)
        or close."""
        if action == "close":
            self.close()
            return
        if self.verdict is None and self.puzzle is not None:
            self.queue.postpone(self.puzzle)
            self.pending = None
        self.show_next()

    def close(self) -> None:
        self.worker.shutdown()
        self.session.game = self.original
        self.session.browsing = False
        self.host.close_scene(self)
        if self.on_close is not None:
            self.on_close()

    # ----- drawing -----------------------------------------------------------------------

    def lines(self) -> list[tuple[str, Any]]:
        """What the card says, each line with its colour."""
        due, solved, total = self.queue.due_count(), self.queue.solved(), len(self.queue.puzzles)
        out: list[tuple[str, Any]] = [(f"{due} due · {solved} of {total} solved", theme.TEXT_DIM)]
        p = self.puzzle
        if p is None:
            return [*out, ("No puzzles.", theme.TEXT)]
        out.append((p.origin, theme.TEXT_DIM))
        out.append((f"{p.side.capitalize()} to move: find the best move", theme.TEXT))
        out.append((p.stake(), theme.TEXT))
        if self.pending is not None:
            out.append((f"{self.pending}: checking…", theme.TEXT_DIM))
        elif self.verdict is not None:
            colour = RIGHT if self.verdict.right else WRONG
            out.append((self.verdict.text(), colour))
            if not self.verdict.right:
                line = " ".join(self.line[:8]) if self.line else "searching…"
                out.append((f"Better line: {line}", theme.TEXT))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        self._mark_squares(surface)
        room = self.host.layout.panel
        card(surface, room, alpha=255)
        text = self.host.text
        size = max(MIN_TEXT, min(16, room.width // 18))
        pad, line_h = size, int(size * 1.5)
        y = room.top + pad
        title = text.render("Puzzles", size + 2, theme.TEXT, bold=True)
        surface.blit(title, (room.left + pad, y))
        y += int(line_h * 1.5)
        width = room.width - 2 * pad
        bottom = room.bottom - pad - int(size * 2.1) - pad
        for words, colour in self.lines():
            wrapped, px = text.fit_lines(words, width, 3, size)
            for part in wrapped:
                if y + line_h > bottom:
                    break
                surface.blit(text.render(part, px, colour), (room.left + pad, y))
                y += line_h
            y += line_h // 3
        self._draw_buttons(surface, room, size)

    def _mark_squares(self, surface: pygame.Surface) -> None:
        """After an answer: the answer framed (green right, red wrong), the best in gold."""
        if self.verdict is None:
            return
        layout = self.host.layout
        best = layout.square_rect(parse_move(self.verdict.best)).inflate(-4, -4)
        pygame.draw.rect(surface, theme.HINT_BEST, best, width=3, border_radius=6)
        mine = layout.square_rect(parse_move(self.verdict.move)).inflate(-10, -10)
        colour = RIGHT if self.verdict.right else WRONG
        pygame.draw.rect(surface, colour, mine, width=3, border_radius=6)

    def _draw_buttons(self, surface: pygame.Surface, room: pygame.Rect, size: int) -> None:
        text, gap = self.host.text, max(4, size // 2)
        width = (room.width - 2 * size - gap) // 2
        height = int(size * 2.1)
        self.buttons = {}
        for i, (action, label, key) in enumerate(BUTTONS):
            rect = pygame.Rect(room.left + size + i * (width + gap), room.bottom - size - height,
                               width, height)  # fmt: skip
            self.buttons[action] = rect
            hover = rect.collidepoint(self.host.mouse)
            fill = (
                theme.BUTTON_HOVER if hover else theme.ACCENT if action == "next" else theme.BUTTON
            )
            pygame.draw.rect(surface, fill, rect, border_radius=6)
            fitted, px = text.fit([f"{label} ({key})", label], rect.width - 8, size)
            shown = text.render(fitted, px, theme.TEXT)
            surface.blit(shown, shown.get_rect(center=rect.center))
