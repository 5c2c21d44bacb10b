"""A review's positions judged on several processes at once.

Python threads cannot search at the same time, so each worker is a process ("spawn": a fresh
interpreter, safe from any thread and any platform) that judges whole positions with
``judging.judge``: each from empty tables, so a verdict is the same whichever process made it
and in whatever order. The positions go out one at a time to whichever worker is free, the
longest first (the exact ones, most empty squares first), and the verdicts come back in the
game's order. Workers run ``nice`` steps below the caller where the
platform allows it, so a window that asked for the review keeps its frames.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from othello.study.verdict import MoveReview, ReviewStopped, Task, judge

POLL_SECONDS = 0.05
"""How often the caller's stop flag is looked at while the workers judge."""


def _lower_priority(steps: int) -> None:
    """A worker's start: a lower priority than the caller's, where the platform has one."""
    if steps and hasattr(os, "nice"):
        try:
            os.nice(steps)
        except OSError:
            pass


def _cost(task: Task) -> tuple[bool, int]:
    """Longest first, so no worker is left with a long one at the end: the exact positions
    (two solves each, the most empty squares the longest), then the midgame ones."""
    _ply, _number, text, _sq, _depth, exact_empties, _explain = task
    empties = text[:64].count("-")
    return empties <= exact_empties, empties if empties <= exact_empties else -empties


def _judge(task: Task) -> MoveReview:
    return judge(task)


@contextmanager
def _children_allowed() -> Iterator[None]:
    """Let a daemonic process (the window's search process is one, so that it never outlives
    the window) start the pool's workers. multiprocessing refuses that only to keep a daemon
    from leaving orphans behind; the pool's workers are daemons themselves, ended with the
    pool, and they leave when the pipe to this process closes."""
    config = multiprocessing.current_process()._config  # type: ignore[attr-defined]
    daemon = config.get("daemon")
    config["daemon"] = False
    try:
        yield
    finally:
        if daemon is not None:
            config["daemon"] = daemon
        else:
            config.pop("daemon", None)


def judge_in_parallel(
    tasks: Sequence[Task],
    workers: int,
    nice: int,
    stop: threading.Event | None,
    on_progress: Callable[[int, int], None] | None,
    on_review: Callable[[MoveReview], None] | None = None,
) -> list[MoveReview]:
    """Every task judged on ``min(workers, tasks)`` processes; ReviewStopped when ``stop`` is
    set (the workers are ended at once). ``on_review`` hears each verdict as it comes back,
    in whatever order the workers finish."""
    context = multiprocessing.get_context("spawn")
    done: dict[int, MoveReview] = {}
    with _children_allowed():
        pool = context.Pool(min(workers, len(tasks)), _lower_priority, (nice,))
    with pool:
        results = pool.imap_unordered(_judge, sorted(tasks, key=_cost, reverse=True))
        while len(done) < len(tasks):
            if stop is not None and stop.is_set():
                pool.terminate()
                raise ReviewStopped
            try:
                review = results.next(timeout=POLL_SECONDS)
            except multiprocessing.TimeoutError:
                continue
            done[review.ply] = review
            if on_review is not None:
                on_review(review)
            if on_progress is not None:
                on_progress(len(done), len(tasks))
    return [done[ply] for ply in sorted(done)]
