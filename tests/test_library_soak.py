"""Other programs beside a running window, and kills at random moments: nothing a player
made is lost.

The lock: a window's library open in one process (its writer's and its reader's
connections, in two threads), then ``othello games``, ``othello import`` and a second window
in other processes; closing any descriptor of the library drops every lock the process holds
on it, and another program's close then deletes the window's -wal and -shm ("How To Corrupt
An SQLite Database File", 2.2): the window's later writes are seen by nobody.

The soak: ``scripts/library_soak.py``'s rounds, a few of them with a fixed seed (the script
runs them for minutes and prints its figures; nothing here depends on the time taken).
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import library_soak
import pytest

from support import library_holder

pytestmark = [
    pytest.mark.slow,  # processes started: windows, the command line
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
]

HOLDER = Path(library_holder.__file__)


class Holder:
    """The window's library in a process of its own (``support.library_holder``)."""

    def __init__(self, folder: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(HOLDER)],
            env=library_soak.child_env(folder),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.guard = threading.Timer(300, self.proc.kill)  # a hung child must not hang CI
        self.guard.start()
        self.first = self.said("ready")

    def said(self, word: str) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        assert line.startswith(word), (line, self.proc.stderr.read() if self.proc.stderr else "")
        return line[len(word) :].strip()

    def ask(self, line: str, word: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.said(word)

    def stop(self) -> None:
        self.guard.cancel()
        self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[Holder]:
    held = Holder(tmp_path)
    yield held
    held.stop()


def othello(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "othello", *args],
        env=library_soak.child_env(folder),
        capture_output=True,
        text=True,
        timeout=300,
    )


def listed(folder: Path) -> dict[int, str]:
    """``othello games --json``: each game's id and Black."""
    done = othello(folder, "games", "--json")
    assert done.returncode == 0, done.stderr
    return {int(g["id"]): g["black"] for g in map(json.loads, done.stdout.splitlines())}


def test_other_programs_beside_a_window_never_cut_it_off(holder: Holder, tmp_path: Path) -> None:
    data = tmp_path / "data"
    wal = data / "library.sqlite3-wal"
    problems: list[str] = []

    def window_still_writes_to_the_file(after: str) -> None:
        if not wal.exists():
            problems.append(f"after {after}: the -wal file is gone while the window runs")
        fds = Path(f"/proc/{holder.proc.pid}/fd")
        if fds.is_dir():
            gone = [os.readlink(fd) for fd in fds.iterdir()]
            gone = [t for t in gone if t.endswith(("-wal (deleted)", "-shm (deleted)"))]
            if gone:
                problems.append(f"after {after}: the window writes to deleted files {gone}")

    window_games = {int(holder.first): "holder first"}
    assert wal.exists()  # the window has its library open

    seen = listed(tmp_path)
    if window_games.keys() - seen.keys():
        problems.append("othello games did not list the window's first game")
    window_still_writes_to_the_file("othello games")

    imported = tmp_path / "three.ggf"
    imported.write_text(
        "\n".join(
            library_soak.format_record(library_holder.record(f"imported {n}")) for n in range(3)
        )
        + "\n",
        encoding="utf-8",
    )
    done = othello(tmp_path, "import", str(imported), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["added"] == 3, done
    window_still_writes_to_the_file("othello import")

    second = subprocess.run(
        [sys.executable, str(library_soak.SCRIPT), "--role", "window", "--moves", "2", "--save",
         "--seed", "3", "--stop", str(tmp_path / "stop"), "--log", str(tmp_path / "second.log")],
        env=library_soak.child_env(tmp_path), capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert second.returncode == 0, second.stderr
    kept_by_second = [e["id"] for e in library_soak.read_log(tmp_path / "second.log")
                      if e["kind"] == "kept"]  # fmt: skip
    assert kept_by_second, "the second window kept no game"
    window_still_writes_to_the_file("a second window")

    window_games[int(holder.ask("keep holder later", "kept"))] = "holder later"
    in_window = {int(i): str(b) for i, b in json.loads(holder.ask("seen", ""))}
    others = {f"imported {n}" for n in range(3)}
    if others - set(in_window.values()) or set(kept_by_second) - in_window.keys():
        problems.append(f"the window does not see the others' games: it sees {in_window}")
    seen = listed(tmp_path)
    if window_games.keys() - seen.keys():
        problems.append(f"othello games does not see the window's games: it lists {seen}")
    window_still_writes_to_the_file("the window's last game")

    holder.ask("close", "closed")
    db = sqlite3.connect(data / "library.sqlite3")
    try:
        integrity = [str(r[0]) for r in db.execute("PRAGMA integrity_check")]
        after = dict(db.execute("SELECT id, black FROM games WHERE deleted IS NULL").fetchall())
    finally:
        db.close()
    if integrity != ["ok"]:
        problems.append(f"integrity_check after both closed: {integrity}")
    lost = [b for i, b in window_games.items() if after.get(i) != b]
    lost += [f"the second window's game {i}" for i in kept_by_second if i not in after]
    lost += sorted(others - set(after.values()))
    if lost:
        problems.append(f"after both closed, games lost: {lost}")
    assert not problems, "\n".join(problems)


def test_a_short_soak_loses_nothing(tmp_path: Path) -> None:
    """Three rounds: a window playing (and reviewing when drawn) with, in turn, imports,
    listings, an export and a second window beside it, any of them killed at a random moment;
    after each round the checks of the script (integrity, every game reported kept there
    once, the rating, the -wal while the window ran, the last held game resumed)."""
    soak = library_soak.Soak(tmp_path, seed=50, quick=True)
    for _round in range(3):
        soak.round()
    figures = soak.figures
    assert figures.checks["integrity"] == 3
    assert figures.checks["wal while the window runs"] >= 3
    assert figures.checks["kept games"] >= 3 and figures.checks["last held game resumed"] >= 3
    assert not figures.problems, "\n".join(figures.lines())
