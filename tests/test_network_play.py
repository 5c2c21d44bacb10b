"""Two tables on loopback (127.0.0.1, ephemeral ports) play whole games through the
application layer, no window: moves and a pass, clocks, undo granted and refused, chat,
resign, a draw, a dropped socket and a return with the same code, wrong codes, and hostile
peers that send what no window sends. Waits end when the thing happens (PATIENCE only names
a hang); the clocks run on a time source the test moves."""

from __future__ import annotations

import json
import random
import socket
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from othello.app.network import codes
from othello.app.network.person_game import GRACE, End, undo_target
from othello.app.network.protocol import (
    MAX_LINE,
    VERSION,
    Challenge,
    Fault,
    Hello,
    Refusal,
    Welcome,
    encode,
    parse,
)
from othello.app.network.table import News, NewsKind, Seat, Table
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.core.clock import TimeControl
from othello.core.game import Game
from othello.core.notation import parse_move
from support.patience import PATIENCE

LOOPBACK = "127.0.0.1"


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def game_with_a_pass() -> list[int]:
    """A whole random game (a fixed seed) with at least one pass in it, passes included."""
    for seed in range(10_000):
        rng = random.Random(seed)
        board = Board()
        moves: list[int] = []
        while not board.is_game_over():
            if board.must_pass():
                board.push_square(PASS)
                moves.append(PASS)
            else:
                sq = rng.choice(board.legal_squares())
                board.push_square(sq)
                moves.append(sq)
        if PASS in moves:
            return moves
    raise AssertionError("no game with a pass")


def pump_until(
    tables: list[Table], done: Callable[[], bool], news: list[News] | None = None
) -> list[News]:
    """Pump every table until ``done``; PATIENCE only tells a hang."""
    seen: list[News] = [] if news is None else news
    give_up = time.monotonic() + PATIENCE
    while not done():
        for table in tables:
            seen.extend(table.pump())
        if time.monotonic() > give_up:
            raise AssertionError(f"never happened; news so far: {seen}")
        time.sleep(0.002)
    return seen


FIVE_AND_THREE = TimeControl(5, 3)


def seat_both(
    clock: Clock, control: TimeControl | None = FIVE_AND_THREE, start: Game | None = None
) -> tuple[Table, Table, list[News], list[News]]:
    host = Table.host("Ada", start or Game(), "black", control, bind=LOOPBACK, now=clock)
    host_news = pump_until([host], lambda: host.port != 0)
    guest = Table.join("Bo", host.code, LOOPBACK, host.port, now=clock)
    guest_news: list[News] = []
    pump_until([host], lambda: host.seat == Seat.PLAYING, host_news)
    pump_until([guest], lambda: guest.seat == Seat.PLAYING, guest_news)
    return host, guest, host_news, guest_news


def reached(table: Table, ply: int) -> Callable[[], bool]:
    """Whether ``table``'s game has ``ply`` moves or more on its board."""
    return lambda: table.game is not None and table.game.game.cursor >= ply


