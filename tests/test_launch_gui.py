"""The window with settings, autosave and the clipboard attached: hostile input still starts."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.files import game_files, paths
from othello.app.library import held_games
from othello.app.library.database import LibraryError, library_path
from othello.app.settings.loading import load_settings
from othello.core.board import Board
from othello.core.game import Game
from othello.gui.services import persistence
from support.files_window import FirstMoveEngine, ctrl, frames, isolate, toast_texts, window_maker
from support.kept_games import keep, line, written
from support.patience import PATIENCE
from support.window import frames_until, press_waiting

app_module = pytest.importorskip("othello.gui.app")
DT = 1 / 30


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)


@pytest.fixture
def make_app() -> Iterator[Callable[..., Any]]:
    yield from window_maker()


HOSTILE: dict[str, bytes | None] = {
    "missing": None,
    "empty": b"",
    "no basic section": b"[GAME]\nLEVEL = 2\n",
    "unknown keys": b"[BASIC]\nCOLOUR = red\n",
    "non-numeric": b"[BASIC]\nFPS = fast\n",
    "negative": b"[BASIC]\nWINDOWWIDTH = -1280\n",
    "zero": b"[BASIC]\nSQUARESIZE = 0\n",
    "absurd": b"[BASIC]\nWINDOWHEIGHT = 99999999\n",
    "animation maybe": b"[BASIC]\nANIMATION = maybe\n",
    "board larger than window": b"[BASIC]\nWINDOWWIDTH = 640\nWINDOWHEIGHT = 480\nSQUARESIZE = 200\n",
    "not utf-8": b"[BASIC]\nFPS = 3\xff0\n",
    "not ini": b"Dear diary,\ntoday I played Othello.\n",
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_settings_start_the_game_with_a_notice_in_the_window(
    make_app: Callable[..., Any], case: str
) -> None:
    content = HOSTILE[case]
    if content is not None:
        paths.user_ini().parent.mkdir(parents=True)
        paths.user_ini().write_bytes(content)
    settings, notices = load_settings()
    assert notices, case
    app = make_app(settings, notices)
    persistence.attach(app)
    frames(app)
    assert app.running
    assert app.session.board == Board()
    shown = toast_texts(app)
    assert all(notice in shown for notice in notices), (case, notices, shown)


def test_autosave_after_every_move_and_resume_in_a_new_window(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.play("f5")
    frames(app, 20)  # the computer answers
    played = app.session.game.transcript()
    assert len(played) >= 4
    saved = written(app)
    assert saved is not None and saved.transcript() == played
    app.close()

    again = make_app()
    persistence.attach(again)
    assert again.session.game.transcript() == played
    frames(again)
    assert "Resumed your game: a game of 2 moves, black to move" in toast_texts(again)
    again.session.undo()  # back to the start, the moves kept for redo
    again.close()
    third = make_app()
    persistence.attach(third)
    frames(third)
    assert third.session.game.cursor == 0 and len(third.session.game.moves) == 2
    assert "Resumed your game: the start position (2 moves to redo), black to move" in toast_texts(
        third
    )


def test_a_new_game_keeps_the_one_before_behind_undo(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.new_game()  # nothing played: nothing to keep
    resumed = written(app)
    assert resumed is not None and resumed.is_untouched() and len(line()[0]) == 1
    app.session.play("f5")
    resumed = written(app)
    assert resumed is not None and resumed.transcript() == "f5"
    app.session.new_game()  # the f5 game waits behind Undo, in the library (issues 36, 41)
    resumed = written(app)
    assert resumed is not None and resumed.is_untouched()
    assert [g.transcript() for g in line()[0]] == ["f5", ""]


def test_a_damaged_library_starts_a_new_game_with_a_notice(make_app: Callable[..., Any]) -> None:
    library_path().parent.mkdir(parents=True)
    library_path().write_text('{"format": "othello-autosave", "version": 1, "start": "junk"')
    app = make_app()
    persistence.attach(app)
    frames(app)
    assert app.session.board == Board()
    assert "The game library was damaged: it was kept as library.sqlite3.damaged-" in toast_texts(
        app
    )


def test_demo_neither_resumes_nor_overwrites_the_players_game(make_app: Callable[..., Any]) -> None:
    keep(Game.from_transcript("f5d6"))
    app = make_app(demo=True)
    persistence.attach(app)
    frames(app, 30)
    app.library.flush(PATIENCE)
    games, board = line()
    assert board == 0 and [g.transcript() for g in games] == ["f5d6"]


def test_ctrl_v_pastes_a_transcript(
    make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(persistence, "system_text", lambda: "f5 d6 c3 d3")
    app = make_app()
    persistence.attach(app)
    ctrl(pygame.K_v)
    frames(app, 1)
    assert app.session.game.transcript().startswith("f5d6c3d3")
    assert "Pasted" in toast_texts(app)


def test_the_paste_notice_outlives_the_computers_reply(
    make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31, item 13: what a paste says (and how to get the old game back) stays its
    time when the computer moves at once after it."""
    monkeypatch.setattr(persistence, "system_text", lambda: "f5")  # the computer's turn next
    app = make_app()
    persistence.attach(app)
    ctrl(pygame.K_v)
    frames(app, 1)
    press_waiting(app, pygame.K_b)  # a pasted game is nobody's until you take a side
    for _ in range(300):
        frames(app, 1)
        if app.session.game.cursor == 2:
            break
    frames(app, 2)
    assert app.session.game.cursor == 2 and "Pasted" in toast_texts(app)


