"""WTHOR, by its published layout: files written here from known games (real tournament
games of the shared WTHOR set, and a GGS game with two passes) and read back, names
resolved from the .JOU and .TRN beside the .wtb, numbers without them."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest

from othello.app.library.game_records import GameRecord, Problem, read_source
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.core.errors import GameTextError
from othello.core.notation import parse_square
from othello.formats.wthor import (
    GAME,
    HEADER,
    PLAYER_SIZE,
    TOURNAMENT_SIZE,
    WthorError,
    WthorGame,
    code_of,
    read_games,
    read_header,
    read_names,
    square_of,
    write_games,
    write_names,
)
from support.ggs_records import FANGR, HERCULE, SAIO, end_of, games_of
from support.shared_data import shared_file

SHARED = shared_file("games", "wthor-1977-2025.txt.gz")


def shipped_games() -> list[tuple[list[int], str]]:
    """Real games the repository ships (GGS records from the standard start: a draw with a
    pass, a plain win, and FANGR with two passes), with their final counts."""
    found = []
    for text in (SAIO, HERCULE, FANGR):
        game = games_of(text)[0]
        black, white = end_of(game).count()
        found.append((game.moves, f"{black}-{white}"))
    return found


def known_games(count: int) -> list[tuple[list[int], str]]:
    """The first real games of the shared set (moves with passes, and the final count) where
    it is at hand (tests/support/shared_data.py), then the shipped ones."""
    found: list[tuple[list[int], str]] = []
    if SHARED.exists():
        with gzip.open(SHARED, "rt") as f:
            for line in f:
                if len(found) >= count:
                    break
                moves, counts = line.split()
                found.append(([e.square for e in Board.from_transcript(moves).history], counts))
    return found + shipped_games()


def as_wthor(moves: list[int], number: int) -> WthorGame:
    board = Board()
    for sq in moves:
        board.push_square(sq)
    black = board.score() // 2 + 32 if board.is_game_over() else board.count()[0]
    placed = tuple(sq for sq in moves if sq != PASS)
    return WthorGame(number % 3, number % 5, (number + 1) % 5, black, black, placed)


def test_the_layout_as_published() -> None:
    assert HEADER.size == 16 and GAME.size == 68
    assert code_of(parse_square("f5")) == 56 and square_of(56) == parse_square("f5")
    assert code_of(parse_square("a1")) == 11 and code_of(parse_square("h8")) == 88
    with pytest.raises(WthorError):
        square_of(19)
    data = write_games([], 1997, made=(2024, 5, 1))
    assert data[:4] == bytes([20, 24, 5, 1]) and struct.unpack_from("<IHH", data, 4) == (0, 0, 1997)
    header = read_header(data)
    assert (header.year, header.games, header.board_size, header.made) == (1997, 0, 8, (2024, 5, 1))


def test_known_games_written_by_the_layout_read_back_with_their_passes(tmp_path: Path) -> None:
    games = known_games(200)
    records = [as_wthor(moves, i) for i, (moves, _) in enumerate(games)]
    data = write_games(records, 2001)
    assert len(data) == 16 + 68 * len(records)
    header, read = read_games(data)
    assert header.games == len(records) and list(read) == records
    (tmp_path / "WTH_2001.wtb").write_bytes(data)
    (tmp_path / "WTHOR.JOU").write_bytes(
        write_names([f"Player {i}" for i in range(5)], PLAYER_SIZE)
    )
    (tmp_path / "WTHOR.TRN").write_bytes(write_names(["Paris", "Tokyo", "Ghent"], TOURNAMENT_SIZE))
    source = read_source(tmp_path / "WTH_2001.wtb")
    items = list(source.items)
    assert source.total == len(records) and all(isinstance(i, GameRecord) for i in items)
    for i, (item, (moves, counts)) in enumerate(zip(items, games, strict=True)):
        assert isinstance(item, GameRecord)
        assert item.moves == moves  # the passes put back where the rules forced them
        black, white = map(int, counts.split("-"))
        assert item.result() == black - white
        assert (item.black, item.white, item.date) == (
            f"Player {i % 5}",
            f"Player {(i + 1) % 5}",
            "2001",
        )
        assert item.tags["EV"] == ["Paris", "Tokyo", "Ghent"][i % 3]


def test_without_the_names_files_the_numbers_stand_in(tmp_path: Path) -> None:
    moves, _ = known_games(1)[0]
    (tmp_path / "WTH_1990.wtb").write_bytes(write_games([as_wthor(moves, 7)], 1990))
    (item,) = list(read_source(tmp_path / "WTH_1990.wtb").items)
    assert isinstance(item, GameRecord)
    assert (item.black, item.white, item.tags["EV"]) == ("player 2", "player 3", "tournament 1")


def test_names_files_hold_latin1_names_cut_to_their_record() -> None:
    data = write_names(["Éric Bérard", "x" * 40], PLAYER_SIZE)
    assert len(data) == 16 + 2 * PLAYER_SIZE
    assert read_names(data, PLAYER_SIZE) == ["Éric Bérard", "x" * 19]


def test_a_bad_game_costs_that_game_and_a_bad_file_says_why(tmp_path: Path) -> None:
    games = [as_wthor(moves, i) for i, (moves, _) in enumerate(shipped_games())]
    data = bytearray(write_games(games, 2000))
    data[16 + 68 + 8] = 99  # the second game's first move is no square
    data[16 + 2 * 68 + 9] = data[16 + 2 * 68 + 8]  # the third plays the same square twice
    (tmp_path / "bad.wtb").write_bytes(bytes(data))
    items = list(read_source(tmp_path / "bad.wtb").items)
    assert isinstance(items[0], GameRecord) and isinstance(items[1], Problem)
    assert isinstance(items[2], Problem) and "move 2" in items[2].reason
    (tmp_path / "short.wtb").write_bytes(bytes(data[:-10]))
    with pytest.raises(GameTextError, match="records of 68 bytes"):
        read_source(tmp_path / "short.wtb")
    ten = bytearray(data)
    ten[12] = 10
    (tmp_path / "ten.wtb").write_bytes(bytes(ten))
    with pytest.raises(GameTextError, match="10x10"):
        read_source(tmp_path / "ten.wtb")


def test_a_names_file_too_large_is_said_and_the_games_come_in_numbered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 51, item 18: a .JOU beside the .wtb over the size limit ended `othello import`
    (and a drop on the window) in a traceback (TooLarge); one line names the file, and the
    games come in with numbers for the names."""
    from othello.cli import main

    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))  # a library of its own
    moves, _ = known_games(1)[0]
    wtb = tmp_path / "WTH_1990.wtb"
    wtb.write_bytes(write_games([as_wthor(moves, 7)], 1990))
    with open(tmp_path / "WTHOR.JOU", "wb") as f:  # sparse: no disk spent on it
        f.truncate((1 << 30) + 16)
    (tmp_path / "WTHOR.TRN").write_bytes(write_names(["Paris", "Tokyo"], TOURNAMENT_SIZE))
    source = read_source(wtb)
    (item,) = list(source.items)
    assert isinstance(item, GameRecord) and item.black == "player 2"
    assert item.tags["EV"] == "Tokyo"  # the .TRN beside it still names the tournament
    assert source.notes == [
        "WTHOR.JOU: 1,073,741,840 bytes is too large to be a names file; the games come in "
        "without its names"
    ]
    assert main(["import", str(wtb)]) == 0
    out, err = capsys.readouterr()
    assert "1 added" in out and "Traceback" not in err
    assert err.strip().splitlines() == [f"othello: {source.notes[0]}"]
