#!/usr/bin/env python3
"""The opening book's figures: its size, how many of its moves have values and from how deep
a search, and how often it answers in real games.

    python scripts/book_bench.py --games 2000

The hit rate: in the last ``--games`` games of ``../shared/data/games/``'s WTHOR file (games
the book was built from, so an upper bound for games it never saw), each position of the
first 20 moves where the computer's book would play a move (``Book.choose``), and the moves
of each game until the first position where it would not.
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from othello.core.board import Board  # noqa: E402
from othello.engine import book as book_module  # noqa: E402
from othello.engine.book import MAX_PLIES, NO_VALUE, Origin, decode  # noqa: E402

GAMES = ROOT.parent / "shared" / "data" / "games" / "wthor-1977-2025.txt.gz"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    data = book_module._read()
    book = decode(data)
    v = book.values
    moves = len(book.squares)
    print(f"{len(data):,d} bytes, {len(book):,d} positions, {moves:,d} moves")
    if v is not None:
        valued = [j for j in range(moves) if v.move_values[j] != NO_VALUE]
        origins = Counter(Origin(v.move_origins[j]).name for j in valued)
        depths = Counter(v.move_depths[j] for j in valued)
        print(f"{len(valued):,d} moves valued ({dict(origins)}); depths {sorted(depths.items())}")
        devs = sum(d != book_module.NO_MOVE for d in v.deviations)
        print(f"{devs:,d} positions with a move outside the book")
    with gzip.open(GAMES, "rt") as f:
        lines = [ln for ln in f if ln.strip()][-args.games :]
    rng = random.Random(1)
    answered = positions = 0
    runs: list[int] = []
    for line in lines:
        board, run, going = Board(), 0, True
        transcript = line.split()[0]
        for k in range(0, min(len(transcript), 2 * MAX_PLIES), 2):
            if board.is_game_over():
                break
            if board.must_pass():
                board.push_pass()
            hit = book.choose(board.player, board.opponent, rng) is not None
            positions += 1
            answered += hit
            going = going and hit
            run += going
            board.push(transcript[k : k + 2])
        runs.append(run)
    runs.sort()
    print(
        f"{len(lines):,d} games: the book answers in {answered / positions:.1%} of the positions "
        f"of their first {MAX_PLIES} moves; from the start, {sum(runs) / len(runs):.1f} moves a "
        f"game in a row (median {runs[len(runs) // 2]})"
    )


if __name__ == "__main__":
    main()
