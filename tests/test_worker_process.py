"""The search worker: in a child process (the window's default) results, progress, cancel, a
killed child, shutdown; in a thread (an injected engine) a crash logged with its traceback.
Each process test starts a real "spawn" child, so each costs a few hundred ms."""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from othello.app.files import logs
from othello.app.search_service import (
    GameReviewed,
    JobFailed,
    JobKind,
    MoveChosen,
    MoveJudged,
    MovesScored,
    SearchOutcome,
)
from othello.core.board import Board
from othello.core.errors import SearchError
from othello.engine.api import MoveScore, SearchResult
from othello.gui.services.worker import ProcessTransport, SearchWorker
from support.patience import PATIENCE

MIDGAME = Board.from_transcript("f5f6e6f4g6d7c3c5d3g4c6c4e8g7f3c7")  # level 17 takes seconds here
KILL = getattr(signal, "SIGKILL", signal.SIGTERM)


@pytest.fixture
def worker() -> Iterator[SearchWorker]:
    worker = SearchWorker()
    yield worker
    worker.shutdown()


def child_pid(worker: SearchWorker) -> int:
    transport = worker._transport
    assert isinstance(transport, ProcessTransport) and transport._process is not None
    pid = transport._process.pid
    assert pid is not None and pid != os.getpid()
    return pid


def wait_for(worker: SearchWorker, seconds: float = PATIENCE) -> SearchOutcome:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        outcome = worker.poll()
        if outcome is not None:
            return outcome
        time.sleep(0.005)
    raise AssertionError("the worker never reported")


def wait_for_depth(worker: SearchWorker, seconds: float = PATIENCE) -> int:
    deadline = time.monotonic() + seconds
    while worker.depth is None:
        assert worker.poll() is None, "the search ended before reporting a depth"
        assert time.monotonic() < deadline, "no depth reported"
        time.sleep(0.005)
    return worker.depth


