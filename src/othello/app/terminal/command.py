"""``othello play``'s arguments; the game itself (``play.py``) is imported only when it runs,
so the command line starts as fast as before."""

from __future__ import annotations

import argparse

LEVEL_COUNT = 17


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play",
        help="play in the terminal: the board as text, moves typed (for screen readers too)",
    )
    p.add_argument(
        "--level", type=int, choices=range(1, LEVEL_COUNT + 1), metavar="1-17",
        help="the computer's level (default: the LEVEL setting)",
    )  # fmt: skip
    p.add_argument("--color", choices=("black", "white"), default="black", help="your side")
    p.add_argument("--nato", action="store_true", help="squares in the NATO alphabet (delta 3)")
    p.add_argument("--brief", action="store_true", help="moves said briefly (d3, 2)")
    p.add_argument("--board", help="start from this board string (64 squares, then X or O)")
    p.add_argument("--language", help="a language code, en, ja, fr... (default: LANGUAGE)")
    p.add_argument("--seed", type=int, help="the computer's random choices (for scripts)")
    p.add_argument("--review-depth", type=int, default=6, help=argparse.SUPPRESS)
    p.add_argument("--review-exact", type=int, default=16, help=argparse.SUPPRESS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from othello.app.terminal.play import run as play

    return play(args)