def closed(table: Table) -> Callable[[], bool]:
    return lambda: table.seat == Seat.CLOSED


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_a_whole_game_with_a_pass_clocks_undo_and_chat(clock: Clock) -> None:
    host, guest, _, _ = seat_both(clock)
    try:
        assert guest.game is not None and host.game is not None
        assert guest.game.mine == "white" and host.game.mine == "black"
        assert host.game.names == guest.game.names == {"black": "Ada", "white": "Bo"}
        moves = game_with_a_pass()
        undone = refused = False
        for ply, sq in enumerate(moves):
            mover = host if ply % 2 == 0 else guest
            other = guest if mover is host else host
            assert mover.game is not None and other.game is not None
            if sq == PASS:  # forced: the pump plays it, and the other side sees it
                pump_until([mover, other], reached(other, ply + 1))
                assert other.game.game.moves[-1] == PASS
                continue
            clock.t += 2.0
            mover.play(sq)
            pump_until([mover, other], reached(other, ply + 1))
            pump_until(
                [host, guest],
                lambda: guest.game.clock.left == host.game.clock.left,  # type: ignore[union-attr]
            )
            if ply == 10 and not undone:
                # White asks to take back; Black grants: back to before White's last move.
                target = undo_target(guest.game.game, "white")
                assert target is not None
                guest.ask_undo()
                news = pump_until([host], lambda: host.game.undo_asked is not None)  # type: ignore[union-attr]
                assert any(n.kind == NewsKind.UNDO_ASKED for n in news)
                host.answer_undo(True)

                def undo_open() -> bool:
                    return guest.game is None or guest.game.undo_asked is not None

                got = pump_until([guest], lambda: guest.seat == Seat.PLAYING and not undo_open())
                assert any(n.kind == NewsKind.UNDO_ANSWERED and n.granted for n in got)
                assert host.game.game.cursor == target
                assert guest.game.game.board == host.game.game.board
                undone = True
                # play the game on from there, the same moves as before
                for redo_ply in range(target, ply + 1):
                    side = host if redo_ply % 2 == 0 else guest
                    seen = guest if side is host else host
                    if moves[redo_ply] != PASS:
                        clock.t += 2.0
                        side.play(moves[redo_ply])
                    pump_until([side, seen], reached(seen, redo_ply + 1))
            if ply == 20 and not refused:
                host.ask_undo()
                pump_until([guest], lambda: guest.game.undo_asked is not None)  # type: ignore[union-attr]
                guest.answer_undo(False)
                got = pump_until([host], lambda: host.game.undo_asked is None)  # type: ignore[union-attr]
                assert any(n.kind == NewsKind.UNDO_ANSWERED and not n.granted for n in got)
                assert host.game.game.cursor == ply + 1
                refused = True
            if ply == 30:
                guest.say("nice move ♟")
                got = pump_until([host], lambda: len(host.game.chat) == 1)  # type: ignore[union-attr]
                assert host.game.chat[0].text == "nice move ♟" and not host.game.chat[0].mine
                assert any(n.kind == NewsKind.CHAT for n in got)
        assert undone and refused
        pump_until([host, guest], lambda: host.seat == guest.seat == Seat.OVER)
        pump_until([host], lambda: not host.link.listening)  # the end closes the port
        with pytest.raises(OSError):
            socket.create_connection((LOOPBACK, host.port), timeout=PATIENCE).close()
        for side in (host, guest):
            assert side.game is not None
            assert side.game.game.moves == moves
            assert side.game.outcome is not None and side.game.outcome.end == End.BOARD
            assert (
                side.game.game.result()
                == Game.from_transcript(
                    "".join(
                        "pa" if m == PASS else "abcdefgh"[m % 8] + str(m // 8 + 1) for m in moves
                    )
                ).result()
            )
        # every move was charged the 2 s it took, plus the increment: the clocks agree
        assert host.game.clock is not None and guest.game.clock is not None
        assert host.game.clock.left == guest.game.clock.left
        placed = {
            c: sum(1 for p, m in enumerate(moves) if m != PASS and p % 2 == (c == "white"))
            for c in ("black", "white")
        }
        for colour in ("black", "white"):
            assert host.game.clock.left[colour] == pytest.approx(
                300 + placed[colour] * (3 - 2), abs=0.01
            )  # type: ignore[index]
    finally:
        host.close()
        guest.close()


def test_a_resign_and_a_draw_end_the_game_on_both_sides(clock: Clock) -> None:
    host, guest, _, _ = seat_both(clock, control=None)
    try:
        host.play(parse_move("f5"))
        pump_until([guest], reached(guest, 1))
        guest.offer_draw()
        pump_until([host], lambda: host.game.draw_offered is not None)  # type: ignore[union-attr]
        host.answer_draw(False)
        pump_until([guest], lambda: guest.game.draw_offered is None)  # type: ignore[union-attr]
        assert guest.game is not None and guest.game.outcome is None
        guest.resign()
        news = pump_until([host], lambda: host.seat == Seat.OVER)
        assert any(n.kind == NewsKind.OVER for n in news)
        assert host.game is not None and host.game.outcome is not None
        assert host.game.outcome.end == End.RESIGNED and host.game.outcome.loser == "white"
        assert guest.game.outcome == host.game.outcome
    finally:
        host.close()
        guest.close()


def test_a_dropped_socket_pauses_the_clocks_and_the_joiner_returns_with_the_same_code(
    clock: Clock,
) -> None:
    host, guest, _, _ = seat_both(clock)
    try:
        for ply, name in enumerate(["f5", "d6", "c3", "d3"]):
            side, other = (host, guest) if ply % 2 == 0 else (guest, host)
            side.play(parse_move(name))
            pump_until([side, other], reached(other, ply + 1))
        # the joiner's socket dies without a word (a cable pulled, a process killed)
        peer = guest.link._peers[0]
        peer.sock.shutdown(socket.SHUT_RDWR)
        news = pump_until([host, guest], lambda: host.seat == Seat.AWAY == guest.seat)
        assert any(n.kind == NewsKind.LEFT for n in news)
        assert host.game is not None and host.game.clock is not None and host.game.clock.paused
        left = host.game.clock.time_left("black")
        clock.t += 120.0  # two minutes away cost nobody anything
        assert host.game.clock.time_left("black") == left
        assert host.link.listening  # still open for the return
        guest.rejoin()
        pump_until([host, guest], lambda: host.seat == Seat.PLAYING == guest.seat)
        assert guest.game is not None and guest.game.game.moves == host.game.game.moves
        assert len(guest.game.game.moves) == 4
        host.play(parse_move("c5"))
        pump_until([guest], reached(guest, 5))
    finally:
        host.close()
        guest.close()


def test_a_closed_window_returns_through_its_kept_game(clock: Clock) -> None:
    """A joiner whose window closed comes back with the game it kept (the library's); the
    host's welcome must continue it, or it is refused as the wrong game."""
    host, guest, _, _ = seat_both(clock, control=None)
    try:
        host.play(parse_move("f5"))
        pump_until([guest], reached(guest, 1))
        assert guest.game is not None
        kept = guest.game.game.copy()
        guest.close()
        pump_until([host], lambda: host.seat == Seat.AWAY)
        back = Table.join("Bo", host.code, LOOPBACK, host.port, had=kept, now=clock)
        pump_until([host, back], lambda: back.seat == Seat.PLAYING)
        assert back.game is not None and back.game.game.moves == kept.moves
        back.close()
        pump_until([host], lambda: host.seat == Seat.AWAY)
        wrong = Game.from_transcript("d3")
        stranger = Table.join("Bo", host.code, LOOPBACK, host.port, had=wrong, now=clock)
        news = pump_until([host, stranger], lambda: stranger.seat != Seat.WAITING)
        assert any(n.kind == NewsKind.FAULT and n.fault == Fault.WRONG_POSITION for n in news)
        assert stranger.game is None  # the game it had is untouched, not replaced
        assert wrong.transcript() == "d3"
        stranger.close()
    finally:
        host.close()


def test_wrong_codes_are_refused_and_a_few_close_the_door(clock: Clock) -> None:
    host = Table.host("Ada", Game(), "black", None, bind=LOOPBACK, now=clock)
    try:
        pump_until([host], lambda: host.port != 0)
        wrong = "".join(reversed(host.code))
        if wrong == host.code:
            wrong = codes.new_code()
        host_news: list[News] = []
        for _ in range(codes.TRIES):
            guest = Table.join("Eve", wrong, LOOPBACK, host.port, now=clock)
            news = pump_until([host, guest], closed(guest), host_news)
            assert any(n.kind == NewsKind.REFUSED and n.refusal == Refusal.WRONG_CODE for n in news)
            guest.close()
        pump_until([host], lambda: not host.link.listening, host_news)
        tries = [n for n in host_news if n.kind == NewsKind.WRONG_CODE]
        assert [n.detail for n in tries] == [str(n) for n in range(codes.TRIES - 1, -1, -1)]
        assert any(n.kind == NewsKind.STOPPED for n in host_news)
        late = Table.join("Bo", host.code, LOOPBACK, host.port, now=clock)  # the right code
        news = pump_until([late], lambda: late.seat == Seat.CLOSED)
        assert any(n.kind == NewsKind.UNREACHABLE for n in news)
        late.close()
    finally:
        host.close()


def test_the_port_is_closed_when_the_game_ends(clock: Clock) -> None:
    host = Table.host("Ada", Game(), "black", None, bind=LOOPBACK, now=clock)
    pump_until([host], lambda: host.port != 0)
    port = host.port
    host.close()
    with pytest.raises(OSError):
        socket.create_connection((LOOPBACK, port), timeout=PATIENCE).close()


def test_a_second_player_is_turned_away_while_one_plays(clock: Clock) -> None:
    host, guest, _, _ = seat_both(clock)
    try:
        third = Table.join("Cy", host.code, LOOPBACK, host.port, now=clock)
        news = pump_until([host, third], lambda: third.seat == Seat.CLOSED)
        assert any(n.kind == NewsKind.REFUSED and n.refusal == Refusal.BUSY for n in news)
        assert host.seat == Seat.PLAYING
        third.close()
    finally:
        host.close()
        guest.close()


# ----- hostile peers ---------------------------------------------------------------------


class RawPeer:
    """A peer that speaks the protocol by hand, and can say anything."""

    def __init__(self, port: int, code: str) -> None:
        self.sock = socket.create_connection((LOOPBACK, port), timeout=PATIENCE)
        self.reader = self.sock.makefile("rb")
        challenge = parse(self.reader.readline())
        assert isinstance(challenge, Challenge)
        self.send(encode(Hello(VERSION, "Mallory", codes.proof(code, challenge.nonce))))

    def read_welcome(self) -> Welcome:
        welcome = parse(self.reader.readline())
        assert isinstance(welcome, Welcome)
        return welcome

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def said_goodbye(self) -> bool:
        """Reads until the host's Bye("fault") and the close."""
        lines = self.reader.readlines()
        return any(b'"t":"bye","reason":"fault"' in line for line in lines)

    def close(self) -> None:
        self.reader.close()
        self.sock.close()


HOSTILE_LINES: list[tuple[bytes, Fault]] = [
    (b'{"t":"move","ply":1,"square":"a1","ms":5}\n', Fault.ILLEGAL_MOVE),  # ply 1 is White's
    (b'{"t":"move","ply":0,"square":"f5","ms":5}\n', Fault.OUT_OF_TURN),  # Black is the host
    (b'{"t":"move","ply":7,"square":"c4","ms":5}\n', Fault.OUT_OF_TURN),
    (b"x" * (MAX_LINE * 4), Fault.TOO_LONG),
    (b"garbage\n", Fault.NOT_JSON),
    (b"\xff\xfe\xfd\n", Fault.NOT_TEXT),
    (b'{"t":"welcome"}\n', Fault.BAD_FIELDS),
    (b'{"t":"ping"}\n' * 500, Fault.TOO_FAST),
    (b'{"t":"clocks","ply":1,"black_ms":0,"white_ms":0}\n', Fault.UNEXPECTED),  # host's word
]


@pytest.mark.parametrize(("line", "fault"), HOSTILE_LINES, ids=[f.value for _, f in HOSTILE_LINES])
def test_a_hostile_joiner_is_cut_off_and_the_host_keeps_its_game(
    clock: Clock, line: bytes, fault: Fault
) -> None:
    host = Table.host("Ada", Game(), "black", TimeControl(5), bind=LOOPBACK, now=clock)
    try:
        pump_until([host], lambda: host.port != 0)
        mallory = RawPeer(host.port, host.code)
        pump_until([host], lambda: host.seat == Seat.PLAYING)
        assert mallory.read_welcome().colour == "white"
        host.play(parse_move("f5"))
        moves = list(host.game.game.moves)  # type: ignore[union-attr]
        mallory.send(line)
        news = pump_until([host], lambda: host.seat == Seat.AWAY)
        assert [n.fault for n in news if n.kind == NewsKind.FAULT] == [fault]
        assert host.game is not None and host.game.game.moves == moves  # nothing changed
        assert host.game.clock is not None and host.game.clock.paused
        assert mallory.said_goodbye()
        mallory.close()
        # the right player can still come back and play on
        guest = Table.join("Bo", host.code, LOOPBACK, host.port, now=clock)
        pump_until([host, guest], lambda: guest.seat == Seat.PLAYING == host.seat)
        guest.play(parse_move("d6"))
        pump_until([host], reached(host, 2))
        guest.close()
    finally:
        host.close()


def raw_host() -> tuple[socket.socket, int]:
    """A host by hand, listening on an ephemeral port of loopback."""
    server = socket.socket()
    server.bind((LOOPBACK, 0))
    server.listen(1)
    return server, server.getsockname()[1]


@pytest.mark.parametrize(
    ("after", "fault"),
    [
        (
            b'{"t":"welcome","name":"M","colour":"white","start":"%s","moves":["a1"],'
            b'"clock":"","black_ms":0,"white_ms":0,"help":false}\n',
            Fault.WRONG_POSITION,
        ),
        (b"not json at all\n", Fault.NOT_JSON),
        (b'{"t":"move","ply":0,"square":"f5","ms":0}\n', Fault.UNEXPECTED),
        (
            b'{"t":"welcome","name":"M","colour":"white","start":"%s","moves":[],'
            b'"clock":"","black_ms":0,"white_ms":0,"help":false}\n'
            b'{"t":"move","ply":0,"square":"e6","ms":0}\n'
            b'{"t":"move","ply":1,"square":"c3","ms":0}\n',
            Fault.OUT_OF_TURN,
        ),
    ],
    ids=["illegal-welcome", "garbage", "move-before-welcome", "two-moves-in-a-row"],
)
def test_a_hostile_host_is_cut_off_by_the_joiner(clock: Clock, after: bytes, fault: Fault) -> None:
    server, port = raw_host()
    code = codes.new_code()
    guest = Table.join("Bo", code, LOOPBACK, port, now=clock)
    try:
        conn, _ = server.accept()
        conn.sendall(encode(Challenge(VERSION, codes.new_nonce())))
        conn.makefile("rb").readline()  # the hello
        conn.sendall(after.replace(b"%s", Board().to_string().encode()))
        news = pump_until([guest], lambda: guest.last_fault is not None)
        assert guest.last_fault == fault, news
        if guest.game is not None:  # the welcome was good: the game holds only legal moves
            assert guest.game.game.transcript() in ("", "e6")
        conn.close()
    finally:
        guest.close()
        server.close()


def test_a_flood_of_chat_never_stalls_the_host(clock: Clock) -> None:
    """Lines at a person's pace are all taken; only a flood is cut off (above)."""
    host, guest, _, _ = seat_both(clock)
    try:
        for n in range(20):
            guest.say(f"line {n}")
        pump_until([host], lambda: len(host.game.chat) == 20)  # type: ignore[union-attr]
        assert host.seat == Seat.PLAYING
    finally:
        host.close()
        guest.close()


def test_a_late_move_never_flags_a_player(clock: Clock) -> None:
    host, guest, _, _ = seat_both(clock, control=TimeControl(0.5))  # 30 s each
    try:
        host.play(parse_move("f5"))
        pump_until([guest], reached(guest, 1))
        clock.t += 29.0  # White moves in 29 s by its own clock...
        guest.play(parse_move("d6"))
        clock.t += GRACE / 2  # ...and its move arrives late: the host saw 30.5 s pass
        assert host.game is not None and host.game.tick() == []  # no flag while in grace
        pump_until([host], reached(host, 2))
        assert host.game.outcome is None
        assert host.game.clock is not None
        assert host.game.clock.left["white"] == pytest.approx(1.0, abs=0.01)
        clock.t += 40.0  # now Black's own time runs out: the host's side flags at once
        pump_until([host, guest], lambda: host.seat == Seat.OVER == guest.seat)
        assert host.game.outcome is not None and host.game.outcome.end == End.FLAG
        assert guest.game.outcome == host.game.outcome  # type: ignore[union-attr]
        assert host.game.game.result() == "-64:t"
    finally:
        host.close()
        guest.close()


# ----- the beacon ------------------------------------------------------------------------


def test_a_joiner_with_only_the_code_finds_the_host_by_its_beacon(clock: Clock) -> None:
    from othello.app.network.beacon import Listener

    ear = Listener(port=0, bind=LOOPBACK)  # the test's own port: no broadcast leaves loopback
    host = Table.host(
        "Ada", Game(), "black", None, bind=LOOPBACK, now=clock, beacon_to=(LOOPBACK, ear.port)
    )
    try:
        pump_until([host], lambda: host.port != 0)
        guest = Table.join("Bo", host.code, "", 0, now=clock, listener=ear)
        pump_until([host, guest], lambda: guest.seat == Seat.PLAYING == host.seat)
        assert guest.link.port == host.port and guest.link.address == LOOPBACK
        pump_until([host], lambda: host._beacon is None)
        guest.close()
    finally:
        host.close()


def test_no_beacon_heard_is_said_and_nothing_connects(clock: Clock) -> None:
    from othello.app.network import beacon

    ear = beacon.Listener(port=0, bind=LOOPBACK)
    stranger = beacon.Beacon("ZZ", 9, "Eve", to=(LOOPBACK, ear.port))  # another game's tag
    try:
        assert ear.find("K7", within=2.0) is None  # what it heard had another tag
    finally:
        stranger.stop()


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"garbage",
        b"\xff" * 10,
        b"[" * 300,
        b'{"t":"othello","v":1,"tag":"K7","port":0,"name":"a"}',
        b'{"t":"othello","v":1,"tag":"K7","port":70000,"name":"a"}',
        b'{"t":"othello","v":1,"tag":"k7","port":5,"name":"a"}',
        b'{"t":"othello","v":1,"tag":"K7","port":5,"name":"a\\n"}',
        b'{"t":"othello","v":2,"tag":"K7","port":5,"name":"a"}',
        b'{"t":"othello","v":1,"tag":"K7","port":5,"name":"a","x":1}',
        b'{"t":"othello","v":1,"tag":"K7","port":"5","name":"a"}',
    ],
)
def test_a_forged_or_broken_beacon_is_ignored(data: bytes) -> None:
    from othello.app.network import beacon

    assert beacon.parse(data, LOOPBACK) is None


