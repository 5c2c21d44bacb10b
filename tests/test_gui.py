"""The game window, headless: real pygame events, frames driven with an injected clock, pixels.

conftest.py sets the dummy video and audio drivers before pygame is imported.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello import Board
from othello.app.search_service import JobKind
from othello.core.bitboard import PASS
from othello.core.notation import parse_square, square_name
from othello.engine.api import MoveScore
from othello.gui.app import App
from othello.gui.model.panel_words import result_text
from othello.gui.model.session import ChangeKind
from othello.gui.scenes.end_card import EndOverlay
from othello.gui.scenes.help import HelpOverlay
from othello.gui.widgets import palette
from support.patience import PATIENCE
from support.window import (
    DT,
    WHITE_PASSES,
    FakeEngine,
    FakeResult,
    brightness,
    click,
    click_at,
    frames,
    frames_until,
    human_turn_idle,
    idle_at,
    is_black_disc,
    is_felt,
    is_white_disc,
    pixel,
    press,
    press_waiting,
    settings,
)

# ----- the board on screen -------------------------------------------------------------------


def test_start_position_is_drawn_with_legal_markers(make_app: Callable[..., App]) -> None:
    app = make_app()
    frames(app, 2)
    assert is_white_disc(pixel(app, "d4")) and is_white_disc(pixel(app, "e5"))
    assert is_black_disc(pixel(app, "d5")) and is_black_disc(pixel(app, "e4"))
    assert is_felt(pixel(app, "a1"))
    # A legal square has a pale ring in its middle, plainly lighter than the felt; an illegal
    # empty square does not.
    assert brightness(pixel(app, "d3", dx=0.13)) > brightness(pixel(app, "d3", dx=0.3)) + 60
    assert brightness(pixel(app, "d3")) > brightness(pixel(app, "d3", dx=0.3)) + 20
    assert abs(brightness(pixel(app, "a1")) - brightness(pixel(app, "a1", dx=0.3))) < 20
    press(pygame.K_l)
    frames(app, 1)
    assert not app.session.show_legal
    assert abs(brightness(pixel(app, "d3", dx=0.13)) - brightness(pixel(app, "d3", dx=0.3))) < 20


def test_click_plays_and_the_computer_replies(make_app: Callable[..., App]) -> None:
    engine = FakeEngine()
    app = make_app(engine)
    click(app, "f5")
    frames(app, 1)
    assert app.session.game.moves[0] == parse_square("f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    frames(app, 1)
    assert is_black_disc(pixel(app, "f5")) and is_black_disc(pixel(app, "e5"))
    reply = square_name(app.session.game.moves[1])
    assert engine.calls == 1 and app.session.board.side_to_move == "black"
    assert is_white_disc(pixel(app, reply, dx=0.25))
    assert pixel(app, reply) == palette.now.last_move  # the last move is marked


def test_illegal_click_changes_nothing_and_says_why(make_app: Callable[..., App]) -> None:
    app = make_app()
    click(app, "a1")
    frames(app, 1)
    assert app.session.game.cursor == 0
    assert any("a1 is not a legal move" in t.text for t in app.play.notices.toasts)


def test_arrow_keys_and_enter_place_a_disc(make_app: Callable[..., App]) -> None:
    app = make_app()
    press(pygame.K_RIGHT)  # the first arrow shows the cursor on the first legal move, d3
    frames(app, 1)
    assert app.play.cursor == parse_square("d3")
    press(pygame.K_DOWN)
    press(pygame.K_LEFT)
    press(pygame.K_RETURN)
    frames(app, 1)
    assert app.session.game.moves[0] == parse_square("c4")


def test_the_arrows_walk_the_cursor_one_frame_after_another(make_app: Callable[..., App]) -> None:
    """Each arrow in a frame of its own, as a person presses them: the cursor walks and
    stays where it was put (it used to spring back to the first legal move every frame)."""
    app = make_app()
    press(pygame.K_RIGHT)  # d3, the first legal move
    frames(app, 2)
    for key, expected in ((pygame.K_DOWN, "d4"), (pygame.K_DOWN, "d5"), (pygame.K_RIGHT, "e5"),
                          (pygame.K_RIGHT, "f5")):  # fmt: skip
        press(key)
        frames(app, 2)
        assert app.play.cursor == parse_square(expected)
    press(pygame.K_RETURN)
    frames(app, 2)
    assert app.session.game.moves[0] == parse_square("f5")


@pytest.mark.slow
def test_a_whole_game_by_the_keyboard_alone(make_app: Callable[..., App]) -> None:
    """Issue 31, item 6: every move chosen with the arrows (the last legal move each time,
    not the one the cursor starts on) and played with Enter, to the game's end."""
    app = make_app(FakeEngine())
    while not app.session.board.is_game_over():
        frames_until(app, lambda: human_turn_idle(app) or app.session.board.is_game_over())
        if app.session.board.is_game_over():
            break
        if app.session.must_pass():
            frames(app, 2)
            continue
        target = app.session.board.legal_squares()[-1]
        if app.play.cursor is None:
            press(pygame.K_RIGHT)
            frames(app, 1)
        assert app.play.cursor is not None
        for _ in range(16):  # any square is at most 14 steps away
            if app.play.cursor == target:
                break
            dx = (target % 8 > app.play.cursor % 8) - (target % 8 < app.play.cursor % 8)
            dy = (target // 8 > app.play.cursor // 8) - (target // 8 < app.play.cursor // 8)
            arrow = {1: pygame.K_RIGHT, -1: pygame.K_LEFT}.get(dx)
            press(arrow if arrow is not None else (pygame.K_DOWN if dy > 0 else pygame.K_UP))
            frames(app, 1)
        placed = app.session.game.cursor
        press(pygame.K_RETURN)
        frames(app, 1)
        assert app.session.game.cursor > placed and app.session.game.moves[placed] == target
    assert app.session.board.is_game_over() and len(app.session.game.moves) >= 58


def test_after_a_keyboard_move_enter_plays_again(make_app: Callable[..., App]) -> None:
    """The cursor does not stay on the square just played: at the player's next turn it sits
    on the nearest legal move, so a second Enter plays instead of saying "not legal"."""
    app = make_app()
    press(pygame.K_RIGHT)
    press(pygame.K_RETURN)
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    frames(app, 1)
    assert app.play.cursor in app.session.board.legal_squares()
    press(pygame.K_RETURN)
    frames(app, 1)
    assert app.session.game.cursor == 3


# ----- animation --------------------------------------------------------------------------------


def test_flip_turns_like_a_coin_frame_by_frame(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(seconds=10.0), animation=True)
    click(app, "f5")
    frames(app, 1, dt=0.0)
    assert app.play.animation is not None
    assert is_white_disc(pixel(app, "e5"))  # not turned yet
    seen_narrow = seen_black_narrow = False
    for _ in range(30):
        frames(app, 1, dt=0.02)
        if app.play.animation is None:
            break
        side = pixel(app, "e5", dx=0.3)  # inside a full disc, outside a narrow one
        if is_felt(side):
            seen_narrow = True
            seen_black_narrow |= is_black_disc(pixel(app, "e5"))
    assert seen_narrow, "the disc never narrowed like a turning coin"
    assert seen_black_narrow, "the colour never changed while edge-on"
    assert app.play.animation is None
    frames(app, 1)
    assert is_black_disc(pixel(app, "e5")) and is_black_disc(pixel(app, "e5", dx=0.3))


def test_without_animation_discs_change_at_once(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(seconds=10.0), animation=False)
    click(app, "f5")
    frames(app, 1, dt=0.0)
    assert app.play.animation is None
    assert is_black_disc(pixel(app, "e5")) and is_black_disc(pixel(app, "e5", dx=0.3))


def test_a_click_during_an_animation_is_played_after_it(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), animation=True)
    click(app, "f5")
    frames(app, 1)
    # Wait for the computer's reply to start animating, then click before it ends.
    frames_until(app, lambda: app.session.game.cursor == 2 and app.play.animation is not None)
    target = app.session.board.legal_moves()[0]
    click(app, target)
    frames(app, 1, dt=0.01)
    assert app.play.animation is not None and app.session.game.cursor == 2  # queued, not lost
    frames_until(app, lambda: app.session.game.cursor >= 3)
    assert app.session.game.moves[2] == parse_square(target)


