"""Keeping a player's data, measured against an earlier source tree in one run (issue 41):

    python scripts/data_home_bench.py --old-src /tmp/old/src --out /tmp/data-home

- save: the frame loop's cost of keeping the game after a move (the autosave listener alone,
  per move, with a line of reviewed games behind Undo): median and worst;
- start: start to first frame with 38,000 puzzles and 1,000 library games (and the game in
  progress with its line), each build on its own copy of the same files (the new build has
  taken the earlier files in at a first, unmeasured start);
- frames: the window's frames at FPS 30 in ``--demo`` alone, with an import of 20,000 games
  running beside it, and with ``dd`` writing a large file beside it: median and worst;
- size: the library's file for 100 reviewed games with their puzzles (the new build only).

Builds alternate round by round, so the machine's load treats them alike. Each build is run
as ``python -m othello`` with its own ``src`` first on the path.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from othello.engine.api import MoveScore, SearchResult

ROOT = Path(__file__).resolve().parent.parent
NEW_SRC = ROOT / "src"
FIRST_FRAME = re.compile(r"first frame drawn (\d+) ms after the process started")
FRAMES = re.compile(
    r"frame interval, all frames:\s+median ([\d.]+) ms, 99th percentile ([\d.]+) ms, worst ([\d.]+) ms"
)


def environment(src: Path, data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTHELLO_", "PYTHON"))}
    env.update(
        PYTHONPATH=str(src),
        OTHELLO_CONFIG_DIR=str(data / "config"),
        OTHELLO_DATA_DIR=str(data / "data"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    env.pop("DISPLAY", None)
    return env


def othello(src: Path, data: Path, *args: str, timeout: float = 600) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "othello", *args],
        env=environment(src, data), capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    if out.returncode != 0:
        raise SystemExit(f"othello {' '.join(args)} failed:\n{out.stdout}\n{out.stderr}")
    return out.stdout


def child(src: Path, data: Path, task: str, *args: str) -> Any:
    """This script's ``--child`` in a process of its own, with ``src`` first on the path."""
    out = subprocess.run(
        [sys.executable, __file__, "--child", task, *args],
        env=environment(src, data), capture_output=True, text=True, timeout=1200,
    )  # fmt: skip
    if out.returncode != 0:
        raise SystemExit(f"child {task} failed:\n{out.stdout}\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


# ----- the files both builds start from --------------------------------------------------------


def random_games(count: int, seed: int) -> list[list[int]]:
    from othello.core.bitboard import PASS
    from othello.core.board import Board

    rng = random.Random(seed)
    games = []
    for _ in range(count):
        board, moves = Board(), []
        while not board.is_game_over():
            legal = board.legal_squares()
            sq = rng.choice(legal) if legal else PASS
            if sq == PASS:
                board.push_pass()
            else:
                board.push_square(sq)
            moves.append(sq)
        games.append(moves)
    return games


def ggf_file(path: Path, count: int, seed: int) -> Path:
    from othello.core.board import Board
    from othello.formats.ggf import format_ggf

    lines = []
    for n, moves in enumerate(random_games(count, seed)):
        tags = {"PC": "bench", "DT": f"2025-01-{n % 28 + 1:02d} 10:{n % 60:02d}",
                "PB": f"Black {n}", "PW": f"White {n}", "RE": "+0"}  # fmt: skip
        lines.append(format_ggf(Board(), moves, tags, []))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def verdicts_for(moves: list[int]) -> dict[str, Any]:
    """What a review keeps of a game (every move judged, every legal move scored)."""
    from othello.core.bitboard import PASS
    from othello.core.board import Board

    board, verdicts = Board(), []
    for ply, sq in enumerate(moves):
        if sq == PASS:
            board.push_pass()
            continue
        legal = board.legal_squares()
        scores = [[m, (m * 7 + ply) % 21 - 10] for m in legal]
        best = max(scores, key=lambda s: s[1])
        color = board.side_to_move
        played = next(s for s in scores if s[0] == sq)[1]
        verdicts.append([ply, ply + 1, color, sq, best[0], best[1], played, ply >= 44, scores])
        board.push_square(sq)
    return {"scores": [[k, (k * 3) % 17 - 8, k > 44] for k in range(1, len(moves) + 1)],
            "verdicts": verdicts, "people": list(range(0, len(moves), 2)), "book": [],
            "reviewed": len(moves)}  # fmt: skip


def prepare(folder: Path, src: Path) -> None:
    """An earlier version's files: puzzles.json (38,000), autosave.json (a game in progress
    with 3 reviewed games behind Undo, under the 100 KB it read), a library of 1,000 games
    (imported by this build itself)."""
    sys.path.insert(0, str(NEW_SRC))
    sys.path.insert(0, str(ROOT / "scripts"))
    from puzzle_bench import own_puzzles

    from othello.core.notation import format_transcript
    from othello.study.fforum import builtin_puzzles
    from othello.study.puzzles import PuzzleQueue

    data = folder / "data"
    data.mkdir(parents=True, exist_ok=True)
    queue = PuzzleQueue(own_puzzles(38_000))
    queue.add(builtin_puzzles())
    (data / "puzzles.json").write_text(json.dumps(queue.to_data()))
    earlier = []
    for moves in random_games(3, 1):
        start = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"
        earlier.append({"format": "othello-autosave", "version": 1, "start": start,
                        "moves": format_transcript(moves, with_passes=True),
                        "cursor": len(moves), "judged": {**verdicts_for(moves), "start": start}})  # fmt: skip
    now = earlier[0] | {"moves": "f5d6c3d3c4", "cursor": 5, "saved": "2026-01-01T00:00:00"}
    del now["judged"]
    autosave = {**now, "players": "two-players", "earlier": earlier, "later": [], "replaced": False}
    text = json.dumps(autosave, indent=1)
    (data / "autosave.json").write_text(text)
    othello(src, folder, "import", str(ggf_file(folder / "games.ggf", 1000, 2)))


# ----- in the child ------------------------------------------------------------------------------


class Idle:
    """An engine that is never asked to move (two players) and scores nothing."""

    def think(self, board: Any, stop: Any = None, on_progress: Any = None) -> SearchResult:
        raise AssertionError("two players: the computer never moves")

    def analyze(self, board: Any, stop: Any = None) -> list[MoveScore]:
        return []


def child_save_cost(moves: int) -> list[float]:
    """Each move's autosave listener on the frame loop, in ms, with the line resumed."""
    from othello.app.settings.keys import Settings
    from othello.gui.app import App
    from othello.gui.services import autosaving, persistence

    app = App(Settings(mode="two-players", sound=False, animation=False, review_at_end=False),
              engine_factory=lambda level: Idle(), computer_min_seconds=0.0)  # fmt: skip
    persistence.attach(app)
    watch = next(f for f in app.session.on_game_changed if isinstance(f, autosaving.AutosaveWatch))
    times: list[float] = []

    def timed(change: Any) -> None:
        start = time.perf_counter()
        watch(change)
        times.append(1000 * (time.perf_counter() - start))

    app.session.on_game_changed[app.session.on_game_changed.index(watch)] = timed
    app.session.new_game()
    rng = random.Random(5)
    for _ in range(moves):
        board = app.session.board
        if board.is_game_over():
            app.session.new_game()
            continue
        legal = board.legal_squares()
        app.session.play(rng.choice(legal) if legal else -1)
    app.close()
    return times


def child_size(games: int) -> dict[str, float]:
    """The library's file after ``games`` games played, reviewed (their verdicts as a review
    keeps them) and their puzzles made, each left on the line behind Undo."""
    from othello.app.library.database import library_path
    from othello.app.settings.keys import Settings
    from othello.gui.app import App
    from othello.gui.services import persistence
    from othello.study.review import MoveReview

    app = App(Settings(mode="two-players", sound=False, animation=False, review_at_end=False),
              engine_factory=lambda level: Idle(), computer_min_seconds=0.0)  # fmt: skip
    persistence.attach(app)
    for moves in random_games(games, 9):
        app.session.new_game()
        for sq in moves:
            app.session.play(sq)
        judgement, game = app.session.judgement, app.session.game
        start = game.start.to_string()
        judgement.review_started(start, tuple(game.moves))
        for v in verdicts_for(moves)["verdicts"]:
            ply, number, color, played, best, best_score, played_score, exact, scores = v
            verdict = MoveReview(ply, number, color, played, best, best_score, played_score,
                                 exact, tuple((m, score) for m, score in scores))  # fmt: skip
            judgement.add_verdict(verdict)
        judgement.review_done(start, tuple(game.moves))
        app.session.judgements.reviewed()
        app.play.puzzle_feed.take(judgement.review, app.session)
        app.library.update()
    app.library.flush(60)
    app.close()
    import sqlite3

    with sqlite3.connect(library_path()) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        puzzles = db.execute("SELECT count(*) FROM puzzles").fetchone()[0]
        held = db.execute("SELECT count(*), sum(length(judged)) FROM held").fetchone()
    return {"bytes": library_path().stat().st_size, "puzzles": puzzles, "held": held[0],
            "judged_bytes": held[1]}  # fmt: skip


# ----- the driver --------------------------------------------------------------------------------


def figures(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} ms, worst {max(values):.2f} ms ({len(values)})"


def demo_frames(src: Path, folder: Path, beside: list[str] | None) -> tuple[float, float, float]:
    other = subprocess.Popen(beside, env=environment(src, folder), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL) if beside else None  # fmt: skip
    try:
        time.sleep(1.0 if beside else 0)
        out = othello(src, folder, "--demo", "--frames", "450")
    finally:
        if other is not None:
            other.kill()
            other.wait()
    found = FRAMES.search(out)
    if found is None:
        raise SystemExit(f"no frame figures:\n{out}")
    return float(found.group(1)), float(found.group(2)), float(found.group(3))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old-src", type=Path, help="the earlier tree's src")
    parser.add_argument("--out", type=Path, default=None, help="keep the scratch folders here")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        task, *rest = args.child
        answer = child_save_cost(int(rest[0])) if task == "save" else child_size(int(rest[0]))
        print(json.dumps(answer))
        return 0
    if args.old_src is None:
        parser.error("--old-src is needed")
    top = args.out or Path(tempfile.mkdtemp(prefix="othello-data-home-"))
    builds = {"old": args.old_src.resolve(), "new": NEW_SRC}
    folders = {name: top / name for name in builds}
    for name, src in builds.items():
        if not (folders[name] / "data" / "library.sqlite3").exists():
            prepare(folders[name], src)
        othello(src, folders[name], "--frames", "1")  # the new build takes the old files in
    print(f"machine: {os.cpu_count()} cores; load {os.getloadavg()[0]:.2f} at the start")
    saves: dict[str, list[float]] = {n: [] for n in builds}
    starts: dict[str, list[float]] = {n: [] for n in builds}
    for _ in range(args.rounds):
        for name, src in builds.items():
            saves[name] += child(src, folders[name], "save", "120")
            found = FIRST_FRAME.search(othello(src, folders[name], "--frames", "1"))
            assert found is not None
            starts[name].append(float(found.group(1)))
    for name in builds:
        print(f"save after a move, {name}: {figures(saves[name])}")
    for name in builds:
        print(f"start to first frame, {name}: {figures(starts[name])}")
    big = ggf_file(top / "big.ggf", 20_000, 3)
    for what, beside in (
        ("alone", None),
        ("import beside", [sys.executable, "-m", "othello", "import", str(big)]),
        (
            "dd beside",
            ["dd", "if=/dev/zero", f"of={top / 'dd.bin'}", "bs=1M", "count=3000", "conv=fsync"],
        ),
    ):
        for name, src in builds.items():
            median, p99, worst = demo_frames(src, folders[name], beside)
            print(
                f"demo frames at FPS 30, {what}, {name}: median {median} ms, 99th {p99} ms, worst {worst} ms"
            )
        (top / "dd.bin").unlink(missing_ok=True)
    size = child(NEW_SRC, top / "size", "size", "100")
    print(f"library for 100 reviewed games with their puzzles: {size['bytes'] / 1e6:.2f} MB "
          f"({size['puzzles']} puzzles, {size['held']} games held, judged {size['judged_bytes'] / 1e6:.2f} MB)")  # fmt: skip
    print(f"load at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
