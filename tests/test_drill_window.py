"""Opening drills in the window: opened from the Game card (D or its button), an opening
chosen, the computer's side played, a wrong answer shown with the line's move, the explorer's
figures and the engine's scores, the line played to its end, and the answers kept in the
library across a restart."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from othello.app.library import drill_store
from othello.app.library.database import Library
from othello.core.game import Game
from othello.core.notation import square_name
from othello.gui.app import App
from othello.gui.scenes.drill_screen import DrillScreen
from othello.gui.scenes.game_card import GameCard
from othello.study.drills import MINE, Drill
from othello.study.puzzles import AGAIN
from support.library_screen import record
from support.patience import PATIENCE
from support.window import FakeEngine, app_maker, click, click_at, frames, frames_until, press


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., App]]:
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))  # a library of its own
    yield from app_maker()


def open_drills(app: App) -> DrillScreen:
    """K, then D: the Game card, then the drills; once the library has answered."""
    press(pygame.K_k)
    frames(app)
    assert app.find_scene(GameCard) is not None
    press(pygame.K_d)
    frames(app)
    screen = app.find_scene(DrillScreen)
    assert screen is not None and app.find_scene(GameCard) is None
    frames_until(app, lambda: screen.feed.schedule() is not None and screen.mine_read)
    return screen


def choose(app: App, screen: DrillScreen, key: str) -> None:
    """Down to the opening called ``key`` with the keys."""
    while screen.choice.key != key:
        press(pygame.K_DOWN)
        frames(app)


def said(screen: DrillScreen) -> list[str]:
    return [text for text, _colour in screen.lines()]


def answer_when_asked(app: App, drill: Drill) -> None:
    frames_until(app, lambda: drill.players_turn() or drill.over())


def test_a_tiger_drill_to_the_end_of_its_line_with_one_wrong_answer_kept_over_a_restart(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app(FakeEngine())
    game = app.session.game
    screen = open_drills(app)
    screen.rng = random.Random(44)  # the computer's choices, the same every time
    choose(app, screen, "Tiger")
    assert (
        app.session.shown.board.to_string() == Game.from_transcript("f5d6c3d3c4").board.to_string()
    )
    press(pygame.K_w)  # White: the computer opens
    press(pygame.K_RETURN)
    frames(app)
    drill = screen.drill
    assert drill is not None and drill.side == "white"
    answer_when_asked(app, drill)
    assert [square_name(sq) for sq in drill.moves] == ["f5"]
    assert "White to move: play the line's move." in said(screen)

    click(app, "f6")  # the Diagonal: not the Tiger
    frames(app)
    assert drill.waiting is not None and square_name(drill.waiting.expected) == "d6"
    assert "f6 leaves the line: the line plays d6." in said(screen)
    assert any(line.startswith("d6: 88,517 games, White scores") for line in said(screen))
    assert any(line.startswith("f6: 45,488 games, White scores") for line in said(screen))
    frames_until(app, lambda: screen.scores is not None)  # the review's own scoring
    engine = next(line for line in said(screen) if line.startswith("The engine's estimate"))
    assert "d6" in engine and "f6" in engine and "apart" in engine
    schedule = drill.schedule
    card = schedule.cards["f5"]
    assert (card.box, card.due, card.last_right) == (1, schedule.turn + AGAIN, False)
    assert app.library.flush(PATIENCE)
    with Library(tmp_path / "library.sqlite3") as library:
        kept, _ = drill_store.load(library)
    assert kept.cards["f5"] == card and kept.turn == 1  # written off the frame loop

    press(pygame.K_RETURN)  # the line's move, and on
    frames(app)
    assert [square_name(sq) for sq in drill.moves] == ["f5", "d6"]
    while not drill.over():
        answer_when_asked(app, drill)
        if drill.over():
            break
        click(app, square_name(drill.tree.next(drill.line)[0]))  # on the line
        frames(app)
        assert drill.waiting is None
    assert not drill.tree.next(drill.line)  # the end of a named line
    assert (drill.wrong, drill.right) == (1, schedule.turn - 1)
    assert any(line.startswith("End of the line (") for line in said(screen))
    later = [c.due for key, c in schedule.cards.items() if key != "f5"]
    assert later and min(later) > card.due  # the missed one comes back first
    assert app.library.flush(PATIENCE)
    app.close()

    again = make_app(FakeEngine())
    screen = open_drills(again)
    read_again = screen.feed.schedule()
    assert read_again is not None and read_again.cards["f5"].wrong == 1
    assert read_again.turn == drill.right + drill.wrong
    choose(again, screen, "Tiger")
    press(pygame.K_w)
    frames(again)
    share = screen.known(screen.choice)
    assert share == pytest.approx(drill.right / len(drill.tree.positions("white")))
    assert any("known of 21 positions" in line for line in screen.drawn)
    press(pygame.K_ESCAPE)
    frames(again)
    assert again.find_scene(DrillScreen) is None and again.session.shown_game is None
    assert game is not again.session.game  # a new window, a game of its own


def test_the_card_button_my_openings_and_the_explorer_kept_hidden(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    with Library(tmp_path / "library.sqlite3") as library:
        library.add(record("f5d6c3d3c4f4c5b3c2d1"), "played here")  # the Rose-Bill, then off
    app = make_app(FakeEngine())
    app.session.play("f5")
    game = app.session.game
    press(pygame.K_k)
    frames(app)
    card = app.find_scene(GameCard)
    assert card is not None
    button = next(rect for rect, action in card.buttons if action == ("drills",))
    click_at(button.center)
    frames(app)
    screen = app.find_scene(DrillScreen)
    assert screen is not None
    frames_until(app, lambda: screen.feed.schedule() is not None and screen.mine_read)
    assert screen.choice.key == MINE and screen.choice.tree.moves
    press(pygame.K_RETURN)  # my openings, as Black
    frames(app)
    drill = screen.drill
    assert drill is not None
    answer_when_asked(app, drill)
    press(pygame.K_x)  # the explorer would give the answer away
    frames(app)
    assert not app.play.view.explorer_shown()
    assert any("hidden in drills" in t.text for t in app.play.notices.shown())
    for move in ("f5", "c3", "c4", "c5", "c2"):  # the game's own line, Black's moves
        answer_when_asked(app, drill)
        click(app, move)
        frames(app)
    assert drill.over() and (drill.right, drill.wrong) == (5, 0)
    press(pygame.K_ESCAPE)  # back to the openings
    frames(app)
    assert screen.drill is None and app.find_scene(DrillScreen) is screen
    press(pygame.K_ESCAPE)  # closed: the game as it was
    frames(app)
    assert app.find_scene(DrillScreen) is None
    assert app.session.shown_game is None and app.session.game is game
    assert [square_name(sq) for sq in game.moves] == ["f5"]
