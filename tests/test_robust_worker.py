"""A crash in the search thread reaches the log file with its traceback, not only the window."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from othello import logs
from othello.board import Board
from othello.gui.worker import Outcome, SearchWorker


class BrokenEngine:
    """An engine whose every search fails deep inside, the way a real bug would."""

    def think(self, board: Board, stop: threading.Event | None = None, on_progress: Any = None) -> Any:
        return self._deep_inside(board)

    def analyze(self, board: Board, stop: threading.Event | None = None) -> Any:
        return self._deep_inside(board)

    def _deep_inside(self, board: Board) -> Any:
        raise ZeroDivisionError("evaluation divided by zero")


def wait_for(worker: SearchWorker, seconds: float = 10.0) -> Outcome:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        outcome = worker.poll()
        if outcome is not None:
            return outcome
        time.sleep(0.005)
    raise AssertionError("the worker never reported")


@pytest.mark.parametrize("kind", ["think", "analyze"])
def test_a_search_crash_is_logged_with_its_traceback(tmp_path: Path, kind: str) -> None:
    log_file = tmp_path / "othello.log"
    assert logs.setup(log_file) == log_file
    worker = SearchWorker(lambda level: BrokenEngine())
    try:
        getattr(worker, kind)(Board(), 3)
        outcome = wait_for(worker)
    finally:
        worker.shutdown()
        logs.close()
    assert isinstance(outcome.error, ZeroDivisionError)  # the window still hears of it
    text = log_file.read_text(encoding="utf-8")
    assert f"ERROR othello.gui.worker: the search ({kind}, level 3) failed" in text
    assert "Traceback (most recent call last):" in text
    assert "in _deep_inside" in text and "ZeroDivisionError: evaluation divided by zero" in text
