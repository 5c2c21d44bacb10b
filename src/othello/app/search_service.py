"""The computer's search in a process of its own, so the window never waits for the interpreter.

The window's worker (``othello.gui.services.worker``) starts :func:`serve` in a child process with
multiprocessing's "spawn" start method: a fresh interpreter that imports this module and the
engine, never pygame, so the child shares neither the window's display nor its interpreter
lock. Everything crosses the pipe as plain data:

- a job: ``(generation, kind, board string, level, book)``, kind "think", "score", "analyze",
  "judge" (every move scored as a review scores it: a puzzle's answers), "review" (then the
  text is ``review_text``: a start position, a game's moves and the first ply to judge) or
  "position" (a random position in a score range: the text is ``position_text``); a
  "think" on a clock has ``clock_text`` after its board string; level
  0 is the analysis settings of a hint (``othello.engine.levels.ANALYSIS``); ``book`` lets the level
  play from the opening book; ``None`` asks the child to exit;
- a report: ``("progress", generation, depth)``, ``("result", generation, kind, value)`` where
  value is a SearchResult's fields (think) or a list of ``(move, score, exact)`` (analyze), or
  ``("error", job, message, traceback)``; a review sends ``("verdict", generation, fields)``
  for each move as soon as it is judged, so a review cut short keeps what it judged.

Cancelling needs no message: the parent writes the newest cancelled generation into shared
memory, and the running search reads it as its ``stop``. A counter rather than an Event that is
set and cleared per job, so a cancel that comes before the child picks the job up is never lost.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import signal
import threading
import traceback
from collections.abc import Callable
from typing import Any, cast

from othello.core.board import Board
from othello.core.clock import ClockTime
from othello.core.notation import format_transcript, square_name
from othello.engine.api import Engine, MoveScore, SearchResult
from othello.engine.levels import ANALYSIS
from othello.engine.multicore.endgame import close_shared_pool, default_workers
from othello.study.review import MoveReview, review_game, score_moves

Job = tuple[int, str, str, int, bool]
Report = tuple[Any, ...]


class Cancelled:
    """A job's ``stop``: set once the parent has cancelled this generation (or a later one)."""

    def __init__(self, cancelled: Any, generation: int) -> None:
        self._cancelled = cancelled  # a shared int: the newest generation cancelled
        self._generation = generation

    def is_set(self) -> bool:
        return bool(self._cancelled.value >= self._generation)


