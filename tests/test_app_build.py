"""The standalone app (scripts/build_app.py) is built here and played headless from its archive.

One PyInstaller build per run, with PyInstaller's cache in a scratch folder (nothing is kept
between runs); the archive is unpacked elsewhere, as a player would, and that copy is started
with SDL's dummy drivers and scratch settings and data folders: it shows where its files are,
solves an endgame with two worker processes, plays a demo game with its search process, and
writes the autosave the next start resumes from. Linux only: the other systems' apps are built
by .github/workflows/release.yml on their own runners.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from othello.engine.compiled import engine_build
from support.kept_games import resumed

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the CI smoke run is Linux"),
]


def run(cmd: list[str], env: dict[str, str], cwd: Path, timeout: float = 120) -> str:
    proc = subprocess.run(
        cmd, cwd=cwd, env=env, check=False, capture_output=True, text=True, timeout=timeout
    )
    assert proc.returncode == 0, f"{cmd} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the app, unpack its archive in a fresh folder; returns the unpacked executable."""
    pytest.importorskip("PyInstaller", reason="the build extra is not installed")
    base = tmp_path_factory.mktemp("app")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYINSTALLER")}
    env["PYINSTALLER_CONFIG_DIR"] = str(base / "pyinstaller-cache")  # nothing cached between runs
    dist = base / "dist"
    build = [sys.executable, str(ROOT / "scripts" / "build_app.py"), "--dist", str(dist)]
    out = run(
        [*build, "--work", str(base / "work")],
        env=env,
        cwd=base,
        timeout=600,
    )
    assert "unpacked:" in out and "archive:" in out, out
    archive = next(dist.glob("Othello-*-linux-*.tar.gz"))
    unpacked = base / "unpacked"
    with tarfile.open(archive) as tf:
        if hasattr(tarfile, "tar_filter"):  # Python 3.12, and 3.10.12 / 3.11.4 on
            tf.extractall(unpacked, filter="tar")
        else:
            tf.extractall(unpacked)
    return unpacked / "Othello" / "Othello"


@pytest.fixture
def player(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """A player's environment: no display, scratch folders; and a folder to start from."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTHELLO_", "XDG_", "PYTHON"))}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.update(
        HOME=str(tmp_path / "home"),
        OTHELLO_CONFIG_DIR=str(tmp_path / "config"),
        OTHELLO_DATA_DIR=str(tmp_path / "data"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    return env, cwd


def test_archive_holds_the_app_its_data_and_a_readme(app: Path) -> None:
    folder = app.parent
    assert os.access(app, os.X_OK)
    bundled = folder / "_internal" / "othello"
    assert (bundled / "othello.ini").read_bytes() == (
        ROOT / "src" / "othello" / "othello.ini"
    ).read_bytes()
    for name in (
        "resources/icon.png",
        "tables/patterns.bin",
        "tables/book.bin",
        "data/openings.tsv",
        "locale/ja/LC_MESSAGES/othello.mo",
        "locale/es/LC_MESSAGES/othello.mo",
        "resources/NotoSansCJK-zh_CN.otf",
        "resources/LICENSE-NotoSansCJK.txt",
    ):
        assert (bundled / name).is_file(), name
    assert "--install-shortcut" in (folder / "README.txt").read_text(encoding="utf-8")


def test_app_says_where_its_files_are(app: Path, player: tuple[dict[str, str], Path]) -> None:
    env, cwd = player
    out = run([str(app), "--where"], env, cwd)
    assert f"data folder:  {env['OTHELLO_DATA_DIR']}" in out
    assert env["OTHELLO_CONFIG_DIR"] in out.splitlines()[0]
    assert f"resources:    {app.parent / '_internal' / 'othello' / 'resources'}" in out
    # the engine of the package it was built from: compiled from a compiled install (issue 45)
    assert f"engine:       {engine_build()}" in out


def test_app_solves_an_fforum_position_with_two_workers(
    app: Path, player: tuple[dict[str, str], Path]
) -> None:
    line = (DATA / "fforum-20-39.obf").read_text().splitlines()[23 - 20]  # 18 empties
    board, best = line[:66], line.split(";")[1].strip()  # e.g. "A2:+4"
    env, cwd = player
    out = run([str(app), "solve", board, "--workers", "2"], env, cwd)
    move, score = best.split(":")
    assert f"score: {int(score):+d} " in out and f"move:  {move.lower()}" in out
    assert "(2 worker processes)" in out, "the solve was shared with two worker processes"


def test_app_puts_itself_in_the_menu(app: Path, player: tuple[dict[str, str], Path]) -> None:
    env, cwd = player
    env["XDG_DATA_HOME"] = str(Path(env["HOME"]) / "share")
    out = run([str(app), "--install-shortcut"], env, cwd)
    desktop = Path(env["XDG_DATA_HOME"]) / "applications" / "othello-desktop.desktop"
    assert f"starts:     {app}" in out
    lines = desktop.read_text(encoding="utf-8").splitlines()
    assert f"Exec={app}" in lines and "StartupWMClass=othello-desktop" in lines


def log_of(env: dict[str, str]) -> str:
    return (Path(env["OTHELLO_DATA_DIR"]) / "othello.log").read_text(encoding="utf-8")


def test_app_plays_a_demo_game_with_its_search_process(
    app: Path, player: tuple[dict[str, str], Path]
) -> None:
    env, cwd = player
    out = run([str(app), "--demo", "--frames", "60"], env, cwd)
    assert "frames: 59 (" in out and "first frame drawn" in out, out
    log = log_of(env)
    assert "search process" not in log and "Traceback" not in log, log


def test_app_autosaves_the_computers_reply_and_resumes(
    app: Path, player: tuple[dict[str, str], Path], tmp_path: Path
) -> None:
    env, cwd = player
    # the player takes White: the computer opens from its search process, without the
    # book, and its move is autosaved (a loaded bare transcript is nobody's side: issue 51)
    config = tmp_path / "othello.ini"
    config.write_text("[GAME]\nLEVEL = 1\nHUMAN_COLOR = white\nBOOK = False\n")
    run([str(app), "--config", str(config), "--frames", "150"], env, cwd)
    saved = resumed(path=Path(env["OTHELLO_DATA_DIR"]) / "library.sqlite3")
    assert saved is not None and len(saved.moves) == 1, saved and saved.transcript()
    run([str(app), "--config", str(config), "--frames", "10"], env, cwd)
    assert "Resumed your game: a game of 1 move" in log_of(env)
    assert not list(cwd.iterdir()), "nothing is written to the folder it is started from"
