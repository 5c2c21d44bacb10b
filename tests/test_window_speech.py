"""The window speaks (SPEECH): F12 turns speech on from the first start, the cursor's square
is said as the arrows, Tab and Home move it, each move is said after it, Alt and a letter
asks a question, and a whole game is played by keys alone, every sentence recorded. The
speaking never happens on the frame loop: a speaker that never returns holds no frame."""

from __future__ import annotations

import re
import shutil
import threading
import wave
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from othello.app.settings.keys import KEY_BY_NAME, convert
from othello.app.speech import sentences as said
from othello.app.speech.speakers import RecordingSpeaker, Speaker, Voice, make_speaker, to_wave
from othello.core.board import Board
from othello.core.notation import parse_square, square_name
from othello.gui.app import App
from support.window import frames, frames_until, human_turn_idle, press

WAIT = 60.0
"""Seconds a test waits for the speaking thread: only against a hang, no figure asserted."""


def recording(app: App) -> RecordingSpeaker:
    """The window's speaker replaced by a recording one (speech still off)."""
    speaker = RecordingSpeaker()

    def factory(mode: str, language: str) -> tuple[Speaker | None, str]:
        return speaker, ""

    app.speech.factory = factory
    return speaker


def heard(app: App, speaker: RecordingSpeaker) -> list[str]:
    """What was said so far, once the speaking thread has handed everything over."""
    frames(app)
    voice = app.speech.voice
    if voice is not None:
        assert voice.wait_idle(WAIT)
    return list(speaker.heard)


