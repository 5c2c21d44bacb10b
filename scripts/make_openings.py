#!/usr/bin/env python3
"""Make the balanced openings (``src/othello/tables/balanced.bin``) with the engine.

Every distinct position after 8 moves (67,245, mirror images counted once) is taken in a
fixed shuffled order; a 4-ply search screens it (kept for the deep search when it scores
within ``--screen`` discs), then the opening judge (``othello.club.starts.OPENING_SEARCH``: a
selective search 10 plies deep) scores it, and it is kept when that score is within 2
discs. Every scored position goes to the raw file, one line each (transcript, the screen's
score, the deep score or ``-``), so a stopped run resumes where it was and the spread of
scores can be counted afterwards. When ``--target`` openings are kept (or every position
is done) the package file is written from the raw file.

    python scripts/make_openings.py --raw /work/runs/balanced-raw.txt      # make or resume
    python scripts/make_openings.py --raw FILE --write-only                # the file from FILE
    python scripts/make_openings.py --raw FILE --check 200 --depth 12      # a deeper second look
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from othello import Engine
from othello.club.starts import (
    BALANCED_MARGIN,
    BALANCED_MOVES,
    FILE,
    OPENING_SEARCH,
    Start,
    distinct_openings,
    encode,
)
from othello.core.notation import format_transcript, split_transcript

TABLES = Path(__file__).resolve().parent.parent / "src" / "othello" / "tables"
SCREEN = 6
"""Screened out when the 4-ply search scores it further than this from a draw: measured on
120 random openings, this kept 52 for the deep search and lost 1 of the 27 balanced ones."""


def read_raw(path: Path) -> dict[str, tuple[int, int | None]]:
    """The raw file: transcript -> (screen score, deep score or None)."""
    done: dict[str, tuple[int, int | None]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) == 3:
                done[parts[0]] = (int(parts[1]), None if parts[2] == "-" else int(parts[2]))
    return done


def squares(transcript: str) -> tuple[int, ...]:
    from othello.core.notation import parse_move

    return tuple(parse_move(token) for _, token in split_transcript(transcript))


def kept(done: dict[str, tuple[int, int | None]]) -> list[Start]:
    return [
        Start(squares(t), deep)
        for t, (_, deep) in done.items()
        if deep is not None and abs(deep) <= BALANCED_MARGIN
    ]


def write(done: dict[str, tuple[int, int | None]]) -> Path:
    starts = sorted(kept(done), key=lambda s: s.moves)
    path = TABLES / FILE
    path.write_bytes(encode(starts, OPENING_SEARCH.depth, OPENING_SEARCH.selectivity))
    print(f"wrote {len(starts)} openings to {path} ({path.stat().st_size:,} bytes)")
    return path


def make(raw: list[Path], target: int, screen: int, seed: int, part: tuple[int, int]) -> None:
    lines = distinct_openings(BALANCED_MOVES)
    random.Random(seed).shuffle(lines)
    lines = lines[part[0] :: part[1]]
    done: dict[str, tuple[int, int | None]] = {}
    for path in raw:  # the first is written to; the others are only skipped
        done.update(read_raw(path))
    count = len(kept(done))
    print(f"{len(lines)} distinct openings; {len(done)} scored before, {count} kept", flush=True)
    shallow = Engine(level=OPENING_SEARCH, depth=4, selectivity=0.0)
    deep = Engine(level=OPENING_SEARCH)
    t0 = time.perf_counter()
    scored = 0
    with raw[0].open("a") as out:
        for line in lines:
            if count >= target:
                break
            text = format_transcript(line)
            if text in done:
                continue
            board = Start(line, 0).board()
            shallow.forget()
            first = shallow.think(board).score
            second: int | None = None
            if abs(first) <= screen:
                deep.forget()  # the same score whatever was searched before
                second = deep.think(board).score
                scored += 1
                count += abs(second) <= BALANCED_MARGIN
            done[text] = (first, second)
            out.write(f"{text} {first} {'-' if second is None else second}\n")
            out.flush()
            if scored and scored % 100 == 0 and second is not None:
                rate = scored / (time.perf_counter() - t0)
                print(f"{len(done)} screened, {scored} searched this run, {count} kept "
                      f"({rate:.2f} deep searches a second)", flush=True)  # fmt: skip
    write(done)


def check(done: dict[str, tuple[int, int | None]], sample: int, depth: int, seed: int) -> None:
    """Score a random sample of the kept openings again, deeper: how many move outside."""
    starts = kept(done)
    random.Random(seed).shuffle(starts)
    engine = Engine(level=replace(OPENING_SEARCH, depth=depth))
    moved = 0
    diffs: list[int] = []
    t0 = time.perf_counter()
    for i, start in enumerate(starts[:sample], 1):
        engine.forget()
        score = engine.think(start.board()).score
        diffs.append(score - start.score)
        moved += abs(score) > BALANCED_MARGIN
        if i % 20 == 0:
            print(f"{i}: {moved} outside +-{BALANCED_MARGIN} at depth {depth}", flush=True)
    n = len(diffs)
    mean_abs = sum(abs(d) for d in diffs) / n
    print(
        f"{n} openings scored again at depth {depth}: {moved} ({moved / n:.1%}) outside "
        f"+-{BALANCED_MARGIN}; mean change {sum(diffs) / n:+.2f}, mean absolute change "
        f"{mean_abs:.2f} discs; {time.perf_counter() - t0:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--raw", type=Path, nargs="+", required=True, help="every scored position (one file "
        "a part; --write-only and --check read every file given)",
    )  # fmt: skip
    parser.add_argument(
        "--part", default="0/1", help="I/N: this run takes every Nth opening from the Ith "
        "(N runs on N cores, each with its own --raw and its share of --target)",
    )  # fmt: skip
    parser.add_argument("--target", type=int, default=10_000, help="openings to keep")
    parser.add_argument("--screen", type=int, default=SCREEN, help="the 4-ply screen's margin")
    parser.add_argument("--seed", type=int, default=8, help="the order the openings are taken")
    parser.add_argument("--write-only", action="store_true", help="write the file from --raw")
    parser.add_argument("--check", type=int, metavar="N", help="score N kept openings again")
    parser.add_argument("--depth", type=int, default=12, help="--check's search depth")
    args = parser.parse_args(argv)
    done: dict[str, tuple[int, int | None]] = {}
    for path in args.raw:
        done.update(read_raw(path))
    if args.check:
        check(done, args.check, args.depth, args.seed)
    elif args.write_only:
        write(done)
    else:
        index, _, parts = args.part.partition("/")
        make(args.raw, args.target, args.screen, args.seed, (int(index), int(parts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
