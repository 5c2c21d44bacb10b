#!/usr/bin/env python3
"""How long the opening book's learning takes: a correction's search
(``study.book_learning.deep_search``) on book positions, with wall and CPU seconds, the
depth reached and the positions visited, then a whole game's learning (a review saying one
move of the Tiger loses, its search, the negamax up the line).

    nice -n 19 python scripts/book_learning_bench.py --positions 8 --nodes 120000

The positions: one in ``--step`` plies along a few book lines (``LINES``), up to
``--positions``. ``othello --where`` tells
the engine that runs (pure or compiled).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--installed" not in sys.argv:
    sys.path.insert(0, str(ROOT / "src"))

from othello.core.board import Board  # noqa: E402
from othello.core.notation import parse_square  # noqa: E402
from othello.engine.api import Engine  # noqa: E402
from othello.engine.book import load_book  # noqa: E402
from othello.engine.compiled import compiled_modules  # noqa: E402
from othello.study.book_learning import LEARN_LEVEL, LEARN_NODES, learn  # noqa: E402

LINES = ("f5d6c3d3c4", "f5d6c5", "f5f6", "f5f4")
"""The lines' first moves (the Tiger, the Rose, the parallel and diagonal openings); each goes
on by the book's most played move to 14 discs placed."""


def moves(line: str) -> list[int]:
    return [parse_square(line[i : i + 2]) for i in range(0, len(line), 2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=LEARN_NODES)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--step", type=int, default=3)
    parser.add_argument("--installed", action="store_true", help="the installed othello")
    args = parser.parse_args()
    print(f"engine: {'compiled' if compiled_modules() else 'pure'}, level {LEARN_LEVEL}'s settings, "
          f"{args.nodes:,d} positions; load {os.getloadavg()[0]:.2f}")  # fmt: skip
    boards = []
    book = load_book()[0]
    for line in LINES:
        board = Board()
        for ply in range(14):
            sq = moves(line)[ply] if ply < len(line) // 2 else None
            if sq is None:
                held = book.lookup(board.player, board.opponent)
                if not held:
                    break
                sq = max(held, key=lambda m: m.count).square
            board.push_square(sq)
            if ply % args.step == args.step - 1:
                boards.append(board.copy())
    walls, cpus = [], []
    for board in boards[: args.positions]:
        engine = Engine(level=LEARN_LEVEL, node_budget=args.nodes, time_limit=24 * 3600)
        wall, cpu = time.perf_counter(), time.process_time()
        found = engine.think(board)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        walls.append(wall)
        cpus.append(cpu)
        print(f"{board.to_string()[:64]} depth {found.depth:2d} nodes {found.nodes:9,d} "
              f"score {found.score:+3d}  {wall:6.2f} s wall {cpu:6.2f} s CPU")  # fmt: skip
    print(f"median {statistics.median(walls):.2f} s wall, {statistics.median(cpus):.2f} s CPU; "
          f"most {max(walls):.2f} s")  # fmt: skip
    count = [0]

    def search(board: Board) -> tuple[int, int]:
        count[0] += 1
        engine = Engine(level=LEARN_LEVEL, node_budget=args.nodes, time_limit=24 * 3600)
        found = engine.think(board)
        return found.score, found.depth

    wall = time.perf_counter()
    fixes = learn(book, Board(), moves("f5d6c3d3c4f4f6f3e6e7"), {4: -20, 8: -20}, search)
    print(f"a game's learning (two moves of the Tiger found losing 20): {count[0]} searches, "
          f"{len(fixes)} corrections, {time.perf_counter() - wall:.2f} s wall; "
          f"load {os.getloadavg()[0]:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
