"""Play a person in the window, headless: J opens the screen, Enter hosts on loopback, and a
player at another table (the application layer's, on 127.0.0.1) joins with the code the card
shows; moves both ways, an undo answered with Y, a chat line typed, a resign; the game in the
library with both names and its source; a hostile peer cut off while the window answers
keys. The card is saved as PNG files for looking at (``OTHELLO_PERSON_PNG=folder``)."""

from __future__ import annotations

import os
import re
import socket
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from othello.app.library.database import Library
from othello.app.network import codes
from othello.app.network.protocol import VERSION, Challenge, Hello, encode, parse
from othello.app.network.table import Seat, Table
from othello.app.speech import sentences as said
from othello.core.game import Game
from othello.core.notation import parse_move
from othello.gui.app import App
from othello.gui.model import library_words
from othello.gui.scenes.person_screen import PersonScreen
from support.patience import PATIENCE
from support.window import click, frames, frames_until, press

pytestmark = pytest.mark.usefixtures("data")
LOOPBACK = "127.0.0.1"


def picture(app: App, name: str) -> None:
    folder = os.environ.get("OTHELLO_PERSON_PNG")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        app.frame(1 / 30)
        pygame.image.save(pygame.display.get_surface(), str(Path(folder) / f"{name}.png"))


def typed(text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))


def both_until(app: App, other: Table, done: Callable[[], bool]) -> None:
    """Frames of the window and pumps of the other table until ``done``."""
    end = time.monotonic() + PATIENCE
    while not done():
        assert time.monotonic() < end, "never happened"
        app.frame(1 / 30)
        other.pump()
        time.sleep(0.002)


def hosting(app: App) -> PersonScreen:
    """J, a name typed, Enter: the window hosts on loopback."""
    app.play.person_feed.bind = LOOPBACK
    press(pygame.K_j)
    frames(app, 2)
    screen = app.find_screen("person")
    assert isinstance(screen, PersonScreen) and screen.choosing
    for _ in range(40):
        press(pygame.K_BACKSPACE)
    typed("Ada")
    frames(app, 1)
    picture(app, "1-choices")
    press(pygame.K_RETURN)
    frames_until(app, lambda: screen.feed.table is not None and screen.feed.table.port != 0)
    return screen


def shown_code(screen: PersonScreen) -> str:
    """The code as the card wrote it, read back as a joiner types it."""
    line = next(t for t in screen.drawn if re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}-", t))
    code = codes.typed(line.split()[-1])
    assert code is not None
    return code


def test_a_game_hosted_in_the_window_against_a_person(make_app: Callable[..., App]) -> None:
    app = make_app()
    before = app.session.game
    screen = hosting(app)
    frames(app, 1)
    picture(app, "2-waiting")
    table = screen.feed.table
    assert table is not None
    bo = Table.join("Bo", shown_code(screen), LOOPBACK, table.port)
    try:
        both_until(app, bo, lambda: bo.seat == Seat.PLAYING and table.seat == Seat.PLAYING)
        assert bo.game is not None and bo.game.names == {"black": "Ada", "white": "Bo"}
        assert app.session.shown_kind == "person"  # the game on the board, a view
        click(app, "f5")
        both_until(app, bo, lambda: bo.game is not None and bo.game.game.cursor == 1)
        bo.play(parse_move("d6"))
        both_until(app, bo, lambda: app.session.shown.cursor == 2)
        press(pygame.K_c)  # c then 3, typed: the keyboard alone places a disc
        press(pygame.K_3)
        both_until(app, bo, lambda: bo.game is not None and bo.game.game.cursor == 3)
        picture(app, "3-playing")
        bo.ask_undo()
        both_until(app, bo, lambda: any("take back" in t for t in screen.drawn))
        picture(app, "4-undo-asked")
        press(pygame.K_y)
        both_until(app, bo, lambda: bo.game is not None and bo.game.game.cursor == 1)
        assert app.session.shown.cursor == 1
        press(pygame.K_t)
        typed("tgood luck")  # the T that opened the line is not part of it
        press(pygame.K_RETURN)
        both_until(app, bo, lambda: bo.game is not None and len(bo.game.chat) == 1)
        assert bo.game.chat[0].text == "good luck"
        bo.say("thanks!")
        both_until(app, bo, lambda: any("thanks!" in t for t in screen.drawn))
        picture(app, "5-chat")
        bo.resign()
        both_until(app, bo, lambda: any("resigned" in t for t in screen.drawn))
        picture(app, "6-over")
        assert app.session.game is before  # the window's own game was never touched
        assert app.library.flush(PATIENCE)
        with Library(app.library.path) as library:
            found = library.execute("SELECT black, white, source, moves FROM games")
        assert [row[:3] for row in found] == [("Ada", "Bo", library_words.PERSON)]
        press(pygame.K_ESCAPE)
        frames(app, 2)
        assert app.find_screen("person") is None and app.session.shown_game is None
        assert table.seat == Seat.CLOSED
    finally:
        bo.close()


