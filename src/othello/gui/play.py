"""The play scene: the game on the board, played with the mouse and the keys.

It owns what is going on in the game on screen (the move being animated, the clicks made
meanwhile, the cursor and the square under the pointer, the notices and the pass
announcement, the end of the game) and draws it: board, panel and notice strip. The computer's
side is a ComputerTurn; the rules stay in Board and Game, reached through the Session.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import partial

import pygame

from ..bitboard import Square
from ..board import Color
from ..engine import LEVELS
from ..notation import square_name
from .animation import MoveAnimation
from .computer import ComputerTurn
from .controls import CURSOR_STEPS, key_command
from .host import PlayHost
from .notice_strip import draw_notices, notices_that_fit
from .notices import Notice, Notices
from .panel import PanelView
from .scenes import EndOverlay, HelpOverlay, Scene
from .session import Change
from .wording import last_placed, level_info, move_info, status_parts

PASS_SECONDS = 3.0  # long enough to read the pass announcement
DEMO_RESTART_SECONDS = 3.0
LEVEL_NUMBERS = sorted(level.number for level in LEVELS) or [1]


def clamp_level(level: int) -> int:
    """The nearest level the engine has."""
    return max(LEVEL_NUMBERS[0], min(LEVEL_NUMBERS[-1], level))


class PlayScene(Scene):
    """The board and panel: turns mouse and keys into moves and commands, and shows the game."""

    def __init__(self, host: PlayHost) -> None:
        self.host = host
        self.session = host.session
        self.now = 0.0  # seconds of play, from the frame times given to update
        self.animation: MoveAnimation | None = None
        self.queued: deque[Square] = deque()  # clicks made during an animation
        self.notices = Notices(self._notices_that_fit)
        self.computer = ComputerTurn(
            host.worker, self.session, host.computer_min_seconds, host.notify, self.tell
        )
        self.banner_rect: pygame.Rect | None = None  # where the banner was last drawn
        self.game_over_since: float | None = None
        self.hover: Square | None = None
        self.cursor: Square | None = None
        self.commands = self._command_table()
        self.session.on_game_changed.append(self._on_change)
        self._drain_notices()

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
        self._drain_notices()
        self.computer.poll(self.now)
        if self.animation is not None:
            if self.animation.update(dt):  # discs began to turn
                self.host.sounds.play("flip", 0.5)
            if self.animation.done:
                self.animation = None
        self._advance(dt)
        self.notices.expire(self.now)

    def _advance(self, dt: float) -> None:
        """Move the game on: forced pass, queued clicks, game over, the computer's move.

        The computer starts thinking at once, even while discs still turn, but its move is
        shown only once the animation is over and the short pause has passed.
        """
        if self.animation is None:
            # The forced pass first: a click queued during the animation may be the reply to it.
            self.session.pass_if_forced()
            self._play_queued()
        self.computer.think_if_due()
        if self.animation is not None:
            return
        if self.session.board.is_game_over():
            self._game_over()
            return
        self.game_over_since = None
        self.computer.move_when_due(dt)

    def _game_over(self) -> None:
        if self.game_over_since is None:
            self.game_over_since = self.now
            self.notices.clear_banner()  # the end screen says it all
            if self.host.find_scene(EndOverlay) is None:
                # under any card the player opened (help), which keeps the keys and the top
                self.host.open_scene(EndOverlay(self.host), above=self)
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
        position are now stale."""
        self.computer.forget()
        self.notices.drop_answers()
        if change.kind == "play":
            self._placed(change)
            return
        if change.kind == "pass":
            who = (change.color or "").capitalize()
            self.notices.announce(f"{who} has no legal move and passes", self.now + PASS_SECONDS)
            return
        self.animation = None
        self.queued.clear()
        if change.kind != "players":
            self.notices.clear_banner()
        self.game_over_since = None
        while (end := self.host.find_scene(EndOverlay)) is not None:
            self.host.close_scene(end)

    def _placed(self, change: Change) -> None:
        """A disc went down: its sound, and the flip animation when the settings want one."""
        self.host.sounds.play("place")
        settings = self.host.settings
        if settings.animation and change.square is not None and change.color is not None:
            speed = float(settings.animation_speed)
            self.animation = MoveAnimation(change.square, change.color, change.flipped, speed)

    # ----- commands ----------------------------------------------------------------------

    def do(self, command: str) -> None:
        """Carry out a panel button or a key: the names in panel.GRID and controls.KEYS."""
        self.commands[command]()

    def _command_table(self) -> dict[str, Callable[[], None]]:
        table: dict[str, Callable[[], None]] = {
            "new": self.session.new_game,
            "undo": self.undo,
            "redo": self.redo,
            "hint": self.computer.ask_hint,
            "legal": self.toggle_legal,
            "sound": self.toggle_sound,
            "help": self.show_help,
            "quit": self.host.quit,
            "play-black": lambda: self.set_human("black"),
            "play-white": lambda: self.set_human("white"),
            "level-up": lambda: self.change_level(1),
            "level-down": lambda: self.change_level(-1),
            "place": self.place_at_cursor,
        }
        for name, (dx, dy) in CURSOR_STEPS.items():
            table[name] = partial(self.move_cursor, dx, dy)
        return table

    def tell(self, message: str) -> None:
        """Answer the player's own action (an illegal click, nothing to undo): shown, not logged."""
        self.notices.answer(message)

    def undo(self) -> None:
        self._finish_animation()
        if not self.session.undo():
            self.tell("Nothing to undo.")

    def redo(self) -> None:
        self._finish_animation()
        if not self.session.redo():
            self.tell("Nothing to redo.")

    def toggle_legal(self) -> None:
        self.session.show_legal = not self.session.show_legal
        self.host.remember_choice(show_legal_moves=self.session.show_legal)

    def toggle_sound(self) -> None:
        on = self.host.sounds.toggle()
        self.tell("Sound on." if on else "Sound off.")
        self.host.remember_choice(sound=on)

    def show_help(self) -> None:
        if self.host.find_scene(HelpOverlay) is None:
            self.host.open_scene(HelpOverlay(self.host))

    def set_human(self, color: Color) -> None:
        if self.host.demo:
            return
        self._finish_animation()
        self.session.set_human(color)
        self.host.remember_choice(human_color=color)

    def change_level(self, delta: int) -> None:
        level = clamp_level(self.session.level + delta)
        if level != self.session.level:
            self.session.set_level(level)
            self.computer.level_changed()
            self.host.remember_choice(level=level)

    def click_square(self, square: Square) -> None:
        if self.animation is not None:
            self.queued.append(square)
        elif self.session.can_play(square):
            self.session.play(square)
        elif self.session.is_human_turn():
            self.tell(f"{square_name(square)} is not a legal move.")
        elif not self.session.board.is_game_over():
            self.tell("The computer is still thinking.")

    def move_cursor(self, dx: int, dy: int) -> None:
        """The first arrow shows the cursor on the first legal move; the next ones walk it."""
        if self.cursor is None:
            legal = self.session.board.legal_squares()
            self.cursor = legal[0] if legal else 27
            return
        col = max(0, min(7, self.cursor % 8 + dx))
        row = max(0, min(7, self.cursor // 8 + dy))
        self.cursor = row * 8 + col

    def place_at_cursor(self) -> None:
        if self.cursor is not None:
            self.click_square(self.cursor)

    def _finish_animation(self) -> None:
        if self.animation is not None:
            self.animation.finish()
            self.animation = None

    def _drain_notices(self) -> None:
        """Messages given to the session (by the app, autosave, the clipboard) join the queue."""
        while self.session.notices:
            self.notices.add(self.session.notices.pop(0))

    def _notices_that_fit(self, notices: list[Notice]) -> int:
        return notices_that_fit(self.host.text, self.host.layout.notices, notices)

    # ----- what is shown -------------------------------------------------------------------

    def status_parts(self) -> tuple[str, str]:
        """What the status box says: a headline and a detail line (which may be empty)."""
        worker = self.host.worker
        return status_parts(self.session, worker.kind, worker.depth)

    def status(self) -> str:
        """The status line in one piece, e.g. "Computer thinking · depth 6"."""
        return " · ".join(part for part in self.status_parts() if part)

    def legal_markers(self) -> list[Square]:
        if not self.session.show_legal or self.animation is not None:
            return []
        return self.session.board.legal_squares() if self.session.is_human_turn() else []

    def panel_view(self) -> PanelView:
        session, board, worker = self.session, self.session.board, self.host.worker
        name, description = level_info(session.level)
        headline, detail = self.status_parts()
        names: dict[Color, str] = {
            color: "You" if session.human == color else "Computer" for color in ("black", "white")
        }
        return PanelView(
            counts=board.count(),
            to_move=None if board.is_game_over() else board.side_to_move,
            names=names,
            status=headline,
            detail=detail,
            level_text=f"{session.level} · {name}",
            level_help=description,
            human=session.human,
            info=move_info(session.game),
            busy=self.computer.busy_seconds(self.now),
            enabled={
                "undo": session.can_undo(),
                "redo": session.game.can_redo(),
                "hint": session.is_human_turn() and worker.kind != "analyze",
                "level-down": session.level > LEVEL_NUMBERS[0],
                "level-up": session.level < LEVEL_NUMBERS[-1],
                "play-black": not self.host.demo,
                "play-white": not self.host.demo,
            },
            labels={
                "legal": f"Moves: {'on' if session.show_legal else 'off'}",
                "sound": f"Sound: {'on' if self.host.sounds.enabled else 'off'}",
            },
        )

    def draw(self, surface: pygame.Surface) -> None:
        """Board, panel, and the strip with the pass announcement and notices."""
        host, board = self.host, self.session.board
        legal = self.legal_markers()
        hover = self.hover if self.hover in legal else None
        ghost = board.side_to_move if hover is not None else None
        last = last_placed(self.session.game)
        host.board_renderer.draw(
            surface,
            host.layout,
            board,
            self.animation,
            last,
            legal,
            hover,
            self.cursor,
            self.computer.hints,
            ghost,
        )
        host.panel.draw(surface, host.layout, self.panel_view(), host.mouse)
        strip = self.notices.strip(self.now)
        drawn = draw_notices(surface, host.text, host.layout.notices, strip)
        self.banner_rect = drawn[0] if self.notices.banner is not None else None
