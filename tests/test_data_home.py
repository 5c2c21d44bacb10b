"""One home for a player's data (issue 41): an afternoon of play through the real window
comes back whole across restarts and a kill; a library that cannot be written keeps the
games in memory and spools them at the close; the library's file at fault (two first opens
at once, another program's tables, a newer schema, a read-only folder, a damaged page met by
the command line) is dealt with as the window deals with it."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello import cli
from othello.app.files import paths
from othello.app.library import puzzle_store
from othello.app.library import strength as strength_store
from othello.app.library.database import (
    MIGRATIONS,
    Library,
    LibraryError,
    LibraryUnusable,
    library_path,
)
from othello.app.library.file_faults import open_library
from othello.app.settings.keys import Settings
from othello.core.board import Board
from othello.core.game import Game
from othello.core.notation import format_transcript, parse_move
from othello.gui.services import persistence
from support.files_window import (
    attached_window_maker,
    frames,
    isolate,
    play_to_the_end,
    stand_in_review,
)
from support.kept_games import line
from support.patience import PATIENCE

AGAINST = Settings(mode="computer", sound=False, animation=False, review_at_end=False, level=3)


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)


@pytest.fixture
def window() -> Iterator[Callable[..., Any]]:
    yield from attached_window_maker(AGAINST)


# ----- an afternoon -------------------------------------------------------------------------


def paste(app: Any, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persistence, "system_text", lambda: text)
    persistence.paste_game(app)


def recorded(app: Any) -> list[str]:
    """Every message the window queues from now on (shown ones expire)."""
    seen: list[str] = []
    queue = app.play.notices.queue

    def recording(toast: Any) -> None:
        seen.append(toast.text)
        queue(toast)

    app.play.notices.queue = recording
    return seen


def lines_of(slot: int = 1) -> tuple[list[tuple[str, int]], int | None]:
    games, board = line(slot)
    return [(format_transcript(g.moves, with_passes=True), g.cursor) for g in games], board


def kept_puzzles_and_rating() -> tuple[int, int]:
    with Library(library_path()) as library:
        queue, _ = puzzle_store.load(library)
        strength, _ = strength_store.load(library)
    return sum(not p.builtin for p in queue.puzzles), strength.rating.games


@pytest.mark.slow
def test_an_afternoon_comes_back_whole_across_restarts(
    window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty games played and reviewed, pastes and an open between them, N after each; the
    window closed and opened again five times: the game where it was, Undo through every
    game replaced, every puzzle, the rating. The line held is far past the 100 KB that the
    old autosave refused."""
    app = window()
    puzzles = 0
    for number in range(20):
        play_to_the_end(app, number)
        puzzles += stand_in_review(app)
        frames(app, 2)  # the puzzles are taken from the finished review
        if number % 4 == 1:
            paste(app, "f5d6c3d3c4f4", monkeypatch)  # a pasted game replaces the finished one
        if number % 4 == 2:
            entry = app.library.read_now(lambda lib: lib.get(1))  # opened from the library
            if entry is not None:
                app.session.set_game(entry.record().game())
        if number % 4 == 3:  # closed and opened again in the middle of the afternoon
            app.close()
            before = lines_of()
            app = window()
            assert lines_of() == before
        app.session.new_game()
    app.session.play("f5")
    frames(app, 4)  # the computer answers
    app.close()
    kept, board = lines_of()
    assert board == len(kept) - 1 and len(kept) >= 15
    with Library(library_path()) as library:
        judged = [json.loads(j) for (j,) in library.execute("SELECT judged FROM held") if j]
    old_size = sum(len(json.dumps(j, indent=1)) for j in judged)  # as the old file held them
    assert old_size > 150_000  # the old autosave refused anything over 100 KB
    own, rated = kept_puzzles_and_rating()
    assert own == puzzles > 0 and rated == 20

    again = window()  # the next start: the game where it was...
    assert (format_transcript(again.session.game.moves, with_passes=True),
            again.session.game.cursor) == kept[-1]  # fmt: skip
    walked = []
    while again.session.undo():  # ...and Undo walks back through every game replaced
        walked.append(again.session.game)
    assert {format_transcript(g.moves, with_passes=True) for g in walked} >= {
        t for t, _ in kept[:-1]
    }
    assert again.play.club.strength.rating.games == 20
    assert sum(not p.builtin for p in again.play.puzzle_feed.queue().puzzles) == puzzles
    again.close()


