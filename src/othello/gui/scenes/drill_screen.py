"""The Drills screen (from the Game card): an opening's line played against the computer,
over the panel like Puzzles.

First the openings to choose from ("my openings", then the 76 named ones, each with how well
it is known) and the side to play; the board shows the chosen opening's own moves. Then the
drill: the computer plays its side of the line after a short pause, a click answers. A right
answer is played on; a wrong one is crossed out, the line's move framed, with the explorer's
figures for both and the engine's scores of both (the review's own scoring, in a search
process of the screen's own), and Enter (or a click on the line's move) plays the line on.
Each answer is saved as it is given (``DrillFeed``). Esc goes back to the openings, and from
there closes: the game is back as it was. The explorer stays hidden: it would give answers
away.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from othello.app.i18n import _, pgettext
from othello.app.search_service import JobKind, MovesScored
from othello.app.speech import sentences as said
from othello.core.bitboard import Square
from othello.core.board import Board, Color
from othello.core.game import Game
from othello.core.notation import square_name
from othello.gui.model import drill_words as words
from othello.gui.model.session import Session
from othello.gui.scenes.base import VIEW_KEYS, PlayHost, Scene
from othello.gui.services.drill_feed import DrillFeed
from othello.gui.services.worker import SearchWorker
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card
from othello.gui.widgets.marks import crossed_frame
from othello.gui.widgets.text import scaled
from othello.study.drills import (
    MINE,
    Answer,
    Drill,
    DrillChoice,
    Line,
    Tree,
    figures,
    line_text,
    named_choices,
)
from othello.study.explorer import MoveStats
from othello.study.named_openings import load_openings, opening_of

COMPUTER_SECONDS = 0.6
"""The computer's move waits this long, so the player sees the answer land first."""
STEPS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}
Buttons = tuple[tuple[str, Callable[[], str], str], ...]
"""A card's two buttons: the action, its words (looked up as drawn), its key."""
CHOOSING: Buttons = (
    # Translators: the button that starts a drill of the opening chosen
    ("start", lambda: pgettext("drill", "Start"), "Enter"),
    ("close", lambda: _("Close"), "Esc"),
)
DRILLING: Buttons = (("next", lambda: _("Next"), "Enter"), ("back", lambda: _("Openings"), "Esc"))

Lines = list[tuple[str, tuple[int, int, int]]]


def game_of(moves: list[Square] | Line) -> Game:
    """The moves from the start as a game, so the board marks the last one."""
    game = Game()
    for sq in moves:
        game.play(sq)
    return game


