"""The window's modes: play, and the help and end-of-game overlays drawn on top of it.

Each scene handles events, updates with the frame time and draws; the app keeps them in a stack,
offers events from the top down and draws from the bottom up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from ..board import Color
from . import theme
from .panel import wrap

if TYPE_CHECKING:
    from .app import App

HELP_LINES = [
    ("Click / arrows + Enter", "place a disc"),
    ("N", "new game"),
    ("U or Ctrl+Z", "undo to your previous turn"),
    ("Ctrl+Y", "redo"),
    ("H", "hint: the computer scores every move"),
    ("L", "show or hide your legal moves"),
    ("B / W", "play Black / White"),
    ("+ / -", "computer level up / down"),
    ("S", "sound on or off"),
    ("Ctrl+C / Ctrl+V", "copy the game / paste a game or position"),
    ("Ctrl+S / Ctrl+O", "save the game / open the last saved game"),
    ("F1 or ?", "this help"),
    ("Esc", "quit"),
]


def dim(surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, rect.topleft)


def card(surface: pygame.Surface, rect: pygame.Rect, alpha: int = theme.BANNER[3]) -> None:
    """A rounded dark card with a light edge: the background of every overlay box."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.BANNER[:3], alpha), box.get_rect(), border_radius=14)
    pygame.draw.rect(box, (*theme.PANEL_EDGE, 255), box.get_rect(), width=2, border_radius=14)
    surface.blit(box, rect.topleft)


class Scene:
    """A mode of the window. handle_event returns True when it used the event."""

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class HelpOverlay(Scene):
    """The list of keys; any key or click closes it (Esc too, instead of quitting)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.close_scene(self)
            return True
        return event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        dim(surface, surface.get_rect(), 120)
        text = app.text
        size = max(12, min(18, app.layout.height // 40))
        line_h = int(size * 1.7)
        keys_w = max(text.render(keys, size, theme.CURSOR, bold=True).get_width() for keys, _ in HELP_LINES)
        what_w = max(text.render(what, size, theme.TEXT).get_width() for _, what in HELP_LINES)
        width = min(surface.get_width() - 20, keys_w + what_w + 24 * 3)
        height = line_h * (len(HELP_LINES) + 3)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = surface.get_rect().center
        card(surface, rect, alpha=250)
        title = text.render("Keys", size + 6, theme.TEXT, bold=True)
        surface.blit(title, (rect.left + 24, rect.top + 16))
        y = rect.top + 16 + line_h + 8
        for keys, what in HELP_LINES:
            surface.blit(text.render(keys, size, theme.CURSOR, bold=True), (rect.left + 24, y))
            surface.blit(text.render(what, size, theme.TEXT), (rect.left + 48 + keys_w, y))
            y += line_h
        hint = text.render("Press any key to close", size - 2, theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - 12)))


class EndOverlay(Scene):
    """The final count and the winner over the board, with a new-game button.

    Only its own button, N and Enter are taken here; everything else falls through to the
    play scene, so undo, the colour and level choices and the panel keep working.
    """

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.button = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button.collidepoint(event.pos):
            self.app.new_game()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.app.new_game()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        layout, text = app.layout, app.text
        dim(surface, layout.board, 90)
        black, white = app.session.board.count()
        headline, verdict = app.result_text()
        s = layout.square
        rect = pygame.Rect(0, 0, int(s * 6.2), int(s * 3.6))
        rect.center = layout.board.center
        card(surface, rect, alpha=245)
        big = max(16, s // 2)
        title = text.render(headline, big, theme.TEXT, bold=True)
        surface.blit(title, title.get_rect(center=(rect.centerx, rect.top + int(s * 0.55))))
        discs = app.board_renderer
        disc_size = max(12, int(s * 0.55))
        y = rect.top + int(s * 1.35)
        rows: tuple[tuple[Color, int, int], ...] = (("black", black, -1), ("white", white, 1))
        for color, count, dx in rows:
            disc = pygame.transform.smoothscale(discs.disc(layout, color), (disc_size, disc_size))
            cx = rect.centerx + dx * int(s * 1.3)
            surface.blit(disc, disc.get_rect(center=(cx - int(s * 0.45), y)))
            num = text.render(str(count), big, theme.TEXT, bold=True)
            surface.blit(num, num.get_rect(midleft=(cx - int(s * 0.1), y)))
        font = app.res.font(max(12, s // 4))
        for i, line in enumerate(wrap(verdict, font, rect.width - 30)[:1]):
            label = text.render(line, max(12, s // 4), theme.TEXT_DIM)
            surface.blit(label, label.get_rect(center=(rect.centerx, rect.top + int(s * 2.05) + i * 20)))
        self.button = pygame.Rect(0, 0, int(s * 2.8), int(s * 0.7))
        self.button.center = (rect.centerx, rect.bottom - int(s * 0.7))
        hover = self.button.collidepoint(app.mouse)
        pygame.draw.rect(surface, theme.BUTTON_HOVER if hover else theme.ACCENT, self.button, border_radius=8)
        label = text.render("New game (N)", max(12, s // 4), theme.TEXT, bold=True)
        surface.blit(label, label.get_rect(center=self.button.center))


class PlayScene(Scene):
    """The board and panel: turns mouse and keys into the app's commands."""

    KEYS: ClassVar[dict[int, str]] = {
        pygame.K_n: "new",
        pygame.K_u: "undo",
        pygame.K_h: "hint",
        pygame.K_l: "legal",
        pygame.K_s: "sound",
        pygame.K_b: "play-black",
        pygame.K_w: "play-white",
        pygame.K_F1: "help",
        pygame.K_ESCAPE: "quit",
        pygame.K_PLUS: "level-up",
        pygame.K_EQUALS: "level-up",
        pygame.K_KP_PLUS: "level-up",
        pygame.K_MINUS: "level-down",
        pygame.K_KP_MINUS: "level-down",
        pygame.K_RETURN: "place",
        pygame.K_KP_ENTER: "place",
        pygame.K_SPACE: "place",
    }
    CTRL_KEYS: ClassVar[dict[int, str]] = {pygame.K_z: "undo", pygame.K_y: "redo"}
    ARROWS: ClassVar[dict[int, tuple[int, int]]] = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}

    def handle_event(self, event: pygame.event.Event) -> bool:
        app = self.app
        if event.type == pygame.MOUSEMOTION:
            app.pointer_moved(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            app.pointer_moved(event.pos)
            action = app.panel.hit(event.pos, app.panel_view())
            if action is not None:
                app.do(action)
            else:
                square = app.layout.square_at(event.pos)
                if square is not None:
                    app.click_square(square)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        app = self.app
        mod = getattr(event, "mod", 0)
        if mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z and mod & pygame.KMOD_SHIFT:
                app.do("redo")
                return True
            if event.key in self.CTRL_KEYS:
                app.do(self.CTRL_KEYS[event.key])
                return True
            return False  # Ctrl+C / Ctrl+V and friends belong to whoever handles them
        if getattr(event, "unicode", "") == "?" or (event.key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
            app.do("help")
            return True
        if getattr(event, "unicode", "") == "+":
            app.do("level-up")
            return True
        if event.key in self.ARROWS:
            app.move_cursor(*self.ARROWS[event.key])
            return True
        if event.key in self.KEYS:
            app.do(self.KEYS[event.key])
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_play(surface)
