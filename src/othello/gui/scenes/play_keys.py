"""The play scene's keys: which command a key press asks for.

Commands are names (``names.Command``: "undo", "level-up", "cursor-left"...), the same names the panel's buttons
give, so a key and its button do one thing in one place (``PlayScene.do``).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from othello.core.bitboard import Square
from othello.gui.model.names import Command
from othello.gui.model.session import Session

KEYS: dict[int, Command] = {
    pygame.K_n: "new",
    pygame.K_u: "undo",
    pygame.K_PAGEUP: "game-back",
    pygame.K_PAGEDOWN: "game-forward",
    pygame.K_h: "hint",
    pygame.K_l: "legal",
    pygame.K_s: "sound",
    pygame.K_b: "play-black",
    pygame.K_w: "play-white",
    pygame.K_t: "mode",
    pygame.K_m: "moves",
    pygame.K_e: "position-editor",
    pygame.K_r: "review",
    pygame.K_x: "explore",
    pygame.K_i: "book-values",
    pygame.K_INSERT: "book-add",
    pygame.K_DELETE: "book-remove",
    pygame.K_z: "puzzles",
    pygame.K_g: "library",
    pygame.K_p: "pause",
    pygame.K_k: "game",
    pygame.K_j: "person",
    pygame.K_o: "settings",
    pygame.K_v: "settings-card",
    pygame.K_PERIOD: "step",
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
    pygame.K_LEFT: "cursor-left",
    pygame.K_RIGHT: "cursor-right",
    pygame.K_UP: "cursor-up",
    pygame.K_DOWN: "cursor-down",
}
CTRL_KEYS: dict[int, Command] = {pygame.K_z: "undo", pygame.K_y: "redo", pygame.K_p: "picture"}
COLUMN_KEYS = {pygame.K_a + i: i for i in range(8)}  # a..h
ROW_KEYS = {
    **{pygame.K_1 + i: i for i in range(8)},
    **{key: i for i, key in enumerate((pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4,
                                        pygame.K_KP5, pygame.K_KP6, pygame.K_KP7, pygame.K_KP8))},
}  # fmt: skip
WAITING: frozenset[Command] = frozenset({"play-black", "position-editor", "library", "hint"})
"""The commands of the columns' letters (B, E, G, H): on the player's turn they wait TYPE_WAIT
seconds for a digit (b3 is a square) and are done when none comes."""
TYPE_WAIT = 0.7
CURSOR_STEPS: dict[Command, tuple[int, int]] = {
    "cursor-left": (-1, 0),
    "cursor-right": (1, 0),
    "cursor-up": (0, -1),
    "cursor-down": (0, 1),
}


def key_command(key: int, mod: int = 0, unicode: str = "") -> Command | None:
    """The command for a key press, or None when the play scene has no use for it.

    Cmd on macOS does what Ctrl does; Ctrl or Cmd with any other key (C, V, S, O...) is left
    to whoever handles it, never taken for the plain key.
    """
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        if key == pygame.K_z and mod & pygame.KMOD_SHIFT:
            return "redo"
        if key == pygame.K_p and mod & pygame.KMOD_SHIFT:
            return "picture-numbers"
        return CTRL_KEYS.get(key)
    if unicode == "?" or (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
        return "help"
    if unicode == "+":
        return "level-up"
    if key == pygame.K_i and mod & pygame.KMOD_SHIFT:
        return "book-add"
    return KEYS.get(key)


class TypedMove:
    """A square's name typed on the player's turn: a column's letter, then its row's digit
    plays there, as the arrows and Enter do. What a letter key also does (B, E) waits for
    the digit a little while and is done if none comes."""

    def __init__(self) -> None:
        self.column: int | None = None
        self.waiting: Command | None = None  # the letter's own command, not done yet
        self.until = 0.0
        self.cursor_before: Square | None = None  # where the cursor was before the letter

    def letter(
        self, column: int, command: Command | None, now: float, cursor: Square | None = None
    ) -> None:
        self.column = column
        self.waiting = command if command in WAITING else None
        self.until = now + TYPE_WAIT
        self.cursor_before = cursor

    def digit(self, row: int) -> Square | None:
        """The square typed, if a letter came just before (its command is dropped)."""
        if self.column is None:
            return None
        square = row * 8 + self.column
        self.column, self.waiting = None, None
        return square

    def due(self, now: float, anything_else: bool = False) -> Command | None:
        """The letter's command, once its wait is over or another key came; then forgotten."""
        if self.column is None or not (anything_else or now >= self.until):
            return None
        command, self.column, self.waiting = self.waiting, None, None
        return command


