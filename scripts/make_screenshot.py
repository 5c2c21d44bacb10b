"""Make docs/screenshot.png: a capture of the real game window, played with the mouse.

Run from anywhere on Linux: ``python3 scripts/make_screenshot.py``. It needs Xvfb, xdotool and
ImageMagick's ``import`` (Debian: ``apt-get install xvfb xdotool imagemagick``). It starts a
virtual X display, opens the game there (``python -m othello``) with scratch settings and data
folders, and plays like a person: it looks at the window for the legal-move rings, clicks one,
waits for the computer's reply, and does that a few times. Then it rests the pointer on a legal
move (so the disc to be placed shows faintly) and captures the window.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from othello.gui.widgets.layout import compute_layout

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshot.png"
SCREEN = (1280, 900)
WINDOW = (1100, 760)
SQUARE = 64
MOVES = 7  # the player's moves before the capture
SETTINGS = f"""[BASIC]
WINDOWWIDTH = {WINDOW[0]}
WINDOWHEIGHT = {WINDOW[1]}
SQUARESIZE = {SQUARE}
FPS = 30
ANIMATION = True
[GAME]
LEVEL = 3
HUMAN_COLOR = black
SHOW_LEGAL_MOVES = True
[SOUND]
SOUND = False
"""
# Where to play when several moves are legal: nearest the middle, like a careful beginner.
PREFERENCE = sorted(range(64), key=lambda sq: (abs(sq % 8 - 3.5) + abs(sq // 8 - 3.5), sq))


def free_display() -> int:
    for number in range(99, 200):
        if (
            not Path(f"/tmp/.X{number}-lock").exists()
            and not Path(f"/tmp/.X11-unix/X{number}").exists()
        ):
            return number
    raise RuntimeError("no free X display number")


def xdotool(*args: str) -> str:
    return subprocess.run(
        ["xdotool", *args], check=True, capture_output=True, text=True
    ).stdout.strip()


def wait_for(what: str, done: Callable[[], bool], seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(0.2)


class Window:
    """The game's window on the virtual display: its place, a capture, and where squares are."""

    def __init__(self, window_id: str, folder: Path) -> None:
        self.id = window_id
        self.shot = folder / "shot.png"
        geometry = dict(
            line.split("=")
            for line in xdotool("getwindowgeometry", "--shell", window_id).splitlines()
        )
        self.x, self.y = int(geometry["X"]), int(geometry["Y"])
        self.size = int(geometry["WIDTH"]), int(geometry["HEIGHT"])
        self.layout = compute_layout(*self.size, SQUARE)

    def capture(self, path: Path | None = None) -> pygame.Surface:
        w, h = self.size
        target = path or self.shot
        subprocess.run(
            [
                "import",
                "-window",
                "root",
                "-crop",
                f"{w}x{h}+{self.x}+{self.y}",
                "+repage",
                str(target),
            ],
            check=True,
        )
        return pygame.image.load(str(target))

    def legal_squares(self) -> list[int]:
        """The squares showing the pale legal-move ring, the same on two captures in a row
        (a disc turning edge-on looks like a ring for a moment, but not for long)."""
        found = self._rings(self.capture())
        time.sleep(0.25)
        return found if found == self._rings(self.capture()) else []

    def _rings(self, image: pygame.Surface) -> list[int]:
        s = self.layout.square
        legal = []
        for sq in range(64):
            cx, cy = self.layout.square_center(sq)
            ring, centre = image.get_at((cx + int(0.13 * s), cy)), image.get_at((cx, cy))
            felt = image.get_at((cx + int(0.32 * s), cy))
            pale_ring = sum(ring[:3]) > 450 and sum(centre[:3]) < sum(ring[:3]) - 120
            if pale_ring and centre.g > centre.r + 30 and felt.g > felt.r + 40:
                legal.append(sq)
        return legal

    def board_image(self) -> bytes:
        return pygame.image.tobytes(self.capture().subsurface(self.layout.board), "RGB")

    def point(self, sq: int, click: bool) -> None:
        x, y = self.layout.square_center(sq)
        xdotool("mousemove", str(self.x + x), str(self.y + y))
        if click:
            xdotool("click", "1")

    def rest(self) -> None:
        """Move the pointer off the board, so no preview disc hides a ring."""
        xdotool("mousemove", str(self.x + 5), str(self.y + 5))


def my_turn(window: Window) -> list[int]:
    """Wait until the window shows the player's legal moves; returns them."""
    seen: list[int] = []

    def shown() -> bool:
        seen[:] = window.legal_squares()
        return bool(seen)

    wait_for("the player's turn", shown)
    return seen


def changed(window: Window, before: bytes) -> Callable[[], bool]:
    return lambda: window.board_image() != before


def play(window: Window) -> None:
    for _ in range(MOVES):
        legal = my_turn(window)
        before = window.board_image()
        window.point(min(legal, key=PREFERENCE.index), click=True)
        window.rest()
        wait_for("the disc to be placed", changed(window, before))
    time.sleep(0.5)
    legal = my_turn(window)
    window.point(legal[len(legal) // 2], click=False)  # the pointer over a move: its preview shows
    time.sleep(0.5)


def main() -> None:
    number = free_display()
    display = f":{number}"
    with tempfile.TemporaryDirectory(prefix="othello-shot-") as scratch:
        folder = Path(scratch)
        config = folder / "othello.ini"
        config.write_text(SETTINGS, encoding="utf-8")
        env = dict(
            os.environ,
            DISPLAY=display,
            SDL_AUDIODRIVER="dummy",
            OTHELLO_CONFIG_DIR=str(folder / "config"),
            OTHELLO_DATA_DIR=str(folder / "data"),
        )
        xvfb = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        game = None
        try:
            wait_for("Xvfb", lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 10)
            os.environ["DISPLAY"] = display
            game = subprocess.Popen(
                [sys.executable, "-m", "othello", "--config", str(config)], env=env
            )
            window_id = ""

            def found() -> bool:
                nonlocal window_id
                result = subprocess.run(
                    ["xdotool", "search", "--pid", str(game.pid)], capture_output=True, text=True
                )
                window_id = result.stdout.split()[0] if result.stdout.split() else ""
                return bool(window_id)

            wait_for("the game window", found)
            time.sleep(1.0)  # let it draw its first frames
            window = Window(window_id, folder)
            play(window)
            OUT.parent.mkdir(parents=True, exist_ok=True)
            window.capture(OUT)
            xdotool("key", "--window", window_id, "Escape")
            game.wait(10)
        finally:
            if game is not None and game.poll() is None:
                game.terminate()
            xvfb.terminate()
            xvfb.wait(10)
    print(OUT)


if __name__ == "__main__":
    main()
