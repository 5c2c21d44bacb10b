"""``othello openings``: balanced starts, and random positions in a score range, for people
and for other tools (one JSON object a line with ``--json``)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable

from othello.club.starts import (
    START_SYMMETRIES,
    Start,
    StartsError,
    in_range,
    load_balanced,
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``openings`` command's arguments."""
    p = sub.add_parser(
        "openings",
        help="balanced starts (--balanced) or random positions in a score range (--random)",
    )
    kind = p.add_mutually_exclusive_group(required=True)
    kind.add_argument(
        "--balanced",
        action="store_true",
        help="positions after 8 moves that a deep search scores within 2 discs",
    )
    kind.add_argument(
        "--random",
        action="store_true",
        help="positions at move --moves where the side to move's score is in --range",
    )
    p.add_argument("--moves", type=int, help="--random: discs placed since the start (1-59)")
    p.add_argument("--range", dest="score_range", metavar="A:B", help="--random: scores A to B")
    p.add_argument("--count", type=int, default=1, help="how many positions (default 1)")
    p.add_argument("--seed", type=int, help="the same seed gives the same positions")
    p.add_argument("--json", action="store_true", help="one JSON object a line")
    p.set_defaults(func=run)


def parse_range(text: str) -> tuple[int, int]:
    """``"A:B"`` as two whole numbers of discs, A no more than B; ValueError otherwise."""
    low, sep, high = text.partition(":")
    try:
        a, b = int(low), int(high)
    except ValueError:
        raise ValueError(f"--range is A:B in discs, such as -2:4, not {text!r}") from None
    if not sep or not -64 <= a <= b <= 64:
        raise ValueError(f"--range is A:B with -64 <= A <= B <= 64, not {text!r}")
    return a, b


def balanced(count: int, rng: random.Random) -> list[Start]:
    """``count`` different balanced openings (all of them if fewer), each turned at random."""
    starts, problem = load_balanced()
    if not starts:
        raise StartsError(problem or "there are no balanced openings")
    chosen = rng.sample(starts, min(count, len(starts)))
    return [start.turned(rng.choice(START_SYMMETRIES)) for start in chosen]


def lines(starts: Iterable[Start], as_json: bool) -> Iterable[str]:
    for start in starts:
        position = start.board().to_string()
        if as_json:
            row = {"moves": start.transcript(), "position": position, "score": start.score}
            yield json.dumps(row)
        else:
            yield f"{start.transcript()}  {start.score:+d}  {position}"


def run(args: argparse.Namespace) -> int:
    if args.count < 1:
        print("othello: --count must be 1 or more", file=sys.stderr)
        return 2
    if args.balanced:
        found = balanced(args.count, random.Random(args.seed))
    else:
        if args.moves is None or args.score_range is None:
            print("othello: --random needs --moves N and --range A:B", file=sys.stderr)
            return 2
        try:
            low, high = parse_range(args.score_range)
            found = in_range(args.moves, low, high, args.count, args.seed)
        except ValueError as err:
            print(f"othello: {err}", file=sys.stderr)
            return 2
        if len(found) < args.count:
            print(
                f"othello: found {len(found)} of {args.count} positions at move {args.moves} "
                f"scoring {low}:{high} (the range may be out of reach there)",
                file=sys.stderr,
            )
    for line in lines(found, args.json):
        print(line)
    return 0 if found else 1
