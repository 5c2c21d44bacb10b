"""Benchmarks printed by ``othello bench``: figures, never pass/fail.

Each section is a function that prints its own lines, so the search can add its own
sections beside the rules engine's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from othello.app.files import paths
from othello.core.bitboard import flips, legal_moves, perft
from othello.core.board import START_BLACK, START_WHITE, Board

# fmt: off
PERFT_COUNTS = {
    1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092,
    8: 390216, 9: 3005288, 10: 24571284, 11: 212258800,
}  # OEIS A124004, for checking what the benchmark computes
# fmt: on


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


# ----- a yardstick: the textbook bitboard, for a same-machine ratio -----------------------

# fmt: off
_SHIFTS = ((1, 0xFEFEFEFEFEFEFEFE), (-1, 0x7F7F7F7F7F7F7F7F), (8, (1 << 64) - 1),
           (-8, (1 << 64) - 1), (9, 0xFEFEFEFEFEFEFEFE), (-9, 0x7F7F7F7F7F7F7F7F),
           (7, 0x7F7F7F7F7F7F7F7F), (-7, 0xFEFEFEFEFEFEFEFE))
# fmt: on
"""Direction shifts with the mask that drops squares wrapped around the board's side."""


def _shift(x: int, step: int, mask: int) -> int:
    return ((x << step) if step > 0 else (x >> -step)) & mask


def _plain_moves(p: int, o: int) -> int:
    """Legal moves the textbook way: six shift-and-mask steps in each of eight directions."""
    empty = ~(p | o) & ((1 << 64) - 1)
    moves = 0
    for step, mask in _SHIFTS:
        t = _shift(p, step, mask) & o
        for _ in range(5):
            t |= _shift(t, step, mask) & o
        moves |= _shift(t, step, mask) & empty
    return moves


def _plain_flips(p: int, o: int, b: int) -> int:
    """Flips the textbook way: walk each direction while the opponent's discs continue."""
    f = 0
    for step, mask in _SHIFTS:
        run, x = 0, _shift(b, step, mask)
        while x & o:
            run |= x
            x = _shift(x, step, mask)
        if x & p:
            f |= run
    return f


def plain_perft(p: int, o: int, depth: int) -> int:
    """Perft with the textbook bitboard above (last ply bulk-counted, same counting rule).

    Not used by the game: it is the "plain Python-int bitboard implementation" that the
    benchmark compares the engine's move generator with on the same machine.
    """
    moves = _plain_moves(p, o)
    if depth <= 1:
        return moves.bit_count() or 1 if depth == 1 else 1
    if not moves:
        return plain_perft(o, p, depth - 1) if _plain_moves(o, p) else 1
    total = 0
    while moves:
        b = moves & -moves
        moves ^= b
        f = _plain_flips(p, o, b)
        total += plain_perft(o ^ f, p | f | b, depth - 1)
    return total


def compare_plain(depth: int = 8, out: Callable[[str], None] = print) -> None:
    """perft(depth) with the engine and with the textbook bitboard: the speed-up as a ratio."""
    t0 = time.perf_counter()
    ours = perft(START_BLACK, START_WHITE, depth)
    t_ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    plain = plain_perft(START_BLACK, START_WHITE, depth)
    t_plain = time.perf_counter() - t0
    check = "ok" if ours == plain == PERFT_COUNTS[depth] else "WRONG"
    out(
        f"perft({depth}): engine {t_ours:.3f} s, textbook bitboard {t_plain:.3f} s: "
        f"the engine is {t_plain / t_ours:.1f} times as fast ({check})"
    )


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
    out(
        f"generate + apply:     {applied / dt:>12,.0f} moves/s      ({dt / applied * 1e6:.2f} us per move)"
    )


def bench_evaluate(out: Callable[[str], None] = print, count: int = 2000, rounds: int = 5) -> None:
    """The static evaluation alone: it runs at every leaf of the midgame search."""
    from othello.engine.evaluation import WEIGHTS_PROBLEM, evaluate, prepare

    if WEIGHTS_PROBLEM:
        out(f"warning: {WEIGHTS_PROBLEM}; the evaluation is mobility alone")
    prepare()  # each phase's table is made at its first use: not part of the figure
    positions = random_positions(count)
    t0 = time.perf_counter()
    for _ in range(rounds):
        for p, o in positions:
            evaluate(p, o)
    dt = time.perf_counter() - t0
    n = count * rounds
    out(f"evaluation:           {n / dt:>12,.0f} positions/s  ({dt / n * 1e6:.2f} us each)")


