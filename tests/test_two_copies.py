"""Two copies of the game on one data folder, and files that could not be read: nothing is
lost (issue 36, items 1, 4, 8 and the autosave's part of 14; issue 41: the games in the
library).

Each window here is a real App with the autosave attached; "quitting" is ``app.close()``,
which is what the window does when its loop ends.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.files import game_files, paths
from othello.app.library import held_games
from othello.app.library.database import Library, LibraryDamaged, library_path
from othello.app.library.puzzle_store import PuzzleStore
from othello.app.settings.keys import Settings
from othello.core.board import Board
from othello.core.game import Game
from support.files_window import attached_window_maker, frames, isolate, toast_texts
from support.kept_games import keep, line, old_autosave, resumed
from support.patience import PATIENCE

TWO = Settings(mode="two-players", sound=False, animation=False)


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)


@pytest.fixture
def window() -> Iterator[Callable[..., Any]]:
    """A window with the autosave attached (it resumes, as at a start)."""
    yield from attached_window_maker(TWO)


def data() -> Path:
    return paths.user_data_dir()


# ----- item 1: two windows at once ---------------------------------------------------------


def test_two_windows_on_one_folder_keep_both_games(window: Callable[..., Any]) -> None:
    first = window()
    second = window()
    assert "Othello is already open in another window" in toast_texts(second)
    assert "keeps its game apart" in toast_texts(second)  # told plainly
    assert "already open" not in toast_texts(first)
    first.session.play("f5")
    second.session.play("d3")
    second.close()  # B quits first, then A: A's game used to be the one lost
    first.close()
    assert resumed(1) is not None and resumed(2) is not None
    again = window()  # the next start: A's game resumes, B's waits behind Undo
    assert again.session.game.transcript() == "f5"
    assert "The game left in another window is behind Undo (U)." in toast_texts(again)
    assert again.session.undo() and again.session.game.transcript() == ""
    assert again.session.undo() and again.session.game.transcript() == "d3"
    again.close()
    assert line(2) == ([], None)  # taken over: no longer left behind
    games, board = line(1)
    assert [g.moves for g in games] == [[19], [37]] and board == 0  # d3 on the board, f5 undone


def test_a_copy_that_crashed_lets_go_of_its_place(tmp_path: Path) -> None:
    from othello.app.library import copies as instances

    folder = tmp_path / "shared"
    held = subprocess.run(  # a copy that takes the first place and dies without letting go
        [sys.executable, "-c", "import os, sys\nfrom othello.app.library import copies as instances\n"
         f"i = instances.claim(__import__('pathlib').Path({str(folder)!r}))\n"
         "print(i.number, flush=True)\nos._exit(9)"],
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert held.stdout.strip() == "1" and held.returncode == 9
    me = instances.claim(folder)
    try:
        assert me.number == 1  # the system let go of the dead copy's lock
        other = instances.claim(folder)
        assert other.number == 2 and other.slot == 2
        other.release()
    finally:
        me.release()


def test_puzzle_answers_from_two_windows_are_merged(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    mine, theirs = PuzzleStore(path), PuzzleStore(path)
    queue_a, _ = mine.load()  # both opened Puzzles before either answered
    queue_b, _ = theirs.load()
    answered_in_a = []
    for _ in range(3):
        puzzle = queue_a.next()
        assert puzzle is not None
        queue_a.answer(puzzle, right=True)
        answered_in_a.append(puzzle.id)
        assert mine.save(queue_a) is None
    answered_in_b = queue_b.puzzles[-1]
    queue_b.answer(answered_in_b, right=False)
    assert theirs.save(queue_b) is None  # used to write over A's three answers
    stored, _ = PuzzleStore(path).load()
    by_id = {p.id: p for p in stored.puzzles}
    assert all(by_id[i].right == 1 for i in answered_in_a)
    assert by_id[answered_in_b.id].wrong == 1
    assert stored.turn == 4  # both windows' answers counted


def test_saving_in_the_same_second_as_another_window_never_overwrites(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = game_files.games_dir()
    games.mkdir(parents=True)
    taken = games / "othello-20261125-210230.txt"
    taken.write_text("c4\n")  # the other window's save, made a moment ago
    monkeypatch.setattr(game_files.time, "strftime", lambda fmt, *a: "20261125-210230")
    # Both windows looked before either wrote: the name seemed free to this one too.
    real_exists = Path.exists
    monkeypatch.setattr(Path, "exists", lambda self: False if self == taken else real_exists(self))
    path = game_files.save_game(Game.from_transcript("f5d6"))
    assert taken.read_text() == "c4\n"
    assert path != taken and path.read_text() == "f5d6\n"


# ----- item 4: a file that could not be read is never written over ----------------------------


def refuse_reading(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """``target`` cannot be opened for reading (Permission denied), as a chmod 000 file is
    for anyone but root (the tests run as root, so the refusal is made here)."""
    real_os_open, real_path_open = os.open, Path.open

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(path) == target and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied", str(path))
        return real_os_open(path, flags, *args, **kwargs)

    def path_open(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if self == target and "r" in mode:
            raise PermissionError(13, "Permission denied", str(self))
        return real_path_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(Path, "open", path_open)


def test_an_unreadable_old_autosave_is_set_aside_never_written_over(
    window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = old_autosave(Game.from_transcript("f5d6c3"))
    original = path.read_bytes()
    with monkeypatch.context() as patch:
        refuse_reading(patch, path)
        app = window()
    frames(app, 2)
    assert "could not be read (Permission denied)" in toast_texts(app)
    app.session.play("e6")
    kept = [p for p in data().iterdir() if p.is_file() and p.read_bytes() == original]
    assert kept and kept[0].name == "autosave.json.damaged"


def test_set_aside_copies_are_numbered_never_overwritten(window: Callable[..., Any]) -> None:
    data().mkdir(parents=True)
    (data() / "autosave.json.damaged").write_text("an earlier damaged save")
    (data() / "autosave.json").write_text("{ damaged")
    app = window()
    frames(app, 2)
    assert "kept as autosave.json.damaged-2" in toast_texts(app)
    assert (data() / "autosave.json.damaged").read_text() == "an earlier damaged save"
    assert (data() / "autosave.json.damaged-2").read_text() == "{ damaged"


def test_malformed_on_one_connection_of_a_whole_file_sets_nothing_aside_and_keeps_the_games(
    window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite says "malformed" to one connection in the middle of a game, but the file checks
    whole from a fresh one (issue 50: an error on one connection is no proof of damage): the
    library stays where it is, the connection is made anew, and the window's games are
    written whole. (A file really damaged is set aside: test_library.)"""
    app = window()
    app.session.play("f5")
    app.session.play("d6")
    app.session.new_game()
    app.session.play("c4")
    assert app.library.flush(PATIENCE)
    real_write, damaged = held_games.write, [True]

    def write(library: Library, changes: Any) -> None:
        if damaged.pop() if damaged else False:
            library.db.close()  # as good as gone: nothing of it can be copied over
            raise LibraryDamaged("database disk image is malformed")
        real_write(library, changes)

    monkeypatch.setattr(held_games, "write", write)
    app.session.play("c3")
    frames(app, 3)
    app.close()
    games, board = line()
    assert [g.transcript() for g in games] == ["f5d6", "c4c3"] and board == 1
    aside = [p.name for p in data().iterdir() if p.name.startswith("library.sqlite3.damaged-")]
    assert not aside


