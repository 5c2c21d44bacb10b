"""The ``othello`` command: the game window by default, tools for people and scripts beside it."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from othello.app.i18n import LANGUAGES
from othello.core.bitboard import perft
from othello.core.board import Board
from othello.core.errors import OthelloError


def _count_of(unit: str) -> Callable[[str], int]:
    """An argument parser for a whole number of ``unit``, at least 1."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of {unit}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"must be 1 or more {unit}, not {value}")
        return value

    return parse


_plies = _count_of("plies")


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


_workers = _count_of("worker processes")


def _cmd_perft(args: argparse.Namespace) -> int:
    board = Board.from_string(args.board) if args.board else Board()
    for d in range(1, args.depth + 1):
        t0 = time.perf_counter()
        n = perft(board.player, board.opponent, d)
        print(f"{d}\t{n}\t{time.perf_counter() - t0:.3f}s")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from othello.app.commands import bench

    bench.main(deep=args.deep, workers=args.workers)
    return 0


def _warn_if_weak() -> None:
    """A damaged evaluation file, said on stderr before a search that plays on without it."""
    from othello.engine.pattern_weights import problem

    found = problem()
    if found is not None:
        print(f"othello: warning: {found}; the search plays weakly without it", file=sys.stderr)


def _cmd_solve(args: argparse.Namespace) -> int:
    """Solve a position exactly: score for the side to move, a best move, time and nodes."""
    from othello.engine.api import PARALLEL_EMPTIES, Engine

    _warn_if_weak()
    board = Board.from_string(args.board)
    result = Engine(workers=args.workers).solve(board)
    shared = args.workers > 1 and board.empties() >= PARALLEL_EMPTIES
    print(
        f"score: {result.score:+d} (final disc difference for {board.side_to_move}, perfect play)"
    )
    print(f"move:  {result.move}")
    print(f"line:  {' '.join(result.pv)}")
    print(f"time:  {result.time:.2f} s" + (f" ({args.workers} worker processes)" if shared else ""))
    print(f"nodes: {result.nodes:,d} ({result.nodes / max(result.time, 1e-9):,.0f}/s)")
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    from othello.app.commands.review import run

    return run(args, _warn_if_weak)


def _cmd_explore(args: argparse.Namespace) -> int:
    from othello.app.commands.explore import run

    return run(args)


def _cmd_nboard(args: argparse.Namespace) -> int:
    from othello.app.commands.nboard import run

    _warn_if_weak()  # standard error: standard output is the protocol's
    return run(args.log, config=args.config)


