"""Slips and links (issue 50, probe 12): ``othello export --out`` and ``othello nboard --log``
never write over a file the game keeps, ``--log`` refuses what is no file in one line (never
a wait, never a traceback), and the log and the files the game writes in its data folder
never follow a link out of it."""

from __future__ import annotations

import errno
import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from othello import cli
from othello.app.commands.nboard import serve
from othello.app.files import logs, paths, writing
from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord
from othello.core.board import Board
from othello.core.notation import parse_square

POSIX = pytest.mark.skipif(os.name != "posix", reason="links, pipes and /dev/full as on POSIX")
SECRET = b"somebody else's words\n"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(folder))
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "config"))
    with Library(folder / "library.sqlite3") as library:
        moves = [parse_square(m) for m in ("f5", "d6", "c3")]
        library.add(GameRecord(Board(), moves, "Ann", "Bob", "2024-05-01"), "played here")
    return folder


def games_in(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    finally:
        db.close()


# ----- othello export --out -----------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "library.sqlite3",
        "library.sqlite3-wal",
        "library.sqlite3-shm",
        "library.sqlite3.damaged-20240501",
        "othello.log",
        "running.lock",
        "choices.json",
        "library-pending/20240501-120000.ggf",
    ],
)
@pytest.mark.parametrize("form", ["ggf", "txt", "png"])
def test_export_never_writes_over_a_file_the_game_keeps(
    data: Path, capsys: pytest.CaptureFixture[str], name: str, form: str
) -> None:
    """Before: ``--out`` naming the library replaced it with one game's text."""
    before = (data / "library.sqlite3").read_bytes()
    status = cli.main(["export", "1", "--format", form, "--out", str(data / name)])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert "is one of the game's own files" in err and "choose another --out" in err
    assert (data / "library.sqlite3").read_bytes() == before
    assert name == "library.sqlite3" or not (data / name).exists()
    assert games_in(data / "library.sqlite3") == 1


