"""Games with a person across real processes on loopback (127.0.0.1, ephemeral ports): a
joiner process killed with SIGKILL mid-game and another joining with the same code; the
window (``othello join CODE ADDRESS``, headless) keeping the game in its library after each
move, so that a SIGKILL of the window loses nothing, and a new window joining again. The
command line's own checks. Every wait ends when the thing happens (PATIENCE names a hang)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from othello import cli
from othello.app.network import codes
from othello.app.network.table import NewsKind, Seat, Table
from othello.core.game import Game
from othello.core.notation import parse_move
from support.patience import PATIENCE

LOOPBACK = "127.0.0.1"
pytestmark = pytest.mark.slow

GUEST = textwrap.dedent(
    """
    import sys, time
    from othello.app.network.table import Seat, Table
    from othello.core.notation import parse_move
    code, port, moves = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    table = Table.join("Bo", code, "127.0.0.1", port)
    while True:  # plays its moves as its turns come, and waits (to be killed)
        table.pump()
        game = table.game
        if game is not None and table.seat == Seat.PLAYING and game.my_turn() and moves:
            table.play(parse_move(moves.pop(0)))
            print("played", game.game.cursor, flush=True)
        time.sleep(0.005)
    """
)


def pump_until(tables: list[Table], done: Callable[[], bool]) -> None:
    end = time.monotonic() + PATIENCE
    while not done():
        assert time.monotonic() < end, "never happened"
        for table in tables:
            table.pump()
        time.sleep(0.005)


def guest_process(code: str, port: int, moves: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", GUEST, code, str(port), *moves],
        stdout=subprocess.PIPE,
        text=True,
    )


def test_a_joiner_killed_mid_game_and_another_returning_with_the_code() -> None:
    host = Table.host("Ada", Game(), "black", None, bind=LOOPBACK)
    first = second = None
    try:
        pump_until([host], lambda: host.port != 0)
        first = guest_process(host.code, host.port, ["d6", "d3"])
        pump_until([host], lambda: host.seat == Seat.PLAYING)
        host.play(parse_move("f5"))
        pump_until([host], lambda: host.game is not None and host.game.game.cursor == 2)
        host.play(parse_move("c3"))
        pump_until([host], lambda: host.game is not None and host.game.game.cursor == 4)
        first.send_signal(signal.SIGKILL)
        first.wait(PATIENCE)
        pump_until([host], lambda: host.seat == Seat.AWAY)  # the kernel closed its socket
        assert host.game is not None and host.game.game.transcript() == "f5d6c3d3"
        second = guest_process(host.code, host.port, ["f4"])
        pump_until([host], lambda: host.seat == Seat.PLAYING)
        host.play(parse_move("c4"))
        pump_until([host], lambda: host.game is not None and host.game.game.cursor == 6)
        assert host.game.game.transcript() == "f5d6c3d3c4f4"
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(PATIENCE)
        host.close()


def window(data: Path, *args: str) -> subprocess.Popen[str]:
    """The game window, headless, with a data folder of the test's own."""
    env = dict(
        os.environ,
        OTHELLO_DATA_DIR=str(data),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return subprocess.Popen(
        [sys.executable, "-m", "othello", "--frames", "100000000", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def kept(data: Path) -> list[tuple[str, str, str, str]]:
    """The library's games (black, white, source, moves as stored, finished), read as SQLite
    allows while no writer holds it."""
    path = data / "library.sqlite3"
    if not path.exists():
        return []
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=PATIENCE) as db:
            return [tuple(map(str, row)) for row in db.execute(  # type: ignore[misc]
                "SELECT black, white, source, hex(moves), finished FROM games")]  # fmt: skip
    except sqlite3.OperationalError:
        return []  # not made yet


def test_a_window_killed_mid_game_keeps_it_and_joins_again(tmp_path: Path) -> None:
    host = Table.host("Ada", Game(), "black", None, bind=LOOPBACK)
    data = tmp_path / "data"
    first = second = None
    try:
        pump_until([host], lambda: host.port != 0)
        address = f"{LOOPBACK}:{host.port}"
        first = window(data, "join", codes.shown(host.code), address)
        pump_until([host], lambda: host.seat == Seat.PLAYING)
        host.play(parse_move("f5"))
        end = time.monotonic() + PATIENCE
        while not kept(data) or not (data / "joined-game.json").exists():  # kept, both
            assert time.monotonic() < end and first.poll() is None, first.stderr
            host.pump()
            time.sleep(0.05)
        first.send_signal(signal.SIGKILL)
        first.wait(PATIENCE)
        (row,) = kept(data)
        assert row[0] == "Ada" and row[1] and row[2] == "played against a person"
        pump_until([host], lambda: host.seat == Seat.AWAY)
        second = window(data, "join", host.code.lower(), address)  # the same code, typed
        pump_until([host], lambda: host.seat == Seat.PLAYING)
        assert host.game is not None and host.game.game.transcript() == "f5"
        host.resign()  # the game ends: the window keeps its end in the same row, never two
        end = time.monotonic() + PATIENCE
        while [r[4] for r in kept(data)] != ["1"]:  # one row, finished
            assert time.monotonic() < end and second.poll() is None, kept(data)
            host.pump()
            time.sleep(0.05)
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(PATIENCE)
        host.close()


def test_the_command_line_refuses_a_code_or_an_address_that_cannot_be(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for args in (["join", "nonsense"], ["join", "K7QM-3XTA-R9WE", "nowhere"],
                 ["join", "K7QM-3XTA-R9WE", "1.2.3.4:99999"], ["host", "--port", "70000"]):  # fmt: skip
        with pytest.raises(SystemExit) as stop:
            cli.main(args)
        assert stop.value.code == 2
    assert "is not a code" in capsys.readouterr().err


def test_the_command_line_hands_the_window_what_to_start() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["host", "--port", "50123", "--bind", LOOPBACK])
    assert (args.person_role, args.port, args.bind) == ("host", 50123, LOOPBACK)
    assert cli._joining(parser, "k7qm 3xta r9we", "") == {
        "join_code": "k7qm 3xta r9we",
        "join_address": "",
    }


def test_news_kinds_are_all_said_or_shown() -> None:
    """Every kind of news has its place: a notice or the screen's own line."""
    from othello.app.network.table import News
    from othello.gui.model import person_words

    for kind in NewsKind:
        person_words.news_text(News(kind, "1"), host=True)  # assert_never would raise
