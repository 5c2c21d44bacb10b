#!/usr/bin/env python3
"""Build the opening explorer's data from the shared real games: ``src/othello/tables/explorer.bin``.

    python scripts/build_explorer.py            # a few minutes on 2 cores; the same file every time

Every game in ``../shared/data/games/`` is replayed through its first 20 moves. Each position
before a move (after 0 to 20 moves) is put in its canonical form (``othello.study.explorer``) and the
move mapped the same way; per source (people: the WTHOR file, programs: Logistello's) the
explorer counts the games that played it, how many the mover won and drew, and sums the final
disc difference for the mover. Positions reached by at least 2 games are kept, with all their
moves. Pure Python: no extra is needed.
"""

from __future__ import annotations

import argparse
import gzip
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from othello.core.bitboard import flips, legal_moves  # noqa: E402
from othello.study.explorer import (  # noqa: E402
    FILE,
    MAX_MOVES,
    MIN_GAMES,
    Stats,
    canonical_form,
    canonical_square,
    decode,
    encode,
)

GAMES = ROOT.parent / "shared" / "data" / "games"
FILES = {"people": "wthor-1977-2025.txt.gz", "programs": "logistello-selfplay.txt.gz"}
Counts = dict[tuple[int, int], dict[int, list[list[int]]]]


def replay(moves: str) -> list[tuple[int, int, bool, int]]:
    """The game's first positions with their next move: (mover, opponent, black to move, square)."""
    out = []
    p, o = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)
    black_to_move = True
    for k in range(0, min(len(moves), 2 * (MAX_MOVES + 1)), 2):
        sq = (int(moves[k + 1]) - 1) * 8 + "abcdefgh".index(moves[k])
        if not legal_moves(p, o) >> sq & 1:  # the side to move had to pass
            p, o, black_to_move = o, p, not black_to_move
        out.append((p, o, black_to_move, sq))
        f = flips(p, o, sq)
        p, o, black_to_move = o ^ f, p | f | (1 << sq), not black_to_move
    return out


def count_lines(job: tuple[int, list[str]]) -> Counts:
    """Per canonical position and move: [games, wins, draws, summed result] per source."""
    source, lines = job
    counts: Counts = {}
    for line in lines:
        moves, _, result = line.strip().rpartition(" ")
        black, white = (int(x) for x in result.split("-"))
        for p, o, black_to_move, sq in replay(moves):
            diff = (black - white) if black_to_move else (white - black)
            cp, co, kinds = canonical_form(p, o)
            move = canonical_square(kinds, sq)
            entry = counts.setdefault((cp, co), {}).setdefault(move, [[0] * 4, [0] * 4])[source]
            entry[0] += 1
            entry[1] += diff > 0
            entry[2] += diff == 0
            entry[3] += diff
    return counts


def merge(parts: list[Counts]) -> Counts:
    total: Counts = {}
    for part in parts:
        for key, moves in part.items():
            mine = total.setdefault(key, {})
            for sq, pair in moves.items():
                have = mine.setdefault(sq, [[0] * 4, [0] * 4])
                for side in (0, 1):
                    for i in range(4):
                        have[side][i] += pair[side][i]
    return total


def _stats(values: list[int]) -> Stats:
    return values[0], values[1], values[2], values[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--games", type=Path, default=GAMES, help="folder of the shared games")
    parser.add_argument("--out", type=Path, default=ROOT / "src" / "othello" / "tables" / FILE)
    args = parser.parse_args()

    jobs: list[tuple[int, list[str]]] = []
    for source, name in enumerate(FILES.values()):
        with gzip.open(args.games / name, "rt") as f:
            lines = [ln for ln in f if ln.strip()]
        print(f"{name}: {len(lines):,d} games")
        jobs += [(source, lines[i : i + 5000]) for i in range(0, len(lines), 5000)]
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        counts = merge(pool.map(count_lines, jobs))
    print(f"{len(counts):,d} positions counted in {time.perf_counter() - t0:.0f} s")
    kept: dict[tuple[int, int], dict[int, tuple[Stats, Stats]]] = {
        key: {sq: (_stats(a), _stats(b)) for sq, (a, b) in moves.items()}
        for key, moves in counts.items()
        if sum(a[0] + b[0] for a, b in moves.values()) >= MIN_GAMES
    }
    data = encode(kept)
    explorer = decode(data)  # the file reads back
    args.out.write_bytes(data)
    moves = sum(len(m) for m in kept.values())
    print(f"kept {len(explorer):,d} positions, {moves:,d} moves: {args.out} ({len(data):,d} bytes)")


if __name__ == "__main__":
    main()
