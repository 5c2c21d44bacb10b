"""The library as SQLite asks it to be used (issue 50): a healthy file never set aside, a
damaged one salvaged row by row, a stray byte costing a character, a file replaced under
the window noticed, and no thread of the window's library ever ended by what it meets."""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
from pathlib import Path
from typing import Any

import pytest

from othello.app.library import file_faults
from othello.app.library.database import MIGRATIONS, Library, LibraryDamaged, LibraryError
from othello.app.library.file_faults import healthy, open_library
from othello.app.library.query import Filter, ids, rows
from othello.gui.services.library_worker import LibraryWorker
from support.library_screen import record
from support.patience import PATIENCE

GAMES = 1500


def library_of(path: Path, games: int = GAMES) -> None:
    """A library of ``games`` games, all in the file itself (the -wal checkpointed)."""
    with Library(path) as library, library.transaction():
        for i in range(games):
            library.add(record("f5d6c3", f"Player {i}", "Bob"), "here")
    with Library(path) as library:
        library.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _rows_by_page(db: sqlite3.Connection, pages: list[int]) -> dict[int, list[int]]:
    """The ids on each leaf page, read from the page's own cells (a table-leaf page: its
    cell pointer array, each cell a payload size then the rowid, both varints)."""
    size = int(db.execute("PRAGMA page_size").fetchone()[0])
    path = db.execute("PRAGMA database_list").fetchone()[2]
    data = Path(path).read_bytes()
    found: dict[int, list[int]] = {}
    for page in pages:
        start = (page - 1) * size
        body = data[start : start + size]
        head = 100 if page == 1 else 0
        cells = int.from_bytes(body[head + 3 : head + 5], "big")
        ids_here = []
        for n in range(cells):
            at = int.from_bytes(body[head + 8 + 2 * n : head + 10 + 2 * n], "big")
            _, at = _varint(body, at)
            rowid, _ = _varint(body, at)
            ids_here.append(rowid)
        found[page] = ids_here
    return found


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError("unreachable")


def damage(path: Path, page: int) -> None:
    """Page ``page`` written over with garbage, its rows with it."""
    size = 4096
    data = bytearray(path.read_bytes())
    data[(page - 1) * size : page * size] = b"\xa5" * size
    path.write_bytes(bytes(data))


