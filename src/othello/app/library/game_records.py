"""Games as players keep them, recognised from what a file or a paste holds: GGF (one game or
a file of thousands), WTHOR databases (``.wtb`` with the ``.JOU`` and ``.TRN`` beside it),
and transcripts as people write them (one game, or one a line).

Whatever the format, a game comes out as a :class:`GameRecord`, and a game that cannot be
used as a :class:`Problem` with its reason, so one bad game costs that game only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from othello.app.files.game_files import parse_game_text
from othello.app.files.record_text import (
    NAME_CHARS,
    FieldError,
    clean,
    name,
    normal_date,
    notes,
    timed_loss,
)
from othello.app.files.record_text import tags as clean_tags
from othello.app.files.writing import TooLarge, decode_game_text, read_limited
from othello.app.i18n import _, integer
from othello.core.bitboard import Square
from othello.core.board import Board
from othello.core.errors import GameTextError, OthelloError
from othello.core.game import Game, Players
from othello.formats.ggf import GgfGame, GgfProblem, looks_like_ggf
from othello.formats.ggf import read_games as read_ggf
from othello.formats.wthor import (
    PLAYER_SIZE,
    TOURNAMENT_SIZE,
    WthorError,
    read_games,
    read_names,
    replay,
)

MAX_FILE_BYTES = 1 << 30  # a GGS archive of a year is ~100 MB; a gigabyte is no game file
MAX_NAMES_BYTES = 26 * 65_536 + 16
"""A WTHOR names file holds at most 65,535 names (its header counts them in two bytes) of
20 or 26 bytes each, after a 16-byte header: anything larger is no names file."""
_GOES_ON = re.compile(r"(?:[2-9]|[1-9]\d+)\s*\.")  # "2. c3 d3": the game above goes on
_BOARD_START = frozenset("XxOo0*-.")  # a board string's first square (a move's is a-h)


@dataclass
class GameRecord:
    """One game: where it starts, its moves (passes included) and what is known of it."""

    start: Board
    moves: list[Square]
    black: str = ""
    white: str = ""
    date: str = ""  # "2024-05-01 14:03", "2024-05-01" or a year, "1997"
    tags: dict[str, str] = field(default_factory=dict)  # GGF's (RE, TY, TI...); "EV": the event
    notes: list[str] = field(default_factory=list)  # each move's GGF annotation, if any
    end: Board | None = field(default=None, repr=False, compare=False)  # the final position

    def game(self) -> Game:
        """The record as a game to show and play on, with its players (their names where it
        gives them: a transcript's are Black and White, nobody at the window) until the
        player takes a side; a bare position is the window's to play."""
        game = Game(self.start)
        for sq in self.moves:
            game.play(sq)
        if self.black or self.white or self.moves:
            game.players = Players(self.black, self.white)
        return game

    def final(self) -> Board:
        if self.end is not None:
            return self.end
        board = self.start.copy()
        for sq in self.moves:
            board.push_square(sq)
        return board

    def result(self) -> int:
        """Black's discs minus White's at the end (a finished game: empties to the winner);
        a loss on time (GGF's ``RE[+64:t]``) counts as every disc to the other side."""
        timed = timed_loss(self.tags.get("RE", ""))
        if timed is not None:
            return timed
        board = self.final()
        if board.is_game_over():
            return board.score()
        black, white = board.count()
        return black - white

    def finished(self) -> bool:
        """Played to its end, or a result is given (GGF's RE: a loss on time, a
        resignation); False for a game kept before its end, which is no draw."""
        return bool(self.tags.get("RE", "").strip()) or self.final().is_game_over()


@dataclass(frozen=True)
class Problem:
    """A game that could not be used: which one in its file (from 1) and why."""

    number: int
    reason: str


Item = GameRecord | Problem


@dataclass
class Source:
    """What a file holds: how many games it says (for a progress bar), and each of them;
    ``notes``: what its reading has to say besides (a WTHOR names file that could not be
    read: the games come in without those names)."""

    total: int
    items: Iterator[Item]
    notes: list[str] = field(default_factory=list)


def from_ggf(game: GgfGame) -> GameRecord:
    """A GGF game as a record, its words cleaned and bounded (``record_text``); FieldError
    for a date or a result that cannot be one."""
    tags = dict(game.tags)
    black, white = name(tags.pop("PB", "")), name(tags.pop("PW", ""))
    date = normal_date(tags.get("DT", ""))
    return GameRecord(
        game.start, game.moves, black, white, date, clean_tags(tags), notes(game.notes), game.end
    )


def records_from_text(text: str) -> Source:
    """The games of a text: GGF records, else transcripts: one a line, or one game written
    over several (a board string's line and the moves after it, numbered moves that go on
    from line to line)."""
    text = text.replace("\ufeff", "")
    if looks_like_ggf(text):
        return Source(text.count("(;"), _ggf_items(text))
    games = transcripts(text)
    if len(games) > 1:
        return Source(len(games), _transcript_items(games))
    try:
        game = parse_game_text(text)
    except GameTextError as err:
        return Source(1, iter([Problem(1, str(err))]))
    return Source(1, iter([GameRecord(game.start, game.moves[: game.cursor])]))


def transcripts(text: str) -> list[str]:
    """The games of a text of transcripts, each as its lines joined: a line is a game of
    its own unless it goes on from the one before (after a board string, or numbered past
    move 1). Comment lines (``#``, ``;``) and blank ones are left out."""
    games: list[list[str]] = []
    after_board = False
    for line in text.splitlines():
        body = line.strip()
        if not body or body.startswith(("#", ";")):
            continue
        if games and (after_board or _GOES_ON.match(body)):
            games[-1].append(body)
        else:
            games.append([body])
        after_board = body[0] in _BOARD_START
    return ["\n".join(lines) for lines in games]


def _ggf_items(text: str) -> Iterator[Item]:
    for number, found in enumerate(read_ggf(text), 1):
        if isinstance(found, GgfProblem):
            yield Problem(found.number, found.reason)
            continue
        try:
            yield from_ggf(found)
        except FieldError as err:
            yield Problem(number, str(err))


def _transcript_items(games: list[str]) -> Iterator[Item]:
    for number, text in enumerate(games, 1):
        try:
            game = parse_game_text(text)
        except GameTextError as err:
            yield Problem(number, str(err))
            continue
        yield GameRecord(game.start, game.moves[: game.cursor])


# ----- files ---------------------------------------------------------------------------------


def read_source(path: Path) -> Source:
    """The games of the file at ``path``; GameTextError when it cannot be read at all."""
    path = Path(path)
    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except TooLarge as err:
        raise GameTextError(
            _("{name}: {size} bytes is too large to import").format(
                name=path.name, size=integer(err.size)
            )
        ) from None
    except OSError as err:
        raise GameTextError(
            _("Cannot read {path}: {why}").format(path=path, why=err.strerror or err)
        ) from None
    if path.suffix.lower() == ".wtb":
        return wthor_source(path, data)
    try:
        text = decode_game_text(data)
    except UnicodeDecodeError:
        raise GameTextError(
            _("{name}: not a text file, nor a WTHOR .wtb").format(name=path.name)
        ) from None
    return records_from_text(text)


def _beside(path: Path, suffix: str) -> Path | None:
    """The ``.JOU`` or ``.TRN`` file in ``path``'s folder (WTHOR.JOU first), any case; a
    link to a file in another folder is none (its bytes would become names)."""
    try:
        folder = path.parent.resolve()
        found = sorted(
            p for p in path.parent.iterdir() if p.suffix.lower() == suffix and _inside(p, folder)
        )
    except OSError:
        return None
    preferred = [p for p in found if p.stem.lower() == "wthor"]
    chosen = preferred or found
    return chosen[0] if chosen else None


def _inside(path: Path, folder: Path) -> bool:
    """``path`` is in ``folder`` itself, whatever links lead there."""
    return not path.is_symlink() or path.resolve().parent == folder


def _names(path: Path, suffix: str, size: int, notes: list[str]) -> list[str]:
    """The names of the ``.JOU`` or ``.TRN`` file beside ``path``; none where there is
    none, and none with a note in ``notes`` where it cannot be read (too large, damaged, a
    pipe): the games still come in, numbered instead of named."""
    where = _beside(path, suffix)
    if where is None:
        return []
    try:
        names = read_names(read_limited(where, MAX_NAMES_BYTES), size)  # never a pipe's wait
    except TooLarge as err:
        notes.append(
            _("{name}: {size} bytes is too large to be a names file; the games come in "
              "without its names").format(name=where.name, size=integer(err.size))
        )  # fmt: skip
        return []
    except (OSError, WthorError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        notes.append(
            _("{name} could not be read ({why}); the games come in without its names").format(
                name=where.name, why=why
            )
        )
        return []
    return [clean(found, NAME_CHARS) for found in names]


def wthor_source(path: Path, data: bytes) -> Source:
    """The games of a ``.wtb`` file, their names from the ``.JOU``/``.TRN`` beside it
    (numbers where there are none)."""
    try:
        header, games = read_games(data)
    except WthorError as err:
        raise GameTextError(f"{path.name}: {err}") from None
    notes: list[str] = []
    players = _names(path, ".jou", PLAYER_SIZE, notes)
    tournaments = _names(path, ".trn", TOURNAMENT_SIZE, notes)

    def called(names: list[str], number: int, kind: str) -> str:
        return names[number] if 0 <= number < len(names) and names[number] else f"{kind} {number}"

    def items() -> Iterator[Item]:
        for number, game in enumerate(games, 1):
            if isinstance(game, str):
                yield Problem(number, game)
                continue
            try:
                moves, end = replay(game.moves)
            except OthelloError as err:
                yield Problem(number, str(err))
                continue
            event = called(tournaments, game.tournament, "tournament")
            yield GameRecord(
                Board(),
                moves,
                called(players, game.black, "player"),
                called(players, game.white, "player"),
                str(header.year) if header.year else "",
                {"EV": event, "TH": str(game.theoretical)},
                end=end,
            )

    return Source(header.games, items(), notes)
