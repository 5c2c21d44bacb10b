"""The coach on real games: how often each theme explains a move that lost 4 discs or more, how
many such moves no theme explains, and what the explanations cost beside the review itself.

    python scripts/coach_bench.py --games 200 [--workers 2]

The games are spread over ``../shared/data/games/wthor-1977-2025.txt.gz`` (people's
tournament games; OTHELLO_SHARED_DATA points elsewhere). Each is reviewed as ``othello
review`` reviews it, once without the explanations and once with them, both timed, in one
run.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import time
from collections import Counter
from pathlib import Path

from othello.core.board import Board
from othello.core.notation import parse_move
from othello.study.review import review_game

SHARED = Path(
    os.environ.get("OTHELLO_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data")
)


def games(count: int) -> list[list[int]]:
    """``count`` games spread evenly over the file, each a list of squares (passes as the
    window records them)."""
    with gzip.open(SHARED / "games" / "wthor-1977-2025.txt.gz", "rt") as file:
        lines = [line.split()[0] for line in file if line.strip()]
    step = max(1, len(lines) // count)
    found = []
    for text in lines[::step][:count]:
        board, moves = Board(), []
        for n in range(0, len(text), 2):
            while board.must_pass():
                board.push_pass()
                moves.append(-1)
            sq = parse_move(text[n : n + 2])
            board.push_square(sq)
            moves.append(sq)
        found.append(moves)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--depth", type=int, default=6)
    args = parser.parse_args(argv)
    themes: Counter[str] = Counter()
    costly = unexplained = judged = 0
    reviewing = explaining = 0.0
    print(f"load {os.getloadavg()[0]:.2f} at the start", flush=True)
    for number, moves in enumerate(games(args.games), start=1):
        started = time.perf_counter()
        review_game(Board(), moves, depth=args.depth, workers=args.workers, explain=False)
        middle = time.perf_counter()
        reviews = review_game(Board(), moves, depth=args.depth, workers=args.workers)
        explaining += time.perf_counter() - middle
        reviewing += middle - started
        judged += len(reviews)
        for r in reviews:
            if r.loss < 4:
                continue
            costly += 1
            named = r.themes
            unexplained += not named
            themes.update(f.theme.value for f in named)
        if number % 20 == 0:
            print(f"{number} games: reviews {reviewing:.0f} s, explained {explaining:.0f} s",
                  flush=True)  # fmt: skip
    print(f"games {args.games}, moves judged {judged}, moves that lost 4 or more: {costly}")
    for name, n in themes.most_common():
        print(f"  {name:13s} {n:5d}  ({100 * n / max(1, costly):.1f}% of them)")
    print(f"  no theme      {unexplained:5d}  ({100 * unexplained / max(1, costly):.1f}%)")
    print(f"reviews without explanations {reviewing:.1f} s, with them {explaining:.1f} s "
          f"({100 * (explaining / max(reviewing, 1e-9) - 1):+.0f}%)")  # fmt: skip
    print(f"load {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
