#!/usr/bin/env python3
"""Search every opening-book position with the engine: the values ``build_book.py --values``
puts into ``src/othello/tables/book.bin``.

    nice -n 19 /tmp/cvenv/bin/python scripts/book_values.py --installed --out build/book-values.txt

Each position of the packaged book (most-played first) gets one iterative-deepening midgame
search (Multi-ProbCut at 1.5 sigmas, as the levels search) that stops deepening once it has
used ``--nodes`` positions: every book move is scored with a full window (its value in
discs for the mover), and the moves outside the book are searched together for the best of
them (the engine's own deviation, Edax's "deviate") and its value. One line per position is
appended to ``--out`` and flushed; a run stopped at any point resumes where it stopped (a
line cut short is searched again), so the build is cheap to continue. A second run from the
other end (``--reverse --done FIRST``, its own ``--out``) shares the work on a second core.

``--installed`` uses the ``othello`` installed in this Python (a venv where ``pip install .``
compiled the engine: several times faster) instead of this checkout's ``src/``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--installed" not in sys.argv:
    sys.path.insert(0, str(ROOT / "src"))

from othello.core.bitboard import flips, legal_moves  # noqa: E402
from othello.engine.book import canonical, decode, fast_transform  # noqa: E402
from othello.engine.evaluation import SCALE  # noqa: E402
from othello.engine.midgame import MidgameSearcher, MidgameTable  # noqa: E402
from othello.engine.patterns import symmetry  # noqa: E402
from othello.engine.search_common import SearchStopped  # noqa: E402

SELECTIVITY = 1.5
"""Multi-ProbCut's margin, the levels' own."""
HARD_FACTOR = 8
"""A depth still running at this many times the budget is cut short (the depth before it
stands): iterative deepening costs about 3-5 times more at each depth."""


@dataclass(frozen=True)
class Searched:
    """One position's search: its depth, each book move's value (discs for the mover) and the
    best move outside the book with its value (None: every legal move is in the book)."""

    key: tuple[int, int]
    depth: int
    values: dict[int, int]
    deviation: tuple[int, int] | None


def values_line(s: Searched) -> str:
    """``P O DEPTH SQ:V,SQ:V DEV:V`` (bitboards in hex; ``-`` for no deviation)."""
    moves = ",".join(f"{sq}:{v}" for sq, v in sorted(s.values.items())) or "-"
    dev = "-" if s.deviation is None else f"{s.deviation[0]}:{s.deviation[1]}"
    return f"{s.key[0]:016x} {s.key[1]:016x} {s.depth} {moves} {dev}"


def read_values_line(line: str) -> Searched | None:
    """The line's search, or None for a line cut short or damaged (searched again)."""
    try:
        p, o, depth, moves, dev = line.split(" ")
        pairs = [] if moves == "-" else [m.split(":") for m in moves.split(",")]
        values = {int(a): int(b) for a, b in pairs}
        deviation = None if dev == "-" else (int(dev.split(":")[0]), int(dev.split(":")[1]))
        return Searched((int(p, 16), int(o, 16)), int(depth), values, deviation)
    except (ValueError, IndexError):
        return None


def read_values(path: Path) -> dict[tuple[int, int], Searched]:
    """Every whole line of a values file, by position (a later line wins); a last line
    without its newline was cut short."""
    found = {}
    if path.exists():
        for line in path.read_text().split("\n")[:-1]:
            parsed = read_values_line(line)
            if parsed is not None:
                found[parsed.key] = parsed
    return found


def discs(score: int) -> int:
    return int(score / SCALE + (0.5 if score >= 0 else -0.5))


def child_key(p: int, o: int, sq: int) -> tuple[int, int, int]:
    """The canonical position after ``sq`` as the book keys it (the side to move there; the
    mover again when the other side must pass) and the sign that turns its value into the
    mover's: -1, or 1 after a pass."""
    f = flips(p, o, sq)
    np, no = o ^ f, p | f | (1 << sq)
    sign = -1
    if not legal_moves(np, no) and legal_moves(no, np):
        np, no, sign = no, np, 1
    _, cp, co = canonical(np, no)
    return cp, co, sign


