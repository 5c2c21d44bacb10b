"""The player's own opening book in the library (issue 55): its table comes with migration 4,
corrections read back as they were written, a row that does not hold up costs that move only,
an undone removal deletes its row, and corrections the library could not take come in from
the spool."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from othello.app.library import book_store
from othello.app.library.book_store import BookChanges
from othello.app.library.database import MIGRATIONS, Library, _statements
from othello.app.library.old_files import take_in
from othello.app.search_service import BoardJob, JobKind, MoveChosen, engine_for, run_job
from othello.core.board import Board
from othello.core.notation import parse_square
from othello.engine.book import Correction, CorrectionKind, correction


def fix(transcript: str, move: str, discs: int, kind: CorrectionKind) -> Correction:
    board = Board.from_transcript(transcript)
    return correction(board.player, board.opponent, parse_square(move), discs, 18, kind)


LEARNED = fix("f5d6", "c3", -12, CorrectionKind.LEARNED)
REMOVED = fix("f5d6c3", "d3", 0, CorrectionKind.REMOVED)
ADDED = fix("c4c5b6d3", "e6", 6, CorrectionKind.ADDED)


def test_the_book_table_comes_with_migration_4_over_a_library_of_schema_3(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for script in MIGRATIONS[:3]:
        for statement in _statements(script):
            db.execute(statement)
    db.execute("PRAGMA user_version = 3")
    db.execute("INSERT INTO drills VALUES ('f5', 2, 7, 1, 0, 1)")
    db.close()
    with Library(path) as library:
        assert library.execute("PRAGMA user_version")[0][0] == 4 == len(MIGRATIONS)
        assert library.execute("SELECT line FROM drills") == [("f5",)]
        assert book_store.load(library) == ((), None)
        book_store.write(library, BookChanges.of((LEARNED,)))
        assert book_store.load(library) == ((LEARNED,), None)


def test_corrections_read_back_oldest_first_and_an_undone_removal_goes(tmp_path: Path) -> None:
    with Library(tmp_path / "library.sqlite3") as library:
        book_store.write(library, BookChanges({book_store.key_of(LEARNED): (-12, 18, 1, 3.0)}))
        book_store.write(library, BookChanges.of((REMOVED, ADDED)))
        assert book_store.load(library)[0] == (LEARNED, REMOVED, ADDED)
        again = fix("f5d6", "c3", -14, CorrectionKind.LEARNED)  # the same move, the c3 image
        book_store.write(library, BookChanges.of((again,)))
        book_store.write(library, BookChanges({book_store.key_of(REMOVED): None}))  # undone
        assert book_store.load(library)[0] == (ADDED, again)
    same = fix("e6f4c3", "c4", 0, CorrectionKind.REMOVED)  # f5d6c3 d3 turned over a1-h8
    assert book_store.key_of(same) == book_store.key_of(REMOVED)


def test_a_book_row_is_checked_and_a_bad_one_costs_that_move(tmp_path: Path) -> None:
    good = book_store.key_of(LEARNED)
    p, o, sq = good.split()
    rows: list[tuple[object, ...]] = [
        (good, -12, 18, 1, 5.0),
        (b"\xff" + good[1:].encode(), 1, 1, 1, 1.0),  # not UTF-8
        (f"{o} {p} {sq}", 1, 1, 1, 1.0),  # the discs swapped: c3 is not White's move there
        (f"{p} {o} 0", 1, 1, 1, 1.0),  # a1 cannot be played there
        (f"{p} {o} 64", 1, 1, 1, 1.0),  # no square
        (f"{p[1:]} {o} {sq}", 1, 1, 1, 1.0),  # 15 digits
        (good.replace(p, "0000001008000000", 1).replace(o, "0000000810000000", 1), 1, 1, 1, 1.0),
        (good + " ", 1, 1, 1, 1.0),
        (f"{p} {o} 37", 99, 1, 1, 1.0),  # no disc difference
        (f"{p} {o} 43", 1, "deep", 1, 1.0),
        (f"{p} {o} 29", 1, 1, 7, 1.0),  # no kind
        (f"{p} {o} 42", 1, 1, 1, "now"),
    ]
    path = tmp_path / "library.sqlite3"
    with Library(path):
        pass
    db = sqlite3.connect(path)
    with db:
        for row in rows:
            marks = ", ".join("CAST(? AS TEXT)" if isinstance(v, bytes) else "?" for v in row)
            db.execute(f"INSERT INTO book VALUES ({marks})", row)
    db.close()
    with Library(path) as library:
        kept, notice = book_store.load(library)
    assert kept == (LEARNED,)
    assert notice is not None and notice.startswith("11 of your opening book's moves")


def test_corrections_the_library_could_not_take_come_in_from_the_spool(tmp_path: Path) -> None:
    spool = tmp_path / "library-pending"
    spool.mkdir()
    changes = BookChanges.of((LEARNED, ADDED))
    changes.rows[book_store.key_of(REMOVED)] = None
    (spool / "20250101-000000.book.json").write_text(changes.to_text(), encoding="utf-8")
    (spool / "20250101-000001.book.json").write_text(
        json.dumps({"format": "othello-book", "version": 1, "rows": {"x": [1, 2, 3, 4.0]}}),
        encoding="utf-8",
    )
    with Library(tmp_path / "library.sqlite3") as library:
        book_store.write(library, BookChanges.of((REMOVED,)))
        taken = take_in(library, tmp_path, [spool])
        kept, _ = book_store.load(library)
    assert set(kept) == {LEARNED, ADDED}
    assert len(taken.notices) == 1 and "could not be read" in taken.notices[0]


def test_a_search_job_plays_from_the_player_s_book_it_carries() -> None:
    """The window hands the corrections to the search process with each job: at f5d6 with
    c3 and c4 corrected to losses, level 14 plays c5 from the book, valued as the book says."""
    board = Board.from_transcript("f5d6")
    bad = tuple(
        correction(board.player, board.opponent, parse_square(m), -30, 16, CorrectionKind.LEARNED)
        for m in ("c3", "c4")
    )
    sent: list[object] = []
    for seed in range(6):
        job = BoardJob(seed, JobKind.THINK, board.to_string(), 14, True, None, bad)
        run_job(job, engine_for, threading.Event(), sent.append)
    chosen = {(o.result.move, o.result.book) for o in sent if isinstance(o, MoveChosen)}
    assert chosen == {("c5", True)}
