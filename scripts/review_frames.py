"""Frame times of the window while it reviews a whole game: does it stay responsive?

Run: ``python scripts/review_frames.py`` (about a minute, nothing else running). The real
window (headless: SDL's dummy driver) with its search process loads a real 60-move game and
reviews it as R would, at the window's frame rate; it prints the review's time and the frame
intervals (frame start to frame start) and the work done in each frame.
"""

from __future__ import annotations

import os
import sys
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from render_views import GAME

from othello.app.search_service import JobKind
from othello.app.settings.keys import Settings
from othello.core.game import Game
from othello.gui.app import App
from othello.gui.services.frame_stats import FrameStats


def main() -> int:
    app = App(
        Settings(animation=False, sound=False, mode="two-players", review_at_end=False),
        remember=None,
    )  # R starts the review (the game is over: not at once, or R would stop it)
    app.session.set_game(Game.from_transcript(GAME))
    clock = pygame.time.Clock()
    stats = FrameStats()
    app.frame(1 / app.fps)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode=""))
    start = last = time.perf_counter()
    dt = 1 / app.fps
    while app.play.computer.review is None and time.perf_counter() - start < 600:
        begun = time.perf_counter()
        app.frame(dt)
        pygame.display.flip()
        work = time.perf_counter() - begun
        dt = clock.tick(app.fps) / 1000.0
        now = time.perf_counter()
        stats.add(now - last, work, app.worker.kind == JobKind.REVIEW)
        last = now
    took = time.perf_counter() - start
    app.close()
    print(f"review of {len(Game.from_transcript(GAME).moves)} moves: {took:.1f} s")
    print(stats.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
