"""The player's progress (issue 44): the loss a move by phase and the themes of their own
mistakes, from the reviews of the games they played here; read back from the library; shown
on the progress card, each theme with the puzzle one of its mistakes became."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pygame
import pytest

from othello.app.library import held_games
from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord
from othello.core.board import Board
from othello.core.game import Game
from othello.gui.app import App
from othello.gui.model.judgement import GameJudgement
from othello.gui.model.progress_words import read_progress, theme_words
from othello.gui.scenes.game_card import GameCard
from othello.gui.scenes.progress_card import ProgressCard
from othello.gui.scenes.puzzle_screen import PuzzleOverlay
from othello.gui.services import persistence
from othello.study.coach import Theme
from othello.study.progress import OwnGame, OwnMove, Progress, own_game, phase_of
from othello.study.puzzles import from_review
from othello.study.review import MoveReview, review_game
from support.window import (
    FakeEngine,
    app_maker,
    click_at,
    frames,
    frames_until,
    play_blunder,
    press,
)

GAME = "f5f6e6f4g5e7e3g3f3d6c4c3c5g4g6f2h4h3c7h6"  # the first 20 moves of a WTHOR game


@cache
def verdicts() -> tuple[MoveReview, ...]:
    """GAME reviewed shallowly, with the coach's line and themes."""
    return tuple(review_game(Board(), Game.from_transcript(GAME).moves, depth=1))


def move(
    number: int, loss: int, *themes: Theme, explained: bool = True, puzzle: str = ""
) -> OwnMove:
    return OwnMove(number, loss, tuple(themes), explained, puzzle)


# ----- the numbers -----------------------------------------------------------------------------


def test_phases_are_moves_1_to_20_21_to_44_and_45_to_60() -> None:
    assert [phase_of(n) for n in (1, 20, 21, 44, 45, 60)] == [
        "opening", "opening", "midgame", "midgame", "endgame", "endgame"
    ]  # fmt: skip


def test_a_moves_number_counts_the_discs_on_the_board_whatever_the_start() -> None:
    game = Game.from_transcript(GAME)
    plain = own_game(game.start, game.moves, verdicts(), set(range(20)))
    assert [m.number for m in plain.moves] == [v.number for v in verdicts()] == list(range(1, 21))
    # from a set-up position of 24 discs, its first move is move 21, counted by the discs
    later = Board.from_string(game.copy(20).board.to_string())
    v = next(v for v in review_game(later, later.legal_squares()[:1], depth=1))
    own = own_game(later, [v.played], [v], {0})
    assert own.moves[0].number == 61 - later.empties() == 21


def test_only_the_players_moves_count() -> None:
    game = Game.from_transcript(GAME)
    black = {v.ply for v in verdicts() if v.color == "black"}
    own = own_game(game.start, game.moves, verdicts(), black)
    assert [m.loss for m in own.moves] == [v.loss for v in verdicts() if v.color == "black"]


def test_loss_a_move_by_phase_counts_each_move_once() -> None:
    first = OwnGame((move(1, 2), move(10, 0), move(30, 6), move(50, 1)))
    second = OwnGame((move(3, 4), move(25, 0), move(26, 3)))
    progress = Progress((first, second))
    assert progress.phases(1) == {"opening": 4.0, "midgame": 1.5, "endgame": None}
    assert progress.phases() == {"opening": 2.0, "midgame": 3.0, "endgame": 1.0}
    assert progress.per_game() == [9 / 4, 7 / 3]
    assert Progress(()).phases() == {"opening": None, "midgame": None, "endgame": None}


def test_the_themes_of_the_last_40_explained_mistakes() -> None:
    old = OwnGame(tuple(move(5, 12, Theme.PARITY, puzzle=f"old-{i}") for i in range(10)))
    recent = []
    for i in range(36):
        found = (Theme.CORNER_GIVEN, Theme.MOBILITY) if i % 4 == 0 else ()
        recent.append(move(30, 4 + i % 3, *found, puzzle=f"new-{i}"))
    recent.append(move(31, 20, Theme.X_SQUARE, explained=False))  # kept before the coach
    recent.append(move(32, 3, Theme.X_SQUARE))  # an inaccuracy, not a mistake
    total, counts = Progress((old, OwnGame(tuple(recent)))).mistakes()
    assert total == 40  # 36 recent ones and the last 4 of the old game
    by_theme = {c.theme: c for c in counts}
    assert by_theme[Theme.PARITY].count == 4
    assert by_theme[Theme.PARITY].puzzles == ("old-9", "old-8", "old-7", "old-6")
    assert by_theme[Theme.CORNER_GIVEN].count == by_theme[Theme.MOBILITY].count == 9
    assert by_theme[Theme.CORNER_GIVEN].puzzles[0] == "new-32"  # the latest first
    assert by_theme[None].count == 27 and Theme.X_SQUARE not in by_theme
    assert [c.theme for c in counts] == [Theme.CORNER_GIVEN, Theme.MOBILITY, Theme.PARITY, None]
    words = theme_words(by_theme[Theme.CORNER_GIVEN], total)
    assert words[0] == "gave a corner: 9 of your last 40 mistakes"


