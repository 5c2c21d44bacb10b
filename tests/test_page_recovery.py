"""Rows read straight from a library's pages (issue 50): a real library built through the
game's own writers (games of schema 1 and of today, held games, seats, puzzles, ratings,
drills, meta), at 512-byte pages (every table several pages deep, every game with overflow
pages) and at SQLite's usual 4096; then undamaged, page 1 zeroed, interior pages and a leaf
overwritten, rows only in the -wal, a freed page, and random damage."""

from __future__ import annotations

import itertools
import json
import random
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from othello.app.library import book_store, drill_store, held_games, page_recovery, puzzle_store
from othello.app.library import strength as strength_store
from othello.app.library.database import MIGRATIONS, Library
from othello.app.library.game_records import GameRecord, records_from_text
from othello.app.library.held_games import Changes, PlayerMode, Seat
from othello.app.library.page_recovery import RecoveredRow, recover_rows
from othello.club.rating import Rating
from othello.core.board import Board
from othello.core.notation import square_name
from othello.engine.book import Correction, CorrectionKind, correction
from othello.study.fforum import builtin_puzzles
from support.ggs_records import REAL

GAMES = 600
OLD_GAMES = 5  # written at schema 1: their records hold 17 values, not 18
TABLES = ("games", "held", "seats", "puzzles", "ratings", "drills", "book", "meta")
Rows = dict[tuple[str, int], tuple[object, ...]]


def real_records() -> list[GameRecord]:
    return [g for g in records_from_text("\n".join(REAL)).items if isinstance(g, GameRecord)]


