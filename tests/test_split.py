"""The midgame search on worker processes (``othello.engine.multicore.midgame``): the same scores as one
process, legal moves, a stop that ends every worker's search promptly, no process left
behind, and one process when the workers fail."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from othello import Board, Engine
from othello.app import search_service
from othello.engine import search_call
from othello.engine.levels import ANALYSIS, LEVELS
from othello.engine.multicore import endgame
from othello.engine.multicore import midgame as split
from support.patience import PATIENCE
from support.positions import ffo, random_board

FIXED = {"time_limit": 120.0, "depth": 5, "selectivity": 0.0, "node_budget": 0}
"""A full-width search to a fixed depth with time to spare: its scores are minimax values,
the same however the root moves are shared out."""


@pytest.fixture(autouse=True)
def own_pool() -> Iterator[None]:
    """Each test starts without a pool and leaves none behind."""
    endgame.close_shared_pool()
    yield
    endgame.close_shared_pool()
    for child in multiprocessing.active_children():  # asked to end: at a load of ten a
        child.join(PATIENCE)  # worker can take longer than the pool's own wait to go
    assert not multiprocessing.active_children()


def boards(count: int, seed: int) -> list[Board]:
    found = []
    for k in range(40):
        board = random_board(30 + k % 12, seed + k)
        if not board.is_game_over() and board.legal_moves():
            found.append(board)
    return found[:count]


@pytest.mark.slow
def test_parallel_analysis_scores_every_move_as_one_process_does() -> None:
    alone = Engine(level=ANALYSIS, **FIXED)  # type: ignore[arg-type]
    shared = Engine(level=ANALYSIS, workers=2, **FIXED)  # type: ignore[arg-type]
    for board in boards(4, seed=300):
        expected = {m.move: m.score for m in alone.analyze(board)}
        got = {m.move: m.score for m in shared.analyze(board)}
        assert got == expected
    pool = endgame.shared_pool(2)
    assert pool is not None and pool.nodes > 0  # the workers did search


@pytest.mark.parametrize("seed", range(3))
def test_parallel_think_finds_the_same_score_and_a_legal_move(seed: int) -> None:
    for board in boards(3, seed=400 + 10 * seed):
        alone = Engine(level=15, **FIXED).think(board)  # type: ignore[arg-type]
        shared = Engine(level=15, workers=2, **FIXED).think(board)  # type: ignore[arg-type]
        assert shared.move in board.legal_moves()
        assert (shared.score, shared.depth) == (alone.score, alone.depth)
        assert shared.pv[0] == shared.move
        line = board.copy()
        for move in shared.pv:  # the line comes from a worker's table: legal all along
            if move == "pass":
                line.push_pass()
            else:
                assert move in line.legal_moves()
                line.push(move)


def test_a_parallel_fixed_depth_search_gives_the_same_answer_twice() -> None:
    board = boards(1, seed=500)[0]
    engine = Engine(level=15, workers=2, **FIXED)  # type: ignore[arg-type]
    first = engine.think(board)
    engine.forget()
    again = engine.think(board)
    assert (first.move, first.score, first.pv) == (again.move, again.score, again.pv)


@pytest.mark.slow
def test_stop_ends_every_workers_search_promptly() -> None:
    board = random_board(36, 7)
    engine = Engine(level=15, time_limit=60.0, depth=20, node_budget=0, selectivity=0.0, workers=2)
    stop = threading.Event()
    timer = threading.Timer(2.0, stop.set)
    timer.start()
    result = engine.think(board, stop=stop)
    timer.cancel()
    # stopped, not finished (depth 20 would take hours); no clock asserted: CI shares its cores
    assert stop.is_set() and result.depth < 20
    assert result.move in board.legal_moves()
    pool = endgame.shared_pool(2)
    assert pool is not None and pool.nodes > 0 and not pool.cancel.is_set()
    # the workers are idle and ready: the next search runs and ends normally
    quick = Engine(level=15, workers=2, **FIXED).think(board)  # type: ignore[arg-type]
    assert quick.move in board.legal_moves() and quick.depth == 5
    procs = list(pool.procs)
    endgame.close_shared_pool()
    assert not any(proc.is_alive() for proc in procs)


def test_a_worker_dying_mid_search_leaves_the_search_to_this_process() -> None:
    board = boards(1, seed=600)[0]
    pool = endgame.shared_pool(2)
    assert pool is not None
    pool.procs[1].terminate()
    pool.procs[1].join()
    searcher = split.SplitSearcher({}, pool)
    alone = Engine(level=15, **FIXED).think(board)  # type: ignore[arg-type]
    p, o = board.player, board.opponent
    order = board.legal_squares()
    score, sq, _ = searcher.root_midgame(p, o, 5, order)
    assert searcher.pool is None  # given up, for the rest of this search
    assert round(score / 100) == alone.score and sq in board.legal_squares()


def test_a_selective_search_choosing_one_move_stays_in_this_process() -> None:
    board = boards(1, seed=800)[0]
    Engine(level=17, time_limit=60.0, depth=6, workers=2).think(board)
    pool = endgame.shared_pool(2)
    assert pool is not None and pool.nodes == 0  # started, but the midgame never used it
    Engine(level=ANALYSIS, time_limit=60.0, depth=6, workers=2).analyze(board)
    assert pool.nodes > 0  # a hint scores every move in full: shared out


def test_levels_that_share_their_search() -> None:
    assert [lv.parallel for lv in LEVELS] == [False] * 14 + [True] * 3
    assert ANALYSIS.parallel
    assert 1 <= endgame.default_search_processes()


def test_one_worker_or_a_level_that_does_not_share_starts_no_process() -> None:
    board = boards(1, seed=700)[0]
    Engine(level=15, workers=1, depth=4).think(board)
    Engine(level=14, workers=2, depth=4).think(board)
    assert not multiprocessing.active_children()


@pytest.mark.slow
def test_a_level_solves_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Level 17 solves 14 empties exactly on its two workers. Its clock is set out of reach:
    at a load of ten its 5 s ran out before the solve (speed is the benchmarks' to show)."""
    monkeypatch.setattr(search_call, "PARALLEL_EMPTIES", 12)  # FForum #1-3 have 14 empties
    for number in (1, 2, 3):
        board, best, moves = ffo(number)
        result = Engine(level=17, time_limit=PATIENCE, workers=2).think(board)
        assert result.exact and result.score == best and result.move in moves
        assert result.pv[0] == result.move and len(result.pv) > board.empties() // 2
    pool = endgame.shared_pool(2)
    assert pool is not None and pool.nodes > 0


