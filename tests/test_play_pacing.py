"""The game goes at a pace a person can follow: one move at a time, every pass announced on
its own and readable before the computer's next move, and the status never says it is your
move when you must pass. Driven frame by frame with the real frame loop, headless."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pygame
import pytest

from othello import Board
from othello.app.settings.keys import Settings
from othello.gui.app import COMPUTER_MIN_SECONDS, App
from othello.gui.model.game_words import last_placed
from othello.gui.model.session import Change, ChangeKind
from othello.gui.scenes.play import PASS_SECONDS
from support.window import DT, FakeEngine, click

# Black (you) plays h7; then White has a move each time and Black none: White, Black passes,
# White, Black passes, White ends the game (the chain a player found too fast to follow).
PASS_CHAIN = "-OOOOOOOXXXXXOOOXXOXOOOXXXOOXOOXXXOOOOOXXXXXOOOXXXXXXOO-XXX-XX-O X"


@dataclass
class Event:
    time: float
    kind: ChangeKind
    color: str | None
    animating: bool  # discs of an earlier move were still turning when it happened


@pytest.fixture
def paced() -> Iterator[App]:
    """A window with the real pace: animation on, the computer's pause as shipped."""
    app = App(
        Settings(window_width=1000, window_height=700, sound=False, animation=True),
        engine_factory=lambda level: FakeEngine(),
        remember=None,
    )
    pygame.event.clear()
    yield app
    app.close()
    pygame.display.quit()


def record(app: App) -> list[Event]:
    """Every change to the game, with what was on screen when it came."""
    events: list[Event] = []

    def seen(change: Change) -> None:
        animating = app.play.animation is not None and not app.play.animation.done
        events.append(Event(app.play.now, change.kind, change.color, animating))

    app.session.on_game_changed.insert(0, seen)  # before the play scene starts the next one
    return events


def run(app: App, seconds: float, each: Callable[[], None]) -> None:
    """``seconds`` of play, frame by frame, or more while a move is still being searched (the
    fake engine answers in a thread: on a busy machine it may answer some frames late)."""
    played = 0.0
    while played < seconds or app.play.computer.is_to_move():
        assert played < seconds + 60, "the computer never moved"
        app.frame(DT)
        each()
        played += DT
        time.sleep(0.0005)  # let the search thread run


@pytest.mark.slow
def test_the_pass_chain_goes_one_thing_at_a_time(paced: App) -> None:
    app = paced
    app.session.new_game(Board.from_string(PASS_CHAIN))
    app.frame(DT)
    events = record(app)
    wrong_status: list[str] = []
    dots: list[int | None] = []

    def each_frame() -> None:
        session, play = app.session, app.play
        if session.is_human_turn() and session.must_pass():
            view = play.panel_view()
            if view.status == "Your move" or view.enabled["hint"] or view.to_move == "black":
                wrong_status.append(f"{view.status} / hint {view.enabled['hint']}")
        dots.append(last_placed(session.game))

    click(app, "h7")
    run(app, 20.0, each_frame)

    assert app.session.board.is_game_over()
    kinds = [(e.kind, e.color) for e in events]
    assert kinds == [
        (ChangeKind.PLAY, "black"),
        (ChangeKind.PLAY, "white"),
        (ChangeKind.PASS, "black"),
        (ChangeKind.PLAY, "white"),
        (ChangeKind.PASS, "black"),
        (ChangeKind.PLAY, "white"),
    ]
    # No move starts while the last one's discs still turn, and no pass is played over them.
    assert [e for e in events if e.animating] == []
    # Each pass is announced, and the computer's next move waits the announcement's full time.
    for passed, after in itertools.pairwise(events):
        if passed.kind == ChangeKind.PASS:
            assert after.time - passed.time >= PASS_SECONDS
    # A computer move never follows the move before it at once: its short pause comes first.
    for before, move in itertools.pairwise(events):
        if (
            move.kind == ChangeKind.PLAY
            and move.color == "white"
            and before.kind == ChangeKind.PLAY
        ):
            assert move.time - before.time >= COMPUTER_MIN_SECONDS
    assert wrong_status == []
    # Every move got the red dot in turn, for a while, not only the last one.
    placed = [sq for sq in dict.fromkeys(dots) if sq is not None]
    assert len(placed) == 4


@pytest.mark.slow
def test_each_pass_is_on_screen_on_its_own(paced: App) -> None:
    app = paced
    app.session.new_game(Board.from_string(PASS_CHAIN))
    app.frame(DT)
    banners: list[tuple[float, str | None, int]] = []

    def each_frame() -> None:
        banner = app.play.notices.banner
        moves = sum(1 for sq in app.session.game.moves if sq >= 0)
        banners.append((app.play.now, banner.text if banner else None, moves))

    click(app, "h7")
    run(app, 20.0, each_frame)
    shown = [(moves, text) for _t, text, moves in banners if text is not None]
    # Two separate announcements, each while the board shows the move that forced it: the
    # computer's next disc never lands under a pass notice.
    assert sorted(set(shown)) == [
        (2, "Black has no legal move and passes"),
        (3, "Black has no legal move and passes"),
    ]
    for moves in (2, 3):
        times = [t for t, text, m in banners if text is not None and m == moves]
        assert max(times) - min(times) >= PASS_SECONDS - 2 * DT


def test_a_pass_after_your_move_does_not_hold_you_up(paced: App) -> None:
    # White (the computer) passes: the banner shows, and you may play at once.
    app = paced
    app.session.new_game(
        Board.from_string("OXX-OXO-OXOOOOO-OOXXOOO-OOOOO------OO-----O--O--------O--------- X")
    )
    app.frame(DT)
    click(app, "d1")
    run(app, 1.0, lambda: None)
    assert app.play.notices.banner is not None and app.session.is_human_turn()
    legal = app.session.board.legal_moves()[0]
    click(app, legal)
    app.frame(DT)
    assert legal in app.session.game.transcript()