@POSIX
def test_export_never_writes_over_the_library_under_another_name(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link to the library, a second (hard) name of it elsewhere, othello.ini: refused."""
    link, second = tmp_path / "link.ggf", tmp_path / "second.ggf"
    link.symlink_to(data / "library.sqlite3")
    os.link(data / "library.sqlite3", second)
    ini = paths.user_ini()
    ini.parent.mkdir(parents=True)
    ini.write_text("[othello]\n", encoding="utf-8")
    for out in (link, second, ini):
        assert cli.main(["export", "1", "--out", str(out)]) == 2
        assert "is one of the game's own files" in capsys.readouterr().err
    assert games_in(data / "library.sqlite3") == 1
    assert ini.read_text(encoding="utf-8") == "[othello]\n"


def test_export_writes_where_the_player_keeps_games(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The saved games' folder in the data folder, and any folder of the player's: written."""
    for out in (data / "games" / "mine.ggf", tmp_path / "mine.ggf"):
        out.parent.mkdir(exist_ok=True)
        assert cli.main(["export", "1", "--out", str(out)]) == 0
        assert out.read_text(encoding="utf-8").startswith("(;GM[Othello]")
    capsys.readouterr()


# ----- the log and the data folder's files: no link out of it ------------------------------


@POSIX
def test_a_planted_log_link_is_never_appended_through(tmp_path: Path) -> None:
    """Before: the game appended its log to the file the link named."""
    folder = tmp_path / "data"
    folder.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_bytes(SECRET)
    (folder / "othello.log").symlink_to(outside)
    try:
        assert logs.setup(folder / "othello.log") is None
        logs.log.warning("a line that must not go out of the data folder")
        assert logs.problem is not None and "is a link out of its folder" in logs.problem
    finally:
        logs.close()
    assert outside.read_bytes() == SECRET


@POSIX
def test_a_log_link_to_nowhere_or_a_second_name_is_refused_one_inside_followed(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    nowhere = tmp_path / "elsewhere" / "made.txt"
    nowhere.parent.mkdir()
    (folder / "othello.log").symlink_to(nowhere)
    try:
        assert logs.setup(folder / "othello.log") is None  # before: the file was made there
    finally:
        logs.close()
    assert not nowhere.exists()
    (folder / "othello.log").unlink()
    other = tmp_path / "other.txt"
    other.write_bytes(SECRET)
    os.link(other, folder / "othello.log")
    try:
        assert logs.setup(folder / "othello.log") is None
        assert logs.problem is not None and "another file's name" in logs.problem
    finally:
        logs.close()
    assert other.read_bytes() == SECRET
    (folder / "othello.log").unlink()
    (folder / "othello-2024.log").write_text("", encoding="utf-8")
    (folder / "othello.log").symlink_to(folder / "othello-2024.log")  # inside: the player's
    try:
        assert logs.setup(folder / "othello.log") == folder / "othello.log"
        logs.log.warning("kept")
    finally:
        logs.close()
    assert "kept" in (folder / "othello-2024.log").read_text(encoding="utf-8")


@POSIX
def test_a_file_written_in_the_data_folder_follows_no_link_out_of_it(
    data: Path, tmp_path: Path
) -> None:
    """choices.json (remembered choices) planted as a link: nothing written through it.
    Before: the file it named was replaced."""
    outside = tmp_path / "outside.json"
    outside.write_bytes(SECRET)
    (data / "choices.json").symlink_to(outside)
    with pytest.raises(OSError) as raised:
        writing.write_atomic(data / "choices.json", "{}\n")
    assert raised.value.errno == errno.ELOOP
    assert outside.read_bytes() == SECRET and (data / "choices.json").is_symlink()
    inside = data / "mine.json"
    inside.write_text("", encoding="utf-8")
    (data / "linked.json").symlink_to(inside)
    writing.write_atomic(data / "linked.json", "{}\n")  # a link inside the folder: followed
    assert inside.read_text(encoding="utf-8") == "{}\n"
    player = tmp_path / "player.txt"
    (tmp_path / "link.txt").symlink_to(player)
    writing.write_atomic(tmp_path / "link.txt", "f5\n")  # the player's own folder: as before
    assert player.read_text(encoding="utf-8") == "f5\n"


# ----- othello nboard --log -----------------------------------------------------------------


def nboard(*args: str) -> subprocess.CompletedProcess[str]:
    """``othello nboard`` with no input, in a process of its own: a wait ends in 60 s."""
    return subprocess.run(
        [sys.executable, "-m", "othello", "nboard", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@POSIX
@pytest.mark.slow
def test_nboard_refuses_a_log_that_is_no_file_in_one_line(data: Path, tmp_path: Path) -> None:
    """A pipe (before: waited for a reader for ever), a folder, a missing folder, /dev/full
    (before: tracebacks), the library: one line each, status 2, nothing written."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    before = (data / "library.sqlite3").read_bytes()
    cases = {
        fifo: "is a named pipe, not a file",
        tmp_path: "is a folder, not a file",
        tmp_path / "missing" / "nboard.log": "its folder does not exist",
        Path("/dev/full"): "is a device, not a file",
        data / "library.sqlite3": "is one of the game's own files",
    }
    for path, words in cases.items():
        done = nboard("--log", str(path))
        lines = done.stderr.splitlines()
        assert done.returncode == 2 and len(lines) == 1 and words in lines[0], (path, lines)
        assert "Traceback" not in done.stderr and done.stdout == ""
    assert (data / "library.sqlite3").read_bytes() == before


def test_a_log_that_fills_the_disk_is_left_and_the_conversation_goes_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    out = io.StringIO()
    assert serve(["nboard 2\n", "ping 1\n", "ping 2\n"], out, Full()) == 0
    assert out.getvalue().splitlines() == ["set myname Othello-desktop", "pong 1", "pong 2"]
    err = capsys.readouterr().err.splitlines()
    assert err == ["othello: the log stopped (No space left on device); playing on"]
