"""How long ``page_recovery.recover_rows`` takes on a large library: a library of N games
(50,000 by default; 200 random legal games under different names and dates, added through
``Library.add`` as an import adds them, with tags as GGF files carry), read whole from its
pages undamaged, then with page 1 zeroed (no schema: every leaf matched by its shape, the
page size guessed). Prints one line a figure; nothing is timed by a test.

    .venv/bin/python scripts/page_recovery_bench.py --out /tmp/recovery-bench [--games N]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sqlite3
import time
from pathlib import Path


def build(path: Path, games: int) -> float:
    """A library of ``games`` games at ``path``; seconds it took."""
    from othello.app.library.database import Library
    from othello.app.library.game_records import GameRecord
    from othello.core.bitboard import PASS
    from othello.core.board import Board

    rng = random.Random(50)
    moves = []
    for _ in range(200):
        board, played = Board(), []
        while not board.is_game_over():
            legal = board.legal_squares()
            square = rng.choice(legal) if legal else PASS
            board.push_square(square)
            played.append(square)
        moves.append(played)
    start = time.perf_counter()
    with Library(path) as library, library.transaction():
        for n in range(games):
            tags = {"PC": f"Tournament {n % 100}", "TY": "8", "RE": "?"}
            record = GameRecord(
                Board(), moves[n % 200], f"Player {n % 2000}", f"Player {n * 7 % 2000}",
                f"{1977 + n * 49 // games}-01-01", tags,
            )  # fmt: skip
            library.add(record, "bench.ggf")
    return time.perf_counter() - start


def timed(path: Path, runs: int) -> tuple[float, float, int]:
    """The best of ``runs`` recoveries: seconds, CPU seconds (steadier on a shared
    machine), rows."""
    from othello.app.library.page_recovery import recover_rows

    best, cpu, rows = float("inf"), float("inf"), 0
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        rows = len(recover_rows(path))
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return best, cpu, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="a folder for the libraries")
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "library.sqlite3"
    for old in args.out.glob("library.sqlite3*"):
        old.unlink()
    print(f"built {args.games} games in {build(path, args.games):.1f} s")
    db = sqlite3.connect(path)
    size, pages = (
        int(db.execute(f"PRAGMA {p}").fetchone()[0]) for p in ("page_size", "page_count")
    )
    db.close()
    print(f"file: {path.stat().st_size / 1e6:.1f} MB, {pages} pages of {size} bytes")
    seconds, cpu, rows = timed(path, args.runs)
    print(f"undamaged: {rows} rows in {seconds:.2f} s, {cpu:.2f} CPU-s (best of {args.runs})")
    damaged = args.out / "damaged.sqlite3"
    shutil.copyfile(path, damaged)
    with damaged.open("r+b") as f:
        f.write(bytes(size))
    seconds, cpu, rows = timed(damaged, args.runs)
    print(f"page 1 zeroed: {rows} rows in {seconds:.2f} s, {cpu:.2f} CPU-s (best of {args.runs})")
    print(f"load average: {', '.join(f'{n:.1f}' for n in os.getloadavg())}")


if __name__ == "__main__":
    main()
