"""Fault injection: every file the game reads, each made damaged, empty, huge, a named pipe, a
folder, a link to a device, unreadable or not UTF-8 (issue 36).

For each case the window is started (or the feature that reads the file is used: Z for the
puzzles, X for the explorer, Ctrl+O, a dropped file, ``--load``) and the test asserts:

- no traceback: nothing raised, no record logged with one, nothing logged as a crash;
- a notice in the window (for ``--load``, which stops before a window opens: one line on
  stderr and the exit status 2) and a line in the log;
- nothing that existed is overwritten: every file, link and pipe there before is still there
  afterwards, unchanged, under its name or under the name it was set aside as.

A few cases leave the file usable as it is (the log is only appended to, so a log that is
damaged or not UTF-8 is simply written on; a sound file with stray bytes still plays): they
are listed in ``STILL_WORKS``, and for them the window must say nothing about the file.

The package's own files are never touched: the game is pointed at a damaged copy
(``othello.core.file_reading.REPLACED``, ``paths.default_ini``, the window's resource folder).
"""

from __future__ import annotations

import builtins
import hashlib
import io
import json
import logging
import os
import shutil
import stat
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello import cli
from othello.app.files import game_files, logs, paths
from othello.app.settings.loading import ensure_user_ini, load_settings
from othello.core import file_reading
from othello.core.game import Game
from othello.engine import book
from othello.gui.app import App
from othello.gui.services import persistence
from othello.study import explorer, named_openings
from support.files_window import FirstMoveEngine, ctrl, frames, isolate, toast_texts
from support.kept_games import keep, old_autosave_data
from support.patience import PATIENCE

PACKAGE = paths.package_dir()
CASES = ("damaged", "empty", "huge", "fifo", "folder", "device link", "unreadable", "not utf-8")
HUGE = 200_000_000  # sparse: more than any file's limit, and nothing is read to find out


@dataclass
class Target:
    """A file the game reads: where it lives, a good copy of it, and what makes it read."""

    where: Callable[[Path, pytest.MonkeyPatch], Path]
    good: Callable[[], bytes]
    trigger: str = "start"  # start, puzzles, explorer, open, drop, load
    words: tuple[str, ...] = ()  # the notice names the file by one of these
    settings: dict[str, Any] = field(default_factory=dict)


def user_file(path: Callable[[], Path]) -> Callable[[Path, pytest.MonkeyPatch], Path]:
    return lambda tmp, patch: path()


def package_file(inside: str) -> Callable[[Path, pytest.MonkeyPatch], Path]:
    def where(tmp: Path, patch: pytest.MonkeyPatch) -> Path:
        path = tmp / "package" / inside
        patch.setitem(file_reading.REPLACED, inside, path)
        return path

    return where


def resource(name: str) -> Callable[[Path, pytest.MonkeyPatch], Path]:
    def where(tmp: Path, patch: pytest.MonkeyPatch) -> Path:
        folder = tmp / "resources"
        if not folder.exists():
            shutil.copytree(paths.resources_dir(), folder)
        (folder / name).unlink()
        return folder / name

    return where


def default_ini(tmp: Path, patch: pytest.MonkeyPatch) -> Path:
    path = tmp / "package" / "othello.ini"
    patch.setattr(paths, "default_ini", lambda: path)
    return path


def packaged(inside: str) -> Callable[[], bytes]:
    return lambda: (PACKAGE / inside).read_bytes()


def data_file(name: str) -> Callable[[Path, pytest.MonkeyPatch], Path]:
    return lambda tmp, patch: paths.user_data_dir() / name


def autosave_bytes() -> bytes:
    return json.dumps(old_autosave_data(Game.from_transcript("f5d6c3"))).encode()


def puzzles_bytes() -> bytes:
    from othello.study.fforum import builtin_puzzles
    from othello.study.puzzles import PuzzleQueue

    queue = PuzzleQueue(builtin_puzzles()[:3])
    return json.dumps(queue.to_data()).encode()


def strength_bytes() -> bytes:
    return json.dumps({"format": "othello-strength", "version": 1, "rating": 1000.0,
                       "deviation": 100.0, "games": 1,
                       "history": [["2026-01-01", 3, 1.0, 1000.0, 100.0]]}).encode()  # fmt: skip


