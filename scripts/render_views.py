"""Render the window's views headless into docs/views/: the evaluation graph and the move list
after a review of a real game at three window sizes and in Japanese, and the modes and the
position editor.

Run: ``python scripts/render_views.py [FOLDER]`` (a minute: the review runs the real engine
once, at the window's settings); FOLDER instead of docs/views/, e.g. to compare two versions
of the code pixel by pixel. No display needed: SDL's dummy video driver.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from othello.app.settings.keys import Mode, Settings
from othello.core.game import Game
from othello.core.notation import parse_square
from othello.gui.app import App
from othello.study.review import MoveReview

OUT = Path(__file__).resolve().parent.parent / "docs" / "views"
# A real tournament game (WTHOR), 60 moves.
GAME = (
    "f5f6e6f4g5e7e3g3f3d6c4c3c5g4g6f2h4h3c7h6h2d2d3e2d1c1f1c2g1d7b3a3e8f8c8f7c6d8g8b6b4"
    "a4b5b7a5a6h5h1a8g2e1b8a7h8a2b2b1a1h7g7"
)
SIZES = ((1100, 760), (900, 640), (600, 700))
DT = 1 / 30


def make_app(
    size: tuple[int, int], mode: Mode = "computer", watch_seconds: float = 1.0, language: str = "en"
) -> App:
    chosen = Settings(
        language=language,
        animation=False,
        sound=False,
        window_width=size[0],
        window_height=size[1],
        mode=mode,
        watch_seconds=watch_seconds,
        review_at_end=False,  # R reviews the finished game (at its end one would start at once)
        book=False,  # the book picks among good moves at random: the same picture every run
    )
    return App(chosen, remember=None, computer_min_seconds=0.0)


def frames(app: App, count: int) -> None:
    for _ in range(count):
        app.frame(DT)


def settle(app: App) -> None:
    """Frames until the search process is idle (a move paused, two players' positions
    scored for the graph), so a view is the same picture at every run."""
    while app.worker.busy:
        frames(app, 1)
        pygame.time.wait(20)
    frames(app, 2)


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    frames(app, 1)


def save(app: App, name: str) -> None:
    frames(app, 2)
    pygame.image.save(app.screen, str(OUT / name))
    print(OUT / name)


Verdicts = dict[tuple[str, tuple[int, ...]], MoveReview]


def reviewed_game() -> Verdicts:
    """Review GAME once in a window (R), the way a player would, and keep the verdicts."""
    app = make_app(SIZES[0], mode="two-players")
    app.session.set_game(Game.from_transcript(GAME))
    frames(app, 1)
    key(app, pygame.K_r)
    while app.play.computer.review is None:
        frames(app, 1)
        pygame.time.wait(20)
    verdicts = dict(app.play.computer.judgement.verdicts)
    app.close()
    return verdicts


def review_views(verdicts: Verdicts) -> None:
    for size in SIZES:
        app = make_app(size, mode="two-players")
        app.session.set_game(Game.from_transcript(GAME))
        app.play.computer.judgement.verdicts = dict(verdicts)  # reviewed once, shown at each size
        app.session.play_from(40)  # playing on from move 40: the graph up to there
        save(app, f"graph-{size[0]}x{size[1]}.png")
        key(app, pygame.K_m)
        worst = max(app.play.computer.reviewed().values(), key=lambda r: r.loss)
        app.session.show_ply(worst.ply)  # the worst move's position: played and best scored
        save(app, f"review-{size[0]}x{size[1]}.png")
        app.close()


def language_views(verdicts: Verdicts) -> None:
    """The review's views in Japanese (the window's language, LANGUAGE = ja), at the default
    size and at the smallest window."""
    for size in ((1100, 760), (540, 400)):
        app = make_app(size, mode="two-players", language="ja")
        app.session.set_game(Game.from_transcript(GAME))
        app.play.computer.judgement.verdicts = dict(verdicts)
        app.session.play_from(40)
        save(app, f"ja-graph-{size[0]}x{size[1]}.png")
        key(app, pygame.K_m)
        worst = max(app.play.computer.reviewed().values(), key=lambda r: r.loss)
        app.session.show_ply(worst.ply)
        save(app, f"ja-review-{size[0]}x{size[1]}.png")
        app.close()


def mode_views() -> None:
    app = make_app(SIZES[0], mode="two-players")
    for move in ("f5", "d6", "c3", "d3", "c4", "f4"):
        app.session.play(move)
    save(app, "mode-two-players.png")
    app.close()
    app = make_app(SIZES[0], mode="watch", watch_seconds=0.0)
    while app.session.game.cursor < 8:
        frames(app, 1)
        pygame.time.wait(20)
    key(app, pygame.K_p)
    settle(app)  # the search under way finishes (its move waits: paused)
    save(app, "mode-watch-paused.png")
    app.close()
    app = make_app(SIZES[0])
    key(app, pygame.K_e)
    for name in ("c4", "f6", "f6", "c3"):
        pos = app.layout.square_rect(parse_square(name)).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        frames(app, 1)
    save(app, "editor.png")
    app.close()


def explorer_views() -> None:
    """The opening explorer (X) after f5 d6, at the smallest window and a large one."""
    for size in ((560, 420), SIZES[0]):
        app = make_app(size, mode="two-players")
        for move in ("f5", "d6"):
            app.session.play(move)
        key(app, pygame.K_x)
        frames(app, 200)  # the notice has gone: the strip names the source and the total
        settle(app)
        save(app, f"explorer-{size[0]}x{size[1]}.png")
        app.close()


def main() -> int:
    global OUT
    if len(sys.argv) > 1:
        OUT = Path(sys.argv[1])
    OUT.mkdir(parents=True, exist_ok=True)
    explorer_views()
    verdicts = reviewed_game()
    review_views(verdicts)
    language_views(verdicts)
    mode_views()
    return 0


if __name__ == "__main__":
    sys.exit(main())
