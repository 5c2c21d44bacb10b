"""Puzzles mode (Z, or the Puzzles button): find the best move in a position from your own
mistakes or from the FForum set, over the panel like the position editor.

The board shows the puzzle's position (a view: the game is untouched) and nothing moves on;
a click on a legal square is the answer. The answer is judged against every move's score, one
judgement stated once: the FForum positions carry their exact results, a puzzle from a review
carries the review's own scores (every move, at the review's depth), and what a puzzle lacks
is scored the review's way (``review.score_moves``, in a search process of its own) while the
player thinks. A wrong answer shows the best move and, once searched, the line after it, and
says why the answer is worse (``study.coach`` on the answer, the best move and the line the
same search finds after the answer); the player may try again (not counted), and Enter goes
on to the next puzzle. Esc closes and the
game is back as it was. The explorer stays hidden here: it would give answers away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from othello.app.i18n import N_, _
from othello.app.search_service import JobFailed, JobKind, MoveChosen, MovesScored
from othello.app.speech import sentences as said
from othello.core.board import Board
from othello.core.game import Game
from othello.core.notation import parse_move, square_name
from othello.engine.levels import ANALYSIS
from othello.gui.model.puzzle_words import origin_text, stake_text, task_text, verdict_text
from othello.gui.model.session import Session
from othello.gui.model.why_words import why_against
from othello.gui.scenes.base import VIEW_KEYS, PlayHost, Scene
from othello.gui.services.puzzle_feed import PuzzleFeed
from othello.gui.services.worker import SearchWorker
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card
from othello.gui.widgets.marks import crossed_frame
from othello.gui.widgets.text import scaled
from othello.study.puzzles import Puzzle, PuzzleQueue, Verdict, judge

KEYS = {
    pygame.K_RETURN: "next",
    pygame.K_KP_ENTER: "next",
    pygame.K_SPACE: "next",
    pygame.K_ESCAPE: "close",
    pygame.K_z: "close",
}
BUTTONS = (("next", N_("Next"), "Enter"), ("close", N_("Close"), "Esc"))


class PuzzleOverlay(Scene):
    """One puzzle at a time from the queue; the answers are saved as they are given."""

    name = "puzzles"

    def __init__(
        self,
        host: PlayHost,
        session: Session,
        reply: Callable[[str], None],
        puzzles: PuzzleFeed,
        on_close: Callable[[], None] | None = None,
        first: Sequence[str] = (),
    ) -> None:
        """``puzzles`` keeps the window's queue: answers are written through it; the first
        of ``first`` (puzzle ids) it holds is shown first (the progress card's theme)."""
        self.host, self.session, self.reply = host, session, reply
        self.on_close = on_close  # e.g. the end card, put back over the finished game
        self.puzzles = puzzles
        self.queue: PuzzleQueue = puzzles.queue()
        self.known = len(self.queue.puzzles)  # a review that ends meanwhile adds to them
        self.worker = SearchWorker(getattr(host, "engine_factory", None))
        self.buttons: dict[str, pygame.Rect] = {}
        self.puzzle: Puzzle | None = None
        self.scores: dict[str, int] | None = None
        self.exact = False
        self.pending: str | None = None  # a move clicked before the scores came
        self.verdict: Verdict | None = None
        self.typed_column: int | None = None  # a square's letter typed, its digit to come
        self.tries = 0  # answers given to this puzzle (only the first one counts)
        self.line: list[str] = []
        self.after: dict[str, list[str]] = {}  # each wrong answer's line after it, once searched
        self.searching: str | None = None  # the move whose line after it is being searched
        self.said = ""  # why the last wrong answer is worse, as last shown
        self.show_next(first)

    # ----- the queue ---------------------------------------------------------------------

    def show_next(self, first: Sequence[str] = ()) -> None:
        """The next puzzle on the board (the first of ``first`` the queue holds, if any), and
        its moves being scored if they must be."""
        self.worker.cancel()
        chosen = self.queue.first_of(first)
        if first and chosen is None:
            self.reply(_("That mistake's puzzle is not among your puzzles: the next one instead."))
        self.puzzle = chosen or self.queue.next()
        self.verdict, self.pending, self.line, self.tries = None, None, [], 0
        self.after, self.searching, self.said = {}, None, ""
        if self.puzzle is None:
            self.session.show(Game(self.session.board), "puzzle")  # nothing moves on here
            return
        board = Board.from_string(self.puzzle.position)
        self.session.show(Game(board), "puzzle")
        if set(self.puzzle.scores) >= set(board.legal_moves()):
            self.scores, self.exact = dict(self.puzzle.scores), self.puzzle.exact
        else:
            self.scores = None
            self.worker.judge(board)  # what the puzzle lacks, scored the review's way

    @property
    def board(self) -> Board:
        """The puzzle's position, as shown."""
        return self.session.shown.board

    def answer(self, square: int) -> None:
        """A click on the board: the answer (judged now, or as soon as the scores come);
        after a wrong answer, another try; after a right one, nothing until Enter."""
        if self.puzzle is None or self.pending is not None:
            return
        if self.verdict is not None and self.verdict.right:
            self.reply(_("Solved. Enter: the next puzzle."))
            return
        if not self.board.is_legal(square):
            self.reply(_("{square} is not a legal move here.").format(square=square_name(square)))
            return
        self.pending = square_name(square)
        if self.scores is not None:
            self._judge()

    def _judge(self) -> None:
        """The pending answer against every move's score; the first answer counts in the
        queue, and a wrong one has the line after the best move searched."""
        assert self.puzzle is not None and self.pending is not None and self.scores is not None
        self.verdict = judge(self.pending, self.scores, self.exact)
        self.pending = None
        self.tries += 1
        if self.tries == 1:
            self.queue.answer(self.puzzle, self.verdict.right)
            self.puzzles.save()
        if not self.verdict.right:  # searched while the player reads
            self._search_lines()

    def _search_lines(self) -> None:
        """The lines a wrong answer wants, one search at a time: after the best move (shown),
        then after the answer (why it is worse: a corner the line takes)."""
        verdict = self.verdict
        if verdict is None or verdict.right or self.searching is not None:
            return
        for move in (verdict.best, verdict.move):
            known = self.line if move == verdict.best else self.after.get(move)
            if known:
                continue
            after = self.board.copy()
            after.push_square(parse_move(move))
            if after.is_game_over():  # nothing follows: the line is the move alone
                self._found_line(move, [])
                continue
            self.searching = move
            self.worker.think(after, ANALYSIS.number)
            return

    def _found_line(self, move: str, pv: list[str]) -> None:
        """The line after ``move`` has come: the best line shown, or an answer's kept."""
        assert self.verdict is not None
        if move == self.verdict.best:
            self.line = [move, *pv]
        else:
            self.after[move] = [move, *pv]

    def why_wrong(self) -> str | None:
        """Why the wrong answer is worse than the best move, once the line after it is
        known (None before, or for a right answer)."""
        verdict = self.verdict
        if verdict is None or verdict.right or verdict.move not in self.after:
            return None
        line = [parse_move(m) for m in self.after[verdict.move][1:]]
        loss = verdict.best_score - verdict.score
        move, best = parse_move(verdict.move), parse_move(verdict.best)
        return why_against(self.board, move, best, loss, line)

    def update(self, dt: float) -> None:
        outcome = self.worker.poll()
        if outcome is None:
            return
        if isinstance(outcome, JobFailed):
            self.reply(_("The puzzle's search failed; the answer cannot be checked. Enter: next."))
            return
        if isinstance(outcome, MovesScored) and outcome.kind is JobKind.JUDGE:
            if self.puzzle is not None:
                judged = {m.move: m.score for m in outcome.moves}
                self.scores = {**judged, **self.puzzle.scores}  # the puzzle's own stand
                self.exact = all(m.exact for m in outcome.moves) and (
                    self.puzzle.exact or not self.puzzle.scores
                )
                if self.pending is not None:
                    self._judge()
        elif (
            isinstance(outcome, MoveChosen)
            and outcome.kind is JobKind.THINK
            and self.verdict is not None
        ):
            move, self.searching = self.searching, None
            if move is not None:
                self._found_line(move, list(outcome.result.pv))
            self._search_lines()

    # ----- events ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for action, rect in self.buttons.items():
                if rect.collidepoint(event.pos):
                    self.do(action)
                    return True
            square = self.host.layout.square_at(event.pos)
            if square is not None:
                self.answer(square)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in VIEW_KEYS:
                return False  # the play scene's: help, and the explorer's word on puzzles
            if event.key in KEYS:
                self.do(KEYS[event.key])
            elif pygame.K_a <= event.key <= pygame.K_h:  # an answer typed: d, then 3
                self.typed_column = event.key - pygame.K_a
            elif pygame.K_1 <= event.key <= pygame.K_8 and self.typed_column is not None:
                self.answer((event.key - pygame.K_1) * 8 + self.typed_column)
                self.typed_column = None
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
        self.session.show(None)
        self.host.close_scene(self)
        if self.on_close is not None:
            self.on_close()

    # ----- drawing -----------------------------------------------------------------------

    def spoken(self) -> str:
        """The card's words in reading order: the puzzle, then the verdict and why."""
        return said.spoken(*(words for words, _colour in self.lines()))

    def lines(self) -> list[tuple[str, Any]]:
        """What the card says, each line with its colour."""
        due, solved, total = self.queue.due_count(), self.queue.solved(), len(self.queue.puzzles)
        counts = _("{due} due · {solved} of {total} solved").format(
            due=due, solved=solved, total=total
        )
        if total > self.known:  # why the count just grew
            counts = _("{counts} · {n} new from your game").format(
                counts=counts, n=total - self.known
            )
        out: list[tuple[str, Any]] = [(counts, palette.now.text_dim)]
        p = self.puzzle
        if p is None:
            return [*out, (_("No puzzles."), palette.now.text)]
        out.append((origin_text(p), palette.now.text_dim))
        out.append((task_text(p), palette.now.text))
        out.append((stake_text(p), palette.now.text))
        if self.pending is not None:
            out.append((_("{move}: checking…").format(move=self.pending), palette.now.text_dim))
        elif self.verdict is not None:
            colour = palette.now.right if self.verdict.right else palette.now.wrong
            out.append((verdict_text(self.verdict), colour))
            self.said = self.why_wrong() or ""
            if self.said:
                out.append((self.said, palette.now.text))
            if not self.verdict.right:
                line = " ".join(self.line[:8]) if self.line else _("searching…")
                out.append((_("Best line: {line}").format(line=line), palette.now.text))
                out.append(
                    (_("Click another move to try again, or Enter: next."), palette.now.text_dim)
                )
            elif self.tries > 1:
                out.append((_("Found on a later try: counted as missed."), palette.now.text_dim))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        self._mark_squares(surface)
        room = self.host.layout.panel
        card(surface, room, alpha=255)
        text = self.host.text
        size = scaled(min(16, room.width // 18))
        pad, line_h = size, int(size * 1.5)
        y = room.top + pad
        title = text.render(_("Puzzles"), size + 2, palette.now.text, bold=True)
        surface.blit(title, (room.left + pad, y))
        y += int(line_h * 1.5)
        width = room.width - 2 * pad
        bottom = room.bottom - pad - int(size * 2.1) - pad
        for words, colour in self.lines():
            most = 5 if words == self.said else 3  # why takes a sentence or two
            wrapped, px = text.fit_lines(words, width, most, size)
            for part in wrapped:
                if y + line_h > bottom:
                    break
                surface.blit(text.render(part, px, colour), (room.left + pad, y))
                y += line_h
            y += line_h // 3
        self._draw_buttons(surface, room, size)

    def _mark_squares(self, surface: pygame.Surface) -> None:
        """After an answer: the answer framed (sky blue right, crossed out in vermillion
        wrong), the best in yellow."""
        if self.verdict is None:
            return
        layout = self.host.layout
        best = layout.square_rect(parse_move(self.verdict.best)).inflate(-4, -4)
        pygame.draw.rect(surface, palette.now.hint_best, best, width=3, border_radius=6)
        mine = layout.square_rect(parse_move(self.verdict.move)).inflate(-10, -10)
        if self.verdict.right:
            pygame.draw.rect(surface, palette.now.right, mine, width=3, border_radius=6)
        else:
            crossed_frame(surface, palette.now.wrong, mine, 3)

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
                palette.now.button_hover
                if hover
                else palette.now.accent
                if action == "next"
                else palette.now.button
            )
            button(surface, fill, rect, 6)
            name = _(label)
            fitted, px = text.fit([f"{name} ({key})", name], rect.width - 8, size)
            shown = text.render(fitted, px, palette.now.text)
            surface.blit(shown, shown.get_rect(center=rect.center))