def test_f12_turns_speech_on_from_the_first_start_and_off_again(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    assert app.settings.speech == "off" and not app.speech.on
    speaker = recording(app)
    press(pygame.K_F12)
    said_now = heard(app, speaker)
    assert said_now[0].startswith("Speech on. F12 turns it off")
    assert said_now[1] == "Black to move."
    voice = app.speech.voice
    assert voice is not None
    press(pygame.K_F12)
    frames(app)
    assert not app.speech.on
    voice.thread.join(WAIT)
    assert speaker.heard[-1] == "Speech off"  # said before the voice went
    press(pygame.K_v, pygame.KMOD_ALT)  # Alt+V as well
    frames(app)
    assert app.speech.on


def test_the_cursor_is_said_as_the_keys_move_it_and_tab_walks_the_legal_moves(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    speaker = recording(app)
    press(pygame.K_F12)
    heard(app, speaker)
    speaker.heard.clear()
    board = Board()
    walked = []
    for _ in range(5):
        press(pygame.K_TAB)
        heard(app, speaker)  # each said before the next key (else the next replaces it)
        walked.append(app.play.cursor)
    legal = board.legal_squares()
    assert walked == [*legal, legal[0]]  # round, legal moves only
    press(pygame.K_TAB, pygame.KMOD_SHIFT)
    frames(app)
    assert app.play.cursor == legal[-1]
    said_now = heard(app, speaker)
    assert said_now[0] == "d3, empty, you can play here, turns 1"
    assert said_now[-1] == said.square_words(board, legal[-1])
    assert all(speaker.interrupted[-6:])  # a cursor moved on replaces the sentence before
    for key, square in [(pygame.K_HOME, "a1"), (pygame.K_RIGHT, "b1"), (pygame.K_DOWN, "b2")]:
        press(key)
        assert heard(app, speaker)[-1] == f"{square}, empty"
    press(pygame.K_END)
    frames(app)
    assert app.play.cursor == 63 and heard(app, speaker)[-1] == "h8, empty"


def test_a_question_key_answers_about_the_cursor(make_app: Callable[..., App]) -> None:
    app = make_app()
    speaker = recording(app)
    press(pygame.K_F12)
    press(pygame.K_TAB)
    frames(app)
    board, d3 = Board(), parse_square("d3")
    for key, expected in [
        (pygame.K_l, said.spoken(said.legal_words(board))),
        (pygame.K_r, said.spoken(said.line_words(board, "row", d3))),
        (pygame.K_c, said.spoken(said.line_words(board, "column", d3))),
        (pygame.K_w, said.spoken(said.turn_words(board, d3))),
        (pygame.K_s, said.spoken(said.score_words(board), said.mobility_words(board))),
        (pygame.K_k, said.spoken(said.corners_words(board))),
        (pygame.K_t, "No clock in this game."),
        (pygame.K_m, "No move yet."),
    ]:
        press(key, pygame.KMOD_ALT)
        assert heard(app, speaker)[-1] == expected
    assert app.session.game.moves == []  # a question changes nothing


def test_each_move_is_said_after_it_with_the_score_and_who_moves(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    speaker = recording(app)
    press(pygame.K_F12)
    press(pygame.K_TAB)
    press(pygame.K_RETURN)
    frames_until(app, lambda: human_turn_idle(app) and len(app.session.game.moves) == 2)
    lines = heard(app, speaker)
    assert "Black d3, turns 1: d4. Black 4, White 1. White to move." in lines
    reply = app.session.game.moves[1]
    assert any(line.startswith(f"White {square_name(reply)}, turns ") for line in lines)


def test_a_whole_game_by_keys_alone_with_every_sentence_recorded(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    speaker = recording(app)
    press(pygame.K_F12)
    frames(app)
    for _ in range(70):
        frames_until(app, lambda: human_turn_idle(app) or app.session.game.is_over())
        if app.session.game.is_over():
            break
        press(pygame.K_TAB)
        press(pygame.K_RETURN)
        frames(app, 2)
    assert app.session.game.is_over()
    lines = heard(app, speaker)
    board = app.session.board
    black, white = board.count()
    assert any(
        "Game over: " in line and line.endswith(f"Black {black}, White {white}.") for line in lines
    ), lines[-3:]
    last_move = next(i for i, line in enumerate(lines) if "Game over: " in line)
    end_card = next(i for i, line in enumerate(lines) if line.endswith("Space: the board."))
    assert last_move < end_card  # the card the game opened waits for the last move's news
    placed = [square_name(sq) for sq in app.session.game.moves if sq >= 0]
    move = re.compile(r"^(?:Black|White) ([a-h][1-8]), turns \d+: ")
    assert [m.group(1) for line in lines if (m := move.match(line))] == placed


def test_a_running_clock_is_said_at_30_and_10_seconds(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    speaker = recording(app)
    press(pygame.K_F12)
    frames(app)
    clocks = app.play.club.clocks
    left = [45.0]
    monkeypatch.setattr(clocks, "running", lambda: "black")
    monkeypatch.setattr(clocks, "time_left", lambda color: left[0])
    for seconds in (40.0, 30.5, 29.9, 20.0, 12.0, 9.0, 5.0):
        left[0] = seconds
        frames(app)
    warnings = [line for line in heard(app, speaker) if "seconds left" in line]
    assert warnings == ["Black: 30 seconds left.", "Black: 10 seconds left."]


class BlockedSpeaker(RecordingSpeaker):
    """A speaker that does not return until the test lets it: as a slow synthesizer."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.started = threading.Event()
        self.threads: list[str] = []

    def say(self, text: str, interrupt: bool) -> None:
        self.threads.append(threading.current_thread().name)
        super().say(text, interrupt)
        self.started.set()
        self.release.wait(WAIT)


def test_a_speaker_that_does_not_return_holds_no_frame(make_app: Callable[..., App]) -> None:
    app = make_app()
    speaker = BlockedSpeaker()
    app.speech.factory = lambda mode, language: (speaker, "")
    press(pygame.K_F12)
    frames(app)
    assert speaker.started.wait(WAIT)
    for _ in range(20):  # the speaker is stuck on the first sentence all along
        press(pygame.K_TAB)
        frames(app)
    voice = app.speech.voice
    assert voice is not None
    assert len(speaker.heard) == 1 and not speaker.release.is_set()
    assert voice.pending() == 2  # each cursor sentence replaced the one before it
    speaker.release.set()
    assert voice.wait_idle(WAIT)
    cursor = said.square_words(app.session.board, app.play.cursor or 0)
    assert speaker.heard[1:] == [cursor, "Black to move."]  # the news kept, after the cursor
    assert set(speaker.threads) == {"speech"}  # never the frame loop's thread


def test_the_cursor_replaces_the_cursor_but_never_the_games_news() -> None:
    speaker = BlockedSpeaker()
    voice = Voice(speaker)
    voice.say("first")
    assert speaker.started.wait(WAIT)
    for text, cursor in [("news 1", False), ("a1", True), ("news 2", False), ("b1", True)]:
        voice.say(text, interrupt=cursor, replaceable=cursor)
    speaker.release.set()
    assert voice.wait_idle(WAIT)
    voice.close()
    assert speaker.heard == ["first", "b1", "news 1", "news 2"]


def test_a_repeated_sentence_is_numbered_so_a_screen_reader_says_it_again() -> None:
    speaker = RecordingSpeaker()
    voice = Voice(speaker)
    for text in ("No legal move", "No legal move", "No legal move", "d3, empty"):
        voice.say(text)
    assert voice.wait_idle(WAIT)
    voice.close()
    assert speaker.heard == ["No legal move", "No legal move (2)", "No legal move (3)", "d3, empty"]


def test_the_speech_setting_reads_its_three_words() -> None:
    key = KEY_BY_NAME["SPEECH"]
    assert convert(key, "off") == "off"
    assert convert(key, "Screen Reader") == "screen reader"
    assert convert(key, "screen-reader") == "screen reader"
    assert convert(key, "voice") == "voice"
    with pytest.raises(ValueError, match="off, screen reader or voice"):
        convert(key, "loud")
    assert make_speaker("off") == (None, "")


def test_a_screen_reader_not_reached_falls_back_and_says_why() -> None:
    speaker, problem = make_speaker("screen reader")
    if speaker is not None and speaker.name != "voice":
        pytest.skip("a screen reader is running here")
    assert "no screen reader reached" in problem


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_ng_says_a_sentence_into_a_wave_that_is_not_silent(tmp_path: Path) -> None:
    path = tmp_path / "said.wav"
    board = Board()
    board.push("d3")
    assert to_wave(said.after_move(board), str(path))
    with wave.open(str(path), "rb") as sound:
        assert sound.getsampwidth() == 2
        frames_read = sound.readframes(sound.getnframes())
        seconds = sound.getnframes() / sound.getframerate()
    samples = memoryview(frames_read).cast("h")
    loudest = max(abs(s) for s in samples)
    assert seconds > 1.0 and loudest > 1000, (seconds, loudest)


def test_an_interrupting_sentence_cuts_a_programs_voice_at_once() -> None:
    class Cut(RecordingSpeaker):
        cuts = 0

        def cut(self) -> None:
            self.cuts += 1

    speaker = Cut()
    voice = Voice(speaker)
    voice.say("news")
    voice.say("d3, empty", interrupt=True, replaceable=True)
    assert speaker.cuts == 1  # at once, on the caller's thread: not after "news" is said
    assert voice.wait_idle(WAIT)
    voice.close()


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_the_programs_voice_is_cut_short_by_an_interrupting_sentence() -> None:
    from othello.app.speech.speakers import CommandVoice

    speaker = CommandVoice("en")
    speaker.say("a long sentence " * 30, interrupt=False)
    process = speaker.process
    assert process is not None
    if process.poll() is not None:
        pytest.skip("espeak-ng ended at once here (no sound device to speak to)")
    speaker.cut()
    assert process.wait(WAIT) != 0  # ended by the signal, not at its sentence's end
    speaker.close()


def test_a_line_question_without_a_cursor_is_about_the_last_disc_even_on_a1(
    make_app: Callable[..., App],
) -> None:
    from othello.core.game import Game

    app = make_app(mode="two-players")
    speaker = recording(app)
    press(pygame.K_F12)
    frames(app)
    start = Board.from_bitboards((1 << 2) | (1 << 27), (1 << 1) | (1 << 28), True)
    app.session.set_game(Game(start))
    app.session.play(0)  # a1, turning b1
    frames(app, 3)
    app.play.cursor = None
    app.speech.cursor = None
    press(pygame.K_r, pygame.KMOD_ALT)
    assert heard(app, speaker)[-1] == said.spoken(said.line_words(app.session.board, "row", 0))


def test_voice_without_a_synthesizer_program_speaks_through_a_screen_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from othello.app.speech import speakers

    class Reader(RecordingSpeaker):
        name = "a screen reader"

    monkeypatch.setattr(speakers, "voice_command", lambda text, language="en": None)
    monkeypatch.setattr(speakers, "ScreenReader", Reader)
    speaker, problem = make_speaker("voice")
    assert isinstance(speaker, Reader) and "no speech program" in problem


def test_a_level_and_a_colour_chosen_by_key_are_said(make_app: Callable[..., App]) -> None:
    from othello.gui.model.panel_words import level_info

    app = make_app()
    speaker = recording(app)
    press(pygame.K_F12)
    heard(app, speaker)
    level = app.session.level
    press(pygame.K_PLUS, unicode="+")
    name, _description = level_info(level + 1)
    assert heard(app, speaker)[-1] == f"Level {level + 1}. {name}."
    press(pygame.K_w)
    frames(app, 3)
    assert "1 player. Black: Computer, White: You." in heard(app, speaker)
