"""Game files, and reading a pasted game; the one check of a position that every door into
the game makes (a paste, a load, a file, the editor, a resumed game).

A game file holds the standard transcript form (``f5d6c3...``, passes implied), preceded by
a board string line when the game did not start from the usual position. Pasted text may be
a transcript, a board string, or a board string followed by a transcript. Text that is not a
legal game raises :class:`GameTextError` naming what is wrong; nothing is changed.
"""

from __future__ import annotations

import re
import stat
import time
from pathlib import Path

from othello.app.files import paths
from othello.app.files.record_text import name
from othello.app.files.writing import (
    TooLarge,
    decode_game_text,
    read_limited,
    short_reason,
    write_atomic,
    write_new,
)
from othello.core.bitboard import neighbours
from othello.core.board import Board
from othello.core.errors import GameTextError, OthelloError
from othello.core.game import Game, Players
from othello.core.notation import square_name
from othello.formats.ggf import first_game, looks_like_ggf

MAX_TEXT_CHARS = 20_000  # a whole game is at most ~130 characters of moves
GAME_SUFFIX = ".txt"

_BOARD_CHARS = frozenset("XxOo0*-.")
_TRANSCRIPT_CHARS = frozenset("abcdefghABCDEFGH12345678pPaA-")
_MOVE_NUMBER_RE = re.compile(r"(?:(?<=\s)|^)\d+\.+|,")  # "1. f5 d6 2. c3" and "f5, d6"
_PASS_WORD_RE = re.compile(r"pass", re.IGNORECASE)  # "f5 ... pass": written out, read as "pa"
SCORE_AFTER = re.compile(r"\s+\d{1,2}\s*-\s*\d{1,2}\s*$", re.MULTILINE)
"""A score after a transcript ("f5d6... 34-30"), as WTHOR's lists and games/*.txt write it:
every door reads the game and leaves the score out (the moves say how it ended)."""
_CENTRE = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36)  # d4 e4 d5 e5


# ----- the position itself -----------------------------------------------------------


def impossible_reason(board: Board) -> str | None:
    """Why no game could reach ``board``, or None when it looks reachable.

    Every game starts with the four centre discs, which are never removed, and every disc is
    placed next to one already there; so the centre is full and the discs form one group.
    """
    occupied = board.black | board.white
    if occupied & _CENTRE != _CENTRE:
        return "the four centre squares d4, e4, d5, e5 must all hold discs"
    group = _CENTRE
    while True:
        grown = neighbours(group) & occupied
        if grown == group:
            break
        group = grown
    if group != occupied:
        stray = occupied & ~group
        first = (stray & -stray).bit_length() - 1
        return f"the disc on {square_name(first)} is not connected to the others"
    return None


def check_position(board: Board) -> None:
    """Raise GameTextError when no game could reach ``board``."""
    reason = impossible_reason(board)
    if reason:
        raise GameTextError(f"Impossible position: {reason}")


# ----- text forms --------------------------------------------------------------------


def game_to_text(game: Game) -> str:
    """The game in the standard transcript form (a board string line first if set up)."""
    moves = game.transcript()
    lines = [moves] if game.start == Board() and moves else [game.start.to_string(), moves]
    return "\n".join(line for line in lines if line) + "\n"


def _strip_comments(text: str) -> str:
    """Drop lines starting with ``#`` or ``;`` so saved files may carry notes."""
    kept = [ln for ln in text.splitlines() if not ln.lstrip().startswith(("#", ";"))]
    return "\n".join(kept)


def _split_board(joined: str) -> tuple[str | None, str]:
    """``(board string, rest)`` when ``joined`` starts like one, else ``(None, joined)``.

    A transcript from the start position begins with a square name, never with a board
    character, so text starting with X, O, - or . is read as a board string (and its
    errors are the board string's).
    """
    if not joined or joined[0] not in _BOARD_CHARS:
        return None, joined
    return joined[:65], joined[65:]


def _check_transcript_chars(text: str) -> None:
    for i, c in enumerate(text):
        if not c.isspace() and c not in _TRANSCRIPT_CHARS:
            raise GameTextError(
                f"Not a game: {c!r} at character {i + 1}; expected moves like f5d6c3, or a "
                "board string of 64 squares (X, O, -) and the side to move"
            )