AFTERNOON_CHILD = """
import sys
from othello.app.settings.keys import Settings
from othello.gui.app import App
from othello.gui.services import persistence
from support.files_window import FirstMoveEngine, frames, play_to_the_end, stand_in_review
from support.patience import PATIENCE

app = App(Settings(mode="computer", sound=False, animation=False, review_at_end=False,
                   level=3), engine_factory=lambda n: FirstMoveEngine(), computer_min_seconds=0.0)
persistence.attach(app)
for number in range(int(sys.argv[1])):
    play_to_the_end(app, number)
    stand_in_review(app)
    frames(app, 2)
    app.session.new_game()
app.session.play("f5")
frames(app, 4)
app.library.flush(PATIENCE)
print("READY", flush=True)
sys.stdin.read()
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_window_killed_after_an_afternoon_loses_nothing(tmp_path: Path) -> None:
    # the child finds the tests' support package (tests/support) on PYTHONPATH
    env = dict(os.environ, OTHELLO_DATA_DIR=str(paths.user_data_dir()),
               OTHELLO_CONFIG_DIR=str(paths.user_config_dir()),
               PYTHONPATH=str(Path(__file__).parent))  # fmt: skip
    child = subprocess.Popen(
        [sys.executable, "-c", AFTERNOON_CHILD, "4"],
        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    guard = threading.Timer(120, child.kill)
    guard.start()
    try:
        said = child.stdout.readline() if child.stdout else ""
        assert said.startswith("READY"), child.stderr.read() if child.stderr else ""
        child.send_signal(signal.SIGKILL)
        assert child.wait(10) == -signal.SIGKILL
    finally:
        guard.cancel()
        child.kill()
        child.wait()
    kept, board = lines_of()
    assert board == len(kept) - 1 == 4 and kept[-1][0].startswith("f5")
    own, rated = kept_puzzles_and_rating()
    assert own > 0 and rated == 4


# ----- a library that cannot be written ---------------------------------------------------------


@pytest.mark.slow
def test_a_library_that_cannot_be_written_keeps_the_game_and_spools_it_at_the_close(
    window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk or a read-only file: said once, the game goes on in memory, and at the
    close whatever was not written goes into the pending spool, which the next start takes
    in whether or not it writes anything."""
    first = window()
    first.close()  # a library with its schema, then it becomes read-only
    real_init = Library.__init__

    def read_only(
        self: Library, path: Path | None = None, wait: float = 5.0, read_only: bool = False
    ) -> None:
        real_init(self, path, wait, read_only=True)

    with monkeypatch.context() as patch:
        patch.setattr(Library, "__init__", read_only)
        app = window()
        said = recorded(app)
        play_to_the_end(app, 3)  # a finished game: the library would keep it
        app.session.new_game()
        app.session.play("f5")
        frames(app, 6)
        assert app.library.flush(PATIENCE)
        frames(app, 2)
        assert sum("Your game library cannot be used" in m for m in said) == 1
        app.close()
    spooled = sorted(p.name for p in (paths.user_data_dir() / "library-pending").iterdir())
    assert any(n.endswith(".held.json") for n in spooled)
    assert any(n.endswith(".ggf") for n in spooled), spooled
    assert any(n.endswith(".ratings.json") for n in spooled), spooled
    assert lines_of() == ([("", 0)], 0)  # the library has none of it...
    again = window()  # ...until the next start, which takes the spool in before it reads
    assert again.session.game.transcript().startswith("f5")
    assert again.session.undo() and again.session.undo() and again.session.game.is_over()
    assert again.play.club.strength.rating.games == 1
    assert again.library.read_now(lambda lib: lib.total()) == 1  # the finished game
    again.close()
    left = sorted(p.name for p in (paths.user_data_dir() / "library-pending").iterdir())
    assert left and all(".taken-in" in n for n in left)  # kept aside, never deleted


def test_a_game_lost_on_time_is_in_the_library(window: Callable[..., Any]) -> None:
    app = window()
    app.session.play("f5")
    frames(app, 3)
    app.session.lose_on_time(app.session.board.side_to_move)
    frames(app, 2)
    assert app.library.flush(PATIENCE)
    (row,) = app.library.read_now(
        lambda lib: lib.execute("SELECT result, finished, tags FROM games")
    )
    assert row[1] == 1 and abs(row[0]) == 64 and "RE=" in row[2]