def _think_in_a_daemon(conn: Connection) -> None:
    board = random_board(34, 11)
    result = Engine(level=15, workers=2, depth=4).think(board)
    conn.send((result.move, board.legal_moves()))


def test_a_daemonic_process_searches_alone() -> None:
    # A daemonic process may not start children (a window may start its search process
    # so): the engine then searches in that process instead of failing.
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe()
    proc = context.Process(target=_think_in_a_daemon, args=(theirs,), daemon=True)
    proc.start()
    assert mine.poll(60)
    move, legal = mine.recv()
    proc.join(10)
    assert move in legal and proc.exitcode == 0


def _workers_of(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (Linux's /proc), but multiprocessing's resource
    tracker."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and b"resource_tracker" not in command:
            found.add(int(stat.parent.name))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_the_search_process_with_workers_answers_and_leaves_none_behind() -> None:
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe()
    cancelled = context.RawValue("q", 0)
    proc = context.Process(target=search_service.serve, args=(theirs, cancelled, 2))
    proc.start()
    board = random_board(34, 12)
    mine.send(search_service.BoardJob(1, search_service.JobKind.THINK, board.to_string(), 15))
    while True:
        assert mine.poll(60)
        report = mine.recv()
        if not isinstance(report, search_service.SearchProgress):
            break
    assert isinstance(report, search_service.MoveChosen)
    assert report.result.move in board.legal_moves()
    workers = _workers_of(proc.pid) if proc.pid is not None else set()
    assert len(workers) == 2  # the pool's, kept for the next search
    mine.send(None)
    proc.join(PATIENCE)
    assert proc.exitcode == 0
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in workers):
        time.sleep(0.1)
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)


def test_equal_scores_go_to_the_earlier_move_whatever_comes_back_first() -> None:
    depth = split._Depth([19, 20, 21], guess=0)
    depth.settle(1, -split.INF, split.INF, 30)
    depth.settle(2, -split.INF, split.INF, 30)
    assert depth.best_at == 1
    depth.settle(0, -split.INF, split.INF, 30)
    assert (depth.best_at, depth.best) == (0, 30)


def test_a_re_search_that_fails_low_is_taken_as_it_comes() -> None:
    # A selective search can fail high on a test and then low on the re-search; testing
    # again would go round for ever. One process takes the re-search's score; so does this.
    depth = split._Depth([19, 20], guess=0)
    depth.settle(0, -split.INF, split.INF, 50)
    depth.settle(1, 50, 51, 60)  # beats 50: its score in full comes next
    assert depth.pending == [(1, 59, split.INF)]
    depth.pending.clear()
    depth.settle(1, 59, split.INF, 55)  # the re-search: at most 55
    assert not depth.pending and (depth.best_at, depth.best) == (1, 55)


def test_a_test_against_a_bound_too_low_is_made_again() -> None:
    depth = split._Depth([19, 20], guess=-100)  # the guess turns out too low
    depth.settle(1, -100, -99, -60)  # beats the guess: a re-search is queued
    assert depth.pending == [(1, -61, split.INF)]
    depth.pending.clear()
    depth.settle(0, -split.INF, split.INF, 10)
    depth.settle(1, -61, split.INF, -20)  # its score in full: below the best
    assert (depth.best_at, depth.best) == (0, 10) and not depth.pending
