"""The opening book: symmetric positions share an entry, every move in it is legal and has
a value, bad moves are never chosen, a damaged file leaves the computer playing without it."""

from __future__ import annotations

import random
import sys
from array import array
from pathlib import Path

import pytest
from book_values import Searched, read_values, read_values_line, values_line
from build_book import with_values

from othello.core.bitboard import flips, legal_moves
from othello.core.board import Board
from othello.engine import book as book_module
from othello.engine.api import Engine
from othello.engine.book import (
    MIN_COUNT,
    NO_VALUE,
    VALUE_MARGIN,
    BookError,
    CorrectionKind,
    Deviation,
    MoveData,
    Origin,
    PositionData,
    Value,
    canonical,
    canonical_move,
    correction,
    decode,
    encode,
    fast_transform,
    load_book,
)
from othello.engine.patterns import symmetry, transform


def test_fast_transforms_are_the_board_symmetries() -> None:
    rng = random.Random(4)
    for _ in range(100):
        x = rng.getrandbits(64)
        assert all(fast_transform(k, x) == transform(k, x) for k in range(8))


def test_a_position_and_its_images_share_one_entry() -> None:
    board = Board.from_transcript("f5d6c3d3c4f4")
    p, o, sq = board.player, board.opponent, board.legal_squares()[0]
    forms = {
        canonical_move(fast_transform(k, p), fast_transform(k, o), symmetry(k, sq))
        for k in range(8)
    }
    assert len(forms) == 1


def test_the_packaged_book_loads_and_every_move_in_it_is_legal() -> None:
    book, problem = load_book()
    assert problem is None and len(book) > 5000
    for (p, o), i in book.index.items():
        moves = legal_moves(p, o)
        for j in range(book.starts[i], book.starts[i + 1]):
            assert moves >> book.squares[j] & 1 and book.counts[j] > 0


def test_the_four_first_moves_lead_to_the_same_book_moves() -> None:
    book, _ = load_book()
    replies = []
    for first in ("f5", "d3", "c4", "e6"):
        board = Board.from_transcript(first)
        found = book.lookup(board.player, board.opponent)
        assert found and all(board.is_legal(m.square) for m in found)
        replies.append(sorted((m.count, m.total) for m in found))
    assert all(r == replies[0] for r in replies)


def test_the_book_chooses_only_good_moves_and_varies() -> None:
    book, _ = load_book()
    varied = 0
    for line in ("f5", "f5d6", "f5f6", "f5d6c3d3c4", "f5d6c5f4e3", "f5f6e6f4"):
        board = Board.from_transcript(line)
        entry = book.entry(board.player, board.opponent)
        assert entry is not None and entry.value is not None
        chosen = {book.choose(board.player, board.opponent, random.Random(s)) for s in range(40)}
        for m in chosen:  # never a move the values show as bad, nor one without a value
            assert m is None or (m.value and m.value.discs >= entry.value - VALUE_MARGIN)
        varied += len(chosen) > 1
    assert varied  # games vary
    late = Board.from_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1f3f6e7")  # 21 moves
    assert book.choose(late.player, late.opponent, random.Random(1)) is None  # past the book


def test_the_engine_plays_from_the_book_from_level_10() -> None:
    board = Board()
    found = Engine(level=10, book=True, seed=1).think(board)
    assert found.book and board.is_legal(found.move)
    assert not Engine(level=9, book=True, seed=1).think(board).book
    assert not Engine(level=10, seed=1).think(board).book  # off unless asked


@pytest.mark.parametrize(
    ("cut", "words"), [(lambda d: b"XXXX" + d[4:], "header"), (lambda d: d[:-7], "cut short")]
)
def test_a_damaged_book_is_refused_with_a_reason(cut: object, words: str) -> None:
    start = Board()
    cp, co, sq = canonical_move(start.player, start.opponent, start.legal_squares()[0])
    data = encode({(cp, co): {sq: MoveData(3, 6)}})
    (found,) = decode(data).lookup(start.player, start.opponent)  # it reads back
    assert (found.count, found.total) == (3, 6) and start.is_legal(found.square)
    with pytest.raises(BookError, match=words):
        decode(cut(data))  # type: ignore[operator]


def test_without_a_book_the_engine_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    load_book.cache_clear()
    monkeypatch.setattr(book_module, "FILE", "no-such-book.bin")
    try:
        book, problem = load_book()
        assert len(book) == 0 and problem is not None and "opening book" in problem
        found = Engine(level=4, book=True, seed=1).think(Board())
        assert not found.book and Board().is_legal(found.move)
    finally:
        load_book.cache_clear()


