"""The opening explorer: its counts against a plain count over the shared games, the file's
format and its failures, and ``othello explore``."""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterator

import pytest

from othello import cli
from othello.core.bitboard import flips, legal_moves
from othello.core.board import Board
from othello.core.notation import square_name
from othello.engine.patterns import transform
from othello.study import explorer
from othello.study.explorer import ExplorerError, decode, encode, load_explorer
from support.shared_data import need_shared, shared_file

SHARED = shared_file("games")
"""The shared games, where they are at hand (tests/support/shared_data.py)."""
FILES = {"people": "wthor-1977-2025.txt.gz", "programs": "logistello-selfplay.txt.gz"}
TRANSCRIPTS = ("f5d6c3d3c4f4f6f3e6e7",)  # the Tiger; then the first game of each file
Position = tuple[int, int, bool]


def _queries() -> list[Board]:
    """Early positions: symmetric ones, the moves of a few transcripts, random positions of
    the first 12 moves (some from real games shown in a random orientation, some random play)."""
    rng = random.Random(23)
    boards = [Board.from_transcript(t) for t in ("", "f5", "f5d6", "f5f6", "f5f4", "d3c3")]
    firsts = []
    for name in FILES.values():
        with gzip.open(SHARED / name, "rt") as f:
            firsts.append(f.readline().split()[0][:42])
    for text in (*TRANSCRIPTS, *firsts):
        board = Board()
        for _, token in _tokens(text):
            board = Board.from_transcript(token, start=board)
            boards.append(board.copy())
    with gzip.open(SHARED / FILES["people"], "rt") as f:
        lines = [line for _, line in zip(range(3000), f, strict=False)]
    for line in rng.sample(lines, 20):
        moves = line.split()[0][: 2 * rng.randint(0, 12)]
        board = Board.from_transcript(moves)
        kind = rng.randrange(8)
        image = Board.from_bitboards(
            transform(kind, board.black), transform(kind, board.white), board.black_to_move
        )
        boards.append(image)
    for _ in range(10):
        board = Board()
        for _ in range(rng.randint(1, 12)):
            if board.is_game_over():
                break
            if board.must_pass():
                board.push_pass()
            board.push_square(rng.choice(board.legal_squares()))
        boards.append(board)
    return boards


def _tokens(text: str) -> Iterator[tuple[int, str]]:
    for i in range(0, len(text), 2):
        yield i, text[i : i + 2]


def _slow_counts(queries: list[Board]) -> dict[tuple[int, str, int], list[int]]:
    """For each query, source and legal move: [games, black wins, draws, white wins, summed
    Black-White], counted by replaying every shared game and comparing whole positions with
    the query's eight images (no canonical forms, no keys)."""
    images: dict[Position, list[tuple[int, int]]] = {}
    for q, board in enumerate(queries):
        for kind in range(8):
            key = (transform(kind, board.black), transform(kind, board.white), board.black_to_move)
            images.setdefault(key, []).append((q, kind))
    counts: dict[tuple[int, str, int], list[int]] = {}
    for source, name in FILES.items():
        with gzip.open(SHARED / name, "rt") as f:
            for line in f:
                moves, result = line.split()
                black, white = (int(n) for n in result.split("-"))
                _count_game(moves, black - white, source, queries, images, counts)
    return counts


def _count_game(
    moves: str,
    diff: int,
    source: str,
    queries: list[Board],
    images: dict[Position, list[tuple[int, int]]],
    counts: dict[tuple[int, str, int], list[int]],
) -> None:
    """Count one game for every query it reaches (key square -1: the games that reached it).
    The game is replayed on two bitboards (Black's, White's) with the rules' own primitives."""
    black, white, black_to_move = Board().black, Board().white, True
    for k in range(0, min(len(moves), 42), 2):
        sq = (int(moves[k + 1]) - 1) * 8 + "abcdefgh".index(moves[k])
        mover, other = (black, white) if black_to_move else (white, black)
        if not legal_moves(mover, other) >> sq & 1:  # the side to move had to pass
            black_to_move = not black_to_move
            mover, other = other, mover
        here: dict[int, list[int]] = {}
        for q, kind in images.get((black, white, black_to_move), ()):
            here.setdefault(q, []).append(kind)
        turned = flips(mover, other, sq)
        mover, other = mover | turned | 1 << sq, other & ~turned
        black, white = (mover, other) if black_to_move else (other, mover)
        black_to_move = not black_to_move
        for q, kinds in here.items():
            _add(counts, (q, source, -1), diff)
            for m in _afters(queries[q], q, tuple(kinds)).get((black, white), ()):
                _add(counts, (q, source, m), diff)


_AFTERS: dict[tuple[int, tuple[int, ...]], dict[tuple[int, int], list[int]]] = {}


def _afters(query: Board, q: int, kinds: tuple[int, ...]) -> dict[tuple[int, int], list[int]]:
    """For a query seen in a game as its images ``kinds``: each legal move's position after
    it, in those images (Black's and White's discs), mapped to the moves that lead there."""
    key = (q, kinds)
    if key not in _AFTERS:
        table: dict[tuple[int, int], list[int]] = {}
        for m in query.legal_squares():
            after = query.copy()
            after.push_square(m)
            for image in {(transform(k, after.black), transform(k, after.white)) for k in kinds}:
                table.setdefault(image, []).append(m)
        _AFTERS[key] = table
    return _AFTERS[key]


def _add(
    counts: dict[tuple[int, str, int], list[int]], key: tuple[int, str, int], diff: int
) -> None:
    row = counts.setdefault(key, [0, 0, 0, 0, 0])
    row[0] += 1
    row[1 if diff > 0 else 2 if diff == 0 else 3] += 1
    row[4] += diff


