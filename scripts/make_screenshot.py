"""Render docs/screenshot.png: the real window, headless, in the middle of a game.

Run from anywhere: ``python3 scripts/make_screenshot.py``. The computer (level 2, fixed seed)
plays both sides for a few moves, then it is the player's turn with the legal moves shown.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from othello.config import Settings
from othello.engine import Engine
from othello.gui.app import App

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshot.png"
MOVES = 20


def main() -> None:
    app = App(Settings(level=4, sound=False), remember=None)
    engine = Engine(level=2, seed=11)
    while app.session.game.cursor < MOVES or not app.session.is_human_turn():
        board = app.session.board
        app.session.play("pass" if board.must_pass() else engine.think(board).move)
    for _ in range(30):  # let the last flip finish
        app.frame(1 / 30)
    legal = app.session.board.legal_squares()
    app.pointer_moved(app.layout.square_center(legal[len(legal) // 2]))  # the mouse over a move
    app.frame(1 / 30)
    pygame.image.save(app.screen, str(OUT))
    app.close()
    print(OUT)


if __name__ == "__main__":
    main()
