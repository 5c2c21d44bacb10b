"""Two copies of the game on one home folder, tried as a player would, on a virtual display.

    python scripts/two_windows_trial.py [--out FOLDER]

Needs Xvfb, xdotool and ImageMagick's ``import`` (see make_screenshot.py). With a fresh home
folder (``HOME`` only: no OTHELLO_* folders), it starts one window, then a second beside it,
plays a move in each with the mouse, presses Ctrl+S in both at once, quits the second and
then the first, starts the game again and presses Ctrl+O. A capture of the screen is taken
at each step (``FOLDER/1-two-windows.png``...), and the data folder is listed at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_screenshot as shot
from make_screenshot import Window, free_display, my_turn, wait_for, xdotool

SCREEN = (1700, 760)
SETTINGS = """[BASIC]
WINDOWWIDTH = 820
WINDOWHEIGHT = 600
SQUARESIZE = 64
ANIMATION = True
[GAME]
LEVEL = 1
[SOUND]
SOUND = False
"""
OTHELLO = Path(sys.executable).with_name("othello")


class Trial:
    def __init__(self, home: Path, display: str, out: Path) -> None:
        self.home, self.display, self.out = home, display, out
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("OTHELLO_", "XDG_"))}
        self.env.update(HOME=str(home), DISPLAY=display, SDL_AUDIODRIVER="dummy")
        self.games: list[subprocess.Popen[bytes]] = []

    def start(self, x: int) -> Window:
        # --config: run from a source checkout, its own othello.ini would come first
        ini = self.home / ".config" / "othello" / "othello.ini"
        game = subprocess.Popen([str(OTHELLO), "--config", str(ini)], env=self.env, cwd=self.home)
        self.games.append(game)
        found: list[str] = []

        def shown() -> bool:
            ids = subprocess.run(["xdotool", "search", "--pid", str(game.pid)],
                                 capture_output=True, text=True).stdout.split()  # fmt: skip
            found[:] = ids[:1]
            return bool(ids)

        wait_for("a game window", shown)
        xdotool("windowmove", found[0], str(x), "0")
        time.sleep(1.5)  # moved, and its first frames drawn
        return Window(found[0], self.out)

    def screen(self, name: str) -> Path:
        path = self.out / name
        subprocess.run(["import", "-window", "root", str(path)], check=True)
        print(f"captured {path}", flush=True)
        return path

    def move(self, window: Window, choose: int) -> None:
        legal = my_turn(window)
        before = window.board_image()
        window.point(sorted(legal, key=shot.PREFERENCE.index)[min(choose, len(legal) - 1)], True)
        window.rest()
        wait_for("the disc to be placed", lambda: window.board_image() != before)
        my_turn(window)  # the computer has answered

    def quit(self, window: Window, game: subprocess.Popen[bytes]) -> None:
        xdotool("key", "--window", window.id, "Escape")
        game.wait(20)

    def data(self) -> list[str]:
        folder = self.home / ".local" / "share" / "othello"
        return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "two-windows")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    number = free_display()
    display = f":{number}"
    home = Path(tempfile.mkdtemp(prefix="othello-home-"))
    (home / ".config" / "othello").mkdir(parents=True)
    (home / ".config" / "othello" / "othello.ini").write_text(SETTINGS, encoding="utf-8")
    xvfb = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    trial = Trial(home, display, args.out)
    try:
        wait_for("Xvfb", lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 10)
        os.environ["DISPLAY"] = display
        first = trial.start(0)
        second = trial.start(860)
        trial.screen("1-two-windows.png")
        trial.move(first, 0)
        trial.move(second, 1)
        trial.screen("2-a-move-in-each.png")
        xdotool("key", "--window", first.id, "ctrl+s")
        xdotool("key", "--window", second.id, "ctrl+s")
        time.sleep(1.0)
        trial.screen("3-ctrl-s-in-both.png")
        print("after Ctrl+S:", trial.data(), flush=True)
        trial.quit(second, trial.games[1])  # the second quits first, then the first
        trial.quit(first, trial.games[0])
        print("after quitting both:", trial.data(), flush=True)
        again = trial.start(0)
        trial.screen("4-restarted.png")
        time.sleep(5.0)  # the notices come one after another
        trial.screen("4b-restarted-next-notice.png")
        xdotool("key", "--window", again.id, "ctrl+o")
        time.sleep(1.0)
        trial.screen("5-ctrl-o.png")
        print("after the restart:", trial.data(), flush=True)
        trial.quit(again, trial.games[2])
    finally:
        for game in trial.games:
            if game.poll() is None:
                game.terminate()
        xvfb.terminate()
        xvfb.wait(10)
        shutil.rmtree(home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
