"""The window's game with a person: the table (``app/network/table.py``) pumped once a frame
(never waiting: the sockets are on the link's thread), what happened said as notices, and the
game kept in the library after every change, with both names and the source "played against
a person", so that nothing is lost if either window is closed or killed."""

from __future__ import annotations

import time
from collections.abc import Callable

from othello.app.files import logs, paths
from othello.app.library.database import Library, encode_moves, fingerprint, storable
from othello.app.library.game_records import GameRecord
from othello.app.network import codes, hosted
from othello.app.network.beacon import BROADCAST
from othello.app.network.link import local_address
from othello.app.network.person_game import End
from othello.app.network.table import NewsKind, Seat, Table
from othello.core.board import Color
from othello.core.clock import TimeControl
from othello.core.game import Game
from othello.gui.model import library_words
from othello.gui.model import person_words as words
from othello.gui.services.library_feed import time_control
from othello.gui.services.library_worker import LibraryWorker


def record_of(table: Table) -> GameRecord | None:
    """The table's game as the library keeps it (None before there is one)."""
    person = table.game
    if person is None:
        return None
    game = person.game
    date = time.strftime("%Y-%m-%d %H:%M")
    record = GameRecord(
        game.start.copy(), list(game.moves[: game.cursor]), person.names["black"],
        person.names["white"], date,
    )  # fmt: skip
    if person.clock is not None:
        control = time_control(str(person.clock.control))
        if control is not None:
            record.tags["TI"] = control
            record.notes = ["" if t is None else f"//{t:.2f}" for t in game.times[: game.cursor]]
    outcome = person.outcome
    if outcome is not None and outcome.end in (End.FLAG, End.RESIGNED) and outcome.loser:
        mark = "t" if outcome.end == End.FLAG else "r"
        record.tags["RE"] = f"{'+' if outcome.loser == 'white' else '-'}64:{mark}"
    return record


def same_game(library: Library, record: GameRecord) -> int | None:
    """The row of the very game ``record`` is (start, moves, names and date), which a window
    killed before it could say so kept already: this window brings that row up to date."""
    start = record.start.to_string()
    black, white, date = (storable(t) for t in (record.black, record.white, record.date))
    key = fingerprint(start, encode_moves(record.moves), black, white, date)
    found = library.execute("SELECT id FROM games WHERE key = ?", (key,))
    return int(found[0][0]) if found else None


class _Row:
    """A game's id in the library, set by the writer thread's first keep."""

    id: int | None = None


class PersonFeed:
    """One game with a person at a time: hosting or joining, pumped each frame, kept."""

    def __init__(self, keeper: LibraryWorker, reply: Callable[[str], None]) -> None:
        self.keeper = keeper
        self.reply = reply
        self.table: Table | None = None
        self.address = ""
        self.bind = ""  # the host's listening address: every one ("": tests say 127.0.0.1)
        self.folder = paths.user_data_dir()  # where a hosted game is kept to host again
        self._row = _Row()  # this game's row in the library, one however often kept
        self._kept: tuple[object, ...] = ()

    def host(
        self, name: str, game: Game, mine: Color, control: TimeControl | None, port: int = 0
    ) -> Table:
        return self._hosting(name, game, mine, control, port, None)

    def _hosting(
        self,
        name: str,
        game: Game,
        mine: Color,
        control: TimeControl | None,
        port: int,
        code: str | None,
    ) -> Table:
        self.close()
        self._row, self._kept = _Row(), ()
        beacon = None if self.bind else BROADCAST  # found on the network; a test's: not
        self.table = Table.host(
            name, game, mine, control, port=port, bind=self.bind, code=code, beacon_to=beacon
        )
        self.address = self.bind or local_address()
        return self.table

    def resumable(self) -> hosted.Hosted | None:
        """The game this window hosted, or else joined, and did not finish, if recent."""
        return hosted.load(self.folder) or hosted.load(self.folder, role="guest")

    def resume(self, again: hosted.Hosted) -> Table:
        """Host that game again (its code, its port if free, its clocks), or join it again
        at the address it had, the host's game checked against it."""
        if again.role == "guest":
            self.close()
            self._row, self._kept = _Row(), ()
            self._row.id = again.row or None
            self.table = Table.join(again.name, again.code, again.address, again.port,
                                    had=again.game())  # fmt: skip
            self.address = again.address
            return self.table
        table = self._hosting(again.name, again.game(), again.mine, again.control(),
                              again.port, again.code)  # fmt: skip
        self._row.id = again.row or None  # the same row in the library, brought up to date
        person = table.game
        if person is not None:
            person.names[person.theirs] = again.peer
            if person.clock is not None:
                person.clock.set(again.black_ms / 1000, again.white_ms / 1000)
        return table

    def join(self, name: str, code: str, address: str, port: int) -> Table:
        self.close()
        self._row, self._kept = _Row(), ()
        self.table = Table.join(name, code, address, port)
        self.address = address
        return self.table

    def pump(self) -> list[NewsKind]:
        """Each frame: the connection's news said, the game kept when it changed; the kinds
        of news, for the screen."""
        table = self.table
        if table is None:
            return []
        kinds = []
        for news in table.pump():
            kinds.append(news.kind)
            if news.kind == NewsKind.LISTENING:  # for a player who looks in the log
                logs.log.info(
                    "hosting a game against a person: code %s, address %s, port %d",
                    codes.shown(table.code), self.address or "127.0.0.1", table.port,
                )  # fmt: skip
            text = words.news_text(news, table.role == "host")
            if text is not None:
                self.reply(text)
        self.keep()
        return kinds

    def keep(self) -> None:
        """The game into the library when its moves, its end or its players changed."""
        table = self.table
        if table is None or table.game is None:
            return
        person = table.game
        state = (
            tuple(person.game.moves[: person.game.cursor]),
            person.outcome,
            tuple(person.names.values()),
        )
        if state == self._kept or not state[0]:
            return
        record = record_of(table)
        if record is None:
            return
        self._kept = state
        row = self._row

        def job(library: Library) -> int | None:
            """On the library's one writer thread, in order: the first keep adds the row,
            the later ones replace it (never a second row, however quickly they come)."""
            if row.id is None or not library.has(row.id):
                row.id = library.add(record, library_words.PERSON)
                if row.id is not None:
                    return row.id
                row.id = same_game(library, record)  # kept by a window before this one
                if row.id is None:
                    return None
            library.replace_game(row.id, record)
            return row.id

        self.keeper.write(job, keep=record, source=library_words.PERSON)
        folder, role = self.folder, table.role  # to take it up again after a close or a kill
        if person.outcome is None:
            link = table.link
            port, address = (table.port, "") if role == "host" else (link.port, link.address)
            again = hosted.of(person, table.code, port, address)
            self.keeper.write(lambda library: hosted.save(folder, again, row.id))
        else:
            self.keeper.write(lambda library: hosted.forget(folder, role))

    def close(self) -> None:
        """Leave the table: the game is kept as it stands, every socket closed."""
        if self.table is not None:
            self.keep()
            self.table.close()
            self.table = None

    @property
    def seat(self) -> Seat:
        return Seat.CLOSED if self.table is None else self.table.seat
