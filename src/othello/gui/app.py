"""The game window: the frame loop, the commands it offers, and ``run`` for the command line.

Each frame handles every event, updates (animation, the search's result, forced passes, the
computer's move), draws, flips and ticks the clock. Time comes in as ``dt``, so tests drive the
window frame by frame without sleeping. The search runs in a separate process (see ``worker.py``); the loop only polls.

What other parts of the program use (autosave, save/load, the clipboard):

- ``app.session``: the game (``session.game``, a :class:`~othello.game.Game`) and its intents,
  ``new_game(start=None)``, ``set_game(game)``, ``play(move)``, ``undo()``, ``redo()``;
- ``app.session.on_game_changed``: callbacks given a :class:`~othello.gui.session.Change`
  after every change (kind "new", "load", "play", "pass", "undo", "redo" or "players");
- ``app.notify(message)``: a message shown in the window for a few seconds;
- ``app.on_unhandled_event``: callbacks for events no scene used (Ctrl+C, Ctrl+V...),
  returning True when they used the event.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from ..app import logs
from ..app.config import Settings, load_settings, save_preferences
from ..bitboard import PASS, Square
from ..board import Color
from ..engine import LEVELS
from ..notation import parse_move, square_name
from . import persistence
from .animation import MoveAnimation
from .frame_stats import FrameStats
from .layout import MIN_WINDOW, Layout, compute_layout
from .notice_strip import draw_notices, notices_that_fit
from .notices import Notice, Notices
from .panel import Panel, PanelView
from .render import BoardRenderer, score_text
from .resources import load_resources
from .scenes import EndOverlay, HelpOverlay, PlayScene, Scene
from .session import Change, Session
from .sound import Sounds
from .text import TextCache
from .worker import SearchWorker

PASS_SECONDS = 3.0  # long enough to read the pass announcement
COMPUTER_MIN_SECONDS = 0.35  # an instant reply is hard to follow; pace it a little
DEMO_RESTART_SECONDS = 3.0
MAX_DT = 0.1  # after a stall, animate on from where we were rather than jumping
SWITCH_SECONDS = 0.001  # let the frame loop win the interpreter back from the search quickly


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    return max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])


def set_minimum_size(size: tuple[int, int]) -> object | None:
    """Ask the window system not to let the window get smaller than ``size``.

    Only pygame builds whose Window has ``minimum_size`` (pygame-ce) can; elsewhere, and with
    the dummy driver, relayout puts a too-small window back instead. The Window object is
    returned to be kept: SDL holds a pointer to it for as long as the window is open.
    """
    try:
        from pygame._sdl2.video import Window

        if not hasattr(
            Window, "minimum_size"
        ):  # making one here would leave SDL a dangling pointer
            return None
        window = Window.from_display_module()
        setattr(window, "minimum_size", size)  # noqa: B010  (not in pygame's type stubs)
        return window
    except (ImportError, AttributeError, pygame.error):
        return None


def level_info(number: int) -> tuple[str, str]:
    """The level's name and description from the engine's table."""
    for level in LEVELS:
        if level.number == number:
            return level.name, level.description
    return f"Level {number}", ""


class App:
    """The window and everything it shows; ``session`` holds the game itself."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        notices: list[str] | tuple[str, ...] = (),
        engine_factory: Callable[[int], Any] | None = None,
        remember: Callable[[dict[str, Any]], object] | None = None,
        resource_folder: Path | None = None,
        demo: bool = False,
        computer_min_seconds: float = COMPUTER_MIN_SECONDS,
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        s = self.settings
        self.remember = remember
        self.demo = demo
        self.computer_min_seconds = computer_min_seconds
        levels = [lv.number for lv in LEVELS] or [1]
        self.min_level, self.max_level = min(levels), max(levels)
        human: Color | None = None if demo else ("white" if s.human_color == "white" else "black")
        level = max(self.min_level, min(self.max_level, int(s.level)))
        self.session = Session(human=human, level=level, show_legal=bool(s.show_legal_moves))
        self.session.notices.extend(notices)
        self.session.on_game_changed.append(self._on_change)

        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_SECONDS)
        self._starting: list[tuple[str, str]] | None = []  # files that failed while starting
        self.res = load_resources(self._file_problem, resource_folder)
        self.screen = self._open_window(s.window_width, s.window_height)
        self.text = TextCache(self.res)
        self.board_renderer = BoardRenderer(self.res, self.text)
        self.panel = Panel(self.text, self.board_renderer)
        self.sounds = Sounds(self.res.folder, bool(s.sound), self.notify, self._file_problem)
        self._report_startup_problems()
        self.worker = SearchWorker(engine_factory)  # none: the search runs in a child process
        self.square_wanted = int(s.square_size)  # SQUARESIZE, until the player resizes
        self.layout: Layout = compute_layout(*self.screen.get_size(), self.square_wanted)
        self.relayout()

        self.scenes: list[Scene] = [PlayScene(self)]
        # Handlers for events no scene used (e.g. Ctrl+C / Ctrl+V); return True when used.
        self.on_unhandled_event: list[Callable[[pygame.event.Event], bool]] = []
        self.running = True
        self.now = 0.0
        self.animation: MoveAnimation | None = None
        self.queued: deque[Square] = deque()
        self.pending: str | None = None  # the computer's chosen move, waiting to be shown
        self.search_failed = False  # no retrying a broken search until the game changes
        self.turn_wait = 0.0
        self.hints: dict[Square, int] = {}
        self.hint_explained = False  # the score unit is explained with the first hint only
        self.notices = Notices(self._notices_that_fit)
        self.banner_rect: pygame.Rect | None = None  # where the banner was last drawn
        self.busy_since: float | None = None  # when the running search began (for the spinner)
        self.game_over_since: float | None = None
        self.mouse: tuple[int, int] = (-1, -1)
        self.hover: Square | None = None
        self.cursor: Square | None = None
        self._drain_notices()
        # What is loaded by now (modules, pygame, fonts) lives as long as the window. A full
        # garbage collection holds the interpreter, against the frame loop too, for as long as
        # it walks the objects: 20-40 ms with these in it, almost nothing once they are frozen.
        gc.freeze()

    # ----- window ------------------------------------------------------------------------

    def _open_window(self, width: int, height: int) -> pygame.Surface:
        """The resizable window, no larger than the desktop; the icon is set before it opens."""
        icon = self.res.images.get("icon.png")
        if icon is not None:
            pygame.display.set_icon(icon)
        pygame.display.set_caption("Othello")
        if pygame.display.get_driver() != "dummy":
            desktop = pygame.display.get_desktop_sizes()[0]
            width, height = min(width, desktop[0]), min(height, int(desktop[1] * 0.92))
        screen = pygame.display.set_mode(at_least_minimum((width, height)), pygame.RESIZABLE)
        self._window = set_minimum_size(MIN_WINDOW)
        pygame.key.set_repeat(400, 70)  # holding an arrow key walks the cursor
        return screen

    def relayout(self, size: tuple[int, int] | None = None) -> None:
        """Recompute where everything goes for the window's size (after a resize).

        A window made smaller than MIN_WINDOW (where the window system did not stop it) is
        put back to the minimum rather than drawn cut off.
        """
        if size is not None:
            size = at_least_minimum(size)
            if size != self.screen.get_size():
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = pygame.display.get_surface() or self.screen
        self.layout = compute_layout(*self.screen.get_size(), self.square_wanted)
        self.panel.relayout(self.layout)

    # ----- the frame -----------------------------------------------------------------------

    def frame(self, dt: float) -> None:
        """One turn of the loop: events, update, draw, flip (the caller ticks the clock)."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.update(min(dt, MAX_DT))
        self.draw(self.screen)
        pygame.display.flip()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (
                (event.x, event.y) if event.type == pygame.WINDOWSIZECHANGED else (event.w, event.h)
            )
            if size != (self.layout.width, self.layout.height):
                self.square_wanted = 10_000  # the player sized the window: fill it
                self.relayout(size)
        elif not any(scene.handle_event(event) for scene in reversed(self.scenes)):
            for hook in list(self.on_unhandled_event):
                if hook(event):
                    break

    def update(self, dt: float) -> None:
        self.now += dt
        self._drain_notices()
        self._poll_worker()
        if not self.worker.busy:
            self.busy_since = None
        elif self.busy_since is None:
            self.busy_since = self.now
        if self.animation is not None:
            begun = self.animation.update(dt)
            if begun:
                self.sounds.play("flip", 0.5)
            if self.animation.done:
                self.animation = None
        self._advance(dt)
        self.notices.expire(self.now)
        for scene in self.scenes:
            scene.update(dt)

    def run(self, max_frames: int | None = None) -> FrameStats:
        """The canonical loop until quit (or ``max_frames``); returns frame-time figures."""
        clock = pygame.time.Clock()
        stats = FrameStats()
        dt, frames, last = 1.0 / max(1, self.fps), 0, time.perf_counter()
        try:
            while self.running and (max_frames is None or frames < max_frames):
                start = time.perf_counter()
                thinking = self.worker.kind == "think"
                self.frame(dt)
                work = time.perf_counter() - start
                dt = clock.tick(self.fps) / 1000.0
                now = time.perf_counter()
                if frames:
                    stats.add(now - last, work, thinking)
                last, frames = now, frames + 1
        finally:
            self.close()
        return stats

    @property
    def fps(self) -> int:
        return max(1, int(self.settings.fps))

    def close(self) -> None:
        """Stop the search; give the interpreter its usual thread switching and collection back."""
        self.worker.shutdown()
        sys.setswitchinterval(self._switch)
        gc.unfreeze()

    # ----- game flow -----------------------------------------------------------------------

    def _advance(self, dt: float) -> None:
        """Move the game on: game over, forced pass, the computer's move.

        The computer starts thinking at once, even while discs still turn, but its move is
        shown only once the animation is over and the short pause has passed.
        """
        if self.animation is None:
            # The forced pass first: a click queued during the animation may be the reply to it.
            self.session.pass_if_forced()
            self._play_queued()
        board = self.session.board
        computer = self.session.is_computer_turn() and not board.must_pass()
        if computer and self.pending is None and not self.worker.busy and not self.search_failed:
            self.worker.think(board, self.session.level)
        if self.animation is not None:
            return
        if board.is_game_over():
            self._game_over()
            return
        self.game_over_since = None
        if not computer:
            return
        self.turn_wait += dt
        if self.pending is not None and self.turn_wait >= self.computer_min_seconds:
            move, self.pending = self.pending, None
            try:
                self.session.play(move)
            except ValueError as err:
                self.notify(
                    f"The computer chose an impossible move ({err}); choose a new game or undo."
                )

    def _game_over(self) -> None:
        if self.game_over_since is None:
            self.game_over_since = self.now
            self.notices.clear_banner()  # the end screen says it all
            if not any(isinstance(s, EndOverlay) for s in self.scenes):
                # under any card the player opened (help), which keeps the keys and the top
                self.scenes.insert(1, EndOverlay(self))
        elif self.demo and self.now - self.game_over_since >= DEMO_RESTART_SECONDS:
            self.new_game()

    def _poll_worker(self) -> None:
        outcome = self.worker.poll()
        if outcome is None:
            return
        if outcome.error is not None:
            self.search_failed = outcome.kind == "think"
            self.notify(
                f"The computer's search failed ({outcome.error}); undo or start a new game."
            )
            return
        if outcome.kind == "think":
            self.pending = str(outcome.value.move)
        else:
            self._show_hints([(m.move, int(m.score)) for m in outcome.value if m.move != "pass"])

    def _show_hints(self, scores: list[tuple[str, int]]) -> None:
        """Scores on the board; the notice names every move that ties for best."""
        self.hints = {parse_move(move): score for move, score in scores}
        if not scores:
            return
        best = max(score for _move, score in scores)
        tied = [move for move, score in scores if score == best]
        if len(tied) == 1:
            text = f"Hint: {tied[0]} is best ({score_text(best)})."
        else:
            text = f"Hint: {', '.join(tied[:-1])} and {tied[-1]} tie for best ({score_text(best)})."
        if not self.hint_explained:
            self.hint_explained = True
            text += " Scores are discs ahead at the end: +2 = ahead by 2."
        self.tell(text)

    def _on_change(self, change: Change) -> None:
        """Whatever changed the game, a running search, a hint and answers about the old
        position are now stale."""
        self.worker.cancel()
        self.pending = None
        self.search_failed = False
        self.hints = {}
        self.notices.drop_answers()
        self.turn_wait = 0.0
        if change.kind == "play":
            self.sounds.play("place")
            if self.settings.animation and change.square is not None and change.color is not None:
                self.animation = MoveAnimation(
                    change.square,
                    change.color,
                    change.flipped,
                    float(self.settings.animation_speed),
                )
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
        self.scenes = [s for s in self.scenes if not isinstance(s, EndOverlay)]

    def _play_queued(self) -> None:
        """Clicks made during an animation: the first one still legal is played, the rest dropped."""
        while self.queued:
            square = self.queued.popleft()
            if self.session.can_play(square):
                self.queued.clear()
                self.session.play(square)

    # ----- commands ------------------------------------------------------------------------

    def do(self, action: str) -> None:
        """Carry out a panel button or key: the names in Panel and PlayScene.KEYS."""
        commands: dict[str, Callable[[], None]] = {
            "new": self.new_game,
            "undo": self.undo,
            "redo": self.redo,
            "hint": self.hint,
            "legal": self.toggle_legal,
            "sound": self.toggle_sound,
            "help": self.show_help,
            "quit": self.quit,
            "play-black": lambda: self.set_human("black"),
            "play-white": lambda: self.set_human("white"),
            "level-up": lambda: self.change_level(1),
            "level-down": lambda: self.change_level(-1),
            "place": self.place_at_cursor,
        }
        commands[action]()

    def notify(self, message: str) -> None:
        """Show a message in the window for a few seconds, and keep it in the log file."""
        logs.log.warning("window: %s", message)
        self.session.notify(message)

    def tell(self, message: str) -> None:
        """Answer the player's own action (an illegal click, nothing to undo): shown, not logged."""
        self.notices.answer(message)

    def _file_problem(self, name: str, message: str) -> None:
        """A resource file that would not load; those found while starting are shown as one notice."""
        if self._starting is None:
            self.notify(message)
        else:
            self._starting.append((name, message))

    def _report_startup_problems(self) -> None:
        problems, self._starting = self._starting or [], None
        if len(problems) == 1:
            self.notify(problems[0][1])
        elif problems:
            for _name, message in problems:
                logs.log.warning("window: %s", message)
            names = ", ".join(name for name, _message in problems)
            self.session.notify(
                f"Missing or broken: {names}. Plain fallbacks are used (details in the log)."
            )

    def new_game(self) -> None:
        self.session.new_game()

    def play(self, move: str | Square) -> None:
        self.session.play(move)

    def undo(self) -> None:
        self._finish_animation()
        if not self.session.undo():
            self.tell("Nothing to undo.")

    def redo(self) -> None:
        self._finish_animation()
        if not self.session.redo():
            self.tell("Nothing to redo.")

    def hint(self) -> None:
        if not self.session.is_human_turn():
            self.tell("Hints are for your turn.")
        elif self.worker.kind != "analyze":
            self.worker.analyze(self.session.board, self.session.level)

    def toggle_legal(self) -> None:
        self.session.show_legal = not self.session.show_legal
        self._remember(show_legal_moves=self.session.show_legal)

    def toggle_sound(self) -> None:
        on = self.sounds.toggle()
        self.tell("Sound on." if on else "Sound off.")
        self._remember(sound=on)

    def show_help(self) -> None:
        if not any(isinstance(s, HelpOverlay) for s in self.scenes):
            self.scenes.append(HelpOverlay(self))

    def close_scene(self, scene: Scene) -> None:
        self.scenes = [s for s in self.scenes if s is not scene]

    def quit(self) -> None:
        """Leave the loop at the end of this frame; a running search is told to stop now."""
        self.running = False
        self.worker.cancel()

    def set_human(self, color: Color) -> None:
        if self.demo:
            return
        self._finish_animation()
        self.session.set_human(color)
        self._remember(human_color=color)

    def change_level(self, delta: int) -> None:
        level = max(self.min_level, min(self.max_level, self.session.level + delta))
        if level != self.session.level:
            self.session.set_level(level)
            if self.worker.kind == "think":
                self.worker.cancel()  # restart the search at the new level
            self._remember(level=level)

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

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        self.hover = self.layout.square_at(pos)
        self.cursor = None

    def _finish_animation(self) -> None:
        if self.animation is not None:
            self.animation.finish()
            self.animation = None

    def _remember(self, **prefs: Any) -> None:
        if self.remember is None or self.demo:
            return
        try:
            self.remember(prefs)
        except Exception as err:  # a read-only or broken config must not stop the game
            self.notify(f"Could not remember your choice: {err}")

    def _drain_notices(self) -> None:
        while self.session.notices:
            self.notices.add(self.session.notices.pop(0))

    def _notices_that_fit(self, notices: list[Notice]) -> int:
        return notices_that_fit(self.text, self.layout.notices, notices)

    # ----- what is shown -------------------------------------------------------------------

    def result_text(self) -> tuple[str, str]:
        """The end screen's headline and verdict."""
        winner = self.session.board.winner()
        headline = f"{winner.capitalize()} wins" if winner else "Draw"
        if self.session.human is None:
            return headline, "Computer against computer."
        if winner is None:
            return headline, "Nobody wins: a draw."
        return (
            headline,
            "You win! Well played."
            if winner == self.session.human
            else "The computer wins this time.",
        )

    def status(self) -> str:
        """The status line in one piece, e.g. "Computer thinking · depth 6"."""
        return " · ".join(part for part in self.status_parts() if part)

    def status_parts(self) -> tuple[str, str]:
        """What the status box says: a headline and a detail line (which may be empty)."""
        session, board = self.session, self.session.board
        if board.is_game_over():
            b, w = board.count()
            return f"{self.result_text()[0]} {b}–{w}", "Space: show or hide the result"
        if session.is_human_turn():
            return "Your move", "finding a hint…" if self.worker.kind == "analyze" else ""
        depth = self.worker.depth if self.worker.kind == "think" else None
        who = (
            f"{board.side_to_move.capitalize()} (computer)" if session.human is None else "Computer"
        )
        return f"{who} thinking", f"depth {depth}" if depth else "…"

    def move_info(self) -> str:
        """Move number and the last move, e.g. "Move 12 · last: d1 by Black"."""
        game = self.session.game
        discs = sum(1 for sq in game.moves[: game.cursor] if sq != PASS)
        last = self.last_placed()
        if last is None:
            return "Black moves first"
        mover = "Black" if game.board.black >> last & 1 else "White"
        return f"Move {discs} · last: {square_name(last)} by {mover}"

    def panel_view(self) -> PanelView:
        session = self.session
        board = session.board
        name, description = level_info(session.level)
        headline, detail = self.status_parts()
        names: dict[Color, str] = {}
        for color in ("black", "white"):
            names[color] = "You" if session.human == color else "Computer"
        return PanelView(
            counts=board.count(),
            to_move=None if board.is_game_over() else board.side_to_move,
            names=names,
            status=headline,
            detail=detail,
            level_text=f"{session.level} · {name}",
            level_help=description,
            human=session.human,
            info=self.move_info(),
            busy=self.now - self.busy_since
            if self.worker.busy and self.busy_since is not None
            else None,
            enabled={
                "undo": session.can_undo(),
                "redo": session.game.can_redo(),
                "hint": session.is_human_turn() and self.worker.kind != "analyze",
                "level-down": session.level > self.min_level,
                "level-up": session.level < self.max_level,
                "play-black": not self.demo,
                "play-white": not self.demo,
            },
            labels={
                "legal": f"Moves: {'on' if session.show_legal else 'off'}",
                "sound": f"Sound: {'on' if self.sounds.enabled else 'off'}",
            },
        )

    def last_placed(self) -> Square | None:
        """The last disc put on the board, passes skipped: the one to mark."""
        game = self.session.game
        for square in reversed(game.moves[: game.cursor]):
            if square != PASS:
                return square
        return None

    def legal_markers(self) -> list[Square]:
        if (
            not self.session.show_legal
            or self.animation is not None
            or not self.session.is_human_turn()
        ):
            return []
        return self.session.board.legal_squares()

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.scenes:
            scene.draw(surface)

    def draw_play(self, surface: pygame.Surface) -> None:
        """The play scene: board, panel, and the strip with the pass announcement and notices."""
        session = self.session
        last = self.last_placed()
        hover = self.hover if self.hover in self.legal_markers() else None
        ghost = session.board.side_to_move if hover is not None else None
        self.board_renderer.draw(
            surface,
            self.layout,
            session.board,
            self.animation,
            last,
            self.legal_markers(),
            hover,
            self.cursor,
            self.hints,
            ghost,
        )
        self.panel.draw(surface, self.layout, self.panel_view(), self.mouse)
        notices = self.notices.strip(self.now)
        drawn = draw_notices(surface, self.text, self.layout.notices, notices)
        self.banner_rect = drawn[0] if self.notices.banner is not None else None


def run(args: Any = None) -> int:
    """Open the window (``othello`` with no command); ``--demo`` lets the computer play itself."""
    demo = bool(getattr(args, "demo", False))
    frames = getattr(args, "frames", None)
    headless = frames is not None and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )
    if headless and sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    config = getattr(args, "config", None)
    settings, notices = getattr(args, "loaded_settings", None) or load_settings(config)
    try:
        app = App(
            settings,
            notices=list(notices),
            demo=demo,
            remember=lambda prefs: save_preferences(prefs, config),
        )
    except pygame.error as err:
        print(f"othello: cannot open the game window ({err}); is there a display?", file=sys.stderr)
        pygame.quit()
        return 1
    persistence.attach(app)  # clipboard and file keys, autosave after every move, resume
    try:
        stats = app.run(max_frames=frames)
    finally:
        pygame.quit()
    if demo or frames is not None:
        print(stats.report())
    return 0
