"""The play scene: the game on the board, played with the mouse and the keys.

It owns what is going on in the game on screen (the move being animated, the clicks made
meanwhile, the cursor and the square under the pointer, the notices and the pass
announcement, the end of the game) and draws it: board, panel and notice strip. The computer's
side is a ComputerTurn; the rules stay in Board and Game, reached through the Session.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame

from othello.app.i18n import _
from othello.core.bitboard import Square
from othello.core.notation import square_name
from othello.engine.book import Corrections
from othello.gui.model.club_words import NOT_WHILE_PAUSED
from othello.gui.model.game_words import pass_text
from othello.gui.model.names import Command
from othello.gui.model.notices import Notices
from othello.gui.model.panel_words import PanelView
from othello.gui.model.session import Change, ChangeKind
from othello.gui.scenes.base import PlayHost, Scene
from othello.gui.scenes.play_book import BookEditing
from othello.gui.scenes.play_choices import PlayerChoices
from othello.gui.scenes.play_club import ClubPlay
from othello.gui.scenes.play_commands import GameCommands, command_table
from othello.gui.scenes.play_keys import Typing, key_command, nearest_legal, step_cursor
from othello.gui.scenes.play_view import PlayView
from othello.gui.services.book_feed import BookFeed
from othello.gui.services.book_learning import BookLearner
from othello.gui.services.computer import ComputerTurn
from othello.gui.services.drill_feed import DrillFeed
from othello.gui.services.person_feed import PersonFeed
from othello.gui.services.puzzle_feed import PuzzleFeed
from othello.gui.widgets.animation import MoveAnimation
from othello.gui.widgets.board import BoardView
from othello.gui.widgets.book_marks import BookView
from othello.gui.widgets.explorer_marks import ExplorerView
from othello.gui.widgets.notice_strip import draw_notices, notices_that_fit

PASS_SECONDS = 3.0  # long enough to read the pass announcement
DEMO_RESTART_SECONDS = 3.0


class PlayScene(Scene):
    """The board and panel: turns mouse and keys into moves and commands, and shows the game."""

    name = "play"

    def __init__(self, host: PlayHost) -> None:
        self.host = host
        self.session = host.session
        self.now = 0.0  # seconds of play, from the frame times given to update
        self.animation: MoveAnimation | None = None
        self.queued: deque[Square] = deque()  # clicks made during an animation
        self.notices = Notices(
            lambda notices: notices_that_fit(host.text, host.layout.notices, notices)
        )
        self.computer = ComputerTurn(
            host.worker, self.session, host.computer_min_seconds, host.warn, self.reply
        )
        if not host.demo:  # the demo keeps its own quick pace
            self.computer.watch_seconds = float(host.settings.watch_seconds)
        self.banner_rect: pygame.Rect | None = None  # where the banner was last drawn
        self.game_over_since: float | None = None
        self.hover: Square | None = None
        self.cursor: Square | None = None
        self.cursor_stale = False  # the game changed: the cursor may sit on a taken square
        # the hint on the board and the square last explained with it (said once a square)
        self.explained: tuple[dict[Square, int], Square | None] = ({}, None)
        self.choices = PlayerChoices(host, self.computer, self.reply, self.finish_animation)
        self.club = ClubPlay(self)  # clocks, the next game's start, the player's strength
        self.explorer = ExplorerView(host.library.mine if not host.demo else None)
        self.book_view = BookView()
        self.book_feed = BookFeed(host.library, self.notices.add, self._book_changed, not host.demo)
        self.book_editing = BookEditing(self)  # Shift+I and Delete in the book view
        self.computer.learner = self.learner = BookLearner(
            host.worker, self.session, self.book_feed, self.reply, learn_games=not host.demo
        )  # the demo's games teach the player's book nothing
        self.puzzle_feed = PuzzleFeed(self.notices.add, host.library, read_ahead=not host.demo)
        self.drill_feed = DrillFeed(host.library, self.notices.add)  # read when first opened
        self.person_feed = PersonFeed(host.library, self.notices.add)
        self.commands = command_table(self)
        self.typing = Typing(self)  # a square's name typed: f then 5
        self.view = PlayView(self)
        self.session.on_game_changed.append(self._on_change)
        self.notices.take(self.session.notices)  # from the app, autosave, the clipboard

    def _book_changed(self, corrections: Corrections) -> None:
        """The player's book changed (read, learned, edited): played and shown from now on."""
        self.host.worker.corrections = corrections
        self.book_view.use(corrections)

    # ----- events ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer_moved(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer_moved(event.pos)
            self._click(event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            mod, unicode = getattr(event, "mod", 0), getattr(event, "unicode", "")
            command = key_command(event.key, mod, unicode)
            if self.typing.key(event.key, mod, command):
                return True
            if command is not None:
                self.do(command)
            return command is not None
        return False

    def _click(self, pos: tuple[int, int]) -> None:
        """A click on a panel button is its command; one on the board, a move."""
        action = self.host.panel.hit(pos, self.panel_view())
        if action is not None:
            self.do(action)
            return
        side = self.host.panel.level_side_hit(pos) if self.session.watching else None
        if side is not None:  # watching: whose level - and + change
            self.choices.choose_level_side(side)
            return
        ply = self.host.panel.graph_hit(pos)
        if ply is not None:  # a point of the graph: where its move was played, in the list
            self.do("moves")
            self.session.show_ply(ply)
            return
        square = self.host.layout.square_at(pos)
        if square is not None:
            self.click_square(square)

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        self.host.mouse = pos
        self.hover = self.host.layout.square_at(pos)
        self.cursor = None

    # ----- the frame ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.now += dt
        self.typing.update()
        self.notices.take(self.session.notices)
        self.computer.poll(self.now)
        self.club.tick(self.host.board_covered())
        self.computer.review_when_free()
        self.learner.when_free()
        self.puzzle_feed.take(self.computer.review, self.session)
        if self.animation is not None:
            if self.animation.update(dt):  # discs began to turn
                self.host.sounds.play("flip", 0.5)
            if self.animation.done:
                self.animation = None
        self._advance(dt)
        self._keep_cursor_on_a_move()
        self._explain_hint()
        self.notices.expire(self.now)

    def _explain_hint(self) -> None:
        """With a hint on the board, a scored square the pointer or the cursor moves onto
        says why it is worse than the best (study.coach on the hint's scores), once a square;
        the square already under it when the hint came keeps the hint's own words."""
        hints = self.computer.hints
        square = self.cursor if self.cursor is not None else self.hover
        was, said = self.explained
        if hints is was and square == said:
            return
        self.explained = (hints, square)
        if hints is not was:
            return
        words = self.computer.hint_words(square)
        if words is not None:
            self.reply(words)

    def _keep_cursor_on_a_move(self) -> None:
        """After the game changed, a keyboard cursor left on the square just played moves to
        the nearest legal move once it is the player's turn again (and the discs have
        finished turning); from then on the arrows walk it freely, square by square."""
        if not self.cursor_stale or self.cursor is None or self.animation is not None:
            return
        if self.session.is_human_turn() and not self.session.browsing:
            self.cursor = nearest_legal(self.cursor, self.session.board.legal_squares())
            self.cursor_stale = False

    def _advance(self, dt: float) -> None:
        """Move the game on: forced pass, queued clicks, game over, the computer's move.

        One thing at a time, at a pace a person can follow: the computer starts thinking at
        once, even while discs still turn, but its move is shown only once the animation is
        over, a pass announcement has had its full time, and the short pause has passed.
        """
        if self.session.browsing:
            return  # the move list shows a position: no pass, no move until play resumes
        if self.session.paused and not self.session.step_once:
            return  # watching, paused
        if self.animation is None:
            # The forced pass first: a click queued during the animation may be the reply to it.
            self.session.pass_if_forced()
            self._play_queued()
        self.computer.think_if_due()
        self.computer.score_when_idle()
        if self.animation is not None:
            return
        if self.session.is_over():
            self._game_over()
            return
        self.game_over_since = None
        if self.notices.banner is not None:
            return  # a pass is being announced: the computer's next move waits until it is read
        self.computer.move_when_due(dt)

    def _game_over(self) -> None:
        if self.game_over_since is None:
            self.game_over_since = self.now
            self.computer.review_at_end(self.host.settings.review_at_end and not self.host.demo)
            self.notices.clear_banner()  # the end screen says it all
            if self.host.find_screen("end") is None:
                # under any card the player opened (help), which keeps the keys and the top
                self.host.open_screen("end", above=self)
        elif self.host.demo and self.now - self.game_over_since >= DEMO_RESTART_SECONDS:
            self.session.new_game()

    def _play_queued(self) -> None:
        """Clicks made during an animation: the first one still legal is played, the rest dropped."""
        while self.queued:
            square = self.queued.popleft()
            if self.session.can_play(square):
                self.queued.clear()
                self.session.play(square)

    def _on_change(self, change: Change) -> None:
        """Whatever changed the game, a running search, a hint and answers about the old
        position are now stale (a review only when a move was made)."""
        self.notices.drop_answers()
        self.computer.game_changed(change)
        self.cursor_stale = True
        if change.kind == ChangeKind.PLAY:
            self._placed(change)
            return
        if change.kind == ChangeKind.PASS:
            self.notices.announce(pass_text(change.color), self.now + PASS_SECONDS)
            return
        self.animation = None
        self.queued.clear()
        if change.kind in (ChangeKind.NEW, ChangeKind.LOAD, ChangeKind.BACK, ChangeKind.FORWARD):
            self.notices.drop_seen()
        if change.kind != ChangeKind.PLAYERS:
            self.notices.clear_banner()
        self.game_over_since = None
        self.host.close_screen("end")

    def _placed(self, change: Change) -> None:
        """A disc went down: its sound, and the flip animation when the settings want one."""
        self.host.sounds.play("place")
        settings = self.host.settings
        if settings.animation and change.square is not None and change.color is not None:
            speed = float(settings.animation_speed)
            self.animation = MoveAnimation(change.square, change.color, change.flipped, speed)

    # ----- commands ----------------------------------------------------------------------

    def play_person(self, **options: Any) -> None:
        """``othello host`` and ``othello join``: the Play a person screen, started."""
        GameCommands(self).show_person(**options)

    def do(self, command: Command) -> None:
        """Carry out a panel button or a key (panel.GRID, play_keys.KEYS)."""
        self.commands[command]()

    def book_words(self) -> str:
        """The book's values on the board in words, while they are shown (I); else ""."""
        if not self.view.book_shown():
            return ""
        return self.book_view.sentence(self.session.shown.board)

    def reply(self, message: str, lasting: bool = False) -> None:
        """Answer the player's own action: shown, not logged; ``lasting`` outlives a move."""
        self.notices.answer(message, lasting)

    def click_square(self, square: Square) -> None:
        if self.session.paused and not self.session.watching:
            self.reply(_(NOT_WHILE_PAUSED))
        elif self.animation is not None:
            self.queued.append(square)
        elif self.session.can_play(square):
            self.session.play(square)
        elif self.session.is_human_turn():
            self.reply(_("{square} is not a legal move.").format(square=square_name(square)))
        elif not self.session.is_over():
            self.reply(_("The computer is still thinking."))

    def move_cursor(self, dx: int, dy: int) -> None:
        self.cursor = step_cursor(self.cursor, self.session.board.legal_squares(), dx, dy)

    def place_at_cursor(self) -> None:
        if self.cursor is not None:
            self.click_square(self.cursor)

    def finish_animation(self) -> None:
        if self.animation is not None:
            self.animation.finish()
            self.animation = None

    # ----- what is shown -------------------------------------------------------------------

    def status_parts(self) -> tuple[str, str]:
        """What the status box says: a headline and a detail line (which may be empty)."""
        return self.view.status_parts()

    def status(self) -> str:
        """The status line in one piece, e.g. "Computer thinking · depth 6"."""
        return " · ".join(part for part in self.status_parts() if part)

    def legal_markers(self) -> list[Square]:
        return self.view.legal_markers()

    def board_view(self) -> BoardView:
        return self.view.board()

    def panel_view(self) -> PanelView:
        return self.view.panel()

    def draw(self, surface: pygame.Surface) -> None:
        """Board, panel, and the strip with the pass announcement and notices."""
        host = self.host
        view = self.board_view()
        host.board_renderer.draw(surface, host.layout, view)
        strip = self.notices.strip(self.now)
        if self.view.explorer_shown():
            shown, under = self.session.shown, set(view.hints)
            moves = shown.moves[: shown.cursor]
            self.explorer.draw(
                surface, host.layout, host.text, shown.board, not strip, under, moves
            )
        elif self.view.book_shown():
            under = set(view.hints)
            self.book_view.draw(
                surface, host.layout, host.text, self.session.shown.board, not strip, under
            )
        host.panel.draw(surface, host.layout, self.panel_view(), host.mouse)
        drawn = draw_notices(surface, host.text, host.layout.notices, strip)
        self.banner_rect = drawn[0] if self.notices.banner is not None else None
