"""The engine's command-line tools, run as a user runs them, and the engine's independence
from pygame."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from othello import cli
from othello.app.commands import bench


def othello(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m othello ARGS`` in a fresh process, from ``cwd``."""
    return subprocess.run(
        [sys.executable, "-m", "othello", *args],
        cwd=cwd,
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_perft_prints_leaves_per_ply(tmp_path: Path) -> None:
    proc = othello("perft", "4", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rows = [line.split("\t") for line in proc.stdout.splitlines()]
    assert [(r[0], r[1]) for r in rows] == [("1", "4"), ("2", "12"), ("3", "56"), ("4", "244")]
    assert all(r[2].endswith("s") for r in rows)


def test_perft_from_a_board_with_a_pass(capsys: pytest.CaptureFixture[str]) -> None:
    # White must pass, then Black plays c1 and the game is over: 1, 1, 1 leaves.
    assert cli.main(["perft", "3", "--board", "XO" + "-" * 62 + " O"]) == 0
    assert [line.split("\t")[1] for line in capsys.readouterr().out.splitlines()] == ["1", "1", "1"]


@pytest.mark.parametrize("depth", ["0", "-2", "two"])
def test_perft_refuses_a_depth_that_is_not_a_positive_number(
    depth: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["perft", depth])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "depth" in err and depth in err


def test_perft_refuses_a_malformed_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["perft", "2", "--board", "XO"]) == 2
    assert "board string" in capsys.readouterr().err


def test_solve_prints_the_exact_score_and_a_best_move(capsys: pytest.CaptureFixture[str]) -> None:
    # FForum #20 (6 empties): the best move h5 gives +6 (tests/data/fforum-20-39.obf).
    board = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X"
    assert cli.main(["solve", board]) == 0
    out = capsys.readouterr().out
    assert "score: +6" in out and "move:  h5" in out


def test_bench_sections_print_their_figures() -> None:
    lines: list[str] = []
    bench.compare_plain(5, lines.append)
    bench.bench_movegen(lines.append, count=50, rounds=1)
    bench.bench_evaluate(lines.append, count=50, rounds=1)
    assert "(ok)" in lines[0] and "times as fast" in lines[0]
    assert "positions/s" in lines[1] and "moves/s" in lines[2]
    assert lines[3].startswith("evaluation:") and "positions/s" in lines[3]  # no weights warning


def test_the_engine_never_imports_pygame(tmp_path: Path) -> None:
    # Everything below the window must work where pygame is missing or broken.
    code = (
        "import sys, othello, othello.cli, othello.engine.api, othello.engine.search_common, othello.app.commands.bench, "
        "othello.app.files.game_files, othello.app.settings.loading, othello.core.game, othello.core.notation\n"
        "from othello import Board, Engine\n"
        "Engine(level=2, seed=1).think(Board())\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr


def test_paths_on_the_command_line_are_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = cli.build_parser().parse_args(["--config", "mine.ini", "--load", "game.txt"])
    assert args.config == tmp_path / "mine.ini" and args.load == tmp_path / "game.txt"


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """``othello perft 9 | head -1``: the pipe closes after the first line."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "othello", "perft", "9"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith("1\t4\t")
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert proc.returncode == 141
