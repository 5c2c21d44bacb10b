#!/usr/bin/env python3
"""Measure how well a shallow search predicts a deep one: the figures behind ProbCut.

Multi-ProbCut cuts a deep search short when a much shallower search of the same
position already makes the outcome near certain. That needs, for each pair of depths
(deep d, shallow s), the linear fit ``v_d ~ a * v_s + b`` and the spread ``sigma`` of
its error over realistic positions. This script plays noisy self-play games to get
positions, searches each one with a full window to every depth up to ``--depth``, and
prints ``a``, ``b`` and ``sigma`` (in discs) per pair, ready for ``midgame.MPC_PAIRS``.

    python scripts/calibrate_mpc.py --positions 240 --depth 8 --jobs 2

``--endgame`` fits the selective endgame's figures instead (issue 55): positions of real
games (``../shared/data/games``) at ``--empties``, each solved exactly and searched to every
shallow depth up to ``--depth``; per (empties, shallow depth) the fit of the exact score on
the shallow value, and a plane ``sigma = c + k_e * empties + k_s * depth`` over them all,
ready for ``endgame.ENDGAME_MPC`` (the exact solves want the compiled engine):

    python scripts/calibrate_mpc.py --endgame --empties 10 12 14 16 18 20 --positions 120
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


def real_positions(empties: list[int], per_count: int, seed: int) -> list[tuple[int, int]]:
    """``per_count`` positions of real games (WTHOR) at each count of ``empties``, one a
    game, the side to move with a move."""
    import gzip

    from level_probe import GAMES

    with gzip.open(GAMES, "rt") as file:
        rows = file.read().splitlines()
    rng = random.Random(seed)
    rng.shuffle(rows)
    found: dict[int, list[tuple[int, int]]] = {n: [] for n in empties}
    for row in rows:
        if all(len(v) >= per_count for v in found.values()):
            break
        moves = row.split()[0]
        board = Board()
        for k in range(0, len(moves), 2):
            if board.must_pass():  # transcripts leave passes out
                board.push_pass()
            board.push(moves[k : k + 2])
            n = board.empties()
            if n in found and len(found[n]) < per_count:
                if legal_moves(board.player, board.opponent):
                    found[n].append((board.player, board.opponent))
    return [pos for n in empties for pos in found[n]]


def endgame_scores(args: tuple[int, int, int]) -> list[float]:
    """[empties, exact score, then the full-window values (discs) at depth 0..``depth``]."""
    from othello.engine.endgame import EndgameSolver

    p, o, depth = args
    s = MidgameSearcher({})
    values = [evaluate(p, o) / SCALE]
    for d in range(1, depth + 1):
        values.append(s.midgame(p, o, d, -INF, INF) / SCALE)
    exact = EndgameSolver({}).exact(p, o, -64, 64)
    return [float((~(p | o) & FULL).bit_count()), float(exact), *values]


def fit_endgame(rows: list[list[float]]) -> None:
    """Per (empties, shallow depth): a, b, sigma of exact ~ a * shallow + b; then the plane
    of sigma over empties and depth (least squares), as Edax fits its endgame ProbCut."""
    by_empties: dict[int, list[list[float]]] = {}
    for r in rows:
        by_empties.setdefault(int(r[0]), []).append(r)
    depth = min(len(r) for r in rows) - 3
    print("empties shallow positions      a       b   sigma")
    points = []
    for n in sorted(by_empties):
        group = by_empties[n]
        for d in range(0, depth + 1):
            a, b, sigma = fit([r[2 + d] for r in group], [r[1] for r in group])
            print(f"{n:7d} {d:7d} {len(group):9d} {a:6.3f} {b:7.2f} {sigma:7.2f}")
            if d >= 1:
                points.append((n, d, sigma))
    for parity, name in ((0, "even"), (1, "odd")):  # one a and b per parity of the depth
        xs_p = [r[2 + d] for r in rows for d in range(2, depth + 1) if d % 2 == parity]
        ys_p = [r[1] for r in rows for d in range(2, depth + 1) if d % 2 == parity]
        a, b, sigma = fit(xs_p, ys_p)
        print(f"{name} shallow depths 2-{depth}, pooled: a {a:.3f}, b {b:.2f}, sigma {sigma:.2f}")
    # sigma = c + k_e * n + k_s * d by least squares (normal equations, three unknowns)
    xs = [(1.0, float(n), float(d)) for n, d, _ in points]
    ys = [sg for _, _, sg in points]
    m = [[sum(x[i] * x[j] for x in xs) for j in range(3)] for i in range(3)]
    v = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(3)]
    for i in range(3):  # Gauss-Jordan on the 3x3 system
        pivot = m[i][i]
        m[i] = [e / pivot for e in m[i]]
        v[i] /= pivot
        for k in range(3):
            if k != i:
                factor = m[k][i]
                m[k] = [ek - factor * ei for ek, ei in zip(m[k], m[i], strict=True)]
                v[k] -= factor * v[i]
    worst = max(abs(v[0] + v[1] * n + v[2] * d - sg) for n, d, sg in points)
    print(
        f"sigma ~ {v[0]:.3f} + {v[1]:.4f} * empties + {v[2]:.4f} * depth "
        f"(depths 1-{depth}; worst miss {worst:.2f} discs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=240)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="write the raw values as JSON here")
    parser.add_argument("--load", type=Path, help="fit values saved earlier instead of searching")
    parser.add_argument(
        "--endgame", action="store_true", help="fit the selective endgame's figures (above)"
    )
    parser.add_argument(
        "--empties", type=int, nargs="+", default=[10, 12, 14, 16, 18, 20], help="--endgame's"
    )
    args = parser.parse_args()

    if args.endgame:
        if args.load:
            rows = json.loads(args.load.read_text())
        else:
            todo = [
                (p, o, args.depth)
                for p, o in real_positions(args.empties, args.positions, args.seed)
            ]
            rows = []
            with multiprocessing.Pool(args.jobs) as pool:
                for row in pool.imap_unordered(endgame_scores, todo):
                    rows.append(row)
                    if args.save and len(rows) % 10 == 0:  # a long run's work so far
                        args.save.write_text(json.dumps(rows))
            if args.save:
                args.save.write_text(json.dumps(rows))
        fit_endgame(rows)
        return

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
