"""N and U with many games behind Undo, measured (issue 50, probe 11):

    python scripts/undo_line_bench.py --sizes 20 2000 20000 [--old-src /tmp/old/src]

For each size, a window (headless, two players) resumes a line of that many games behind
Undo, then N and U are pressed in turn: the frame that handles the key (the session's change
and the autosave's work on the frame loop) is timed, and then the library's writer until it
has written what the press changed. Each build runs in a process of its own with its own
``src`` first on the path, on its own copy of the same line; builds alternate size by size.
Prints one line per build and size: the frame's median and worst milliseconds for N and for
U, and the writer's median milliseconds per press.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NEW_SRC = ROOT / "src"


def environment(src: Path, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTHELLO_", "PYTHON"))}
    env.update(
        PYTHONPATH=str(src),
        OTHELLO_CONFIG_DIR=str(home / "config"),
        OTHELLO_DATA_DIR=str(home / "data"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    env.pop("DISPLAY", None)
    return env


def run_child(src: Path, size: int, presses: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run(
            [sys.executable, __file__, "--child", str(size), str(presses)],
            env=environment(src, Path(folder)), capture_output=True, text=True, timeout=3600,
        )  # fmt: skip
    if out.returncode != 0:
        raise SystemExit(f"the child for {size} games failed:\n{out.stdout}\n{out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


# ----- in the child: one build, one size ---------------------------------------------------


class FirstMove:
    """The computer's stand-in: never asked in a two-player game, answers at once if it is."""

    def think(self, board: Any, stop: Any = None, on_progress: Any = None) -> Any:
        moves = board.legal_moves()
        return type("Reply", (), {"move": moves[0] if moves else "pass", "score": 0,
                                  "depth": 1, "nodes": 1, "pv": (), "exact": False})()  # fmt: skip

    def analyze(self, board: Any, stop: Any = None) -> list[Any]:
        return []


def child(size: int, presses: int) -> dict[str, Any]:
    import pygame

    from othello.app.library import held_games
    from othello.app.library.database import Library, library_path
    from othello.app.library.held_games import Changes, Seat
    from othello.app.settings.keys import Settings
    from othello.core.game import Game
    from othello.gui.app import App
    from othello.gui.services import persistence

    rng = random.Random(size)
    games = []
    for _ in range(size + 1):  # short random games: the line's length is what is measured
        game = Game()
        for _move in range(rng.randrange(4, 12)):
            legal = game.board.legal_squares()
            if not legal:
                break
            game.play(rng.choice(legal))
        games.append(game)
    keys = [held_games.new_key() for _ in games]
    rows = {
        k: held_games.held_game(g, k, n) for n, (k, g) in enumerate(zip(keys, games, strict=True))
    }
    with Library(library_path()) as library:
        held_games.write(library, Changes(1, rows, keys, Seat(keys[-1])))
    settings = Settings(mode="two-players", sound=False, animation=False)
    app = App(settings, engine_factory=lambda level: FirstMove(), remember=None)
    start = time.perf_counter()
    persistence.attach(app)
    resumed = time.perf_counter() - start
    assert len(app.session.earlier) == size, (len(app.session.earlier), size)
    for _ in range(3):
        app.frame(1 / 30)
    app.library.flush(600)
    timings: dict[str, list[float]] = {"N": [], "U": [], "writer": []}
    for number in range(2 * presses):
        key, name = (pygame.K_n, "N") if number % 2 == 0 else (pygame.K_u, "U")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        begin = time.perf_counter()
        app.frame(1 / 30)
        timings[name].append((time.perf_counter() - begin) * 1000)
        begin = time.perf_counter()
        assert app.library.flush(600), "the writer did not finish"
        timings["writer"].append((time.perf_counter() - begin) * 1000)
    app.close()
    assert len(app.session.earlier) == size  # back where it began: N, U, N, U...
    return {"size": size, "resume_s": resumed, **timings}


# ----- the driver ----------------------------------------------------------------------------


def summary(result: dict[str, Any]) -> str:
    def ms(values: list[float]) -> str:
        return f"{statistics.median(values):9.2f} {max(values):9.2f}"

    return (
        f"{result['size']:>7} {ms(result['N'])}  {ms(result['U'])}  "
        f"{statistics.median(result['writer']):9.2f}  {result['resume_s']:7.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 2000, 20000])
    parser.add_argument("--presses", type=int, default=5, help="N and U each, per size")
    parser.add_argument("--old-src", type=Path, help="an earlier tree's src, measured too")
    parser.add_argument("--old-presses", type=int, default=2, help="N and U each, old tree")
    parser.add_argument("--child", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0
    builds = [("this tree", NEW_SRC, args.presses)]
    if args.old_src:
        builds.append((f"old ({args.old_src})", args.old_src, args.old_presses))
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("games behind Undo; frame with N: median, worst ms; with U: median, worst ms; "
          "writer per press: median ms; resume at the start: s")  # fmt: skip
    results: dict[str, list[str]] = {name: [] for name, _src, _n in builds}
    for size in args.sizes:
        for name, src, presses in builds:
            results[name].append(summary(run_child(src, size, presses)))
            print(f"{name:>30}: {results[name][-1]}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
