#!/usr/bin/env python3
"""How the puzzles keep up with their number: choosing the next puzzle, answering, loading and
saving the file, for queues of several sizes, in one run.

    python scripts/puzzle_bench.py                        # 500, 2000, 8000 and 38000 puzzles
    python scripts/puzzle_bench.py --sizes 500 2000 --src /tmp/base36/src   # older code

Each queue holds the player's own puzzles (positions from random games, all due, as after a
long break) beside the built-in FForum set. "pick" is ``queue.next()`` alone; "answer + pick"
is what the window does for one answer before the next puzzle is shown; "load" reads and
checks ``puzzles.json``, "first save" writes it, "answer + save" is an answer and the save
the window makes after it (the file written before). Only names every version of the code has are used,
so ``--src`` can point at an older checkout.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def positions(count: int, seed: int = 7) -> list[str]:
    """``count`` distinct positions with a move to make, from random games."""
    from othello.core.board import Board

    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        board = Board()
        for _ in range(rng.randrange(4, 50)):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves():
            found[board.to_string()] = None
    return list(found)


def own_puzzles(count: int) -> list[Any]:
    from othello.core.board import Board
    from othello.study.puzzles import Puzzle

    made = []
    for n, position in enumerate(positions(count)):
        best = Board.from_string(position).legal_moves()[0]
        made.append(
            Puzzle(
                id=f"game-bench-{n}",
                position=position,
                best=best,
                best_score=2,
                exact=False,
                origin=f"Your game, move {n % 60 + 1} (mistake)",
                played=best,
                played_score=-4,
            )
        )
    return made


def timed(func: Any, repeat: int) -> float:
    """The median seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        func()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def measure(count: int, repeat: int) -> dict[str, float]:
    from othello.app.library.puzzle_store import PuzzleStore
    from othello.study.fforum import builtin_puzzles
    from othello.study.puzzles import PuzzleQueue

    queue = PuzzleQueue(own_puzzles(count))
    queue.add(builtin_puzzles())
    figures = {"pick": timed(queue.next, repeat)}

    def answer_and_pick() -> None:
        puzzle = queue.next()
        assert puzzle is not None
        queue.answer(puzzle, right=True)
        queue.next()

    figures["answer + pick"] = timed(answer_and_pick, repeat)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "library.sqlite3"
        store = PuzzleStore(path)
        store.load()
        queue.touched.update(p.id for p in queue.puzzles)  # every puzzle written once
        figures["save"] = timed(lambda: store.save(queue), 1)
        figures["MB"] = path.stat().st_size / 1e6
        figures["load"] = timed(lambda: store.load(), 1)

        def answer_then_save() -> None:  # what the window does after each answer
            answer_and_pick()
            store.save(queue)

        figures["answer + save"] = timed(answer_then_save, repeat)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 2000, 8000, 38000])
    parser.add_argument("--repeat", type=int, default=5, help="picks timed (median)")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the code to measure")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src.resolve()))
    import othello

    print(f"code: {Path(othello.__file__).parent}")
    head = ("puzzles", "file MB", "pick ms", "answer+pick ms", "load s", "first save s",
            "answer+save s")  # fmt: skip
    print("".join(f"{h:>16}" for h in head))
    for count in args.sizes:
        f = measure(count, args.repeat)
        row = (f"{count}", f"{f['MB']:.1f}", f"{f['pick'] * 1000:.4f}",
               f"{f['answer + pick'] * 1000:.4f}", f"{f['load']:.2f}", f"{f['save']:.2f}",
               f"{f['answer + save']:.3f}")  # fmt: skip
        print("".join(f"{cell:>16}" for cell in row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
