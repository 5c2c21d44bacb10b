"""The opening book's values in the window (issue 55): I draws each book move's value on its
square and the computer's own move outside the book starred, says them, and goes off again;
it and the explorer take turns; puzzles keep them hidden."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app import search_service
from othello.app.library import book_store
from othello.app.library.book_store import BookChanges
from othello.app.library.database import Library
from othello.core.board import Board
from othello.core.notation import parse_square, square_name
from othello.engine.api import Engine
from othello.engine.book import CorrectionKind, Origin, Value, correction, load_book
from othello.gui.app import App
from othello.gui.scenes.play_keys import key_command
from othello.gui.widgets.book_marks import signed
from othello.study.verdict import MoveReview
from support.patience import PATIENCE
from support.window import (
    BookResult,
    FakeEngine,
    FakeResult,
    brightness,
    frames,
    frames_until,
    pixel,
    press,
)


def said(app: App) -> str:
    return " | ".join(t.text for t in app.play.notices.toasts)


def test_i_shows_the_book_s_values_and_says_them(make_app: Callable[..., App]) -> None:
    app = make_app(mode="two-players", window_width=640, window_height=480)
    for move in ("f5", "d6"):
        app.session.play(move)
    frames(app)
    board = app.session.board
    entry = load_book()[0].entry(board.player, board.opponent)
    assert entry is not None and entry.value is not None
    best = max(entry.moves, key=lambda m: -99 if m.value is None else m.value.discs)
    square = square_name(best.square)
    before = pixel(app, square)
    press(pygame.K_i)
    frames(app)
    assert app.play.book_view.on and app.play.view.book_shown()
    assert brightness(pixel(app, square)) != brightness(before)  # its chip is drawn
    assert best.value is not None
    assert f"{square} {signed(best.value.discs)}" in said(app)  # the sentence reads it out
    assert "Book values" in app.play.book_view.caption(board)[0]
    press(pygame.K_x)  # the explorer takes the squares
    frames(app)
    assert app.play.explorer.on and not app.play.book_view.on
    press(pygame.K_i)
    frames(app)
    assert app.play.book_view.on and not app.play.explorer.on
    press(pygame.K_i)
    frames(app)
    assert not app.play.book_view.on and "Book values off" in said(app)
    assert pixel(app, square) == before


def test_past_the_book_the_view_says_so(make_app: Callable[..., App]) -> None:
    app = make_app(mode="two-players")
    for move in "f5 f6 e6 f4 g5 g6 h6 h5".split():  # a line people never played
        app.session.play(move)
    frames(app)
    press(pygame.K_i)
    frames(app)
    assert app.play.book_view.on and "not in the book" in said(app)


def test_a_puzzle_keeps_the_values_hidden(make_app: Callable[..., App]) -> None:
    app = make_app()
    frames(app)
    press(pygame.K_z)  # puzzles
    frames(app, 3)
    assert app.session.shown_kind == "puzzle"
    press(pygame.K_i)
    frames(app)
    assert not app.play.book_view.on and "hidden" in said(app)


def test_the_move_list_passes_i_to_the_board(make_app: Callable[..., App]) -> None:
    app = make_app(mode="two-players")
    for move in ("f5", "d6", "c3"):
        app.session.play(move)
    press(pygame.K_m)
    frames(app)
    press(pygame.K_i)
    frames(app)
    assert app.play.book_view.on


def test_speech_says_the_values_after_each_move_while_they_show(
    make_app: Callable[..., App],
) -> None:
    from othello.app.speech.speakers import RecordingSpeaker, Speaker

    app = make_app(mode="two-players")
    speaker = RecordingSpeaker()

    def factory(mode: str, language: str) -> tuple[Speaker | None, str]:
        return speaker, ""

    app.speech.factory = factory
    press(pygame.K_F12)
    press(pygame.K_i)
    frames(app)
    app.session.play("f5")
    frames(app)
    voice = app.speech.voice
    assert voice is not None and voice.wait_idle(60.0)
    board = app.session.board
    entry = load_book()[0].entry(board.player, board.opponent)
    assert entry is not None
    words = [w for w in speaker.heard if w.startswith("Book values (I: off)")]
    assert len(words) == 2  # the key's answer at the start, then after f5
    assert all(square_name(m.square) in words[1] for m in entry.moves if m.value is not None)
    press(pygame.K_i)
    frames(app)
    app.session.play("d6")
    frames(app)
    assert voice.wait_idle(60.0)
    assert len([w for w in speaker.heard if w.startswith("Book values (I: off)")]) == 2


def test_the_player_s_book_is_read_from_the_library_and_played_and_shown(
    make_app: Callable[..., App], data: Path
) -> None:
    """Issue 55: the corrections kept in the player's library reach the search's jobs and the
    book view as plain data: a move corrected to a loss shows the player's value."""
    board = Board.from_transcript("f5d6")
    c3 = correction(board.player, board.opponent, 18, -20, 16, CorrectionKind.LEARNED)
    with Library(data / "library.sqlite3") as library:
        book_store.write(library, BookChanges.of((c3,)))
    app = make_app(mode="two-players", window_width=640, window_height=480)
    frames_until(app, lambda: app.worker.corrections == (c3,))
    assert app.play.book_view.corrections == (c3,)
    for move in ("f5", "d6"):
        app.session.play(move)
    press(pygame.K_i)
    frames(app)
    assert "c3 -20" in said(app)


