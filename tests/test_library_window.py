"""The game library in the window: games kept as they finish or are saved, the Library
screen (filter, order, open, delete and undo, edit), a file of many games dropped while
playing, the picture of a position, and a damaged, locked or busy library never costing
a game."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.library import file_faults
from othello.app.library.database import Library
from othello.app.library.query import Filter, rows
from othello.core.game import Game
from othello.formats.ggf import read_games
from othello.gui.app import App
from othello.gui.model import library_words as words
from othello.gui.scenes.library import LibraryOverlay
from othello.gui.scenes.move_list import entries
from othello.gui.services import persistence
from othello.gui.widgets.library_frame import BUTTONS
from othello.gui.widgets.library_table import SELECTED
from othello.study.review import MoveReview, review_game
from support.ggs_records import EDAX_ROXANE, FANGR, HERCULE, SAIO
from support.library_screen import fill, library_of, open_library
from support.patience import PATIENCE
from support.window import click_at, frames, frames_until, press

pytestmark = pytest.mark.usefixtures("data")  # a library of its own (conftest.py)


def all_but_the_last(text: str = SAIO) -> tuple[Game, int]:
    """A real game one move from its end (Black's b1 ends the Saio draw), and that move."""
    found = next(g for g in read_games(text) if hasattr(g, "moves"))
    game = Game(found.start)  # type: ignore[union-attr]
    for sq in found.moves[:-1]:  # type: ignore[union-attr]
        game.play(sq)
    return game, found.moves[-1]  # type: ignore[union-attr]


def finish(app: App) -> None:
    game, last = all_but_the_last()
    app.session.set_game(game)
    app.session.play(last)


def said(app: App) -> list[str]:
    """Every message the window queues from now on (shown ones expire)."""
    seen: list[str] = []
    queue = app.play.notices.queue

    def recording(toast: Any) -> None:
        seen.append(toast.text)
        queue(toast)

    app.play.notices.queue = recording  # type: ignore[method-assign]
    return seen


def stored(app: App) -> bool:
    app.library.update()
    return app.library.ids.get(app.session.game) is not None


def test_a_finished_game_is_kept_with_its_players(make_app: Callable[..., App], data: Path) -> None:
    app = make_app(player_name="Ann", level=3)
    finish(app)
    frames_until(app, lambda: stored(app))
    with library_of(data) as library:
        (row,) = rows(library, Filter(), 0, 10)
    assert (row.black, row.white, row.source, row.result) == (
        "Ann",
        "Computer, level 3",
        "played here",
        0,
    )
    assert row.moves == 60 and row.opening  # discs placed: the pass is no move


def test_with_keep_games_off_only_ctrl_s_keeps_a_game(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app(keep_games=False, mode="two-players", player_name="Ann")
    persistence.attach(app, resume=False)  # Ctrl+S, as run() gives the window
    finish(app)
    frames(app, 20)
    time.sleep(0.2)
    frames(app, 5)
    assert app.library.ids.get(app.session.game) is None
    press(pygame.K_s, mod=pygame.KMOD_CTRL)
    frames_until(app, lambda: stored(app))
    with library_of(data) as library:
        (row,) = rows(library, Filter(), 0, 10)
    assert (row.black, row.white, row.source) == ("Ann", "Ann", "saved here")


def test_a_saved_game_that_goes_on_is_one_game_in_the_library(
    make_app: Callable[..., App], data: Path
) -> None:
    app = make_app(mode="two-players")
    persistence.attach(app, resume=False)
    game, last = all_but_the_last()
    app.session.set_game(game)
    press(pygame.K_s, mod=pygame.KMOD_CTRL)
    frames_until(app, lambda: stored(app))
    app.session.play(last)  # the game ends: the same entry, brought up to date
    frames(app, 3)
    deadline = time.perf_counter() + PATIENCE
    while True:
        with library_of(data) as library:
            found = rows(library, Filter(), 0, 10)
        if found and found[0].moves == 60:
            break
        assert time.perf_counter() < deadline
        frames(app, 2)
        time.sleep(0.02)
    assert len(found) == 1


def test_a_kept_games_review_marks_are_kept(make_app: Callable[..., App], data: Path) -> None:
    app = make_app(mode="two-players")
    finish(app)
    frames_until(app, lambda: stored(app))
    game = app.session.game
    moves = tuple(game.moves)
    verdicts = [MoveReview(0, 1, "black", moves[0], moves[0], 0, 0, True),
                MoveReview(1, 1, "white", moves[1], moves[2], 8, 3, True)]  # loses 5: a mistake  # fmt: skip
    app.session.judgement.review = (moves, verdicts)
    game_id = app.library.ids[game]

    def marked() -> bool:
        frames(app)
        with library_of(data) as library:
            entry = library.get(game_id)
        return entry is not None and entry.marks is not None

    frames_until(app, marked)
    with library_of(data) as library:
        entry = library.get(game_id)
    assert entry is not None and entry.marks is not None
    assert entry.marks.startswith(".m") and len(entry.marks) == len(moves)
    with library_of(data) as library:
        (row,) = rows(library, Filter(), 0, 1)
    assert words.details(row.opening, row.moves, row.marks, "")[0].endswith("reviewed: 1 mistake")


def type_text(text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def test_the_library_screen_filters_orders_and_opens_a_game(
    make_app: Callable[..., App], data: Path
) -> None:
    fill(data)
    app = make_app(mode="two-players")
    app.session.play("f5")  # a game of the player's, which Undo brings back later
    before = app.session.game
    open_library(app)
    state = app.library_list
    assert app.find_screen("library") is not None and state.count == 4 and state.total == 4
    type_text("roxa")  # the player filter: edax and Roxane's pair
    frames_until(app, lambda: state.count == 2 and state.row(0) is not None)
    press(pygame.K_TAB)
    frames(app)
    assert state.active == "opening"
    press(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    press(pygame.K_BACKSPACE)
    frames_until(app, lambda: state.filter.player == "rox" and state.count == 2)
    scene = app.find_scene(LibraryOverlay)  # the headings are where the last frame drew them
    assert scene is not None
    black = scene.hits.table.headings["black"]
    click_at(black.center)
    frames_until(app, lambda: state.filter.sort == "black" and state.row(0) is not None)
    assert [state.row(i).black for i in range(2)] == ["edax", "Roxane"]  # type: ignore[union-attr]
    press(pygame.K_DOWN)
    press(pygame.K_RETURN)
    frames_until(app, lambda: app.session.game is not before)
    assert app.find_screen("library") is None and app.find_screen("moves") is not None
    assert app.session.game.start.count() == (11, 7) and app.session.game.board.is_game_over()
    press(pygame.K_ESCAPE)  # the move list closes; U brings back the game it replaced
    press(pygame.K_u)
    frames(app, 2)
    assert app.session.game is before


def test_the_letter_of_the_key_that_opens_the_library_is_no_filter(
    make_app: Callable[..., App], data: Path
) -> None:
    fill(data)
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="g"))  # SDL sends both
    frames_until(app, lambda: app.library_list.count is not None)
    for ch in "go":  # typed afterwards, as SDL sends it (the key, then its text): g is kept
        key = pygame.key.key_code(ch)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app)
    assert app.library_list.filter.player == "go"


def test_delete_and_undo_and_edit_in_the_library(make_app: Callable[..., App], data: Path) -> None:
    fill(data)
    app = make_app()
    open_library(app)
    state = app.library_list
    chosen = state.chosen()
    assert chosen is not None
    press(pygame.K_DELETE)
    frames_until(
        app,
        lambda: state.count == 3 and (now := state.chosen()) is not None and now.id != chosen.id,
    )
    with library_of(data) as library:
        assert library.total() == 3 and library.get(chosen.id) is None
    press(pygame.K_z, mod=pygame.KMOD_CTRL)
    frames_until(app, lambda: state.count == 4)
    with library_of(data) as library:
        assert library.get(chosen.id) is not None
    press(pygame.K_F2)
    frames(app)
    assert state.edit is not None and state.edit.field == "black"
    for _ in range(len(chosen.black)):
        press(pygame.K_BACKSPACE)
    type_text("Ann")
    press(pygame.K_TAB)
    press(pygame.K_TAB)
    type_text("a fine game")
    press(pygame.K_RETURN)
    frames_until(app, lambda: state.edit is None)

    def edited() -> bool:
        with library_of(data) as library:
            entry = library.get(chosen.id)
        return entry is not None and entry.black == "Ann" and entry.memo == "a fine game"

    frames_until(app, edited)


@pytest.mark.parametrize("size", [(540, 400), (1100, 760), (1600, 1000)])
def test_the_library_screen_fits_every_window(
    make_app: Callable[..., App], data: Path, size: tuple[int, int]
) -> None:
    fill(data)
    app = make_app(window_width=size[0], window_height=size[1])
    open_library(app)
    frames(app, 2)
    scene = app.find_scene(LibraryOverlay)
    assert scene is not None
    hits = scene.hits
    assert len(hits.table.rows) >= 4 and set(hits.buttons) == set(BUTTONS)
    screen = pygame.Rect((0, 0), size)
    for rect in [
        *hits.buttons.values(),
        *hits.table.headings.values(),
        *hits.table.fields.values(),
    ]:
        assert screen.contains(rect)
    first, _ = hits.table.rows[0]
    assert tuple(app.screen.get_at((first.right - 4, first.centery)))[:3] == SELECTED
    assert set(hits.table.headings) >= {"date", "black", "white", "result"}


@pytest.mark.slow
def test_a_file_of_games_dropped_while_playing_is_imported_with_a_bar(
    make_app: Callable[..., App], data: Path, tmp_path: Path
) -> None:
    app = make_app()
    persistence.attach(app, resume=False)  # dropped files, as run() gives the window
    messages = said(app)
    many = "\n".join([HERCULE, EDAX_ROXANE, FANGR]) + "\n" * 25_000  # too big to be one game
    path = tmp_path / "big.ggf"
    path.write_text(many, encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app, 2)
    assert app.find_screen("import-bar") is not None
    frames_until(
        app, lambda: app.library.progress is None and app.find_screen("import-bar") is None
    )
    with library_of(data) as library:
        assert library.total() == 4
    assert any("Imported big.ggf: 4 added" in n for n in messages)


@pytest.mark.slow
def test_the_import_bar_gives_way_while_a_notice_is_in_the_strip(
    make_app: Callable[..., App], data: Path, tmp_path: Path
) -> None:
    app = make_app()
    persistence.attach(app, resume=False)
    path = tmp_path / "big.ggf"
    path.write_text("\n".join([HERCULE, EDAX_ROXANE, FANGR]) + "\n" * 25_000, encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app, 2)
    bar = app.find_screen("import-bar")
    assert bar is not None and app.library.progress is not None

    def drawn() -> pygame.Rect:
        surface = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        bar.draw(surface)
        return surface.get_bounding_rect()

    assert app.play.notices.strip(app.play.now)  # "Importing big.ggf": said first, read whole
    assert drawn().width == 0
    app.play.notices.toasts.clear()
    assert app.play.notices.strip(app.play.now) == [] and drawn().colliderect(app.layout.notices)
    frames_until(app, lambda: app.library.progress is None)


def test_ctrl_p_saves_a_picture_of_the_position(make_app: Callable[..., App], data: Path) -> None:
    app = make_app()
    messages = said(app)
    app.session.play("f5")
    press(pygame.K_p, mod=pygame.KMOD_CTRL)
    frames(app)
    (picture,) = (data / "pictures").glob("othello-*.png")
    image = pygame.image.load(str(picture))
    assert image.get_width() == 640
    assert any(str(picture) in n for n in messages)


def test_a_damaged_library_is_set_aside_and_the_game_kept_in_a_new_one(
    make_app: Callable[..., App], data: Path
) -> None:
    data.mkdir(parents=True)
    (data / "library.sqlite3").write_bytes(b"\x00garbage" * 500)
    app = make_app(mode="two-players")
    messages = said(app)
    finish(app)
    frames_until(app, lambda: stored(app))
    frames(app)  # the notice, as the window says it
    assert list(data.glob("library.sqlite3.damaged-*"))
    assert any("damaged" in n for n in messages)
    with library_of(data) as library:
        assert library.total() == 1


@pytest.mark.slow
def test_a_locked_library_keeps_the_game_waiting_then_stores_it(
    make_app: Callable[..., App], data: Path
) -> None:
    data.mkdir(parents=True)
    Library(data / "library.sqlite3").close()
    holder = sqlite3.connect(data / "library.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    app = make_app(mode="two-players")
    messages = said(app)
    app.library.retry = app.library.wait = 0.05
    finish(app)
    frames_until(app, lambda: words.library_busy() in messages)
    assert not stored(app)
    holder.execute("ROLLBACK")
    frames_until(app, lambda: stored(app))


@pytest.mark.slow
def test_a_game_still_waiting_when_the_window_closes_is_kept_for_the_next_start(
    make_app: Callable[..., App], data: Path
) -> None:
    data.mkdir(parents=True)
    Library(data / "library.sqlite3").close()
    holder = sqlite3.connect(data / "library.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    app = make_app(mode="two-players", player_name="Ann")
    messages = said(app)
    app.library.retry = app.library.wait = 0.05
    finish(app)
    frames_until(app, lambda: words.library_busy() in messages)
    app.library.close(wait=5)
    holder.execute("ROLLBACK")
    holder.close()
    assert len(list((data / "library-pending").glob("*.ggf"))) == 1
    again = make_app(mode="two-players")
    again.library.write(lambda library: library.total())  # its first use takes the game in
    deadline = time.perf_counter() + PATIENCE
    while list((data / "library-pending").glob("*.ggf")):
        assert time.perf_counter() < deadline
        frames(again, 2)
        time.sleep(0.02)
    with library_of(data) as library:
        (row,) = rows(library, Filter(), 0, 10)
    assert (row.black, row.source, row.moves) == ("Ann", "played here", 60)


def test_a_library_that_cannot_be_used_at_all_costs_the_game_nothing(
    make_app: Callable[..., App], data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (data / "library.sqlite3").mkdir(parents=True)  # a folder where the file should be...
    monkeypatch.setattr(file_faults, "set_aside", lambda path: None)  # ...that cannot move
    app = make_app(mode="two-players")
    messages = said(app)
    finish(app)
    frames_until(app, lambda: any("cannot be used" in m for m in messages))
    path = tmp_path / "games.ggf"
    path.write_text(HERCULE, encoding="utf-8")
    app.library_feed.start_import(path)
    frames_until(app, lambda: any("Could not import games.ggf" in m for m in messages))
    frames_until(app, lambda: app.find_screen("import-bar") is None)
    assert app.session.board.is_game_over() and app.running  # the game goes on


def review_by_hand(app: App) -> None:
    """The game on the board reviewed, as R would (a shallow review), and kept so."""
    game = app.session.game
    judgement = app.session.judgement
    start, line = game.start.to_string(), tuple(game.moves[: game.cursor])
    judgement.review_started(start, line)
    for verdict in review_game(game.start, list(line), depth=1, exact_empties=6):
        judgement.add_verdict(verdict)
    judgement.review_done(start, line)
    app.session.judgements.reviewed()


def test_a_reviewed_game_opened_from_the_library_comes_with_its_review(
    make_app: Callable[..., App], data: Path
) -> None:
    """The list says the game was reviewed; Enter brings back its marks, its lines and
    themes, the graph (nothing to review again), and R then says the summary at once."""
    app = make_app(player_name="Ann")
    persistence.attach(app, resume=False)  # the window's games kept, as run() does
    finish(app)
    frames_until(app, lambda: stored(app))
    review_by_hand(app)
    reviewed = dict(app.play.computer.reviewed())
    assert reviewed and any(v.line and v.themes for v in reviewed.values())
    frames(app, 3)
    assert app.library.flush(PATIENCE)
    app.play.do("new")  # another game on the board; the reviewed one is in the library
    frames(app, 2)
    assert app.library.flush(PATIENCE)
    open_library(app)
    state = app.library_list
    frames_until(app, lambda: state.row(0) is not None)
    assert state.row(0).marks  # type: ignore[union-attr]  # the list says it was reviewed
    before = app.session.game
    press(pygame.K_RETURN)
    frames_until(app, lambda: app.session.game is not before)
    opened = app.session.game
    frames_until(app, lambda: bool(app.play.computer.reviewed()))
    back = app.play.computer.reviewed()
    assert back == reviewed and app.session.game is opened
    assert any(point.mark for point in app.play.computer.graph_points())  # the review's
    assert app.play.computer.review is not None
    assert app.play.notices.toasts[0].text.startswith("Opened from the library with its review")
    moves = app.find_screen("moves")
    assert moves is not None and any("?" in label for _ply, label in entries_of(app))
    app.play.do("review")  # nothing to judge again: the summary at once, no search
    frames(app, 2)
    assert app.play.computer.reviewing.wanted is False
    assert app.play.notices.toasts[0].text.startswith("Review")


def entries_of(app: App) -> list[tuple[int, str]]:
    return entries(app.session, app.play.computer.reviewed())
