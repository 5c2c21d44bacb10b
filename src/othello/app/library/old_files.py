"""What the library takes in from files beside it, once, at a window's start:

- the files an earlier version kept the player's data in: ``autosave.json`` (and
  ``autosave-N.json`` of a second window: the game in progress, its history and the games Undo
  brought back, with their reviews), ``puzzles.json`` and ``strength.json``;
- the pending spool, ``library-pending/``: what a window could not write into the library
  before it closed (a full disk, a read-only file): finished games as GGF, and a window's
  games, puzzles, rating and drill answers as JSON.

Each file is taken in by one transaction, which also notes the file as taken in (the note
looked for inside that transaction: two windows starting at once take a file in once), and
is then kept aside under a name that says so (``autosave.json.taken-in``): never deleted,
never taken in twice. A file that cannot be used (damaged, not a file, unreadable, larger
than anything the game ever wrote, a rating no rating can be) is set aside as ``.damaged``
with a notice, and the others still come in. A window's games from the spool are added
beside what the library holds, never over it: only the games that window itself dropped go.
A rating from the spool is the stored one moved on by the spooled games, never a rating
put in its place.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from othello.app.files.game_files import parse_board
from othello.app.files.writing import TooLarge, decode_text, read_limited, set_aside, short_reason
from othello.app.i18n import _, ngettext
from othello.app.library import book_store, drill_store, held_games, puzzle_store
from othello.app.library import strength as strength_store
from othello.app.library.copies import MOST_COPIES
from othello.app.library.database import Library, LibraryError
from othello.app.library.game_records import GameRecord, read_source
from othello.app.library.held_games import Changes, PlayerMode, Seat
from othello.core.errors import GameTextError, OthelloError
from othello.core.game import Game
from othello.core.notation import parse_move, split_transcript
from othello.study.puzzles import PuzzleQueue

log = logging.getLogger(__name__)

PENDING = "library-pending"
LIMIT = 200_000_000  # far past anything the game wrote: no cap refuses a player's file
AUTOSAVE = re.compile(r"^autosave(?:-(\d+))?\.json$")
OLD_FORMAT = "othello-autosave"
TAKEN = "taken-in"


@dataclass
class TakenIn:
    """What taking files in did: a sentence for each thing the player should know."""

    notices: list[str] = field(default_factory=list)
    games: int = 0  # finished games from the spool


def take_in(library: Library, folder: Path, pending: list[Path]) -> TakenIn:
    """Every earlier version's file in ``folder`` (the data folder) and every file of the
    ``pending`` spools, into ``library``. A LibraryError (busy, damaged, read-only) goes to
    the caller: the file it stopped at is neither taken in nor moved, and waits for the next
    start."""
    found = TakenIn()
    spooled = [path for spool in pending for path in _pending_files(spool)]
    for path in _old_files(folder) + spooled:
        reader = _reader(path)
        if reader is None:
            continue
        try:
            data = read_limited(path, LIMIT)
        except FileNotFoundError:  # another window took it in meanwhile
            continue
        except (OSError, TooLarge) as err:  # not a file, unreadable, far too large
            found.notices += _damaged(path, err)
            continue
        marker = f"{TAKEN}:{path.name}:{hashlib.blake2b(data, digest_size=8).hexdigest()}"
        try:
            said = _in_one_transaction(library, reader, data, marker)
        except LibraryError:  # the library's fault, not the file's: kept for later
            raise
        except Exception as err:  # damaged, not JSON, too deep, not a game: this file only
            found.notices += _damaged(path, err)
            continue
        if said is not None:  # None: taken in before (by another window, or a killed start)
            found.notices += said
            found.games += path.suffix == ".ggf"
        _keep_aside(path)
    return found


def _old_files(folder: Path) -> list[Path]:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    wanted = ("puzzles.json", "strength.json")
    found = [folder / n for n in names if AUTOSAVE.match(n) or n in wanted]
    return sorted(found, key=_stray)  # a window's own autosave first, so the others go behind


def _stray(path: Path) -> bool:
    """An autosave of a number no window has (its games go behind the first window's)."""
    match = AUTOSAVE.match(path.name)
    number = (match.group(1) or "1") if match else "1"
    return not (len(number) < 3 and 1 <= int(number) <= MOST_COPIES)


def _pending_files(folder: Path) -> list[Path]:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [folder / n for n in names if n.endswith((".ggf", ".json"))]


Reader = Callable[[Library, bytes], list[str]]


def _reader(path: Path) -> Reader | None:
    """How a file is taken in, by its name."""
    name = path.name
    match = AUTOSAVE.match(name)
    if match is not None:
        number = match.group(1) or "1"
        slot = int(number) if len(number) < 3 and 1 <= int(number) <= MOST_COPIES else None
        return lambda library, data: _autosave(library, data, slot, name)
    if name == "puzzles.json" or name.endswith(".puzzles.json"):
        return _puzzles
    if name == "strength.json":
        return _strength
    if name.endswith(".ratings.json"):
        return _ratings
    if name.endswith(".held.json"):
        return _held
    if name.endswith(".drills.json"):
        return _drills
    if name.endswith(".book.json"):
        return _book
    if name.endswith(".ggf"):
        return _pending_games(path)
    return None


def _in_one_transaction(
    library: Library, reader: Reader, data: bytes, marker: str
) -> list[str] | None:
    """The file taken in and noted as such, unless the note is there already (None): looked
    for under the write lock, so of two windows starting at once only one takes it in."""
    with library.transaction():
        if library.meta(marker) is not None:
            return None
        said = reader(library, data)
        library.set_meta(marker, "yes")
    return said


def _keep_aside(path: Path) -> None:
    try:
        set_aside(path, TAKEN)
    except OSError as err:  # a read-only folder: the marker keeps it from coming in twice
        log.warning("%s was taken into the library but cannot be renamed: %s", path, err)


def _damaged(path: Path, err: BaseException) -> list[str]:
    why = short_reason(err)[:160] if isinstance(err, (OSError, TooLarge)) else str(err)[:160]
    log.warning("%s could not be taken into the library: %s", path, err)
    try:
        aside = set_aside(path, "damaged")
    except OSError as move:
        log.warning("%s cannot be moved aside: %s", path, move)
        return [
            _("{name} could not be read ({why}); it is left as it is.").format(
                name=path.name, why=why
            )
        ]
    return [
        _("{name} could not be read ({why}); it was kept as {aside}.").format(
            name=path.name, why=why, aside=aside.name
        )
    ]


def _json(data: bytes) -> Any:
    return json.loads(decode_text(data))


# ----- an earlier version's autosave ---------------------------------------------------------


def _autosave(library: Library, data: bytes, slot: int | None, file_name: str) -> list[str]:
    """The game in progress, its history and the games Undo brought back, each with what the
    window knew of it, as the line of window ``slot``; an autosave of a number no window has
    (``autosave-0.json``, ``autosave-12.json``: None) goes behind Undo in the first window,
    where a window finds it, and is said."""
    saved = _json(data)
    if not isinstance(saved, dict) or saved.get("format") != OLD_FORMAT:
        raise GameTextError("not an othello autosave")
    game = game_from_autosave(saved)
    earlier: list[tuple[Game, str | None]] = []
    later: list[tuple[Game, str | None]] = []
    skipped = 0
    for name, games in (("earlier", earlier), ("later", later)):
        kept = saved.get(name, [])
        for item in kept if isinstance(kept, list) else []:
            try:
                games.append((game_from_autosave(item), _judged(item)))
            except Exception as err:  # one bad game on the shelf costs only itself
                log.warning("a game kept for Undo in the old autosave is unusable: %s", err)
                skipped += 1
    line = [*earlier, (game, _judged(saved)), *reversed(later)]
    players = saved.get("players")
    played_by = saved.get("played_by")
    seat = Seat(
        None,
        PlayerMode.read(players),
        PlayerMode.read(played_by) if game.is_over() else None,
        saved.get("replaced") is True,
    )
    said = []
    if slot is None:
        _add_line(library, 1, line, board=None, seat=seat)
        said.append(
            _("{name} is no window's autosave: its games are behind Undo (U).").format(
                name=file_name
            )
        )
    else:
        _add_line(library, slot, line, board=len(earlier), seat=seat)
    if not skipped:
        return said
    return [
        *said,
        ngettext(
            "{n} game kept for Undo in the old autosave could not be read.",
            "{n} games kept for Undo in the old autosave could not be read.",
            skipped,
        ).format(n=skipped),
    ]


def _judged(item: Any) -> str | None:
    judged = item.get("judged") if isinstance(item, dict) else None
    return json.dumps(judged, separators=(",", ":")) if isinstance(judged, dict) else None


def _add_line(
    library: Library, slot: int, line: list[tuple[Game, str | None]], board: int | None, seat: Seat
) -> None:
    """Games into window ``slot``'s line: the whole line when it holds none yet, else ahead
    of what it holds (the board stays as it is); ``board`` None: none of them goes on the
    board."""
    held = held_games.read(library, slot)
    first = min((g.seq for g in held.games), default=0) if held else 0
    keys = [held_games.new_key() for _ in line]
    rows = {
        key: held_games.held_game(game, key, first - len(line) + n, judged)
        for n, (key, (game, judged)) in enumerate(zip(keys, line, strict=True))
    }
    changes = Changes(slot, rows)
    if board is not None and (held is None or held.seat.board is None):
        changes.seat = Seat(keys[board], seat.players, seat.played_by, seat.replaced)
    held_games.write_rows(library, changes)


def game_from_autosave(data: object) -> Game:
    """An earlier version's autosaved game; GameTextError says what is wrong with it."""
    if not isinstance(data, dict):
        raise GameTextError("not an othello autosave")
    start, moves, cursor = data.get("start"), data.get("moves"), data.get("cursor")
    if not isinstance(start, str) or not isinstance(moves, str):
        raise GameTextError("the start position or the moves are missing")
    if not isinstance(cursor, int) or isinstance(cursor, bool):
        raise GameTextError("the move cursor is missing")
    game = Game(parse_board(start))
    number = 0
    try:
        for number, (_, token) in enumerate(split_transcript(moves), start=1):  # noqa: B007
            game.play(parse_move(token))
    except OthelloError as err:
        raise GameTextError(f"move {number}: {err}") from None
    if not 0 <= cursor <= len(game.moves):
        raise GameTextError(f"move cursor {cursor} is outside 0..{len(game.moves)}")
    game.go_to(cursor)
    return game


# ----- puzzles, the rating ---------------------------------------------------------------------


def _puzzles(library: Library, data: bytes) -> list[str]:
    """``puzzles.json`` (or a spooled one): its puzzles join the library's (one kept there
    already stays as it is), its answers join the clock."""
    queue = PuzzleQueue.from_data(_json(data))
    known = {str(r[0]) for r in library.execute("SELECT id FROM puzzles")}
    rows = {
        p.id: json.dumps(p.to_data(), separators=(",", ":"))
        for p in queue.puzzles
        if p.id not in known
    }
    puzzle_store.write_rows(library, puzzle_store.PuzzleChanges(rows))
    turn = max(queue.turn, puzzle_store.turn_of(library))
    library.set_meta(puzzle_store.TURN, str(turn))
    return []


def _strength(library: Library, data: bytes) -> list[str]:
    """``strength.json``: its rated games ahead of any the library has, its rating unless the
    library has one already (then it is the newer)."""
    strength = strength_store.Strength.from_data(json.loads(data))
    strength_store.write_rows(library, strength.history)
    if library.meta(strength_store.RATING) is None:
        library.set_meta(strength_store.RATING, strength_store.rating_text(strength.rating))
    return []


def _ratings(library: Library, data: bytes) -> list[str]:
    """A spooled rating: the rated games, each moving on the rating the library holds (the
    spooled rating was worked out from what that window had read, and another window may
    have rated meanwhile: it is not put in the stored one's place)."""
    strength = strength_store.Strength.from_data(json.loads(data))
    strength_store.rate_rows(library, strength.history)
    return []


def _drills(library: Library, data: bytes) -> list[str]:
    """A window's drill answers spooled at its close: written over what the library had of
    those positions (the spool is the newer), its answers added to the clock."""
    drill_store.write_rows(library, drill_store.DrillChanges.from_data(_json(data)))
    return []


def _book(library: Library, data: bytes) -> list[str]:
    """A window's book corrections spooled at its close: written over what the library had
    of those moves (the spool is the newer)."""
    book_store.write_rows(library, book_store.BookChanges.from_data(_json(data)))
    return []


def _held(library: Library, data: bytes) -> list[str]:
    """A window's games spooled at its close: written over what the library held of them
    (the spool is the newer), beside what it holds of others: a whole line (an earlier
    version's spool) goes after the games it does not name, which stay."""
    changes = Changes.from_data(_json(data))
    for row in changes.games.values():
        held_games.game_of(row)  # each game checked as a resume checks it
    if changes.line is not None:
        named = set(changes.line)
        held = held_games.read(library, changes.slot)
        others = [g.seq for g in held.games if g.key not in named] if held else []
        base = max(others) + 1 if others else 0
        changes.order = {
            **{key: base + seq for seq, key in enumerate(changes.line)},
            **{key: base + seq for key, seq in changes.order.items()},
        }
        changes.line = None
    held_games.write_rows(library, changes)
    return []


def _pending_games(path: Path) -> Reader:
    def take(library: Library, data: bytes) -> list[str]:
        source = read_source(path)
        for item in source.items:
            if isinstance(item, GameRecord):
                library.add(item, item.tags.pop("PC", "") or "played here")
        return []

    return take
