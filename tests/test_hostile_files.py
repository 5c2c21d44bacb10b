"""Files and bytes that used to crash, freeze or mislead the game (issue 36, items 2, 3, 5, 6,
7, 9 to 13 and the rest of 14): each is refused or set aside with a sentence in the window and
a line in the log, and the game goes on.
"""

from __future__ import annotations

import io
import json
import logging
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello import cli
from othello.app.commands import nboard
from othello.app.files import game_files, logs, paths
from othello.app.library.database import Library, library_path
from othello.app.library.old_files import take_in
from othello.app.settings.keys import Settings
from othello.app.settings.loading import ensure_user_ini, load_settings
from othello.core.board import Board
from othello.core.errors import GameTextError
from othello.core.game import Game
from othello.gui.scenes.puzzle_screen import PuzzleOverlay
from othello.gui.services import persistence
from othello.study import named_openings
from othello.study.puzzles import Puzzle, PuzzleError, PuzzleQueue
from support.files_window import isolate, toast_texts
from support.window import click, frames, press

TWO = {"mode": "two-players", "sound": False, "animation": False}
RESOURCES = paths.resources_dir()


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)


def replace_package_file(monkeypatch: pytest.MonkeyPatch, inside: str, path: Path) -> None:
    """The package's ``inside`` file read from ``path`` instead (the package stays as it is)."""
    from othello.core import file_reading

    monkeypatch.setitem(file_reading.REPLACED, inside, path)


def in_time(work: Callable[[], Any], fifo: Path | None = None, seconds: float = 20.0) -> Any:
    """``work()``'s result; the test fails if it has not returned in ``seconds`` (a read that
    blocks on a named pipe), and the pipe is then opened for writing to let it go."""
    result: list[Any] = []
    raised: list[BaseException] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as err:
            raised.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive() and fifo is not None:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # the blocked reader gets EOF
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if raised:
        raise raised[0]
    return result[0] if result else None


def own_puzzle(**changes: Any) -> dict[str, Any]:
    board = Board.from_transcript("f5d6c3")
    data = Puzzle("game-mine-1", board.to_string(), board.legal_moves()[0], 4, True,
                  "Your game, move 4 (mistake)").to_data()  # fmt: skip
    data.update(changes)
    return data


def puzzles_path() -> Path:
    """An earlier version's puzzles file, which the library takes in at the next start."""
    return paths.user_data_dir() / "puzzles.json"


def taken_in() -> list[str]:
    """What the library says as it takes in the earlier version's files."""
    with Library(library_path()) as library:
        return take_in(library, paths.user_data_dir(), []).notices


def write_puzzles(*puzzles: dict[str, Any]) -> None:
    puzzles_path().parent.mkdir(parents=True, exist_ok=True)
    puzzles_path().write_text(json.dumps({"version": 1, "turn": 0, "puzzles": list(puzzles)}))


# ----- item 2: valid JSON that crashed the puzzles ------------------------------------------


@pytest.mark.parametrize("damage", ["box -10", "40,000 deep"])
def test_valid_json_that_crashed_the_puzzles_is_set_aside(
    make_app: Callable[..., Any], damage: str
) -> None:
    if damage == "box -10":
        write_puzzles(own_puzzle(box=-10))
    else:
        puzzles_path().parent.mkdir(parents=True, exist_ok=True)
        puzzles_path().write_text("[" * 40_000 + "]" * 40_000)
    before = puzzles_path().read_bytes()
    app = make_app(**TWO)
    for _ in range(2):  # Z again: it used to crash every time
        press(pygame.K_z)
        frames(app, 2)
        overlay = app.find_scene(PuzzleOverlay)
        assert overlay is not None and overlay.puzzle is not None
        click(app, overlay.puzzle.best)  # answering used to raise IndexError
        frames(app, 2)
        assert overlay.verdict is not None
        press(pygame.K_ESCAPE)
        frames(app, 1)
    assert "puzzles.json could not be read" in toast_texts(app)
    assert (puzzles_path().parent / "puzzles.json.damaged").read_bytes() == before