def is_gone(pid: int) -> bool:
    """Ended and reaped: no process, not even a zombie, has the pid."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # Windows: no such process either way
        return True
    return False


def test_the_child_plays_a_legal_move_and_reports_its_depth(worker: SearchWorker) -> None:
    generation = worker.think(MIDGAME, 14)
    assert worker.busy and worker.kind == JobKind.THINK
    depth = wait_for_depth(worker)
    outcome = wait_for(worker)
    assert isinstance(outcome, MoveChosen)
    assert outcome.kind == JobKind.THINK and outcome.generation == generation
    assert isinstance(outcome.result, SearchResult)
    assert outcome.result.move in MIDGAME.legal_moves() and outcome.result.depth >= depth >= 1
    assert not worker.busy
    maps = Path(f"/proc/{child_pid(worker)}/maps")
    if maps.exists():  # Linux: the child has no pygame (nor SDL) loaded, only the engine
        assert "pygame" not in maps.read_text()


def test_a_hint_scores_every_legal_move(worker: SearchWorker) -> None:
    worker.analyze(MIDGAME, 2)
    outcome = wait_for(worker)
    assert isinstance(outcome, MovesScored) and outcome.kind == JobKind.ANALYZE
    assert all(isinstance(score, MoveScore) for score in outcome.moves)
    assert sorted(score.move for score in outcome.moves) == sorted(MIDGAME.legal_moves())


def test_cancel_stops_a_long_search_at_once_and_its_result_never_lands(
    worker: SearchWorker,
) -> None:
    cancelled = worker.think(MIDGAME, 17)
    wait_for_depth(worker)
    start = time.monotonic()
    worker.cancel()
    assert not worker.busy and worker.poll() is None
    hint = worker.analyze(MIDGAME, 1)  # the child takes it once the cancelled search returns
    outcome = wait_for(worker)
    assert time.monotonic() - start < 2.5  # generous; level 17 would have gone on for seconds
    assert outcome.kind == JobKind.ANALYZE and outcome.generation == hint != cancelled
    time.sleep(0.2)
    assert worker.poll() is None  # nothing from the cancelled search, ever


def test_a_failing_search_is_an_error_with_its_traceback_in_the_log(
    worker: SearchWorker, caplog: pytest.LogCaptureFixture
) -> None:
    finished = Board.from_string("X" * 64 + " X")  # the engine refuses a finished game
    with caplog.at_level(logging.ERROR, logger="othello"):
        worker.think(finished, 3)
        outcome = wait_for(worker)
    assert isinstance(outcome, JobFailed)
    assert isinstance(outcome.error, SearchError) and "GameOverError" in str(outcome.error)
    assert f"the search (think, level 3) failed on {finished.to_string()}" in caplog.text
    assert "Traceback (most recent call last):" in caplog.text
    worker.think(MIDGAME, 1)  # the same child goes on
    assert not isinstance(wait_for(worker), JobFailed)


def test_a_killed_child_ends_the_job_with_an_error_and_the_next_job_gets_a_new_one(
    worker: SearchWorker, caplog: pytest.LogCaptureFixture
) -> None:
    worker.think(MIDGAME, 17)
    wait_for_depth(worker)
    first = child_pid(worker)
    with caplog.at_level(logging.WARNING, logger="othello"):
        os.kill(first, KILL)
        outcome = wait_for(worker)
    assert isinstance(outcome, JobFailed)
    assert isinstance(outcome.error, SearchError) and "search process stopped" in str(outcome.error)
    assert "failed on " + MIDGAME.to_string() in caplog.text and "killed by" in caplog.text
    assert not worker.busy and is_gone(first)
    worker.think(MIDGAME, 2)
    outcome = wait_for(worker)
    assert isinstance(outcome, MoveChosen) and outcome.result.move in MIDGAME.legal_moves()
    assert child_pid(worker) != first


def test_a_child_killed_between_searches_is_replaced(worker: SearchWorker) -> None:
    first = child_pid(worker)
    os.kill(first, KILL)
    time.sleep(0.2)
    worker.analyze(MIDGAME, 1)
    assert not isinstance(wait_for(worker), JobFailed) and child_pid(worker) != first


def test_shutdown_mid_search_is_prompt_and_leaves_no_child(
    caplog: pytest.LogCaptureFixture,
) -> None:
    worker = SearchWorker()
    worker.think(MIDGAME, 17)
    wait_for_depth(worker)
    pid = child_pid(worker)
    start = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="othello"):
        worker.shutdown(timeout=5.0)
    assert "did not stop" not in caplog.text  # it ended on its own, not terminated
    assert time.monotonic() - start < 5.0  # level 17 would have gone on for seconds
    assert is_gone(pid) and multiprocessing.active_children() == []


def test_the_child_never_imports_pygame() -> None:
    code = "import sys, othello.app.search_service; print('pygame' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "False"


LAUNCHERS = {
    "python -m othello": [sys.executable, "-m", "othello"],
    "the othello script": [str(Path(sys.executable).with_name("othello"))],
}


@pytest.mark.slow
@pytest.mark.parametrize("launcher", LAUNCHERS)
def test_the_child_starts_under_each_launcher(launcher: str, tmp_path: Path) -> None:
    """Spawn re-imports the launcher's main module in the child: it must do no more than import."""
    command = LAUNCHERS[launcher]
    if not Path(command[0]).exists():
        pytest.skip(f"{command[0]} is not installed")
    config = tmp_path / "othello.ini"
    config.write_text(
        "[BASIC]\nANIMATION = False\n[GAME]\nLEVEL = 1\n[SOUND]\nSOUND = False\n", encoding="utf-8"
    )
    env = dict(
        os.environ,
        OTHELLO_CONFIG_DIR=str(tmp_path / "cfg"),
        OTHELLO_DATA_DIR=str(tmp_path / "data"),
    )
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    run = subprocess.run(
        [*command, "--demo", "--frames", "60", "--config", str(config)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    frames, thinking = (int(n) for n in re.findall(r"\d+", run.stdout.splitlines()[0])[:2])
    assert 0 < thinking < frames  # the computer thought, and came back with a move
    log = tmp_path / "data" / "othello.log"
    assert "failed" not in (log.read_text(encoding="utf-8") if log.exists() else "")


def test_the_window_plays_against_the_child_and_closing_ends_it() -> None:
    import pygame

    from othello.app.settings.keys import Settings
    from othello.gui.app import App

    app = App(
        Settings(animation=False, sound=False, level=1), remember=None, computer_min_seconds=0.0
    )
    try:
        pid = child_pid(app.worker)
        app.session.play("f5")
        deadline = time.monotonic() + PATIENCE
        while len(app.session.game.moves) < 2:
            assert time.monotonic() < deadline, "the computer never replied"
            app.frame(1 / 30)
            time.sleep(0.005)
        assert app.session.is_human_turn() and not app.play.computer.search_failed
    finally:
        app.close()
        pygame.display.quit()
    assert is_gone(pid)


# ----- the thread transport (an injected engine) ------------------------------------------


class BrokenEngine:
    """An engine whose every search fails deep inside, the way a real bug would."""

    def think(
        self, board: Board, stop: threading.Event | None = None, on_progress: Any = None
    ) -> Any:
        return self._deep_inside(board)

    def analyze(self, board: Board, stop: threading.Event | None = None) -> Any:
        return self._deep_inside(board)

    def _deep_inside(self, board: Board) -> Any:
        raise ZeroDivisionError("evaluation divided by zero")


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
    assert isinstance(outcome, JobFailed)
    assert isinstance(outcome.error, ZeroDivisionError)  # the window still hears of it
    text = log_file.read_text(encoding="utf-8")
    assert f"ERROR othello.gui.services.worker: the search ({kind}, level 3) failed" in text
    assert "Traceback (most recent call last):" in text
    assert "in _deep_inside" in text and "ZeroDivisionError: evaluation divided by zero" in text


def test_a_review_runs_in_the_search_process(worker: SearchWorker) -> None:
    from support.positions import blunder_game

    game = blunder_game()
    worker.review(game.start, game.moves)
    verdicts = []
    while isinstance(outcome := wait_for(worker), MoveJudged):
        verdicts.append(outcome.review)  # each move's verdict comes as soon as it is made
    assert isinstance(outcome, GameReviewed) and outcome.kind == JobKind.REVIEW
    assert verdicts == outcome.reviews and len(verdicts) == len(game.moves)
    first = outcome.reviews[0]
    assert first.mark == "blunder" and first.played == game.moves[0] and first.exact
    assert all(r.loss >= 0 for r in outcome.reviews)


def test_a_review_resumes_from_a_given_ply(worker: SearchWorker) -> None:
    from support.positions import blunder_game

    game = blunder_game()
    worker.review(game.start, game.moves, first=4)
    while isinstance(outcome := wait_for(worker), MoveJudged):
        pass
    assert isinstance(outcome, GameReviewed)
    assert [r.ply for r in outcome.reviews] == list(range(4, len(game.moves)))


def children_of(pid: int) -> set[int]:
    """The process ids whose parent is ``pid`` (Linux's /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_search_processes_gives_the_child_workers_and_shutdown_ends_them_all() -> None:
    """SEARCH_PROCESSES = 2: the window's search process shares a level-15 search out to two
    workers of its own (so it is not a daemon), and shutting it down leaves none behind."""
    worker = SearchWorker(processes=2)
    try:
        pid = child_pid(worker)
        transport = worker._transport
        assert isinstance(transport, ProcessTransport) and transport._process is not None
        assert transport._process.daemon is False
        worker.think(MIDGAME, 15)
        outcome = wait_for(worker)
        assert isinstance(outcome, MoveChosen) and outcome.result.move in MIDGAME.legal_moves()
        workers = children_of(pid)
        assert len(workers) >= 2, workers
    finally:
        worker.shutdown()
    deadline = time.monotonic() + PATIENCE
    while not all(is_gone(p) for p in (pid, *workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert is_gone(pid) and all(is_gone(p) for p in workers)


def test_changing_search_processes_starts_the_child_anew(worker: SearchWorker) -> None:
    first = child_pid(worker)
    worker.set_processes(1)  # the same count: nothing to do
    assert child_pid(worker) == first
    worker.set_processes(3)
    transport = worker._transport
    assert isinstance(transport, ProcessTransport) and transport.processes == 3
    worker.analyze(MIDGAME, 1)  # the next job starts the new child
    outcome = wait_for(worker)
    assert not isinstance(outcome, JobFailed) and child_pid(worker) != first and is_gone(first)
