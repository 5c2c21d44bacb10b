"""The built wheel works on its own: installed into a fresh venv and started from elsewhere.

Builds the wheel from a copy of the project, installs it without dependencies into a new
virtual environment that borrows pygame from the running one (no download), then runs the
installed commands from an unrelated folder with a fresh home and SDL's dummy drivers.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from support.installs import ROOT, borrow_pygame, copy_project, fresh_env, run, venv_python
from support.kept_games import resumed

CATALOGS_BUDGET = 240_000
"""The seven compressed catalogs in the wheel, bytes: 187 KB before issues 52 and 53, 220 KB
with both (measured 2026-11-29); a budget, so that a catalog that doubles is noticed."""

pytestmark = pytest.mark.slow

EXPECTED_IN_WHEEL = [
    "othello/__init__.py",
    "othello/othello.ini",
    "othello/py.typed",
    "othello/resources/icon.png",
    "othello/tables/patterns.bin",
    "othello/data/openings.tsv",
    "othello/tables/book.bin",
    "othello/tables/explorer.bin",
    "othello/cli.py",
    "othello/gui/app.py",
    # the window's languages: compiled catalogs, the CJK fonts and their licence (issue 35)
    "othello/locale/ja/LC_MESSAGES/othello.mo",
    "othello/locale/zh_TW/LC_MESSAGES/othello.mo",
    "othello/resources/NotoSansCJK-ja.otf",
    "othello/resources/NotoSansCJK-ko.otf",
    "othello/resources/LICENSE-NotoSansCJK.txt",
]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("pkg")
    (base / "project").mkdir()
    src = copy_project(base / "project")
    dist = base / "dist"
    run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src)],
        cwd=base,
        env={k: v for k, v in os.environ.items() if not k.startswith("OTHELLO_")},
        timeout=600,  # the README's install compiles the engine where a compiler is
    )
    wheel = next(dist.glob("othello_desktop-*.whl"))
    venv = base / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base)
    python = venv_python(venv)
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ],
        cwd=base,
    )
    borrow_pygame(python)
    return {"wheel": wheel, "venv": venv, "python": python, "base": base}


def test_wheel_carries_resources_default_ini_and_entry_points(installed: dict[str, Path]) -> None:
    with zipfile.ZipFile(installed["wheel"]) as whl:
        names = whl.namelist()
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        entries = whl.read(entry_points).decode()
        packaged_ini = whl.read("othello/othello.ini")
        weights = whl.getinfo("othello/tables/patterns.bin")
        book = whl.getinfo("othello/tables/book.bin")
        explorer = whl.getinfo("othello/tables/explorer.bin")
    assert weights.compress_size <= 6_000_000  # the evaluation's weights stay a small download
    assert book.file_size <= 3_000_000
    assert explorer.compress_size <= 8_000_000  # the opening explorer's games (issue 23)
    for name in EXPECTED_IN_WHEEL:
        assert name in names
    assert any(n.startswith("othello/resources/") and n.endswith(".ttf") for n in names)
    assert not any(n.endswith(".po") for n in names)  # the catalogs' sources stay in po/
    with zipfile.ZipFile(installed["wheel"]) as whl:
        fonts = sum(whl.getinfo(n).compress_size for n in names if n.endswith((".ttf", ".otf")))
        catalogs = sum(whl.getinfo(n).compress_size for n in names if n.endswith(".mo"))
    # every language, a small download: the catalogs were 187 KB compressed before issues
    # 52 and 53 (issue 53's spoken sentences, 78 more in each of 7 languages, and issue 52's
    # Play a person screen, about 65 in eight)
    assert fonts <= 700_000 and catalogs <= CATALOGS_BUDGET
    assert packaged_ini == (ROOT / "src" / "othello" / "othello.ini").read_bytes()
    assert "[console_scripts]\nothello = othello.cli:main" in entries
    assert "[gui_scripts]\nothello-gui = othello.cli:main" in entries


def test_installed_game_finds_its_files_from_anywhere(
    installed: dict[str, Path], tmp_path: Path
) -> None:
    venv, python = installed["venv"], installed["python"]
    home = tmp_path / "home"
    home.mkdir()
    elsewhere = tmp_path / "somewhere" / "else"
    elsewhere.mkdir(parents=True)
    env = fresh_env(home)
    code = "import othello, othello.app.files.paths as p; print(othello.__file__); print(p.default_ini()); print(p.resources_dir())"
    module, ini, resources = run([str(python), "-c", code], cwd=elsewhere, env=env).split()
    assert Path(module).is_relative_to(venv), "the wheel's package must be the one imported"
    assert Path(ini).is_file() and Path(resources, "icon.png").is_file()

    where = run([str(venv / "bin" / "othello"), "--where"], cwd=elsewhere, env=env)
    assert "none found, built-in defaults" in where
    assert str(home / ".config" / "othello" / "othello.ini") in where
    assert f"data folder:  {home / '.local' / 'share' / 'othello'}" in where
    assert run([str(python), "-m", "othello", "--where"], cwd=elsewhere, env=env) == where
    assert (venv / "bin" / "othello-gui").is_file()


def can_compile() -> bool:
    """A C compiler and Python's headers here: the README's install compiles the engine."""
    headers = Path(sysconfig.get_paths()["include"], "Python.h").is_file()
    return headers and bool(shutil.which("cc") or shutil.which("gcc"))


def test_the_readmes_install_compiles_the_engine_where_it_can(
    installed: dict[str, Path], tmp_path: Path
) -> None:
    """Issue 55: ``pip install .`` gives the compiled engine wherever it can be built."""
    if not can_compile():
        pytest.skip("no C compiler or Python headers here: the install is pure (tested apart)")
    assert not installed["wheel"].name.endswith("-py3-none-any.whl")
    home, elsewhere = home_and_elsewhere(tmp_path)
    where = run([str(installed["python"]), "-m", "othello", "--where"], cwd=elsewhere,
                env=fresh_env(home))  # fmt: skip
    assert "engine:       compiled (mypyc: all 9 hot modules)" in where


def home_and_elsewhere(tmp_path: Path) -> tuple[Path, Path]:
    """A fresh home folder, and an unrelated working directory to start the game from."""
    home, elsewhere = tmp_path / "home", tmp_path / "cwd"
    home.mkdir()
    elsewhere.mkdir()
    return home, elsewhere


def test_installed_game_runs_headless_for_a_few_frames(
    installed: dict[str, Path], tmp_path: Path
) -> None:
    venv = installed["venv"]
    home, elsewhere = home_and_elsewhere(tmp_path)
    out = run(
        [str(venv / "bin" / "othello"), "--demo", "--frames", "20"],
        cwd=elsewhere,
        env=fresh_env(home),
        timeout=120,
    )
    assert "frame" in out, "the demo prints its frame-time figures"
    assert not list(elsewhere.iterdir()), "nothing is written to the working directory"
    assert (home / ".local" / "share" / "othello" / "othello.log").is_file()
    written = home / ".config" / "othello" / "othello.ini"  # the first start: a file to edit
    assert written.read_bytes() == (ROOT / "src" / "othello" / "othello.ini").read_bytes()


def test_installed_game_reads_the_othello_ini_of_the_folder_it_starts_from(
    installed: dict[str, Path], tmp_path: Path
) -> None:
    """After the README's ``pip install .``, an othello.ini in the project folder is the one
    read when the game starts from there, and a start from elsewhere reads the user's."""
    venv = installed["venv"]
    home, elsewhere = home_and_elsewhere(tmp_path)
    project = installed["base"] / "project"
    shutil.copy2(ROOT / "src" / "othello" / "othello.ini", project / "othello.ini")
    text = (project / "othello.ini").read_text(encoding="utf-8")
    (project / "othello.ini").write_text(text.replace("WINDOWWIDTH = 1280", "WINDOWWIDTH = 900"))
    env = fresh_env(home)
    othello = str(venv / "bin" / "othello")
    where = run([othello, "--where"], cwd=project, env=env)
    assert where.splitlines()[0] == f"settings:     {project / 'othello.ini'}"
    assert "  [BASIC] WINDOWWIDTH = 900" in where
    assert "  [BASIC] WINDOWWIDTH = 1280" in run([othello, "--where"], cwd=elsewhere, env=env)


def test_installed_game_plays_saves_and_resumes_from_anywhere(
    installed: dict[str, Path], tmp_path: Path
) -> None:
    venv = installed["venv"]
    home, elsewhere = home_and_elsewhere(tmp_path)
    game_file = tmp_path / "game.txt"
    game_file.write_text("f5d6c3\n")
    env = fresh_env(home)
    othello = str(venv / "bin" / "othello")
    run([othello, "--load", str(game_file), "--frames", "10"], cwd=elsewhere, env=env)
    data = home / ".local" / "share" / "othello"
    kept = resumed(path=data / "library.sqlite3")
    assert kept is not None and kept.transcript().startswith("f5d6c3")
    run([othello, "--frames", "10"], cwd=elsewhere, env=env)  # the next start resumes it
    assert "Resumed your game: " in (data / "othello.log").read_text(encoding="utf-8")
    assert not list(elsewhere.iterdir()), "nothing is written to the working directory"