def _draw_png(entry: Any, path: Path, args: argparse.Namespace) -> None:
    """``othello export --format png``: the window's picture of the position, drawn headless."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from othello.gui.widgets import position_picture as picture

    options = picture.PictureOptions(
        not args.no_coordinates, args.numbers, True, args.mono, max(120, min(4000, args.size))
    )
    try:
        picture.export(entry.record().game(), path, options, args.ply)
    except OSError as err:
        raise OthelloError(f"cannot write {path}: {err}") from None


def _cmd_play(args: argparse.Namespace) -> int:
    from othello.app.desktop.shortcut import set_window_class

    set_window_class()  # before SDL opens the window: the menu entry's StartupWMClass
    try:
        from othello.gui.app import run
    except ImportError as err:  # pygame missing or broken: say so instead of a traceback
        print(
            f"othello: the game window cannot start ({err}); is pygame installed?", file=sys.stderr
        )
        return 1
    return int(run(args) or 0)


def _cmd_where(args: argparse.Namespace) -> int:
    from othello.app.commands.where import where_report

    print(where_report(args.config))
    return 0


def _cmd_install_shortcut(args: argparse.Namespace) -> int:
    from othello.app.desktop.shortcut import install_for_this_system

    written = install_for_this_system()
    width = max(len(label) for label, _path in written) + 1
    for label, path in written:
        print(f"{label + ':':{width}} {path}")
    return 0


def _prepare_play(args: argparse.Namespace) -> None:
    """Open the log, and refuse a --config or --load file that cannot be used before a
    window opens: the player named that file and should hear what is wrong with it."""
    from othello.app import i18n
    from othello.app.desktop.shortcut import first_start_tip
    from othello.app.files import game_files, logs
    from othello.app.settings.choices import load_with_choices
    from othello.app.settings.loading import ensure_user_ini, find_config, in_use_notice

    load = getattr(args, "load", None)
    logs.setup()
    try:
        problem = None
        i18n.set_language(i18n.system_language())  # until the settings say otherwise
        first = find_config(args.config) is None  # no file would be read: the first start
        if first:  # a file to edit, with every key (never beside one the game reads instead)
            problem = ensure_user_ini()
        settings, notices = load_with_choices(args.config)  # othello.ini, then the choices
        if i18n.set_language(i18n.resolve(settings.language)) != i18n.DEFAULT:
            settings, notices = load_with_choices(args.config)  # the notices in its words
        if problem is not None:  # it could not be written: the defaults' notice says why
            notices = [problem] if settings.source is None else [problem, *notices]
        if logs.problem is not None:  # no console after a double-click: the window says it
            notices = [logs.problem, *notices]
        args.loaded_settings = (settings, notices)  # the window uses them as read here
        if load is not None:
            game_files.load_game(load)
    except OthelloError as err:  # no console after a double-click: the log keeps it
        logs.log.error("not started: %s", err)
        raise
    logs.log_notices(notices)
    news = [None if args.config else in_use_notice(settings.source, first and problem is None)]
    if first and problem is None:  # the first start: the menu, for a double-clicked game
        news.append(first_start_tip())
    for line in filter(None, news):  # news, not problems: shown, and logged as information
        logs.log.info("start: %s", line)
        notices = [*notices, line]
    args.loaded_settings = (settings, notices)
    args.start_file = load  # checked above: the window opens it instead of resuming


def _user_path(text: str) -> Path:
    """A path named on the command line, made absolute at once: messages then name the file
    exactly, and nothing later depends on the working directory."""
    return Path(text).expanduser().absolute()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="othello", description="Play Othello against the computer, or use the engine's tools."
    )
    parser.set_defaults(func=_cmd_play)
    parser.add_argument(
        "--config",
        type=_user_path,
        metavar="PATH",
        help="read this othello.ini (see --where for the search)",
    )
    parser.add_argument(
        "--load",
        type=_user_path,
        metavar="FILE",
        help="start with the game in FILE (a transcript or board string) instead of resuming",
    )
    parser.add_argument(
        "--where", action="store_true", help="print the othello.ini in use and the data folder"
    )
    parser.add_argument(
        "--install-shortcut",
        action="store_true",
        help="add Othello to the application menu (Linux) or the Start menu (Windows)",
    )
    parser.add_argument(
        "--demo", action="store_true", help="let the computer play both sides in the window"
    )
    parser.add_argument(
        "--frames",
        type=int,
        metavar="N",
        help="stop after N frames and print frame-time figures (headless when there is no display)",
    )
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    p = sub.add_parser("perft", help="count leaf positions ply by ply (prints ply, leaves, time)")
    p.add_argument("depth", type=_plies, help="how many plies deep to count (1 or more)")
    p.add_argument("--board", help="board string to start from (default: the start position)")
    p.set_defaults(func=_cmd_perft)

    p = sub.add_parser("bench", help="print the engine's speed figures")
    p.add_argument(
        "--deep",
        action="store_true",
        help="also solve FForum #26-34 (20 empties; up to a minute each)",
    )
    _add_workers(p)
    p.set_defaults(func=_cmd_bench)

    p = sub.add_parser(
        "solve", help="solve a position exactly (prints score, best move, time, nodes)"
    )
    p.add_argument("board", help="board string: 64 squares a1..h8 (X, O, -) then X or O to move")
    _add_workers(p)
    p.set_defaults(func=_cmd_solve)

    p = sub.add_parser(
        "review", help="judge every move of a saved game (best move, scores, loss, mark)"
    )
    p.add_argument(
        "file", type=_user_path, help="a saved game: a transcript, or a board string and moves"
    )
    p.add_argument("--depth", type=_plies, default=6, help="midgame search depth (default 6)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument(
        "--workers",
        type=_workers,
        default=_default_workers(),
        metavar="N",
        help=f"processes judging positions at once (default: one per core, here "
        f"{_default_workers()}; the scores are the same with any number)",
    )
    p.add_argument(
        "--language",
        default="en",
        choices=sorted(LANGUAGES),
        help="the language of each move's why (default en)",
    )
    p.add_argument(
        "--no-why", action="store_true", help="only the scores: no themes, line or sentence"
    )
    p.set_defaults(func=_cmd_review)

    p = sub.add_parser(
        "explore", help="what people and programs played after a transcript (games, results)"
    )
    p.add_argument("transcript", nargs="?", default="", help="moves from the start, e.g. f5d6c3")
    sources = ("all", "people", "programs", "mine")
    p.add_argument("--source", choices=sources, default="all", help="whose games (mine: yours)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_explore)

    p = sub.add_parser(
        "nboard",
        help="be an engine for NBoard and other programs (NBoard protocol on stdin/stdout)",
    )
    p.add_argument("--log", type=_user_path, metavar="FILE", help="append the conversation to FILE")
    p.set_defaults(func=_cmd_nboard)

    p = sub.add_parser(
        "host", help="open the window hosting a game against a person on the network"
    )
    p.add_argument(
        "--port", type=_port, default=0, help="the port to listen on (default: any free one)"
    )
    p.add_argument(
        "--bind",
        default="",
        metavar="ADDRESS",
        help="listen on this address only, such as 127.0.0.1 (default: every address, and "
        "the game is announced on this network)",
    )
    p.set_defaults(func=_cmd_play, person_role="host")

    p = sub.add_parser("join", help="open the window joining a person's game with its code")
    p.add_argument("code", help="the code the host's window shows (dashes and case optional)")
    p.add_argument(
        "address",
        nargs="?",
        default="",
        help="the host's address and port, as ADDRESS:PORT (none: found on this network)",
    )
    p.set_defaults(func=_cmd_play, person_role="join")

    from othello.app.commands.library import add_commands

    add_commands(sub, _draw_png)

    from othello.app.commands.openings import add_parser

    add_parser(sub)

    from othello.app.terminal.command import add_parser as add_play

    add_play(sub)
    return parser


def _default_workers() -> int:
    from othello.engine.multicore.endgame import default_workers

    return default_workers()


def _add_workers(p: argparse.ArgumentParser) -> None:
    from othello.engine.api import PARALLEL_EMPTIES
    from othello.engine.multicore.endgame import default_workers

    default = default_workers()
    p.add_argument(
        "--workers",
        type=_workers,
        default=default,
        metavar="N",
        help=f"processes for solves of {PARALLEL_EMPTIES}+ empties (default: one per "
        f"core, here {default}; 1 solves in this process alone)",
    )


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.load is not None and args.demo:
        parser.error("--load is for your own game, not --demo")
    role = getattr(args, "person_role", None)
    if role == "host":
        args.person = {"start_hosting": True, "port": args.port, "bind": args.bind}
    elif role == "join":
        args.person = _joining(parser, args.code, args.address)
    if args.where:
        args.func = _cmd_where
    elif args.install_shortcut:
        args.func = _cmd_install_shortcut
    try:
        if args.func is _cmd_play:
            from othello.app.files.logs import run_logged

            _prepare_play(args)
            return int(run_logged(lambda: args.func(args)) or 0)  # a crash's traceback is logged
        return int(args.func(args) or 0)
    except OthelloError as err:
        print(f"othello: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return _reader_went_away()


def _joining(parser: argparse.ArgumentParser, code: str, address: str) -> dict[str, Any]:
    """``othello join CODE ADDRESS:PORT`` checked before a window opens."""
    from othello.app.network.codes import typed

    if typed(code) is None:
        parser.error(f"{code!r} is not a code: 12 letters and digits, such as K7QM-3XTA-R9WE")
    host, _colon, port = address.rpartition(":")
    if address and (not host or not port.isdigit() or not 0 < int(port) < 65536):
        parser.error(f"{address!r} is not ADDRESS:PORT, such as 192.168.1.20:50123")
    return {"join_code": code, "join_address": address}


def _reader_went_away() -> int:
    """``othello perft 9 | head`` closes the pipe early: that is the reader's choice, not an
    error worth a traceback. Python's own advice: point stdout at devnull so the flush at
    exit does not raise again, and exit as a program killed by SIGPIPE would (128 + 13)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 141


if __name__ == "__main__":
    sys.exit(main())
