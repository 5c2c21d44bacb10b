"""How quickly a move reaches the other player's board, and the window's frames meanwhile.

Run: ``python scripts/person_bench.py [--games 3] [--seed 1]`` (a minute or so, nothing else
running). The real window (headless: SDL's dummy driver) hosts on 127.0.0.1 and plays whole
games against a player at a table of the script's own, on a thread that pumps it every
millisecond; both sides play random legal moves. It prints, over every move:

- joiner to window: from the joiner's ``play`` to the end of the window frame whose board
  first shows the disc (what a player at the window sees, so it includes the wait for the
  next frame at the window's frame rate);
- window to joiner: from the window's click handled to the joiner's table holding the move;
- the window's frames: intervals (frame start to frame start) and the work in each frame.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from screen_tour import make_app

from othello.app.network.table import Seat, Table
from othello.core.bitboard import PASS
from othello.gui.app import App
from othello.gui.services.frame_stats import FrameStats

LOOPBACK = "127.0.0.1"


class Guest(threading.Thread):
    """The other player: joins, plays a random legal move on each turn, times the window's."""

    def __init__(self, code: str, port: int, rng: random.Random) -> None:
        super().__init__(daemon=True)
        self.table = Table.join("Bench", code, LOOPBACK, port)
        self.rng = rng
        self.sent: dict[int, float] = {}  # ply -> when this side played it
        self.seen: dict[int, float] = {}  # ply -> when this side held the window's move
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            table = self.table
            table.pump()
            person = table.game
            if person is not None:
                cursor = person.game.cursor
                if cursor and cursor - 1 not in self.seen and cursor - 1 not in self.sent:
                    self.seen[cursor - 1] = time.perf_counter()
                if table.seat == Seat.PLAYING and person.my_turn():
                    squares = person.game.board.legal_squares()
                    if squares:
                        self.sent[cursor] = time.perf_counter()
                        table.play(self.rng.choice(squares))
            time.sleep(0.001)


def one_game(app: App, rng: random.Random, stats: FrameStats) -> tuple[list[float], list[float]]:
    """A whole game; the joiner-to-window and window-to-joiner times in seconds."""
    feed = app.play.person_feed
    feed.bind = LOOPBACK
    app.play.do("person")
    screen = app.find_screen("person")
    assert screen is not None
    screen.start()  # type: ignore[attr-defined]
    clock = pygame.time.Clock()
    dt, last = 1 / app.fps, time.perf_counter()
    while feed.table is None or feed.table.port == 0:
        app.frame(dt)
    table = feed.table
    guest = Guest(table.code, table.port, rng)
    guest.start()
    shown_at: dict[int, float] = {}
    clicked_at: dict[int, float] = {}
    while table.seat != Seat.OVER:
        begun = time.perf_counter()
        app.frame(dt)
        pygame.display.flip()
        work = time.perf_counter() - begun
        person = table.game
        if person is not None:
            cursor = app.session.shown.cursor
            for ply in range(cursor):
                if ply not in shown_at and ply not in clicked_at:
                    shown_at[ply] = time.perf_counter()
            if table.seat == Seat.PLAYING and person.my_turn():
                squares = person.game.board.legal_squares()
                if squares:
                    ply = person.game.cursor
                    clicked_at[ply] = time.perf_counter()
                    table.play(rng.choice(squares))
        dt = clock.tick(app.fps) / 1000.0
        now = time.perf_counter()
        stats.add(now - last, work, False)
        last = now
    guest.stop.set()
    guest.join()
    moves = table.game.game.moves if table.game is not None else []
    to_window = [
        shown_at[p] - guest.sent[p] for p in guest.sent if p in shown_at and moves[p] != PASS
    ]
    to_guest = [guest.seen[p] - clicked_at[p] for p in clicked_at if p in guest.seen]
    screen.close()  # type: ignore[attr-defined]
    guest.table.close()
    return to_window, to_guest


def figures(name: str, seconds: list[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    return (
        f"{name}: {len(ms)} moves, median {statistics.median(ms):.1f} ms, "
        f"worst {ms[-1]:.1f} ms, best {ms[0]:.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    app = make_app((1000, 700))
    rng = random.Random(args.seed)
    stats = FrameStats()
    to_window: list[float] = []
    to_guest: list[float] = []
    try:
        for _ in range(args.games):
            one, other = one_game(app, rng, stats)
            to_window += one
            to_guest += other
    finally:
        app.close()
    print(f"window at {app.fps} frames a second, {args.games} games on loopback")
    print(figures("joiner's move to the window's board", to_window))
    print(figures("window's move to the joiner's table", to_guest))
    print(stats.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