@pytest.fixture(scope="module")
def slow() -> tuple[list[Board], dict[tuple[int, str, int], list[int]]]:
    if not SHARED.is_dir():
        need_shared("games")
    queries = _queries()
    return queries, _slow_counts(queries)


@pytest.mark.slow
def test_counts_equal_a_plain_count_over_the_shared_games(
    slow: tuple[list[Board], dict[tuple[int, str, int], list[int]]],
) -> None:
    queries, counts = slow
    data, problem = load_explorer()
    assert data is not None, problem
    found_some = 0
    for q, board in enumerate(queries):
        reached = {s: counts.get((q, s, -1), [0])[0] for s in ("people", "programs")}
        for source in ("all", "people", "programs"):
            got = data.lookup(board.black, board.white, board.black_to_move, source)
            if sum(reached.values()) < 2:  # not in the database
                assert got.games == 0 and not got.moves, board.to_string()
                continue
            names = ("people", "programs") if source == "all" else (source,)
            assert got.games == sum(reached[s] for s in names), (board.to_string(), source)
            expected = {}
            for m in board.legal_squares():
                rows = [counts[(q, s, m)] for s in names if (q, s, m) in counts]
                if rows:
                    expected[m] = [sum(r[i] for r in rows) for i in range(5)]
            found = {m.square: m for m in got.moves}
            assert set(found) == set(expected), (board.to_string(), source)
            for m, row in expected.items():
                move = found[m]
                assert [move.games, move.black_wins, move.draws, move.white_wins] == row[:4]
                assert move.mean_black == pytest.approx(row[4] / row[0])
            found_some += bool(found)
    assert found_some > 100  # most queries are in the database, for each source


@pytest.mark.slow
def test_symmetric_moves_each_show_the_full_count(
    slow: tuple[list[Board], dict[tuple[int, str, int], list[int]]],
) -> None:
    data, _ = load_explorer()
    assert data is not None
    start = data.lookup(Board().black, Board().white, True, "all")
    assert sorted(square_name(m.square) for m in start.moves) == ["c4", "d3", "e6", "f5"]
    assert len({m.games for m in start.moves}) == 1
    games = 0
    for name in FILES.values():
        with gzip.open(SHARED / name, "rt") as f:
            games += sum(1 for _ in f)
    assert start.games == start.moves[0].games == games


def test_file_round_trip_and_lookup_from_blacks_side() -> None:
    board = Board.from_transcript("f5d6")  # Black to move
    cp, co, kinds = explorer.canonical_form(board.black, board.white)
    c3 = 2 * 8 + 2
    entries = {(cp, co): {explorer.canonical_square(kinds, c3): ((3, 2, 0, 10), (1, 0, 1, 0))}}
    data = decode(encode(entries))
    got = data.lookup(board.black, board.white, True, "all")
    assert got.games == 4 and [square_name(m.square) for m in got.moves] == ["c3"]
    assert (got.moves[0].black_wins, got.moves[0].draws, got.moves[0].white_wins) == (2, 1, 1)
    assert got.moves[0].mean_black == 2.5
    assert data.lookup(board.black, board.white, True, "programs").moves[0].draws == 1


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d[:-10],
        lambda d: d[:20] + bytes([d[20] ^ 0xFF]) + d[21:],
        lambda d: b"XXXX" + d[4:],
    ],
)
def test_a_damaged_file_is_refused(damage: object) -> None:
    data = encode({(1, 2): {3: ((1, 1, 0, 5), (0, 0, 0, 0))}})
    with pytest.raises(ExplorerError):
        decode(damage(data))  # type: ignore[operator]


def test_a_missing_or_damaged_file_makes_the_explorer_unavailable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def missing() -> bytes:
        raise FileNotFoundError("no such file: explorer.bin")

    for reader in (missing, lambda: b"OTEX garbage"):
        monkeypatch.setattr(explorer, "read_data", reader)
        load_explorer.cache_clear()
        try:
            assert cli.main(["explore", "f5"]) == 1
            out = capsys.readouterr().out
            assert "unavailable" in out
        finally:
            load_explorer.cache_clear()


def test_explore_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["explore", "f5d6", "--json", "--source", "people"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"position", "source", "games", "moves"}
    assert out["source"] == "people"
    assert out["position"] == Board.from_transcript("f5d6").to_string()
    assert out["games"] > 1000
    keys = {"move", "games", "black_wins", "draws", "white_wins", "mean_black"}
    assert all(set(m) == keys for m in out["moves"])
    games = [m["games"] for m in out["moves"]]
    assert games == sorted(games, reverse=True) and sum(games) == out["games"]
    assert all(m["black_wins"] + m["draws"] + m["white_wins"] == m["games"] for m in out["moves"])
    assert out["moves"][0]["move"] == "c3"  # the most played reply


def test_explore_text_and_bad_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["explore", "f5d6c3"]) == 0
    out = capsys.readouterr().out
    assert "White to move" in out and "d3" in out
    assert cli.main(["explore", "f5f5"]) == 2
    assert "f5" in capsys.readouterr().err


def test_a_position_whose_moves_run_past_the_end_is_refused() -> None:
    board = Board()
    cp, co, _ = explorer.canonical_form(board.black, board.white)
    data = decode(encode({(cp, co): {37: ((300, 1, 0, 5), (0, 0, 0, 0))}}))
    data.blob = data.blob[:-1]  # the last count cut short
    with pytest.raises(ExplorerError):
        data.entry(cp, co)
