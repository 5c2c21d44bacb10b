"""Solving on worker processes gives the same exact answers as solving alone, stops when
asked, leaves no process behind, and falls back to one process when workers cannot run."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from othello import Board, Engine, cli
from othello.engine import search_call
from othello.engine.multicore.endgame import WorkerPool, default_workers
from support.positions import ffo, random_board

DATA = Path(__file__).parent / "data"


@pytest.fixture
def parallel_from_10(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use the workers on small positions too, so these tests stay quick."""
    monkeypatch.setattr(search_call, "PARALLEL_EMPTIES", 10)


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[WorkerPool]:
    """Every worker pool the engine makes, in order."""
    made: list[WorkerPool] = []

    class RecordedPool(WorkerPool):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(search_call, "WorkerPool", RecordedPool)
    return made


@pytest.mark.parametrize("number", [1, 3, 9, 14])
def test_workers_solve_fforum_positions(
    parallel_from_10: None, pools: list[WorkerPool], number: int
) -> None:
    board, best, moves = ffo(number)
    result = Engine(workers=2).solve(board)
    assert result.exact and result.score == best and result.move in moves
    assert result.depth == board.empties()
    assert len(pools) == 1 and 0 < pools[0].nodes < result.nodes  # solved on the workers


@pytest.mark.parametrize("seed", range(6))
def test_workers_agree_with_one_process(parallel_from_10: None, seed: int) -> None:
    board = random_board(12, 700 + seed)
    if board.is_game_over() or not board.legal_moves():
        pytest.skip("no moves to share out")
    alone = Engine().solve(board)
    shared = Engine(workers=2).solve(board)
    assert shared.exact and shared.score == alone.score
    # the chosen move really reaches the score: solved after it, the opponent gets its negation
    after = board.copy()
    after.push(shared.move)
    if after.is_game_over():
        mover = 1 if board.black_to_move else -1
        assert mover * after.score() == shared.score
    else:
        reply = Engine().solve(after)  # a forced pass is solved from the other side
        assert reply.exact and -reply.score == shared.score


def test_workers_line_is_legal_and_full(parallel_from_10: None) -> None:
    board, _, _ = ffo(2)
    result = Engine(workers=2).solve(board)
    line = board.copy()
    placed = 0
    for move in result.pv:
        if move == "pass":
            assert line.must_pass(), result.pv
            line.push_pass()
            continue
        assert move in line.legal_moves(), (move, result.pv)
        line.push(move)
        placed += 1
    assert placed > board.empties() // 2


@pytest.mark.slow
def test_three_workers_share_a_probe(parallel_from_10: None) -> None:
    board, best, moves = ffo(7)
    result = Engine(workers=3).solve(board)
    assert result.score == best and result.move in moves


def fforum_20(number: int) -> Board:
    """FForum position ``number`` (20..39) from the second file."""
    line = (DATA / "fforum-20-39.obf").read_text().splitlines()[number - 20]
    return Board.from_string(line.split(";")[0])


@pytest.mark.slow
def test_stop_ends_the_workers_promptly(
    pools: list[WorkerPool], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_call, "PRESEARCH_DEPTH", 2)  # reach the workers at once
    board = fforum_20(26)  # 20 empties: a minute or so of work
    stop = threading.Event()
    timer = threading.Timer(1.5, stop.set)
    timer.start()
    t0 = time.perf_counter()
    result = Engine(workers=2).solve(board, stop=stop)
    timer.cancel()
    assert time.perf_counter() - t0 < 1.5 + 5.0  # generous; the whole solve takes a minute
    assert result.move in board.legal_moves() and not result.exact
    assert len(pools) == 1 and pools[0].nodes > 0  # the workers had been searching
    assert not multiprocessing.active_children()


def test_pool_closes_its_workers() -> None:
    with WorkerPool(2) as pool:
        procs = list(pool.procs)
        assert all(p.is_alive() for p in procs)
    assert not any(p.is_alive() for p in procs)


LEAVE_BY_OS_EXIT = """
import os
from othello.engine.multicore.endgame import WorkerPool
if __name__ == "__main__":
    pool = WorkerPool(1)
    pool.user = pool  # a reference cycle, as a search task's callbacks can make
    pool.close()
    os._exit(0)  # as the window's search process leaves: no garbage collection
"""


def test_a_closed_pool_leaves_no_semaphores_behind(tmp_path: Path) -> None:
    """The resource tracker warns about "leaked semaphore objects" when a process ends
    without freeing its multiprocessing Event: a closed pool must have let go of it."""
    script = tmp_path / "leave.py"
    script.write_text(LEAVE_BY_OS_EXIT)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "leaked" not in proc.stderr, proc.stderr


@pytest.mark.parametrize(
    "error",
    [
        OSError("no processes in this sandbox"),
        ImportError("This platform lacks a functioning sem_open implementation"),
    ],
)
def test_workers_that_cannot_start_fall_back_to_one_process(
    parallel_from_10: None, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(search_call, "WorkerPool", refuse)
    board, best, moves = ffo(4)
    result = Engine(workers=2).solve(board)
    assert result.exact and result.score == best and result.move in moves


@pytest.mark.parametrize("workers", [0, -1, 1.5, True, "2"])
def test_bad_worker_counts_are_refused(workers: object) -> None:
    with pytest.raises(ValueError, match="workers"):
        Engine(workers=workers)  # type: ignore[arg-type]


def test_default_workers_is_a_sane_count() -> None:
    assert 1 <= default_workers() <= 4


@pytest.mark.slow
def test_python_m_othello_solve_with_workers() -> None:
    # The command line end to end: worker processes started from ``python -m othello``.
    board = fforum_20(23)  # 18 empties: solved on the workers
    best = +4
    proc = subprocess.run(
        [sys.executable, "-m", "othello", "solve", "--workers", "2", board.to_string()],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"score: {best:+d}" in proc.stdout and "(2 worker processes)" in proc.stdout


@pytest.mark.parametrize("count", ["0", "two"])
def test_bad_workers_option_is_a_usage_error(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["solve", "--workers", count, Board().to_string()])
    assert exit_info.value.code == 2
    assert "worker" in capsys.readouterr().err


def test_a_dead_worker_is_an_error_the_engine_can_catch() -> None:
    board, _, _ = ffo(1)
    with WorkerPool(2) as pool:
        pool.procs[0].terminate()
        pool.procs[0].join()
        with pytest.raises((OSError, EOFError)):
            pool.root_mtd(board.player, board.opponent, board.legal_squares(), 0)


def test_a_worker_dying_mid_solve_falls_back_to_one_process(
    parallel_from_10: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    class DyingPool(WorkerPool):
        def probe(self, *args: object, **kwargs: object) -> tuple[int, int]:
            raise EOFError("a worker went away")

    monkeypatch.setattr(search_call, "WorkerPool", DyingPool)
    board, best, moves = ffo(6)
    result = Engine(workers=2).solve(board)
    assert result.exact and result.score == best and result.move in moves
    assert not multiprocessing.active_children()
