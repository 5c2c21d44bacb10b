#!/usr/bin/env python3
"""Play two players against each other and print the result: the engine's strength figures.

Each opening (one of the 244 four-move starts, in a fixed shuffled order) is played twice
with the colours swapped, so neither side profits from a lucky opening. Players are written
``level:N`` (an Engine level; ``level:N+book`` plays from the opening book), ``depth:N`` (the engine's search at a fixed depth, no
randomness; ``depth:N:T`` with Multi-ProbCut at a margin of T sigmas), ``time:S`` or
``time:S:T`` (S seconds a move, no depth cap), ``custom:depth=5,exact=12,wld=14,time=1``
(a level to try; also ``mpc=T``, ``noise=D`` and ``nodes=N``, a node budget per search) or ``baseline`` (depth-4 alpha-beta over the
classic square-weight table, the yardstick the issue asks the default level to beat) or
``greedy`` (the move that turns the most discs over: how many new players play), or
``clock:N:M+I`` (level N on its own clock of M minutes and I seconds a move: it plays to
that clock, and a move that runs its time out loses the game on time; the summary says
how many games it lost so and the time it had left at the end).
``old:SPEC`` is SPEC played by an earlier version of the engine, in a process of its own:
``--old-src`` (or ``OTHELLO_OLD_SRC``) names that version's ``src/`` folder, e.g. a worktree
made with ``git worktree add /tmp/old-engine COMMIT``.

    python scripts/match.py level:5 level:4 --games 40 --jobs 2
    python scripts/match.py level:4 baseline --games 40
    python scripts/match.py level:6 - --times --games 2    # time per move of one level
    python scripts/match.py level:4 old:level:4 --old-src /tmp/old-engine/src --games 200 --jobs 2
    python scripts/match.py level:6 old:level:6 --old-src /tmp/old-engine/src --games 100 \
        --from-game 63 --jobs 2        # the rest of a match stopped after game 62
    python scripts/match.py level:16 old:level:16 --old-src OLD/src --start-empties 22 \
        --games 40 --jobs 2            # endgames: real games' positions at 22 empties

``--start-empties N`` plays from positions of real games (``../shared/data/games``, as
``scripts/level_probe.py`` draws them, a game each) at N empty squares instead of openings,
each with both colours: a match of endgames.

``--learn`` lets the first player's opening book learn from each game it played from its book,
as the window's does (``study.book_learning``): a learning book against the same book that
does not learn, from the start where the books play the opening:

    python scripts/match.py level:14+book level:14+book --learn --opening-plies 0 --games 100
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from othello import LEVELS, Board, Engine
from othello.app.library.book_store import merged
from othello.core.bitboard import flips, legal_moves
from othello.core.clock import ClockTime, TimeControl
from othello.core.notation import square_name
from othello.engine.book import Corrections, book_with
from othello.engine.evaluation import square_weight_eval
from othello.engine.search_common import final_score
from othello.study.book_learning import deep_search, game_values, learn

Player = Callable[[Board], str]
OPENING_PLIES = 4


def baseline_search(p: int, o: int, depth: int, alpha: int, beta: int) -> int:
    """Plain alpha-beta over the square-weight table; finished games score by discs."""
    moves = legal_moves(p, o)
    if not moves:
        if not legal_moves(o, p):
            return final_score(p, o) * 10_000
        return -baseline_search(o, p, depth, -beta, -alpha)
    if depth == 0:
        return square_weight_eval(p, o)
    best = -(10**9)
    while moves:
        b = moves & -moves
        moves ^= b
        f = flips(p, o, b.bit_length() - 1)
        v = -baseline_search(o ^ f, p | f | b, depth - 1, -beta, -alpha)
        if v > best:
            best = v
            alpha = max(alpha, v)
            if alpha >= beta:
                break
    return best


def baseline_player(depth: int = 4) -> Player:
    """The yardstick: a depth-``depth`` alpha-beta player with a static square-weight table."""

    def play(board: Board) -> str:
        p, o = board.player, board.opponent
        moves = board.legal_squares()
        if not moves:
            return "pass"
        best_sq, best = moves[0], -(10**9)
        for sq in moves:
            f = flips(p, o, sq)
            v = -baseline_search(o ^ f, p | f | (1 << sq), depth - 1, -(10**9), -best)
            if v > best:
                best_sq, best = sq, v
        return square_name(best_sq)

    return play


OLD_PLAYER = """
import sys
sys.path.insert(0, sys.argv[1])
from match import make_player
from othello import Board
player = make_player(sys.argv[2], int(sys.argv[3]))
for line in sys.stdin:
    print(player(Board.from_string(line.strip())), flush=True)