# ----- item 3: damaged package files fall back -------------------------------------------------


def test_a_weights_file_cut_to_an_odd_length_falls_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, make_app: Callable[..., Any]
) -> None:
    from othello.engine import evaluation, pattern_weights

    odd = tmp_path / "patterns.bin"
    odd.write_bytes((RESOURCES.parent / "tables" / "patterns.bin").read_bytes()[:1001])
    replace_package_file(monkeypatch, "tables/patterns.bin", odd)
    problem = pattern_weights.problem()
    assert problem is not None and "odd number" in problem and "reinstall" in problem
    weights, said = evaluation._load()  # what the search process does: weak, not dead
    assert len(weights) == pattern_weights.PHASES and said == problem
    app = make_app(**TWO)
    frames(app, 1)
    assert "the computer plays weakly" in toast_texts(app)


@pytest.mark.parametrize("damage", ["missing", "half", "garbage"])
def test_a_damaged_fforum_file_leaves_the_puzzles_working(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, make_app: Callable[..., Any], damage: str
) -> None:
    real = (RESOURCES.parent / "data" / "fforum.obf").read_bytes()
    path = tmp_path / "fforum.obf"
    if damage == "half":
        path.write_bytes(real[: len(real) // 2])
    elif damage == "garbage":
        path.write_bytes(bytes(range(256)) * 8)
    replace_package_file(monkeypatch, "data/fforum.obf", path)
    write_puzzles(own_puzzle())
    app = make_app(**TWO)
    press(pygame.K_z)
    frames(app, 2)
    overlay = app.find_scene(PuzzleOverlay)
    assert overlay is not None and overlay.puzzle is not None
    assert overlay.puzzle.id == "game-mine-1"  # the player's own puzzles still work
    assert "The built-in puzzles" in toast_texts(app)
    if damage == "half":  # the good half is kept
        assert 0 < sum(p.builtin for p in overlay.queue.puzzles) < 40


def test_an_empty_font_file_falls_back_to_pygames_font(
    tmp_path: Path, make_app: Callable[..., Any]
) -> None:
    folder = tmp_path / "resources"
    shutil.copytree(RESOURCES, folder)
    (folder / "DejaVuSans.ttf").write_bytes(b"")
    app = make_app(folder=folder, **TWO)  # the window did not start
    frames(app, 2)
    assert "Font DejaVuSans.ttf could not be loaded (the file is empty)" in toast_texts(app)


@pytest.mark.parametrize("content", [b"", bytes(range(256)) * 40, b"\xff\xfe\x00garbage"])
def test_a_damaged_packaged_othello_ini_blames_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: bytes
) -> None:
    damaged = tmp_path / "packaged.ini"
    damaged.write_bytes(content)
    monkeypatch.setattr(paths, "default_ini", lambda: damaged)
    notice = ensure_user_ini()  # the first start: it died in read_text
    assert notice is not None and "the game's own default" in notice and "reinstall" in notice
    assert not paths.user_ini().exists()  # the player's file is not made from garbage
    settings, _ = load_settings()
    assert settings.level == Settings().level


# ----- item 5: a named pipe anywhere a file is read ---------------------------------------------


def fifo_at(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def test_a_named_pipe_as_the_library_does_not_freeze_the_start() -> None:
    from othello.app.library.file_faults import open_library

    fifo = fifo_at(library_path())

    def opened() -> list[str]:
        library, notices = open_library()
        library.close()
        return notices

    notices = in_time(opened, fifo)
    assert "could not be used" in notices[0] or "damaged" in notices[0]
    assert library_path().is_file() and any(
        p.name.startswith("library.sqlite3.damaged-") for p in library_path().parent.iterdir()
    )


@pytest.mark.parametrize("name", ["autosave.json", "puzzles.json", "strength.json"])
def test_a_named_pipe_as_an_old_file_does_not_freeze_the_start(name: str) -> None:
    fifo = fifo_at(paths.user_data_dir() / name)
    notices = in_time(taken_in, fifo)
    assert len(notices) == 1 and "is a named pipe" in notices[0] and name in notices[0]


def test_a_named_pipe_as_othello_ini_does_not_freeze_the_window() -> None:
    fifo = fifo_at(paths.user_ini())
    settings, notices = in_time(load_settings, fifo)
    assert settings.level == Settings().level and "is a named pipe" in notices[0]


def test_othello_ini_replaced_by_a_named_pipe_while_playing_is_said(tmp_path: Path) -> None:
    from othello.app.settings.watch import LOOK_SECONDS, SettingsWatch

    ini = tmp_path / "othello.ini"
    ini.write_text("[BASIC]\nFPS = 20\n")
    watch = SettingsWatch(ini)
    current = Settings(fps=20)
    ini.unlink()
    fifo_at(ini)
    reloads = in_time(lambda: [watch.poll(1.0 + i * LOOK_SECONDS, current) for i in range(4)], ini)
    said = [n for r in reloads if r is not None for n in r.notices]
    assert any("is a named pipe, not a file" in n for n in said)
    assert all(r.settings == current for r in reloads if r is not None)


@pytest.mark.parametrize("how", ["dropped", "--load", "review"])
def test_a_named_pipe_given_as_a_game_is_refused_at_once(tmp_path: Path, how: str) -> None:
    fifo = fifo_at(tmp_path / "game.txt")
    if how == "review":
        assert in_time(lambda: cli.main(["review", str(fifo)]), fifo) == 2
        return
    with pytest.raises(GameTextError, match="is a named pipe, not a file"):
        in_time(lambda: game_files.load_game(fifo), fifo)


# ----- item 6: NBoard and bytes that are not UTF-8 ------------------------------------------------


def test_nboard_answers_a_line_that_is_not_utf8(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    raw = b"ping 1\nmove \xff\xfe\nping 2\n"
    # a UTF-8 desktop's standard input: strict
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    log = tmp_path / "nboard.log"
    assert nboard.run(log) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "pong 1" and out[1].startswith("status ") and out[2] == "pong 2"
    assert "< move \\xff\\xfe" in log.read_text()


# ----- item 7: a home folder whose name is not UTF-8 ---------------------------------------------


def test_a_home_folder_that_is_not_utf8_can_save_and_log(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, make_app: Callable[..., Any]
) -> None:
    home = tmp_path / os.fsdecode(b"x\xffhome")
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(home))
    logs.setup(paths.log_path())
    try:
        app = make_app(**TWO)
        persistence.attach(app)
        app.session.play("f5")
        press(pygame.K_s, mod=pygame.KMOD_LCTRL)
        frames(app, 3)  # drawing "Saved to ..." died here
        assert "Saved to" in toast_texts(app)
        logs.log.warning("saved under %s", home)
    finally:
        logs.close()
    written = (home / "othello.log").read_text(encoding="utf-8")
    assert "x\\udcffhome" in written


# ----- item 9: HOME empty or relative --------------------------------------------------------------


@pytest.mark.parametrize("home", ["", "relative/home"])
def test_an_empty_or_relative_home_is_ignored(monkeypatch: pytest.MonkeyPatch, home: str) -> None:
    for name in ("OTHELLO_DATA_DIR", "OTHELLO_CONFIG_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", home)
    for folder in (paths.user_data_dir("linux"), paths.user_config_dir("linux")):
        assert folder.is_absolute()
        assert not str(folder).startswith(("/.local", "/.config", str(Path.cwd())))


# ----- item 10: puzzle-file problems reach the log ---------------------------------------------------


def test_puzzle_file_problems_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    puzzles_path().parent.mkdir(parents=True)
    puzzles_path().write_text("{not json")
    with caplog.at_level(logging.WARNING, logger="othello"):
        notices = taken_in()
    assert notices and "puzzles.json.damaged" in notices[0]
    assert any("puzzles.json" in r.getMessage() for r in caplog.records)


# ----- item 11: choosing the next puzzle does not grow with the square of their number ----------------


class Counted(Puzzle):
    """A puzzle that counts how often its ``due`` is looked at."""

    reads = 0

    @property  # type: ignore[override]
    def due(self) -> int:
        Counted.reads += 1
        return self._due

    @due.setter
    def due(self, value: int) -> None:
        self._due = value


def test_picking_a_puzzle_looks_at_a_few_of_them_not_all() -> None:
    board = Board.from_transcript("f5d6c3").to_string()
    queue = PuzzleQueue(
        [Counted(f"game-n-{n}", board, "d3", 0, False, "Your game") for n in range(5000)]
    )
    for _ in range(20):  # answered, as in a session
        puzzle = queue.next()
        assert puzzle is not None
        queue.answer(puzzle, right=True)
    Counted.reads = 0
    assert queue.next() is not None
    assert Counted.reads < 200  # the whole queue was sorted at every pick: 5000 and more
    queue.due_count(), queue.solved()
    Counted.reads = 0
    for _ in range(10):  # the card's counts, at every frame
        queue.due_count(), queue.solved()
    assert Counted.reads == 0


# ----- item 12: a position with no move is no puzzle -------------------------------------------------


@pytest.mark.parametrize("position", ["X" * 64 + " X", "-" * 27 + "X" + "-" * 36 + " O"])
def test_a_puzzle_with_no_legal_move_is_refused(position: str) -> None:
    with pytest.raises(PuzzleError, match="no legal move"):
        Puzzle.from_data(own_puzzle(position=position, best="d3"))


# ----- item 13: the right words ----------------------------------------------------------------


def test_a_link_to_a_device_is_called_a_device() -> None:
    (paths.user_data_dir() / "autosave.json").parent.mkdir(parents=True)
    (paths.user_data_dir() / "autosave.json").symlink_to("/dev/zero")
    notices = in_time(taken_in)
    assert "is a device, not a file" in notices[0] and "too large" not in notices[0]


def test_a_file_in_place_of_the_games_folder_is_named() -> None:
    game_files.games_dir().parent.mkdir(parents=True)
    game_files.games_dir().write_text("not a folder")
    with pytest.raises(GameTextError, match="games is a file, not a folder"):
        game_files.save_game(Game.from_transcript("f5"))


class Clipboard:
    """pygame.scrap as SDL gives it: ``get_text`` ends at a zero byte."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def get_text(self) -> str:
        return self.data.split(b"\0")[0].decode()

    def get(self, kind: str) -> bytes | None:
        return self.data or None


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"f5\0d6c3", "'\\x00' at character 3"),  # it was pasted as f5, with no word
        (b"", "(none, or too much to read)"),  # a 10 MB one said "no text"
    ],
)
def test_what_the_clipboard_holds_is_said_exactly(
    monkeypatch: pytest.MonkeyPatch, make_app: Callable[..., Any], data: bytes, words: str
) -> None:
    app = make_app(**TWO)
    monkeypatch.setattr(persistence, "_scrap", lambda: Clipboard(data))
    persistence.paste_game(app)
    frames(app, 1)
    assert words in toast_texts(app) and app.session.board == Board()


def test_an_empty_packaged_openings_file_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "openings.tsv").write_text("")
    replace_package_file(monkeypatch, "data/openings.tsv", tmp_path / "openings.tsv")
    named_openings.load_openings.cache_clear()
    try:
        _, problem = named_openings.load_openings()
    finally:
        named_openings.load_openings.cache_clear()
    assert problem is not None and "data/openings.tsv" in problem


def test_a_log_on_a_full_device_is_said_in_the_window(
    tmp_path: Path, make_app: Callable[..., Any]
) -> None:
    link = tmp_path / "othello.log"
    link.symlink_to("/dev/full")
    assert logs.setup(link) is None
    assert logs.problem is not None and "is a device, not a file" in logs.problem
    logs.close()
    logs.setup(tmp_path / "real.log")  # a log that fills up while the game runs
    try:
        app = make_app(**TWO)
        assert logs._handler is not None
        logs._handler.stream = Full()  # type: ignore[attr-defined]
        app.warn("something worth logging")
        app.warn("and something else")
        frames(app, 1)
        said = toast_texts(app)
        assert said.count("Cannot write the log file") == 1 and "No space left" in said
    finally:
        logs.close()


class Full(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


def test_nboard_pass_at_the_end_of_the_game_says_the_game_is_over() -> None:
    said: list[str] = []
    session = nboard.NBoardSession(said.append)
    session.board = Board.from_string("X" * 64 + " X")
    session.handle("move PA")
    assert said == ["status cannot pass: the game is over"]


# ----- item 14: the rest -------------------------------------------------------------------------


def test_a_full_disk_prints_one_line_not_a_traceback_per_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs.setup(tmp_path / "othello.log")
    try:
        assert logs._handler is not None
        logs._handler.stream = Full()  # type: ignore[attr-defined]
        for n in range(5):
            logs.log.warning("record %d", n)
    finally:
        logs.close()
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("Cannot write the log file") == 1


def test_closing_nboards_input_stops_its_search(monkeypatch: pytest.MonkeyPatch) -> None:
    read, write = os.pipe()
    stdin = io.TextIOWrapper(os.fdopen(read, "rb"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    os.write(write, b"set depth 40\ngo\n")  # minutes of search at that depth
    done = threading.Event()
    thread = threading.Thread(target=lambda: (nboard.run(), done.set()), daemon=True)
    thread.start()
    os.close(write)  # the GUI went away
    assert done.wait(60), "the search went on after its input closed"


@pytest.mark.slow
def test_quitting_during_a_review_leaves_no_semaphores(tmp_path: Path) -> None:
    script = tmp_path / "quit_in_review.py"
    script.write_text(QUIT_IN_REVIEW)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300
    )
    assert "reviewing" in done.stdout and done.returncode == 0, done.stderr
    assert "leaked semaphore" not in done.stderr


QUIT_IN_REVIEW = """
import time
from othello.app.search_service import JobKind
from othello.app.settings.keys import Settings
from othello.core.game import Game
from othello.gui.app import App

def main():
    app = App(Settings(sound=False, mode="two-players"), computer_min_seconds=0)
    app.session.set_game(Game.from_transcript(
        "c4c5f6c3b5g7e3e6c2f3g3a5h8b3f4f2b4f5f7h3a3d2e2e1a6e7d7c1c6g8f1g4d1b6b1d3"))
    app.review()
    judged = app.play.computer.judgement
    for _ in range(20000):  # until the review's processes have judged a move
        app.frame(0.016)
        time.sleep(0.005)
        if judged.reviewed(app.session.game):
            break
    print("reviewing" if app.worker.kind == JobKind.REVIEW else "not reviewing", flush=True)
    app.close()

if __name__ == "__main__":
    main()
"""


@pytest.mark.slow
def test_the_command_line_warns_of_a_damaged_weights_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = tmp_path / "patterns.bin"
    odd.write_bytes(b"\x01" * 1001)
    replace_package_file(monkeypatch, "tables/patterns.bin", odd)
    board = Board()
    while board.empties() > 8 and board.legal_moves():  # a few empty squares: solved at once
        board.push(board.legal_moves()[0])
    assert cli.main(["solve", board.to_string()]) == 0
    err = capsys.readouterr().err
    assert "warning: the evaluation's weights file" in err and "Traceback" not in err