class TypingScene(Protocol):
    """What typing a move uses of the play screen."""

    now: float
    cursor: Square | None

    @property
    def session(self) -> Session: ...
    def do(self, command: Command) -> None: ...
    def click_square(self, square: Square) -> None: ...


class Typing:
    """The play screen's keys for a square's name: a letter a-h on the player's turn puts
    the cursor on its column and a digit 1-8 next plays there; B and E wait for that digit
    a moment (TypedMove)."""

    def __init__(self, scene: TypingScene) -> None:
        self.scene = scene
        self.typed = TypedMove()

    def key(self, key: int, mod: int, command: Command | None) -> bool:
        """A key press; True when it was a letter or digit of a square's name."""
        scene, session = self.scene, self.scene.session
        waited = self.typed.due(scene.now, anything_else=key not in ROW_KEYS)
        if waited is not None:
            self._letter_was_a_command(waited)
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False
        square = self.typed.digit(ROW_KEYS[key]) if key in ROW_KEYS else None
        if square is not None:
            scene.cursor = square
            scene.click_square(square)
            return True
        if key in COLUMN_KEYS and session.is_human_turn() and not session.browsing:
            self.typed.letter(COLUMN_KEYS[key], command, scene.now, scene.cursor)
            legal = session.board.legal_squares()
            scene.cursor = column_cursor(scene.cursor, legal, COLUMN_KEYS[key])
            if command is not None and command not in WAITING:
                scene.do(command)
            return True
        return False

    def update(self) -> None:
        """A letter's own command, once no digit came in time."""
        waited = self.typed.due(self.scene.now)
        if waited is not None:
            self._letter_was_a_command(waited)

    def _letter_was_a_command(self, command: Command) -> None:
        """B, E, G or H was its command, not a column: the cursor goes back where the arrows
        had put it (H once left it on the h column, and the arrows' walk was lost)."""
        self.scene.cursor = self.typed.cursor_before
        self.scene.do(command)


def column_cursor(cursor: Square | None, legal: list[Square], column: int) -> Square:
    """Where a typed column's letter puts the cursor: on that column, in the cursor's row,
    else on the column's first legal move, else in the middle."""
    if cursor is not None:
        return cursor // 8 * 8 + column
    return next((sq for sq in legal if sq % 8 == column), 3 * 8 + column)


def step_cursor(cursor: Square | None, legal: list[Square], dx: int, dy: int) -> Square:
    """Where an arrow key puts the cursor: the first one shows it on the first legal move (or
    the middle), the next ones walk it, stopping at the edges."""
    if cursor is None:
        return legal[0] if legal else 27
    col = max(0, min(7, cursor % 8 + dx))
    row = max(0, min(7, cursor // 8 + dy))
    return row * 8 + col


def nearest_legal(cursor: Square, legal: list[Square]) -> Square:
    """The legal square closest to the cursor (ties: the first in board order), so that
    after a move played from the keyboard the next Enter plays a move instead of being told
    that the occupied square is not legal. The cursor stays put when it is already legal or
    there is nothing legal to go to."""
    if cursor in legal or not legal:
        return cursor

    def distance(square: Square) -> tuple[int, int]:
        dx, dy = square % 8 - cursor % 8, square // 8 - cursor // 8
        return dx * dx + dy * dy, square

    return min(legal, key=distance)
