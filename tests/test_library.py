"""The game library's file: its schema, games in and out, duplicates, deleting with undo,
filters and orders, the explorer's "mine", and everything that goes wrong with a file: a
damaged one, a locked one, two writers at once, an import killed half-way."""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from othello.app.library.database import (
    MIGRATIONS,
    PURGE_DAYS,
    Library,
    LibraryBusy,
    LibraryDamaged,
)
from othello.app.library.file_faults import open_library, reopen_damaged
from othello.app.library.game_records import GameRecord, records_from_text
from othello.app.library.importing import import_file
from othello.app.library.query import Filter, count, ids, mine, rows
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.core.notation import parse_square
from othello.gui.model import library_words as words
from support.ggs_records import FANGR, HERCULE, SAIO, SYNCHRO
from support.library_screen import record

REAL = "\n".join([SAIO, HERCULE, SYNCHRO, FANGR])  # five games


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def library(tmp_path: Path) -> Library:
    return Library(tmp_path / "library.sqlite3")


def test_a_new_library_has_its_schema_version_and_wal(library: Library) -> None:
    assert library.execute("PRAGMA user_version")[0][0] == len(MIGRATIONS)
    assert library.execute("PRAGMA journal_mode")[0][0] == "wal"
    names = {
        row[0] for row in library.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
    }
    assert {"games_key", "games_list", "games_black", "games_white", "games_line"} <= names


def test_a_newer_library_is_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    with pytest.raises(Exception, match="newer version"):
        Library(path)


def test_importing_a_file_twice_adds_nothing_twice(library: Library, tmp_path: Path) -> None:
    path = write(tmp_path / "real.ggf", REAL)
    first = import_file(library, path)
    assert (first.added, first.duplicates, first.skipped, first.first_error) == (5, 0, 0, None)
    again = import_file(library, path)
    assert (again.added, again.duplicates) == (0, 5)
    assert library.total() == 5


def test_a_game_comes_back_as_it_went_in(library: Library) -> None:
    (game,) = [g for g in records_from_text(FANGR).items if isinstance(g, GameRecord)]
    game_id = library.add(game, "fangr.ggf")
    assert game_id is not None
    entry = library.get(game_id)
    assert entry is not None
    assert (entry.black, entry.white, entry.date, entry.result, entry.source) == (
        "fangr", "patzer", "2000-04-16 11:13", -40, "fangr.ggf"
    )  # fmt: skip
    assert list(entry.moves) == game.moves and entry.notes == game.notes
    assert entry.tags["RE"] == "-40.00" and entry.opening is not None


def test_one_bad_game_costs_that_game_only(library: Library, tmp_path: Path) -> None:
    bad = SAIO.replace("W[c5//0.01]", "W[a1//0.01]")
    path = write(tmp_path / "mixed.ggf", "\n".join([HERCULE, bad, FANGR]))
    report = import_file(library, path)
    assert (report.added, report.skipped) == (2, 1)
    assert report.first_error is not None and report.first_error.startswith("game 2:")


def test_delete_and_undo_and_purge_later(library: Library) -> None:
    first = library.add(record("f5d6c3"), "here")
    second = library.add(record("f5f6e6"), "here")
    assert first is not None and second is not None
    library.delete([first], now=1000.0)
    assert library.get(first) is None and library.total() == 1
    assert library.restore([first]) == 1 and library.total() == 2
    library.delete([first], now=1000.0)
    assert library.purge(now=1000.0 + PURGE_DAYS * 86400 - 1) == 0  # still undoable
    assert library.purge(now=1000.0 + PURGE_DAYS * 86400 + 1) == 1
    assert library.restore([first]) == 0


def test_a_deleted_game_imported_again_is_added_and_undo_keeps_one(library: Library) -> None:
    game_id = library.add(record("f5d6c3"), "here")
    assert game_id is not None
    library.delete([game_id])
    again = library.add(record("f5d6c3"), "here")
    assert again is not None and again != game_id
    assert library.restore([game_id]) == 0 and library.total() == 1  # no duplicate back