# ----- the library's file at fault ------------------------------------------------------------


def _open_new(path: str) -> str:
    try:
        Library(Path(path)).close()
    except Exception as err:  # the failure is what the test counts
        return f"{type(err).__name__}: {err}"
    return ""


@pytest.mark.slow
def test_two_programs_opening_a_new_library_at_once_migrate_it_once(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        for attempt in range(10):
            path = tmp_path / f"race-{attempt}.sqlite3"
            problems = [p for p in pool.map(_open_new, [str(path)] * 8) if p]
            assert problems == [], problems
            with Library(path) as library:
                assert library._version() == len(MIGRATIONS)


def test_another_program_s_database_is_set_aside_with_a_clear_notice(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (who TEXT, when_played TEXT)")
        db.execute("INSERT INTO games VALUES ('not', 'ours')")
    with pytest.raises(LibraryUnusable, match="another program's database"):
        Library(path)
    library, notices = open_library(path)
    library.close()
    assert len(notices) == 1 and "could not be used" in notices[0]
    (aside,) = [p for p in tmp_path.iterdir() if p.name.startswith("library.sqlite3.damaged-")]
    with sqlite3.connect(aside) as db:
        assert db.execute("SELECT who FROM games").fetchall() == [("not",)]  # untouched


def test_a_newer_version_s_library_is_set_aside_not_used(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    Library(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    library, notices = open_library(path)
    library.close()
    assert "newer version of the game" in notices[0]
    assert any(p.name.startswith("library.sqlite3.damaged-") for p in tmp_path.iterdir())


def test_a_library_that_may_only_be_read_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder the player cannot write to (as root, every folder can be written to: the
    refusal is made here): ``othello games`` still lists the games; a write is refused."""
    from support.kept_games import keep

    keep(Game.from_transcript("f5d6"), path=library_path())
    with Library(library_path()) as library:
        library.add(held_games_record(), "played here")
    for side in ("-wal", "-shm"):
        assert not library_path().with_name(library_path().name + side).exists()
    real_init = Library.__init__

    def refusing(
        self: Library, path: Path | None = None, wait: float = 5.0, read_only: bool = False
    ) -> None:
        if not read_only:
            raise LibraryError("attempt to write a readonly database")
        real_init(self, path, wait, read_only)

    monkeypatch.setattr(Library, "__init__", refusing)
    monkeypatch.setattr("othello.app.library.file_faults.Library.__init__", refusing, raising=False)
    assert cli.main(["games", "--json"]) == 0
    library = Library(library_path(), read_only=True)
    with pytest.raises(LibraryError):
        library.set_meta("x", "y")
    library.close()


def held_games_record() -> Any:
    from othello.app.library.game_records import GameRecord

    return GameRecord(
        Board(), [parse_move(m) for m in ("f5", "d6", "c3")], "Ann", "Bob", "2026-01-01"
    )


def test_the_command_line_sets_a_damaged_page_aside_as_the_window_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with Library(library_path()) as library:
        for n in range(300):
            record = held_games_record()
            record.date = f"2026-01-{n:04d}"
            library.add(record, "played here")
        root = library.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'")[0][0]
        size = library.execute("PRAGMA page_size")[0][0]
        library.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with open(library_path(), "r+b") as file:  # the games table's first page, overwritten
        file.seek((root - 1) * size)
        file.write(b"\xff" * 64)
    status = cli.main(["games"])
    err = capsys.readouterr().err
    assert status == 0 and "The game library was damaged" in err
    assert any(
        p.name.startswith("library.sqlite3.damaged-") for p in library_path().parent.iterdir()
    )
    assert cli.main(["games"]) == 0  # and the next run works on the new one


def test_whatever_the_editor_and_a_load_accept_a_restart_resumes(
    window: Callable[..., Any], tmp_path: Path
) -> None:
    """A composed position played on, then the window closed: it comes back."""
    composed = Board.from_string(
        "-" * 19 + "O" + "-" * 7 + "OX" + "-" * 6 + "XXX" + "-" * 26 + " O"
    )
    app = window()
    app.session.set_game(Game(composed))
    app.session.play(app.session.board.legal_squares()[0])
    app.close()
    again = window()
    assert again.session.game.start == composed and len(again.session.game.moves) >= 1
    assert json
    assert pygame
