"""Every row of the library read as if hostile: the puzzles, the drills, the games' lines for
"my openings", the games a command exports; a bad value or a byte that is not UTF-8 costs its
row or its field, never the table, never a traceback (issue 50, probes 4, 5 and 10)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from othello import cli
from othello.app.library import drill_store, puzzle_store, query
from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord
from othello.app.library.rows import Damaged, Flaw, entry_or_damage
from othello.core.board import Board
from othello.core.notation import format_transcript, parse_square
from othello.formats.ggf import format_ggf
from othello.gui.services.puzzle_feed import PuzzleFeed
from othello.study.drills import Card
from othello.study.drills import my_lines as on_the_book
from othello.study.fforum import builtin_puzzles
from othello.study.named_openings import load_openings
from othello.study.puzzles import Puzzle


class _Unreadable:
    """A library worker whose library cannot be used at all: nothing is ever read."""

    broken = "the library cannot be opened (disk I/O error)"

    def read(self, job: Callable[[Any], Any], done: Callable[[Any], None]) -> None:
        pass

    def save(self, *args: object) -> None:
        pass


def test_puzzles_that_cannot_be_read_give_the_built_in_ones_and_say_so() -> None:
    """Z, or the end of a review, when the library cannot be read: the built-in puzzles, kept
    in memory, and one line saying why (it raised TypeError: ``_`` was a loop's number)."""
    said: list[str] = []
    feed = PuzzleFeed(said.append, _Unreadable())  # type: ignore[arg-type]
    queue = feed.queue()
    assert queue.puzzles and all(p.builtin for p in queue.puzzles)
    assert said == ["Your puzzles could not be read from the library."]
    assert feed.queue() is queue and len(said) == 1  # read once, said once


# ----- a library with rows a damaged file might hold ---------------------------------------


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(folder))
    return folder


def library(data: Path) -> Library:
    return Library(data / "library.sqlite3")


def spoil(data: Path, sql: str, *values: object) -> None:
    """Change the library behind the game's back, as stray bytes in the file might."""
    db = sqlite3.connect(data / "library.sqlite3")
    with db:
        db.execute(sql, values)
    db.close()


def game(transcript: str, black: str = "Ann", start: Board | None = None) -> GameRecord:
    board = (start or Board()).copy()
    moves = [parse_square(move) for move in transcript.split()]
    for sq in moves:
        board.push_square(sq)  # a legal game, or the test is wrong
    return GameRecord(start or Board(), moves, black, "Bob", "2024-05-01")


def bad_text(text: str) -> bytes:
    """``text`` as UTF-8 with a byte that never is (0xff) in place of each "?"."""
    return text.encode().replace(b"?", b"\xff")


def own_puzzle(number: int, **changes: Any) -> dict[str, Any]:
    """A puzzle of the player's (a built-in position under an id of the player's kind)."""
    data = builtin_puzzles()[number].to_data()
    data.update(id=f"game-{number:012x}-{number}", origin="Your game, move 20 (mistake)")
    data.update(changes)
    return data


def put_puzzles(data: Path, rows: dict[str, bytes | str]) -> None:
    with library(data):
        pass  # made, migrated
    for pid, text in rows.items():
        stored = "CAST(? AS TEXT)" if isinstance(text, bytes) else "?"
        spoil(data, f"INSERT INTO puzzles (id, data) VALUES (?, {stored})", pid, text)


def own_loaded(data: Path) -> tuple[list[Puzzle], str | None]:
    with library(data) as lib:
        queue, notice = puzzle_store.load(lib)
    return [p for p in queue.puzzles if not p.builtin], notice


def test_a_byte_that_is_not_utf8_costs_its_field_or_its_puzzle_never_the_table(
    data: Path,
) -> None:
    """One bad byte in a puzzle's words is a "\ufffd" there; in its JSON's frame, that puzzle;
    in its id, nothing (the id is the JSON's). Before: the whole table, every puzzle."""
    put_puzzles(
        data,
        {
            "game-a": bad_text(json.dumps(own_puzzle(0, origin="Your game, move ?"))),
            "game-b?": json.dumps(own_puzzle(1)),
            "game-c": bad_text(json.dumps(own_puzzle(2))[:-1] + "?"),
            "game-d": json.dumps(own_puzzle(3)),
        },
    )
    spoil(data, "UPDATE puzzles SET id = CAST(? AS TEXT) WHERE id = 'game-b?'", b"game-b\xff")
    puzzles, notice = own_loaded(data)
    assert [p.id for p in puzzles] == [own_puzzle(n)["id"] for n in (0, 1, 3)]
    assert puzzles[0].origin == "Your game, move \ufffd"
    assert notice is not None and notice.startswith("1 of your puzzles could not be read")