@pytest.mark.parametrize("language", ["ja", "en"])  # ja names openings its own way
def test_an_opening_is_found_by_its_name_in_the_players_language(
    library: Library, language: str
) -> None:
    from othello.app import i18n
    from othello.gui.model import library_words as words

    library.add(record("f5d6c3d3c4", "Ann", "Bob", "2023-01-02"), "played here")  # the Tiger
    library.add(record("f5f6e6f4", "Bob", "Cy", "2024-03-04"), "saved here")
    stored = [r.opening for r in rows(library, Filter(), 0, 10)]
    assert "Tiger" in stored
    i18n.set_language(language)
    try:
        tiger = words.opening_shown("Tiger")  # the name the list shows, and the player types
        assert (tiger == "Tiger") == (language == "en")
        for typed in (tiger, tiger[: max(1, len(tiger) // 2)]):
            found = rows(library, words.stored_filter(Filter(opening=typed)), 0, 10)
            assert "Tiger" in {r.opening for r in found}
            assert all(typed.casefold() in words.opening_shown(r.opening).casefold()
                       or typed.casefold() in r.opening.casefold() for r in found)  # fmt: skip
        assert count(library, words.stored_filter(Filter(opening="Tiger"))) >= 1  # English too
        assert count(library, words.stored_filter(Filter(opening="zzz"))) == 0
    finally:
        i18n.set_language("en")


def test_names_and_memo_change_but_nothing_else(library: Library) -> None:
    game_id = library.add(record("f5d6c3"), "here")
    assert game_id is not None
    library.edit(game_id, black="Ann Smith", memo="my first win")
    entry = library.get(game_id)
    assert entry is not None and (entry.black, entry.memo) == ("Ann Smith", "my first win")
    with pytest.raises(ValueError, match="not a column"):
        library.edit(game_id, result="64")


def resigned(game: GameRecord) -> GameRecord:
    """A game with a result though not played out (a resignation: GGF's RE)."""
    game.tags["RE"] = f"{game.result():+d}"
    return game


def test_filters_and_orders(library: Library) -> None:
    library.add(resigned(record("f5d6c3d3c4", "Ann", "Bob", "2023-01-02")), "played here")
    library.add(resigned(record("f5f6e6f4", "Bob", "Cy", "2024-03-04")), "saved here")
    library.add(resigned(record("f5d6c5", "Dee", "Ann", "2024-05-06")), "wthor.ggf")
    assert count(library, Filter()) == 3
    assert [r.date for r in rows(library, Filter(), 0, 10)] == [
        "2024-05-06",
        "2024-03-04",
        "2023-01-02",
    ]
    assert count(library, Filter(player="ann")) == 2
    assert count(library, Filter(opening="tiger")) == 1
    assert count(library, Filter(date="2024")) == 2 and count(library, Filter(date="2024-03")) == 1
    assert count(library, Filter(source="here")) == 2
    assert count(library, Filter(player="%")) == 0  # the player's text is text, not a pattern
    ann_wins = [r.date for r in rows(library, Filter(player="ann", result="win"), 0, 10)]
    results = {r.date: r.result for r in rows(library, Filter(), 0, 10)}
    expected = [d for d, black, white in (("2024-05-06", "Dee", "Ann"), ("2023-01-02", "Ann", "Bob"))
                if (black == "Ann" and results[d] > 0) or (white == "Ann" and results[d] < 0)]  # fmt: skip
    assert ann_wins == expected
    by_black = Filter().with_order("black", False)
    assert [r.black for r in rows(library, by_black, 0, 10)] == ["Ann", "Bob", "Dee"]
    assert ids(library, Filter(result="draw")) == [
        r.id for r in rows(library, Filter(), 0, 9) if r.result == 0
    ]
    assert Filter(result="maybe").problem() is not None


def test_mine_counts_the_library_games_after_a_line_whatever_its_orientation(
    library: Library,
) -> None:
    for transcript, black_wins in (("f5d6c3", 1), ("d3c5f6", 1), ("f5f6e6", -1), ("e6f4c3", 1)):
        game = record(transcript)
        game_id = library.add(game, "here")
        assert game_id is not None
        library.db.execute(
            "UPDATE games SET result = ?, finished = 1 WHERE id = ?", (black_wins * 10, game_id)
        )
    start = mine(library, [])
    assert start is not None and start.games == 4
    assert {m.square for m in start.moves} == {parse_square(s) for s in ("d3", "c4", "f5", "e6")}
    after_f5 = mine(library, [parse_square("f5")])
    assert after_f5 is not None
    # d3 c5 and e6 f4 are f5 d6 seen in a mirror: three games went d6 after f5, all won
    found = {m.square: (m.games, m.black_wins) for m in after_f5.moves}
    assert found == {parse_square("d6"): (3, 3), parse_square("f6"): (1, 0)}
    after_d3 = mine(library, [parse_square("d3")])  # the same, in the game's own orientation
    assert after_d3 is not None
    assert {m.square: m.games for m in after_d3.moves} == {
        parse_square("c5"): 3,
        parse_square("c3"): 1,  # f5 f6 in the same mirror
    }


def test_a_file_that_is_no_library_is_set_aside_and_a_new_one_begun(tmp_path: Path) -> None:
    path = write(tmp_path / "library.sqlite3", "this is not a database " * 200)
    library, notices = open_library(path)
    assert library.total() == 0 and len(notices) == 1 and "damaged" in notices[0]
    aside = list(tmp_path.glob("library.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").startswith("this is not")
    assert library.add(record("f5d6c3"), "here") is not None


def test_a_library_damaged_in_use_is_set_aside_with_what_can_be_read(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    with Library(path) as library:
        for i in range(400):
            library.add(record("f5d6c3", f"Player {i}", "Bob"), "here")
        library.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    good = path.read_bytes()
    page, scan = 4096, "SELECT sum(length(moves)) FROM games"
    for number in range(len(good) // page // 2, len(good) // page):  # a page of the games
        data = bytearray(good)
        data[number * page : (number + 1) * page] = b"\xff" * page
        path.write_bytes(bytes(data))
        library = Library(path)
        try:
            library.execute(scan)
        except LibraryDamaged:
            break
        library.close()
    else:
        pytest.fail("no page of the file's second half is read by a scan of the games")
    fresh, notice = reopen_damaged(library)
    assert (
        notice is not None
        and "damaged" in notice
        and list(tmp_path.glob("library.sqlite3.damaged-*"))
    )
    assert 0 < fresh.total() <= 400  # what could be read came over; the rest stays in the file kept
    assert fresh.add(record("f5f6e6"), "here") is not None


def test_a_locked_library_says_busy_and_takes_the_game_once_free(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    Library(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    library = Library(path, wait=0.05)
    with pytest.raises(LibraryBusy):
        library.add(record("f5d6c3"), "here")
    holder.execute("ROLLBACK")
    assert library.add(record("f5d6c3"), "here") is not None


def _writer(path: str, name: str, games: int) -> None:
    with Library(Path(path)) as library:
        for i in range(games):
            library.add(record("f5d6c3d3", name, f"opponent {i}"), name)


@pytest.mark.slow
def test_two_windows_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    Library(path).close()
    context = multiprocessing.get_context("spawn")
    writers = [
        context.Process(target=_writer, args=(str(path), name, 150)) for name in ("one", "two")
    ]
    for p in writers:
        p.start()
    for p in writers:
        p.join(120)
        assert p.exitcode == 0
    with Library(path) as library:
        assert count(library, Filter(source="one")) == count(library, Filter(source="two")) == 150


KILLED_IMPORT = """
import sys
from pathlib import Path
from othello.app.library.database import Library
from othello.app.library.importing import import_file

def progress(done, total):
    print("progress", done, flush=True)
    sys.stdin.readline()  # wait to be killed

with Library(Path(sys.argv[1])) as library:
    import_file(library, Path(sys.argv[2]), progress)
"""


@pytest.mark.slow
def test_a_kill_during_an_import_leaves_the_library_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    with Library(path) as library:
        import_file(library, write(tmp_path / "real.ggf", REAL))
    many = "\n".join(
        f"(;GM[Othello]PB[p{i}]PW[q{i}]BO[8 {'-' * 27}O*------*O{'-' * 27} *]B[f5]W[d6]B[c3];)"
        for i in range(1000)
    )
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_IMPORT, str(path), str(write(tmp_path / "many.ggf", many))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().startswith("progress 250")  # a quarter in, mid-transaction
    child.kill()
    child.wait(30)
    with Library(path) as library:
        assert library.total() == 5  # as before the file: none of its games
        report = import_file(library, tmp_path / "many.ggf")
        assert report.added == 1000 and library.total() == 1005


@pytest.mark.slow
def test_one_bad_game_among_ten_thousand(library: Library, tmp_path: Path) -> None:
    lines = [FANGR.replace("PB[fangr]", f"PB[fangr {i}]") for i in range(10_000)]
    lines[4_999] = lines[4_999].replace("W[F4/-48.50/0.93]", "W[A1/-48.50/0.93]")
    report = import_file(library, write(tmp_path / "many.ggf", "\n".join(lines)))
    assert (report.added, report.duplicates, report.skipped) == (9_999, 0, 1)
    assert report.first_error is not None and report.first_error.startswith(
        "game 5000: GGF move 2 (a1)"
    )
    assert library.total() == 9_999


def test_a_game_kept_before_its_end_is_unfinished_never_a_draw(library: Library) -> None:
    """Ctrl+S at 7-7 (issue 41): the list says unfinished, and no result filter finds it."""
    even = record("c4c5f6c3b5g7e3e6c2f3")  # not over, 7 discs each
    assert even.result() == 0 and not even.finished()
    game_id = library.add(even, "saved here")
    assert game_id is not None
    entry = library.get(game_id)
    assert entry is not None and not entry.finished
    for word in ("draw", "black", "white", "win", "loss"):
        assert count(library, Filter(result=word)) == 0, word
    (row,) = rows(library, Filter(), 0, 10)
    assert not row.finished
    assert words.result_cell(row.result, row.finished) == "unfinished"
    board = Board()  # a game played to its end (the first legal move each turn)
    while not board.is_game_over():
        board.push_square(parse_square(board.legal_moves()[0]) if board.legal_moves() else PASS)
    over = GameRecord(Board(), [e.square for e in board.history], "Ann", "Bob", "2024-06-01")
    assert over.finished()
    library.add(over, "played here")
    winner = "draw" if over.result() == 0 else "black" if over.result() > 0 else "white"
    assert count(library, Filter(result=winner)) == 1


def test_mine_counts_only_finished_games(library: Library) -> None:
    """Issue 51, item 5: a game kept before its end has no result; "mine" once counted it as
    a draw (nothing on the board yet decided) or a win (more discs at the time)."""
    finished = library.add(record("f5d6c3"), "here")
    assert finished is not None
    library.db.execute("UPDATE games SET result = 12, finished = 1 WHERE id = ?", (finished,))
    for transcript in ("f5f6e6", "f5d6c4"):  # kept unfinished: left, replaced, saved
        assert library.add(record(transcript), "here") is not None
    start = mine(library, [])
    assert start is not None and start.games == 1
    (move,) = {m.square: m for m in start.moves if m.square == parse_square("f5")}.values()
    assert (move.games, move.black_wins, move.draws) == (1, 1, 0)
