"""Killed mid-game: the real window plays a few moves, dies without any shutdown, and resumes.

The child process runs the App frame by frame with the real engine and the real autosave
(``persistence.attach``), clicking like a player. Once it has played a few moves and waits for
the player, it is killed with SIGKILL, so no ``finally``, ``close`` or ``atexit`` runs. A new
App in this process must then show the very same game.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

from othello.app.settings.keys import Settings
from othello.core.board import Board
from othello.gui.services import persistence
from support.kept_games import resumed

app_module = pytest.importorskip("othello.gui.app")

PLAYER = """
import sys, time
import pygame
from othello.app.settings.keys import Settings
from othello.engine.api import Engine
from othello.gui.services import persistence
from othello.gui.app import App

app = App(Settings(animation=False, sound=False), engine_factory=lambda n: Engine(level=1),
          computer_min_seconds=0.0)
persistence.attach(app)
target, clicked, said = int(sys.argv[1]), -1, False
while True:
    session = app.session
    moves = len(session.game.moves)
    if session.is_human_turn() and not session.board.must_pass():
        if moves >= target and not said:
            app.library.flush(600.0)  # the writes leave the frame loop: wait for the last one
            print("READY", session.game.transcript(), flush=True)
            said = True
        elif moves < target and clicked != moves:
            square = session.board.legal_squares()[0]
            pos = app.layout.square_center(square)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            clicked = moves
    app.frame(1 / 30)
    time.sleep(0.005)
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_window_killed_mid_game_resumes_the_same_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    env = dict(os.environ, OTHELLO_DATA_DIR=str(data), OTHELLO_CONFIG_DIR=str(tmp_path / "cfg"))
    proc = subprocess.Popen(
        [sys.executable, "-c", PLAYER, "8"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    guard = threading.Timer(60, proc.kill)  # a hung child must not hang the suite
    guard.start()
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith("READY "), (line, proc.stderr.read() if proc.stderr else "")
        assert (data / "library.sqlite3").is_file()
        proc.send_signal(signal.SIGKILL)
        assert proc.wait(10) == -signal.SIGKILL
    finally:
        guard.cancel()
        proc.kill()
        proc.wait()
    played = line.split()[1]
    assert len(played) >= 16  # eight moves or more, passes written

    monkeypatch.setenv("OTHELLO_DATA_DIR", str(data))  # the next start, same data folder
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    app = app_module.App(Settings(animation=False, sound=False), computer_min_seconds=0.0)
    try:
        persistence.attach(app)
        app.frame(1 / 30)
        assert app.session.game.transcript() == played
        assert app.session.board == Board.from_transcript(played)
        assert any(t.text.startswith("Resumed your game") for t in app.play.notices.toasts)
    finally:
        app.close()
        pygame.display.quit()
    assert resumed() is not None  # still there for the start after