def test_each_mistake_points_at_the_puzzle_it_became() -> None:
    game = Game.from_transcript(GAME)
    mine = {v.ply for v in verdicts()}
    own = own_game(game.start, game.moves, verdicts(), mine, len(game.moves))
    made = {p.id for p in from_review(game.start, game.moves, verdicts(), mine)}
    pointed = {m.puzzle for m in own.moves if m.puzzle}
    assert made and pointed == made
    assert all(bool(m.puzzle) == m.mistake for m in own.moves)
    unfinished = own_game(game.start, game.moves, verdicts(), mine, None)
    assert not any(m.puzzle for m in unfinished.moves)  # no finished review: no puzzle yet


# ----- read back from the library ------------------------------------------------------------


def judged(game: Game, people: str | None, finished: bool = True) -> str:
    """What a window keeps of ``game``'s moves: GAME's review (all of it, or one move short
    of finished), the moves of ``people`` ("black", "white" or None) a person's."""
    judgement = GameJudgement()
    start, moves = game.start.to_string(), tuple(game.moves)
    judgement.review_started(start, moves)
    for verdict in verdicts()[: None if finished else -1]:
        judgement.add_verdict(verdict)
        judgement.played(moves[: verdict.ply + 1], person=verdict.color == people)
    if finished:
        judgement.review_done(start, moves)
    return json.dumps(judgement.to_data(game))


def hold(library: Library, rows: list[tuple[str | None, bool, str | None]]) -> None:
    """GAME held by another window once a row: who played it, whether its review finished,
    and the date of its copy kept in the library (None: not kept yet)."""
    game = Game.from_transcript(GAME)
    changes = held_games.Changes(5, line=[])
    for seq, (people, finished, date) in enumerate(rows):
        game_id = None
        if date is not None:
            record = GameRecord(Board(), list(game.moves), "You", "Computer", date)
            game_id = library.add(record, f"played here {seq}")
        text = judged(game, people, finished)
        changes.games[100 + seq] = held_games.held_game(game, 100 + seq, seq, text, game_id)
        assert changes.line is not None
        changes.line.append(100 + seq)
    held_games.write(library, changes)


def test_the_library_gives_finished_reviews_of_the_players_games_oldest_first(
    tmp_path: Path,
) -> None:
    with Library(tmp_path / "library.sqlite3") as library:
        hold(
            library,
            [
                ("white", True, None),  # still being played: the latest
                ("black", True, "2024-06-01 10:00"),
                (None, True, "2024-01-01 10:00"),  # nobody played it here
                ("black", False, "2024-02-01 10:00"),  # its review did not finish
                ("white", True, "2024-03-01 10:00"),
            ],
        )
        progress = read_progress(library)
    colours = ["white" if game.moves[0].number % 2 == 0 else "black" for game in progress.games]
    assert colours == ["white", "black", "white"]  # March, June, not kept yet
    assert all(len(game.moves) == 10 for game in progress.games)


def test_a_damaged_row_costs_only_itself(tmp_path: Path) -> None:
    with Library(tmp_path / "library.sqlite3") as library:
        hold(library, [("black", True, None), ("white", True, None)])
        library.db.execute("UPDATE held SET judged = '{not json' WHERE key = 100")
        assert len(read_progress(library).games) == 1


# ----- in the window ---------------------------------------------------------------------------


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., App]]:
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))
    yield from app_maker()


def test_tab_on_the_game_card_shows_progress_and_a_theme_opens_its_puzzle(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    persistence.attach(app, resume=False)  # the window's games kept in the library
    play_blunder(app)
    frames(app)
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None)
    verdict = app.play.computer.reviewed()[0]
    frames(app, 3)
    card = open_progress_card(app)
    assert card.progress is not None and len(card.progress.games) == 1
    total, counts = card.progress.mistakes()
    assert total == 1
    assert [c.theme for c in counts] == [f.theme for f in verdict.themes] or (
        not verdict.themes and [c.theme for c in counts] == [None]
    )
    assert any("1 of your last 1 mistake" in line or "of 1" in line for line in card.lines)
    puzzles = [(rect, ids) for rect, ids in card.buttons if ids]
    assert puzzles
    click_at(puzzles[0][0].center)
    frames(app)
    overlay = app.find_scene(PuzzleOverlay)
    assert overlay is not None and overlay.puzzle is not None
    assert overlay.puzzle.id == puzzles[0][1][0] and overlay.puzzle.id.endswith("-0")
    assert app.find_scene(ProgressCard) is None and app.find_scene(GameCard) is None


def open_progress_card(app: App) -> ProgressCard:
    """K opens the Game card, Tab the progress card; wait until it has read the library."""
    press(pygame.K_k)
    frames(app)
    assert app.find_scene(GameCard) is not None
    press(pygame.K_TAB)
    frames(app)
    card = app.find_scene(ProgressCard)
    assert card is not None
    frames_until(app, lambda: card.progress is not None)
    frames(app)
    return card


def test_with_no_reviewed_game_the_card_says_how_one_comes(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    card = open_progress_card(app)
    assert "None of your games is reviewed yet" in " ".join(card.lines)
    press(pygame.K_ESCAPE)
    frames(app)
    assert app.find_scene(ProgressCard) is None and app.find_scene(GameCard) is not None
