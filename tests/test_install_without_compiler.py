"""The README's install compiles the engine where it can and never fails where it cannot
(issues 45 and 55): with no C compiler to be found the game installs pure, saying so in one
line; a compile that fails (the compiler failing) falls back to the pure wheel, tagged as
pure; ``OTHELLO_PURE_INSTALL=1`` skips the compile where a compiler is.

The compiler is hidden the two ways a build finds one: ``CC`` names a program that does not
exist, and ``PATH`` holds no folder with ``gcc`` or ``cc``; a failing one is ``/bin/false``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from support.installs import borrow_pygame, copy_project, fresh_env, run, venv_python

pytestmark = pytest.mark.slow


def without_compiler(base: Path, **extra: str) -> dict[str, str]:
    """The environment with no C compiler in reach (``CC`` in ``extra`` names another)."""
    empty = base / "no-compiler"
    empty.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTHELLO_")}
    env.update(CC=str(empty / "cc"), CXX=str(empty / "c++"), PATH=str(empty))
    env.update(extra)
    return env


def wheel_without_compiler(
    base: Path, env: dict[str, str] | None = None, **extra: str
) -> tuple[Path, str]:
    """A wheel built from a copy of the project with the compiler hidden (or in ``env``),
    and pip's output."""
    (base / "project").mkdir()
    project = copy_project(base / "project")
    dist = base / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(dist), str(project)],
        cwd=base,
        env=without_compiler(base, **extra) if env is None else env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, f"the build failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return next(dist.glob("othello_desktop-*.whl")), proc.stdout + proc.stderr


def said(output: str) -> list[str]:
    """What setup.py said about the compile (its lines start ``othello:``)."""
    return [line.strip() for line in output.splitlines() if line.strip().startswith("othello:")]


def test_the_readmes_install_needs_no_compiler(tmp_path: Path) -> None:
    wheel, output = wheel_without_compiler(tmp_path)
    assert wheel.name.endswith("-py3-none-any.whl")  # pure Python, for every system
    lines = said(output)
    assert len(lines) == 1 and "no C compiler found" in lines[0], lines
    assert "installing the pure-Python engine" in lines[0]
    assert "mypy-" not in output  # nothing fetched for a compile that cannot happen


def test_a_failing_compiler_installs_the_pure_game_tagged_pure(tmp_path: Path) -> None:
    """The compile is tried (a compiler is there) and fails: the wheel is the pure one,
    without a single compiled module, tagged for every system, and one line says why."""
    if not Path("/bin/false").exists():
        pytest.skip("no /bin/false to stand for a failing compiler")
    wheel, output = wheel_without_compiler(tmp_path, CC="/bin/false")
    lines = said(output)
    assert len(lines) == 1 and "the compiled engine could not be built" in lines[0], lines
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as whl:
        assert not [n for n in whl.namelist() if n.endswith((".so", ".pyd"))]
        assert (
            "Root-Is-Purelib: true"
            in whl.read(next(n for n in whl.namelist() if n.endswith(".dist-info/WHEEL"))).decode()
        )


def test_the_switch_skips_the_compile_where_a_compiler_is(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTHELLO_")}
    env["OTHELLO_PURE_INSTALL"] = "1"
    wheel, output = wheel_without_compiler(tmp_path, env=env)
    assert wheel.name.endswith("-py3-none-any.whl")
    assert said(output) == [
        "othello: OTHELLO_PURE_INSTALL is set: installing the pure-Python engine "
        "(the same game, slower)"
    ]


def test_a_compiled_build_without_compiler_installs_the_pure_game(tmp_path: Path) -> None:
    wheel, output = wheel_without_compiler(tmp_path, OTHELLO_COMPILE="1")
    assert "no C compiler found" in output
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
    assert "othello/engine/endgame.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path)
    python = venv_python(venv)
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q"]
    run([*pip, str(wheel)], cwd=tmp_path)
    borrow_pygame(python)
    home = tmp_path / "home"
    home.mkdir()
    env = fresh_env(home)
    where = run([str(python), "-m", "othello", "--where"], cwd=home, env=env)
    assert "engine:       pure Python (no compiled modules)" in where
    board = "-" * 27 + "OX------XO" + "-" * 27 + " X"
    solved = run([str(python), "-m", "othello", "perft", "--board", board, "5"], cwd=home, env=env)
    assert solved.splitlines()[-1].split("\t")[:2] == ["5", "1396"]
