#!/usr/bin/env python3
"""Build the opening book from the shared real games and write ``src/othello/tables/book.bin``.

    python scripts/build_book.py                 # about two minutes on 2 cores
    python scripts/build_book.py --values build/book-values*.txt   # the values into the book

Every game in ``../shared/data/games/`` (people's tournament games and Logistello's self-play,
256,765 in all) is replayed through its first 20 moves. Each position before a move is put in
its canonical form (the smallest of its 8 symmetric images, see ``othello.engine.book``) and the move
mapped the same way; the book counts each move and sums the game's final disc difference for
the player who made it. Positions reached in ``--min-games`` games or more are kept, with
their moves played at least ``--min-move`` times. Pure Python: no extra is needed.

``--values FILE...`` reads no games: it keeps the packaged book's positions and counts and gives
them the values that ``scripts/book_values.py`` searched (FILE, its output). A move leading
to another book position takes that position's value (negamax through the book, deepest
positions first); any other move, its searched value; a position, the best of its moves' and
of its best move outside the book. Positions the search had not reached yet get no values.
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

from book_values import Searched, child_key, read_values  # noqa: E402

from othello.core.bitboard import flips, legal_moves  # noqa: E402
from othello.engine import book  # noqa: E402
from othello.engine.book import (  # noqa: E402
    MAX_PLIES,
    Deviation,
    MoveData,
    Origin,
    PositionData,
    Value,
    canonical_move,
    decode,
    encode,
    write_book,
)

GAMES = ROOT.parent / "shared" / "data" / "games"
SOURCES = ("wthor-1977-2025.txt.gz", "logistello-selfplay.txt.gz")
Counts = dict[tuple[int, int], dict[int, list[int]]]
Key = tuple[int, int]


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


def with_values(
    entries: dict[Key, dict[int, tuple[int, int]]], searched: dict[Key, Searched]
) -> tuple[dict[Key, dict[int, MoveData]], dict[Key, PositionData]]:
    """Each book move's value and each position's (see the module's docstring)."""
    best: dict[Key, Value] = {}
    moves: dict[Key, dict[int, MoveData]] = {}
    positions: dict[Key, PositionData] = {}
    for key in sorted(entries, key=lambda k: (-(k[0] | k[1]).bit_count(), k)):  # deepest first
        p, o = key
        found = searched.get(key)
        mine: dict[int, MoveData] = {}
        for sq, (count, total) in entries[key].items():
            cp, co, sign = child_key(p, o, sq)
            value = None
            if (cp, co) in entries:
                child = best.get((cp, co))
                if child is not None:
                    value = Value(sign * child.discs, child.depth, Origin.LINE)
            elif found is not None and sq in found.values:
                value = Value(found.values[sq], found.depth, Origin.SEARCH)
            mine[sq] = MoveData(count, total, value)
        deviation = None
        if found is not None and found.deviation is not None:
            sq, discs = found.deviation
            deviation = Deviation(sq, Value(discs, found.depth, Origin.SEARCH))
        known = [m.value for m in mine.values() if m.value is not None]
        known += [deviation.value] if deviation is not None else []
        top = max(known, key=lambda v: v.discs, default=None)
        if top is not None:
            best[key] = top
        moves[key] = mine
        positions[key] = PositionData(None if top is None else top.discs, deviation)
    return moves, positions


def put_values(paths: list[Path]) -> None:
    """The packaged book's positions and counts with the values searched into ``paths``."""
    t0 = time.perf_counter()
    old = decode(book._read())
    entries = {
        key: {
            old.squares[j]: (old.counts[j], old.totals[j])
            for j in range(old.starts[i], old.starts[i + 1])
        }
        for key, i in old.index.items()
    }
    searched = {key: found for path in paths for key, found in read_values(path).items()}
    moves, positions = with_values(entries, searched)
    data = encode(moves, positions)
    decode(data)  # the file reads back
    out = write_book(ROOT / "src" / "othello" / "tables", data)
    valued = sum(m.value is not None for ms in moves.values() for m in ms.values())
    total = sum(len(ms) for ms in moves.values())
    print(
        f"{len(searched):,d} of {len(entries):,d} positions searched; {valued:,d} of "
        f"{total:,d} moves valued in {time.perf_counter() - t0:.1f} s: {out} ({len(data):,d} bytes)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-games", type=int, default=12, help="games a position needs")
    parser.add_argument("--min-move", type=int, default=3, help="games a stored move needs")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--values", type=Path, nargs="+", help="book_values.py's files: their values into the book"
    )
    args = parser.parse_args()
    if args.values is not None:
        put_values(args.values)
        return

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
    data = encode({key: {sq: MoveData(*cs) for sq, cs in ms.items()} for key, ms in kept.items()})
    decode(data)  # the file reads back
    path = write_book(ROOT / "src" / "othello" / "tables", data)
    moves = sum(len(m) for m in kept.values())
    print(f"kept {len(kept):,d} positions, {moves:,d} moves: {path} ({len(data):,d} bytes)")


if __name__ == "__main__":
    main()