def parse_game_text(text: str) -> Game:
    """A Game from a pasted or loaded transcript / board string; GameTextError if not legal.
    A game with moves comes with its ``Players`` (names it gives, else none: "" for each),
    so nobody at the window plays it until the player takes a side; a bare position is
    the window's to play."""
    if not isinstance(text, str):
        raise GameTextError(f"Not a game: expected text, got {type(text).__name__}")
    text = text.replace("\ufeff", "")  # a byte-order mark some editors and clipboards add
    if len(text) > MAX_TEXT_CHARS:
        raise GameTextError(f"Not a game: {len(text)} characters is far too long for one")
    if looks_like_ggf(text):  # a GGF record (GGS, NBoard): its first game
        return _ggf_game(text)
    text = _PASS_WORD_RE.sub("pa", text)
    body = _MOVE_NUMBER_RE.sub(lambda m: " " * len(m.group()), _strip_comments(text)).strip()
    body = SCORE_AFTER.sub("", body)
    if not body:
        raise GameTextError(
            "Not a game: the text is empty; expected moves like f5d6c3 or a board string"
        )
    board_text, moves = _split_board("".join(body.split()))
    start = None
    if board_text is not None:
        start = parse_board(board_text)
    else:
        _check_transcript_chars(body)
        moves = body  # keeps the spacing, so errors count characters as the player sees them
    try:
        game = Game.from_transcript(moves, start=start)
    except OthelloError as err:
        raise GameTextError(f"Not a legal game: {err}") from None
    if game.moves:  # a game from elsewhere, named by nobody: Black and White, not you
        game.players = Players("", "")
    return game


def _ggf_game(text: str) -> Game:
    try:
        found = first_game(text)
        check_position(found.start)  # a position no game reaches is refused at every door
        game = Game(found.start)
        for sq in found.moves:
            game.play(sq)
    except OthelloError as err:
        raise GameTextError(f"Not a usable GGF game: {err}") from None
    black, white = name(found.tags.get("PB", "")), name(found.tags.get("PW", ""))
    if black or white or game.moves:  # its players go with it (the window shows them)
        game.players = Players(black, white)
    return game


def parse_board(text: str) -> Board:
    """A board string that a game could reach; GameTextError says why not."""
    try:
        board = Board.from_string(text)
    except OthelloError as err:
        raise GameTextError(f"Not a board: {err}") from None
    check_position(board)
    return board


# ----- game files --------------------------------------------------------------------


def games_dir() -> Path:
    """Where game files go by default."""
    return paths.user_data_dir() / "games"


def save_game(game: Game, path: Path | None = None) -> Path:
    """Write the game file (default: a new timestamped file in ``games_dir()``, its name
    claimed exclusively: two windows saving in the same second get two files); returns it.

    Raises GameTextError naming the file when it cannot be written.
    """
    if path is None:
        folder = games_dir()
        if folder.exists() and not folder.is_dir():
            raise GameTextError(f"Cannot save the game: {folder} is a file, not a folder")
        stem = "othello-" + time.strftime("%Y%m%d-%H%M%S")
        try:
            return write_new(folder, stem, GAME_SUFFIX, game_to_text(game))
        except OSError as err:
            raise GameTextError(f"Cannot save the game in {folder}: {short_reason(err)}") from None
    try:
        write_atomic(Path(path), game_to_text(game))
    except OSError as err:
        raise GameTextError(f"Cannot save the game to {path}: {short_reason(err)}") from None
    return Path(path)


def load_game(path: Path) -> Game:
    """Read a game file; GameTextError names the file and what is wrong with it."""
    try:
        data = read_limited(path, MAX_TEXT_CHARS)
    except TooLarge as err:
        raise GameTextError(f"{path}: too large to be a game file ({err.size} bytes)") from None
    except OSError as err:
        raise GameTextError(f"Cannot read {path}: {short_reason(err)}") from None
    try:
        text = decode_game_text(data)  # as `othello import` reads it: one reader, every door
    except UnicodeDecodeError:
        raise GameTextError(f"{path}: not a text file") from None
    try:
        return parse_game_text(text)
    except GameTextError as err:
        raise GameTextError(f"{Path(path).name}: {err}") from None


def game_files() -> list[Path]:
    """The saved game files, newest first (for a "load" key without a file dialog)."""
    folder = games_dir()
    found = []
    for path in folder.glob(f"*{GAME_SUFFIX}"):  # nothing when there is no such folder
        try:
            info = path.stat()
        except OSError:  # a link that leads nowhere
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((info.st_mtime_ns, path.name, path))
    return [path for *_key, path in sorted(found, reverse=True)]
