"""Game files and pasted games, and bad ones refused clearly (the game in progress: see
test_held_games.py)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from othello.app.files import game_files, writing
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.core.errors import GameTextError, OthelloError
from othello.core.game import Game

# Complete random games (seeds 0 and 2 of random_game below): one of 60 moves, one with passes.
FULL_GAME = (
    "e6d6c3f4d7c5g4g3c4g5b5c7f5a5a6d8a4f7f6d3h4c2e7e3g6f8b4b3e2h5"
    "b6f3h6g7c6a7d2d1c1b1c8b2h7h8h2a3h3h1f2g2f1g1e8g8a2a1b7b8a8e1"
)
GAME_WITH_PASSES = (
    "d3c3b3e3f3c5f6g2b5c6f4a5h1f5d6e7d7e6d8c4c7b7a8b6a4f8g4b4e8a3"
    "a7g5g8c2h4g3a2h3c1d1d2e1f1f7a6h6e2b8g7c8h5g6h2h7h8g1b2f2a1b1"
)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def random_game(seed: int, plies: int) -> Game:
    """A random legal game, passes played as moves the way the window records them."""
    rng = random.Random(seed)
    game = Game()
    for _ in range(plies):
        board = game.board
        if board.is_game_over():
            break
        moves = board.legal_squares()
        game.play(rng.choice(moves) if moves else PASS)
    return game


def same(a: Game, b: Game) -> bool:
    return a.board == b.board and a.transcript() == b.transcript()


# ----- pasted and loaded text ---------------------------------------------------------


def test_transcript_round_trip_through_text() -> None:
    for seed in range(40):
        game = random_game(seed, 70)
        again = game_files.parse_game_text(game_files.game_to_text(game))
        assert same(game, again), seed


def test_transcript_round_trip_through_files(tmp_path: Path) -> None:
    for seed in range(20):
        game = random_game(seed, seed * 3)
        path = game_files.save_game(game, tmp_path / f"g{seed}.txt")
        assert same(game_files.load_game(path), game)


def test_saved_file_is_the_standard_transcript_form(tmp_path: Path) -> None:
    game = Game.from_transcript("f5d6c3")
    path = game_files.save_game(game, tmp_path / "g.txt")
    assert path.read_text(encoding="utf-8") == "f5d6c3\n"


@pytest.mark.parametrize("transcript", [FULL_GAME, GAME_WITH_PASSES])
def test_full_game_round_trip(tmp_path: Path, transcript: str) -> None:
    game = game_files.parse_game_text(transcript)
    assert game.board.is_game_over()
    loaded = game_files.load_game(game_files.save_game(game, tmp_path / "full.txt"))
    assert loaded.transcript() == transcript and loaded.board == game.board


def test_empty_game_round_trip(tmp_path: Path) -> None:
    for game in (Game(), Game(Board.from_transcript("f5d6"))):
        assert (
            game_files.load_game(game_files.save_game(game, tmp_path / "e.txt")).board == game.board
        )


def test_setup_position_round_trip(tmp_path: Path) -> None:
    start = Board.from_transcript("f5d6c3d3")
    game = Game(start)
    game.play("c4")
    text = game_files.game_to_text(game)
    assert text.splitlines()[0] == start.to_string()
    again = game_files.load_game(game_files.save_game(game, tmp_path / "s.txt"))
    assert again.start == start and again.board == game.board and again.transcript() == "c4"


def test_default_save_location(data_dir: Path) -> None:
    path = game_files.save_game(Game.from_transcript("f5"))
    assert path.parent == data_dir / "games"
    second = game_files.save_game(Game.from_transcript("f5d6"))
    assert second != path and path.read_text() == "f5\n"


@pytest.mark.parametrize(
    "text",
    [
        "f5d6c3",
        "F5 D6 C3",
        "f5\nd6\nc3\n",
        "# saved by othello\nf5d6c3\n",
        "  f5d6c3  ",
        "1. f5 d6 2. c3",
        "1.f5 d6 2.c3",
        "f5, d6, c3",
        "1... f5 d6\n2... c3",
    ],
)
def test_pasted_transcript_forms(text: str) -> None:
    assert game_files.parse_game_text(text).transcript() == "f5d6c3"


def test_pasted_board_string_sets_up_a_position() -> None:
    board = Board.from_transcript("f5d6")
    game = game_files.parse_game_text(board.to_string())
    assert game.board == board and game.moves == []


def test_pasted_board_string_with_dots_and_rows() -> None:
    board = Board.from_transcript("f5d6c3")
    rows = board.to_string().replace("-", ".")
    text = "\n".join(rows[i : i + 8] for i in range(0, 64, 8)) + "\n" + rows[64:]
    assert game_files.parse_game_text(text).board == board


def test_board_string_then_moves() -> None:
    start = Board.from_transcript("f5d6")
    game = game_files.parse_game_text(start.to_string() + "\nc3d3")
    assert game.start == start and game.transcript() == "c3d3"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("   \n\t", "empty"),
        ("# only a comment", "empty"),
        ("hello there", "'l' at character 3"),
        ("f5d6c", "lone 'c'"),
        ("f5f5", "move 2"),
        ("f5   f5", "move 2 ('f5' at character 6)"),
        ("f5 z9", "'z' at character 4"),
        ("f5d6c3d3c4" + "a1", "move 6"),
        (FULL_GAME + "a1", "move 61"),
        ("X" * 63 + " O", "has 64 characters"),
        ("X" * 63 + "Z O", "'Z' at square h8"),
        ("-" * 64 + " X", "centre"),
        ("-" * 27 + "OX------XO" + "-" * 26 + "X" + " X", "not connected"),
        ("-" * 27 + "OX------XO" + "-" * 27 + " X e3", "move 1"),
        ("f5" * 20_000, "too long"),
    ],
)
def test_bad_text_is_refused_naming_the_problem(text: str, words: str) -> None:
    with pytest.raises(GameTextError) as info:
        game_files.parse_game_text(text)
    assert words in str(info.value)
    assert isinstance(info.value, OthelloError)


def test_refusing_text_leaves_the_current_game_alone() -> None:
    game = Game.from_transcript("f5d6")
    before = (game.board.to_string(), list(game.moves), game.cursor)
    with pytest.raises(GameTextError):
        game_files.parse_game_text("f5f5")
    assert (game.board.to_string(), list(game.moves), game.cursor) == before


@pytest.mark.parametrize(
    "content, words",
    [
        (b"\x89PNG\r\n\x1a\n", "not a text file"),
        (b"f5f5\n", "move 2"),
        (b"x" * 30_000, "too large"),
    ],
)
def test_bad_game_file_names_the_file(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(GameTextError) as info:
        game_files.load_game(path)
    assert "bad.txt" in str(info.value) and words in str(info.value)


def test_a_huge_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "film.mkv"
    with path.open("wb") as file:
        file.truncate(4_000_000_000)  # sparse: takes no disk, but reading it all would take 4 GB
    with pytest.raises(
        GameTextError, match=r"film.mkv: too large to be a game file \(4000000000 bytes\)"
    ):
        game_files.load_game(path)


def test_missing_game_file(tmp_path: Path) -> None:
    with pytest.raises(GameTextError, match="Cannot read"):
        game_files.load_game(tmp_path / "nope.txt")


def test_impossible_reason() -> None:
    assert game_files.impossible_reason(Board()) is None
    assert game_files.impossible_reason(Board.from_transcript(FULL_GAME)) is None
    assert game_files.impossible_reason(Board.from_transcript(GAME_WITH_PASSES)) is None
    for seed in range(30):
        assert game_files.impossible_reason(random_game(seed, 60).board) is None


# ----- permissions, failures said in words, BOMs, older files ----------------------------


def test_rewriting_a_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "kept.txt"
    path.write_text("old\n")
    path.chmod(0o644)
    writing.write_atomic(path, "new\n")
    assert path.read_text() == "new\n"
    assert oct(path.stat().st_mode & 0o777) == oct(0o644)


def test_a_limited_read_stops_after_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 1000)
    assert writing.read_limited(path, 1000) == b"x" * 1000
    with pytest.raises(writing.TooLarge) as caught:
        writing.read_limited(path, 999)
    assert caught.value.size == 1000


@pytest.mark.parametrize("text", ["\ufefff5d6c3", "\ufeff f5 d6 c3\n", "f5\ufeffd6c3"])
def test_a_byte_order_mark_in_pasted_text_is_ignored(text: str) -> None:
    assert game_files.parse_game_text(text).transcript() == "f5d6c3"


def test_game_files_newest_first(data_dir: Path) -> None:
    assert game_files.game_files() == []
    names = []
    for i, moves in enumerate(("f5", "f5d6", "f5d6c3")):
        path = game_files.save_game(Game.from_transcript(moves), data_dir / "games" / f"g{i}.txt")
        os.utime(path, ns=(i * 10**9, i * 10**9))
        names.append(path.name)
    assert [p.name for p in game_files.game_files()] == names[::-1]