def library_bytes() -> bytes:
    """A library holding a game in progress, as a window leaves it (WAL folded in)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "library.sqlite3"
        keep(Game.from_transcript("f5d6c3"), path=path)
        return path.read_bytes()


TARGETS: dict[str, Target] = {
    "library.sqlite3": Target(data_file("library.sqlite3"), library_bytes,
                              words=("library",)),
    "autosave.json (an earlier version's)": Target(data_file("autosave.json"), autosave_bytes,
                                                   words=("autosave",)),
    "puzzles.json (an earlier version's)": Target(data_file("puzzles.json"), puzzles_bytes,
                                                  words=("puzzles",)),
    "strength.json (an earlier version's)": Target(data_file("strength.json"), strength_bytes,
                                                   words=("strength",)),
    "othello.ini (yours)": Target(user_file(paths.user_ini), packaged("othello.ini"),
                                  words=("othello.ini",)),
    "othello.ini (the package's)": Target(default_ini, packaged("othello.ini"),
                                          words=("othello.ini",)),
    "a saved game (Ctrl+O)": Target(
        user_file(lambda: game_files.games_dir() / "othello-20260101-000000.txt"),
        lambda: b"f5d6c3d3c4\n", "open",
        ("othello-20260101-000000.txt", "No saved games")),  # a pipe or a folder is no game
    "a dropped file": Target(lambda tmp, patch: tmp / "dropped" / "game.txt",
                             lambda: b"f5d6c3\n", "drop", ("game.txt",)),
    "--load FILE": Target(lambda tmp, patch: tmp / "given" / "game.txt", lambda: b"f5d6c3\n",
                          "load", ("game.txt",)),
    "tables/patterns.bin": Target(package_file("tables/patterns.bin"),
                                  packaged("tables/patterns.bin"), words=("weights",)),
    "tables/book.bin": Target(package_file("tables/book.bin"), packaged("tables/book.bin"),
                              words=("opening book",)),
    "tables/explorer.bin": Target(package_file("tables/explorer.bin"),
                                  packaged("tables/explorer.bin"), "explorer", ("explorer",)),
    "data/fforum.obf": Target(package_file("data/fforum.obf"), packaged("data/fforum.obf"),
                              "puzzles", ("built-in puzzles",)),
    "data/openings.tsv": Target(package_file("data/openings.tsv"),
                                packaged("data/openings.tsv"), words=("opening names",)),
    "othello.log": Target(user_file(paths.log_path), lambda: b"2026-01-01 WARNING old\n",
                          words=("log",)),
}  # fmt: skip
for _name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "felt.png", "wood.png", "icon.png",
              "place.wav", "flip.wav"):  # fmt: skip
    TARGETS[_name] = Target(resource(_name), packaged(f"resources/{_name}"), words=(_name,),
                            settings={"sound": True})  # fmt: skip

GROWS = {("othello.log", c) for c in ("damaged", "empty", "not utf-8")} | {
    ("library.sqlite3", "empty")
}
"""Files written on after what they held: it is still how they begin."""
STILL_WORKS = {
    # SQLite takes an empty file for an empty database: the library begins in it.
    ("library.sqlite3", "empty"),
    # The log is appended to: whatever was in it stays, and the game writes on after it.
    ("othello.log", "damaged"), ("othello.log", "empty"), ("othello.log", "not utf-8"),
    ("othello.log", "huge"),  # rotated: the big one is kept as othello.log.1
    # SDL plays what it can of a sound cut short or with stray bytes in its samples.
    ("place.wav", "damaged"), ("flip.wav", "damaged"),
    ("place.wav", "not utf-8"), ("flip.wav", "not utf-8"),
}  # fmt: skip


def damage(path: Path, case: str, good: bytes) -> None:
    """Put ``case`` at ``path`` (the file's good bytes are ``good``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if case == "damaged":
        path.write_bytes(good[: len(good) // 2] + b"\x00\x17garbage}]")
    elif case == "empty":
        path.write_bytes(b"")
    elif case == "huge":
        with path.open("wb") as file:
            file.truncate(HUGE)
    elif case == "fifo":
        os.mkfifo(path)
    elif case == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("a file of the player's")
    elif case == "device link":
        path.symlink_to("/dev/zero")
    elif case == "unreadable":
        path.write_bytes(good)  # refuse_opening() follows, once it is looked at
    elif case == "not utf-8":
        middle = len(good) // 2
        path.write_bytes(good[:middle] + b"\xff\xfe\xc3(" + good[middle:])


def refuse_opening(target: Path, patch: pytest.MonkeyPatch) -> None:
    """``target`` cannot be opened (Permission denied), as a chmod 000 file is for anyone but
    root: the tests run as root, so the refusal is made here, for every way of opening."""
    real_os_open, real_open, real_access = os.open, builtins.open, os.access

    def refused(path: Any) -> bool:
        return isinstance(path, (str, Path)) and Path(path) == target

    def os_open(path: Any, *args: Any, **kwargs: Any) -> int:
        if refused(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_os_open(path, *args, **kwargs)

    def py_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        if refused(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    def access(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        return not (refused(path) and mode & os.R_OK) and real_access(path, mode, *args, **kwargs)

    patch.setattr(os, "open", os_open)
    patch.setattr(os, "access", access)
    patch.setattr(builtins, "open", py_open)
    patch.setattr(io, "open", py_open)


# ----- what was there before -----------------------------------------------------------------


def fingerprint(path: Path) -> tuple[Any, ...]:
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISFIFO(info.st_mode):
        return ("pipe",)
    digest = hashlib.sha256()
    with open(path, "rb") as file:  # builtins.open: the refusal above is lifted by then
        if info.st_size > 4_000_000:  # a sparse huge file: its size and its ends
            digest.update(file.read(1_000_000))
            file.seek(info.st_size - 1_000_000)
        digest.update(file.read())
    return ("file", info.st_size, digest.hexdigest())


def everything(folder: Path) -> Counter[tuple[Any, ...]]:
    """Every file, link and pipe under ``folder`` (links not followed), by content."""
    found: Counter[tuple[Any, ...]] = Counter()
    for top, dirs, files in os.walk(folder):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
            found[fingerprint(Path(top, name))] += 1
    return found


# ----- one case ------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    """The packaged files are read once per process: each case reads its own."""
    loaders = (named_openings.load_openings, book.load_book, explorer.load_explorer)
    for loader in loaders:
        loader.cache_clear()
    yield
    for loader in loaders:
        loader.cache_clear()


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("name", list(TARGETS))
def test_a_file_at_fault_is_said_and_nothing_is_lost(
    name: str,
    case: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    isolate(tmp_path, monkeypatch)
    target = TARGETS[name]
    path = target.where(tmp_path, monkeypatch)
    good = target.good()
    with monkeypatch.context() as patch:
        damage(path, case, good)
        before = everything(tmp_path)
        grows = (name, case) in GROWS
        old, held = (fingerprint(path), path.read_bytes()) if grows else ((), b"")
        if case == "unreadable":
            refuse_opening(path, patch)
        with caplog.at_level(logging.INFO, logger="othello"):
            said = run(target, path, tmp_path)
    after = everything(tmp_path)
    if grows:  # the log is appended to: what it held is still how it begins
        assert path.read_bytes().startswith(held) and path.stat().st_size > len(held)
        before -= Counter({old: 1})
    lost = before - after
    assert not lost, f"overwritten or removed: {sorted(lost)}"
    crashes = [r for r in caplog.records if r.exc_info or r.levelno >= logging.CRITICAL]
    assert not crashes, f"a traceback was logged: {crashes[0].getMessage()}"
    assert "Traceback" not in capsys.readouterr().err
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    if (name, case) in STILL_WORKS:
        assert not any(w in said for w in target.words), said
        return
    assert said.strip(), "nothing was said in the window"
    assert any(w.lower() in said.lower() for w in target.words), said
    assert any(w.lower() in logged.lower() for w in target.words), "nothing was logged"


def run(target: Target, path: Path, tmp: Path) -> str:
    """Start the game as the command line does, use what reads the file; what the window
    said (for --load, what was printed)."""
    if target.trigger == "load":
        return load_from_command_line(path)
    notices: list[str] = []
    log_file = None
    if path == paths.log_path():
        log_file = logs.setup(path)
        notices += [logs.problem] if logs.problem else []
    try:
        created = ensure_user_ini()
        settings, more = load_settings()
        notices += ([created] if created else []) + more
        logs.log_notices(notices)  # as the command line does before the window opens
        changes = {"sound": False, "animation": False, "mode": "two-players"}
        settings = replace(settings, **{**changes, **target.settings})
        folder = tmp / "resources"
        app = App(settings, notices=notices, engine_factory=lambda level: FirstMoveEngine(),
                  resource_folder=folder if folder.exists() else None,
                  computer_min_seconds=0.0)  # fmt: skip
        try:
            persistence.attach(app)
            frames(app, 2)
            use(app, target, path)
            frames(app, 3)
            assert app.library.flush(PATIENCE)  # what the library's threads found, said by now
            frames(app, 3)
            logs.log.info("after the case")  # the log file written once more
            return toast_texts(app)
        finally:
            app.close()
            pygame.event.clear()
    finally:
        if log_file is not None or path == paths.log_path():
            logs.close()


def use(app: App, target: Target, path: Path) -> None:
    if target.trigger == "puzzles":
        post_key(pygame.K_z)
    elif target.trigger == "explorer":
        post_key(pygame.K_x)
    elif target.trigger == "open":
        ctrl(pygame.K_o)
    elif target.trigger == "drop":
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def load_from_command_line(path: Path) -> str:
    """``othello --load FILE``: refused before any window opens, with one line."""
    import contextlib

    err = io.StringIO()
    started: list[bool] = []
    with contextlib.redirect_stderr(err):
        original = cli._cmd_play
        cli._cmd_play = lambda args: started.append(True) or 0  # type: ignore[assignment]
        try:
            status = cli.main(["--load", str(path)])
        finally:
            cli._cmd_play = original
            logs.close()
    assert status == 2 and not started, "a bad --load file must stop the start"
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("othello: ")
    return lines[0]


def test_every_file_and_case_is_covered() -> None:
    assert len(TARGETS) >= 22 and len(CASES) == 8  # the count the note gives