def serve(conn: Any, cancelled: Any, processes: int = 1) -> None:
    """The child's entry point: run jobs from ``conn`` until told to stop or the parent goes.

    A module-level function, so "spawn" can find it by name on every OS, however the game
    was started (``othello``, ``python -m othello``, a double-clicked gui-script).
    ``processes`` above 1 gives levels 15-17 and hints that many worker processes of their
    own (``othello.engine.multicore.endgame.default_search_processes()`` is the machine's sensible count);
    a daemonic process cannot start them, so the parent must start this one non-daemonic.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in the terminal is the window's to handle
    engines: dict[tuple[int, bool], Engine] = {}  # one per level: tables last across moves
    try:
        while (job := conn.recv()) is not None:
            stop = Cancelled(cancelled, job[0])

            def send(report: Report, stop: Cancelled = stop) -> None:
                if not stop.is_set():  # a cancelled job's reports are stale: the parent drops them
                    conn.send(report)

            if not stop.is_set():
                run_job(engines, job, stop, send, processes)
    except (EOFError, OSError):  # the window has gone: nobody is left to answer
        pass
    close_shared_pool()  # the worker processes, if any: none is left behind
    # A review's pool, stopped, waits in reference cycles for the collector; collecting it
    # runs its finalizers, which remove its semaphores (else the window's resource tracker
    # reports them "leaked" at exit). The tables stay referenced, so this is quick.
    gc.collect()
    # Skip the interpreter's teardown: freeing tables of a million entries takes a while, and
    # the window is waiting for this process to end.
    os._exit(0)


def run_job(
    engines: dict[tuple[int, bool], Engine],
    job: Job,
    stop: Cancelled,
    send: Callable[[Report], None],
    processes: int = 1,
) -> None:
    """Search one job, sending the depth reached as it goes and then the result or the error."""
    generation, kind, text, level, book = job
    try:
        if kind == "review":

            def reviewed(review: MoveReview) -> None:
                send(("verdict", generation, dataclasses.astuple(review)))

            rows = review_data(text, cast(threading.Event, stop), reviewed)
            send(("result", generation, kind, rows))
            return
        if kind == "position":
            send(("result", generation, kind, position_data(text, stop)))
            return
        text, clock = board_and_clock(text)
        board = Board.from_string(text)
        if kind == "judge":
            send(("result", generation, kind, judged_data(board, stop)))
            return
        engine = engines.get((level, book)) or engines.setdefault(
            (level, book), engine_for(level, book, processes)
        )
        value: Any
        if kind in ("think", "score"):  # "score": the same search, only its score is wanted

            def progress(result: SearchResult) -> None:
                send(("progress", generation, result.depth))

            # Any object with is_set() serves as stop; the engine only asks that of it.
            found = engine.think(
                board, stop=cast(threading.Event, stop), on_progress=progress, clock=clock
            )
            value = dataclasses.asdict(found)
        else:
            value = [
                tuple(score) for score in engine.analyze(board, stop=cast(threading.Event, stop))
            ]
    except Exception as err:
        send(("error", job, f"{type(err).__name__}: {err}", traceback.format_exc()))
    else:
        send(("result", generation, kind, value))


def engine_for(level: int, book: bool = False, processes: int = 1) -> Engine:
    """The engine for a job's level number; ``ANALYSIS.number`` (0) means a hint's settings
    (never from the book: a hint is the search's own judgement). ``processes``: the worker
    processes its search may share out to (levels 15-17 and hints use them; one pool serves
    every engine of the process)."""
    if level == ANALYSIS.number:
        return Engine(level=ANALYSIS, workers=processes)
    return Engine(level=level, book=book, workers=processes)


def clock_text(board: Board, clock: ClockTime) -> str:
    """A "think" job's text on a clock: the board string, "|", seconds left and increment."""
    return f"{board.to_string()}|{clock.left:.3f} {clock.increment:.3f}"


def board_and_clock(text: str) -> tuple[str, ClockTime | None]:
    """A job's board string, and its clock when it has one."""
    board, _, clock = text.partition("|")
    if not clock:
        return board, None
    left, increment = (float(x) for x in clock.split())
    return board, ClockTime(left, increment)


def position_text(moves: int, low: int, high: int, seed: int) -> str:
    return f"{moves}:{low}:{high}:{seed}"


def position_data(text: str, stop: Any) -> tuple[list[int], int] | None:
    """A "position" job: the moves to a random position in the score range and its score,
    or None when none turned up (or the job was cancelled)."""
    from othello.club.starts import in_range

    moves, low, high, seed = (int(x) for x in text.split(":"))
    found = in_range(moves, low, high, 1, seed, stop=stop)
    return (list(found[0].moves), found[0].score) if found else None


def review_text(start: Board, moves: list[int], first: int = 0) -> str:
    """A review job's text: the start position's board string, "|", the moves with passes,
    "|", the first ply to judge."""
    return f"{start.to_string()}|{format_transcript(moves, with_passes=True)}|{first}"


REVIEW_NICE = 10
"""How far below the window the review's worker processes run: the window keeps its frames."""


def review_data(
    text: str,
    stop: threading.Event | None,
    on_review: Callable[[MoveReview], None],
    workers: int | None = None,
) -> list[tuple[Any, ...]]:
    """Review the game in a review job's text on ``workers`` processes (one per core unless
    told), at a lower priority than the window; each move's review as plain data.
    ``on_review`` hears each verdict as it is made."""
    start_text, _, rest = text.partition("|")
    moves_text, _, first = rest.partition("|")
    start = Board.from_string(start_text)
    moves = [entry.square for entry in Board.from_transcript(moves_text, start=start).history]
    count = default_workers() if workers is None else workers
    reviews = review_game(
        start,
        moves,
        stop=stop,
        first=int(first or 0),
        on_review=on_review,
        workers=count,
        nice=REVIEW_NICE,
    )
    return [dataclasses.astuple(review) for review in reviews]


def data_job(kind: str, text: str, stop: Any) -> Any:
    """A "position" or "judge" job's answer as plain data."""
    if kind == "position":
        return position_data(text, stop)
    return judged_data(Board.from_string(text), stop)


def judged_data(board: Board, stop: Any) -> list[tuple[str, int, bool]]:
    """A "judge" job: every legal move scored as the review scores it, best first."""
    scores, exact = score_moves(board, stop=cast(threading.Event, stop))
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    return [(square_name(sq), score, exact) for sq, score in ranked]


def value_from_data(kind: str, data: Any) -> Any:
    """A result as the engine returned it, rebuilt from the plain data the child sent."""
    if kind in ("think", "score"):
        return SearchResult(**data)
    if kind == "review":
        return [MoveReview(*row) for row in data]
    if kind == "verdict":
        return MoveReview(*data)
    if kind == "position":
        return data
    return [MoveScore(*score) for score in data]