def test_a_click_during_an_animation_survives_the_opponents_forced_pass(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(seconds=10.0), animation=True)
    app.session.new_game(Board.from_string(WHITE_PASSES))
    frames(app, 1)
    click(app, "d1")
    frames(app, 1, dt=0.01)
    assert app.play.animation is not None
    click(app, "h1")  # Black's reply once White, who has no move, has passed
    frames(app, 1, dt=0.01)
    assert app.play.animation is not None and list(app.play.queued) == [parse_square("h1")]
    frames_until(app, lambda: app.session.game.cursor >= 3)
    assert app.session.game.moves[:3] == [parse_square("d1"), PASS, parse_square("h1")]


def test_undo_during_an_animation_ends_it_and_takes_the_move_back(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(seconds=10.0), animation=True)
    click(app, "f5")
    frames(app, 3)
    assert app.play.animation is not None
    press(pygame.K_u)
    frames(app, 1)
    assert app.play.animation is None and app.session.board == Board()
    assert is_white_disc(pixel(app, "e5")) and is_felt(pixel(app, "f5", dx=0.3))


# ----- passes and the end of the game ----------------------------------------------------------


def test_pass_is_announced_and_stays_readable(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.session.new_game(Board.from_string(WHITE_PASSES))
    frames(app, 1)
    click(app, "d1")
    frames(app, 2)
    assert (
        app.play.notices.banner is not None
        and app.play.notices.banner.text == "White has no legal move and passes"
    )
    assert app.session.board.side_to_move == "black" and app.session.is_human_turn()
    rect = app.play.banner_rect
    assert rect is not None
    spot = (rect.left + 6, rect.centery)
    during = []
    for _ in range(4):  # about two and a half seconds: the same banner on every frame
        frames(app, 20)
        during.append(tuple(app.screen.get_at(spot))[:3])
        assert app.play.notices.banner is not None
    frames(app, 30)  # then it goes
    assert app.play.notices.banner is None
    after = tuple(app.screen.get_at(spot))[:3]
    assert len(set(during)) == 1 and during[0] != after
    assert brightness(during[0]) < 40
    assert not app.session.board.is_game_over()


def test_the_computers_pass_stays_in_the_status_until_the_next_move(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.session.new_game(Board.from_string(WHITE_PASSES))
    frames(app, 1)
    click(app, "d1")
    frames(app, 2)
    frames(app, 150)  # five seconds: the banner has gone, the status still says it
    assert app.play.notices.banner is None and app.session.is_human_turn()
    assert app.play.status_parts() == ("Your move", "the computer passed")
    click(app, "f5")  # White has a reply to it
    frames(app, 1)
    assert app.session.game.moves[-1] == parse_square("f5")
    assert "passed" not in " ".join(app.play.status_parts())


def test_with_two_players_the_status_says_which_side_passed() -> None:
    from othello.gui.model.panel_words import status_parts
    from othello.gui.model.session import Session

    session = Session(two_players=True)
    session.new_game(Board.from_string(WHITE_PASSES))
    session.play("d1")
    assert session.pass_if_forced() is not None  # White has no move
    assert status_parts(session, None, None) == ("Black to move", "White passed")


@pytest.mark.slow
def test_complete_game_through_the_event_loop_ends_on_the_end_screen(
    make_app: Callable[..., App],
) -> None:
    from othello.engine.api import Engine

    engine = Engine(level=1, seed=3)
    app = make_app(engine)
    end = time.perf_counter() + PATIENCE
    while not app.session.board.is_game_over():
        assert time.perf_counter() < end
        if human_turn_idle(app) and not app.session.board.must_pass():
            click(app, app.session.board.legal_moves()[-1])
        app.frame(DT)
        time.sleep(0.001)
    frames(app, 2)
    assert any(isinstance(s, EndOverlay) for s in app.scenes)
    black, white = app.session.board.count()
    headline, _verdict = result_text(app.session)
    assert headline in ("Black wins", "White wins", "Draw")
    assert app.play.status_parts()[0].endswith(f"{black}–{white}")
    end_screen = next(s for s in app.scenes if isinstance(s, EndOverlay))
    assert end_screen.button.width > 0
    click_at(end_screen.button.center)
    frames(app, 1)
    assert app.session.game.cursor == 0 and not any(isinstance(s, EndOverlay) for s in app.scenes)


# ----- the search thread ------------------------------------------------------------------------


def test_frames_keep_coming_while_a_slow_search_runs(make_app: Callable[..., App]) -> None:
    engine = FakeEngine(seconds=30.0, busy=True)
    app = make_app(engine, human_color="white")  # the computer opens
    frames_until(app, lambda: app.worker.depth is not None and app.worker.depth >= 2)
    frames(app, 20)
    # Twenty frames went by while the 30-second search went on: the loop never waited for it
    # (a loop that waited would only have come back once the search had finished).
    assert not engine.finished.is_set()
    assert app.worker.kind == JobKind.THINK and engine.calls == 1
    assert app.play.status().startswith("Computer thinking · depth")
    press(pygame.K_ESCAPE)  # quitting during a search stops it
    frames(app, 1)
    assert not app.running and engine.stops[0].is_set()


@pytest.mark.parametrize("command", ["new", "undo"])
def test_new_game_or_undo_cancels_the_search_and_its_result_never_lands(
    make_app: Callable[..., App], command: str
) -> None:
    engine = FakeEngine(seconds=0.3, obey_stop=False)  # returns a move even after stop
    app = make_app(engine)
    click(app, "f5")
    frames_until(app, lambda: app.worker.kind == JobKind.THINK)
    press(pygame.K_n if command == "new" else pygame.K_u)
    frames(app, 1)
    assert app.session.game.cursor == 0 and engine.stops[0].is_set()
    assert engine.finished.wait(10.0)
    time.sleep(0.05)
    frames(app, 10)
    assert app.session.game.cursor == 0 and app.session.board == Board()
    assert app.play.computer.pending is None and app.session.is_human_turn()


def test_level_and_colour_choices(make_app: Callable[..., App]) -> None:
    engine = FakeEngine()
    app = make_app(engine, level=3)
    press(pygame.K_EQUALS)
    press(pygame.K_MINUS)
    press(pygame.K_MINUS)
    frames(app, 1)
    assert app.session.level == 2
    press(pygame.K_w)
    frames_until(app, lambda: app.session.game.cursor == 1)
    assert app.session.human == "white" and app.session.board.side_to_move == "white"


def test_panel_buttons_work_with_the_mouse(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    frames(app, 1)
    buttons = {b.action: b.rect for b in app.panel.buttons}
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    click_at(buttons["undo"].center)
    frames(app, 1)
    assert app.session.game.cursor == 0
    click_at(buttons["redo"].center)
    frames(app, 1)
    assert app.session.game.cursor == 2
    click_at(buttons["legal"].center)
    frames(app, 1)
    assert not app.session.show_legal
    click_at(buttons["new"].center)
    frames(app, 1)
    assert app.session.game.moves == []


def test_the_mode_set_up_and_move_list_buttons(make_app: Callable[..., App]) -> None:
    from othello.gui.scenes.move_list import MoveListOverlay
    from othello.gui.scenes.position_editor import PositionEditor

    app = make_app(FakeEngine())
    frames(app, 1)
    buttons = {b.action: b.rect for b in app.panel.buttons}
    assert app.play.panel_view().labels["mode"][0] == "1 player"
    click_at(buttons["mode"].center)
    frames(app, 1)
    assert app.session.two_players and app.play.panel_view().labels["mode"][0] == "2 players"
    click_at(buttons["moves"].center)
    frames(app, 1)
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None
    press(pygame.K_ESCAPE)
    frames(app, 1)
    assert app.find_scene(MoveListOverlay) is None
    click_at(buttons["position-editor"].center)
    frames(app, 1)
    assert app.find_scene(PositionEditor) is not None


def test_undo_and_redo_keys_step_whole_turns(make_app: Callable[..., App]) -> None:
    app = make_app()
    for _ in range(2):
        target = app.session.game.cursor + 2
        click(app, app.session.board.legal_moves()[0])
        frames_until(app, idle_at(app, target))
    assert app.session.game.cursor == 4
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    frames(app, 1)
    assert app.session.game.cursor == 2 and app.session.is_human_turn()
    press(pygame.K_u)
    frames(app, 1)
    assert app.session.game.cursor == 0
    press(pygame.K_y, mod=pygame.KMOD_LCTRL)
    frames(app, 1)
    assert app.session.game.cursor == 2 and app.session.is_human_turn()
    # Cmd on macOS is Ctrl: Cmd+Z undoes, and Cmd+S never reaches the plain S (sound) key
    sound = app.sounds.enabled
    press(pygame.K_z, mod=pygame.KMOD_LMETA)
    press(pygame.K_s, mod=pygame.KMOD_LMETA)
    frames(app, 1)
    assert app.session.game.cursor == 0 and app.sounds.enabled == sound


def test_hint_shows_every_move_score_and_marks_the_best(make_app: Callable[..., App]) -> None:
    app = make_app()
    press(pygame.K_h)
    frames_until(app, lambda: bool(app.play.computer.hints))
    frames(app, 1)
    legal = [parse_square(m) for m in Board().legal_moves()]
    assert set(app.play.computer.hints) == set(legal) and app.play.computer.hints[legal[0]] == 10
    best = app.layout.square_rect(legal[0])
    edge = tuple(app.screen.get_at((best.left + 3, best.centery)))[:3]
    assert edge == palette.now.hint_best
    click(app, "f5")
    frames(app, 1)
    assert app.play.computer.hints == {}


def test_a_failing_search_is_reported_once_and_the_window_goes_on(
    make_app: Callable[..., App],
) -> None:
    class Broken(FakeEngine):
        def think(
            self, board: Board, stop: threading.Event | None = None, on_progress: Any = None
        ) -> FakeResult:
            self.calls += 1
            raise RuntimeError("out of cheese")

    engine = Broken()
    app = make_app(engine)
    click(app, "f5")
    frames_until(app, lambda: any("out of cheese" in t.text for t in app.play.notices.toasts))
    frames(app, 10)
    assert engine.calls == 1 and app.running
    press(pygame.K_u)  # undo clears the failure; the human is to move again
    frames(app, 1)
    assert app.session.game.cursor == 0 and not app.play.computer.search_failed


# ----- overlays, quitting, window size -------------------------------------------------------


def test_help_opens_with_f1_or_question_mark_and_any_key_closes(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    press(pygame.K_F1)
    frames(app, 1)
    assert any(isinstance(s, HelpOverlay) for s in app.scenes)
    press(pygame.K_ESCAPE)  # closes the help rather than quitting
    frames(app, 1)
    assert app.running and not any(isinstance(s, HelpOverlay) for s in app.scenes)
    press(pygame.K_SLASH, mod=pygame.KMOD_LSHIFT, unicode="?")
    frames(app, 1)
    assert any(isinstance(s, HelpOverlay) for s in app.scenes)


def test_closing_the_window_quits(make_app: Callable[..., App]) -> None:
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running


def a_game_in_progress(app: App) -> None:
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)


def test_esc_closes_the_card_then_asks_before_leaving_a_game_in_progress(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine())
    a_game_in_progress(app)
    press(pygame.K_k)  # the Game card...
    frames(app, 1)
    assert app.find_screen("game") is not None
    press(pygame.K_ESCAPE)  # ...closes with Esc
    frames(app, 1)
    assert app.find_screen("game") is None and app.find_screen("leave") is None
    press(pygame.K_ESCAPE)  # Esc again, out of habit: a question, not the end
    frames(app, 1)
    assert app.running and app.find_screen("leave") is not None
    press(pygame.K_n)  # any other key stays, and does nothing else
    frames(app, 1)
    assert app.running and app.find_screen("leave") is None
    assert app.session.game.cursor == 2  # N did not start a new game
    press(pygame.K_ESCAPE)
    frames(app, 1)
    press(pygame.K_ESCAPE)  # Esc again on the card leaves
    frames(app, 1)
    assert not app.running


def test_y_leaves_and_a_held_esc_does_not(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    a_game_in_progress(app)
    for _ in range(3):  # Esc held down: the first press and its key repeat
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    frames(app, 2)
    assert app.running and app.find_screen("leave") is not None
    press(pygame.K_y)
    frames(app, 1)
    assert not app.running


def test_with_no_game_in_progress_esc_leaves_at_once(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    press(pygame.K_ESCAPE)
    frames(app, 1)
    assert not app.running


def test_the_close_button_leaves_at_once_even_during_a_game(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    a_game_in_progress(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running


def test_resize_relays_out_and_clicks_still_land(make_app: Callable[..., App]) -> None:
    app = make_app()
    big = app.layout.square
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=480, size=(700, 480)))
    frames(app, 1)
    assert app.screen.get_size() == (700, 480)
    assert app.layout.square < big
    assert app.layout.frame.bottom <= 480 and app.layout.panel.right <= 700
    click(app, "f5")
    frames(app, 1)
    assert app.session.game.moves[:1] == [parse_square("f5")]
    # Made larger by the player, the board grows with the window.
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    frames(app, 1)
    assert app.layout.square > big and app.layout.frame.bottom <= 1000


def test_a_square_size_too_big_for_the_window_scales_down(make_app: Callable[..., App]) -> None:
    app = make_app(square_size=200, window_width=1280, window_height=800)
    frames(app, 1)
    layout = app.layout
    assert layout.square < 200
    assert (
        layout.frame.bottom <= 800
        and layout.frame.right < layout.panel.left <= layout.panel.right <= 1280
    )
    for sq in range(64):
        assert layout.square_at(layout.square_center(sq)) == sq


# ----- resources, sound, demo -------------------------------------------------------------------


def test_missing_or_corrupt_resources_fall_back_with_notices(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    (tmp_path / "DejaVuSans.ttf").write_bytes(b"not a font at all")
    (tmp_path / "felt.png").write_bytes(b"\x89PNG broken")
    app = make_app(folder=tmp_path, sound=True)
    frames(app, 2)
    texts = " ".join(t.text for t in app.play.notices.toasts)
    assert "DejaVuSans.ttf" in texts and "felt.png" in texts
    assert is_white_disc(pixel(app, "d4"))
    assert is_felt(pixel(app, "a1"))  # the flat fallback colour is still green


def test_no_audio_device_means_silence_not_a_crash(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_device(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(sound=True, animation=True)
    click(app, "f5")
    frames(app, 20)
    assert any("No sound device" in t.text for t in app.play.notices.toasts)
    assert app.session.game.cursor >= 1
    assert not app.play.panel_view().toggles["sound"]
    press(pygame.K_s)  # asking for sound again explains rather than pretending
    frames(app, 1)
    assert not app.sounds.enabled and any(
        "No sound device" in t.text for t in app.play.notices.toasts
    )


@pytest.mark.parametrize("sound", [True, False])
def test_with_no_sound_device_s_changes_nothing_and_says_so_plainly(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, sound: bool
) -> None:
    def no_device(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    remembered: list[dict[str, Any]] = []
    app = App(
        settings(sound=sound),
        engine_factory=lambda level: FakeEngine(),
        remember=lambda **prefs: remembered.append(prefs),
        computer_min_seconds=0.0,
    )
    try:
        with caplog.at_level("WARNING"):
            frames(app, 2)
            press(pygame.K_s)
            frames(app, 2)
        said = [t.text for t in app.play.notices.toasts]
        assert "No sound device found: playing without sound." in said
        assert not any("ALSA" in text or "Sound off" in text for text in said)
        assert not any("sound" in prefs for prefs in remembered)  # nothing changed
        assert "ALSA: Couldn't open audio device" in caplog.text  # the details, in the log
    finally:
        app.close()


def test_the_audio_librarys_own_lines_go_to_the_log_not_the_terminal(
    make_app: Callable[..., App],
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    def alsa_without_a_card(*args: Any, **kwargs: Any) -> None:
        for _ in range(8):  # written from C, straight to file descriptor 2
            os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", alsa_without_a_card)
    capfd.readouterr()
    with caplog.at_level("INFO"):
        app = make_app(sound=True)
        frames(app, 2)
    assert "ALSA" not in capfd.readouterr().err
    said = [t.text for t in app.play.notices.toasts]
    assert said.count("No sound device found: playing without sound.") == 1
    assert caplog.text.count("cannot find card '0'") == 8  # the details, in the log


def test_sound_plays_with_the_dummy_driver(make_app: Callable[..., App]) -> None:
    app = make_app(sound=True, animation=True)
    click(app, "f5")
    frames(app, 20)
    assert app.sounds.enabled and app.session.game.cursor >= 1


def test_demo_plays_both_sides_and_reports_frame_times(make_app: Callable[..., App]) -> None:
    app = make_app(demo=True, fps=200)
    stats = app.run(max_frames=60)
    assert app.session.human is None and app.session.game.cursor >= 2
    report = stats.report()
    assert "median" in report and "99th percentile" in report and "worst" in report


def test_events_nobody_used_go_to_the_hooks(make_app: Callable[..., App]) -> None:
    app = make_app()
    seen: list[int] = []

    def hook(event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            seen.append(event.key)
            return True
        return False

    app.on_unhandled_event.append(hook)
    press(pygame.K_c, mod=pygame.KMOD_LCTRL)
    press(pygame.K_n)  # used by the play scene, not passed on
    frames(app, 1)
    assert seen == [pygame.K_c] and app.session.game.cursor == 0


def test_game_changes_reach_the_hook_and_notify_shows_a_message(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(seconds=10.0))
    kinds: list[ChangeKind] = []
    app.session.on_game_changed.append(lambda change: kinds.append(change.kind))
    app.session.play("f5")
    app.session.undo()
    app.session.redo()
    app.session.new_game()
    app.warn("Game saved.")
    frames(app, 1)
    assert kinds == [ChangeKind.PLAY, ChangeKind.UNDO, ChangeKind.REDO, ChangeKind.NEW]
    assert [t.text for t in app.play.notices.toasts] == ["Game saved."]


def test_run_demo_for_a_few_frames_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from argparse import Namespace

    from othello.gui.app import run

    assert run(Namespace(demo=True, frames=10, config=None)) == 0
    out = capsys.readouterr().out
    assert "frame interval, while thinking" in out and "worst" in out


def test_no_display_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from argparse import Namespace

    from othello.gui import app as app_module

    def no_display(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("No available video device")

    monkeypatch.setattr(app_module.pygame.display, "set_mode", no_display)
    assert app_module.run(Namespace(demo=False, frames=None, config=None)) == 1
    assert "cannot open the game window (No available video device)" in capsys.readouterr().err


# ----- what stays true: the end card under the help, answers that expire, undo as White -------


def test_a_game_ending_under_the_help_keeps_the_help_on_top(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.session.new_game(Board.from_string("X" * 56 + "XXXXXXO- X"))  # h8 is the last square
    frames(app, 1)
    click(app, "h8")
    press(pygame.K_F1)
    frames_until(app, lambda: app.session.board.is_game_over() and app.play.animation is None)
    frames(app, 2)
    assert isinstance(app.scenes[-1], HelpOverlay) and any(
        isinstance(s, EndOverlay) for s in app.scenes
    )
    press(pygame.K_k)  # any key closes the help, and only the help (A would add to the menu)
    frames(app, 1)
    assert isinstance(app.scenes[-1], EndOverlay) and app.session.game.cursor == 1


def test_repeated_answers_are_shown_once_and_go_when_the_position_changes(
    make_app: Callable[..., App],
) -> None:
    engine = FakeEngine()
    engine.held.set()  # thinking until released, however slow the machine is
    app = make_app(engine)
    click(app, "f5")
    frames_until(app, lambda: app.play.animation is None and app.session.is_computer_turn())
    for _ in range(5):
        click(app, "a1")
    frames(app, 1)
    assert [t.text for t in app.play.notices.toasts].count("The computer is still thinking.") == 1
    engine.held.clear()
    frames_until(app, lambda: human_turn_idle(app))
    assert not any("still thinking" in t.text for t in app.play.notices.toasts)  # no longer true
    press(pygame.K_h)
    frames_until(app, lambda: any(t.text.startswith("Hint") for t in app.play.notices.toasts))
    app.warn("A problem worth keeping")
    click(app, app.session.board.legal_moves()[0])
    frames(app, 1)
    texts = [t.text for t in app.play.notices.toasts]
    assert not any(t.startswith("Hint") for t in texts) and "A problem worth keeping" in texts


def test_undo_as_white_before_your_first_move_does_nothing(make_app: Callable[..., App]) -> None:
    app = make_app(human_color="white")
    frames_until(app, lambda: human_turn_idle(app))
    assert app.session.game.cursor == 1 and not app.play.panel_view().enabled["undo"]
    press(pygame.K_u)
    frames(app, 2)
    assert app.session.game.cursor == 1 and any(
        t.text == "Nothing to undo." for t in app.play.notices.toasts
    )
    click(app, app.session.board.legal_moves()[0])
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 3)
    assert app.play.panel_view().enabled["undo"]
    press(pygame.K_u)
    frames(app, 1)
    assert app.session.game.cursor == 1 and app.session.is_human_turn()


def test_a_second_hint_in_the_same_position_says_the_same(make_app: Callable[..., App]) -> None:
    """Issue 51, item 17: a timed search on a busy machine gave f4 +5, then d3 +3, then f4 +5
    for three H in one position; H again there says what the first said, with no search."""

    class Wavering(FakeEngine):
        analyses = 0

        def analyze(self, board: Board, stop: threading.Event | None = None) -> list[MoveScore]:
            self.analyses += 1  # each search ends on another best move
            moves = board.legal_moves()
            best = moves[self.analyses % len(moves)]
            return [MoveScore(m, 5 if m == best else 3, False) for m in moves]

    engine = Wavering()
    app = make_app(engine)
    said = []
    for _ in range(3):
        press_waiting(app, pygame.K_h)
        frames_until(app, lambda: bool(app.play.computer.hints))
        said.append((dict(app.play.computer.hints), app.play.notices.toasts[0].text))
    assert engine.analyses == 1 and said[0] == said[1] == said[2]
    click(app, "f5")  # another position: a search of its own
    frames_until(app, lambda: app.session.is_human_turn() and app.session.game.cursor == 2)
    press_waiting(app, pygame.K_h)
    frames_until(app, lambda: bool(app.play.computer.hints))
    assert engine.analyses == 2


def test_h_leaves_the_keyboard_cursor_where_the_arrows_put_it(
    make_app: Callable[..., App],
) -> None:
    """H (a hint, not the h column: no digit came) once left the cursor on the h column, and
    the arrows' walk was lost; it stays where the arrows put it, and an arrow pressed while
    H waits walks on from there."""
    app = make_app()
    frames(app, 1)
    press(pygame.K_RIGHT)
    press(pygame.K_DOWN)
    frames(app, 1)
    where = app.play.cursor
    assert where is not None and where % 8 != 7
    press_waiting(app, pygame.K_h)
    frames_until(app, lambda: bool(app.play.computer.hints))  # the hint came...
    assert app.play.cursor == where  # ...and the cursor stayed
    press(pygame.K_h)
    press(pygame.K_LEFT)  # before H's wait is over: the hint, then the arrow from there
    frames(app, 1)
    assert app.play.cursor == where - 1
