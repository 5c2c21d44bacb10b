"""The opening book: symmetric positions share an entry, every move in it is legal, bad
moves are never chosen, a damaged file leaves the computer playing without it."""

from __future__ import annotations

import random

import pytest

from othello.core.bitboard import legal_moves
from othello.core.board import Board
from othello.engine import book as book_module
from othello.engine.api import Engine
from othello.engine.book import (
    MARGIN,
    MIN_COUNT,
    BookError,
    canonical_move,
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
    board = Board.from_transcript("f5")
    known = [m for m in book.lookup(board.player, board.opponent) if m.count >= MIN_COUNT]
    best = max(m.average for m in known)
    chosen = {book.choose(board.player, board.opponent, random.Random(s)) for s in range(40)}
    assert all(m is not None and m.average >= best - MARGIN for m in chosen)
    assert len(chosen) > 1  # games vary
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
    data = encode({(cp, co): {sq: (3, 6)}})
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
