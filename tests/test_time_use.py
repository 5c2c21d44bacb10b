"""When choosing a move, iterative deepening starts a depth only if it is likely to finish.

The task's clock is replaced by one that moves a set amount at each reading (the task reads
it once when it starts and once after each depth), so the stopping rule is checked without
depending on how fast this machine searches. The real clock stays far from the limit."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from othello import Board, task
from othello.levels import Level
from othello.task import Found, SearchTask, Tables

BUDGET = 100.0
FULL_WIDTH = Level(0, "Test", "full width, fixed limits", 12, 0, 0, BUDGET)


def completed_depths(monkeypatch: pytest.MonkeyPatch, readings: Iterator[float]) -> list[int]:
    """Think once with a clock that gives ``readings`` (offsets from the real start)."""
    base = task.time.perf_counter()
    fake = SimpleNamespace(perf_counter=lambda: base + next(readings))
    monkeypatch.setattr(task, "time", fake)
    board = Board.from_transcript("f5d6c3d3c4")
    found: list[Found] = []
    t = SearchTask(board.player, board.opponent, FULL_WIDTH, Tables(), report=found.append)
    result = t.think()
    assert result.move in board.legal_squares()
    assert result.depth == found[-1].depth
    return [f.depth for f in found]


def test_a_depth_starts_while_twice_the_last_one_still_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every depth takes 20 s of the 100: after depth 3 (60 s) there is room for twice 20 s
    # more, so depth 4 starts; after depth 4 (80 s) there is not. (A fixed share of 40% of
    # the budget would have stopped after depth 2.)
    readings = (20.0 * k for k in range(100))
    assert completed_depths(monkeypatch, readings) == [1, 2, 3, 4]


def test_growing_depths_stop_before_one_that_would_be_cut_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each depth takes twice the one before: depths end at 1, 3, 7, 15, 31, 63 s. After 31 s
    # (the last took 16) 32 more fit in 100; after 63 s (the last took 32) 64 do not.
    readings = iter([0.0] + [2.0**k - 1 for k in range(1, 20)])
    assert completed_depths(monkeypatch, readings) == [1, 2, 3, 4, 5, 6]
