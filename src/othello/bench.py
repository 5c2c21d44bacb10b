"""Benchmarks printed by ``othello bench``: figures, never pass/fail.

Each section is a function that prints its own lines, so the search can add its own
sections beside the rules engine's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from .bitboard import flips, legal_moves, perft
from .board import START_BLACK, START_WHITE, Board

PERFT_COUNTS = {
    1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092,
    8: 390216, 9: 3005288, 10: 24571284, 11: 212258800,
}  # OEIS A124004, for checking what the benchmark computes


def run_perft(depth: int, out: Callable[[str], None] = print) -> None:
    """Leaf counts ply by ply from the start position, with time and leaves per second."""
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        n = perft(START_BLACK, START_WHITE, d)
        dt = time.perf_counter() - t0
        known = PERFT_COUNTS.get(d)
        check = "" if known is None else ("  ok" if known == n else f"  WRONG, expected {known}")
        rate = n / dt if dt > 0 else float("inf")
        out(f"perft {d:2d}: {n:>14,d} leaves  {dt:8.3f} s  {rate:>13,.0f} leaves/s{check}")


def random_positions(count: int, seed: int = 2026) -> list[tuple[int, int]]:
    """A fixed, seeded set of positions from random games, as (player, opponent) pairs."""
    rng = random.Random(seed)
    positions: list[tuple[int, int]] = []
    while len(positions) < count:
        board = Board()
        plies = rng.randrange(4, 56)
        for _ in range(plies):
            squares = board.legal_squares()
            if squares:
                board.push_square(rng.choice(squares))
            elif board.must_pass():
                board.push_pass()
            else:
                break
        positions.append((board.player, board.opponent))
    return positions


def bench_movegen(out: Callable[[str], None] = print, count: int = 2000, rounds: int = 20) -> None:
    """Legal-move generation, and generation plus every flip, on seeded random positions."""
    positions = random_positions(count)
    t0 = time.perf_counter()
    for _ in range(rounds):
        for p, o in positions:
            legal_moves(p, o)
    dt = time.perf_counter() - t0
    n = count * rounds
    out(f"move generation:      {n / dt:>12,.0f} positions/s  ({dt / n * 1e6:.2f} us each)")
    t0 = time.perf_counter()
    applied = 0
    for _ in range(rounds):
        for p, o in positions:
            m = legal_moves(p, o)
            while m:
                b = m & -m
                m ^= b
                f = flips(p, o, b.bit_length() - 1)
                _ = (o ^ f, p | f | b)
                applied += 1
    dt = time.perf_counter() - t0
    out(f"generate + apply:     {applied / dt:>12,.0f} moves/s      ({dt / applied * 1e6:.2f} us per move)")


SECTIONS: list[tuple[str, Callable[[Callable[[str], None]], None]]] = [
    ("rules engine: perft from the start position (last ply bulk-counted)", lambda out: run_perft(9, out)),
    ("rules engine: move generation on 2,000 seeded random positions", bench_movegen),
]


def main(out: Callable[[str], None] = print) -> None:
    import platform

    out(f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}")
    for title, section in SECTIONS:
        out(f"\n== {title}")
        section(out)
