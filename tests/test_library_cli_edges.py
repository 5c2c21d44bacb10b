"""``othello import``, ``games`` and ``export`` at their edges: numbers too large, arguments
that are not UTF-8, rows the library should not hold, pipes and file names that say another
format: an error line and an exit status, never a traceback or a wait."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from othello import cli
from support.ggs_records import FANGR, HERCULE

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(data))
    return data


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    status = cli.main(list(args))
    out = capsys.readouterr()
    return status, out.out.splitlines(), out.err


def imported(tmp_path: Path, capsys: pytest.CaptureFixture[str], *records: str) -> list[int]:
    path = tmp_path / "games.ggf"
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    run(capsys, "import", str(path))
    _, out, _ = run(capsys, "games", "--json")
    return [int(json.loads(line)["id"]) for line in out]


@pytest.mark.parametrize("suffix", [".png", ".txt", ".jpg", ".tga", ""])
def test_png_means_png_whatever_the_files_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    (game,) = imported(tmp_path, capsys, FANGR)
    out = tmp_path / f"picture{suffix}"
    status, _, err = run(capsys, "export", str(game), "--format", "png", "--out", str(out))
    assert status == 0, err
    assert out.read_bytes()[:8] == PNG


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes as on POSIX")
def test_a_png_export_to_a_pipe_is_refused_not_waited_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (game,) = imported(tmp_path, capsys, FANGR)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    answer: list[int] = []
    export = threading.Thread(
        target=lambda: answer.append(
            cli.main(["export", str(game), "--format", "png", "--out", str(fifo)])
        ),
        daemon=True,
    )
    export.start()
    export.join(60)  # only bounds a failure: a refusal comes back at once
    if export.is_alive():  # it waits for a reader: give it one, so the test ends
        reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        export.join(10)
        os.close(reader)
    assert answer == [2]
    assert "named pipe" in capsys.readouterr().err


def test_export_of_a_number_too_large_for_the_library_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "export", "99999999999999999999")
    assert status == 2 and "no game 99999999999999999999" in err


def test_games_takes_a_player_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    imported(tmp_path, capsys, FANGR)
    odd = os.fsdecode(b"fan\xe9")  # as Python hands over an argument in another encoding
    status, out, err = run(capsys, "games", "--player", odd, "--json")
    assert status == 0 and out == [], err


def spoil(data: Path, column: str, value: object, game: int) -> None:
    """Write ``value`` into a row as four stray bytes might have."""
    db = sqlite3.connect(data / "library.sqlite3")
    with db:
        db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game))
    db.close()


@pytest.mark.parametrize(
    ("column", "value", "why"),
    [
        ("result", "+x", "result"),
        ("result", 10**18, "result"),
        ("moves", b"\x25\x2b\x12\x99", "move"),
        ("moves", b"\x00\x00", "move"),
        ("black", b"\xff\xfe", ""),
        ("start", "not a board", "start"),
    ],
)
def test_games_and_export_over_a_damaged_row_say_what_is_wrong(
    tmp_path: Path,
    own_data: Path,
    capsys: pytest.CaptureFixture[str],
    column: str,
    value: object,
    why: str,
) -> None:
    good, bad = imported(tmp_path, capsys, FANGR, HERCULE)
    spoil(own_data, column, value, bad)
    status, out, err = run(capsys, "games", "--json")
    assert status == 0, err
    listed = [json.loads(line) for line in out]
    assert {g["id"] for g in listed} == {good, bad}
    damaged = next(g for g in listed if g["id"] == bad)
    if why:
        assert why in str(damaged.get("damaged"))
    status, out, err = run(capsys, "games")
    assert status == 0 and len(out) == 2
    for form in ("ggf", "txt"):
        status, out, err = run(capsys, "export", str(bad), "--format", form)
        assert status in (0, 2), err
        if why:
            assert status == 2 and why in err


def test_the_memo_goes_out_as_ggfs_comment(
    tmp_path: Path, own_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from othello.app.library.database import Library
    from othello.formats.ggf import read_games

    (game,) = imported(tmp_path, capsys, FANGR)
    memo = "lost the corner [a1] at move 30; see C:\\games\\ later\\"
    with Library(own_data / "library.sqlite3") as library:
        library.edit(game, memo=memo)
    status, out, _ = run(capsys, "export", str(game), "--format", "ggf")
    assert status == 0
    (again,) = list(read_games("\n".join(out)))
    assert again.tags["C"] == memo  # type: ignore[union-attr]
    (first,) = list(read_games(FANGR))
    assert again.moves == first.moves  # type: ignore[union-attr]