def test_a_review_saying_a_book_line_loses_corrects_the_player_s_book(
    make_app: Callable[..., App], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 55: the book values c3 after f5 d6 as good (-1, among the best); a review of a
    game down the Tiger finds c4 losing 20 discs. The search process searches it again (a
    stand-in that agrees, in place of the deep search), the corrections go into the library
    (c4, and back up the line d3 and c3), the window says so, and the engine the window
    hands them to no longer plays c3."""

    def deep(nodes: int = 0, stop: object = None) -> Callable[[Board], tuple[int, int]]:
        return lambda board: (20, 18)

    monkeypatch.setattr(search_service, "deep_search", deep)
    app = make_app(mode="two-players", window_width=640, window_height=480)
    line = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7".split()
    for move in line:
        app.session.play(move)
    moves = tuple(app.session.game.moves)
    board, reviews = Board(), []
    for ply, sq in enumerate(moves):
        score = -20 if ply == 4 else 0
        reviews.append(MoveReview(ply, ply + 1, board.side_to_move, sq, sq, score, score, False))
        board.push_square(sq)
    app.session.judgement.review = (moves, reviews)
    frames_until(app, lambda: len(app.play.book_feed.corrections) == 3)
    assert "learned from this game: 3 moves' values corrected" in said(app)
    assert app.library.flush(PATIENCE)
    with Library(data / "library.sqlite3") as library:
        kept, _notice = book_store.load(library)
    assert set(kept) == set(app.worker.corrections) and len(kept) == 3
    f5d6 = Board.from_transcript("f5d6")
    c3 = correction(f5d6.player, f5d6.opponent, 18, -6, 18, CorrectionKind.LEARNED)
    assert c3 in kept
    for seed in range(8):
        found = Engine(level=14, book=True, seed=seed, corrections=kept).think(f5d6)
        assert found.book and found.move != "c3"
    frames(app, 5)
    assert app.worker.kind is None  # asked once


def test_delete_removes_a_book_move_and_undo_puts_it_back(
    make_app: Callable[..., App], data: Path
) -> None:
    """Issue 55: in the book view Delete takes the book move under the cursor out of the
    player's book (a REMOVED row: the computer no longer plays it), said; U right after puts
    it back (the row goes); then U is the game's again."""
    app = make_app(mode="two-players", window_width=640, window_height=480)
    for move in ("f5", "d6"):
        app.session.play(move)
    frames(app)
    board = app.session.board
    press(pygame.K_DELETE)  # the view is off: it says how
    frames(app)
    assert "Show the book's values first" in said(app) and not app.play.book_feed.corrections
    press(pygame.K_i)
    frames(app)
    assert "Shift+I adds this line to your book" in said(app)  # the keys said as I turns on
    app.play.cursor = parse_square("c3")
    press(pygame.K_DELETE)
    frames(app)
    assert "c3 removed from your book" in said(app)
    (removed,) = app.play.book_feed.corrections
    assert removed.kind is CorrectionKind.REMOVED and app.worker.corrections == (removed,)
    entry = app.play.book_view.entry(board)
    assert entry is not None and parse_square("c3") not in {m.square for m in entry.moves}
    assert "c3" not in app.play.book_view.spoken(board)
    assert app.library.flush(PATIENCE)
    with Library(data / "library.sqlite3") as library:
        assert book_store.load(library)[0] == (removed,)
    for seed in range(8):
        found = Engine(level=14, book=True, seed=seed, corrections=(removed,)).think(board)
        assert found.move != "c3"
    press(pygame.K_u)
    frames(app)
    assert "c3 is back in your book" in said(app) and app.play.book_feed.corrections == ()
    assert app.session.game.cursor == 2  # the game's moves stay
    assert app.library.flush(PATIENCE)
    with Library(data / "library.sqlite3") as library:
        assert book_store.load(library)[0] == ()
    app.play.cursor = None
    press(pygame.K_DELETE)  # no cursor: the move that led here, d6 after f5
    frames(app)
    assert "d6 removed from your book" in said(app)
    app.session.play("c3")  # a move: Undo is the game's again
    press(pygame.K_u)
    frames(app)
    assert app.session.game.cursor == 2 and len(app.play.book_feed.corrections) == 1


def test_shift_i_adds_the_line_shown_searched_off_the_frame_loop(
    make_app: Callable[..., App], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 55: Shift+I in the book view sends the line from the start to the search
    process (a stand-in for the deep search here), which values the moves the book lacks;
    they join the player's book, are shown and said."""
    searched: list[str] = []

    def deep(nodes: int = 0, stop: object = None) -> Callable[[Board], tuple[int, int]]:
        def search(board: Board) -> tuple[int, int]:
            searched.append(board.to_string())
            return -3, 15

        return search

    monkeypatch.setattr(search_service, "deep_search", deep)
    app = make_app(mode="two-players", window_width=640, window_height=480)
    for move in ("c4", "c5", "b6", "d3", "e6"):  # the book has d3, not the position after it
        app.session.play(move)
    press(pygame.K_i)
    frames(app)
    assert "not in the book" in said(app)
    press(pygame.K_i, pygame.KMOD_SHIFT)
    frames_until(app, lambda: "Your line is in your book" in said(app))
    assert "1 move searched and added" in said(app) and len(searched) == 1
    before = Board.from_transcript("c4c5b6d3")
    entry = app.play.book_view.entry(before)
    assert entry is not None and [(square_name(m.square), m.value) for m in entry.moves] == [
        ("e6", Value(3, 15, Origin.PLAYER))
    ]
    kinds = {c.kind for c in app.play.book_feed.corrections}
    assert (
        CorrectionKind.ADDED in kinds and app.worker.corrections == app.play.book_feed.corrections
    )


def test_the_book_s_keys() -> None:
    assert key_command(pygame.K_i, pygame.KMOD_SHIFT) == "book-add"
    assert key_command(pygame.K_INSERT) == "book-add"
    assert key_command(pygame.K_DELETE) == "book-remove"
    assert key_command(pygame.K_i) == "book-values"


def test_a_book_job_cancelled_before_it_answered_is_sent_again(
    make_app: Callable[..., App], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The book's jobs are background work: another job cancels one (the computer's move, a
    review, a hint), and it is sent again once the search process is free."""
    gate, calls = threading.Event(), []

    def deep(nodes: int = 0, stop: object = None) -> Callable[[Board], tuple[int, int]]:
        def search(board: Board) -> tuple[int, int]:
            calls.append(board)
            if len(calls) == 1:
                gate.wait(PATIENCE)  # the first search, until another job has cancelled it
            return -3, 15

        return search

    monkeypatch.setattr(search_service, "deep_search", deep)
    app = make_app(mode="two-players", window_width=640, window_height=480)
    for move in ("c4", "c5", "b6", "d3", "e6"):
        app.session.play(move)
    press(pygame.K_i)
    frames(app)
    press(pygame.K_i, pygame.KMOD_SHIFT)
    frames_until(app, lambda: len(calls) == 1)
    app.worker.cancel()  # another job took the search process
    gate.set()
    frames_until(app, lambda: "Your line is in your book" in said(app))
    assert len(calls) == 2 and len(app.play.book_feed.corrections) == 1


def test_undo_after_a_move_is_the_game_s_even_when_a_later_removal_was_undone(
    make_app: Callable[..., App],
) -> None:
    """Issue 55: U puts back only removals made since the game last changed: a removal made
    before a move stays, and U goes to the game once the later removal is back."""
    app = make_app(mode="two-players", window_width=640, window_height=480)
    app.session.play("f5")
    frames(app)
    press(pygame.K_i)
    frames(app)
    app.play.cursor = parse_square("d6")
    press(pygame.K_DELETE)  # d6 out, before a move
    frames(app)
    app.session.play("f6")
    frames(app)
    app.play.cursor = parse_square("e6")
    press(pygame.K_DELETE)  # e6 out, after it
    frames(app)
    assert "e6 removed from your book" in said(app)
    assert len(app.play.book_feed.corrections) == 2
    press(pygame.K_u)  # e6 back
    frames(app)
    assert "e6 is back in your book" in said(app)
    press(pygame.K_u)  # the game's Undo: f6 taken back, d6 stays out
    frames(app)
    assert app.session.game.cursor == 1
    (left,) = app.play.book_feed.corrections
    assert left.kind is CorrectionKind.REMOVED


class ShippedBookEngine(FakeEngine):
    """Plays the shipped book's most played move while the position is in the book (said to
    be from the book), then the legal move that turns over the fewest discs: it loses."""

    def __init__(self) -> None:
        super().__init__()
        self.book, _problem = load_book()

    def think(
        self, board: Board, stop: threading.Event | None = None, on_progress: Any = None
    ) -> FakeResult:
        self.calls += 1
        moves = self.book.lookup(board.player, board.opponent)
        if moves:
            return BookResult(square_name(max(moves, key=lambda m: m.count).square))
        return FakeResult(min(board.legal_moves(), key=lambda m: len(board.flips(m))))


def test_a_game_the_computer_played_from_its_book_and_lost_teaches_the_book(
    make_app: Callable[..., App], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 55: a game against the computer whose first moves came from its book, lost by
    far more than the book said: once it is over (no review asked), the search process
    searches the computer's deepest book moves again (a stand-in that finds them losing),
    the corrections go into the player's library and are handed to the engine, and the
    window says so, once."""
    searched: list[Board] = []

    def deep(nodes: int = 0, stop: object = None) -> Callable[[Board], tuple[int, int]]:
        def search(board: Board) -> tuple[int, int]:
            searched.append(board.copy())
            return 20, 30  # the side to move after the book move wins by 20, deeply searched

        return search

    monkeypatch.setattr(search_service, "deep_search", deep)
    app = make_app(
        ShippedBookEngine(), mode="computer", human_color="black", review_at_end=False,
        window_width=640, window_height=480,
    )  # fmt: skip
    session, person = app.session, Engine(level=9, seed=1)
    for _ in range(5000):
        if session.game.is_over():
            break
        if session.is_human_turn() and not session.board.must_pass():
            session.play(person.think(session.board).move)
        frames(app)
    assert session.game.is_over() and session.board.score() > 6  # the computer lost
    assert app.play.computer.book_moves  # and played from its book
    frames_until(app, lambda: bool(app.play.book_feed.corrections))
    assert "learned from this game" in said(app)
    kept = app.play.book_feed.corrections
    assert searched and all(c.kind is CorrectionKind.LEARNED for c in kept)
    assert app.worker.corrections == kept
    assert app.library.flush(PATIENCE)
    with Library(data / "library.sqlite3") as library:
        assert set(book_store.load(library)[0]) == set(kept)
    frames(app, 5)
    assert app.worker.kind is None and len(searched) <= 3  # asked once, at most 3 searches
