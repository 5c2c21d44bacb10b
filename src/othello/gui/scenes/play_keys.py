"""The play scene's keys: which command a key press asks for.

Commands are names ("undo", "level-up", "cursor-left"...), the same names the panel's buttons
give, so a key and its button do one thing in one place (``PlayScene.do``).
"""

from __future__ import annotations

import pygame

from ...bitboard import Square

KEYS: dict[int, str] = {
    pygame.K_n: "new",
    pygame.K_u: "undo",
    pygame.K_h: "hint",
    pygame.K_l: "legal",
    pygame.K_s: "sound",
    pygame.K_b: "play-black",
    pygame.K_w: "play-white",
    pygame.K_t: "mode",
    pygame.K_m: "moves",
    pygame.K_e: "edit",
    pygame.K_r: "review",
    pygame.K_x: "explore",
    pygame.K_z: "puzzles",
    pygame.K_p: "pause",
    pygame.K_g: "game",
    pygame.K_o: "settings",
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
CTRL_KEYS: dict[int, str] = {pygame.K_z: "undo", pygame.K_y: "redo"}
CURSOR_STEPS: dict[str, tuple[int, int]] = {
    "cursor-left": (-1, 0),
    "cursor-right": (1, 0),
    "cursor-up": (0, -1),
    "cursor-down": (0, 1),
}


def key_command(key: int, mod: int = 0, unicode: str = "") -> str | None:
    """The command for a key press, or None when the play scene has no use for it.

    Cmd on macOS does what Ctrl does; Ctrl or Cmd with any other key (C, V, S, O...) is left
    to whoever handles it, never taken for the plain key.
    """
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        if key == pygame.K_z and mod & pygame.KMOD_SHIFT:
            return "redo"
        return CTRL_KEYS.get(key)
    if unicode == "?" or (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
        return "help"
    if unicode == "+":
        return "level-up"
    return KEYS.get(key)


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