def test_a_puzzle_row_is_checked_for_types_ranges_nesting_and_size(data: Path) -> None:
    """What the library screen asks of a game's row, asked of a puzzle's: each of these is
    left out, counted, and the good one kept (before: kept, or a crash later)."""
    lone_a1 = "X" + Board().to_string()[1:]  # the start and a disc no game could have put
    hostile = {
        "scores": own_puzzle(1, scores={"d3": 10**30}),
        "best_score": own_puzzle(2, best_score=-(10**6)),
        "due": own_puzzle(3, due=10**40),
        "right": own_puzzle(4, right=1 << 60),
        "id": own_puzzle(5, id="game-" + "9" * 10_000),
        "position": own_puzzle(
            6, position=lone_a1, best="d3", best_score=0, played="", scores={"d3": 0}
        ),
    }
    rows: dict[str, bytes | str] = {name: json.dumps(p) for name, p in hostile.items()}
    rows["nested"] = "[" * 100_000 + "]" * 100_000
    rows["huge"] = json.dumps(own_puzzle(7, game="x" * 3_000_000))
    rows["good"] = json.dumps(own_puzzle(8, game="y" * 5_000, origin="Your\x00 game\n, move 3"))
    put_puzzles(data, rows)
    spoil(data, "INSERT INTO meta (name, value) VALUES ('puzzles.turn', ?)", "9" * 400)
    with library(data) as lib:
        queue, notice = puzzle_store.load(lib)
    own = [p for p in queue.puzzles if not p.builtin]
    assert [p.id for p in own] == [own_puzzle(8)["id"]]
    assert own[0].game == "" and own[0].origin == "Your game , move 3"
    assert notice is not None and notice.startswith("8 of your puzzles could not be read")
    assert queue.turn == 0  # a clock of 400 digits is no clock


def put_drills(data: Path, rows: list[tuple[object, ...]]) -> None:
    with library(data):
        pass
    for row in rows:
        marks = ", ".join("CAST(? AS TEXT)" if isinstance(v, bytes) else "?" for v in row)
        spoil(
            data,
            "INSERT INTO drills (line, box, due, right_count, wrong_count, last_right) "
            f"VALUES ({marks})",
            *row,
        )


def test_a_drill_row_is_checked_and_a_bad_byte_costs_that_row(data: Path) -> None:
    put_drills(
        data,
        [
            ("f5d6", 2, 7, 1, 0, 1),
            (b"f5\xff6", 1, 0, 0, 0, None),  # not UTF-8: before, the whole table
            ("f5e6", b"\xff", 0, 0, 0, None),  # a box of text that is not UTF-8
            ("f5f5", 1, 0, 0, 0, None),  # squares, but no game plays them
            ("f5f6", 1, 1 << 62, 0, 0, None),  # a count no player reaches
            ("f5f4", 1, 0, 0, 0, 7),  # the last answer neither right nor wrong
            ("f5" * 500, 1, 0, 0, 0, None),
        ],
    )
    spoil(data, "INSERT INTO meta (name, value) VALUES ('drills.turn', ?)", "-3")
    with library(data) as lib:
        schedule, notice = drill_store.load(lib)
    assert list(schedule.cards) == ["f5d6"]
    assert schedule.cards["f5d6"] == Card(2, 7, 1, 0, True)
    assert notice is not None and notice.startswith("6 of your drilled positions")
    assert schedule.turn == 0


def test_my_openings_read_only_lines_that_are_moves(data: Path) -> None:
    """ "My openings" (the drills' MINE) from games whose stored line is text, a number, bytes
    that are no squares or moves no game plays: those are left out, the rest read (before:
    TypeError or StopIteration on the reader thread, which then died)."""
    with library(data) as lib:
        for n, moves in enumerate(["f5 d6 c3 d3 c4", "f5 f6 e6 f4", "d3 c5 f6", "e6 f4 e3", "c4"]):
            lib.add(game(moves, black=f"p{n}"), "played here")
    spoil(data, "UPDATE games SET line = 'abc' WHERE black = 'p1'")
    spoil(data, "UPDATE games SET line = 5 WHERE black = 'p2'")
    spoil(data, "UPDATE games SET line = ? WHERE black = 'p3'", bytes([37, 200, 3]))
    spoil(data, "UPDATE games SET line = ? WHERE black = 'p4'", bytes([37, 37]))
    book = load_openings()[0]
    with library(data) as lib:
        lines = drill_store.my_lines(lib, book)
    f5 = parse_square("f5")
    first = tuple(parse_square(m) for m in "f5 d6 c3 d3 c4".split())
    assert lines == on_the_book(book, [first, (f5,)])  # p0's, and p3's and p4's first moves
    assert {format_transcript(line)[:4] for line in lines} == {"f5d6", "f5"}