class DrillScreen(Scene):
    """The openings to choose from, then one drill at a time; answers saved as given."""

    name = "drills"

    def __init__(
        self,
        host: PlayHost,
        session: Session,
        feed: DrillFeed,
        reply: Callable[[str], None],
    ) -> None:
        self.host, self.session, self.feed, self.reply = host, session, feed, reply
        self.rng = random.Random()  # a test seeds it: the computer's choices are its draws
        self.worker = SearchWorker(getattr(host, "engine_factory", None))
        self.choices: list[DrillChoice] = [
            DrillChoice(MINE, Tree({})),
            *named_choices(load_openings()[0]),
        ]
        self.mine_read = False
        self.selected, self.top, self.shown_rows = 0, 0, 1
        self.side: Color = "black"
        self.drill: Drill | None = None
        self.answer: Answer | None = None  # the last answer, shown until the computer moves
        self.played: Square | None = None  # the computer's last move
        self.typed_column: int | None = None  # an answer's letter typed, its digit to come
        self.wait = 0.0
        self.scores: dict[str, int] | None = None  # the engine's, after a wrong answer
        self.figures: dict[Square, MoveStats] = {}
        self.buttons: dict[str, pygame.Rect] = {}
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.drawn: list[str] = []  # the card's words as last drawn (tests)
        self._known: dict[tuple[str, Color], float] = {}  # each opening's share, this turn
        self._known_turn = -1
        feed.schedule()  # read now, while the player chooses
        feed.my_lines(self._mine)
        self._preview()

    # ----- choosing -----------------------------------------------------------------------

    @property
    def choice(self) -> DrillChoice:
        return self.choices[self.selected]

    def _mine(self, lines: list[Line]) -> None:
        self.choices[0] = DrillChoice(MINE, Tree.of(lines))
        self.mine_read = True
        self._known.clear()

    def known(self, choice: DrillChoice) -> float | None:
        """How well ``choice`` is known for the side chosen (None before the schedule is
        read, or before any of its positions was answered)."""
        schedule = self.feed.schedule()
        if schedule is None:
            return None
        if self._known_turn != schedule.turn:  # an answer since: worked out again
            self._known.clear()
            self._known_turn = schedule.turn
        key = (choice.key, self.side)
        if key not in self._known:
            positions = choice.tree.positions(self.side)
            answered = any(line_text(p) in schedule.cards for p in positions)
            self._known[key] = schedule.known(positions) if answered else -1.0
        share = self._known[key]
        return None if share < 0 else share

    def select(self, index: int) -> None:
        self.selected = max(0, min(len(self.choices) - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.shown_rows:
            self.top = self.selected - self.shown_rows + 1
        self._preview()

    def _preview(self) -> None:
        """The chosen opening's own moves on the board."""
        self.session.show(game_of(self.choice.line), "drill-view")

    def choose_side(self, side: Color) -> None:
        self.side = side

    def start(self) -> None:
        """The chosen opening, from the start."""
        schedule = self.feed.schedule()
        if schedule is None:
            self.reply(words.reading_text())
            return
        choice = self.choice
        if not choice.tree.moves:
            self.reply(words.no_games_text())
            return
        self.drill = Drill(choice.tree, self.side, schedule, self.rng)
        self.answer, self.played, self.scores, self.figures = None, None, None, {}
        self.wait = COMPUTER_SECONDS
        self._show()

    # ----- drilling -----------------------------------------------------------------------

    def _show(self) -> None:
        """The drill's moves on the board: a question (the side to move's rings, the
        explorer hidden) while the player is to answer, else a plain view."""
        if self.drill is not None:
            asking = self.drill.players_turn()
            self.session.show(game_of(self.drill.moves), "drill" if asking else "drill-view")

    def click_square(self, square: Square) -> None:
        """The player's answer; after a wrong one, the line's move goes on."""
        drill = self.drill
        if drill is None:
            return
        if drill.waiting is not None:
            if square == drill.waiting.expected:
                self.go_on()
            return
        if not drill.players_turn():
            return
        if not drill.board.is_legal(square):
            self.reply(_("{square} is not a legal move here.").format(square=square_name(square)))
            return
        board = drill.board.copy()
        self.answer = drill.answer(square)
        self.played = None
        self.feed.save()
        if self.answer.right:
            self.wait = COMPUTER_SECONDS
        else:
            self.figures = figures(board)
            self.scores = None
            self.worker.judge(board)  # both moves scored, as the review scores them
        self._show()

    def go_on(self) -> None:
        """After a wrong answer: the line's move, and the computer's after it."""
        if self.drill is not None and self.drill.go_on() is not None:
            self.answer, self.scores = None, None
            self.worker.cancel()
            self.wait = COMPUTER_SECONDS
            self._show()

    def update(self, dt: float) -> None:
        self.feed.schedule()  # the library's answer, once it comes
        outcome = self.worker.poll()
        if isinstance(outcome, MovesScored) and outcome.kind is JobKind.JUDGE:
            self.scores = {m.move: m.score for m in outcome.moves}
        drill = self.drill
        if drill is None or not drill.computers_turn():
            return
        self.wait -= dt
        if self.wait <= 0:
            self.played = drill.computer_move()
            self.answer = None
            self._show()

    # ----- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL and self.drill is None:
            self.select(self.selected - int(event.y))  # the chosen one moves, the list follows
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in VIEW_KEYS:
                return False  # the play scene's: help, and the explorer's word on drills
            self.key(event.key)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def click(self, pos: tuple[int, int]) -> None:
        for action, rect in self.buttons.items():
            if rect.collidepoint(pos):
                self.do(action)
                return
        for index, rect in self.rows:
            if rect.collidepoint(pos):
                if index == self.selected:
                    self.start()  # a second click on the chosen opening starts it
                else:
                    self.select(index)
                return
        square = self.host.layout.square_at(pos)
        if square is not None:
            self.click_square(square)

    def key(self, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.do("next" if self.drill is not None else "start")
        elif key == pygame.K_ESCAPE:
            self.do("back" if self.drill is not None else "close")
        elif self.drill is None and key in STEPS:
            self.select(self.selected + STEPS[key])
        elif self.drill is None and key in (pygame.K_b, pygame.K_w):
            self.choose_side("black" if key == pygame.K_b else "white")
        elif self.drill is not None and pygame.K_a <= key <= pygame.K_h:
            self.typed_column = key - pygame.K_a  # an answer typed: d, then 3
        elif self.drill is not None and pygame.K_1 <= key <= pygame.K_8:
            if self.typed_column is not None:
                self.click_square((key - pygame.K_1) * 8 + self.typed_column)
            self.typed_column = None

    def do(self, action: str) -> None:
        """A button's or a key's action."""
        drill = self.drill
        if action == "close":
            self.close()
        elif action == "start":
            self.start()
        elif action in ("black", "white"):
            self.choose_side("black" if action == "black" else "white")
        elif action == "back":
            self.drill, self.answer = None, None
            self.worker.cancel()
            self._preview()
        elif action == "next" and drill is not None:
            if drill.waiting is not None:
                self.go_on()
            elif drill.over():
                self.start()

    def close(self) -> None:
        self.worker.shutdown()
        self.session.show(None)
        self.host.close_scene(self)

    # ----- what the card says -------------------------------------------------------------

    def lines(self) -> Lines:
        """The drill's words, each with its colour (the choosing card draws its own list)."""
        drill = self.drill
        if drill is None:
            return []
        choice = self.choice
        out: Lines = []
        positions = len(choice.tree.positions(self.side))
        out.append((words.known_text(self.known(choice), positions), palette.now.text_dim))
        if drill.moves:
            out.append((" ".join(square_name(sq) for sq in drill.moves), palette.now.text_dim))
        answer = self.answer
        if drill.waiting is not None and answer is not None:
            out += self._wrong(answer, drill.board)
        elif answer is not None and answer.right:
            out.append((words.right_text(square_name(answer.square)), palette.now.right))
        elif self.played is not None:
            out.append((words.computer_text(square_name(self.played)), palette.now.text_dim))
        if drill.over():
            named = opening_of(drill.line).name
            out.append(
                (words.end_text(named, drill.right, drill.right + drill.wrong), palette.now.text)
            )
            out.append((words.again_text(), palette.now.text_dim))
        elif drill.players_turn():
            out.append((words.prompt_text(self.side), palette.now.text))
        return out

    def _wrong(self, answer: Answer, board: Board) -> Lines:
        """A wrong answer: the line's move, both moves' figures and scores."""
        move, line = square_name(answer.square), square_name(answer.expected)
        side = board.side_to_move
        out: Lines = [(words.wrong_text(move, line), palette.now.wrong)]
        out.append(
            (words.figures_text(line, self.figures.get(answer.expected), side), palette.now.text)
        )
        out.append(
            (words.figures_text(move, self.figures.get(answer.square), side), palette.now.text)
        )
        scores = self.scores
        if scores is not None and line in scores and move in scores:
            out.append(
                (words.engine_text(line, scores[line], move, scores[move]), palette.now.text)
            )
        else:
            out.append((words.scoring_text(), palette.now.text_dim))
        out.append((words.sooner_text(line), palette.now.text_dim))
        return out

    # ----- drawing ------------------------------------------------------------------------

    def spoken(self) -> str:
        """The drill's words in reading order: the line, the verdict and the figures; while
        choosing, the chosen opening's name and how well it is known."""
        if self.drill is None:
            return said.spoken(*self._chosen_words())
        return said.spoken(*(text for text, _colour in self.lines()))

    def draw(self, surface: pygame.Surface) -> None:
        self._mark_squares(surface)
        room = self.host.layout.panel
        card(surface, room, alpha=255)
        size = scaled(min(16, room.width // 18))
        pad, line_h = size, int(size * 1.5)
        self.drawn, self.rows = [], []
        inner = room.inflate(-2 * pad, -2 * pad)
        bottom = inner.bottom - int(size * 2.1) - pad // 2
        if self.drill is None:
            self._draw_choosing(surface, inner, bottom, size)
            return
        title = words.title_text(self.choice.key, self.side)
        y = self._text(surface, title, inner, inner.top, size + 2, bold=True, rows=2)
        y += line_h // 3
        for text, colour in self.lines():
            if y + line_h > bottom:
                break
            y = self._text(surface, text, inner, y, size, colour, rows=3) + line_h // 4
        self._buttons(surface, inner, DRILLING, size)

    def _draw_choosing(
        self, surface: pygame.Surface, inner: pygame.Rect, bottom: int, size: int
    ) -> None:
        """The title, the side, the openings, and the chosen one's name and figures."""
        line_h = int(size * 1.5)
        title = _("Opening drills")
        y = self._text(surface, title, inner, inner.top, size + 2, bold=True, rows=2)
        y = self._sides(surface, inner, y + line_h // 3, size)
        name, known = self._chosen_words()
        text = self.host.text
        rows = len(text.fit_lines(name, inner.width, 2, size, True, trying=True)[0])
        rows += len(text.fit_lines(known, inner.width, 2, size, trying=True)[0])
        info = bottom - rows * line_h
        self._list(surface, inner, y + line_h // 3, info - line_h // 4, size)
        y = self._text(surface, name, inner, info, size, bold=True, rows=2)
        self._text(surface, known, inner, y, size, palette.now.text_dim, rows=2)
        self._buttons(surface, inner, CHOOSING, size)

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        inner: pygame.Rect,
        y: int,
        size: int,
        colour: tuple[int, int, int] = palette.now.text,
        bold: bool = False,
        rows: int = 1,
    ) -> int:
        """``text`` wrapped into ``rows`` lines at ``y``; the y below it."""
        self.drawn.append(text)
        return self.host.text.blit_lines(
            surface, text, inner.left, y, inner.width, rows, size, colour, bold
        )

    def _sides(self, surface: pygame.Surface, inner: pygame.Rect, y: int, size: int) -> int:
        """The side to play: "You play" and Black and White, the chosen one lit."""
        text, height = self.host.text, int(size * 2.1)
        label = _("You play")
        label_w = text.width(label, size) + size // 2
        if label_w > inner.width // 3:  # no room beside the buttons: the buttons alone
            label_w = 0
        else:
            shown = text.render(label, size, palette.now.text_dim)
            surface.blit(shown, shown.get_rect(midleft=(inner.left, y + height // 2)))
        gap = size // 2
        width = (inner.width - label_w - gap) // 2
        sides: tuple[Color, Color] = ("black", "white")
        for i, side in enumerate(sides):
            rect = pygame.Rect(inner.left + label_w + i * (width + gap), y, width, height)
            lit = side == self.side
            self._button(surface, rect, [words.side_word(side)], side, size, lit)
        return y + height

    def _list(
        self, surface: pygame.Surface, inner: pygame.Rect, top: int, bottom: int, size: int
    ) -> None:
        """The openings, as many as fit, the chosen one lit, each with how well it is
        known."""
        text = self.host.text
        row_h = int(size * 1.7)
        self.shown_rows = max(1, (bottom - top) // row_h)
        self.top = max(0, min(self.top, len(self.choices) - self.shown_rows))
        if self.selected < self.top or self.selected >= self.top + self.shown_rows:
            self.top = max(0, min(self.selected, len(self.choices) - self.shown_rows))
        for row in range(self.shown_rows):
            index = self.top + row
            if index >= len(self.choices):
                break
            choice = self.choices[index]
            rect = pygame.Rect(inner.left, top + row * row_h, inner.width, row_h - 2)
            self.rows.append((index, rect))
            chosen = index == self.selected
            if chosen:
                pygame.draw.rect(surface, palette.now.button_hover, rect, border_radius=4)
            share = self.known(choice)
            right = words.known_share(share) if share is not None else ""
            right_w = text.width(right, size) if right else 0
            name_room = rect.width - right_w - size
            name = words.choice_name(choice.key)
            dim = choice.key == MINE and not choice.tree.moves
            # cut short where narrow: the chosen one's whole name is written under the list
            fitted, px = text.fit(name, name_room, size, chosen, trying=True)
            colour = palette.now.text_dim if dim else palette.now.text
            shown = text.render(fitted, px, colour, bold=chosen)
            surface.blit(shown, shown.get_rect(midleft=(rect.left + size // 3, rect.centery)))
            if right:
                shown = text.render(right, size, palette.now.text_dim)
                surface.blit(shown, shown.get_rect(midright=(rect.right - size // 3, rect.centery)))

    def _chosen_words(self) -> tuple[str, str]:
        """Under the list: the chosen opening's whole name, and how well it is known or why
        it cannot start."""
        choice = self.choice
        name = words.choice_name(choice.key)
        if self.feed.schedule() is None:
            return name, words.reading_text()
        if choice.key == MINE and not choice.tree.moves:
            return name, words.no_games_text() if self.mine_read else words.reading_text()
        positions = len(choice.tree.positions(self.side))
        return name, words.known_text(self.known(choice), positions)

    def _buttons(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        labels: Buttons,
        size: int,
    ) -> None:
        gap, height = max(4, size // 2), int(size * 2.1)
        width = (inner.width - gap) // 2
        for i, (action, label, key) in enumerate(labels):
            rect = pygame.Rect(inner.left + i * (width + gap), inner.bottom - height, width, height)
            name = label()
            self._button(surface, rect, [f"{name} ({key})", name], action, size, i == 0)

    def _button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        forms: list[str],
        action: str,
        size: int,
        lit: bool = False,
    ) -> None:
        self.buttons[action] = rect
        hover = rect.collidepoint(self.host.mouse)
        fill = (
            palette.now.button_hover if hover else palette.now.accent if lit else palette.now.button
        )
        button(surface, fill, rect, 6)
        fitted, px = self.host.text.fit(forms, rect.width - 8, size)
        shown = self.host.text.render(fitted, px, palette.now.text)
        surface.blit(shown, shown.get_rect(center=rect.center))

    def _mark_squares(self, surface: pygame.Surface) -> None:
        """A wrong answer crossed out (vermillion) with the line's move framed (yellow); a
        right one framed in sky blue until the computer moves."""
        answer, layout = self.answer, self.host.layout
        if answer is None or self.drill is None:
            return
        if answer.right:
            rect = layout.square_rect(answer.square).inflate(-10, -10)
            pygame.draw.rect(surface, palette.now.right, rect, width=3, border_radius=6)
            return
        best = layout.square_rect(answer.expected).inflate(-4, -4)
        pygame.draw.rect(surface, palette.now.hint_best, best, width=3, border_radius=6)
        crossed_frame(
            surface, palette.now.wrong, layout.square_rect(answer.square).inflate(-10, -10), 3
        )