def test_a_damaged_page_costs_its_rows_only_the_rows_after_it_are_salvaged(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    library_of(path)
    pages = _pages_of_games(path)
    leaves = sorted(pages)
    middle = leaves[len(leaves) // 2]  # a leaf in the middle of the table
    damage(path, middle)
    lost = set(pages[middle])
    assert healthy(path) is False
    damaged, notices = open_library(path)  # opens: the games' pages are not read yet
    assert notices == []
    with pytest.raises(LibraryDamaged):
        damaged.check()  # the window's first write checks every page
    library, notice = file_faults.reopen_damaged(damaged)
    try:
        assert notice is not None and "damaged" in notice
        kept = set(ids(library, Filter()))
    finally:
        library.close()
    every = set(range(1, GAMES + 1))
    assert kept <= every
    assert every - lost <= kept  # every game on another page came over
    assert len(kept) >= GAMES - len(lost)


def _pages_of_games(path: Path) -> dict[int, list[int]]:
    db = sqlite3.connect(path)
    try:
        pages = [
            int(p)
            for (p,) in db.execute(
                "SELECT pageno FROM dbstat WHERE name = 'games' AND pagetype = 'leaf'"
            )
        ]
        return _rows_by_page(db, pages)
    finally:
        db.close()


def test_a_whole_library_is_never_set_aside_for_one_connection_s_error(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    library_of(path, 10)
    assert healthy(path) is True
    library = Library(path)
    fresh, notice = file_faults.reopen_damaged(library)  # as a worker does on "malformed"
    try:
        assert notice is None
        assert not list(tmp_path.glob("*.damaged-*"))
        assert len(ids(fresh, Filter())) == 10
    finally:
        fresh.close()


@pytest.mark.parametrize("change", ["version -1", "a table missing", "other columns"])
def test_a_library_of_an_impossible_shape_is_set_aside_and_its_games_carried_over(
    tmp_path: Path, change: str
) -> None:
    path = tmp_path / "library.sqlite3"
    library_of(path, 30)
    db = sqlite3.connect(path, isolation_level=None)
    if change == "version -1":
        db.execute("PRAGMA user_version = -1")
    elif change == "a table missing":
        db.execute("DROP TABLE drills")
    else:
        db.execute("ALTER TABLE puzzles ADD COLUMN extra TEXT")
    db.close()
    library, notices = open_library(path)
    try:
        assert len(notices) == 1 and list(tmp_path.glob("library.sqlite3.damaged-*"))
        assert len(ids(library, Filter())) == 30  # carried over, not "cannot be used"
        assert library.execute("PRAGMA user_version")[0][0] == len(MIGRATIONS)
    finally:
        library.close()
    with Library(path) as again:  # and the next start opens it as it is
        assert len(ids(again, Filter())) == 30


def test_a_byte_that_is_not_utf8_costs_a_character_not_the_table(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    library_of(path, 3)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE games SET black = CAST(x'41ff42' AS TEXT) WHERE id = 2")
    db.close()
    with Library(path) as library:
        names = sorted(row.black for row in rows(library, Filter(), 0, 10))
    assert names == ["A\ufffdB", "Player 0", "Player 2"]


def test_a_read_only_shm_left_behind_gets_its_write_permission_back(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    library_of(path, 1)
    shm = Path(f"{path}-shm")
    shm.write_bytes(b"")
    shm.chmod(0o444)
    with Library(path) as library:
        assert shm.stat().st_mode & stat.S_IWUSR
        assert library.add(record("f5f6"), "here") is not None


def test_a_library_with_a_wal_beside_it_is_never_read_as_immutable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "library.sqlite3"
    library_of(path, 1)
    keep_open = Library(path)  # a program that has it open: its -wal is there
    seen: list[str] = []
    real = sqlite3.connect

    def connect(target: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        seen.append(str(target))
        if "immutable" not in str(target):
            raise sqlite3.OperationalError("unable to open database file")  # no -shm here
        return real(target, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    try:
        with pytest.raises(LibraryError):
            Library(path, read_only=True)
    finally:
        keep_open.close()
    assert seen and not any("immutable" in s for s in seen)


# ----- the window's two threads --------------------------------------------------------------


def worker(path: Path, said: list[str]) -> LibraryWorker:
    keeper = LibraryWorker(said.append, path, retry=0.01)
    keeper.wait = 0.2
    return keeper


def settle(keeper: LibraryWorker) -> None:
    assert keeper.flush(PATIENCE)
    keeper.update()


def test_no_exception_ends_the_writer_and_the_next_write_is_made(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    said: list[str] = []
    keeper = worker(path, said)
    try:

        def mistake(library: Library) -> None:
            raise UnicodeEncodeError("utf-8", "\udcff", 0, 1, "surrogates not allowed")

        keeper.write(mistake)
        got: list[Any] = []
        keeper.write(lambda library: library.add(record("f5d6"), "here"), got.append)
        settle(keeper)
        assert got and got[0] is not None  # the writer lived on
        assert any("cannot be used" in s for s in said)  # and said so, once
        answers: list[Any] = []

        def bad_read(library: Library) -> None:
            raise TypeError("a text where a number was")

        keeper.read(bad_read, answers.append)
        keeper.read(lambda library: library.total(), answers.append)
        for _ in range(500):
            keeper.update()
            if answers:
                break
            threading.Event().wait(0.01)
        assert answers == [1]  # the reader lived on too
    finally:
        keeper.close()


def test_a_library_replaced_under_the_window_is_noticed_and_written_anew(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    said: list[str] = []
    keeper = worker(path, said)
    new_file: list[bool] = []
    keeper.on_new_file.append(lambda: new_file.append(True))
    try:
        keeper.write(lambda library: library.add(record("f5d6"), "here"))
        settle(keeper)
        generation = keeper.generation
        for side in ("", "-wal", "-shm"):  # another program puts another library there
            Path(f"{path}{side}").unlink(missing_ok=True)
        library_of(path, 2)
        got: list[Any] = []
        keeper.write(lambda library: library.add(record("c4c3"), "here"), got.append)
        settle(keeper)
        assert keeper.generation > generation and new_file
        assert any("replaced or removed" in s for s in said)
    finally:
        keeper.close()
    with Library(path) as library:
        assert library.total() == 3  # written into the file now at the path


def test_a_save_under_way_when_the_window_closes_is_spooled(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    keeper = worker(path, [])
    started, release = threading.Event(), threading.Event()

    class Changes:
        def __init__(self, text: str) -> None:
            self.text = text

        def __bool__(self) -> bool:
            return True

        def merge(self, later: Changes) -> None:
            self.text += later.text

    def slow_write(library: Library, changes: Changes) -> None:
        started.set()
        release.wait(30)

    try:
        keeper.save("kind", Changes("kept"), slow_write, lambda c: (".test.json", c.text))
        assert started.wait(30)
        keeper.close(wait=0.1)  # the writer is still writing
    finally:
        release.set()
    spooled = list((tmp_path / "library-pending").glob("*.test.json"))
    assert [p.read_text(encoding="utf-8") for p in spooled] == ["kept"]


def test_os_open_is_never_called_on_the_library_by_an_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "library.sqlite3"
    library_of(path, 1)
    opened: list[str] = []
    real = os.open

    def spy(target: Any, *args: Any, **kwargs: Any) -> int:
        opened.append(str(target))
        return real(target, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    with Library(path), Library(path, read_only=True):
        pass
    assert not [p for p in opened if Path(p).name.startswith("library.sqlite3")]


def test_page_one_damaged_every_game_still_comes_over_from_the_pages(tmp_path: Path) -> None:
    """SQL cannot even open a file whose first page is gone; its rows are read from the pages
    (in a process of the reader's own) and every game comes over."""
    path = tmp_path / "library.sqlite3"
    library_of(path, 300)
    damage(path, 1)
    library, notices = open_library(path)
    try:
        assert len(notices) == 1 and "300 games" in notices[0]
        assert set(ids(library, Filter())) == set(range(1, 301))
    finally:
        library.close()


def test_a_wal_that_is_a_folder_is_set_aside_with_the_library_and_its_games_carried_over(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.sqlite3"
    library_of(path, 20)
    Path(f"{path}-wal").mkdir()
    library, notices = open_library(path)
    try:
        assert len(notices) == 1 and len(ids(library, Filter())) == 20
        assert library.add(record("f5f6"), "here") is not None
    finally:
        library.close()
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert any(p.is_dir() for p in aside)  # kept, never deleted


def test_the_library_itself_is_never_read_as_a_file_of_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dropped on the window, imported or loaded by mistake, the library's own file is
    refused by a look, never opened: closing that descriptor would drop the locks of the
    process's connections to it."""
    from othello.app.files import paths
    from othello.app.library.game_records import read_source
    from othello.core.errors import GameTextError

    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))
    path = paths.library_path()
    library_of(path, 2)
    opened: list[str] = []
    real = os.open

    def spy(target: Any, *args: Any, **kwargs: Any) -> int:
        opened.append(str(target))
        return real(target, *args, **kwargs)

    with Library(path):
        monkeypatch.setattr(os, "open", spy)
        for name in (str(path), f"{path}-wal", f"{path}-shm"):
            with pytest.raises(GameTextError, match="the game library itself"):
                read_source(Path(name))
        link = tmp_path / "games.ggf"
        link.symlink_to(path)
        with pytest.raises(GameTextError, match="the game library itself"):
            read_source(link)
    assert not opened


@pytest.mark.parametrize(
    ("clock", "control"),
    [("5+3", "05:00/00:03/"), ("0.5+0", "00:30/00:00/"), ("1", "01:00/00:00/"),
     ("abc", None), ("nan+1", None), ("1e308+0", None)],
)  # fmt: skip
def test_a_clock_becomes_ggs_time_control_or_nothing(clock: str, control: str | None) -> None:
    """A half-minute clock ended N in a traceback (int("0.5")) when the game was kept."""
    from othello.gui.services.library_feed import time_control

    assert time_control(clock) == control
