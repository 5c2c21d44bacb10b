"""Files the game makes or reads in a folder of its own: a link out of that folder is never
followed, a file is never written through one, and a saved file is no program."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from othello.app.files import writing
from othello.app.library import copies
from othello.app.library.game_records import GameRecord, read_source
from othello.core.notation import parse_square
from othello.formats.wthor import PLAYER_SIZE, WthorGame, write_games, write_names

POSIX = pytest.mark.skipif(os.name != "posix", reason="symbolic links and umask as on POSIX")
MOVES = tuple(parse_square(name) for name in ("f5", "d6", "c3"))
SECRET = b"0123456789abcdef" + b"my private words, not a name at all" * 4


@POSIX
def test_a_saved_file_is_not_made_executable(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        path = writing.write_new(tmp_path, "othello-1", ".txt", "f5d6c3\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


@POSIX
def test_a_lock_that_is_a_link_leaves_the_file_it_names_alone(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_bytes(SECRET)
    data = tmp_path / "data"
    data.mkdir()
    (data / "running.lock").symlink_to(secret)
    found = copies.claim(data)
    try:
        assert secret.read_bytes() == SECRET
        assert found.lock is None and found.problem and "link" in found.problem
    finally:
        found.release()


@POSIX
def test_a_lock_that_is_a_hard_link_leaves_the_other_name_alone(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_bytes(SECRET)
    data = tmp_path / "data"
    data.mkdir()
    os.link(secret, data / "running.lock")
    found = copies.claim(data)
    found.release()
    assert secret.read_bytes() == SECRET


@POSIX
def test_a_players_file_linked_from_elsewhere_gives_no_names(tmp_path: Path) -> None:
    games = tmp_path / "wthor"
    games.mkdir()
    wtb = games / "WTH_2001.wtb"
    wtb.write_bytes(write_games([WthorGame(0, 0, 1, 32, 32, MOVES)], 2001))
    outside = tmp_path / "private"
    outside.mkdir()
    (outside / "secret").write_bytes(SECRET)
    (games / "WTHOR.JOU").symlink_to(outside / "secret")
    (record,) = list(read_source(wtb).items)
    assert isinstance(record, GameRecord)
    assert (record.black, record.white) == ("player 0", "player 1")


@POSIX
def test_a_players_file_linked_inside_its_folder_is_read(tmp_path: Path) -> None:
    games = tmp_path / "wthor"
    games.mkdir()
    wtb = games / "WTH_2001.wtb"
    wtb.write_bytes(write_games([WthorGame(0, 0, 1, 32, 32, MOVES)], 2001))
    (games / "players-2001.bin").write_bytes(write_names(["Tamenori", "Shaman"], PLAYER_SIZE))
    (games / "WTHOR.JOU").symlink_to(games / "players-2001.bin")
    (record,) = list(read_source(wtb).items)
    assert isinstance(record, GameRecord)
    assert (record.black, record.white) == ("Tamenori", "Shaman")


@POSIX
def test_ctrl_p_never_writes_through_a_link_in_the_pictures_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from othello.gui.scenes import play_commands
    from support.window import app_maker

    data = tmp_path / "data"
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(data))
    monkeypatch.setattr(play_commands.time, "strftime", lambda _form: "20240101-000000")
    pictures = data / play_commands.PICTURES
    pictures.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere.png"  # not there yet: the link leads nowhere
    (pictures / "othello-20240101-000000.png").symlink_to(elsewhere)
    maker = app_maker()
    app = next(maker)()
    try:
        app.play.commands["picture"]()
    finally:
        next(maker, None)
    assert not elsewhere.exists()
    assert (pictures / "othello-20240101-000000-2.png").read_bytes()[:4] == b"\x89PNG"