# ----- the games: the screen's checks, and the position as every door checks it --------


def test_a_games_row_with_a_bad_byte_is_listed_and_exported(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name that is not UTF-8 costs that name's byte: ``othello games`` lists every game
    and ``othello export`` writes it (before: "the library cannot be used")."""
    with library(data) as lib:
        first = lib.add(game("f5 d6 c3", black="Ann"), "played here")
        lib.add(game("f5 f6", black="Cy"), "played here")
    spoil(data, "UPDATE games SET black = CAST(? AS TEXT) WHERE id = ?", b"A\xffn", first)
    spoil(data, "UPDATE games SET memo = CAST(? AS TEXT) WHERE id = ?", b"\xfe\xff", first)
    assert cli.main(["games", "--json"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sorted(row["black"] for row in listed) == ["A\ufffdn", "Cy"]
    assert cli.main(["export", str(first), "--format", "ggf"]) == 0
    out = capsys.readouterr().out
    assert "PB[A\ufffdn]" in out and "C[\ufffd\ufffd]" in out


def test_a_start_no_game_can_reach_is_a_damaged_row(data: Path) -> None:
    """A set-up start that no game reaches (kept by an import that did not check it) is
    listed as damaged: it does not open to be played on and lost at the next start."""
    lone_a1 = Board.from_string("X" + Board().to_string()[1:])
    with library(data) as lib:
        kept = lib.add(game("f5", start=lone_a1), "old.ggf")
        assert kept is not None
        found = entry_or_damage(lib, kept)
    assert isinstance(found, Damaged) and found.damage.flaw is Flaw.START


def test_a_ggf_game_from_a_position_no_game_reaches_is_not_imported(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lone_a1 = Board.from_string("X" + Board().to_string()[1:])
    impossible = format_ggf(lone_a1, game("f5", start=lone_a1).moves, {"PB": "Ann"})
    fine = format_ggf(Board(), game("f5 d6").moves, {"PB": "Bo"})
    path = tmp_path / "two.ggf"
    path.write_text(f"{impossible}\n{fine}\n", encoding="utf-8")
    assert cli.main(["import", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["added"], report["skipped"]) == (1, 1)
    assert report["first_error"] == (
        "game 1: Impossible position: the disc on a1 is not connected to the others"
    )


def test_the_library_screen_s_page_survives_a_bad_byte_in_any_column(data: Path) -> None:
    """The list's page (``query.rows``) with a start, a result and moves holding bytes that
    are not UTF-8: those rows are listed as damaged, the page is read (before: the page, and
    every page after it, failed)."""
    with library(data) as lib:
        ids = [lib.add(game("f5 d6", black=name), "played here") for name in "ABCD"]
    for column, game_id in zip(("start", "result", "moves"), ids, strict=False):
        spoil(data, f"UPDATE games SET {column} = CAST(? AS TEXT) WHERE id = ?", b"\xff", game_id)
    with library(data) as lib:
        page = {row.black: row for row in query.rows(lib, query.Filter(), 0, 10)}
    assert sorted(page) == ["A", "B", "C", "D"]
    assert {name: row.damage.flaw for name, row in page.items() if row.damage} == {
        "A": Flaw.START,
        "B": Flaw.RESULT,
        "C": Flaw.MOVES,
    }


def test_the_explorer_s_mine_reads_lines_and_results_as_if_hostile(data: Path) -> None:
    """ "Mine" (X four times) over games whose result is 1e308 (the sum was inf: OverflowError
    on the reader thread) or whose line holds a byte that is no square or no move there:
    those count in no figure, the sound games are counted."""
    with library(data) as lib:
        for n, moves in enumerate(["f5 d6 c3", "f5 d6 c5", "f5 d6 c6", "f5 d6 c4", "f5 d6 c7"]):
            lib.add(game(moves, black=f"p{n}"), "played here")
    spoil(data, "UPDATE games SET finished = 1")  # as finished games: "mine" counts no other
    spoil(data, "UPDATE games SET result = 1e308 WHERE black IN ('p1', 'p2')")
    spoil(data, "UPDATE games SET line = ? WHERE black = 'p3'", bytes([37, 43, 200]))
    spoil(data, "UPDATE games SET line = ? WHERE black = 'p4'", bytes([37, 43, 37]))
    f5, d6 = parse_square("f5"), parse_square("d6")
    with library(data) as lib:
        found = query.mine(lib, (f5, d6))
    assert found is not None
    assert [(format_transcript([m.square]), m.games) for m in found.moves] == [("c3", 1)]
    assert found.games == 1
