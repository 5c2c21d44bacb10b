"""When choosing a move, iterative deepening starts no new depth after 40% of the budget.

The task's clock is replaced by one that moves a set amount at each reading (the task reads
it once when it starts and once after each depth), so the stopping rule is checked without
depending on how fast this machine searches. The real clock stays far from the limit."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from othello import Board
from othello.engine import search_call
from othello.engine.levels import Level
from othello.engine.search_call import Found, SearchTask, Tables

BUDGET = 100.0
FULL_WIDTH = Level(0, "Test", "full width, fixed limits", 12, 0, 0, BUDGET)


def completed_depths(monkeypatch: pytest.MonkeyPatch, readings: Iterator[float]) -> list[int]:
    """Think once with a clock that gives ``readings`` (offsets from the real start)."""
    base = search_call.time.perf_counter()
    fake = SimpleNamespace(perf_counter=lambda: base + next(readings))
    monkeypatch.setattr(search_call, "time", fake)
    board = Board.from_transcript("f5d6c3d3c4")
    found: list[Found] = []
    t = SearchTask(board.player, board.opponent, FULL_WIDTH, Tables(), report=found.append)
    result = t.think()
    assert result.move in board.legal_squares()
    assert result.depth == found[-1].depth
    return [f.depth for f in found]


def test_no_depth_starts_after_the_soft_share_of_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every depth takes 15 s of the 100: depth 3 ends at 45 s, past 40% of the budget.
    readings = (15.0 * k for k in range(100))
    assert completed_depths(monkeypatch, readings) == [1, 2, 3]


def test_a_depth_started_in_time_may_run_past_the_soft_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each depth takes twice the one before: depths end at 1, 3, 7, 15, 31, 63 s. Depth 6
    # starts at 31 s (before 40 s) and its result counts although it ends at 63 s.
    readings = iter([0.0] + [2.0**k - 1 for k in range(1, 20)])
    assert completed_depths(monkeypatch, readings) == [1, 2, 3, 4, 5, 6]
