#!/usr/bin/env python3
"""Measure how well a shallow search predicts a deep one: the figures behind ProbCut.

Multi-ProbCut cuts a deep search short when a much shallower search of the same
position already makes the outcome near certain. That needs, for each pair of depths
(deep d, shallow s), the linear fit ``v_d ~ a * v_s + b`` and the spread ``sigma`` of
its error over realistic positions. This script plays noisy self-play games to get
positions, searches each one with a full window to every depth up to ``--depth``, and
prints ``a``, ``b`` and ``sigma`` (in discs) per pair, ready for ``midgame.MPC_PAIRS``.

    python scripts/calibrate_mpc.py --positions 240 --depth 8 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from othello import Board, Engine
from othello.core.bitboard import FULL, legal_moves
from othello.engine.evaluation import SCALE, evaluate
from othello.engine.midgame import MidgameSearcher
from othello.engine.search_common import INF


def sample_positions(count: int, seed: int) -> list[tuple[int, int]]:
    """Positions with 14 to 50 empties from games between noisy beginners (level 2)."""
    rng = random.Random(seed)
    positions: list[tuple[int, int]] = []
    game = 0
    while len(positions) < count:
        engine = Engine(level=2, seed=seed * 1000 + game)
        game += 1
        board = Board()
        while not board.is_game_over():
            if board.must_pass():
                board.push_pass()
                continue
            empties = (~(board.player | board.opponent) & FULL).bit_count()
            if 14 <= empties <= 50 and rng.random() < 0.12:
                positions.append((board.player, board.opponent))
            board.push(engine.think(board).move)
    return positions[:count]


def scores(args: tuple[int, int, int]) -> list[float]:
    """Full-window values (in discs) at depth 0 (static) to ``depth``, one search tree."""
    p, o, depth = args
    s = MidgameSearcher({})
    values = [evaluate(p, o) / SCALE]
    for d in range(1, depth + 1):
        values.append(s.midgame(p, o, d, -INF, INF) / SCALE)
    return values


def fit(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """Least-squares ``y = a x + b`` and the residuals' standard deviation."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    a = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 1.0
    b = my - a * mx
    sigma = statistics.pstdev([y - (a * x + b) for x, y in zip(xs, ys, strict=True)])
    return a, b, sigma


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=240)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="write the raw values as JSON here")
    parser.add_argument("--load", type=Path, help="fit values saved earlier instead of searching")
    args = parser.parse_args()

    if args.load:
        rows = json.loads(args.load.read_text())
    else:
        positions = [
            (p, o) for p, o in sample_positions(args.positions, args.seed) if legal_moves(p, o)
        ]
        with multiprocessing.Pool(args.jobs) as pool:
            rows = pool.map(scores, [(p, o, args.depth) for p, o in positions], chunksize=4)
        if args.save:
            args.save.write_text(json.dumps(rows))

    depth = min(len(r) for r in rows) - 1
    print(f"{len(rows)} positions, depths 0..{depth}; values in discs")
    print("deep shallow      a       b   sigma")
    for d in range(2, depth + 1):
        for s in range(0, d - 1):
            a, b, sigma = fit([r[s] for r in rows], [r[d] for r in rows])
            print(f"{d:4d} {s:7d} {a:6.3f} {b:7.2f} {sigma:7.2f}")


if __name__ == "__main__":
    main()
