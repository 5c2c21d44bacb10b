"""A whole session by keys alone, as a player who cannot see the screen has it, with every
sentence the window says printed in order: the first start with speech off, F12, a game
against the computer played with Tab and Enter to its end, the review and the worst move's
why in the move list, a puzzle answered by typing its square, and a game opened from the
library. Headless (SDL's dummy drivers), in scratch folders; docs/accessibility.md quotes it.

    python scripts/speech_session.py [--level 1] [--language en]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
scratch = Path(tempfile.mkdtemp(prefix="othello-speech-"))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["OTHELLO_DATA_DIR"] = str(scratch / "data")
os.environ["OTHELLO_CONFIG_DIR"] = str(scratch / "config")

import pygame  # noqa: E402

from othello.app.settings.keys import Settings  # noqa: E402
from othello.app.speech.speakers import RecordingSpeaker, Speaker  # noqa: E402
from othello.gui.app import App  # noqa: E402
from othello.gui.scenes.puzzle_screen import PuzzleOverlay  # noqa: E402

DT = 1 / 30


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    speaker = RecordingSpeaker()

    def factory(mode: str, language: str) -> tuple[Speaker | None, str]:
        return speaker, ""

    settings = Settings(level=args.level, language=args.language, animation=False, book=False)
    app = App(settings, remember=None, speaker_factory=factory, computer_min_seconds=0.0)
    shown = 0

    def frames(n: int = 1) -> None:
        nonlocal shown
        for _ in range(n):
            app.frame(DT)
        voice = app.speech.voice
        if voice is not None:
            voice.wait_idle(30)
        for line in speaker.heard[shown:]:
            print(f"  {line}")
        shown = len(speaker.heard)

    def until(done: Callable[[], bool], seconds: float = 900) -> None:
        """Frames at the window's pace until ``done`` (the review takes minutes)."""
        end = time.monotonic() + seconds
        while not done():
            if time.monotonic() > end:
                raise SystemExit("the window never got there")
            frames()
            time.sleep(DT)

    def key(name: int, mod: int = 0, label: str = "") -> None:
        print(f"[{label or pygame.key.name(name)}]")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=mod, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=name, mod=mod))
        frames(2)

    def my_turn() -> bool:
        return app.session.is_human_turn() and app.play.animation is None

    try:
        frames(5)
        key(pygame.K_F12)
        while not app.session.game.is_over():
            until(lambda: my_turn() or app.session.game.is_over())
            if app.session.game.is_over():
                break
            key(pygame.K_TAB)
            key(pygame.K_RETURN)
        frames(10)  # the review starts at the end by itself (REVIEW_AT_END)
        until(lambda: app.play.computer.review is not None)
        frames(5)
        key(pygame.K_SPACE, label="space")  # the board
        key(pygame.K_m)  # the move list; Left until the worst move is said
        verdicts = app.play.computer.judgement.reviewed(app.session.game)
        worst = max(verdicts.values(), key=lambda v: (v.loss, -v.ply), default=None)
        mine = [v for v in verdicts.values() if v.color == app.session.human]
        worst = max(mine, key=lambda v: (v.loss, -v.ply), default=worst)
        if worst is not None:
            while app.scenes[-1].name == "moves" and getattr(app.scenes[-1], "cursor", 0) > (
                worst.ply
            ):
                key(pygame.K_LEFT)
        key(pygame.K_ESCAPE)
        app.library.flush(30)
        key(pygame.K_z)  # a puzzle from the game's mistakes
        puzzles = app.find_scene(PuzzleOverlay)
        if puzzles is not None and puzzles.puzzle is not None:
            until(lambda: puzzles.scores is not None)
            key(pygame.K_l, pygame.KMOD_ALT, "alt+l")
            best = puzzles.puzzle.best
            key(pygame.K_a + "abcdefgh".index(best[0]), label=best[0])
            key(pygame.K_1 + int(best[1]) - 1, label=best[1])
            frames(5)
            key(pygame.K_ESCAPE)
        key(pygame.K_g)  # the library
        until(lambda: app.scenes[-1].name == "library" and app.scenes[-1].spoken() != "")
        frames(5)
        key(pygame.K_RETURN)  # open the chosen game
        until(lambda: app.scenes[-1].name in ("play", "end", "moves"), 60)
        frames(10)
        key(pygame.K_m, pygame.KMOD_ALT, "alt+m")  # its last move
    finally:
        app.close()
        pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
