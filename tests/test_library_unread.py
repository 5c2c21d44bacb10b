"""Never write over what was not read (issue 50): a window that could not read its games, a
spool from such a window, two windows rating at once, an earlier version's files taken in
during a fault, and rows the game accepted that hold damaged or hostile values. Nothing the
library holds is deleted by a window that did not read it; what can be read of a damaged
row comes back."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.files import paths
from othello.app.library import held_games, old_files
from othello.app.library import strength as strength_store
from othello.app.library.database import Library, library_path
from othello.app.library.held_games import ASIDE, Changes, PlayerMode, Seat
from othello.app.library.old_files import PENDING, take_in
from othello.app.library.strength import RatedGame
from othello.app.settings.keys import Settings
from othello.club.rating import HIGHEST, LEAST_DEVIATION, LOWEST, Rating
from othello.core.board import Board
from othello.core.game import Game
from othello.gui.model.session import Session
from othello.gui.scenes.alert_card import AlertCard
from othello.gui.services import library_worker, persistence
from othello.gui.services.library_worker import LibraryWorker
from othello.gui.services.strength import RatingTerms, StrengthKeeper
from support.files_window import frames, isolate, toast_texts, window_maker
from support.kept_games import keep, line, old_autosave, resumed
from support.patience import PATIENCE
from support.window import frames_until, press

TWO = Settings(mode="two-players", sound=False, animation=False)
FINISHED = "d3c3b3d2e1d6d7e3f4"  # one of the shortest finished games: Black wins


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)


@pytest.fixture
def window() -> Iterator[Callable[..., Any]]:
    yield from window_maker()


def data() -> Path:
    return paths.user_data_dir()


def taken_in() -> list[str]:
    with Library(library_path()) as library:
        return take_in(library, data(), [data() / PENDING]).notices


def spool(name: str, text: str) -> None:
    folder = data() / PENDING
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)


def stored_moves(slot: int = 1) -> list[str]:
    games, _board = line(slot)
    return [g.transcript() for g in games]


def held_rows() -> list[tuple[Any, ...]]:
    with Library(library_path()) as library:
        return library.execute("SELECT key, slot, seq FROM held ORDER BY slot, seq")


# ----- a spool never deletes what its window did not read -----------------------------------


def test_a_spooled_line_is_added_beside_the_games_it_never_read() -> None:
    """Probe 2: a window that could not read the library kept a line of one game and spooled
    it at its close; the next start took the spool in and it replaced the stored line (a
    spool as the version before wrote it: a line, and no ``gone``)."""
    earlier = (Game.from_transcript("f5d6"), Game.from_transcript("c4c3"))
    keep(Game.from_transcript("f5f6e6"), earlier=earlier)
    own = held_games.new_key()
    row = held_games.held_game(Game.from_transcript("d3"), own, 0)
    old_form = {
        "slot": 1,
        "games": [{**row.__dict__, "moves": row.moves.hex()}],
        "line": [own],
        "seat": Seat(own).to_data(),
    }
    spool("20260101-000000.held.json", json.dumps(old_form))
    assert taken_in() == []
    games, board = line()
    assert [g.transcript() for g in games] == ["f5d6", "c4c3", "f5f6e6", "d3"]
    assert board == 3  # the spooling window's game on the board, the stored ones behind Undo


def test_only_the_games_a_window_dropped_go() -> None:
    keep(Game.from_transcript("f5f6e6"))
    mine = [held_games.new_key() for _ in range(2)]
    rows = {k: held_games.held_game(Game.from_transcript(t), k, n)
            for n, (k, t) in enumerate(zip(mine, ["d3", "c4"], strict=True))}  # fmt: skip
    with Library(library_path()) as library:
        held_games.write(library, Changes(1, rows, mine, Seat(mine[1])))
        held_games.write(library, Changes(1, gone={mine[0]}))
    assert stored_moves() == ["f5f6e6", "c4"]


def test_an_old_autosave_taken_in_beside_a_window_s_spool_is_kept() -> None:
    """Probe 2: an earlier version's autosave.json that could not be taken in (a full disk)
    waited for the next start, where the spool of the window that ran meanwhile came in
    after it and deleted it."""
    old_autosave(Game.from_transcript("f5d6c3d3"))
    own = held_games.new_key()
    row = held_games.held_game(Game.from_transcript("e6"), own, 0)
    spool(
        "20260101-000000.held.json", json.dumps(Changes(1, {own: row}, [own], Seat(own)).to_data())
    )
    taken_in()
    assert sorted(stored_moves()) == ["e6", "f5d6c3d3"]


# ----- the rating: moved on from the stored one ---------------------------------------------


def rated(rating: Rating, games: int) -> None:
    with Library(library_path()) as library:
        history = [RatedGame("2026-01-01", 3, 0.0, rating.value, rating.deviation)] * games
        strength_store.write(library, history, rating)


def stored_strength() -> strength_store.Strength:
    with Library(library_path()) as library:
        strength, _notice = strength_store.load(library)
    return strength


def test_a_spooled_rating_moves_the_stored_one_on() -> None:
    """Probe 2/9: 599 over 2 games, then a window that could not read the rating rated one
    game (from a new player's rating) and spooled it: the library said 1840 over 1."""
    rated(Rating(599.0, 120.0, 2), 2)
    fresh = strength_store.Strength()
    fresh.add(3, 1.0)
    spool("20260101-000000.ratings.json", json.dumps(fresh.to_data()))
    taken_in()
    after = stored_strength()
    assert after.rating.games == 3 and len(after.history) == 3
    assert after.rating.value == pytest.approx(Rating(599.0, 120.0, 2).after(3, 1.0).value)


def keeper_for(worker: LibraryWorker) -> tuple[StrengthKeeper, list[str], Session]:
    said: list[str] = []
    session = Session(human="black")
    return StrengthKeeper(session, worker, said.append), said, session


def finish_rated_game(keeper: StrengthKeeper, session: Session) -> None:
    """A game won against level 3 ends, as the window rates it."""
    session.game = Game.from_transcript(FINISHED)
    keeper._rate(RatingTerms(level=3, human="black", fair_start=True))


def test_two_windows_rating_at_once_count_both_games() -> None:
    """Probe 9: each window rated from the rating it read at its start, so the stored rating
    counted one game of two."""
    rated(Rating(1000.0, 200.0, 2), 2)
    first, second = LibraryWorker(lambda _text: None), LibraryWorker(lambda _text: None)
    try:
        one, said_one, session_one = keeper_for(first)
        two, said_two, session_two = keeper_for(second)
        first.done_reading_now()
        second.done_reading_now()
        assert one.rating.games == two.rating.games == 2
        finish_rated_game(one, session_one)
        assert first.flush(PATIENCE)
        finish_rated_game(two, session_two)
        assert second.flush(PATIENCE)
        first.update()
        second.update()
    finally:
        first.close()
        second.close()
    expected = Rating(1000.0, 200.0, 2).after(3, 1.0).after(3, 1.0)
    after = stored_strength()
    assert after.rating.games == 4 and len(after.history) == 4
    assert after.rating.value == pytest.approx(expected.value, abs=0.01)
    assert two.rating.games == 4  # the second window shows the rating as stored
    assert said_one and said_two


@pytest.mark.parametrize(
    "value, deviation",
    [(1e308, 80.0), (-1e308, 80.0), (5e15, 80.0), (1200.0, 1e-200), (float("nan"), 80.0)],
)
def test_a_rating_past_what_a_rating_can_be_is_bounded(value: float, deviation: float) -> None:
    """Probe 5: every rated game's end crashed (a division by zero, an overflow) and lost
    its last move."""
    for after in (
        Rating(value, deviation, 3).after(5, 1.0),
        Rating(value, deviation).after(17, 0.0),
    ):
        assert LOWEST <= after.value <= HIGHEST and LEAST_DEVIATION <= after.deviation <= 350
        assert 0 < Rating(value, deviation).expected(9) < 1


@pytest.mark.parametrize(
    "meta",
    [
        '{"value": 1e308, "deviation": 80, "games": 3}',
        '{"value": -1e308, "deviation": 80, "games": 3}',
        '{"value": 5e15, "deviation": 1e-200, "games": 3}',
        '{"value": ' + "9" * 400 + ', "deviation": 80, "games": 3}',
        '{"value": 1200, "deviation": 80, "games": ' + "9" * 400 + "}",
    ],
)
def test_a_stored_rating_out_of_bounds_rates_the_next_game(meta: str) -> None:
    """Probe 5: a meta rating of 400 digits crashed every start; 1e308 every rated game's
    end. Bounded, the next game is rated from it and written with it."""
    rated(Rating(1000.0, 80.0, 3), 1)
    with Library(library_path()) as library:
        library.set_meta(strength_store.RATING, meta)
        library.execute("UPDATE ratings SET rating = 1e308, deviation = 1e-200")
    strength = stored_strength()
    assert LOWEST <= strength.rating.value <= HIGHEST
    assert all(LOWEST <= g.rating <= HIGHEST and g.deviation >= LEAST_DEVIATION
               for g in strength.history)  # fmt: skip
    worker = LibraryWorker(lambda _text: None)
    try:
        keeper, said, session = keeper_for(worker)
        finish_rated_game(keeper, session)
        assert worker.flush(PATIENCE)
        worker.update()
    finally:
        worker.close()
    after = stored_strength()
    assert len(after.history) == 2 and LOWEST <= after.rating.value <= HIGHEST and said


@pytest.mark.parametrize("rating", ["1e308", "-1e308", "5e15"])
def test_a_strength_file_with_a_rating_no_rating_can_be_is_refused_with_a_message(
    rating: str,
) -> None:
    data().mkdir(parents=True)
    (data() / "strength.json").write_text(
        '{"format": "othello-strength", "version": 1, "rating": ' + rating + ', "deviation": 50,'
        ' "games": 1, "history": [["2026-01-01", 3, 1, 1000.0, 1e-200]]}'
    )
    notices = taken_in()
    assert len(notices) == 1 and "strength.json" in notices[0] and "out of range" in notices[0]
    assert (data() / "strength.json.damaged").is_file()  # kept, as it was
    assert stored_strength().rating.games == 0


# ----- an earlier version's files: once, where a window finds them, never too large -------


def test_an_old_strength_file_is_taken_in_once_by_two_windows_starting_at_once() -> None:
    """Probe 9: two windows starting at once each found the file not yet taken in (the note
    was looked for before the transaction) and each took it in."""
    data().mkdir(parents=True)
    (data() / "strength.json").write_text(json.dumps({
        "format": "othello-strength", "version": 1, "rating": 1234.5, "deviation": 80.0,
        "games": 2, "history": [["2026-01-01", 5, 1, 1100.0, 200.0], ["2026-01-02", 6, 0.5, 1234.5, 80.0]],
    }))  # fmt: skip
    Library(library_path()).close()
    second = Library(library_path())
    inside, second_looked = threading.Event(), threading.Event()
    reader = old_files._strength

    def slow_reader(library: Library, data: bytes) -> list[str]:
        said = reader(library, data)
        if library is not second:
            inside.set()
            second_looked.wait(3)  # the second window looks for the note meanwhile
        return said

    looked = second.meta

    def meta(name: str) -> str | None:
        if name.startswith(old_files.TAKEN):
            second_looked.set()
        return looked(name)

    second.meta = meta  # type: ignore[method-assign]
    folder = data()

    def first_window() -> None:
        with Library(library_path()) as first:
            take_in(first, folder, [])

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(old_files, "_strength", slow_reader)
            patch.setattr(old_files, "_keep_aside", lambda path: None)  # both see the file
            one = threading.Thread(target=first_window)
            one.start()
            assert inside.wait(10)
            take_in(second, folder, [])
            one.join(30)
    finally:
        second.close()
    assert len(stored_strength().history) == 2


def test_an_autosave_or_spool_file_too_large_is_refused_with_a_message() -> None:
    """Probe 5: an autosave.json or a spool file over 200 MB crashed every start."""
    data().mkdir(parents=True)
    for path in (data() / "autosave.json", data() / PENDING / "x.held.json"):
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            file.truncate(210_000_000)  # sparse: nothing is read to find out
    keep(Game.from_transcript("f5d6"))
    notices = taken_in()
    assert len(notices) == 2 and all("far too large" in n for n in notices)
    assert (data() / "autosave.json.damaged").is_file()
    assert (data() / PENDING / "x.held.json.damaged").is_file()
    assert stored_moves() == ["f5d6"]


def test_numbered_autosaves_go_where_a_window_finds_them() -> None:
    """Probe 12 / Build 7: autosave-0.json and autosave-12.json were taken into slots no
    window ever resumes; autosave-3.json is window 3's."""
    old_autosave(Game.from_transcript("f5d6c3"))
    old_autosave(Game.from_transcript("e6"), data() / "autosave-0.json")
    old_autosave(Game.from_transcript("d3"), data() / "autosave-12.json")
    old_autosave(Game.from_transcript("c4"), data() / "autosave-3.json")
    notices = taken_in()
    assert sum("is no window's autosave" in n for n in notices) == 2
    assert any("autosave-12.json" in n for n in notices)
    games, board = line(1)
    assert sorted(g.transcript() for g in games) == ["d3", "e6", "f5d6c3"]
    assert board is not None and games[board].transcript() == "f5d6c3"
    assert board == 2  # the other two behind Undo
    assert stored_moves(3) == ["c4"]
    assert {slot for _key, slot, _seq in held_rows()} == {1, 3}


def test_a_composed_position_in_an_old_autosave_comes_back() -> None:
    composed = Board.from_string(  # set up in the editor: White's discs, Black to move
        "------------------XO------XXX------OXX-----O-------------------- X"
    )
    game = Game(composed)
    game.play(game.board.legal_squares()[0])
    old_autosave(game, earlier=(Game(composed),))
    taken_in()
    back = resumed()
    assert back is not None and back.start == composed and back.moves == game.moves
    assert line()[0][0].start == composed


# ----- rows the game wrote, damaged: what can be read comes back ----------------------------


LONG = (
    "e6d6c3f4d7c5g4g3c4g5b5c7f5a5a6d8a4f7f6d3h4c2e7e3g6f8b4b3e2h5b6f3h6g7c6a7d2d1c1b1c8b2h7"
    "h8h2a3h3h1f2g2"
)  # 50 moves, no pass, the game not over


def held_row(slot: int = 1, **change: object) -> int:
    """A game of 50 moves kept in ``slot`` as the board's, one field then changed."""
    game = Game.from_transcript(LONG)
    key = held_games.new_key()
    with Library(library_path()) as library:
        held_games.write(
            library, Changes(slot, {key: held_games.held_game(game, key, 0)}, [key], Seat(key))
        )
        for column, value in change.items():
            library.db.execute(f"UPDATE held SET {column} = {value} WHERE key = ?", (key,))
    return key


@pytest.mark.parametrize(
    "change, moves, damaged",
    [
        ({"moves": "CAST(moves || x'c8' AS BLOB)"}, 50, True),  # a byte that is no square
        ({"moves": "CAST(substr(moves, 1, 30) || x'00' || substr(moves, 32) AS BLOB)"}, 30, True),
        ({"moves": "CAST(moves AS TEXT)"}, 50, False),  # its moves as text: their bytes are read
        ({"cursor": "'abc'"}, 50, True),
        ({"cursor": "9999"}, 50, True),
        ({"seq": "'abc'"}, 50, False),
        ({"state": "'" + "[" * 100_000 + "'"}, 50, False),
        ({"state": "CAST(x'7b22636c6f636b223a22ff227d' AS TEXT)"}, 50, False),  # not UTF-8
        ({"state": """'{"clock": "abc", "times": [1e999]}'"""}, 50, False),
        ({"judged": "CAST(x'ff' AS TEXT)"}, 50, False),
    ],
)
def test_a_held_row_with_one_damaged_field_keeps_what_can_be_read(
    window: Callable[..., Any], change: dict[str, Any], moves: int, damaged: bool
) -> None:
    """Probe 10: a held row with one damaged field was deleted whole with its readable
    moves (60 in the probe); probe 5: a held state nested 100,000 deep, or seq as text, crashed every start;
    a held clock of "abc" crashed N."""
    held_row(**change)
    app = window(TWO)
    persistence.attach(app)
    frames(app, 2)
    assert len(app.session.game.moves) == moves and app.session.game.clock == ""
    assert (app.find_scene(AlertCard) is not None) == damaged  # what was lost, on a card
    while app.find_scene(AlertCard) is not None:  # read, and closed
        press(pygame.K_ESCAPE)
        frames(app, 1)
    press(pygame.K_n)  # the game goes behind Undo (and into the library: its clock read)
    frames(app, 2)
    assert app.session.earlier and len(app.session.earlier[-1].moves) == moves
    app.close()
    games, _board = line()
    assert [len(g.moves) for g in games] == [moves, 0]  # and the new game on the board


@pytest.mark.parametrize(
    "start",
    [
        "'" + "O" + "-" * 26 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X'",  # no game reaches it
        "CAST(x'ff' AS TEXT)",  # not a board at all
    ],
)
def test_a_held_game_no_window_can_resume_is_kept_aside_not_deleted(
    window: Callable[..., Any], start: str
) -> None:
    """Probe 10: a position no game can reach, held on the board, was deleted with its
    moves at the next start."""
    key = held_row(start=start, moves="x''", cursor="0")
    app = window(TWO)
    persistence.attach(app)
    frames(app, 2)
    assert "could not be read" in toast_texts(app) and app.find_scene(AlertCard) is not None
    app.session.play("f5")
    app.close()
    rows = {k: slot for k, slot, _seq in held_rows()}
    assert rows[key] == ASIDE and len(rows) == 2
    again = window(TWO)
    persistence.attach(again)
    frames(again, 2)
    assert "could not be read" not in toast_texts(again)  # said once: aside, not in a line
    again.close()
    assert {k: slot for k, slot, _seq in held_rows()}[key] == ASIDE


@pytest.mark.parametrize("slot", ["12", "0", "'abc'"])
def test_games_in_no_window_s_slot_are_taken_over_by_the_first(
    window: Callable[..., Any], slot: str
) -> None:
    """Probe 5/12: ``held.slot`` as text crashed every start; slots 0 and 12 (an
    earlier version's autosave-0.json and autosave-12.json) were never resumed."""
    keep(Game.from_transcript("f5d6"))
    stray = held_row(slot=2)
    with Library(library_path()) as library:
        library.db.execute(f"UPDATE held SET slot = {slot} WHERE key = ?", (stray,))
    app = window(TWO)
    persistence.attach(app)
    frames(app, 2)
    assert app.session.game.transcript() == "f5d6"
    assert len(app.session.earlier) == 1 and len(app.session.earlier[0].moves) == 50
    app.close()
    assert {slot for _key, slot, _seq in held_rows()} == {1}


# ----- a start that cannot read the library ------------------------------------------------


HOLD = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "exclusive":
    db.execute("PRAGMA locking_mode=EXCLUSIVE")
db.execute("BEGIN " + sys.argv[2].upper())
print("held", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
db.close()
"""


class Holder:
    """Another program holding the library (``locking_mode=EXCLUSIVE``; ``immediate``: only
    its write lock, as a window writing) until let go."""

    def __init__(self, how: str = "exclusive") -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLD, str(library_path()), how],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "held"

    def let_go(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write("\n")
            self.proc.stdin.flush()
            self.proc.wait(30)


@pytest.fixture
def holder() -> Iterator[Callable[..., Holder]]:
    made: list[Holder] = []

    def hold(how: str = "exclusive") -> Holder:
        made.append(Holder(how))
        return made[-1]

    yield hold
    for one in made:
        one.let_go()


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """How long each library connection opened on the frame loop waits for a busy one."""
    seen: list[float] = []
    opened = library_worker.open_library
    loop = threading.current_thread()

    def recorded(path: Path | None = None, wait: float = 5.0) -> Any:
        if threading.current_thread() is loop:
            seen.append(wait)
        return opened(path, wait)

    monkeypatch.setattr(library_worker, "open_library", recorded)
    return seen


def busy_window(window: Callable[..., Any], never: bool = False) -> Any:
    """A window started while another program holds the library (``never``: its late
    read never comes)."""
    app = window(TWO)
    app.library.retry = 0.05  # the reader tries again soon once the library is let go
    app.library.wait = 0.5  # and each try waits that long, so a close is quick
    if never:
        app.library.read = lambda job, done: None
    persistence.attach(app)
    frames(app, 1)
    return app


def test_a_start_while_another_program_holds_the_library_shows_the_board_at_once_and_resumes_later(
    window: Callable[..., Any], holder: Callable[..., Holder], waits: list[float]
) -> None:
    """Probe 2 / Build 5: the window waited on the frame loop (5-15 s), opened an empty
    board, and its one-game line then replaced the stored one."""
    keep(Game.from_transcript("f5d6c3"), earlier=(Game.from_transcript("c4"),))
    other = holder()
    app = busy_window(window)
    assert waits and max(waits) <= 0.5  # the frame loop never waits on the library longer
    assert app.session.game.is_untouched()
    frames_until(app, lambda: "could not be read" in toast_texts(app))  # said within a second
    assert app.find_scene(AlertCard) is not None  # on a card that stays
    other.let_go()
    frames_until(app, lambda: app.session.game.transcript() == "f5d6c3")
    assert app.session.earlier[0].transcript() == "c4"  # as at a start: nothing was played
    assert "Resumed your game" in toast_texts(app)
    app.session.play("d3")
    app.close()
    assert stored_moves() == ["c4", "f5d6c3d3"]


@pytest.mark.parametrize("board", ["", "f5d6c3"])
def test_what_a_window_played_before_it_could_read_its_games_goes_after_them(
    window: Callable[..., Any], holder: Callable[..., Holder], board: str
) -> None:
    """(The stored board's game untouched: it goes, nothing in it.)"""
    earlier = (Game.from_transcript("c4"), Game.from_transcript("f5d6c3"))
    keep(Game.from_transcript(board), earlier=earlier[: 2 if not board else 1])
    other = holder()
    app = busy_window(window)
    app.session.play("e6")
    frames(app, 2)
    other.let_go()
    frames_until(app, lambda: len(app.session.earlier) == 2)
    assert app.session.game.transcript() == "e6"  # what the player is playing stays
    assert [g.transcript() for g in app.session.earlier] == ["c4", "f5d6c3"]
    assert "The 2 games kept before are back behind Undo (U)." in toast_texts(app)
    app.close()
    assert stored_moves() == ["c4", "f5d6c3", "e6"] and len(held_rows()) == 3
    assert resumed() is not None and resumed().transcript() == "e6"  # type: ignore[union-attr]


def test_a_window_that_never_could_read_keeps_its_line_beside_the_stored_one(
    window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Probe 2: a read-only data folder, a full disk: the window could read nothing all
    session long, spooled its line at the close, and the next start's spool replaced the
    stored games."""
    keep(Game.from_transcript("f5d6c3"), earlier=(Game.from_transcript("c4"),))

    def cannot(self: LibraryWorker, wait: float | None = None) -> None:
        self.broken = "attempt to write a readonly database"

    with monkeypatch.context() as patch:
        patch.setattr(LibraryWorker, "connect", cannot)
        app = window(TWO)
        persistence.attach(app)
        frames(app, 1)
        assert "could not be read" in toast_texts(app)
        app.session.play("e6")
        frames(app, 1)
        app.close()
    assert stored_moves() == ["c4", "f5d6c3"]  # the spool waits for the next start
    again = window(TWO)
    persistence.attach(again)
    frames(again, 2)
    assert again.session.game.transcript() == "e6"
    assert [g.transcript() for g in again.session.earlier] == ["c4", "f5d6c3"]
    again.close()
    assert stored_moves() == ["c4", "f5d6c3", "e6"]


def test_a_start_that_cannot_take_its_spool_in_yet_reads_its_games_after_it(
    window: Callable[..., Any], holder: Callable[..., Holder]
) -> None:
    """The spool of the window's last session (a full disk then) holds newer moves of the
    game on the board; another window writing at the start kept the spool out: the start
    read the older game, and its next save wrote that over the spooled moves."""
    keep(Game.from_transcript("f5d6"))
    with Library(library_path()) as library:
        held = held_games.read(library, 1)
    assert held is not None
    key = held.games[0].key
    newer = held_games.held_game(Game.from_transcript("f5d6c3d3"), key, 0)
    spool("20260101-000000.held.json", json.dumps(Changes(1, {key: newer}).to_data()))
    other = holder("immediate")  # reads go on; a write (the spool's) waits
    app = busy_window(window)
    reader = app.library._reader  # its open could not take the spool in either
    frames_until(app, lambda: reader is not None and reader.library is not None)
    other.let_go()
    frames_until(app, lambda: app.session.game.transcript() == "f5d6c3d3")
    app.session.play("c4")
    app.close()
    assert stored_moves() == ["f5d6c3d3c4"]


def test_a_window_that_could_not_read_and_played_nothing_writes_nothing(
    window: Callable[..., Any], holder: Callable[..., Holder]
) -> None:
    keep(Game.from_transcript("f5d6c3"), players=PlayerMode.HUMAN_WHITE)
    other = holder()
    app = busy_window(window, never=True)
    app.close()
    other.let_go()
    assert taken_in() == []  # the next start takes in what the window spooled: nothing
    assert resumed() is not None and resumed().transcript() == "f5d6c3"  # type: ignore[union-attr]
    with Library(library_path()) as library:
        held = held_games.read(library, 1)
    assert held is not None and held.seat.players == PlayerMode.HUMAN_WHITE


def test_a_start_that_cannot_read_the_rating_rates_from_the_stored_one_later(
    holder: Callable[..., Holder],
) -> None:
    rated(Rating(599.0, 120.0, 2), 2)
    other = holder()
    worker = LibraryWorker(lambda _text: None, retry=0.05)
    try:
        keeper, said, session = keeper_for(worker)
        worker.done_reading_now()
        finish_rated_game(keeper, session)
        assert said == []  # no words from a rating it does not know
        other.let_go()
        assert worker.flush(30)
        for _ in range(200):
            worker.update()
            if said:
                break
            threading.Event().wait(0.02)
    finally:
        worker.close()
    after = stored_strength()
    assert after.rating.games == 3 and keeper.rating.games == 3
    assert said and "+" in said[0]  # a win from 599 moves it up


# ----- N and U cost what changed, not the length of the line -------------------------------


@pytest.mark.parametrize("behind", [20, 2000])
def test_n_and_u_cost_the_same_however_many_games_are_behind_undo(
    window: Callable[..., Any], behind: int
) -> None:
    """Probe 11: each N and U with 20,000 games behind Undo held the frame loop about 20 s:
    the line's keys were gone through, and a set rebuilt for each game. Counted: the games
    looked up, and the statements the writer runs."""
    earlier = tuple(Game.from_transcript("f5d6" if n % 2 else "c4c3") for n in range(behind))
    keep(Game.from_transcript("e6"), earlier=earlier)
    app = window(TWO)
    persistence.attach(app)
    frames(app, 2)
    assert app.library.flush(PATIENCE)
    watch = next(hook for hook in app.session.on_game_changed if hasattr(hook, "key_of"))
    looked: list[Game] = []
    key_of = watch.key_of

    def counted(game: Game) -> int:
        looked.append(game)
        return key_of(game)

    watch.key_of = counted
    rows: list[int] = []  # the rows each write touches
    write = held_games.write

    def counted_write(library: Library, changes: Changes) -> None:
        rows.append(len(changes.games) + len(changes.line or []))
        rows[-1] += len(getattr(changes, "order", {})) + len(getattr(changes, "gone", {}))
        write(library, changes)

    held_games.write = counted_write  # type: ignore[assignment]
    try:
        for key in (pygame.K_n, pygame.K_u, pygame.K_u, pygame.K_n):
            press(key)
            frames(app, 1)
            assert app.library.flush(PATIENCE)
    finally:
        held_games.write = write  # type: ignore[assignment]
    assert len(looked) <= 8 and sum(rows) <= 16, (len(looked), rows)
    app.close()
    assert len(line()[0]) == behind + 2
