"""Clocks, starts and strength in the window, headless, on a time source the tests move by
hand: the clocks in the panel, a flag that ends the game, pause, undo that puts the clocks
back, a balanced start Undo never takes back, the Game card, and rated games."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from othello import Board
from othello.app.library import strength as strength_store
from othello.app.library.database import Library, library_path
from othello.app.library.strength import Strength
from othello.club.starts import BALANCED_MOVES
from othello.core.clock import TimeControl
from othello.formats.ggf import format_ggf
from othello.gui.app import App
from othello.gui.model.clocks import Clocks
from othello.gui.model.session import Session
from othello.gui.services.library_feed import record_of
from support.patience import PATIENCE
from support.window import (
    FakeEngine,
    click,
    frames,
    frames_until,
    human_turn_idle,
    press,
    press_waiting,
)


class ClockedEngine(FakeEngine):
    """Plays the first legal move, and takes the clock a clocked game gives it."""

    def think(self, board: Board, stop: object = None, on_progress: object = None, **kw: object):  # type: ignore[no-untyped-def,override]
        self.clocks_seen.append(kw.get("clock"))
        return super().think(board, stop, on_progress)  # type: ignore[arg-type]

    def __init__(self) -> None:
        super().__init__()
        self.clocks_seen: list[object] = []


class FakeTime:
    def __init__(self) -> None:
        self.t = 500.0

    def __call__(self) -> float:
        return self.t


def clocked(
    make_app: Callable[..., App], control: str = "1+2", **changes: object
) -> tuple[App, FakeTime]:
    """A window whose next games are on ``control``, its clocks on a hand-moved time."""
    app = make_app(ClockedEngine(), clock=control, **changes)
    now = FakeTime()
    app.play.club.clocks.now = now
    app.play.do("new")
    frames(app, 2)
    return app, now


def test_a_new_game_gets_the_chosen_clock_and_the_panel_shows_both(
    make_app: Callable[..., App],
) -> None:
    app, now = clocked(make_app)
    clock = app.play.club.clocks.clock
    assert clock is not None and clock.control == TimeControl(1, 2)
    assert app.session.game.clock == "1+2"
    now.t += 12.4
    frames(app, 1)
    view = app.play.panel_view()
    assert view.clocks["black"] == ("0:48", True, False)  # yours runs: Black moves first
    assert view.clocks["white"] == ("1:00", False, False)
    click(app, "f5")
    frames(app, 1)
    assert app.session.game.times[0] == pytest.approx(12.4)
    assert clock.left["black"] == pytest.approx(49.6)  # 60 - 12.4 + 2


def test_the_first_game_is_on_the_clock_the_settings_name(make_app: Callable[..., App]) -> None:
    """CLOCK = 1+0 in othello.ini: the game the window opens with, not begun yet, is on it
    (it had no clock until N was pressed)."""
    app = make_app(ClockedEngine(), clock="1+0")
    frames(app, 2)
    clock = app.play.club.clocks.clock
    assert clock is not None and clock.control == TimeControl(1, 0)
    assert app.session.game.clock == "1+0" and app.play.panel_view().clocks["black"][1]


def test_a_game_already_begun_gets_no_clock_afterwards() -> None:
    session = Session()
    session.play(session.board.legal_squares()[0])
    clocks = Clocks(session)
    clocks.control = TimeControl(1, 0)
    clocks.start_fresh()
    assert clocks.clock is None


def test_the_computers_clock_stops_when_its_move_is_chosen(make_app: Callable[..., App]) -> None:
    app, now = clocked(make_app)
    click(app, "f5")
    frames(app, 1)
    now.t += 3
    frames_until(app, lambda: human_turn_idle(app))
    game = app.session.game
    assert game.cursor == 2 and game.times[1] == pytest.approx(3.0)
    engine = app.engine_factory(13) if app.engine_factory else None
    assert isinstance(engine, ClockedEngine) and engine.clocks_seen[-1] == (60.0, 2.0)
    assert app.play.panel_view().clocks["white"][0] == "0:59"  # 60 - 3 + 2


def test_a_flag_that_falls_ends_the_game_lost_on_time(make_app: Callable[..., App]) -> None:
    app, now = clocked(make_app)
    now.t += 10
    frames(app, 1)
    assert app.play.panel_view().clocks["black"] == ("0:50", True, False)
    now.t += 44.5
    frames(app, 1)
    assert app.play.panel_view().clocks["black"] == ("0:05.5", True, True)  # the warning
    now.t += 6
    frames(app, 2)
    game = app.session.game
    assert game.lost_on_time == "black" and app.session.is_over()
    assert game.result() == "-64:t"
    assert app.find_screen("end") is not None
    assert app.play.status_parts()[0].startswith("White wins on time")
    click(app, "f5")  # no more moves
    frames(app, 1)
    assert game.cursor == 0


def test_pause_stops_both_clocks_and_the_board(make_app: Callable[..., App]) -> None:
    app, now = clocked(make_app)
    now.t += 10
    press(pygame.K_p)
    frames(app, 1)
    assert app.session.paused and app.play.status_parts()[0] == "Paused"
    now.t += 3600  # an hour away: no flag falls
    click(app, "f5")  # and no move while paused
    frames(app, 2)
    assert app.session.game.cursor == 0 and not app.session.is_over()
    press(pygame.K_p)
    frames(app, 1)
    now.t += 5
    frames(app, 1)
    assert not app.session.paused
    assert app.play.panel_view().clocks["black"][0] == "0:45"


def test_undo_puts_both_clocks_back(make_app: Callable[..., App]) -> None:
    app, now = clocked(make_app, "5+0")
    now.t += 20
    click(app, "f5")
    frames(app, 1)
    frames_until(app, lambda: human_turn_idle(app))
    now.t += 30
    frames(app, 1)
    assert app.play.panel_view().clocks["black"][0] == "4:10"
    press(pygame.K_u)
    frames(app, 1)
    assert app.session.game.cursor == 0
    assert app.play.panel_view().clocks["black"][0] == "5:00"  # as at move 1
    assert app.play.panel_view().clocks["white"][0] == "5:00"


def test_watching_or_no_clock_chosen_no_clock_runs(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    app.play.do("new")
    frames(app, 1)
    assert app.play.club.clocks.clock is None and app.play.panel_view().clocks == {}
    press(pygame.K_p)  # nothing to pause: it says so
    frames(app, 1)
    assert not app.session.paused


def test_a_pass_costs_no_time_in_the_model() -> None:
    session = Session(human="black")
    clocks = Clocks(session, now := FakeTime())
    clocks.control = TimeControl(1, 5)
    session.new_game(
        Board.from_string("OXX-OXO-OXOOOOO-OOXXOOO-OOOOO------OO-----O--O--------O--------- X")
    )
    now.t += 4
    session.play("d1")  # White has no move: Black places the next disc
    clock = clocks.clock
    assert clock is not None and clock.running == "black" and clock.left["black"] == 61
    now.t += 2
    session.pass_if_forced()
    assert clock.left["white"] == 60 and clock.time_left("black") == 59


def test_a_balanced_start_has_its_8_moves_and_undo_never_takes_them_back(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), start="balanced")
    app.play.do("new")
    frames(app, 2)
    game = app.session.game
    assert game.given == BALANCED_MOVES == game.cursor and game.origin == "balanced"
    assert game.start == Board()
    assert not app.session.can_undo() or app.session.earlier  # only the game it replaced
    click(app, app.session.board.legal_moves()[0])
    frames_until(app, lambda: human_turn_idle(app))
    press(pygame.K_u)
    frames(app, 1)
    assert app.session.game is game and game.cursor == BALANCED_MOVES


def test_the_game_card_chooses_the_next_start_and_clock(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    press(pygame.K_k)
    frames(app, 1)
    card = app.find_screen("game")
    assert card is not None
    card.act(("start", "balanced"))  # type: ignore[attr-defined]
    card.act(("clock", "3+2"))  # type: ignore[attr-defined]
    frames(app, 1)
    assert "3 min + 2 s a move" in " ".join(card.lines)  # type: ignore[attr-defined]
    press(pygame.K_RETURN)
    frames(app, 2)
    assert app.find_screen("game") is None
    assert app.session.game.origin == "balanced" and app.session.game.clock == "3+2"
    assert app.settings.clock == "off"  # remember=None in tests: nothing written


def test_the_card_steps_the_range_in_bounds(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine())
    club = app.play.club
    for _ in range(100):
        club.step_range("moves", 1)
        club.step_range("low", 1)  # never above the high bound
    assert (club.next.moves, club.next.low, club.next.high) == (56, 4, 4)
    for _ in range(100):
        club.step_range("high", -1)  # never below the low one
    assert club.next.high == club.next.low == 4


def lose_quickly(app: App) -> None:
    """Let the flag fall: a finished game against the computer, lost."""
    app.play.club.clocks.now = now = FakeTime()
    app.play.do("new")
    frames(app, 1)
    now.t += 1000
    frames(app, 2)


def test_a_finished_game_is_rated_and_kept(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), clock="1+0", level=9)
    before = app.play.club.strength.rating
    lose_quickly(app)
    after = app.play.club.strength.rating
    assert after.games == before.games + 1 and after.value < before.value
    assert app.library.flush(PATIENCE)  # written off the frame loop
    with Library(library_path()) as library:
        kept, _ = strength_store.load(library)
    assert kept.rating.games == after.games and kept.history[-1].level == 9
    assert kept.history[-1].score == 0.0
    words = app.play.panel_view().strength[0]  # one game: the levels it may be, not one
    assert words.startswith("you: level ") and "still uncertain after" in words
    shorter = app.play.panel_view().strength[1:]
    assert shorter[0].endswith(", uncertain") and not any("+/-" in words for words in shorter)


def test_losing_three_games_at_a_level_suggests_the_one_below(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))  # a new player: no games yet
    app = make_app(FakeEngine(), clock="1+0", level=9)
    told: list[str] = []
    app.play.club.strength.reply = told.append  # type: ignore[method-assign]
    for _ in range(3):
        lose_quickly(app)
    assert len(told) == 3 and "try level" not in told[1]
    assert told[-1].endswith("Level 9 wins your recent games easily: try level 8 (-).")
    assert told[-1].startswith("Your strength: somewhere from level ")
    assert "after 3 games (" in told[-1]
    words = app.play.panel_view().strength[0]
    assert words.startswith("you: level ") and words.endswith("after 3 games")


def test_an_earlier_game_s_read_of_the_stored_rating_does_not_undo_later_games(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After each rated game the stored rating is read back behind its write; games rated
    faster than those reads come back must not be undone by an earlier game's read (the
    panel said "after 1 game" once three had been rated): only the last read is taken."""
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))
    app = make_app(FakeEngine(), clock="1+0", level=9)
    strength = app.play.club.strength
    assert strength.keeper is not None
    held: list[Callable[[tuple[Strength, None]], None]] = []
    write = strength.keeper.write

    def holding(job: object, done: object = None, **kw: object) -> None:
        if job is strength_store.load:  # the reads back: held, answered below
            held.append(done)  # type: ignore[arg-type]
            return
        write(job, done, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(strength.keeper, "write", holding)
    for _ in range(3):
        lose_quickly(app)
    assert strength.rating.games == 3 and len(held) == 3
    held[0]((Strength(), None))  # an earlier game's read: older than what is in memory
    held[1]((Strength(), None))
    assert strength.rating.games == 3
    assert app.play.panel_view().strength[0].endswith("after 3 games")
    assert app.library.flush(PATIENCE)
    with Library(library_path()) as library:
        stored, _ = strength_store.load(library)
    held[2]((stored, None))  # the last read: the library's, taken
    assert strength.strength is stored and stored.rating.games == 3


def test_a_hint_leaves_the_game_unrated(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), clock="1+0", level=9)
    app.play.club.clocks.now = now = FakeTime()
    app.play.do("new")
    frames(app, 1)
    games = app.play.club.strength.rating.games
    app.play.do("hint")  # H waits a moment for a digit (h4 is a square): the command itself
    frames(app, 2)
    now.t += 1000
    frames(app, 2)
    assert app.session.is_over() and app.play.club.strength.rating.games == games


