"""Every screen speaks (SPEECH): the move list says each move with the review's mark and the
coach's why, a puzzle is answered by typing a square and its verdict heard, the end card,
the library's chosen row, the Settings card's button and the help card's keys are said,
all by keys alone with a recording speaker."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from othello.app.coach_words import review_why
from othello.app.speech import sentences as said
from othello.app.speech.speakers import RecordingSpeaker, Speaker
from othello.core.notation import square_name
from othello.gui.app import App
from othello.gui.model.puzzle_words import verdict_text
from othello.gui.scenes.puzzle_screen import PuzzleOverlay
from othello.gui.scenes.settings_card import SettingsCard
from support.patience import PATIENCE
from support.window import FakeEngine, app_maker, frames, frames_until, play_blunder, press

WAIT = 60.0
"""Seconds a test waits for the speaking thread: only against a hang, no figure asserted."""


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., App]]:
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))  # a library and puzzles of its own
    yield from app_maker()


def speaking(app: App) -> RecordingSpeaker:
    """Speech on (F12), said into a recording speaker."""
    speaker = RecordingSpeaker()

    def factory(mode: str, language: str) -> tuple[Speaker | None, str]:
        return speaker, ""

    app.speech.factory = factory
    press(pygame.K_F12)
    frames(app)
    return speaker


def heard(app: App, speaker: RecordingSpeaker) -> list[str]:
    frames(app)
    voice = app.speech.voice
    assert voice is not None and voice.wait_idle(WAIT)
    return list(speaker.heard)


def test_the_move_list_says_the_reviews_mark_and_why_and_a_puzzle_is_answered_by_keys(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    speaker = speaking(app)
    play_blunder(app)
    frames(app)
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None)
    frames(app)
    verdicts = app.play.computer.judgement.reviewed(app.session.game)
    blunder = next(v for v in verdicts.values() if v.loss > 0)
    press(pygame.K_m)  # the move list, after the last move: the move and what it turned
    assert heard(app, speaker)[-1] == said.spoken(said.last_move_words(app.session.board))
    press(pygame.K_LEFT)  # the blunder chosen, on the position it was played from
    words = said.judged_move_words(
        blunder.number, blunder.color, blunder.played, blunder.mark, blunder.loss
    )
    assert heard(app, speaker)[-1] == said.spoken(words, review_why(blunder))
    assert f", {blunder.mark}, " in words and review_why(blunder)
    press(pygame.K_END)  # the list's own Home and End, speech on or not
    assert heard(app, speaker)[-1] == said.spoken(said.last_move_words(app.session.board))
    assert app.session.shown.cursor == app.session.game.cursor
    press(pygame.K_ESCAPE)
    frames(app)

    assert app.library.flush(PATIENCE)
    press(pygame.K_z)  # Puzzles: the blunder's position first
    frames(app)
    puzzles = app.find_scene(PuzzleOverlay)
    assert puzzles is not None and puzzles.puzzle is not None
    frames_until(app, lambda: puzzles.scores is not None)
    assert heard(app, speaker)[-1] == puzzles.spoken() and "Your game, move" in puzzles.spoken()
    press(pygame.K_TAB)  # the cursor walks the puzzle's legal moves
    board = app.session.shown.board
    assert heard(app, speaker)[-1] == said.square_words(board, board.legal_squares()[0])
    press(pygame.K_l, pygame.KMOD_ALT)  # the position read on request
    assert heard(app, speaker)[-1] == said.spoken(said.legal_words(board))
    best = puzzles.puzzle.best
    press(pygame.K_a + "abcdefgh".index(best[0]))  # the answer typed: its letter, its digit
    press(pygame.K_1 + int(best[1]) - 1)
    frames(app)
    assert puzzles.verdict is not None and puzzles.verdict.right
    assert verdict_text(puzzles.verdict) in heard(app, speaker)[-1]


def test_the_help_card_and_the_settings_card_are_read(make_app: Callable[..., App]) -> None:
    app = make_app()
    speaker = speaking(app)
    press(pygame.K_F1)
    lines = heard(app, speaker)
    assert "F12 / Ctrl: speech on or off / silence the sentence." in lines[-1]
    assert "F1 or ?: this help." in lines[-1]
    press(pygame.K_ESCAPE)
    frames(app)
    press(pygame.K_v)  # the Settings card
    frames(app)
    press(pygame.K_RIGHT)
    frames(app)
    card = app.scenes[-1]
    assert isinstance(card, SettingsCard)
    assert heard(app, speaker)[-1] == card.spoken() != ""
    press(pygame.K_F12)  # speech off, then on again from the card's Voice button
    frames(app)
    assert not app.speech.on
    for _ in range(8):
        press(pygame.K_DOWN)
        frames(app)
        if card.buttons[card.focus or 0].row == "speech":
            break
    while card.buttons[card.focus or 0].value != "voice":
        press(pygame.K_RIGHT)
        frames(app)
    press(pygame.K_RETURN)
    frames(app)
    assert app.speech.on and app.speech.mode == "voice"
    assert heard(app, speaker)[-1] == "Voice, in use"


def test_the_end_card_and_the_librarys_row_are_read(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    speaker = speaking(app)
    while not app.session.game.is_over():
        frames_until(
            app,
            lambda: (
                (app.session.is_human_turn() and app.play.animation is None)
                or app.session.game.is_over()
            ),
        )
        if app.session.game.is_over():
            break
        press(pygame.K_TAB)
        press(pygame.K_RETURN)
        frames(app, 2)
    frames(app, 3)
    lines = heard(app, speaker)
    assert any(line.endswith("N: a new game; R: review it; Space: the board.") for line in lines)
    assert app.library.flush(PATIENCE)
    press(pygame.K_SPACE)  # the board
    frames(app)
    press(pygame.K_g)  # the library, on the game just kept
    frames_until(app, lambda: app.scenes[-1].name == "library" and app.scenes[-1].spoken() != "")
    frames_until(app, lambda: app.scenes[-1].spoken().startswith("Game 1 of 1: "))
    row = heard(app, speaker)[-1]
    assert row.startswith("Game 1 of 1: ")
    black, white = app.session.board.count()
    moves = [square_name(s) for s in app.session.game.moves if s >= 0]
    assert f", {black - white:+d} " in row and f"{len(moves)} moves" in row


def test_the_game_card_progress_drills_and_the_editor_are_read(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    speaker = speaking(app)
    for keys, name in [
        ([pygame.K_k], "game"),
        ([pygame.K_TAB], "progress"),
        ([pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_k, pygame.K_d], "drills"),
        ([pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_e], "position-editor"),
    ]:
        for key in keys:
            press(key)
            frames(app, 2)
        frames_until(app, lambda: app.scenes[-1].spoken() != "")
        top = app.scenes[-1]
        assert top.name == name, [s.name for s in app.scenes]
        # what the screen says may still change (Progress reads the games): wait until the
        # last sentence heard is what it says now
        frames_until(app, lambda top=top: heard(app, speaker)[-1:] == [top.spoken()])
        assert top.spoken() != "", name


def test_a_drill_is_answered_by_typing_its_square_and_heard(
    make_app: Callable[..., App],
) -> None:
    from othello.gui.scenes.drill_screen import DrillScreen

    app = make_app(FakeEngine())
    speaker = speaking(app)
    press(pygame.K_k)
    frames(app)
    press(pygame.K_d)
    frames(app)
    screen = app.find_scene(DrillScreen)
    assert screen is not None
    frames_until(app, lambda: screen.feed.schedule() is not None and screen.mine_read)
    while screen.choice.key != "Tiger":
        press(pygame.K_DOWN)
        frames(app)
    assert "Tiger" in heard(app, speaker)[-1]
    press(pygame.K_RETURN)  # Black: the player opens the line
    frames(app)
    drill = screen.drill
    assert drill is not None
    frames_until(app, lambda: drill.players_turn())
    press(pygame.K_TAB)  # the drill's position, walked by Tab
    board = app.session.shown.board
    assert heard(app, speaker)[-1] == said.square_words(board, board.legal_squares()[0])
    expected = square_name(drill.tree.next(drill.line)[0])
    press(pygame.K_a + "abcdefgh".index(expected[0]))
    press(pygame.K_1 + int(expected[1]) - 1)
    frames(app)
    assert screen.answer is not None and screen.answer.right
    assert heard(app, speaker)[-1] == screen.spoken()