def test_the_start_check_agrees_with_loading(monkeypatch: pytest.MonkeyPatch) -> None:
    assert book_module.problem() is None
    good = book_module._read()
    for bad in (good[:-9], b"OTBK" + good[4:8] + b"\xff\xff\xff\x7f", b"nope"):
        monkeypatch.setattr(book_module, "_read", lambda bad=bad: bad)
        message = book_module.problem()
        assert message is not None and "opening book" in message
        with pytest.raises(BookError):
            decode(bad)


# ----- values (issue 55) ---------------------------------------------------------------------


def _child(board: Board, move: str) -> Board:
    after = board.copy()
    after.push(move)
    return after


def test_values_and_the_deviation_read_back_in_every_orientation() -> None:
    board = Board.from_transcript("f5d6")
    p, o = board.player, board.opponent
    kind, cp, co = canonical(p, o)
    c3 = symmetry(kind, board.legal_squares()[0])  # a legal move, in the canonical form
    others = [symmetry(kind, sq) for sq in board.legal_squares()[1:]]
    moves = {c3: MoveData(10, -20, Value(-3, 11, Origin.SEARCH))}
    moves[others[0]] = MoveData(4, 8, None)
    dev = Deviation(others[1], Value(2, 9, Origin.SEARCH))
    data = encode({(cp, co): moves}, {(cp, co): PositionData(2, dev)})
    assert len(data) == book_module.size(2, 1, 2)
    read = decode(data)
    for k in range(8):  # looked up from any of the position's images
        image_p, image_o = fast_transform(k, p), fast_transform(k, o)
        entry = read.entry(image_p, image_o)
        assert entry is not None and entry.value == 2
        got = {m.square: m for m in entry.moves}
        first = symmetry(k, board.legal_squares()[0])
        assert got[first].value == Value(-3, 11, Origin.SEARCH) and got[first].count == 10
        assert [m.value for m in entry.moves if m.square != first] == [None]
        assert entry.deviation is not None and entry.deviation.value == Value(2, 9, Origin.SEARCH)
        assert legal_moves(image_p, image_o) >> entry.deviation.square & 1
        assert symmetry(k, board.legal_squares()[2]) == entry.deviation.square


def _version_1(entries: dict[tuple[int, int], dict[int, tuple[int, int]]]) -> bytes:
    """A version 1 file (counts only), as issue 55 found the book: written here by hand."""
    keys = sorted(entries)
    rows = [sorted(entries[k].items()) for k in keys]
    starts = [0]
    for row in rows:
        starts.append(starts[-1] + len(row))
    parts = [
        array("I", [1, len(keys)]),
        array("Q", [k[0] for k in keys]),
        array("Q", [k[1] for k in keys]),
        array("I", starts),
        array("B", [sq for row in rows for sq, _ in row]),
        array("I", [c for row in rows for _, (c, _) in row]),
        array("i", [t for row in rows for _, (_, t) in row]),
    ]
    if sys.byteorder != "little":
        for part in parts:
            part.byteswap()
    return b"OTBK" + b"".join(part.tobytes() for part in parts)


def test_a_version_1_book_is_still_read_and_played_by_its_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start = Board()
    cp, co, sq = canonical_move(start.player, start.opponent, start.legal_squares()[0])
    old = _version_1({(cp, co): {sq: (MIN_COUNT, 8)}})
    read = decode(old)
    (move,) = read.lookup(start.player, start.opponent)
    assert (move.count, move.total, move.value) == (MIN_COUNT, 8, None)
    assert read.choose(start.player, start.opponent, random.Random(1)) == move
    monkeypatch.setattr(book_module, "_read", lambda: old)
    assert book_module.problem() is None
    monkeypatch.setattr(book_module, "_read", lambda: old[:-1])
    assert book_module.problem() is not None


def test_the_packaged_book_has_values_for_its_moves() -> None:
    """Issue 55: every move people played often enough to be chosen has a value, from the
    engine's search or through the book's own tree."""
    book, _ = load_book()
    v = book.values
    assert v is not None
    played = [j for j in range(len(book.squares)) if book.counts[j] >= MIN_COUNT]
    valued = [j for j in played if v.move_values[j] != NO_VALUE]
    assert len(valued) >= 0.99 * len(played)
    assert all(-64 <= v.move_values[j] <= 64 and v.move_depths[j] >= 4 for j in valued)
    assert sum(x != NO_VALUE for x in v.values) >= 0.99 * len(book)
    start = book.entry(Board().player, Board().opponent)
    assert start is not None and start.value is not None and abs(start.value) <= 8