def search(
    p: int, o: int, book_moves: list[int], leaves: list[int], budget: int, table: MidgameTable
) -> tuple[Searched, int]:
    """The last depth completed before the budget ran out, and the nodes it took: the book
    moves in ``leaves`` (those not leading to another book position, whose value the book's
    own tree gives) scored with a full window, the best move outside the book found."""
    legal = legal_moves(p, o)
    same = [k for k in range(8) if (fast_transform(k, p), fast_transform(k, o)) == (p, o)]
    known = {symmetry(k, sq) for k in same for sq in book_moves}  # a mirrored book move too
    others = [sq for sq in range(64) if legal >> sq & 1 and sq not in known]
    if not leaves and not others:
        return Searched((p, o), 0, {}, None), 0
    s = MidgameSearcher(table, None, None, HARD_FACTOR * budget, SELECTIVITY)
    leaf_order, other_order = list(leaves), others
    done: tuple[int, dict[int, int], tuple[int, int] | None] | None = None
    empties = (~(p | o) & (2**64 - 1)).bit_count()
    for depth in range(1, empties + 1):
        try:
            scores: dict[int, int] = {}
            if leaf_order:
                _, _, scores = s.root_midgame(p, o, depth, leaf_order, True)
            deviation = None
            if other_order:
                best, sq, rest = s.root_midgame(p, o, depth, other_order, False)
                deviation = (sq, discs(best))
                other_order = sorted(rest, key=lambda m: (m != sq, -rest[m]))
        except SearchStopped:
            break
        leaf_order = sorted(scores, key=lambda m: -scores[m])
        done = (depth, {sq: discs(v) for sq, v in scores.items()}, deviation)
        if s.nodes >= budget:
            break
    assert done is not None, "depth 1 only evaluates: it is never cut short"
    return Searched((p, o), *done), s.nodes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="the values file (appended)")
    parser.add_argument("--nodes", type=int, default=200_000, help="node budget a position")
    parser.add_argument("--limit", type=int, default=0, help="stop after this many (0: all)")
    parser.add_argument("--installed", action="store_true", help="the installed othello")
    parser.add_argument("--done", type=Path, nargs="*", default=[], help="other runs' files")
    parser.add_argument("--reverse", action="store_true", help="least played first")
    args = parser.parse_args(argv)

    from othello.engine import book as book_module

    book = decode(book_module._read())
    done = read_values(args.out)
    for other in args.done:  # a second run's file: a run from the other end (--reverse)
        done.update(read_values(other))
    order = sorted(
        book.index.items(),
        key=lambda kv: (-sum(book.counts[book.starts[kv[1]] : book.starts[kv[1] + 1]]), kv[0]),
    )
    todo = [(key, i) for key, i in order if key not in done]
    if args.reverse:
        todo.reverse()
    if args.limit:
        todo = todo[: args.limit]
    compiled = "compiled" if getattr(sys.modules.get("othello.core.words"), "COMPILED", 0) else ""
    print(f"{len(order):,d} positions, {len(done):,d} done, {len(todo):,d} to search {compiled}")
    table: MidgameTable = {}
    t0 = time.perf_counter()
    nodes = 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as out:
        if out.tell() and not args.out.read_bytes().endswith(b"\n"):
            out.write("\n")  # after a line cut short by a kill: that line stays apart, unread
        for k, ((p, o), i) in enumerate(todo, 1):
            moves = list(book.squares[book.starts[i] : book.starts[i + 1]])
            leaves = [sq for sq in moves if child_key(p, o, sq)[:2] not in book.index]
            searched, used = search(p, o, moves, leaves, args.nodes, table)
            nodes += used
            out.write(values_line(searched) + "\n")
            out.flush()
            if k % 100 == 0 or k == len(todo):
                took = time.perf_counter() - t0
                print(f"{k:,d} searched, {took:.0f} s, {nodes / took:,.0f} nodes/s", flush=True)


if __name__ == "__main__":
    main()
