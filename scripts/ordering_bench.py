#!/usr/bin/env python3
"""Positions the midgame search visits to reach each depth: how well it orders its moves.

At a fixed depth, principal variation search finds the same value however it orders the
moves; a better order only visits fewer positions on the way. The levels 10-16 stop at a
number of positions, so what this counts is depth bought at equal positions (issue 55).

    python scripts/ordering_bench.py                      # this checkout
    python scripts/ordering_bench.py --src OLD/src        # another engine, the same positions
    python scripts/ordering_bench.py --depth 10 --games 30 --selectivity 1.5

The positions: ``--games`` games drawn as ``scripts/level_probe.py`` draws them (seed 7),
each taken at 48, 42, 36, 30 and 24 empty squares where the side to move has a move. Each is searched alone (an empty table) by iterative deepening from depth 1,
as a level searches; the figures are the positions visited to finish each depth, summed over
the positions, and the time. The counts do not depend on the load; the times do.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from level_probe import GAMES, positions

ROOT = Path(__file__).resolve().parent.parent
EMPTIES = (48, 42, 36, 30, 24)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", help="an older checkout's src/ folder to import othello from")
    parser.add_argument("--games", type=int, default=20, help="games to take positions from")
    parser.add_argument("--depth", type=int, default=9, help="the deepest depth searched")
    parser.add_argument("--selectivity", type=float, default=1.5, help="ProbCut's sigmas (0: off)")
    parser.add_argument("--data", type=Path, default=GAMES, help="the WTHOR transcripts file")
    args = parser.parse_args()
    sys.path.insert(0, args.src or str(ROOT / "src"))
    from othello import Board
    from othello.core.bitboard import legal_moves
    from othello.engine.midgame import MidgameSearcher

    boards = [Board.from_string(text) for text in positions(args.data, args.games, empties=EMPTIES)]
    nodes = [0] * (args.depth + 1)
    scores = 0
    start = time.perf_counter()
    for board in boards:
        p, o = board.player, board.opponent
        searcher = MidgameSearcher({}, selectivity=args.selectivity)
        moves = legal_moves(p, o)
        order = [sq for sq in range(64) if moves >> sq & 1]
        for it in searcher.iterate(p, o, order, range(1, args.depth + 1)):
            nodes[it.depth] += searcher.nodes
            if it.depth == args.depth:
                scores += it.score
    took = time.perf_counter() - start
    print(f"{len(boards)} positions, selectivity {args.selectivity}, from {args.src or 'here'}")
    for depth in range(2, args.depth + 1):
        print(f"  to depth {depth:2d}: {nodes[depth]:>12,} positions")
    print(f"  {took:.1f} s, {nodes[args.depth] / took:,.0f} positions/s; sum of scores {scores}")


if __name__ == "__main__":
    main()