def test_a_loss_on_time_goes_to_the_library_as_ggs_writes_it(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), clock="1+0", level=9)
    lose_quickly(app)
    record = record_of(app.session, app.settings)
    assert record.tags["TI"] == "01:00/00:00/" and record.tags["RE"] == "-64:t"
    assert record.result() == -64  # the library's result: every disc to the side on time
    assert len(record.notes) == len(record.moves)
    ggf = format_ggf(record.start, record.moves, record.tags, record.notes)
    assert "RE[-64:t]" in ggf and "TI[01:00/00:00/]" in ggf


@pytest.mark.parametrize("key", [pygame.K_z, pygame.K_k, pygame.K_m, pygame.K_g, pygame.K_F1])
def test_a_screen_over_the_board_stops_the_players_clock(
    make_app: Callable[..., App], key: int
) -> None:
    """Puzzles, the Game card, the move list, the library, help over a game on a clock: the
    player's clock stands still (an hour away loses nothing on time), the strip says so, and
    it runs again once the board is back."""
    app, now = clocked(make_app, "1+0")
    now.t += 10
    frames(app, 1)
    press_waiting(app, key)  # G waits a moment for a digit (g4 is a square)
    assert app.board_covered()
    now.t += 3600
    frames(app, 2)
    assert not app.session.is_over() and app.session.game.lost_on_time is None
    strip = [notice.text for notice in app.play.notices.strip(app.play.now)]
    assert any(text.startswith("Your clock stops while the board is hidden") for text in strip)
    while app.board_covered():
        press(pygame.K_ESCAPE)
        frames(app, 2)
    assert app.play.panel_view().clocks["black"] == ("0:50", True, False)
    now.t += 5
    frames(app, 1)
    assert app.play.panel_view().clocks["black"][0] == "0:45"