def test_ctrl_v_refuses_a_bad_text_and_keeps_the_game(
    make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(persistence, "system_text", lambda: "f5 f5")
    app = make_app()
    persistence.attach(app)
    app.session.play("f5")
    frames(app, 10)
    before = app.session.game.transcript()
    ctrl(pygame.K_v)
    frames(app, 1)
    assert app.session.game.transcript() == before
    assert "Pasted text not used. Not a legal game: transcript move 2" in toast_texts(app)


def test_ctrl_c_copies_the_transcript(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.play("f5")
    frames(app, 10)
    ctrl(pygame.K_c)
    frames(app, 1)
    assert persistence.paste() == app.session.game.transcript()


def test_ctrl_s_then_ctrl_o_round_trip(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.play("f5")
    frames(app, 10)
    saved = app.session.game.transcript()
    ctrl(pygame.K_s)
    frames(app, 1)
    assert "Saved to" in toast_texts(app)
    app.session.new_game()
    ctrl(pygame.K_o)
    frames(app, 1)
    assert app.session.game.transcript().startswith(saved)
    assert "Loaded othello-" in toast_texts(app)


def test_ctrl_o_without_saved_games(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    ctrl(pygame.K_o)
    frames(app, 1)
    assert "No saved games" in toast_texts(app)


def key(k: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode))


def test_choices_in_the_window_are_remembered_apart_and_the_users_file_stays(
    make_app: Callable[..., Any],
) -> None:
    from othello.app.settings.choices import load_with_choices, save_preferences

    ini = paths.user_ini()
    ini.parent.mkdir(parents=True)
    ini.write_text(
        "; my own notes\n[BASIC]\nFPS = 25 ; smooth enough\n\n[GAME]\n; I start easy\nLEVEL = 2\n",
        encoding="utf-8",
    )
    before = ini.read_bytes()
    app = make_app(remember=save_preferences)
    assert app.settings.level == 7  # the former level 2, "Novice", on today's ladder
    key(pygame.K_EQUALS, "=")  # level up
    key(pygame.K_l, "l")  # legal-move markers off
    key(pygame.K_w, "w")  # play white
    frames(app, 3)
    assert ini.read_bytes() == before
    again, notices = load_with_choices()
    assert notices == []
    assert (again.level, again.show_legal_moves, again.human_color, again.fps) == (
        8,
        False,
        "white",
        25,
    )


def test_a_settings_file_the_game_rejected_is_left_alone_and_the_choice_is_kept(
    make_app: Callable[..., Any],
) -> None:
    from othello.app.settings.choices import load_with_choices, save_preferences

    ini = paths.user_ini()
    ini.parent.mkdir(parents=True)
    ini.write_bytes(b'{"level": 2}\n')
    settings, _ = load_settings()
    app = make_app(remember=save_preferences)
    key(pygame.K_EQUALS, "=")  # level up
    frames(app, 3)
    assert ini.read_bytes() == b'{"level": 2}\n'
    assert not any("Could not remember" in text for text in toast_texts(app))
    assert app.session.level == settings.level + 1
    assert load_with_choices()[0].level == settings.level + 1  # and at the next start


# ----- the autosave failing, and coming back ------------------------------------------------


def test_a_failing_autosave_is_said_once_and_again_after_it_recovered(
    make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = held_games.write
    broken = True

    def write(library: Any, changes: Any) -> None:
        if broken:  # a full disk, a read-only library (chmod means nothing to root: faked)
            raise LibraryError("the library cannot be used (database or disk is full)")
        real_write(library, changes)

    monkeypatch.setattr(held_games, "write", write)
    app = make_app()
    persistence.attach(app)

    def notices() -> list[str]:
        return [
            t.text
            for t in app.play.notices.toasts
            if t.text.startswith("Your game library cannot be used")
        ]

    app.session.play("f5")
    frames(app, 20)  # the computer answers: a second failed save
    app.session.play(app.session.board.legal_moves()[0])
    frames(app, 20)
    frames_until(app, lambda: bool(notices()))  # the library's writer thread has said it
    assert notices() == [
        "Your game library cannot be used (the library cannot be used (database or disk is "
        "full)); the game goes on, and your games are kept in memory."
    ]
    broken = False
    app.session.play(app.session.board.legal_moves()[0])
    frames(app, 20)
    kept = written(app)
    assert len(notices()) == 1 and kept is not None
    assert kept.transcript() == app.session.game.transcript()  # what waited was written
    for _ in range(int(15 / DT)):  # the first notice has its time (after any notice before it)
        if not notices():
            break
        frames(app, 1)
    assert notices() == []
    broken = True
    app.session.play(app.session.board.legal_moves()[0])
    frames_until(app, lambda: bool(notices()))  # a loaded machine's writer thread takes longer
    frames(app, 5)
    assert len(notices()) == 1


# ----- opening a chosen file: --load, a dropped file, Ctrl+O stepping back -------------------


def saved(moves: str, name: str, age: int) -> Path:
    """A game file in the games folder, ``age`` minutes old."""
    path = game_files.save_game(Game.from_transcript(moves), game_files.games_dir() / name)
    stamp = 1_700_000_000 - age * 60
    os.utime(path, (stamp, stamp))
    return path


def test_ctrl_o_steps_to_older_files_past_a_damaged_one(make_app: Callable[..., Any]) -> None:
    saved("f5", "a.txt", 3)
    saved("f5d6", "b.txt", 1)
    damaged = game_files.games_dir() / "c.txt"
    damaged.write_text("f5 z9\n")
    stamp = 1_700_000_000 - 2 * 60
    os.utime(damaged, (stamp, stamp))
    app = make_app()
    persistence.attach(app)

    def press_ctrl_o() -> str:
        app.play.notices.toasts.clear()
        ctrl(pygame.K_o)
        frames(app, 1)
        return toast_texts(app)

    assert "Loaded b.txt" in press_ctrl_o() and "saved game 1 of 3" in toast_texts(app)
    assert app.session.game.transcript() == "f5d6"
    shown = press_ctrl_o()
    assert (
        "c.txt" in shown
        and "'z' at character 4" in shown
        and "Ctrl+O again for an older one" in shown
    )
    assert app.session.game.transcript() == "f5d6", "a damaged file changes nothing"
    assert "Loaded a.txt" in press_ctrl_o() and "Ctrl+O again for the newest" in toast_texts(app)
    assert app.session.game.transcript() == "f5"
    assert "Loaded b.txt" in press_ctrl_o()


def test_a_file_dropped_on_the_window_is_opened(
    make_app: Callable[..., Any], tmp_path: Path
) -> None:
    good = tmp_path / "from a friend.txt"
    good.write_text("f5d6c3d3\n")
    bad = tmp_path / "holiday.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0 not a game")
    app = make_app()
    persistence.attach(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(good)))
    frames(app, 1)
    assert app.session.game.transcript() == "f5d6c3d3"
    assert "Loaded from a friend.txt: a game of 4 moves, black to move." in toast_texts(app)
    assert written(app) is not None, "the opened game is the game in progress"
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    frames(app, 1)
    assert app.session.game.transcript() == "f5d6c3d3"
    assert f"{bad}: not a text file" in toast_texts(app)


def test_start_with_a_file_instead_of_resuming(
    make_app: Callable[..., Any], tmp_path: Path
) -> None:
    keep(Game.from_transcript("f5d6"))
    chosen = tmp_path / "chosen.txt"
    position = Board.from_transcript("f5d6c3d3")  # black (the player) to move
    chosen.write_text(position.to_string() + "\n")  # a set-up position, no moves yet
    app = make_app()
    persistence.attach(app, start=chosen)  # othello --load chosen.txt
    frames(app, 1)
    assert app.session.board == position
    assert "Loaded chosen.txt" in toast_texts(app) and "Resumed" not in toast_texts(app)
    resumed = written(app)
    assert resumed is not None and resumed.board == app.session.board
    again = make_app()
    persistence.attach(again)  # used once: the next window resumes as usual
    assert "Loaded chosen.txt" not in toast_texts(again)


# ----- the clipboard and resources, as the window shows them -------------------------------


def test_ctrl_v_without_a_system_clipboard_says_so_in_the_window(
    make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_clipboard() -> Any:
        raise pygame.error("SDL clipboard not available on this video driver")

    monkeypatch.setattr(persistence, "_scrap", no_clipboard)
    app = make_app()
    persistence.attach(app)
    ctrl(pygame.K_v)
    frames(app, 1)
    assert "No system clipboard here, and nothing was copied in this window" in toast_texts(app)
    assert app.session.board == Board()
    ctrl(pygame.K_c)
    frames(app, 1)
    assert "No system clipboard here; the game is kept for Ctrl+V" in toast_texts(app)


def test_ctrl_v_with_an_empty_clipboard(
    make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Empty:
        def get(self, kind: str) -> None:
            return None

    monkeypatch.setattr(persistence, "_scrap", lambda: Empty())
    app = make_app()
    persistence.attach(app)
    ctrl(pygame.K_v)
    frames(app, 1)
    assert "The clipboard holds no text" in toast_texts(app)


def test_a_missing_sound_and_a_missing_image_give_notices(tmp_path: Path) -> None:
    import shutil

    from othello.app.files.paths import resources_dir
    from othello.app.settings.keys import Settings

    folder = tmp_path / "resources"
    shutil.copytree(resources_dir(), folder)
    (folder / "place.wav").unlink()
    (folder / "wood.png").unlink()
    app = app_module.App(
        Settings(sound=True),
        engine_factory=lambda level: FirstMoveEngine(),
        resource_folder=folder,
        computer_min_seconds=0.0,
    )
    try:
        pygame.event.clear()
        app.session.play("f5")
        frames(app, 5)
        shown = toast_texts(app)
    finally:
        app.close()
        pygame.display.quit()
    assert "wood.png" in shown and "place.wav" in shown  # however the window words it
    assert "flip.wav" not in shown and app.sounds.enabled
