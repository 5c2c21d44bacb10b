"""Every page of a real library damaged in turn: the window's start still opens a library,
and what it carries over from the damaged file holds every row of every page that was not
damaged.

The library is built through the game's own writes (games kept and imported, a memo, a
deleted game, the lines of games two windows held, answered puzzles, rated games, drilled
positions). Which rows live on which page is read from the file by SQLite's file format
(``support.sqlite_pages``): a row needs its leaf page and its overflow pages, nothing else
(an interior page, an index page or page 1 holds none of the rows), so a salvage that reads
the file page by page, as ``.recover`` does, keeps every other row.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import Iterable
from pathlib import Path

import pytest

from othello.app.library import book_store, drill_store, held_games, puzzle_store, strength
from othello.app.library.book_store import BookChanges
from othello.app.library.database import Library, LibraryError
from othello.app.library.drill_store import DrillChanges
from othello.app.library.game_records import GameRecord
from othello.app.library.held_games import Changes, PlayerMode, Seat
from othello.app.library.puzzle_store import PuzzleChanges
from othello.core.board import Board
from othello.core.game import Game
from othello.core.notation import format_transcript
from othello.engine.book import CorrectionKind, correction
from othello.gui.services.library_worker import LibraryWorker
from othello.study.fforum import load_builtin
from othello.study.named_openings import to_f5
from support.positions import random_game
from support.sqlite_pages import PageMap, damage, page_map

pytestmark = pytest.mark.slow  # a library of 150 games built, then started at every page twice

TABLES = ("games", "held", "seats", "puzzles", "ratings", "drills", "book", "meta")
GAMES = 150


def build(path: Path) -> None:
    """A library as a player's years leave it, written by the game's own code."""
    rng = random.Random(50)
    with Library(path) as library:
        with library.transaction():  # an import: one transaction
            for n in range(GAMES):
                moves = random_game(1000 + n)
                notes = [f"//{rng.uniform(0, 9):.2f}" for _ in moves] if n % 3 == 0 else []
                record = GameRecord(
                    Board(), moves, f"Player {n % 37}", f"Rival {n % 23}",
                    f"20{10 + n % 15}-{1 + n % 12:02d}-{1 + n % 28:02d}",
                    {"PC": "GGS/os", "TI": "05:00/00:00/00:00"} if n % 2 else {}, notes,
                )  # fmt: skip
                library.add(record, "archive.ggf" if n % 4 else "played here")
        library.edit(7, memo="A long memo typed over many evenings. " * 160)  # overflow pages
        library.edit(9, memo="short")
        library.delete([11, 12])  # deleted, waiting for Undo
        for slot, count in ((1, 12), (2, 3)):
            games = []
            for n in range(count):
                game = Game()
                for sq in random_game(5000 + 100 * slot + n)[: 20 + 3 * n]:
                    game.play(sq)
                games.append(game)
            keys = [held_games.new_key() for _ in games]
            rows = {
                key: held_games.held_game(game, key, seq, _judged(game, rng), game_id=seq + 1)
                for seq, (key, game) in enumerate(zip(keys, games, strict=True))
            }
            held_games.write(
                library, Changes(slot, rows, keys, Seat(keys[-1], PlayerMode.HUMAN_BLACK))
            )
        builtin, _problem = load_builtin()
        answered = {p.id: json.dumps(p.to_data(), separators=(",", ":")) for p in builtin[:30]}
        puzzle_store.write(library, PuzzleChanges(answered, answers=45))
        rated = strength.Strength()
        for n in range(40):
            rated.add(1 + n % 5, (1.0, 0.5, 0.0)[n % 3])
        strength.write(library, rated.history, rated.rating)
        lines = {format_transcript(to_f5(random_game(7000 + n))[: 2 + n % 8]) for n in range(40)}
        answers = {
            line: (1 + n % 5, n, n % 4, n % 3, (None, 0, 1)[n % 3])
            for n, line in enumerate(sorted(lines))
        }
        drill_store.write(library, DrillChanges(answers, answers=60))
        board, fixes = Board(), []
        for n, sq in enumerate(random_game(8000)[:40]):
            kind = CorrectionKind(n % 3 + 1)
            fixes.append(correction(board.player, board.opponent, sq, 20 - n, n % 25, kind))
            board.push_square(sq)
        book_store.write(library, BookChanges.of(tuple(fixes)))
    assert not path.with_name(path.name + "-wal").exists()  # every page in the file itself


def _judged(game: Game, rng: random.Random) -> str:
    """What a window knows of a game's moves, in the shape it keeps it (the search's scores
    after each move, the moves a person placed)."""
    scores = [[k, rng.randint(-20, 20), False] for k in range(1, len(game.moves) + 1)]
    people = list(range(0, len(game.moves), 2))
    data = {"scores": scores, "verdicts": [], "people": people, "book": [], "reviewed": None}
    return json.dumps({**data, "start": game.start.to_string()}, separators=(",", ":"))


def rows_of(path: Path) -> dict[str, dict[int, tuple[object, ...]]]:
    """Every row of every table of a whole file, by rowid."""
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        return {
            table: {int(r[0]): tuple(r[1:]) for r in db.execute(f"SELECT rowid, * FROM {table}")}
            for table in TABLES
        }
    finally:
        db.close()


def carried(path: Path) -> dict[str, list[tuple[object, ...]]] | str:
    """The rows of the library the start left at ``path`` (their rowids aside: a table keyed
    by text may number them anew), or why they cannot be read."""
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as err:
        return f"cannot be opened ({err})"
    try:
        return {table: list(db.execute(f"SELECT * FROM {table}")) for table in TABLES}
    except sqlite3.Error as err:
        return f"cannot be read ({err})"
    finally:
        db.close()


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PageMap]:
    path = tmp_path_factory.mktemp("pristine") / "library.sqlite3"
    build(path)
    return path, page_map(path)


def test_the_library_built_has_every_kind_of_page(pristine: tuple[Path, PageMap]) -> None:
    """The damage below meets interior pages, leaves, overflow pages and indexes."""
    path, pages = pristine
    rows = rows_of(path)
    assert all(rows[table] for table in TABLES)
    assert {r.table for r in pages.rows} == set(TABLES)
    assert len({r.table for r in pages.rows if len(r.pages) > 1}) >= 1  # overflow
    games_pages = {p for p, owner in pages.tree_pages.items() if owner == "games"}
    leaves = {p for r in pages.rows if r.table == "games" for p in r.pages}
    assert games_pages - leaves  # the games table has an interior page above its leaves
    assert any(owner.startswith("games_") for owner in pages.tree_pages.values())
    assert pages.pages == len(set(pages.tree_pages) | {p for r in pages.rows for p in r.pages})


@pytest.mark.parametrize("how", ["garbage", "zeros"])
def test_every_page_damaged_in_turn_costs_only_its_own_rows(
    pristine: tuple[Path, PageMap], tmp_path: Path, how: str
) -> None:
    path, pages = pristine
    before = rows_of(path)
    failures = []
    for page in range(1, pages.pages + 1):
        data = tmp_path / f"{how}-{page}"
        data.mkdir()
        library = data / "library.sqlite3"
        shutil.copyfile(path, library)
        damage(library, page, pages.page_size, how)
        problem = start_like_the_window(library)
        lost = pages.lost_with(page)
        found = carried(library) if problem is None else problem
        if isinstance(found, str):
            failures.append(f"page {page} ({_owner(pages, page)}): {found}")
            continue
        missing = {}
        for table in TABLES:
            have = _counts(found[table])
            kept = (row for rowid, row in before[table].items() if (table, rowid) not in lost)
            wanted = _counts(kept)
            short = sum(n - have.get(row, 0) for row, n in wanted.items() if have.get(row, 0) < n)
            if short:
                missing[table] = short
        if missing:
            said = ", ".join(f"{n} of {table}" for table, n in missing.items())
            failures.append(f"page {page} ({_owner(pages, page)}): {said} missing")
    assert not failures, f"{len(failures)} of {pages.pages} pages:\n" + "\n".join(failures)


def start_like_the_window(path: Path) -> str | None:
    """The window's library at its start, then closed: the game to resume and the rating
    read before the first frame, then the writer's first open (the file checked page by
    page, a damaged one set aside and what can be read of it carried over); what went
    wrong, or None."""
    notices: list[str] = []
    worker = LibraryWorker(notices.append, path)
    try:
        for read in (lambda library: held_games.read(library, 1), strength.load):
            try:
                worker.read_now(read)
            except LibraryError:
                pass  # the window starts with an empty board then
        worker.done_reading_now()
        worker.write(lambda library: None)
        if not worker.flush(wait=60):
            return "the window's library did not open (its writer never got there)"
    finally:
        worker.close()
    if worker.broken is not None:
        return f"the window cannot use the library: {worker.broken}"
    return None


def _counts(rows: Iterable[tuple[object, ...]]) -> dict[tuple[object, ...], int]:
    found: dict[tuple[object, ...], int] = {}
    for row in rows:
        found[row] = found.get(row, 0) + 1
    return found


def _owner(pages: PageMap, page: int) -> str:
    """What the page held: a table's or an index's b-tree page, or an overflow page."""
    if page == 1:
        return "the file's header and its schema"
    owner = pages.tree_pages.get(page)
    if owner is not None:
        leaf = any(page in r.pages and r.table == owner for r in pages.rows)
        return f"{owner} {'leaf' if leaf else 'interior' if owner in TABLES else 'index'}"
    tables = {r.table for r in pages.rows if page in r.pages}
    return f"overflow of {', '.join(sorted(tables))}" if tables else "free"