def test_a_move_into_the_book_takes_the_value_of_the_position_it_leads_to() -> None:
    """Negamax through the book: the start's move is worth minus the best reply's value,
    where the best may be the engine's own move outside the book."""
    start = Board()
    after = _child(start, "f5")
    key0 = canonical(start.player, start.opponent)[1:]
    key1 = canonical(after.player, after.opponent)[1:]
    _, _, f5 = canonical_move(start.player, start.opponent, 37)
    replies = {canonical_move(after.player, after.opponent, sq)[2] for sq in after.legal_squares()}
    a, b, outside = sorted(replies)
    entries = {key0: {f5: (100, 0)}, key1: {a: (60, 120), b: (40, -40)}}
    searched = {key1: Searched(key1, 10, {a: 1, b: -3}, (outside, 5))}
    moves, positions = with_values(entries, searched)
    assert moves[key1][a].value == Value(1, 10, Origin.SEARCH)
    assert positions[key1] == PositionData(5, Deviation(outside, Value(5, 10, Origin.SEARCH)))
    assert moves[key0][f5].value == Value(-5, 10, Origin.LINE)  # the deviation's, negated
    assert positions[key0].value == -5 and positions[key0].deviation is None
    searched = {key1: Searched(key1, 10, {a: 1, b: -3}, None)}  # no better move outside
    moves, positions = with_values(entries, searched)
    assert moves[key0][f5].value == Value(-1, 10, Origin.LINE)
    moves, positions = with_values(entries, {})  # not searched yet: no values, no guesses
    assert moves[key0][f5].value is None and positions[key0].value is None


def test_the_values_file_reads_back_and_a_line_cut_short_is_searched_again(
    tmp_path: Path,
) -> None:
    one = Searched((1 << 30, 1 << 40), 9, {19: -2, 26: 0}, (44, -1))
    two = Searched((1 << 31, 1 << 41), 0, {}, None)
    assert read_values_line(values_line(one)) == one
    assert read_values_line(values_line(two)) == two
    path = tmp_path / "values.txt"
    path.write_text(values_line(one) + "\n" + values_line(two)[:-3])
    assert read_values(path) == {one.key: one}  # the unfinished last line: not done


def test_the_engine_plays_the_book_move_with_the_book_s_value() -> None:
    board = Board.from_transcript("f5d6")
    found = Engine(level=14, book=True, seed=3).think(board)
    entry = load_book()[0].entry(board.player, board.opponent)
    assert found.book and entry is not None
    (move,) = [m for m in entry.moves if board.is_legal(m.square) and m.square == _sq(found.move)]
    assert move.value is not None and found.score == move.value.discs