def test_a_hostile_peer_is_cut_off_and_the_window_answers_keys(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    screen = hosting(app)
    frames(app, 1)
    table = screen.feed.table
    assert table is not None
    code = shown_code(screen)
    sock = socket.create_connection((LOOPBACK, table.port), timeout=PATIENCE)
    reader = sock.makefile("rb")
    challenge = parse(reader.readline())
    assert isinstance(challenge, Challenge)
    sock.sendall(encode(Hello(VERSION, "Mallory", codes.proof(code, challenge.nonce))))
    frames_until(app, lambda: table.seat == Seat.PLAYING)
    click(app, "f5")
    frames(app, 2)
    sock.sendall(b"\x00garbage" * 400 + b"\n")
    frames_until(app, lambda: table.seat == Seat.AWAY)
    frames(app, 2)
    notices = " ".join(n.text for n in app.play.notices.shown())
    assert "The connection was ended" in notices and "The game is kept" in notices
    assert table.game is not None and table.game.game.transcript() == "f5"
    picture(app, "7-hostile")
    press(pygame.K_ESCAPE)
    frames(app, 2)
    assert app.find_screen("person") is None
    reader.close()
    sock.close()


def test_keeps_that_come_quicker_than_the_library_writes_make_one_row(
    make_app: Callable[..., App],
) -> None:
    """The game is kept after every change; when the writer is slow (a busy machine), the
    second keep comes before the first is written: still one row, with the latest moves."""
    import threading
    from types import SimpleNamespace

    from othello.app.network.person_game import PersonGame
    from othello.gui.services.person_feed import PersonFeed

    app = make_app()
    feed = PersonFeed(app.library, lambda text: None)
    person = PersonGame("host", "black", Game(), None, time.monotonic)
    person.names.update(black="Ada", white="Bo")
    feed.table = SimpleNamespace(  # type: ignore[assignment]
        game=person, role="guest", code=codes.new_code(),
        link=SimpleNamespace(port=50123, address=LOOPBACK),
    )  # fmt: skip
    held = threading.Event()
    app.library.write(lambda library: held.wait(PATIENCE))  # the writer busy
    person.game.play(parse_move("f5"))
    feed.keep()
    person.game.play(parse_move("d6"))
    feed.keep()
    held.set()
    assert app.library.flush(PATIENCE)
    with Library(app.library.path) as library:
        found = library.execute("SELECT black, white, source FROM games")
    assert found == [("Ada", "Bo", library_words.PERSON)]
    with Library(app.library.path) as library:
        (entry,) = [library.get(row[0]) for row in library.execute("SELECT id FROM games")]
    assert entry is not None and entry.record().moves == [parse_move("f5"), parse_move("d6")]
    feed.table = None


def test_a_host_window_gone_mid_game_hosts_it_again_with_its_code(
    make_app: Callable[..., App],
) -> None:
    """The host's window is closed (or killed) mid-game: a new window offers to host that
    game again, with its code and port; the other player comes back as after any drop, and
    the library still holds the game in one row."""
    first = make_app()
    screen = hosting(first)
    table = screen.feed.table
    assert table is not None
    bo = Table.join("Bo", shown_code(screen), LOOPBACK, table.port)
    try:
        both_until(first, bo, lambda: bo.seat == Seat.PLAYING)
        click(first, "f5")
        both_until(first, bo, lambda: bo.game is not None and bo.game.game.cursor == 1)
        bo.play(parse_move("d6"))
        both_until(first, bo, lambda: first.session.shown.cursor == 2)
        assert first.library.flush(PATIENCE)  # kept, and the hosted game's file written
        code, port = table.code, table.port
        table.link.close()  # the window gone: its sockets closed by the system
        both_until(first, bo, lambda: bo.seat == Seat.AWAY)
        again = make_app()
        again.play.person_feed.bind = LOOPBACK
        press(pygame.K_j)
        frames(again, 2)
        back = again.find_screen("person")
        assert isinstance(back, PersonScreen) and back.values["role"] == "resume"
        assert any(codes.shown(code) in t and "Bo" in t for t in back.drawn)
        picture(again, "8-host-again")
        press(pygame.K_RETURN)
        frames_until(again, lambda: back.feed.table is not None and back.feed.table.port != 0)
        resumed = back.feed.table
        assert resumed is not None and (resumed.code, resumed.port) == (code, port)
        bo.rejoin()
        both_until(again, bo, lambda: bo.seat == Seat.PLAYING == resumed.seat)
        assert resumed.game is not None and resumed.game.game.transcript() == "f5d6"
        assert resumed.game.names == {"black": "Ada", "white": "Bo"}
        click(again, "c3")
        both_until(again, bo, lambda: bo.game is not None and bo.game.game.cursor == 3)
        assert again.library.flush(PATIENCE)
        with Library(again.library.path) as library:
            rows = library.execute("SELECT black, white, source FROM games")
            (entry,) = [library.get(r[0]) for r in library.execute("SELECT id FROM games")]
        assert rows == [("Ada", "Bo", library_words.PERSON)]
        assert entry is not None and len(entry.record().moves) == 3
    finally:
        bo.close()


def test_a_window_killed_before_it_kept_its_resume_file_still_keeps_one_row(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first window kept the game's row and was killed before it wrote the file that
    names the row; the next window, joining afresh, finds the very game and brings that row
    up to date (its end too), never a second row."""
    from types import SimpleNamespace

    from othello.app.network.person_game import End, Outcome, PersonGame
    from othello.gui.services import person_feed

    monkeypatch.setattr(person_feed.time, "strftime", lambda *args: "2026-11-29 07:42")
    app = make_app()
    rows = []
    for ended in (False, True):  # the killed window's keep, then the next window's
        feed = person_feed.PersonFeed(app.library, lambda text: None)
        feed.folder = Path(os.environ["OTHELLO_DATA_DIR"]) / f"window-{ended}"
        person = PersonGame("guest", "white", Game.from_transcript("f5d6"), None, time.monotonic)
        person.names.update(black="Ada", white="Bo")
        if ended:
            person.outcome = Outcome(End.RESIGNED, "black")
        feed.table = SimpleNamespace(  # type: ignore[assignment]
            game=person, role="guest", code=codes.new_code(),
            link=SimpleNamespace(port=50123, address=LOOPBACK),
        )  # fmt: skip
        feed.keep()
        assert app.library.flush(PATIENCE)
        with Library(app.library.path) as library:
            rows = library.execute("SELECT id, finished FROM games")
        feed.table = None
    assert len(rows) == 1 and rows[0][1] == 1


def test_the_person_screen_says_where_the_player_is(make_app: Callable[..., App]) -> None:
    """Issue 53 for issue 52's screen: the choice in focus, the code while waiting, then the
    other player's move and what it turned, a question asked and the last chat line."""
    app = make_app()
    screen = hosting(app)
    frames(app, 1)
    table = screen.feed.table
    assert table is not None
    assert codes.shown(table.code) in screen.spoken()  # the code to give, said
    bo = Table.join("Bo", shown_code(screen), LOOPBACK, table.port)
    try:
        both_until(app, bo, lambda: bo.seat == Seat.PLAYING and table.seat == Seat.PLAYING)
        click(app, "f5")
        both_until(app, bo, lambda: bo.game is not None and bo.game.game.cursor == 1)
        bo.play(parse_move("d6"))
        both_until(app, bo, lambda: app.session.shown.cursor == 2)
        board = app.session.shown.board
        assert screen.spoken().startswith(said.spoken(said.last_move_words(board)))
        assert "5:00" not in screen.spoken() and "0:" not in screen.spoken()  # no clock
        bo.ask_undo()
        both_until(app, bo, lambda: "take back" in screen.spoken())
        press(pygame.K_n)
        bo.say("thanks!")
        both_until(app, bo, lambda: screen.spoken().endswith("Bo: thanks!"))
    finally:
        bo.close()
