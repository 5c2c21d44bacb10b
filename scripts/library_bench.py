"""The game library's figures with the 135,642 WTHOR games of ../shared/data/games/: import
speed (as one GGF file, and as .wtb files written here by the published layout), the size
on disk, the Library screen's open, filter and scroll times, and the window's frames while
an import runs.

    .venv/bin/python scripts/library_bench.py --out /tmp/library-bench [--games N]

The shared file has the moves only; the names, years and tournaments written into the GGF
and WTHOR files are made up here (2,000 players, 100 tournaments, the years spread over
1977-2025 in file order), the same at every run. Prints one line a figure; nothing is timed
by a test.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAMES = HERE.parent.parent / "shared" / "data" / "games" / "wthor-1977-2025.txt.gz"
PER_FILE = 10_000  # games a .wtb file (one "year" each)


def read_games(limit: int | None) -> list[list[int]]:
    from othello.core.board import Board

    games: list[list[int]] = []
    with gzip.open(GAMES, "rt") as f:
        for line in f:
            if limit is not None and len(games) >= limit:
                break
            board = Board.from_transcript(line.split()[0])
            games.append([e.square for e in board.history])
    return games


def names(i: int) -> tuple[int, int, int]:
    """Black's, White's and the tournament's numbers for game ``i``."""
    return i * 7 % 2000, (i * 13 + 1) % 2000, i % 100


def write_ggf(games: list[list[int]], path: Path) -> None:
    from othello.core.board import Board
    from othello.formats.ggf import format_ggf

    with path.open("w", encoding="utf-8") as out:
        for i, moves in enumerate(games):
            black, white, event = names(i)
            year = 1977 + i * 49 // len(games)
            tags = {"PC": f"Tournament {event}", "DT": f"{year}-01-01", "PB": f"Player {black}",
                    "PW": f"Player {white}"}  # fmt: skip
            out.write(format_ggf(Board(), moves, tags) + "\n")


def write_wthor(games: list[list[int]], folder: Path) -> list[Path]:
    from othello.core.board import Board
    from othello.formats.wthor import (
        PLAYER_SIZE,
        TOURNAMENT_SIZE,
        WthorGame,
        write_games,
        write_names,
    )

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "WTHOR.JOU").write_bytes(
        write_names((f"Player {n}" for n in range(2000)), PLAYER_SIZE)
    )
    (folder / "WTHOR.TRN").write_bytes(
        write_names((f"Tournament {n}" for n in range(100)), TOURNAMENT_SIZE)
    )
    files = []
    for chunk in range(0, len(games), PER_FILE):
        records = []
        for i in range(chunk, min(len(games), chunk + PER_FILE)):
            board = Board()
            for sq in games[i]:
                board.push_square(sq)
            black, white, event = names(i)
            discs = board.score() // 2 + 32 if board.is_game_over() else board.count()[0]
            records.append(WthorGame(event, black, white, discs, discs, tuple(games[i])))
        year = 1977 + chunk * 49 // len(games)
        path = folder / f"WTH_{chunk // PER_FILE:02d}_{year}.wtb"
        path.write_bytes(write_games(records, year))
        files.append(path)
    return files


def import_all(paths: list[Path], library_file: Path) -> tuple[float, int, int]:
    """Seconds, games added, bytes on disk."""
    from othello.app.library.database import Library
    from othello.app.library.importing import import_file

    library_file.unlink(missing_ok=True)
    with Library(library_file) as library:
        start = time.perf_counter()
        added = sum(import_file(library, p).added for p in paths)
        seconds = time.perf_counter() - start
        library.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = sum(p.stat().st_size for p in library_file.parent.glob(library_file.name + "*"))
    return seconds, added, size