def _sq(name: str) -> int:
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def test_the_values_script_keys_a_move_s_position_as_the_build_does() -> None:
    """The values script keys a move's child like the book build does (passes included)."""
    from book_values import child_key

    board = Board.from_transcript("f5d6c3")
    for sq in board.legal_squares():
        f = flips(board.player, board.opponent, sq)
        cp, co, sign = child_key(board.player, board.opponent, sq)
        after = _child(board, "abcdefgh"[sq % 8] + str(sq // 8 + 1))
        assert (cp, co) == canonical(after.player, after.opponent)[1:] and sign == -1
        assert f


def test_values_choose_among_moves_near_the_best_never_the_crowd_s_bad_one() -> None:
    """Issue 55: the most played move with the best average result is not played when the
    values show it loses; moves within VALUE_MARGIN of the best vary; and where the engine's
    own move outside the book is better than every book move by more, the book stands aside."""
    board = Board.from_transcript("f5d6")
    p, o = board.player, board.opponent
    kind, cp, co = canonical(p, o)
    popular, near, best, unvalued, *_ = [symmetry(kind, sq) for sq in board.legal_squares()]
    moves = {
        popular: MoveData(1000, 4000, Value(-1 - VALUE_MARGIN, 10, Origin.LINE)),
        near: MoveData(20, -40, Value(-VALUE_MARGIN, 10, Origin.SEARCH)),
        best: MoveData(10, -30, Value(0, 10, Origin.LINE)),
        unvalued: MoveData(500, 2500, None),
    }
    read = decode(encode({(cp, co): moves}, {(cp, co): PositionData(0, None)}))
    chosen = {read.choose(p, o, random.Random(s)) for s in range(60)}
    assert {symmetry(kind, m.square) for m in chosen if m is not None} == {near, best}
    outside = Deviation(symmetry(kind, board.legal_squares()[4]), Value(3, 10, Origin.SEARCH))
    read = decode(encode({(cp, co): moves}, {(cp, co): PositionData(3, outside)}))
    assert read.choose(p, o, random.Random(1)) is None  # the engine searches here


def test_the_values_build_resumes_where_it_stopped(tmp_path: Path) -> None:
    """scripts/book_values.py: a run stopped (here after two positions, the last line cut)
    goes on with the next positions, most played first, and searches none twice."""
    import book_values

    out = tmp_path / "values.txt"
    book_values.main(["--out", str(out), "--nodes", "600", "--limit", "2"])
    first = read_values(out)
    assert len(first) == 2
    start = Board()
    assert canonical(start.player, start.opponent)[1:] in first  # the most played: the start
    with out.open("a") as f:
        f.write("0000000810000000 00000010")  # a line cut short by a kill
    book_values.main(["--out", str(out), "--nodes", "600", "--limit", "2"])
    keys = [line.split()[:2] for line in out.read_text().split("\n")[:-1] if line.count(" ") == 4]
    assert len(read_values(out)) == 4 and len({tuple(k) for k in keys}) == 4


def test_a_few_games_good_average_no_longer_decides() -> None:
    """Found by issue 55's match from the start: after d3 c5 f6 f5 e6 e3 the book by counts
    played b5 (22 games averaging +20.9 discs for the mover: the best average of the moves
    played 8 times or more) and lost by 38 every time; its value is -16, and it is not played."""
    book, _ = load_book()
    board = Board.from_transcript("d3c5f6f5e6e3")
    b5 = next(m for m in book.lookup(board.player, board.opponent) if m.square == 33)
    assert b5.count >= MIN_COUNT and b5.average > 20 and b5.value is not None
    assert b5.value.discs < -10
    chosen = {book.choose(board.player, board.opponent, random.Random(s)) for s in range(60)}
    assert all(m is not None and m.square != 33 for m in chosen)


def test_the_player_s_corrections_override_the_shipped_values_in_every_orientation() -> None:
    """Issue 55: the player's book (kept in their library) is read over the shipped one: a
    move corrected to a loss is no longer played, its value is the player's, and the
    position's value is the best again; the same correction answers all eight images."""
    board = Board.from_transcript("f5d6")
    c3, c4 = _sq("c3"), _sq("c4")
    fixes = tuple(
        correction(board.player, board.opponent, sq, -20, 16, CorrectionKind.LEARNED)
        for sq in (c3, c4)
    )
    shipped, mine = load_book()[0], load_book()[0].overlaid(fixes)
    before = {shipped.choose(board.player, board.opponent, random.Random(s)) for s in range(60)}
    assert {m.square for m in before if m is not None} >= {c3, c4}
    for k in range(8):
        p, o = fast_transform(k, board.player), fast_transform(k, board.opponent)
        entry = mine.entry(p, o)
        assert entry is not None and entry.value == -1  # c5's, the best left
        by_square = {m.square: m for m in entry.moves}
        for sq in (c3, c4):
            value = by_square[symmetry(k, sq)].value
            assert value == Value(-20, 16, Origin.PLAYER)
        chosen = {mine.choose(p, o, random.Random(s)) for s in range(60)}
        assert {m.square for m in chosen if m is not None} == {symmetry(k, _sq("c5"))}
    assert shipped.entry(board.player, board.opponent) != mine.entry(board.player, board.opponent)


def test_a_removed_move_is_never_played_and_an_added_one_is_in_the_book() -> None:
    board = Board.from_transcript("f5d6")
    p, o = board.player, board.opponent
    removed = tuple(
        correction(p, o, _sq(name), 0, 0, CorrectionKind.REMOVED) for name in ("c3", "c4")
    )
    mine = load_book()[0].overlaid(removed)
    entry = mine.entry(p, o)
    assert entry is not None and {m.square for m in entry.moves} == {
        _sq(n) for n in "c7 c6 c5".split()
    }
    chosen = {mine.choose(p, o, random.Random(s)) for s in range(40)}
    assert {m.square for m in chosen if m is not None} == {_sq("c5")}
    after = Board.from_transcript("c4c5b6d3")  # out of the shipped book
    assert load_book()[0].entry(after.player, after.opponent) is None
    sq = after.legal_squares()[0]
    added = correction(after.player, after.opponent, sq, 4, 18, CorrectionKind.ADDED)
    entry = load_book()[0].overlaid((added,)).entry(after.player, after.opponent)
    assert entry is not None and entry.value == 4
    assert [(m.square, m.value) for m in entry.moves] == [(sq, Value(4, 18, Origin.PLAYER))]


def test_the_engine_plays_from_the_player_s_book_handed_to_it() -> None:
    board = Board.from_transcript("f5d6")
    p, o = board.player, board.opponent
    bad = tuple(
        correction(p, o, _sq(name), -30, 16, CorrectionKind.LEARNED) for name in ("c3", "c4")
    )
    engines = [Engine(level=14, book=True, seed=s, corrections=bad) for s in range(12)]
    played = {(r.move, r.book, r.score) for r in (e.think(board) for e in engines)}
    assert played == {("c5", True, -1)}