def test_a_beacon_says_the_tag_and_never_the_secret_part_of_the_code() -> None:
    from othello.app.network import beacon

    code = codes.new_code()
    data = beacon.beacon_bytes(codes.tag(code), 50123, "Ada")
    assert beacon.parse(data, LOOPBACK) == beacon.Heard(LOOPBACK, 50123, codes.tag(code), "Ada")
    assert code[codes.TAG :].encode() not in data


def test_a_flood_of_silent_connections_never_keeps_the_player_out(clock: Clock) -> None:
    from othello.app.network.link import MAX_WAITING

    host = Table.host("Ada", Game(), "black", None, bind=LOOPBACK, now=clock)
    silent: list[socket.socket] = []
    try:
        pump_until([host], lambda: host.port != 0)
        for _ in range(3 * MAX_WAITING):  # connect, then say nothing
            silent.append(socket.create_connection((LOOPBACK, host.port), timeout=PATIENCE))
        waiting = lambda: sum(not p.proven for p in host.link._peers)  # noqa: E731
        pump_until([host], lambda: waiting() <= MAX_WAITING and len(host.link._peers) > 0)
        for sock in silent[MAX_WAITING:]:
            sock.settimeout(PATIENCE)
            assert sock.recv(100) == b""  # closed by the host at once
        for sock in silent[:MAX_WAITING]:
            sock.close()  # the first few give up; the door is open again
        pump_until([host], lambda: waiting() == 0)
        guest = Table.join("Bo", host.code, LOOPBACK, host.port, now=clock)
        pump_until([host, guest], lambda: guest.seat == Seat.PLAYING == host.seat)
        guest.close()
    finally:
        for sock in silent:
            sock.close()
        host.close()


