"""What goes into the library from the window: every finished game (KEEP_GAMES), lost on
time too; every game saved with Ctrl+S; a game a person played in that leaves the board
before its end (N, a paste, an open, Undo back to the game before), as unfinished; the
review's marks once a kept game is reviewed; and files dropped on the window that hold many
games (imported in the background, with a bar).

A game is named as it was played: your name (PLAYER_NAME) on your side, "Computer, level N"
on the computer's; with two players, your name on both sides, for you to change (F2 in the
library).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from othello.app.files.writing import read_limited
from othello.app.library.game_records import GameRecord
from othello.app.library.held_games import PlayerMode
from othello.app.library.importing import ImportReport
from othello.app.settings.keys import Settings, player_name
from othello.core.bitboard import PASS
from othello.core.game import Game
from othello.formats.ggf import looks_like_ggf
from othello.gui.model import library_words as words
from othello.gui.model import outcome
from othello.gui.model.names import ScreenName
from othello.gui.model.notices import Notices
from othello.gui.model.session import Change, ChangeKind, Session
from othello.gui.services.library_worker import LibraryWorker

MARK_LETTERS = {"best": ".", "inaccuracy": "i", "mistake": "m", "blunder": "b"}
SMALL_FILE = 20_000  # bytes: a file this small may be one game, opened on the board


class _Play(Protocol):
    """The play screen's strip: the notices, and its clock."""

    @property
    def notices(self) -> Notices: ...
    @property
    def now(self) -> float: ...


class _FeedHost(Protocol):
    @property
    def play(self) -> _Play: ...
    @property
    def session(self) -> Session: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def demo(self) -> bool: ...
    @property
    def library(self) -> LibraryWorker: ...
    @property
    def on_game_saved(self) -> list[Callable[[Game], None]]: ...
    @property
    def on_file_dropped(self) -> list[Callable[[Path], bool]]: ...

    def warn(self, message: str) -> None: ...
    def reply(self, message: str) -> None: ...
    def open_screen(self, name: ScreenName, **options: Any) -> object: ...
    def find_screen(self, name: ScreenName) -> object | None: ...


def names(
    session: Session,
    settings: Settings,
    players: PlayerMode | None = None,
    game: Game | None = None,
) -> tuple[str, str]:
    """Black's and White's names for the game on the board (or ``game``, which ``players``
    played), as it was played: a game that came with its players' names keeps them, played
    on or not."""
    game = session.game if game is None else game
    if game.players is not None:
        return game.players.black, game.players.white
    players = players or outcome.players_of(session)
    me = player_name(settings)
    if players is PlayerMode.TWO_PLAYERS:
        return me, me
    if players is PlayerMode.WATCH:
        return words.computer_name(session.black_level), words.computer_name(session.level)
    computer = words.computer_name(session.level)
    return (me, computer) if players is PlayerMode.HUMAN_BLACK else (computer, me)


def time_control(clock: str) -> str | None:
    """A clock ("5+3": minutes, then seconds a move; "0.5+0") as GGS's ``TI`` writes it
    ("05:00/00:03/"); None for one that is no clock (a damaged row's "abc")."""
    minutes, _plus, seconds = clock.partition("+")
    try:
        total, extra = round(float(minutes) * 60), round(float(seconds or 0))
    except (ValueError, OverflowError):  # no number, or an infinite one
        return None
    if not (0 <= total < 100 * 3600 and 0 <= extra < 3600):
        return None
    return f"{total // 60:02d}:{total % 60:02d}/00:{extra:02d}/"


def record_of(
    session: Session, settings: Settings, when: float | None = None, game: Game | None = None
) -> GameRecord:
    """The game on the board (or ``game``, one that left it) as the library keeps it."""
    players = None if game is None else outcome.played(session, game)
    game = session.game if game is None else game
    black, white = names(session, settings, players, game)
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(when))
    record = GameRecord(game.start.copy(), list(game.moves[: game.cursor]), black, white, date)
    control = time_control(game.clock) if game.clock else None
    if control is not None:  # a game on a clock, as GGS writes it: the control, each move's
        record.tags["TI"] = control  # seconds
        times = game.times[: game.cursor]
        record.notes = ["" if t is None else f"//{t:.2f}" for t in times]
    if game.lost_on_time is not None:
        record.tags["RE"] = str(game.result())  # "+64:t": lost on time, whatever the discs
    return record


def marks_of(review: tuple[tuple[int, ...], list[object]]) -> str:
    """A review's verdicts as the library keeps them: a letter a move, "-" for a pass."""
    moves, verdicts = review
    letters = ["-"] * len(moves)
    for verdict in verdicts:
        ply, mark = getattr(verdict, "ply", -1), getattr(verdict, "mark", "")
        if 0 <= ply < len(letters):
            letters[ply] = MARK_LETTERS.get(mark, ".")
    return "".join(letters)