def build(path: Path, page_size: int) -> None:
    """A library with something in every table, as the game writes it."""
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA page_size = {page_size}")
    db.executescript(MIGRATIONS[0])
    for n in range(OLD_GAMES):
        db.execute(
            "INSERT INTO games (key, date, black, white, result, moves, source, added) "
            "VALUES (?, '1999', 'Old', ?, 2, ?, 'old.ggf', 1e9)",
            (n - 10**12, f"Player {n}", bytes(range(19, 40))),
        )
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    base = real_records()
    with Library(path) as library:
        with library.transaction():
            for n in range(GAMES):
                g = base[n % len(base)]
                tags = {**g.tags, "PC": "Tournament " * (n % 30)}
                record = GameRecord(g.start, g.moves, f"Player {n}", g.white, g.date, tags, g.notes)
                library.add(record, "real.ggf", now=1.7e9 + n)
        library.delete(list(range(40, 60)), now=1.8e9)
        library.edit(7, memo="a memo", marks="!?" * 20)
        games = [base[n % len(base)].game() for n in range(45)]
        keys = [1000 + n for n in range(len(games))]
        rows = {
            k: held_games.held_game(g, k, n, '{"b":1}' if n % 2 else None)
            for n, (k, g) in enumerate(zip(keys, games, strict=True))
        }
        held_games.write(library, Changes(1, rows, keys, Seat(keys[-1], PlayerMode.HUMAN_BLACK)))
        other = {7: held_games.held_game(games[0], 7, 0, None, 3)}
        held_games.write(library, Changes(2, other, [7], Seat(7, PlayerMode.WATCH, None, True)))
        puzzles = {p.id: json.dumps(p.to_data(), separators=(",", ":")) for p in builtin_puzzles()}
        puzzle_store.write(library, puzzle_store.PuzzleChanges(puzzles, answers=7))
        rated = [
            strength_store.RatedGame(f"2025-01-{n % 28 + 1:02d}", n % 10 + 1, n % 3 / 2,
                                     1500 + n * 1.25, 80 - n / 4)
            for n in range(120)
        ]  # fmt: skip
        strength_store.write(library, rated, Rating(1650.5, 50.0, 120))
        lines = ["".join(square_name(s) for s in base[0].moves[:n]) for n in range(1, 50)]
        cards = {
            line: (n % 5 + 1, n, n // 2, n // 3, n % 2 or None) for n, line in enumerate(lines)
        }
        drill_store.write(library, drill_store.DrillChanges(cards, answers=49))
        book_store.write(library, book_store.BookChanges.of(corrections(base[0].moves[:50])))
        library.set_meta("taken-in:old.json:0123", "yes")


def corrections(moves: list[int]) -> tuple[Correction, ...]:
    """A player's book corrections of each move of a game (every kind, depth and value)."""
    board, found = Board(), []
    for n, sq in enumerate(moves):
        kind = CorrectionKind(n % 3 + 1)
        found.append(correction(board.player, board.opponent, sq, n - 25, n % 30, kind))
        board.push_square(sq)
    return tuple(found)


@pytest.fixture(scope="module", params=[512, 4096])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp(f"library{request.param}") / "library.sqlite3"
    build(path, request.param)
    assert not path.with_name(path.name + "-wal").exists()  # checkpointed at the close
    return path


def copy(built: Path, folder: Path) -> Path:
    path = folder / "library.sqlite3"
    shutil.copyfile(built, path)
    return path


def sql_rows(path: Path) -> Rows:
    """Every row of every table as SQL reads it."""
    db = sqlite3.connect(path)
    try:
        return {
            (table, row[0]): tuple(row[1:])
            for table in TABLES
            for row in db.execute(f"SELECT rowid, * FROM {table}")
        }
    finally:
        db.close()


def recovered(path: Path) -> Rows:
    rows = recover_rows(path)
    found = {(r.table, r.rowid): r.values for r in rows}
    assert len(found) == len(rows), "one row per table and rowid"
    return found


def pages(path: Path, kind: str) -> list[tuple[str, int]]:
    """(table, page) of each page of this kind ("leaf", "internal", "overflow") of the
    library's tables, in each tree's order."""
    db = sqlite3.connect(path)
    try:
        return [
            (str(name), int(page))
            for name, page in db.execute(
                "SELECT name, pageno FROM dbstat WHERE pagetype = ? ORDER BY name, path", (kind,)
            )
            if name in TABLES
        ]
    finally:
        db.close()


def rows_by_leaf(path: Path) -> dict[int, list[tuple[str, int]]]:
    """Which rows each table leaf holds: a tree's leaves in order hold its rows in rowid
    order, as many as each leaf's cells."""
    db = sqlite3.connect(path)
    try:
        found: dict[int, list[tuple[str, int]]] = {}
        for table in TABLES:
            rowids = [r[0] for r in db.execute(f"SELECT rowid FROM {table} ORDER BY rowid")]
            leaves = db.execute(
                "SELECT pageno, ncell FROM dbstat WHERE name = ? AND pagetype = 'leaf' "
                "ORDER BY path",
                (table,),
            ).fetchall()
            for page, cells in leaves:
                found[page] = [(table, r) for r in rowids[:cells]]
                rowids = rowids[cells:]
            assert not rowids
        return found
    finally:
        db.close()


def page_size(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA page_size").fetchone()[0])
    finally:
        db.close()


def overwrite(path: Path, page: int, data: bytes | None = None) -> None:
    size = page_size(path)
    with path.open("r+b") as f:
        f.seek((page - 1) * size)
        f.write(bytes(size) if data is None else data[:size])


# ----- the tests ------------------------------------------------------------------------------


def test_the_library_is_several_pages_deep_in_every_large_table(built: Path) -> None:
    internal = {name for name, _ in pages(built, "internal")}
    assert "games" in internal
    if page_size(built) == 512:
        assert {"games", "held", "puzzles", "ratings"} <= internal
        assert {name for name, _ in pages(built, "overflow")} >= {"games", "held"}


def test_an_undamaged_library_gives_exactly_the_rows_sql_gives(built: Path) -> None:
    expected = sql_rows(built)
    assert {t for t, _ in expected} == set(TABLES)
    old = [v for (t, _), v in expected.items() if t == "games" and v[10] == "old.ggf"]
    assert len(old) == OLD_GAMES and all(v[17] == 1 for v in old)  # the default, as SQL reads it
    got = recovered(built)
    assert got == expected
    for (table, _), values in got.items():  # REAL columns read back as floats, as SQL gives
        if table == "ratings":
            assert all(type(v) is float for v in values[3:])
    rows = recover_rows(built)
    assert all(isinstance(r, RecoveredRow) for r in rows)
    tables = [r.table for r in rows]
    assert sum(a != b for a, b in itertools.pairwise(tables)) == len(TABLES) - 1  # together
    assert all(a.rowid < b.rowid for a, b in itertools.pairwise(rows) if a.table == b.table)


def test_with_page_1_zeroed_every_row_comes_back_by_its_shape(built: Path, tmp_path: Path) -> None:
    """Page 1 holds the schema (sqlite_master) and the header: with it gone no root is known,
    the page size is guessed, and every leaf is matched to its table by its records."""
    expected = sql_rows(built)
    path = copy(built, tmp_path)
    overwrite(path, 1)
    assert 1 not in rows_by_leaf(built)
    assert recovered(path) == expected


def test_with_interior_pages_of_games_overwritten_every_row_comes_back(
    built: Path, tmp_path: Path
) -> None:
    expected = sql_rows(built)
    path = copy(built, tmp_path)
    rng = random.Random(50)
    inner = [page for name, page in pages(built, "internal") if name == "games"]
    for page in inner:
        overwrite(path, page, rng.randbytes(page_size(path)))
    with pytest.raises(sqlite3.DatabaseError):
        sql_rows(path)  # SQL cannot walk the tree any more
    assert recovered(path) == expected


def test_a_damaged_leaf_costs_its_own_rows_only(built: Path, tmp_path: Path) -> None:
    expected = sql_rows(built)
    by_leaf = rows_by_leaf(built)
    path = copy(built, tmp_path)
    rng = random.Random(7)
    damaged = [page for name, page in pages(built, "leaf") if name in ("games", "held")][3:5]
    for page in damaged:
        overwrite(path, page, rng.randbytes(page_size(path)))
    overwrite(path, 1)  # and the schema too
    lost = {row for page in damaged for row in by_leaf[page]}
    assert lost
    got = recovered(path)
    assert {k: v for k, v in expected.items() if k not in lost} == {
        k: v for k, v in got.items() if k not in lost
    }
    assert all(got.get(k) in (None, expected[k]) for k in lost)


def rows_by_page(path: Path) -> dict[int, set[tuple[str, int]]]:
    """The rows each page of the library's tables holds: a leaf its cells' rows, an overflow
    page the row it continues (dbstat names it by its leaf's path and the cell's number)."""
    by_leaf = rows_by_leaf(path)
    db = sqlite3.connect(path)
    try:
        places = {
            (name, where): page
            for name, where, page in db.execute(
                "SELECT name, path, pageno FROM dbstat WHERE pagetype = 'leaf'"
            )
        }
        found = {page: set(rows) for page, rows in by_leaf.items()}
        for name, where, page in db.execute(
            "SELECT name, path, pageno FROM dbstat WHERE pagetype = 'overflow'"
        ):
            if name in TABLES:
                cell = where.partition("+")[0]
                leaf = places[(name, cell[:-3])]
                found.setdefault(page, set()).add(by_leaf[leaf][int(cell[-3:], 16)])
        return found
    finally:
        db.close()


@pytest.mark.slow  # a recovery a page
def test_each_page_damaged_in_turn_costs_only_the_rows_it_holds(
    built: Path, tmp_path: Path
) -> None:
    """Page 1, every interior page and sixty more spread over the file, each zeroed or
    filled with random bytes in turn: every row of every other page comes back as SQL read
    it, and nothing else. (Every page of both libraries passed the same check once.)"""
    expected = sql_rows(built)
    held = rows_by_page(built)
    size = page_size(built)
    original = built.read_bytes()
    path = tmp_path / "library.sqlite3"
    rng = random.Random(49)
    count = len(original) // size
    inner = [page for _, page in pages(built, "internal")]
    for page in sorted({1, *inner, *range(2, count + 1, max(1, count // 60))}):
        data = bytearray(original)
        data[(page - 1) * size : page * size] = rng.randbytes(size) if page % 2 else bytes(size)
        path.write_bytes(bytes(data))
        got = recovered(path)
        lost = held.get(page, set())
        assert {k: v for k, v in got.items() if k not in lost} == {
            k: v for k, v in expected.items() if k not in lost
        }, page


WRITER = """
import os, sys
from pathlib import Path
from othello.app.library import held_games
from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord
from othello.core.board import Board
from othello.core.game import Game

library = Library(Path(sys.argv[1]))
library.db.execute("PRAGMA wal_autocheckpoint = 0")
moves = [e.square for e in Board.from_transcript("f5d6c3d3c4f4f6f3e6e7").history]
with library.transaction():
    for n in range(40):
        library.add(GameRecord(Board(), moves, "Only", f"In the wal {n}", "2026"), "wal")
game = Game.from_transcript("f5f6e6f4")
row = held_games.held_game(game, 9999, 0)
held_games.write(library, held_games.Changes(3, {9999: row}, [9999], held_games.Seat(9999)))
library.set_meta("last", "in its own transaction")
os._exit(0)  # no close, no checkpoint: the last transactions are only in the -wal
"""


def write_without_checkpoint(path: Path) -> Path:
    subprocess.run([sys.executable, "-c", WRITER, str(path)], check=True, timeout=120)
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 0
    return wal


@pytest.mark.slow  # a fresh interpreter writes the -wal
def test_rows_only_in_the_wal_come_back(built: Path, tmp_path: Path) -> None:
    path = copy(built, tmp_path)
    write_without_checkpoint(path)
    alone = tmp_path / "alone" / "library.sqlite3"
    alone.parent.mkdir()
    shutil.copyfile(path, alone)  # the file without its -wal
    got = recovered(path)
    without = recovered(alone)
    expected = sql_rows(path)  # SQL reads the -wal too (and then checkpoints it)
    assert got == expected
    new = {k for k, v in expected.items() if k[0] == "games" and str(v[4]).startswith("In the wal")}
    assert len(new) == 40 and not new & set(without)
    assert ("last", "in its own transaction") in {v for (t, _), v in got.items() if t == "meta"}
    assert {("held", 9999), ("seats", 3)} <= set(got) - set(without)


@pytest.mark.slow  # a fresh interpreter writes the -wal
def test_a_transaction_whose_commit_frame_is_damaged_is_not_applied(
    built: Path, tmp_path: Path
) -> None:
    path = copy(built, tmp_path)
    wal = write_without_checkpoint(path)
    data = bytearray(wal.read_bytes())
    data[-100] ^= 0xFF  # the last frame: the meta row's transaction, and its commit
    wal.write_bytes(bytes(data))
    got = recovered(path)
    assert not any(
        t == "meta" and v == ("last", "in its own transaction") for (t, _), v in got.items()
    )
    assert ("held", 9999) in got  # the transaction before it stands
    assert (
        sum(str(v[4]).startswith("In the wal") for (t, _), v in got.items() if t == "games") == 40
    )


def test_a_freed_page_does_not_bring_its_rows_back(built: Path, tmp_path: Path) -> None:
    path = copy(built, tmp_path)
    with Library(path) as library:
        library.db.execute("PRAGMA secure_delete = OFF")  # freed pages keep their old bytes
        library.delete(list(range(100, 400)), now=1.0)
        assert library.purge(now=1e10) == 320  # with the 20 deleted when it was built
        assert library.execute("PRAGMA freelist_count")[0][0] > 0
    gone = {("games", n) for n in [*range(40, 60), *range(100, 400)]}
    got = recovered(path)
    assert not gone & set(got)
    assert got == sql_rows(path)
    overwrite(path, 1)  # the freelist is unknown now: the purged rows are on disk still
    back = recovered(path)
    assert gone & set(back)
    assert all(back[k][16] is not None for k in gone & set(back))  # still marked deleted


def test_puzzles_and_meta_are_told_apart(built: Path, tmp_path: Path) -> None:
    path = copy(built, tmp_path)
    overwrite(path, 1)
    got = recovered(path)
    puzzles = [v for (t, _), v in got.items() if t == "puzzles"]
    meta = {v[0]: v[1] for (t, _), v in got.items() if t == "meta"}
    assert puzzles and all(str(v[1]).startswith('{"id":') for v in puzzles)
    assert set(meta) == {"puzzles.turn", "drills.turn", "rating", "taken-in:old.json:0123"}


@dataclass
class Work:
    """What a recovery did: pages read, and bytes of payload decoded into values."""

    reads: int = 0
    decoded: int = 0


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Work:
    done = Work()
    get, record = page_recovery._Pages.get, page_recovery._record

    def counted_get(self: page_recovery._Pages, number: int) -> bytes | None:
        done.reads += 1
        return get(self, number)

    def counted_record(payload: bytes, encoding: str) -> list[object]:
        done.decoded += len(payload)
        return record(payload, encoding)

    monkeypatch.setattr(page_recovery._Pages, "get", counted_get)
    monkeypatch.setattr(page_recovery, "_record", counted_record)
    return done


def bounded(work: Work, file_size: int) -> bool:
    """Each page read a few times at most (once per tree walked, once as a leaf, once as an
    overflow page), and no more payload decoded than the file holds, twice over."""
    return work.reads <= 12 * (file_size // 512 + 1) and work.decoded <= 2 * file_size


@pytest.mark.slow  # a fresh interpreter writes the -wal
def test_damage_never_raises_and_costs_bounded_work(
    built: Path, tmp_path: Path, work: Work
) -> None:
    """Random files, files cut short, random bytes changed in a real library and in its
    -wal: never an exception, every row well formed, the work bounded by the file's size."""
    columns = {t.name: len(t.columns) for t in page_recovery._tables()}
    rng = random.Random(1950)
    original = built.read_bytes()
    size = page_size(built)
    cases: list[bytes] = [b"", b"S", original[:100], original[:size], original[: size * 3 + 7]]
    cases += [rng.randbytes(rng.choice((100, 512, 4096, 50_000))) for _ in range(4)]
    cases += [original[:100] + rng.randbytes(size * 20)]
    for _ in range(12):
        data = bytearray(original)
        for _ in range(rng.choice((1, 10, 200))):
            data[rng.randrange(len(data))] = rng.randrange(256)
        cases.append(bytes(data))
    for _ in range(4):  # page headers and cell pointers: where a wrong byte leads furthest
        data = bytearray(original)
        for page in rng.sample(range(len(data) // size), 8):
            for at in range(12):
                if rng.random() < 0.3:
                    data[page * size + at + (100 if page == 0 else 0)] = rng.randrange(256)
        cases.append(bytes(data))
    path = tmp_path / "library.sqlite3"
    for number, case in enumerate(cases):
        path.write_bytes(case)
        work.reads = work.decoded = 0
        rows = recover_rows(path)
        assert all(len(r.values) == columns[r.table] for r in rows), number
        assert bounded(work, len(case)), (number, work)
    shutil.copyfile(built, path)
    wal = write_without_checkpoint(path)
    good = wal.read_bytes()
    for cut in (0, 31, 32, 100, len(good) // 2, len(good) - 1):
        wal.write_bytes(good[:cut])
        recover_rows(path)
    for _ in range(4):
        data = bytearray(good)
        for _ in range(20):
            data[rng.randrange(len(data))] = rng.randrange(256)
        wal.write_bytes(bytes(data))
        recover_rows(path)


def test_cells_that_all_point_at_one_cell_cost_no_more_than_a_page(
    built: Path, tmp_path: Path, work: Work
) -> None:
    """A leaf whose cell pointers all lead to one cell (with its overflow pages): read as
    one page's worth of cells, its overflow chain followed once."""
    size = page_size(built)
    data = bytearray(built.read_bytes())
    leaves = [page for name, page in pages(built, "leaf") if name == "games"]
    for page in leaves:
        at = (page - 1) * size
        first = int.from_bytes(data[at + 8 : at + 10], "big")
        cells = (first - 8) // 2  # as many pointers as fit before the cell
        data[at + 3 : at + 7] = cells.to_bytes(2, "big") + first.to_bytes(2, "big")
        data[at + 8 : at + 8 + 2 * cells] = first.to_bytes(2, "big") * cells
    path = tmp_path / "library.sqlite3"
    path.write_bytes(bytes(data))
    got = recovered(path)
    assert bounded(work, len(data)), work
    firsts = {by[0] for page, by in rows_by_leaf(built).items() if page in leaves}
    assert {k for k in got if k[0] == "games"} == firsts


def chained(leaves: int, chain: int) -> bytes:
    """A file of 512-byte pages whose ``leaves`` table leaves hold cells that all begin
    the same overflow chain of ``chain`` pages (a cell of a sound file has a chain of its
    own)."""
    size, local = 512, 39  # a payload this large keeps 39 bytes on its leaf
    needed = (chain - 1) * (size - 4) + 500
    cell = varint(local + needed) + b"\x01" + bytes(local) + (2 + leaves).to_bytes(4, "big")
    first = size - len(cell)
    count = (first - 8) // 2
    head = bytes([13, 0, 0]) + count.to_bytes(2, "big") + first.to_bytes(2, "big") + b"\0"
    leaf = head + first.to_bytes(2, "big") * count
    leaf += bytes(first - len(leaf)) + cell
    page1 = bytearray(size)
    page1[:18] = MAGIC_HEADER + size.to_bytes(2, "big")
    page1[100:108] = bytes([13, 0, 0, 0, 0]) + size.to_bytes(2, "big") + b"\0"
    overflow = [
        (n + 1 if n < 1 + leaves + chain else 0).to_bytes(4, "big") + bytes(size - 4)
        for n in range(2 + leaves, 2 + leaves + chain)
    ]
    return bytes(page1) + leaf * leaves + b"".join(overflow)


def varint(value: int) -> bytes:
    groups = []
    while True:
        groups.append(value & 0x7F)
        value >>= 7
        if not value:
            break
    groups.reverse()
    return bytes([g | 0x80 for g in groups[:-1]] + groups[-1:])


MAGIC_HEADER = b"SQLite format 3\0"


def test_an_overflow_chain_is_followed_once_however_many_cells_begin_it(
    tmp_path: Path, work: Work
) -> None:
    path = tmp_path / "library.sqlite3"
    path.write_bytes(chained(leaves=10, chain=200))
    assert recover_rows(path) == []
    assert bounded(work, path.stat().st_size), work
    assert work.reads <= 2 * path.stat().st_size // 512 + 5  # as a leaf, then in the chain


def test_what_is_not_a_file_gives_no_rows(tmp_path: Path) -> None:
    assert recover_rows(tmp_path) == []
    assert recover_rows(tmp_path / "missing") == []
    folder_wal = tmp_path / "x.sqlite3"
    folder_wal.write_bytes(b"")
    (tmp_path / "x.sqlite3-wal").mkdir()
    assert recover_rows(folder_wal) == []