def screen_times(data: Path) -> dict[str, float]:
    """The Library screen headless over the library in ``data``: seconds until the rows are
    on screen after opening it, after a filter is typed, and the worst of 40 page-downs."""
    os.environ["OTHELLO_DATA_DIR"] = str(data)
    import pygame

    from othello.app.settings.keys import Settings
    from othello.gui.app import App

    app = App(Settings(window_width=1100, window_height=760, sound=False, book=False))

    def until_rows(what: str) -> float:
        start = time.perf_counter()
        while True:
            app.frame(1 / 30)
            state = app.library_list
            if state.count is not None and state.row(state.selected) is not None:
                return time.perf_counter() - start
            if time.perf_counter() - start > 60:
                raise SystemExit(f"{what}: no rows after a minute")

    figures = {}
    app.play.do("library")
    figures["open"] = until_rows("open")
    for ch in "Player 17":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    figures["filter"] = until_rows("filter")
    figures["filtered"] = float(app.library_list.count or 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.frame(1 / 30)
    app.library_list.restart()
    app.library_list.filter = app.library_list.filter.with_field("player", "")
    app.play.do("library")
    until_rows("reopen")
    worst = 0.0
    for _ in range(40):
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")
        )
        worst = max(worst, until_rows("scroll"))
    figures["scroll"] = worst
    app.close()
    pygame.quit()
    return figures


def frames_during_import(data: Path, source: Path) -> dict[str, float]:
    """The computer playing itself at FPS 30 while ``source`` is imported: the frame
    intervals' median, 99th percentile and worst, and the import's seconds."""
    os.environ["OTHELLO_DATA_DIR"] = str(data)
    (data / "library.sqlite3").unlink(missing_ok=True)
    import pygame

    from othello.app.settings.keys import Settings
    from othello.gui.app import App

    app = App(Settings(sound=False, mode="watch", watch_seconds=0.2, level=2, watch_black_level=2))
    clock = pygame.time.Clock()
    for _ in range(30):
        app.frame(clock.tick(30) / 1000)
    quiet, last = [], time.perf_counter()
    for _ in range(150):  # the same window without an import, to compare
        app.frame(clock.tick(30) / 1000)
        now = time.perf_counter()
        quiet.append(now - last)
        last = now
    quiet.sort()
    done: list[object] = []
    start = time.perf_counter()
    app.library.import_file(source, done.append)
    intervals, last = [], time.perf_counter()
    while not done:
        app.frame(clock.tick(30) / 1000)
        now = time.perf_counter()
        intervals.append(now - last)
        last = now
    seconds = time.perf_counter() - start
    app.close()
    pygame.quit()
    intervals.sort()
    return {
        "import": seconds,
        "frames": float(len(intervals)),
        "median": intervals[len(intervals) // 2],
        "p99": intervals[int(len(intervals) * 0.99)],
        "worst": intervals[-1],
        "quiet_p99": quiet[int(len(quiet) * 0.99)],
        "quiet_worst": quiet[-1],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="a scratch folder")
    parser.add_argument("--games", type=int, help="only the first N games")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    games = read_games(args.games)
    print(f"games: {len(games):,d}")
    ggf = out / "wthor.ggf"
    write_ggf(games, ggf)
    wtb = write_wthor(games, out / "wthor")
    print(f"files: {ggf.stat().st_size / 1e6:.1f} MB of GGF; {len(wtb)} .wtb files")
    for label, paths, name in (("GGF", [ggf], "ggf"), ("WTHOR", wtb, "wtb")):
        seconds, added, size = import_all(paths, out / name / "library.sqlite3")
        print(
            f"import {label}: {added:,d} games in {seconds:.1f} s = {added / seconds:,.0f} games/s;"
            f" library {size / 1e6:.1f} MB ({size / max(1, added):.0f} bytes a game)"
        )
    for key, value in screen_times(out / "ggf").items():
        print(
            f"screen {key}: {value * 1000:.0f} ms"
            if key != "filtered"
            else f"screen filter kept {value:,.0f} games"
        )
    figures = frames_during_import(out / "frames", ggf)
    print(
        f"frames during the import ({figures['import']:.0f} s, {figures['frames']:.0f} frames): "
        f"median {figures['median'] * 1000:.1f} ms, 99th percentile {figures['p99'] * 1000:.1f} ms,"
        f" worst {figures['worst'] * 1000:.1f} ms; without an import (150 frames): 99th percentile"
        f" {figures['quiet_p99'] * 1000:.1f} ms, worst {figures['quiet_worst'] * 1000:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent / "src"))
    sys.exit(main())