def test_the_panel_says_why_the_clock_stands_still(make_app: Callable[..., App]) -> None:
    app, now = clocked(make_app, "1+0")
    press(pygame.K_k)  # the Game card leaves the panel in view
    frames(app, 2)
    now.t += 30
    frames(app, 1)
    view = app.play.panel_view()
    assert view.clocks["black"] == ("1:00", False, False)  # not lit: it does not run
    assert view.detail == "your clock stops while the board is hidden"


def test_the_computers_clock_runs_on_while_the_board_is_covered() -> None:
    session = Session(human="white")
    clocks = Clocks(session, now := FakeTime())
    clocks.control = TimeControl(1, 0)
    session.new_game()
    clocks.cover(True)
    now.t += 5  # the computer (Black) thinks on its own clock
    assert clocks.time_left("black") == 55
    session.play("f5", by_computer=True)
    now.t += 100  # the player's clock stands still while the card is open
    assert clocks.time_left("white") == 60 and clocks.held_by_cover()
    clocks.cover(False)
    now.t += 1
    assert clocks.time_left("white") == 59 and not clocks.held_by_cover()


def test_a_loss_on_time_reads_as_one_in_the_library(make_app: Callable[..., App]) -> None:
    """Issue 51, item 11: the list showed "-64"; it says who won on time (the stored GGF
    result stays "-64:t"), and `othello games` writes GGF's "-64:t"."""
    from othello.app.commands.library import result_text
    from othello.app.library.query import Filter, rows
    from othello.gui.model.library_words import ended_words
    from othello.gui.widgets.library_table import cell_forms

    app = make_app(ClockedEngine(), clock="1+0", level=9)
    app.play.club.clocks.now = now = FakeTime()
    app.play.do("new")
    frames(app, 1)
    click(app, "f5")  # a game with moves is kept
    frames(app, 1)
    frames_until(app, lambda: human_turn_idle(app))
    now.t += 1000
    frames(app, 2)
    assert app.session.game.lost_on_time == "black" and app.library.flush(PATIENCE)
    with Library(library_path()) as library:
        row = next(r for r in rows(library, Filter(), 0, 100) if r.result == -64)
        (entry,) = [library.get(row.id)]
    assert row.on_time and row.result == -64
    assert cell_forms(row, "result", False) == ["White on time", "on time"]
    assert ended_words(row) == "White wins on time"  # the chosen game's line says it whole
    assert entry is not None and entry.tags["RE"] == "-64:t" and result_text(entry) == "-64:t"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_strength_graphs_level_labels_never_overlap(
    make_app: Callable[..., App], language: str
) -> None:
    """Issue 51, item 12: L6 was drawn over L5 (levels 4 to 6 are 100 points apart); every
    label drawn stands clear of the others, the level nearest the last rating first."""
    from othello.app import i18n
    from othello.club.rating import LEVEL_RATINGS
    from othello.gui.widgets.strength_graph import draw_strength

    app = make_app(FakeEngine())
    i18n.set_language(language)
    surface = pygame.Surface((400, 300))
    ratings = [500.0, 700.0, 900.0, 1100.0, 1250.0, 1150.0]
    for height in (40, 70, 120):
        labels = draw_strength(
            surface, app.text, pygame.Rect(0, 0, 300, height), ratings, LEVEL_RATINGS, 16
        )
        assert labels and labels[0][0] == 5  # 1148: the nearest to the last rating
        for i, (_n, one) in enumerate(labels):
            assert surface.get_rect().contains(one)
            assert not any(one.colliderect(other) for _m, other in labels[i + 1 :])
