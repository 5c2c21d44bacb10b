"""``othello import``, ``othello games``, ``othello export`` and ``explore --source mine``: the
shapes other tools rely on, and their exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from othello import cli
from othello.core.notation import format_transcript
from othello.formats.ggf import read_games
from support.ggs_records import EDAX_ROXANE, FANGR, HERCULE

GAME_KEYS = {"id", "date", "black", "white", "result", "start", "moves", "source", "opening"}


@pytest.fixture(autouse=True)
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(data))
    return data


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    status = cli.main(list(args))
    out = capsys.readouterr()
    return status, out.out.splitlines(), out.err


def lines_json(lines: list[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in lines]


def test_import_prints_one_object_a_file_and_counts_duplicates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.ggf"
    path.write_text("\n".join([HERCULE, EDAX_ROXANE]), encoding="utf-8")
    status, out, _ = run(capsys, "import", str(path), "--json")
    assert status == 0
    assert lines_json(out) == [
        {"file": str(path), "added": 3, "duplicates": 0, "skipped": 0, "first_error": None}
    ]
    status, out, _ = run(capsys, "import", str(path), str(path), "--json")
    assert [(o["added"], o["duplicates"]) for o in lines_json(out)] == [(0, 3), (0, 3)]


def test_a_file_that_cannot_be_read_exits_2_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "fangr.ggf"
    good.write_text(FANGR, encoding="utf-8")
    missing = tmp_path / "nowhere.ggf"
    status, out, err = run(capsys, "import", str(missing), str(good), "--json")
    assert status == 2 and "nowhere.ggf" in err
    first, second = lines_json(out)
    assert first["file"] == str(missing) and first["added"] == 0 and first["first_error"]
    assert second["added"] == 1


def test_games_lists_the_library_newest_first_in_the_agreed_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.ggf"
    path.write_text("\n".join([FANGR, HERCULE, EDAX_ROXANE]), encoding="utf-8")
    run(capsys, "import", str(path))
    status, out, _ = run(capsys, "games", "--json")
    games = lines_json(out)
    assert status == 0 and len(games) == 4 and all(set(g) == GAME_KEYS for g in games)
    assert [g["date"] for g in games] == sorted((str(g["date"]) for g in games), reverse=True)
    hercule = next(g for g in games if g["black"] == "hercule")
    assert hercule["result"] == 6 and hercule["source"] == "games.ggf"
    start = str(hercule["start"])
    assert len(start) == 66 and start.endswith(" X") and start[:64].count("-") == 60
    expected = next(g for g in read_games(HERCULE) if hasattr(g, "moves"))
    assert hercule["moves"] == format_transcript(expected.moves)  # type: ignore[union-attr]
    fangr = next(g for g in games if g["black"] == "fangr")
    assert "pa" not in str(fangr["moves"]) and len(str(fangr["moves"])) == 120
    status, out, _ = run(capsys, "games", "--json", "--player", "roxane")
    assert {g["white"] for g in lines_json(out)} | {g["black"] for g in lines_json(out)} == {
        "edax",
        "Roxane",
    }
    status, out, _ = run(capsys, "games", "--json", "--source", "nothing like it")
    assert out == []
    status, out, _ = run(capsys, "games")  # the table for people
    assert len(out) == 4 and "hercule" in "\n".join(out)


def test_export_gives_ggf_a_transcript_or_a_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fangr.ggf"
    path.write_text(FANGR, encoding="utf-8")
    run(capsys, "import", str(path))
    (game,) = lines_json(run(capsys, "games", "--json")[1])
    status, out, _ = run(capsys, "export", str(game["id"]), "--format", "ggf")
    assert status == 0
    (again,) = list(read_games("\n".join(out)))
    assert again.tags["PB"] == "fangr" and again.tags["RE"] == "-40.00"  # type: ignore[union-attr]
    assert "W[F4/-48.50/0.93]" in out[0] and "TI[15:00//02:00]" in out[0]
    status, out, _ = run(capsys, "export", str(game["id"]), "--format", "txt")
    assert out == [game["moves"]]
    picture = tmp_path / "position.png"
    status, out, _ = run(
        capsys, "export", str(game["id"]), "--format", "png", "--out", str(picture), "--numbers"
    )
    assert status == 0 and out == [str(picture)]
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = pygame.image.load(str(picture))
    assert image.get_width() == 640 and image.get_height() > 640
    status, _, err = run(capsys, "export", "999", "--format", "ggf")
    assert status == 2 and "no game 999" in err


def test_explore_mine_counts_the_library_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.ggf"
    path.write_text("\n".join([FANGR, HERCULE]), encoding="utf-8")
    run(capsys, "import", str(path))
    status, out, _ = run(capsys, "explore", "--source", "mine", "--json")
    found = json.loads("\n".join(out))
    assert status == 0 and found["source"] == "mine" and found["games"] == 2
    assert {m["move"] for m in found["moves"]} == {"d3", "c4", "f5", "e6"}
    status, out, _ = run(capsys, "explore", "e6", "--source", "mine", "--json")
    after = json.loads("\n".join(out))
    # fangr went e6 f4; hercule d3 c5, the same line in a mirror
    assert [(m["move"], m["games"]) for m in after["moves"]] == [("f4", 2)]


def test_load_and_review_read_a_ggf_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from othello.app.files.game_files import load_game

    short = tmp_path / "short.ggf"
    board = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *"
    short.write_text(f"(;GM[Othello]PB[a]PW[b]TY[8]BO[{board}]B[F5//1.0]W[d6/0.5/2]B[C3];)\n")
    assert load_game(short).transcript() == "f5d6c3"  # --load and Ctrl+O read it so
    status, out, _ = run(capsys, "review", str(short), "--depth", "1", "--workers", "1", "--json")
    review = json.loads("\n".join(out))
    assert status == 0 and [m["played"] for m in review["moves"]] == ["f5", "d6", "c3"]


def test_explore_mine_leaves_out_unfinished_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.ggf"
    path.write_text("\n".join([FANGR, HERCULE]), encoding="utf-8")
    unfinished = tmp_path / "unfinished.txt"
    unfinished.write_text("f5d6c3d3c4\nf5f6e6f4\n", encoding="utf-8")
    run(capsys, "import", str(path), str(unfinished))
    status, out, _ = run(capsys, "games", "--json")
    assert status == 0 and len(lines_json(out)) == 4
    status, out, _ = run(capsys, "explore", "--source", "mine", "--json")
    found = json.loads("\n".join(out))
    assert status == 0 and found["games"] == 2  # the two finished ones
    assert sum(m["draws"] for m in found["moves"]) == 0


def test_a_long_import_says_how_far_it_got_and_how_fast() -> None:
    """Issue 51, item 18: a million WTHOR games ran past three minutes with nothing said;
    the command line shows its progress and its rate, as the window shows its bar: a line
    every 10 s where standard error is a log or a pipe, one line kept up to date on a
    terminal; a quick import says nothing."""
    import io

    from othello.app.commands.library import ImportProgressLine

    clock = [100.0]
    log = io.StringIO()
    line = ImportProgressLine("WTH_big.wtb", log, tty=False, now=lambda: clock[0])
    for done in range(250, 1_000_001, 250):
        clock[0] = 100.0 + done / 5000  # 5,000 games a second: 200 s in all
        line(done, 1_000_000)
    line.end()
    lines = log.getvalue().splitlines()
    assert 19 <= len(lines) <= 21  # about one every 10 s
    assert lines[0] == "importing WTH_big.wtb: 50,000 of 1,000,000 games (5,000 a second)"
    assert lines[-1].startswith("importing WTH_big.wtb: 1,000,000 of 1,000,000 games")
    terminal = io.StringIO()
    line = ImportProgressLine("WTH_big.wtb", terminal, tty=True, now=lambda: clock[0])
    for done in (250, 500):
        clock[0] += 1
        line(done, 500)
    line.end()
    assert terminal.getvalue().count("\r") == 2 and terminal.getvalue().endswith("\n")
    quick = io.StringIO()
    line = ImportProgressLine("small.ggf", quick, tty=False, now=lambda: 5.0)
    line(3, 3)
    line.end()
    assert quick.getvalue() == ""


def test_a_transcript_with_its_score_after_it_is_read_at_every_door(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 51, item 19: "f5d6... 34-30", as WTHOR lists it and library.md says every door
    reads, was refused by --load (and review) and skipped by `othello import` when the file
    held one game; the score is left out, the moves say how the game ended."""
    from othello.app.files.game_files import load_game, parse_game_text

    moves = (
        "f5f6e6f4g5e7e3g3f3d6c4c3c5g4g6f2h4h3c7h6h2d2d3e2d1c1f1c2g1d7b3a3e8f8c8f7c6d8g8b6b4"
        "a4b5b7a5a6h5h1a8g2e1b8a7h8a2b2b1a1h7g7"
    )
    one = tmp_path / "one.txt"
    one.write_text(f"{moves} 30-34\n", encoding="utf-8")
    assert load_game(one).transcript() == moves  # --load, Ctrl+O, a drop, othello review
    assert parse_game_text("f5 d6 c3  34-30").transcript() == "f5d6c3"  # a paste
    status, out, err = run(capsys, "import", str(one), "--json")
    (report,) = lines_json(out)
    assert status == 0 and report["added"] == 1 and report["skipped"] == 0, err