"""


class OldPlayer:
    """A player of an earlier engine version: its own ``scripts/match.py`` in a child process
    with that version's ``src/`` first on the path, fed one board string per move."""

    def __init__(self, spec: str, seed: int) -> None:
        src = Path(os.environ.get("OTHELLO_OLD_SRC", "")).resolve()
        if not (src / "othello").is_dir():
            raise SystemExit("old:SPEC needs --old-src (or OTHELLO_OLD_SRC): an older src/")
        env = dict(os.environ, PYTHONPATH=str(src))
        self.process = subprocess.Popen(
            [sys.executable, "-c", OLD_PLAYER, str(src.parent / "scripts"), spec, str(seed)],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def __call__(self, board: Board) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(board.to_string() + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def greedy_player(seed: int) -> Player:
    """A new player's way of playing: the move that turns the most discs over (ties at random)."""
    rng = random.Random(seed)

    def play(board: Board) -> str:
        p, o = board.player, board.opponent
        counts = {sq: flips(p, o, sq).bit_count() for sq in board.legal_squares()}
        most = max(counts.values())
        return square_name(rng.choice([sq for sq, n in counts.items() if n == most]))

    return play


class ClockPlayer:
    """A level playing to its own clock (``clock:N:5+3``): each move's wall-clock time comes
    off its time and the increment goes on; ``flagged`` once its time ran out (it loses)."""

    def __init__(self, level: int, control: TimeControl) -> None:
        self.engine = Engine(level=level)
        self.control = control
        self.left = control.seconds
        self.flagged = False

    def __call__(self, board: Board) -> str:
        t0 = time.perf_counter()
        move = self.engine.think(board, clock=ClockTime(self.left, self.control.increment)).move
        self.left -= time.perf_counter() - t0
        if self.left <= 0:
            self.flagged = True
        self.left += self.control.increment
        return move


def make_player(spec: str, seed: int) -> Player:
    """``level:N``, ``depth:N``, ``old:SPEC`` or ``baseline`` -> a function from board to move."""
    kind, _, arg = spec.partition(":")
    if kind == "clock":  # clock:N:5+3, level N on a clock of 5 minutes and 3 s a move
        number, _, control = arg.partition(":")
        return ClockPlayer(int(number), TimeControl.parse(control))
    if kind == "old":
        return OldPlayer(arg, seed)
    if kind == "greedy":
        return greedy_player(seed)
    if kind == "baseline":
        return baseline_player(int(arg) if arg else 4)
    if kind == "level":  # level:N, or level:N+book to play from the opening book
        number, _, book = arg.partition("+")
        engine = Engine(level=int(number), seed=seed, book=book == "book")
    elif kind == "depth":  # depth:N, or depth:N:T for a selective search with margin T
        depth, _, margin = arg.partition(":")
        engine = Engine(
            level=len(LEVELS),
            depth=int(depth),
            selectivity=float(margin) if margin else 0.0,
        )
    elif kind == "custom":  # custom:depth=5,exact=12,wld=14,time=1,mpc=1.5 (a level to try)
        fields = dict(item.split("=") for item in arg.split(","))
        engine = Engine(level=len(LEVELS), seed=seed)
        names = {
            "depth": "depth",
            "exact": "exact_empties",
            "wld": "wld_empties",
            "time": "time_budget",
            "mpc": "selectivity",
            "noise": "noise",
            "nodes": "nodes",
            "blunders": "blunders",
        }
        changes: dict[str, Any] = {
            names[k]: (int(v) if k in ("depth", "exact", "wld", "nodes") else float(v))
            for k, v in fields.items()
        }
        changes.setdefault("selectivity", 0.0)  # full width unless mpc= is given
        engine.level_info = dataclasses.replace(engine.level_info, **changes)
    elif kind == "time":  # time:S, or time:S:T: S seconds a move, Multi-ProbCut margin T
        seconds, _, margin = arg.partition(":")
        engine = Engine(time_limit=float(seconds), selectivity=float(margin) if margin else 0.0)
    else:
        raise SystemExit(f"unknown player {spec!r}: use level:N, depth:N, time:S or baseline")
    return EnginePlayer(engine)


class EnginePlayer:
    """An engine's move for each board; counts the moves it played from its opening book."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.book_moves = 0

    def __call__(self, board: Board) -> str:
        found = self.engine.think(board)
        self.book_moves += found.book
        return found.move


def _all_lines(board: Board, plies: int) -> list[list[str]]:
    """Every move sequence of ``plies`` moves from ``board`` (244 of them for 4 plies)."""
    if plies == 0:
        return [[]]
    lines = []
    for move in board.legal_moves():
        board.push(move)
        lines += [[move, *rest] for rest in _all_lines(board, plies - 1)]
        board.pop()
    return lines


_OPENINGS: list[list[str]] = []


def opening(index: int, plies: int = OPENING_PLIES) -> list[str]:
    """The ``index``-th of the ``plies``-move openings in a fixed shuffled order (no repeats
    until all are used), so every pair of games starts from a different position."""
    if not _OPENINGS:
        _OPENINGS.extend(_all_lines(Board(), plies))
        random.Random(1000).shuffle(_OPENINGS)
    return list(_OPENINGS[index % len(_OPENINGS)])


@functools.cache
def endgame_starts(empties: int) -> list[str]:
    """Positions of 100 real games at ``empties`` empty squares (a game each, drawn as
    ``level_probe.positions`` draws them, seed 55; ``--start-empties``)."""
    from level_probe import GAMES, positions

    return positions(GAMES, games=100, seed=55, empties=(empties,))


def endgame_start(index: int, empties: int) -> Board:
    """The ``index``-th of ``endgame_starts``."""
    starts = endgame_starts(empties)
    return Board.from_string(starts[index % len(starts)])


played: list[str] = []  # this process's game transcripts, in the order played
learned: list[Corrections] = [()]  # --learn: what the first player's book has learned so far
LEARNING: list[bool] = [False]


def learn_from(transcript: str, player: Player) -> int:
    """--learn: the first player's book learns from the game just played, as the window's
    does after a game the computer played from its book (``study.book_learning``, its deep
    search); how many corrections it made."""
    if not getattr(player, "book_moves", 0):
        return 0
    moves = [played.square for played in Board.from_transcript(transcript).history]  # passes too
    start = Board()
    fixes = learn(book_with(learned[0]), start, moves, game_values(start, moves), deep_search())
    learned[0] = merged(learned[0], fixes)
    return len(fixes)


def play_game(
    black: Player,
    white: Player,
    start: list[str] | Board,
    times: dict[bool, list[float]] | None = None,
) -> tuple[int, float]:
    """Play one game from an opening; (final disc difference for black, slowest move).

    ``times``, if given, collects every move's time under True (black) and False (white).
    """
    board = Board()
    if isinstance(start, Board):  # a position to start from (--start-empties)
        board = start.copy()
    else:
        for move in start:
            board.push(move)
    slowest = 0.0
    while not board.is_game_over():
        if board.must_pass():
            board.push_pass()
            continue
        player = black if board.black_to_move else white
        t0 = time.perf_counter()
        move = player(board)
        took = time.perf_counter() - t0
        slowest = max(slowest, took)
        if times is not None:
            times[board.black_to_move].append(took)
        if getattr(player, "flagged", False):  # lost on time: the whole board to the other
            played.append(board.transcript())
            return (-64 if board.black_to_move else 64), slowest
        board.push(move)
    played.append(board.transcript())
    return board.score(), slowest


Clock = tuple[bool, float] | None
"""A clocked first player's game: whether it lost on time, and the seconds it had left."""


def run_pair(
    args: tuple[str, str, int, int],
) -> tuple[int, int, float, list[float], str, Clock, tuple[int | None, int | None]]:
    """Game ``index``: opening ``index // 2``, first player black on even indexes.

    Returns (index, disc difference for the first player, slowest move, the first
    player's move times, the transcript, the clock, each player's moves from its book: None
    where not counted, an old engine's).
    """
    first, second, index, plies = args
    a, b = make_player(first, index), make_player(second, index + 10_000)
    if LEARNING[0] and isinstance(a, EnginePlayer):
        a.engine.corrections = learned[0]
    start: list[str] | Board = (
        opening(index // 2, plies) if plies >= 0 else endgame_start(index // 2, -plies)
    )
    times: dict[bool, list[float]] = {True: [], False: []}
    if index % 2 == 0:
        diff, slow = play_game(a, b, start, times)
        mine = times[True]
    else:
        diff, slow = play_game(b, a, start, times)
        diff = -diff
        mine = times[False]
    for player in (a, b):
        if isinstance(player, OldPlayer):
            player.close()
    if LEARNING[0]:
        fixes = learn_from(played[-1], a)
        if fixes:
            print(f"game {index + 1:3d}: {fixes} book corrections learned", flush=True)
    clock = (a.flagged, a.left) if isinstance(a, ClockPlayer) else None
    book = (getattr(a, "book_moves", None), getattr(b, "book_moves", None))
    return index, diff, slow, mine, played[-1], clock, book


def move_times(spec: str, games: int) -> None:
    """Time every move of ``games`` self-play games of one player (its own openings)."""
    player = make_player(spec, 0)
    times: list[float] = []
    for g in range(games):
        board = Board()
        for move in opening(100 + g):
            board.push(move)
        while not board.is_game_over():
            if board.must_pass():
                board.push_pass()
                continue
            t0 = time.perf_counter()
            move = player(board)
            times.append(time.perf_counter() - t0)
            board.push(move)
    times.sort()
    print(
        f"{spec}: {len(times)} moves, mean {sum(times) / len(times):.3f} s, "
        f"90% under {times[int(0.9 * len(times))]:.3f} s, slowest {times[-1]:.3f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument(
        "--games", type=int, default=40, help="games to play (even: colours alternate)"
    )
    parser.add_argument(
        "--from-game",
        type=int,
        default=1,
        help="start at this game number (to finish a match that was stopped: the games "
        "before it are the stopped run's)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--quiet", action="store_true", help="only the summary line")
    parser.add_argument(
        "--games-out", type=Path, help="write each game's number and transcript to this file"
    )
    parser.add_argument("--old-src", type=Path, help="src/ of the engine old:SPEC players use")
    parser.add_argument(
        "--opening-plies",
        type=int,
        default=OPENING_PLIES,
        help="moves of each distinct opening (0: every game from the start position)",
    )
    parser.add_argument(
        "--start-empties",
        type=int,
        default=0,
        help="start from real games' positions at this many empties (above), not openings",
    )
    parser.add_argument(
        "--learn",
        action="store_true",
        help="FIRST's opening book learns from each game it played from its book, as the "
        "window's does (with --jobs 1: the games one after another)",
    )
    parser.add_argument(
        "--times",
        action="store_true",
        help="instead of a match: time every move of FIRST playing itself",
    )
    args = parser.parse_args(argv)
    if args.old_src is not None:
        os.environ["OTHELLO_OLD_SRC"] = str(args.old_src.resolve())  # seen by the pool's workers
    if args.times:
        move_times(args.first, args.games)
        return 0

    if args.learn and args.jobs != 1:
        parser.error("--learn plays one game after another: --jobs 1")
    LEARNING[0], learned[0] = args.learn, ()
    if not 1 <= args.from_game <= args.games:
        parser.error(f"--from-game must be 1..{args.games}, not {args.from_game}")
    tasks = [
        (args.first, args.second, i, -args.start_empties or args.opening_plies)
        for i in range(args.from_game - 1, args.games)
    ]
    games_seen: set[str] = set()
    wins = draws = losses = total = 0
    slowest = 0.0
    first_times: list[float] = []
    clocks: list[tuple[bool, float]] = []
    t0 = time.perf_counter()
    # one job plays in this process: a fork of a process with threads (a test's) can hang
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        played = pool.imap_unordered(run_pair, tasks) if pool is not None else map(run_pair, tasks)
        for index, diff, slow, mine, transcript, clock, book in played:
            if clock is not None:
                clocks.append(clock)
            games_seen.add(transcript)
            if args.games_out is not None:
                with args.games_out.open("a") as out:
                    out.write(f"{index + 1} {transcript}\n")
            first_times += mine
            wins += diff > 0
            draws += diff == 0
            losses += diff < 0
            total += diff
            slowest = max(slowest, slow)
            if not args.quiet:
                colour = "black" if index % 2 == 0 else "white"
                left = f", {clock[1]:.1f} s left" + (" (lost on time)" * clock[0]) if clock else ""
                books = (
                    ""
                    if book == (0, 0)
                    else " book moves " + "/".join("-" if n is None else str(n) for n in book)
                )
                print(
                    f"game {index + 1:3d} ({args.first} {colour}): {diff:+3d}{left}{books}",
                    flush=True,
                )
    games = wins + draws + losses
    share = (wins + draws / 2) / games
    print(
        f"{args.first} vs {args.second}: {wins}-{draws}-{losses} (win-draw-loss), "
        f"score {share:.0%}, mean disc difference {total / games:+.1f}, "
        f"slowest move {slowest:.2f} s, {time.perf_counter() - t0:.0f} s wall; "
        f"{args.first} mean {sum(first_times) / max(len(first_times), 1):.3f} s a move, "
        f"slowest {max(first_times, default=0.0):.2f} s; {len(games_seen)} distinct games"
        + (f" (games {args.from_game}-{args.games})" if args.from_game > 1 else "")
    )
    if args.learn:
        print(f"{args.first}'s book learned {len(learned[0])} corrections")
    if clocks:
        lefts = sorted(left for _, left in clocks)
        print(
            f"{args.first}'s clock: {sum(lost for lost, _ in clocks)} of {len(clocks)} games "
            f"lost on time; time left at the end: mean {sum(lefts) / len(lefts):.1f} s, "
            f"median {lefts[len(lefts) // 2]:.1f} s, most {lefts[-1]:.1f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