# ----- item 8: what Undo brings back survives a restart ------------------------------------


def test_n_then_quit_keeps_the_game_undo_brings_back(window: Callable[..., Any]) -> None:
    app = window()
    app.session.play("f5")
    app.session.play("d6")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    frames(app, 1)
    assert app.session.board == Board()
    app.close()
    again = window()
    assert again.session.board == Board()
    assert "Undo (U) brings back the one before: a game of 2 moves" in toast_texts(again)
    assert again.session.undo() and again.session.game.transcript() == "f5d6"


# ----- item 14, the autosave's part ----------------------------------------------------------


def test_a_linked_library_stays_a_link(window: Callable[..., Any], tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "my-library.sqlite3"
    target.parent.mkdir()
    keep(Game.from_transcript("f5"), path=target)
    data().mkdir(parents=True, exist_ok=True)
    library_path().symlink_to(target)
    app = window()
    app.session.play("d6")
    app.close()
    assert library_path().is_symlink()
    back = resumed(path=target)
    assert back is not None and back.transcript() == "f5d6"


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_an_old_autosave_with_a_byte_order_mark_is_read(
    window: Callable[..., Any], encoding: str
) -> None:
    path = old_autosave(Game.from_transcript("f5d6"))
    path.write_bytes(path.read_text(encoding="utf-8").encode(encoding))
    app = window()
    assert app.session.game.transcript() == "f5d6"


def test_a_closed_window_lets_go_of_its_place(window: Callable[..., Any]) -> None:
    first = window()
    first.close()  # the next window is the first copy again, with the usual autosave
    second = window()
    assert "already open" not in toast_texts(second)


def test_starting_with_a_file_keeps_the_autosaved_game_behind_undo(
    window: Callable[..., Any], tmp_path: Path
) -> None:
    keep(Game.from_transcript("f5d6"))
    chosen = tmp_path / "chosen.txt"
    chosen.write_text("c4c3\n")
    app = window(start=chosen)  # othello --load chosen.txt
    assert app.session.game.transcript() == "c4c3"
    assert "Undo (U) brings back the game you were playing" in toast_texts(app)
    app.close()
    back = resumed()
    assert back is not None and back.transcript() == "c4c3"
    again = window()
    assert again.session.undo() and again.session.game.transcript() == "f5d6"  # not lost
