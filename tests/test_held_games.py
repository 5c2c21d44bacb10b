"""The games a window holds, kept in the library (issue 41): written and read back whole
(undo and redo, passes, set-up positions, the clock), a move one small write, no size cap,
kills, damaged rows, two windows; and an earlier version's files taken in once, kept aside,
a damaged one set aside while the rest comes in."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from othello.app.library import held_games, puzzle_store
from othello.app.library import strength as strength_store
from othello.app.library.database import Library, library_path
from othello.app.library.held_games import Changes, HeldGame, PlayerMode, Seat
from othello.app.library.old_files import PENDING, take_in
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.core.errors import GameTextError
from othello.core.game import Game, Players
from othello.study.fforum import builtin_puzzles
from othello.study.puzzles import PuzzleQueue
from support.kept_games import keep, line, old_autosave, resumed


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def random_game(seed: int, plies: int, start: Board | None = None) -> Game:
    """A random legal game, passes played as moves the way the window records them."""
    rng = random.Random(seed)
    game = Game(start)
    for _ in range(plies):
        board = game.board
        if board.is_game_over():
            break
        moves = board.legal_squares()
        game.play(rng.choice(moves) if moves else PASS)
    return game


def same(a: Game, b: Game) -> bool:
    return (a.start, a.moves, a.cursor, a.board) == (b.start, b.moves, b.cursor, b.board)


def taken_in(data_dir: Path) -> list[str]:
    with Library(library_path()) as library:
        return take_in(library, data_dir, [data_dir / PENDING]).notices


# ----- a window's games ----------------------------------------------------------------------


def test_a_game_comes_back_with_undo_redo_passes_and_its_set_up_start() -> None:
    for seed in range(40):
        start = Board.from_transcript("f5d6c3") if seed % 3 == 0 else None
        game = random_game(seed, random.Random(seed).randrange(1, 70), start)
        for _ in range(seed % 4):
            game.undo()
        game.clock, game.times = "5+3", [float(n) for n in range(len(game.moves))]
        game.players = Players("Saio1200", "Saio3000") if seed % 2 else None
        keep(game, players=PlayerMode.HUMAN_WHITE)
        back = resumed()
        assert back is not None and same(back, game), seed
        assert back.clock == "5+3" and back.times == game.times and back.players == game.players
        if game.can_redo():
            assert back.redo() == game.moves[game.cursor]


def test_the_line_keeps_its_order_and_only_a_game_said_gone_goes() -> None:
    """Issue 50: a line never deletes what it does not name as gone (a window that could
    not read its games must not delete them); ``gone`` does."""
    games = [random_game(seed, 10 + seed) for seed in range(5)]
    keys = [held_games.new_key() for _ in games]
    rows = {
        k: held_games.held_game(g, k, n) for n, (k, g) in enumerate(zip(keys, games, strict=True))
    }
    with Library(library_path()) as library:
        held_games.write(library, Changes(1, rows, keys, Seat(keys[2], PlayerMode.WATCH)))
        back, board = line()
        assert [g.moves for g in back] == [g.moves for g in games] and board == 2
        order = [keys[4], keys[0], keys[2]]  # 1 and 3 leave the line; 4 moves to the front
        held_games.write(library, Changes(1, {}, order, None))
        kept = library.execute("SELECT count(*) FROM held")[0][0]
        held_games.write(library, Changes(1, gone={keys[1], keys[3]}))
        left = library.execute("SELECT count(*) FROM held")[0][0]
    back, board = line()
    assert [g.moves for g in back] == [games[4].moves, games[0].moves, games[2].moves]
    assert board == 2 and kept == 5 and left == 3


def test_a_move_writes_one_small_row_and_no_game_is_too_long() -> None:
    """The size cap of the old autosave (100 KB) is gone: a line of 300 reviewed-looking
    games is kept, and a move then rewrites only the game on the board."""
    judged = json.dumps({"scores": [[k, k, False] for k in range(1, 61)], "start": ""}) * 10
    games = [random_game(seed, 60) for seed in range(300)]
    keys = [held_games.new_key() for _ in games]
    rows = {
        k: held_games.held_game(g, k, n, judged)
        for n, (k, g) in enumerate(zip(keys, games, strict=True))
    }
    with Library(library_path()) as library:
        held_games.write(library, Changes(1, rows, keys, Seat(keys[-1])))
        statements: list[str] = []
        library.db.set_trace_callback(statements.append)
        board = games[-1]
        board.undo()
        row = held_games.held_game(board, keys[-1], len(games) - 1)
        held_games.write(library, Changes(1, {row.key: row}))
        library.db.set_trace_callback(None)
    writes = [s for s in statements if s.split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert len(writes) == 1 and str(keys[-1]) in writes[0]
    back, at = line()
    assert len(back) == 300 and at == 299 and same(back[-1], board)
    assert len(judged) * 300 > 1_000_000  # ten times the old cap, and more


@pytest.mark.parametrize(
    "change, words",
    [
        ({"moves": bytes([37, 43, 18, 18])}, "move 4"),
        ({"moves": bytes([37, 200])}, "move 2"),
        ({"cursor": 9}, "cursor"),
        ({"cursor": -1}, "cursor"),
        ({"start": "-" * 64 + " X"}, "Impossible position"),
        ({"start": "X" * 64 + " Q"}, "not a board"),
    ],
)
def test_a_kept_game_that_does_not_hold_up_is_refused_naming_why(
    change: dict[str, object], words: str
) -> None:
    good = held_games.held_game(Game.from_transcript("f5d6c3"), 1, 0)
    row = HeldGame(**{**good.__dict__, **change})  # type: ignore[arg-type]
    with pytest.raises(GameTextError, match=words):
        held_games.game_of(row)


def test_whatever_a_paste_accepts_a_resume_accepts() -> None:
    """One check, one place (issue 41): a GGF position with a lone disc on a1 was played,
    then refused at the next start; now the paste refuses it as the resume does, and a
    composed position a game can reach is accepted by both."""
    from othello.app.files.game_files import parse_game_text

    lone = "(;GM[Othello]PC[x]BO[8 O------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[d3];)"
    with pytest.raises(GameTextError, match="Impossible position"):
        parse_game_text(lone)
    composed = "(;GM[Othello]PC[x]BO[8 -------- -------- ---O---- ---O*--- ---***-- -------- -------- -------- O];)"
    game = parse_game_text(composed)
    keep(game)
    back = resumed()
    assert back is not None and back.board == game.board


KILLED_CHILD = """
import os, signal, sys
from othello.app.library import held_games
from othello.app.library.held_games import Changes, Seat
from othello.app.library.database import Library
from othello.core.game import Game, Players
game, key = Game(), held_games.new_key()
with Library() as library:
    for move in sys.argv[1].split():
        game.play(move)
        row = held_games.held_game(game, key, 0)
        held_games.write(library, Changes(1, {key: row}, [key], Seat(key)))
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_after_a_move_loses_nothing(data_dir: Path) -> None:
    env = dict(os.environ, OTHELLO_DATA_DIR=str(data_dir))
    proc = subprocess.run(
        [sys.executable, "-c", KILLED_CHILD, "f5 d6 c3 d3 c4"],
        env=env,
        check=False,
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    game = resumed()
    assert game is not None and game.transcript() == "f5d6c3d3c4"


def test_two_windows_keep_their_own_games() -> None:
    keep(Game.from_transcript("f5d6"), slot=1)
    keep(Game.from_transcript("f5f6"), slot=2)
    first, second = resumed(1), resumed(2)
    assert first is not None and first.transcript() == "f5d6"
    assert second is not None and second.transcript() == "f5f6"


def test_the_spool_form_of_a_window_s_games_comes_back_whole() -> None:
    game = random_game(3, 25)
    row = held_games.held_game(game, 77, 0, '{"people":[0]}', 12)
    changes = Changes(2, {77: row}, [77], Seat(77, PlayerMode.TWO_PLAYERS, None, True))
    again = Changes.from_data(json.loads(json.dumps(changes.to_data())))
    assert again == changes
    with pytest.raises(ValueError, match="not a window's games"):
        Changes.from_data({"slot": 1, "games": [{"key": "x"}]})


# ----- an earlier version's files --------------------------------------------------------------


def test_an_old_autosave_of_150_kb_comes_back_with_every_game_behind_undo(data_dir: Path) -> None:
    """The size that the old reader refused ('far too large'): its game must come back."""
    verdicts = [
        [p, p // 2 + 1, "black", 19, 20, 4, -6, p > 44, [[s, s - 30] for s in range(12)]]
        for p in range(0, 60, 2)
    ]
    judged = {"scores": [[k, 2 * k - 30, k > 50] for k in range(1, 61)], "verdicts": verdicts,
              "people": list(range(0, 60, 2)), "book": [], "reviewed": 60}  # fmt: skip
    earlier = tuple(random_game(seed, 60) for seed in range(12))
    game = random_game(99, 20)
    path = old_autosave(game, players="computer:black", earlier=earlier,
                        judged={g: {**judged, "start": g.start.to_string()} for g in earlier})  # fmt: skip
    assert path.stat().st_size > 150_000
    assert taken_in(data_dir) == []
    games, board = line()
    assert board == 12 and same(games[12], game)
    assert all(same(a, b) for a, b in zip(games, earlier, strict=False))
    with Library(library_path()) as library:
        judged_rows = library.execute("SELECT judged FROM held WHERE judged IS NOT NULL")
        seat = held_games.read(library, 1)
    assert (
        len(judged_rows) == 12 and seat is not None and seat.seat.players == PlayerMode.HUMAN_BLACK
    )
    assert not path.exists() and path.with_name("autosave.json.taken-in").is_file()
    assert taken_in(data_dir) == [] and len(line()[0]) == 13  # never twice


def test_a_second_window_s_old_autosave_becomes_its_slot(data_dir: Path) -> None:
    old_autosave(Game.from_transcript("f5d6"))
    old_autosave(Game.from_transcript("f5f6"), data_dir / "autosave-2.json")
    taken_in(data_dir)
    first, second = resumed(1), resumed(2)
    assert first is not None and first.transcript() == "f5d6"
    assert second is not None and second.transcript() == "f5f6"


@pytest.mark.parametrize(
    "content",
    [
        b"garbage \xff\xfe",
        b'{"format": "othello-autosave", "version": 1, "start": "',
        b"[1, 2, 3]",
        b'{"format": "something-else"}',
        b'{"format": "othello-autosave", "version": 1, "start": "x", "moves": "", "cursor": 0}',
        b"[" * 5_000,  # nested past Python's recursion limit: json raises RecursionError
    ],
)
def test_a_damaged_old_file_is_set_aside_and_the_rest_comes_in(
    data_dir: Path, content: bytes
) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "autosave.json").write_bytes(content)
    queue = PuzzleQueue(builtin_puzzles()[:2])
    (data_dir / "puzzles.json").write_text(json.dumps(queue.to_data()))
    notices = taken_in(data_dir)
    assert len(notices) == 1 and "autosave.json" in notices[0] and "damaged" in notices[0]
    assert (data_dir / "autosave.json.damaged").read_bytes() == content
    assert (data_dir / "puzzles.json.taken-in").is_file() and resumed() is None
    with Library(library_path()) as library:
        assert len(library.execute("SELECT id FROM puzzles")) == 2


@pytest.mark.parametrize(
    "text",
    [
        '{"rating": 1e999}',
        "[" * 5_000,
        '{"format": "othello-strength", "version": 1, "rating": 1e999, "deviation": 50, "games": 1, "history": []}',
    ],
)
def test_a_hostile_strength_file_never_stops_a_start(data_dir: Path, text: str) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "strength.json").write_text(text)
    notices = taken_in(data_dir)
    assert len(notices) == 1 and "strength.json" in notices[0]
    with Library(library_path()) as library:
        strength, notice = strength_store.load(library)
    assert notice is None and strength.rating.games == 0