def bench_search(out: Callable[[str], None] = print, count: int = 8, depth: int = 6) -> None:
    """Midgame search speed: iterative deepening to ``depth`` on seeded midgame positions."""
    from othello.engine.evaluation import prepare
    from othello.engine.midgame import MidgameSearcher
    from othello.engine.search_common import INF

    prepare()

    positions = [
        (p, o)
        for p, o in random_positions(80, seed=7)
        if 24 <= 64 - (p | o).bit_count() <= 40 and legal_moves(p, o)
    ][:count]
    nodes, t0 = 0, time.perf_counter()
    for p, o in positions:
        s = MidgameSearcher({})
        for d in range(1, depth + 1):
            s.midgame(p, o, d, -INF, INF)
        nodes += s.nodes
    dt = time.perf_counter() - t0
    out(
        f"search to depth {depth}: {len(positions)} positions, {nodes:,d} nodes, {dt:.2f} s, "
        f"{nodes / dt:,.0f} nodes/s"
    )


def fforum_path(name: str = "fforum-1-19.obf") -> Path | None:
    """The FForum test file from the source tree (tests/data), if this is a checkout."""
    top = paths.checkout_dir()
    path = top / "tests" / "data" / name if top is not None else None
    return path if path is not None and path.exists() else None


def bench_solve(
    out: Callable[[str], None] = print,
    name: str = "fforum-1-19.obf",
    first: int = 1,
    only: range | None = None,
    workers: int = 1,
) -> None:
    """Exact solve of every FForum position in the file (or the numbers in ``only``),
    checked against the given score; ``workers`` processes for the large ones."""
    from othello.engine.api import Engine

    path = fforum_path(name)
    if path is None:
        out(f"{name} not found (it lives in tests/data of a source checkout); skipped")
        return
    times = []
    for number, line in enumerate(path.read_text().splitlines(), start=first):
        if only is not None and number not in only:
            continue
        text, rest = line.split(";", 1)
        entries = [e.strip().split(":") for e in rest.split(";") if e.strip()]
        best = int(entries[0][1])
        moves = {m.lower() for m, v in entries if int(v) == best}
        board = Board.from_string(text)
        result = Engine(workers=workers).solve(board)
        ok = result.score == best and result.move in moves
        times.append(result.time)
        out(
            f"#{number:2d} {board.empties()} empties: {result.move} {result.score:+3d} "
            f"{'ok' if ok else f'WRONG (expected {best:+d})'} {result.time:7.2f} s "
            f"{result.nodes:>10,d} nodes {result.nodes / max(result.time, 1e-9):>9,.0f}/s"
        )
    times.sort()
    out(
        f"median {times[len(times) // 2]:.2f} s, slowest {times[-1]:.2f} s, total {sum(times):.1f} s"
    )


SECTIONS: list[tuple[str, Callable[[Callable[[str], None]], None]]] = [
    (
        "rules engine: perft from the start position (last ply bulk-counted)",
        lambda out: run_perft(9, out),
    ),
    (
        "rules engine: against a textbook shift-loop bitboard on the same machine",
        lambda out: compare_plain(8, out),
    ),
    ("rules engine: move generation on 2,000 seeded random positions", bench_movegen),
    ("evaluation: the learned patterns on 2,000 seeded random positions", bench_evaluate),
    ("search: midgame nodes per second (8 seeded positions, 24-40 empties)", bench_search),
    (
        "search: exact solve of FForum #1-19 (14-16 empties), checked against the known scores",
        bench_solve,
    ),
]


def bench_deep(out: Callable[[str], None], workers: int) -> None:
    """FForum #26-34, the 20-empty solves, on ``workers`` processes."""
    out(
        f"\n== search: exact solve of FForum #26-34 (20 empties) with {workers} worker "
        f"process{'es' if workers > 1 else ''}, checked against the known scores"
    )
    bench_solve(out, "fforum-20-39.obf", first=20, only=range(26, 35), workers=workers)


def describe_machine(out: Callable[[str], None] = print) -> None:
    """The machine, the Python and the engine's build (compiled or pure) the figures are of."""
    import os
    import platform

    from othello.engine.compiled import engine_build

    out(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )
    out(f"engine: {engine_build()}")


def main(out: Callable[[str], None] = print, deep: bool = False, workers: int = 1) -> None:
    describe_machine(out)
    for title, section in SECTIONS:
        out(f"\n== {title}")
        section(out)
    if deep:
        bench_deep(out, workers)
