#!/usr/bin/env python3
"""Build the opening book from the shared real games and write ``src/othello/tables/book.bin``.

    python scripts/build_book.py                 # about two minutes on 2 cores

Every game in ``../shared/data/games/`` (people's tournament games and Logistello's self-play,
256,765 in all) is replayed through its first 20 moves. Each position before a move is put in
its canonical form (the smallest of its 8 symmetric images, see ``othello.engine.book``) and the move
mapped the same way; the book counts each move and sums the game's final disc difference for
the player who made it. Positions reached in ``--min-games`` games or more are kept, with
their moves played at least ``--min-move`` times. Pure Python: no extra is needed.
"""

from __future__ import annotations

import argparse
import gzip
import multiprocessing
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from othello.core.bitboard import flips, legal_moves  # noqa: E402
from othello.engine.book import MAX_PLIES, canonical_move, decode, encode, write_book  # noqa: E402

GAMES = ROOT.parent / "shared" / "data" / "games"
SOURCES = ("wthor-1977-2025.txt.gz", "logistello-selfplay.txt.gz")
Counts = dict[tuple[int, int], dict[int, list[int]]]


def count_lines(lines: list[str]) -> Counts:
    """Moves and summed results per canonical position, for these game lines."""
    counts: Counts = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for line in lines:
        moves, _, result = line.strip().rpartition(" ")
        black, white = (int(x) for x in result.split("-"))
        p, o = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)
        black_to_move = True
        for k in range(0, min(len(moves), 2 * MAX_PLIES), 2):
            sq = (int(moves[k + 1]) - 1) * 8 + "abcdefgh".index(moves[k])
            if not legal_moves(p, o) >> sq & 1:  # the side to move had to pass
                p, o, black_to_move = o, p, not black_to_move
            cp, co, move = canonical_move(p, o, sq)
            entry = counts[(cp, co)][move]
            entry[0] += 1
            entry[1] += (black - white) if black_to_move else (white - black)
            f = flips(p, o, sq)
            p, o, black_to_move = o ^ f, p | f | (1 << sq), not black_to_move
    return {key: dict(moves) for key, moves in counts.items()}


def merge(parts: list[Counts]) -> Counts:
    total: Counts = {}
    for part in parts:
        for key, moves in part.items():
            mine = total.setdefault(key, {})
            for sq, (count, summed) in moves.items():
                have = mine.setdefault(sq, [0, 0])
                have[0] += count
                have[1] += summed
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-games", type=int, default=12, help="games a position needs")
    parser.add_argument("--min-move", type=int, default=3, help="games a stored move needs")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    lines: list[str] = []
    for name in SOURCES:
        with gzip.open(GAMES / name, "rt") as f:
            lines += [ln for ln in f if ln.strip()]
    t0 = time.perf_counter()
    chunks = [lines[i : i + 4000] for i in range(0, len(lines), 4000)]
    with multiprocessing.Pool(args.jobs) as pool:
        counts = merge(pool.map(count_lines, chunks))
    print(f"{len(lines):,d} games, {len(counts):,d} positions in {time.perf_counter() - t0:.0f} s")
    kept = {
        key: {sq: (c, s) for sq, (c, s) in moves.items() if c >= args.min_move}
        for key, moves in counts.items()
        if sum(c for c, _ in moves.values()) >= args.min_games
    }
    kept = {key: moves for key, moves in kept.items() if moves}
    data = encode(kept)
    decode(data)  # the file reads back
    path = write_book(ROOT / "src" / "othello" / "tables", data)
    moves = sum(len(m) for m in kept.values())
    print(f"kept {len(kept):,d} positions, {moves:,d} moves: {path} ({len(data):,d} bytes)")


if __name__ == "__main__":
    main()
