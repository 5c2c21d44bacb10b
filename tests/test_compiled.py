"""One engine, two builds, the same answers (issue 45).

The engine's hot modules may run compiled (mypyc made C extensions of the same sources:
``OTHELLO_COMPILE=1`` at install) or as the ``.py`` files. These tests run on whichever build
this process imports, and CI runs them on both (``.ci/run``): the node counts below are
the pure build's, so the compiled build must reach exactly them. Where the compiled modules
are present, the moves of every level on a set of positions are compared with a pure run
of the same install (``OTHELLO_PURE=1`` in a child process).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from othello.app.commands import bench
from othello.app.commands.where import where_report
from othello.core.bitboard import legal_moves, perft
from othello.core.board import START_BLACK, START_WHITE, Board
from othello.engine.api import Engine
from othello.engine.compiled import MODULES, PURE_VARIABLE, compiled_modules, engine_build
from othello.engine.levels import (
    ANALYSIS,
    ANALYSIS_COMPILED,
    ANALYSIS_PURE,
    EXPERT,
    EXPERT_COMPILED,
    LEVELS,
)

TESTS = Path(__file__).resolve().parent

COMPILED = compiled_modules()
needs_compiled = pytest.mark.skipif(
    not COMPILED, reason="the pure build is running: no compiled modules to compare with"
)

FFORUM_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
"""FForum #40 (20 empties, Black to move: a2, +38), the issue's yardstick."""
FFORUM_40_NODES = 9_169_605
"""Its nodes solved on one process (``Engine().solve``), as the pure build counts them."""
BENCH_SEARCH_NODES = 90_986
"""``othello bench``'s midgame search (depth 6 on its 8 seeded positions), pure build."""


def test_the_build_is_said_where_people_look() -> None:
    """``othello --where`` and ``othello bench`` say which engine runs: every hot module
    compiled, or none (a mix would mean a broken install)."""
    said = engine_build()
    assert COMPILED in ([], list(MODULES))
    assert said.startswith("compiled" if COMPILED else "pure Python")
    assert f"engine:       {said}" in where_report()
    lines: list[str] = []
    bench.describe_machine(lines.append)
    assert lines[-1] == f"engine: {said}"


def test_othello_pure_runs_the_python_modules() -> None:
    """``OTHELLO_PURE=1`` imports the ``.py`` modules even where compiled ones sit beside
    them, in the process and in the worker processes it starts (they inherit it)."""
    code = (
        "from othello.engine.compiled import compiled_modules, engine_build\n"
        "import othello.engine.endgame as e\n"
        "print(compiled_modules(), e.__file__.endswith('.py'), engine_build())"
    )
    env = {**os.environ, PURE_VARIABLE: "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == f"[] True pure Python ({PURE_VARIABLE}=1)"


def test_perft_counts() -> None:
    for depth in range(1, 9):
        assert perft(START_BLACK, START_WHITE, depth) == bench.PERFT_COUNTS[depth]


def test_the_benchs_midgame_search_visits_the_same_nodes() -> None:
    lines: list[str] = []
    bench.bench_search(lines.append)
    found = re.search(r"([\d,]+) nodes", lines[0])
    assert found is not None and int(found.group(1).replace(",", "")) == BENCH_SEARCH_NODES


@pytest.mark.slow
@needs_compiled
def test_fforum_40_takes_the_same_nodes() -> None:
    """The solve of #40 on one process: the same move, score and nodes as the pure build
    (which takes a minute or more here, so only the compiled build solves it in the tests;
    the figure is the pure build's, from ``othello solve``)."""
    result = Engine().solve(Board.from_string(FFORUM_40))
    assert (result.move, result.score, result.nodes) == ("a2", 38, FFORUM_40_NODES)


# ----- every level's move, compiled and pure ------------------------------------------------


def positions() -> list[str]:
    """Six positions from seeded random games, from the opening to the last moves: every
    kind of search a level has (the beginners' random error, fixed depths, node budgets,
    the win/draw/loss proof, the exact solve)."""
    chosen: list[str] = []
    for wanted in (52, 40, 30, 20, 17, 12):
        for p, o in bench.random_positions(400, seed=45):
            if 64 - (p | o).bit_count() == wanted and legal_moves(p, o):
                chosen.append(Board.from_bitboards(p, o).to_string())
                break
    return chosen


def level_moves() -> list[list[object]]:
    """Per position, per level 1-17 and the hint: the move, score and nodes chosen. Levels
    1-16 search to a node budget or a depth (a time limit no test reaches); level 17 and
    the hint, which think for a time, get a node budget here so that they are comparable,
    and the pure build's settings (the compiled build's own go deeper: see levels.py)."""
    found: list[list[object]] = []
    for text in positions():
        board = Board.from_string(text)
        for number in range(1, 18):
            level = EXPERT if number == 17 else number
            budget: dict[str, Any] = {"node_limit": 40_000} if number == 17 else {}
            result = Engine(level=level, time_limit=600, seed=number, **budget).think(board)
            found.append([text, number, result.move, result.score, result.nodes])
        hint = Engine(level=ANALYSIS_PURE, time_limit=600, node_limit=40_000).analyze(board)
        found.append([text, "hint", [(m.move, m.score, m.exact) for m in hint]])
    return json.loads(json.dumps(found))  # tuples as lists, as the pure child prints them


@pytest.mark.slow
@needs_compiled
def test_every_level_plays_the_same_moves_compiled_and_pure() -> None:
    assert len(LEVELS) == 17
    code = "import json, test_compiled; print(json.dumps(test_compiled.level_moves()))"
    env = {**os.environ, PURE_VARIABLE: "1"}
    pure = subprocess.run(
        [sys.executable, "-c", code],
        cwd=TESTS,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=900,
    ).stdout
    compiled = level_moves()
    assert len(compiled) == 6 * 18
    assert compiled == json.loads(pure)


def test_level_17_and_the_hint_go_deeper_where_compiled() -> None:
    """The two settings that follow the build (levels.py: the compiled engine solves from 20
    empties what the pure one solves from 18 in the same 5 s); levels 1-16 do not."""
    compiled = COMPILED == list(MODULES)
    assert LEVELS[-1] is (EXPERT_COMPILED if compiled else EXPERT)
    assert ANALYSIS is (ANALYSIS_COMPILED if compiled else ANALYSIS_PURE)
    assert EXPERT_COMPILED.exact_empties > EXPERT.exact_empties
    assert ANALYSIS_COMPILED.exact_empties > ANALYSIS_PURE.exact_empties
    assert "20" in EXPERT_COMPILED.description and "18" in EXPERT.description