# ----- the hosted game, kept to host again -------------------------------------------------


def test_a_hosted_game_is_kept_whole_and_anything_else_is_no_game(tmp_path: Path) -> None:
    from othello.app.network import hosted
    from othello.app.network.person_game import PersonGame

    person = PersonGame(
        "host", "white", Game.from_transcript("f5d6"), TimeControl(5), time.monotonic
    )
    person.names.update(black="Bo", white="Ada")
    kept = hosted.of(person, codes.new_code(), 50123)
    hosted.save(tmp_path, kept, row=7)
    back = hosted.load(tmp_path)
    assert back is not None and back.game().transcript() == "f5d6" and back.row == 7
    assert (back.code, back.port, back.mine, back.peer) == (kept.code, 50123, "white", "Bo")
    assert hosted.load(tmp_path, now=kept.saved + 2 * 3600) is None  # long gone
    path = tmp_path / hosted.NAME
    good = json.loads(path.read_text(encoding="utf-8"))
    for change in (
        {"moves": ["f5", "a1"]},  # an illegal move
        {"code": "not a code"},
        {"mine": "red"},
        {"port": 0},
        {"name": "a\u001b[31m"},
    ):
        path.write_text(json.dumps({**good, **change}), encoding="utf-8")
        assert hosted.load(tmp_path) is None, change
    path.write_bytes(b"\xff\x00garbage")
    assert hosted.load(tmp_path) is None
    hosted.forget(tmp_path)
    assert hosted.load(tmp_path) is None and not path.exists()
