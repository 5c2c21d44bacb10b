"""The clock's arithmetic, on a time source the tests move by hand (no test waits), and the
computer's time for a move, which never exceeds what its clock has left."""

from __future__ import annotations

from typing import Any

import pytest

from othello import Board, Engine
from othello.core.clock import (
    ClockError,
    ClockTime,
    GameClock,
    TimeControl,
    move_plan,
    solve_seconds,
)


class FakeTime:
    """A clock on the wall that moves only when told."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def wait(self, seconds: float) -> None:
        self.t += seconds


def clock(text: str = "5+3") -> tuple[GameClock, FakeTime]:
    now = FakeTime()
    return GameClock(TimeControl.parse(text), now), now


def test_time_controls_are_read_and_written_as_minutes_plus_seconds() -> None:
    assert TimeControl.parse("5+3") == TimeControl(5, 3)
    assert TimeControl.parse(" 10 ") == TimeControl(10, 0)
    assert TimeControl.parse("0.5+0").seconds == 30
    assert str(TimeControl(15, 10)) == "15+10"
    for control in ("1+0", "3+2", "5+5", "10+10", "30+0"):
        assert str(TimeControl.parse(control)) == control
    for bad in ("", "five", "5+x", "0+2", "-1", "5+-1", "nan", "1e9", "inf+0"):
        with pytest.raises(ClockError, match="clock"):
            TimeControl.parse(bad)


def test_the_running_clock_counts_down_and_a_move_adds_the_increment() -> None:
    c, now = clock("1+2")
    c.start("black", 0)
    now.wait(10)
    assert c.time_left("black") == 50 and c.time_left("white") == 60
    assert c.moved("black") == 10
    assert c.left["black"] == 52  # 60 - 10 + 2
    c.start("white", 1)
    now.wait(4.5)
    assert c.moved("white") == 4.5 and c.left["white"] == 57.5
    assert c.time_left("black") == 52  # not running: unchanged while White thought


def test_the_flag_falls_when_the_time_is_out_and_stays_fallen() -> None:
    c, now = clock("1+0")
    c.start("black", 0)
    now.wait(59.9)
    assert c.fallen() is None
    now.wait(0.2)
    assert c.fallen() == "black"
    assert c.time_left("black") == 0 and c.running is None
    now.wait(100)
    assert c.fallen() == "black" and c.time_left("white") == 60  # nothing runs any more
    c.start("white", 1)  # no clock starts once a flag has fallen
    assert c.running is None


def test_a_move_made_in_time_is_not_a_flag_fall_even_if_checked_late() -> None:
    c, now = clock("1+5")
    c.start("black", 0)
    now.wait(58)
    c.moved("black")
    now.wait(10)  # nobody's clock runs between the move and the next start
    assert c.fallen() is None and c.left["black"] == 7


def test_a_pass_costs_no_time_and_gains_no_increment() -> None:
    c, now = clock("1+5")
    c.start("black", 0)
    now.wait(3)
    c.passed()  # Black had no move: the rules pass for it at once
    assert c.left["black"] == 57 and c.running is None
    c.start("white", 1)
    now.wait(2)
    assert c.time_left("white") == 58


def test_pause_stops_the_running_clock_and_resume_goes_on() -> None:
    c, now = clock("3+0")
    c.start("white", 7)
    now.wait(20)
    c.pause()
    now.wait(500)  # paused for a long time
    assert c.time_left("white") == 160 and c.fallen() is None
    c.resume()
    now.wait(5)
    assert c.time_left("white") == 155
    assert c.moved("white") == 25


def test_a_held_clock_stops_when_the_move_is_decided_not_when_it_is_shown() -> None:
    c, now = clock("1+0")
    c.start("white", 1)
    now.wait(4)
    c.hold()  # the computer's search came back; the move waits for the animation
    now.wait(1.5)
    assert c.time_left("white") == 56
    assert c.moved("white") == 4 and c.left["white"] == 56


def test_undo_puts_both_clocks_back_to_where_the_ply_began() -> None:
    c, now = clock("5+3")
    c.start("black", 0)
    now.wait(10)
    c.moved("black")  # 293
    c.start("white", 1)
    now.wait(20)
    c.moved("white")  # 283
    c.start("black", 2)
    now.wait(30)
    c.moved("black")  # 266
    c.start("white", 3)
    now.wait(5)
    c.back_to(2, "black")  # undo White's thinking and Black's last move
    assert c.left == {"black": 293, "white": 283} and c.running == "black"
    now.wait(1)
    assert c.time_left("black") == 292
    c.back_to(0, "black")
    assert c.left == {"black": 300, "white": 300}


def test_undo_after_a_flag_fall_lifts_the_flag() -> None:
    c, now = clock("1+0")
    c.start("black", 0)
    now.wait(10)
    c.moved("black")
    c.start("white", 1)
    now.wait(61)
    assert c.fallen() == "white"
    c.back_to(1, "white")
    assert c.flag is None and c.time_left("white") == 60 and c.running == "white"


@pytest.mark.parametrize("left", [0.0, 0.05, 0.3, 1.0, 2.5, 10.0, 59.0, 300.0, 1800.0])
@pytest.mark.parametrize("empties", [60, 44, 30, 20, 14, 8, 1])
@pytest.mark.parametrize("increment", [0.0, 2.0, 10.0])
def test_the_computers_time_for_a_move_never_exceeds_what_it_has_left(
    left: float, empties: int, increment: float
) -> None:
    for speed in (1_000.0, 60_000.0, 5_000_000.0):
        plan = move_plan(left, increment, empties, 18, speed)
        assert plan.seconds <= max(0.01, min(left / 3 + 0.8 * increment, 0.6 * left)), plan
        assert plan.exact_empties <= 18 and plan.wld_empties <= 20
        if plan.exact_empties:  # a solve it plans fits in the time it may take
            assert solve_seconds(plan.exact_empties, speed) <= plan.seconds or (
                empties > plan.exact_empties
            )


def test_the_computer_spends_more_in_the_midgame_and_solves_when_it_can() -> None:
    opening = move_plan(55.0, 0, 54, 18, 60_000)
    midgame = move_plan(40.0, 0, 36, 18, 60_000)
    assert midgame.seconds > opening.seconds
    assert move_plan(30.0, 0, 16, 18, 60_000).exact_empties >= 16  # a fast machine solves
    assert move_plan(1.0, 0, 16, 18, 60_000).exact_empties < 16  # not with 1 s left
    assert move_plan(600.0, 0, 30, 12, 10**9).exact_empties == 12  # never past its level's


def test_the_engine_keeps_to_a_clock_it_is_given() -> None:
    # The clock replaces the level's limits: with a hundredth of a second left the move
    # still comes (depth 1 is never cut short), and the level is as it was afterwards.
    engine = Engine(level=4)
    board = Board.from_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1")
    before = engine.level_info
    result = engine.think(board, clock=ClockTime(0.01, 0))
    assert result.move in board.legal_moves()
    assert engine.level_info == before
    assert result.time < 5  # a generous bound for a busy machine: far under its level's own


def test_a_level_on_a_clock_keeps_its_node_budget() -> None:
    """A clock makes a level play faster, never stronger: with time to spare, level 10 on a
    clock searches exactly as off it (it searched as far as the clock allowed before)."""
    from othello import Board, Engine
    from othello.core.clock import ClockTime

    board = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7d7c5b6")
    free = Engine(level=10, seed=1).think(board)
    clocked = Engine(level=10, seed=1).think(board, clock=ClockTime(600.0, 5.0))
    assert (clocked.move, clocked.nodes) == (free.move, free.nodes)


def test_a_timed_level_on_a_long_clock_takes_no_more_than_its_own_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The top level searches as deep as its seconds allow: a 30-minute clock must not give
    it more than those (it would play stronger than its rating says)."""
    from othello import Board, Engine
    from othello.core.clock import ClockTime
    from othello.engine.levels import LEVELS

    timed = [lv for lv in LEVELS if not lv.nodes and lv.depth > 9]
    assert timed, "a level that plays to a time limit"
    seconds: list[float | None] = []

    def run(self: Engine, board: Board, how: Any, stop: Any, report: Any,
            limit: float | None = None) -> Any:  # fmt: skip
        seconds.append(limit)
        return real(self, board, how, stop, report, limit)

    real = Engine._run
    monkeypatch.setattr(Engine, "_run", run)
    board = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7d7c5b6")
    for level in timed:
        Engine(level=level.number, depth=2, book=False).think(board, clock=ClockTime(1800.0, 10))
        assert seconds[-1] is not None and 0 < seconds[-1] <= level.time_budget
