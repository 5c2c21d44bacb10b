"""Make docs/views' pictures of the coach in a real window (Xvfb): five games of a WTHOR file
played in the window as Black against White's recorded moves, each reviewed by the real search
process (R); the last game's worst explained move of Black's in the move list, its line
stepped through with real key presses (Shift+Right, by xdotool), in English and Japanese; then
the progress card (K, Tab) after the five reviewed games.

Run: ``python scripts/coach_views.py [FOLDER]`` (a few minutes: five real reviews; FOLDER
instead of docs/views/). Needs Xvfb, xdotool, xwininfo and ImageMagick's ``import``, and the
shared real games (``../shared/data/games/``, or OTHELLO_SHARED_DATA).
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
GAMES = Path(os.environ.get("OTHELLO_SHARED_DATA", ROOT.parent / "shared" / "data")) / "games"
DT = 1 / 30


def free_display() -> int:
    for number in range(90, 200):
        if not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number")


class Window:
    """The game's window on the virtual display, driven frame by frame."""

    def __init__(self, out: Path) -> None:
        from othello.app.settings.keys import Settings
        from othello.gui.app import App
        from othello.gui.services import persistence

        self.out = out
        settings = Settings(window_width=1100, window_height=760, sound=False, animation=False,
                            review_at_end=False, mode="two-players")  # fmt: skip
        self.app = App(settings, remember=None)
        persistence.attach(self.app, resume=False)  # the reviews kept in the library
        self.run(1.0)
        info = subprocess.run(["xwininfo", "-name", "Othello"], capture_output=True, text=True)
        self.id = info.stdout.split("Window id: ")[1].split()[0]
        subprocess.run(["xdotool", "windowmove", self.id, "0", "0"], check=True)
        subprocess.run(["xdotool", "windowfocus", self.id], check=True)

    def run(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.frame(DT)
            time.sleep(DT / 2)

    def until(self, done: Callable[[], bool], limit: float = 900.0) -> None:
        end = time.monotonic() + limit
        while not done():
            if time.monotonic() > end:
                raise TimeoutError("the window did not get there")
            self.app.frame(DT)
            time.sleep(0.01)

    def key(self, name: str) -> None:
        subprocess.run(["xdotool", "key", "--clearmodifiers", name], check=True)
        self.run(0.4)

    def shot(self, name: str) -> None:
        self.run(0.5)
        path = self.out / f"{name}.png"
        subprocess.run(["import", "-window", self.id, str(path)], check=True)
        print(path, flush=True)

    def language(self, code: str) -> None:
        self.app.live_settings.show_display(replace(self.app.settings, language=code))


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "views"
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="othello-coach-views-"))  # never the player's own
    os.environ["OTHELLO_CONFIG_DIR"] = str(scratch / "config")
    os.environ["OTHELLO_DATA_DIR"] = str(scratch / "data")
    display = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1280x900x24"],
                            stderr=subprocess.DEVNULL)  # fmt: skip
    os.environ["DISPLAY"] = f":{display}"
    time.sleep(1.0)
    try:
        shoot(out)
    finally:
        import pygame

        pygame.quit()  # the window gone before its display
        xvfb.terminate()
    return 0


def shoot(out: Path) -> None:
    from othello.core.game import Game
    from othello.gui.scenes.move_list import MoveListOverlay
    from othello.gui.scenes.progress_card import ProgressCard

    with gzip.open(GAMES / "wthor-1977-2025.txt.gz", "rt") as file:
        games = [next(file).split()[0] for _ in range(5)]
    window = Window(out)
    app = window.app
    for n, text in enumerate(games):
        if n:
            app.session.new_game()
        for sq in Game.from_transcript(text).moves:  # Black is the person's, White recorded
            app.session.play(sq, by_computer=app.session.board.side_to_move == "white")
        window.run(0.3)
        window.key("r")
        window.until(lambda: app.play.computer.review is not None)
    window.key("m")
    black = [v for v in app.play.computer.reviewed().values() if v.color == "black"]
    explained = [v for v in black if v.themes] or black
    worst = max(explained, key=lambda v: v.loss)
    app.session.show_ply(worst.ply)
    for _ in range(3):
        window.key("shift+Right")
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None and overlay.line_step == 3
    window.shot("why-line-en-xvfb")
    window.language("ja")
    window.shot("why-line-ja-xvfb")
    window.language("en")
    window.key("Escape")
    window.key("k")
    window.key("Tab")
    card = app.find_scene(ProgressCard)
    assert card is not None
    window.until(lambda: card.progress is not None, 60)
    window.shot("progress-xvfb")
    app.close()


if __name__ == "__main__":
    sys.exit(main())
