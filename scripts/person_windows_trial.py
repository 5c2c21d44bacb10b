"""Two real windows playing each other over loopback, on a virtual display, to the end.

    python scripts/person_windows_trial.py [--out FOLDER]

Needs Xvfb, xdotool and ImageMagick's ``import`` (see make_screenshot.py). Each window has a
home folder of its own. The first starts with ``othello host --bind 127.0.0.1`` (nothing
listens beyond this machine, no beacon); its code and port are read from its log, as a
player would read them off its card; the second starts with ``othello join CODE
127.0.0.1:PORT``. Then each window, whenever it shows its legal-move rings, gets a mouse
click on one of them (nearest the middle), until neither has shown a ring for a while: the
game is over. Captures of the screen are taken on the way (``FOLDER/1-hosting.png``...),
and each window's library is listed at the end.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_screenshot as shot
from make_screenshot import Window, free_display, wait_for, xdotool

SCREEN = (1700, 640)
SETTINGS = """[BASIC]
WINDOWWIDTH = 820
WINDOWHEIGHT = 600
SQUARESIZE = 64
ANIMATION = True
[GAME]
SHOW_LEGAL_MOVES = True
[LIBRARY]
PLAYER_NAME = {name}
[SOUND]
SOUND = False
"""
OTHELLO = Path(sys.executable).with_name("othello")
QUIET = 12.0
"""Seconds with no ring in either window: the game is over."""


class Player:
    """One window and its own home folder."""

    def __init__(self, name: str, display: str, out: Path) -> None:
        self.home = Path(tempfile.mkdtemp(prefix=f"othello-{name.lower()}-"))
        ini = self.home / ".config" / "othello" / "othello.ini"
        ini.parent.mkdir(parents=True)
        ini.write_text(SETTINGS.format(name=name), encoding="utf-8")
        self.ini, self.out = ini, out
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("OTHELLO_", "XDG_"))}
        self.env.update(HOME=str(self.home), DISPLAY=display, SDL_AUDIODRIVER="dummy")
        self.game: subprocess.Popen[bytes] | None = None
        self.window: Window | None = None

    @property
    def data(self) -> Path:
        return self.home / ".local" / "share" / "othello"

    def start(self, x: int, *args: str) -> Window:
        command = [str(OTHELLO), "--config", str(self.ini), *args]
        self.game = subprocess.Popen(command, env=self.env, cwd=self.home)
        found: list[str] = []
        pid = str(self.game.pid)

        def shown() -> bool:
            ids = subprocess.run(["xdotool", "search", "--pid", pid],
                                 capture_output=True, text=True).stdout.split()  # fmt: skip
            found[:] = ids[:1]
            return bool(ids)

        wait_for("a game window", shown)
        xdotool("windowmove", found[0], str(x), "0")
        time.sleep(1.5)
        self.window = Window(found[0], self.out)
        return self.window

    def games(self) -> list[tuple[object, ...]]:
        with sqlite3.connect(f"file:{self.data / 'library.sqlite3'}?mode=ro", uri=True) as db:
            return db.execute("SELECT black, white, result, source FROM games").fetchall()

    def stop(self) -> None:
        if self.game is not None and self.game.poll() is None:
            self.game.terminate()
            self.game.wait(20)
        shutil.rmtree(self.home, ignore_errors=True)


def hosted(player: Player) -> tuple[str, int]:
    """The code and port the host's window wrote to its log."""
    found: list[tuple[str, int]] = []

    def logged() -> bool:
        log = player.data / "othello.log"
        text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
        match = re.search(r"code ([A-Z0-9-]+), address \S+, port (\d+)", text)
        if match:
            found[:] = [(match.group(1), int(match.group(2)))]
        return bool(found)

    wait_for("the host's code in its log", logged)
    return found[0]


def capture(out: Path, name: str) -> None:
    path = out / name
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    print(f"captured {path}", flush=True)


def play_out(windows: list[Window], out: Path) -> int:
    """Click a ring in whichever window shows one, until neither has for QUIET seconds."""
    moves, quiet_since = 0, time.monotonic()
    while time.monotonic() - quiet_since < QUIET:
        for window in windows:
            legal = window.legal_squares()
            if not legal:
                continue
            before = window.board_image()
            window.point(min(legal, key=shot.PREFERENCE.index), True)
            window.rest()
            wait_for("the disc to be placed", shot.changed(window, before))
            moves += 1
            quiet_since = time.monotonic()
            if moves == 12:
                capture(out, "3-mid-game.png")
        time.sleep(0.3)
    return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "person-trial")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    number = free_display()
    display = f":{number}"
    xvfb = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    ada, bo = Player("Ada", display, args.out), Player("Bo", display, args.out)
    try:
        wait_for("Xvfb", lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 10)
        os.environ["DISPLAY"] = display
        host = ada.start(0, "host", "--bind", "127.0.0.1")
        code, port = hosted(ada)
        capture(args.out, "1-hosting.png")
        guest = bo.start(860, "join", code, f"127.0.0.1:{port}")
        time.sleep(2.0)
        capture(args.out, "2-joined.png")
        moves = play_out([host, guest], args.out)
        capture(args.out, "4-game-over.png")
        print(f"{moves} moves placed by mouse clicks", flush=True)
        xdotool("key", "--window", host.id, "Escape")  # leave the screen: kept either way
        xdotool("key", "--window", guest.id, "Escape")
        time.sleep(2.0)
        print("Ada's library:", ada.games(), flush=True)
        print("Bo's library:", bo.games(), flush=True)
    finally:
        ada.stop()
        bo.stop()
        xvfb.terminate()
        xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
