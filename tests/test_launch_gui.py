"""The window with settings, autosave and the clipboard attached: hostile input still starts."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello import paths, storage
from othello.board import Board
from othello.config import load_settings
from othello.game import Game
from othello.gui import persistence

app_module = pytest.importorskip("othello.gui.app")
DT = 1 / 30


@dataclass
class Reply:
    move: str
    score: int = 0
    depth: int = 1
    nodes: int = 1
    pv: tuple[str, ...] = ()
    exact: bool = False


class FirstMoveEngine:
    """Answers at once with the first legal move: the tests are about files, not search."""

    def think(self, board: Board, stop: threading.Event | None = None, on_progress: Any = None) -> Reply:
        moves = board.legal_moves()
        return Reply(moves[0] if moves else "pass")

    def analyze(self, board: Board, stop: threading.Event | None = None) -> list[Any]:
        return []


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: None)
    monkeypatch.setattr(persistence, "_kept", None)


@pytest.fixture
def make_app() -> Iterator[Callable[..., Any]]:
    apps: list[Any] = []

    def make(settings: Any = None, notices: list[str] | None = None, demo: bool = False) -> Any:
        if settings is None:
            settings, notices = load_settings()
        app = app_module.App(
            settings,
            notices=notices or [],
            engine_factory=lambda level: FirstMoveEngine(),
            remember=None,
            demo=demo,
            computer_min_seconds=0.0,
        )
        pygame.event.clear()
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()
    pygame.display.quit()


def frames(app: Any, n: int = 5) -> None:
    for _ in range(n):
        app.frame(DT)


def toast_texts(app: Any) -> str:
    return "\n".join(t.text for t in app.toasts)


def ctrl(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode=""))


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
    saved, _ = storage.resume()
    assert saved is not None and saved.transcript() == played
    app.close()

    again = make_app()
    persistence.attach(again)
    assert again.session.game.transcript() == played
    frames(again)
    assert "Resumed your game" in toast_texts(again)


def test_new_game_clears_the_autosave(make_app: Callable[..., Any]) -> None:
    app = make_app()
    persistence.attach(app)
    app.session.play("f5")
    assert paths.autosave_path().exists()
    app.session.new_game()
    assert not paths.autosave_path().exists()


def test_corrupt_autosave_starts_a_new_game_with_a_notice(make_app: Callable[..., Any]) -> None:
    paths.autosave_path().parent.mkdir(parents=True)
    paths.autosave_path().write_text('{"format": "othello-autosave", "version": 1, "start": "junk"')
    app = make_app()
    persistence.attach(app)
    frames(app)
    assert app.session.board == Board()
    assert "The saved game is damaged" in toast_texts(app)


def test_demo_neither_resumes_nor_overwrites_the_players_game(make_app: Callable[..., Any]) -> None:
    storage.autosave(Game.from_transcript("f5d6"))
    before = paths.autosave_path().read_bytes()
    app = make_app(demo=True)
    persistence.attach(app)
    frames(app, 30)
    assert paths.autosave_path().read_bytes() == before


def test_ctrl_v_pastes_a_transcript(make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persistence, "system_text", lambda: "f5 d6 c3 d3")
    app = make_app()
    persistence.attach(app)
    ctrl(pygame.K_v)
    frames(app, 1)
    assert app.session.game.transcript().startswith("f5d6c3d3")
    assert "Pasted" in toast_texts(app)


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


def test_choices_in_the_window_are_remembered_in_the_users_file_with_comments() -> None:
    from othello.config import save_preferences

    ini = paths.user_ini()
    ini.parent.mkdir(parents=True)
    ini.write_text(
        "; my own notes\n[BASIC]\nFPS = 25 ; smooth enough\n\n[GAME]\n; I start easy\nLEVEL = 2\n",
        encoding="utf-8",
    )
    settings, notices = load_settings()
    app = app_module.App(
        settings, notices=notices, engine_factory=lambda level: FirstMoveEngine(),
        remember=save_preferences, computer_min_seconds=0.0,
    )
    try:
        pygame.event.clear()
        key(pygame.K_EQUALS, "=")  # level up
        key(pygame.K_l, "l")  # legal-move markers off
        key(pygame.K_w, "w")  # play white
        frames(app, 3)
    finally:
        app.close()
        pygame.display.quit()
    text = ini.read_text(encoding="utf-8")
    assert text.startswith("; my own notes\n[BASIC]\nFPS = 25 ; smooth enough\n\n[GAME]\n; I start easy\nLEVEL = 3\n")
    again, notices = load_settings()
    assert notices == []
    assert (again.level, again.show_legal_moves, again.human_color, again.fps) == (3, False, "white", 25)