def test_old_puzzles_and_strength_come_in_with_their_answers(data_dir: Path) -> None:
    queue = PuzzleQueue(builtin_puzzles()[:5], turn=0)
    first = queue.next()
    assert first is not None
    queue.answer(first, True)
    data_dir.mkdir(parents=True)
    (data_dir / "puzzles.json").write_text(json.dumps(queue.to_data()))
    (data_dir / "strength.json").write_text(json.dumps({
        "format": "othello-strength", "version": 1, "rating": 1234.5, "deviation": 80.0,
        "games": 3, "history": [["2026-01-01", 5, 1, 1100.0, 200.0], ["2026-01-02", 6, 0.5, 1234.5, 80.0]],
    }))  # fmt: skip
    assert taken_in(data_dir) == []
    with Library(library_path()) as library:
        again, _notice = puzzle_store.load(library)
        strength, notice = strength_store.load(library)
    assert again.turn == 1 and {p.id: p.right for p in again.puzzles}[first.id] == 1
    assert notice is None and strength.rating.value == 1234.5 and strength.rating.games == 3
    assert [g.level for g in strength.history] == [5, 6]


def test_a_file_taken_in_but_not_yet_renamed_is_not_taken_twice(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kill between the transaction and the rename: the next start only renames it."""
    old_autosave(Game.from_transcript("f5d6c3"))
    from othello.app.library import old_files

    monkeypatch.setattr(old_files, "_keep_aside", lambda path: None)
    taken_in(data_dir)
    monkeypatch.undo()
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(data_dir))
    taken_in(data_dir)
    assert len(line()[0]) == 1 and (data_dir / "autosave.json.taken-in").is_file()


def test_a_library_that_cannot_take_files_leaves_them_where_they_are(data_dir: Path) -> None:
    old_autosave(Game.from_transcript("f5d6c3"))
    Library(library_path()).close()
    with sqlite3.connect(library_path()) as db:
        db.execute("PRAGMA journal_mode=DELETE")
    library_path().chmod(0o444)
    try:
        library = Library(library_path(), read_only=True)
        with pytest.raises(Exception):  # noqa: B017 - any refusal by the library
            take_in(library, data_dir, [])
        library.close()
    finally:
        library_path().chmod(0o644)
    assert (data_dir / "autosave.json").is_file()
