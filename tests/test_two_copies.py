"""Two copies of the game on one data folder, and autosaves that could not be read: nothing is
lost (issue 36, items 1, 4, 8 and the autosave's part of 14).

Each window here is a real App with the autosave attached; "quitting" is ``app.close()``,
which is what the window does when its loop ends.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app import autosave, paths, storage
from othello.app.puzzle_store import PuzzleFile
from othello.app.settings import Settings
from othello.board import Board
from othello.game import Game
from othello.gui.services import persistence
from test_launch_gui import attached_window_maker, frames, isolate, toast_texts

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


def every_game_kept() -> list[str]:
    """The transcripts of every game the data folder keeps: autosaves, their Undo shelves,
    saved game files."""
    found = []
    for path in data().glob("autosave*.json"):
        saved = json.loads(path.read_text())
        found.append(saved["moves"])
        found += [g["moves"] for g in saved.get("earlier", []) + saved.get("later", [])]
    found += [p.read_text().strip() for p in (data() / "games").glob("*.txt")]
    return found


# ----- item 1: two windows at once ---------------------------------------------------------


def test_two_windows_on_one_folder_keep_both_games(window: Callable[..., Any]) -> None:
    first = window()
    second = window()
    assert "Othello is already open in another window" in toast_texts(second)
    assert "autosave-2.json" in toast_texts(second)  # told plainly where its game goes
    assert "already open" not in toast_texts(first)
    first.session.play("f5")
    second.session.play("d3")
    second.close()  # B quits first, then A: A's game used to be the one lost
    first.close()
    kept = every_game_kept()
    assert any(t.startswith("f5") for t in kept) and any(t.startswith("d3") for t in kept)
    again = window()  # the next start: A's game resumes, B's is a saved game Ctrl+O opens
    assert again.session.game.transcript() == "f5"
    assert "The game left in another window was saved as" in toast_texts(again)
    saved = storage.game_files()
    assert [p.read_text().strip() for p in saved] == ["d3"]
    assert not (data() / "autosave-2.json").exists()  # kept, so no longer left behind


def test_a_copy_that_crashed_lets_go_of_its_place(tmp_path: Path) -> None:
    from othello.app import instances

    folder = tmp_path / "shared"
    held = subprocess.run(  # a copy that takes the first place and dies without letting go
        [sys.executable, "-c", "import os, sys\nfrom othello.app import instances\n"
         f"i = instances.claim(__import__('pathlib').Path({str(folder)!r}))\n"
         "print(i.number, flush=True)\nos._exit(9)"],
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert held.stdout.strip() == "1" and held.returncode == 9
    me = instances.claim(folder)
    try:
        assert me.number == 1  # the system let go of the dead copy's lock
        other = instances.claim(folder)
        assert other.number == 2 and other.autosave == folder / "autosave-2.json"
        other.release()
    finally:
        me.release()


def test_puzzle_answers_from_two_windows_are_merged(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    mine, theirs = PuzzleFile(path), PuzzleFile(path)
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
    on_disk = {p["id"]: p for p in json.loads(path.read_text())["puzzles"]}
    assert all(on_disk[i]["right"] == 1 for i in answered_in_a)
    assert on_disk[answered_in_b.id]["wrong"] == 1
    assert json.loads(path.read_text())["turn"] == 4  # both windows' answers counted


def test_saving_in_the_same_second_as_another_window_never_overwrites(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = storage.games_dir()
    games.mkdir(parents=True)
    taken = games / "othello-20261125-210230.txt"
    taken.write_text("c4\n")  # the other window's save, made a moment ago
    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20261125-210230")
    # Both windows looked before either wrote: the name seemed free to this one too.
    real_exists = Path.exists
    monkeypatch.setattr(Path, "exists", lambda self: False if self == taken else real_exists(self))
    path = storage.save_game(Game.from_transcript("f5d6"))
    assert taken.read_text() == "c4\n"
    assert path != taken and path.read_text() == "f5d6\n"


# ----- item 4: a save that could not be read is never written over -------------------------


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


def test_an_unreadable_autosave_is_never_written_over(
    window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    storage.autosave(Game.from_transcript("f5d6c3"))
    original = paths.autosave_path().read_bytes()
    with monkeypatch.context() as patch:
        refuse_reading(patch, paths.autosave_path())
        app = window()
    assert "could not be read (Permission denied)" in toast_texts(app)
    app.session.play("e6")  # the first move of the new game is autosaved...
    kept = [p for p in data().iterdir() if p.read_bytes() == original]
    assert kept and kept[0].name == "autosave.json.corrupt"  # ...never over the old one


def test_set_aside_copies_are_numbered_never_overwritten(window: Callable[..., Any]) -> None:
    data().mkdir(parents=True)
    (data() / "autosave.json.corrupt").write_text("an earlier damaged save")
    (data() / "autosave.json").write_text("{ damaged")
    app = window()
    assert "kept as autosave.json.corrupt-2" in toast_texts(app)
    assert (data() / "autosave.json.corrupt").read_text() == "an earlier damaged save"
    assert (data() / "autosave.json.corrupt-2").read_text() == "{ damaged"


def test_an_autosave_damaged_while_the_game_runs_is_kept_and_the_game_saved_at_quit(
    window: Callable[..., Any],
) -> None:
    app = window()
    app.session.play("f5")
    app.session.play("d6")
    paths.autosave_path().write_text("damaged while the game ran")
    app.close()  # nothing more is played: the save at quit is what keeps the game
    resumed, notices = autosave.resume()
    assert resumed is not None and resumed.transcript() == "f5d6" and notices == []
    assert (data() / "autosave.json.kept").read_text() == "damaged while the game ran"


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


def test_a_linked_autosave_stays_a_link(window: Callable[..., Any], tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "my-game.json"
    target.parent.mkdir()
    storage.autosave(Game.from_transcript("f5"), target)
    data().mkdir(parents=True, exist_ok=True)
    paths.autosave_path().symlink_to(target)
    app = window()
    app.session.play("d6")
    assert paths.autosave_path().is_symlink()
    assert json.loads(target.read_text())["moves"] == "f5d6"


def test_a_read_only_autosave_is_left_as_it_is_and_the_window_says_so(
    window: Callable[..., Any],
) -> None:
    storage.autosave(Game.from_transcript("f5"))
    paths.autosave_path().chmod(0o444)
    before = paths.autosave_path().read_bytes()
    app = window()
    app.session.play("d6")
    frames(app, 1)
    assert paths.autosave_path().read_bytes() == before
    assert "is read-only" in toast_texts(app)


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_an_autosave_with_a_byte_order_mark_is_read(encoding: str) -> None:
    storage.autosave(Game.from_transcript("f5d6"))
    text = paths.autosave_path().read_text(encoding="utf-8")
    paths.autosave_path().write_bytes(text.encode(encoding))
    resumed, notices = autosave.resume()
    assert notices == [] and resumed is not None and resumed.transcript() == "f5d6"


def test_a_closed_window_lets_go_of_its_place(window: Callable[..., Any]) -> None:
    first = window()
    first.close()  # the next window is the first copy again, with the usual autosave
    second = window()
    assert "already open" not in toast_texts(second)


def test_starting_with_a_file_keeps_the_autosaved_game_behind_undo(
    window: Callable[..., Any], tmp_path: Path
) -> None:
    storage.autosave(Game.from_transcript("f5d6"))
    chosen = tmp_path / "chosen.txt"
    chosen.write_text("c4c3\n")
    persistence.start_with(chosen)  # othello --load chosen.txt
    app = window()
    assert app.session.game.transcript() == "c4c3"
    assert "Undo (U) brings back the game you were playing" in toast_texts(app)
    app.close()
    resumed, _ = autosave.resume()
    assert resumed is not None and resumed.transcript() == "c4c3"
    again = window()
    assert again.session.undo() and again.session.game.transcript() == "f5d6"  # not lost