class LibraryFeed:
    """Keeps the window's games in the library as they finish or are saved."""

    def __init__(self, app: _FeedHost) -> None:
        self.app = app
        self.marked: set[int] = set()  # library ids whose marks are written
        self.on_kept: list[Callable[[], None]] = []  # the explorer's "mine" forgets its answers
        self.on_board: Game = app.session.game
        self.asked: WeakKeyDictionary[Game, tuple[int, int]] = WeakKeyDictionary()

    @classmethod
    def attach(cls, app: _FeedHost, forget_mine: Callable[[], None]) -> LibraryFeed:
        """Watch ``app``'s games, its Ctrl+S and its dropped files; ``forget_mine`` is told
        when the library has new games (the explorer's "mine" asks again)."""
        watch = cls(app)
        app.session.on_game_changed.append(watch.changed)
        app.on_game_saved.append(watch.saved)
        app.on_file_dropped.append(watch.dropped)
        watch.on_kept.append(forget_mine)
        return watch

    def changed(self, change: Change) -> None:
        """A move that ended the game (or a flag that fell) keeps it; a game a person played
        in that left the board is kept as it stands. Not the demo's, nor with KEEP_GAMES off."""
        app = self.app
        left, self.on_board = self.on_board, app.session.game
        if app.demo or not app.settings.keep_games:
            return
        if left is not app.session.game and self._worth_keeping(left):
            self.keep(words.PLAYED_HERE, game=left)
        if (
            change.kind in (ChangeKind.PLAY, ChangeKind.PASS, ChangeKind.TIMEOUT)
            and app.session.game.is_over()
        ):
            self.keep(words.PLAYED_HERE)

    def _worth_keeping(self, game: Game) -> bool:
        """A game that left the board goes into the library when a person placed a disc in
        it here and the library does not have it yet."""
        known = self.app.session.judgements.known(game)
        if known is None or not known.people:
            return False
        return self.asked.get(game) != (game.cursor, len(game.moves))  # not as it was kept

    def saved(self, game: Game) -> None:
        """Ctrl+S: the game as it stands."""
        if self.app.session.game is game and not self.app.demo:
            self.keep(words.SAVED_HERE)  # "Saved to ..." says enough; the library has it too

    def keep(self, source: str, reply: bool = False, game: Game | None = None) -> None:
        """Keep the game on the board (or ``game``, one that left it) as it stands."""
        session = self.app.session
        game = session.game if game is None else game
        if not any(sq != PASS for sq in game.moves[: game.cursor]):
            return
        record = record_of(session, self.app.settings, game=game)
        self.asked[game] = (game.cursor, len(game.moves))

        def kept(game_id: int | None) -> None:
            for hook in self.on_kept:
                hook()
            if reply and game_id is not None:
                self.app.reply(words.kept(source))

        self.app.library.keep(game, record, source, kept)

    def update(self) -> None:
        """Each frame: a kept game's finished review writes its marks."""
        session = self.app.session
        review = session.judgement.review
        game_id = self.app.library.ids.get(session.game)
        if review is None or game_id is None or game_id in self.marked:
            return
        moves = tuple(session.game.moves[: session.game.cursor])
        if review[0] != moves:
            return
        self.marked.add(game_id)
        marks = marks_of((review[0], list(review[1])))
        self.app.library.write(lambda library: library.edit(game_id, marks=marks))

    # ----- files dropped on the window -------------------------------------------------------

    def dropped(self, path: Path) -> bool:
        """A file of many games (a WTHOR base, a GGF archive) goes into the library in the
        background; True when it was taken (one game is left to open on the board, and a GGF
        game is also kept with its names)."""
        many = path.suffix.lower() == ".wtb" or _size(path) > SMALL_FILE
        if not many and not _is_ggf(path):
            return False
        self.start_import(path)
        return many

    def start_import(self, path: Path) -> None:
        app = self.app
        app.reply(words.import_started(path.name))

        def done(result: ImportReport | str) -> None:
            if isinstance(result, str):
                app.warn(words.import_failed(path.name, result))
                return
            for hook in self.on_kept:
                hook()
            r = result
            for note in r.notes:  # a names file that could not be read: said, not hidden
                app.warn(note)
            app.reply(words.import_done(path.name, r.added, r.duplicates, r.skipped, r.first_error))

        app.library.import_file(path, done)  # its progress is there from now on, for the bar
        if app.find_screen("import-bar") is None:
            app.open_screen(
                "import-bar",
                keeper=app.library,
                strip_busy=lambda: bool(app.play.notices.strip(app.play.now)),
            )


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _is_ggf(path: Path) -> bool:
    """A small file that starts as a GGF record does (a pipe or a device is never opened)."""
    try:
        head = read_limited(path, SMALL_FILE)[:256].decode("utf-8", errors="replace")
    except OSError:  # TooLarge and NotAFile too
        return False
    return looks_like_ggf(head)
