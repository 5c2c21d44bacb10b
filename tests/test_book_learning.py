"""The opening book learns (issue 55 item 4): a book line a review or a game found losing is
searched again, its value corrected and negamaxed back up the line, and the engine no longer
plays into it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from othello.app.library import book_store
from othello.app.library.database import Library
from othello.app.terminal import play as terminal_play
from othello.app.terminal.play import TextPlay, learn_into_library
from othello.core.board import Board
from othello.core.notation import parse_square, square_name
from othello.engine.api import Engine
from othello.engine.book import CorrectionKind, book_with, correction, load_book
from othello.study.book_learning import (
    LOSS_MARGIN,
    add_line,
    book_steps,
    deep_search,
    game_values,
    learn,
    review_values,
)
from othello.study.review import review_game

TIGER = "f5d6c3d3c4f4f6f3e6e7"


def moves(line: str) -> list[int]:
    return [parse_square(line[i : i + 2]) for i in range(0, len(line), 2)]


def fix(line: str, move: str, discs: int, depth: int) -> object:
    b = Board.from_transcript(line)
    return correction(
        b.player, b.opponent, parse_square(move), discs, depth, CorrectionKind.LEARNED
    )


def test_a_review_saying_a_book_line_loses_corrects_it_back_up_the_line() -> None:
    """The book values c3 after f5 d6 as good (-1, with c4 and c5 the best) and c4 after
    f5 d6 c3 d3 as the only good move (-1; the next is c6, -6). A review that finds c4 losing
    by 20 has it searched again (here a stand-in that agrees): c4 is corrected, and through
    the book's line d3 (+6 now) and c3 (-6): the engine plays c3 no more."""
    book = load_book()[0]
    asked: list[str] = []

    def search(board: Board) -> tuple[int, int]:
        asked.append(board.to_string())
        return 20, 18  # for White, to move after c4

    found = learn(book, Board(), moves(TIGER), {4: -20}, search)
    assert asked == [Board.from_transcript("f5d6c3d3c4").to_string()]
    assert found == (
        fix("f5d6c3d3", "c4", -20, 18),
        fix("f5d6c3", "d3", 6, 18),
        fix("f5d6", "c3", -6, 18),
    )
    f5d6 = Board.from_transcript("f5d6")
    before = {book.choose(f5d6.player, f5d6.opponent, random.Random(s)) for s in range(40)}
    assert parse_square("c3") in {m.square for m in before if m is not None}
    for seed in range(10):
        played = Engine(level=14, book=True, seed=seed, corrections=found).think(f5d6)
        assert played.book and played.move in ("c4", "c5")
    tiger = Board.from_transcript("f5d6c3d3")
    entry = book_with(found).entry(tiger.player, tiger.opponent)
    assert entry is not None and entry.value == -6


def test_a_loss_within_the_margin_is_not_searched_again() -> None:
    def search(board: Board) -> tuple[int, int]:
        raise AssertionError("searched")

    found = {4: -1 - LOSS_MARGIN, 2: -1 - LOSS_MARGIN}  # the book says -1: within the margin
    assert learn(load_book()[0], Board(), moves(TIGER), found, search) == ()


def test_a_search_that_agrees_with_the_book_corrects_nothing() -> None:
    found = learn(load_book()[0], Board(), moves(TIGER), {4: -30}, lambda board: (1, 18))
    assert found == ()


def test_the_game_and_the_review_say_what_each_move_found() -> None:
    line = moves(TIGER)
    steps = book_steps(load_book()[0], Board(), line)
    assert [square_name(s.square) for s in steps] == [TIGER[i : i + 2] for i in range(0, 20, 2)]
    assert game_values(Board(), line) == {}  # not over
    board, game = Board(), []
    rng = random.Random(5)
    while not board.is_game_over():
        sq = rng.choice(board.legal_squares()) if not board.must_pass() else 64
        game.append(sq)
        board.push_square(sq)
    values = game_values(Board(), game)
    assert values[0] == board.score() and values[1] == -board.score()
    reviews = review_game(Board(), line[:3], depth=2, explain=False)
    assert review_values(reviews) == {r.ply: r.played_score for r in reviews} and len(reviews) == 3


def test_the_deep_search_values_a_position_at_its_budget() -> None:
    after = Board.from_transcript("f5d6c3d3c4")
    value, depth = deep_search(nodes=2_000)(after)
    assert -64 <= value <= 64 and depth >= 3
    assert deep_search(nodes=2_000)(after) == (value, depth)  # no clock in it


def test_othello_play_learns_from_a_review_and_keeps_it(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The terminal's game: what a review found goes to the learning, the corrections into
    the player's library and the engine's book, said in a sentence."""
    monkeypatch.setattr(terminal_play, "deep_search", lambda nodes=0: lambda board: (20, 18))
    out: list[str] = []
    play = TextPlay(out.append, "black", 14, book_keeper=learn_into_library(out.append))
    for sq in moves(TIGER):
        play.game.play(sq)
    play.learn({4: -20})
    with Library() as library:
        kept, _notice = book_store.load(library)
    assert len(kept) == 3 and set(kept) == set(play.engine.corrections)
    assert fix("f5d6", "c3", -6, 18) in kept
    assert out[-1] == "The opening book learned from this game: 3 moves' values corrected."
    assert out[:-1] == ["Checking the opening book against this game…"]  # before the wait


def test_othello_play_learns_from_each_game_it_finishes() -> None:
    asked: list[tuple[list[int], dict[int, int]]] = []

    def keeper(start: Board, line: list[int], found: dict[int, int], book: object) -> tuple[()]:
        asked.append((line, found))
        return ()

    for level in (1, 10):  # from the book from level 10 up
        out: list[str] = []
        play = TextPlay(out.append, "black", level, seed=3, book_keeper=keeper)
        play.begin()
        while not play.board.is_game_over():
            play.handle(square_name(play.board.legal_squares()[0]))
        assert play.played_book == (level == 10)
    (line, found), *others = asked  # level 1's game, played without the book, taught nothing
    assert not others and line == play.game.moves and found == game_values(Board(), line)


def test_a_search_shallower_than_the_book_s_corrects_nothing() -> None:
    book = load_book()[0]
    (c4,) = [s for s in book_steps(book, Board(), moves(TIGER)) if s.ply == 4]
    shallow = learn(book, Board(), moves(TIGER), {4: -30}, lambda board: (20, c4.depth - 1))
    deep = learn(book, Board(), moves(TIGER), {4: -30}, lambda board: (20, c4.depth))
    assert shallow == () and len(deep) == 3


def test_a_line_added_gets_the_moves_the_book_lacks_searched_and_added() -> None:
    book = load_book()[0]
    searched: list[Board] = []

    def search(board: Board) -> tuple[int, int]:
        searched.append(board)
        return -3, 15

    found = add_line(book, Board(), moves("c4c5b6d3e6"), search)
    assert searched == [Board.from_transcript("c4c5b6d3e6")]  # the only move the book lacks
    before = Board.from_transcript("c4c5b6d3")
    e6 = correction(before.player, before.opponent, parse_square("e6"), 3, 15, CorrectionKind.ADDED)
    # d3 leads out of the shipped book: its own search's value stays (e6 alone says nothing
    # of Black's other moves there, Black's value there is at least e6's), and so does every
    # value before it
    assert found == (e6,)
    entry = book_with(found).entry(before.player, before.opponent)
    assert entry is not None and entry.value == 3 and [m.square for m in entry.moves] == [44]
    assert add_line(book_with(found), Board(), moves("c4c5b6d3e6"), search) == ()
    assert len(searched) == 1  # all in the book now: nothing searched
