"""The window's games kept in the library as they change: the game on the board after every
change (one small write, off the frame loop), the line of games Undo walks back through when
it changes, and once more at quit; resumed at the start, with each game's review; which copy
of the game this window is, said plainly to a second copy; the games other copies left
behind, taken over.

``persistence.attach`` starts it; the rows are ``app/library/held_games.py``'s, written by the
library's writer (``library_worker``).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from othello.app.i18n import _, ngettext
from othello.app.library import copies as instances
from othello.app.library import held_games
from othello.app.library.database import Library, LibraryBusy, LibraryError
from othello.app.library.held_games import Changes, Held, HeldGame, Seat
from othello.app.library.old_files import PENDING
from othello.core.errors import GameTextError
from othello.core.game import Game
from othello.gui.model import outcome
from othello.gui.model.game_words import game_summary
from othello.gui.model.session import Session
from othello.gui.services.library_worker import LibraryWorker

log = logging.getLogger(__name__)

SAY_AFTER = 1.0
"""Seconds a start's games may wait for a library busy elsewhere before the window says so
(another window's write holds it for a blink; another program may hold it for minutes)."""


class _AutosaveHost(Protocol):
    @property
    def session(self) -> Session: ...
    @property
    def library(self) -> LibraryWorker: ...

    on_close: list[Callable[[], None]]

    def warn(self, message: str) -> None: ...
    def alert(self, message: str) -> None: ...
    def mention(self, message: str) -> None: ...


def line_of(session: Session) -> list[Game]:
    """The window's games in the order Undo walks them: the oldest first, the one on the
    board, then those Redo goes forward to."""
    return [*session.earlier, session.game, *reversed(session.later)]


def pristine(session: Session) -> bool:
    """Nothing on the board or behind Undo and Redo: nothing this window could lose."""
    return session.game.is_untouched() and not session.earlier and not session.later


def alike_ends(new: list[Game], old: list[Game]) -> tuple[int, int]:
    """How many games lead both lines alike, and how many end both alike after those.

    Games compare by identity, and the comparisons are slices of lists, which the
    interpreter compares in C: an N or a U with 20,000 games behind Undo costs a few
    hundred microseconds here, the Python work being only for what changed."""
    limit = min(len(new), len(old))
    lead = _alike(lambda lo, hi: new[lo:hi] == old[lo:hi], limit)
    a, b = len(new), len(old)
    tail = _alike(lambda lo, hi: new[a - hi : a - lo] == old[b - hi : b - lo], limit - lead)
    return lead, tail


def _alike(same: Callable[[int, int], bool], limit: int) -> int:
    """The largest n <= ``limit`` with ``same(0, n)``, ``same(lo, hi)`` telling whether the
    items lo..hi are alike (items alike up to lo); by halving."""
    if same(0, limit):
        return limit
    lo, hi = 0, limit  # alike up to lo; not up to hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if same(lo, mid):
            lo = mid
        else:
            hi = mid
    return lo


class AutosaveWatch:
    """Hands the library what changed after every change, and everything once more at quit.

    Each game of the line has a key; what was last handed over of each (its row, its place)
    is remembered, so a move writes the one row of the game on the board, and an N or a U
    writes the places that changed, not the line: the cost of a save is what changed, never
    the length of the line. Only games this window held that left its line are deleted.

    A window that could not read its games at its start (``unread``) keeps its own line,
    placed after the stored one, writes nothing while it has nothing to lose, and takes the
    stored games back when the library can be read (:meth:`resume_late`). A failing
    library is said by the library keeper, once."""

    def __init__(self, app: _AutosaveHost, slot: int) -> None:
        self.app = app
        self.slot = slot
        self.keys = app.library.held_keys
        self.handed: dict[int, HeldGame] = {}  # what was last handed over, by key
        self.places: dict[int, int] = {}  # each key's place (seq), as last handed over or read
        self.games: list[Game] = []  # the line as last handed over
        self.line: list[int] = []  # its keys
        self.board: Game | None = None  # the game on the board then
        self.whole = True  # the next save looks at the whole line (the first, a late resume)
        self.seat: Seat | None = None
        self.generation = app.library.generation  # the library file handed to
        self.unread = False  # the stored games could not be read: kept beside them
        self.base = 0  # where this window's places begin (after the stored ones while unread)

    def __call__(self, change: object) -> None:
        self.save()

    def key_of(self, game: Game) -> int:
        key = self.keys.get(game)
        if key is None:
            key = self.keys[game] = held_games.new_key()
        return key

    def changes(self, everything: bool = False) -> Changes:
        """What changed since the last save (``everything``: every game of the line, for a
        library file that has none of them)."""
        session = self.app.session
        line = line_of(session)
        if everything:
            self.handed, self.places, self.whole = {}, {}, True
        lead, tail = (0, 0) if self.whole else alike_ends(line, self.games)
        old_end, new_end = len(self.games) - tail, len(line) - tail
        region = [self.key_of(game) for game in line[lead:new_end]]
        left = self.line[lead:old_end]
        keys = region if self.whole else self.line[:lead] + region + self.line[old_end:]
        changes = Changes(self.slot)
        changes.gone = set(left).difference(region) if left else set()
        moved = range(lead, new_end if new_end - lead == old_end - lead else len(keys))
        for seq in moved:  # the region, and what follows it when the region changed length
            key, place = keys[seq], self.base + seq
            if self.places.get(key) != place:
                changes.order[key] = self.places[key] = place
        for key in changes.gone:
            self.places.pop(key, None)
            self.handed.pop(key, None)
        board = len(session.earlier)
        rows = [(line[n], keys[n]) for n in range(lead, new_end)]
        rows.append((session.game, keys[board]))
        if self.board is not None and self.board is not session.game:
            was = self.keys.get(self.board)
            if was is not None and was in self.places:
                rows.append((self.board, was))  # its last change before it left the board
        for game, key in rows:
            if key in self.handed and not (game is session.game or game is self.board):
                continue  # on the line, unchanged since it left the board
            row = held_games.held_game(
                game, key, self.places[key], self._judged(game), self.app.library.ids.get(game)
            )
            if self.handed.get(key) != row:
                changes.games[key] = self.handed[key] = row
        self.games, self.line, self.board, self.whole = line, keys, session.game, False
        played_by = outcome.players_of(session) if session.game.is_over() else None
        seat = Seat(keys[board], session.players, played_by, session.replaced)
        if everything or seat != self.seat:
            changes.seat = self.seat = seat
        return changes

    def save(self, everything: bool = False) -> None:
        if self.app.library.generation != self.generation:  # a new file: all of it again
            self.generation, everything = self.app.library.generation, True
        if self.unread and pristine(self.app.session):
            return  # nothing to lose yet: the stored games and seat stay as they are
        changes = self.changes(everything)
        if changes:
            self.app.library.save(f"held-{self.slot}", changes, held_games.write, spooled)

    def _judged(self, game: Game) -> str | None:
        """What the window knows of ``game``'s moves, as kept with it (None: nothing)."""
        known = self.app.session.judgements.known(game)
        if known is None or known.is_empty():
            return None
        return json.dumps(known.to_data(game), separators=(",", ":"))

    # ----- at the start ------------------------------------------------------------------

    def resume(self, held: Held) -> Resumed:
        """The games ``held`` (this window's line as the library kept it) on the session;
        a game that does not hold up at all is kept aside in the library and counted, one
        with a damaged part comes back with what can be read of it."""
        found = Resumed()
        rows, games = self._salvaged(held.games, found)
        keys = [row.key for row in rows]
        board = keys.index(held.seat.board) if held.seat.board in keys else None
        if not games:
            return found
        session = self.app.session
        if board is None:  # the game on the board is gone: the rest waits behind Undo
            earlier, game, later = games, None, []
        else:
            earlier, game, later = games[:board], games[board], games[board + 1 :]
        if held.seat.players is not None:
            session.set_players(held.seat.players)
        if board is not None and game is not None and game.is_untouched():
            games[board] = game = session.game  # the fresh game there will do (and is rated)
            self.keys[game] = rows[board].key
        elif game is not None:
            session.set_game(game)
            if held.seat.played_by is not None:  # a finished game's verdict is who played it
                outcome.remember(session, game, held.seat.played_by)
        session.earlier[:] = earlier
        session.later[:] = list(reversed(later))
        session.replaced = held.seat.replaced and game is not None
        self.seat = held.seat
        found.game = game
        found.earlier = earlier
        return found

    def _salvaged(
        self, stored: list[HeldGame], found: Resumed, own: bool = True
    ) -> tuple[list[HeldGame], list[Game]]:
        """The rows that give a game, and their games (what can be read of each: ``found``
        counts the damaged ones); those that give none are counted in ``found.bad`` and
        kept aside in the library. The rows read are this window's from now on (``own``:
        they are in its slot already, at their places)."""
        rows, games, aside = [], [], []
        for row in stored:
            try:
                game, problem = held_games.salvage(row)
            except GameTextError as err:
                log.warning("a kept game is unusable and was kept aside: %s", err)
                aside.append(row.key)
                continue
            if problem is not None:
                log.warning("a kept game was damaged; what could be read is back: %s", problem)
                found.damaged += 1
            rows.append(row)
            games.append(game)
            self.keys[game] = row.key
            self.handed[row.key] = row
            if own:
                self.places[row.key] = row.seq
            if row.game_id is not None:
                self.app.library.ids[game] = row.game_id
            if row.judged is not None:
                self._restore_judged(game, row.judged)
        found.bad += len(aside)
        if aside:
            self.app.library.write(lambda library: held_games.set_aside(library, aside))
        return rows, games

    def _restore_judged(self, game: Game, text: str) -> None:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            log.warning("what was judged of a kept game is unreadable")
            return
        left_out = self.app.session.judgements.of(game).restore(game, data)
        if left_out:
            log.warning("%d entries of what was judged of a kept game did not fit it", left_out)

    def take_over(self, other: Held) -> tuple[int, list[int]]:
        """Another window's games (it is closed) join this line, just behind the board; how
        many, and the keys of those with nothing in them (left out)."""
        found = Resumed()
        rows, games = self._salvaged(other.games, found, own=False)
        empty = [row.key for row, game in zip(rows, games, strict=True) if game.is_untouched()]
        self.app.session.earlier.extend(g for g in games if not g.is_untouched())
        return len(games), empty

    # ----- when the stored games could not be read at the start --------------------------

    def wait_for_library(self, why: str, busy: bool = False) -> None:
        """The stored games could not be read: this window keeps its own line after them
        (deleting none of them) and reads them again, off the frame loop, until it can.
        Said at once; when the library is only ``busy`` (another window writing at that
        blink), said only if the games are not read within ``SAY_AFTER`` seconds."""
        self.unread = True
        self.base = int(time.time()) << 20  # after any stored line, and any earlier such one
        if busy:
            later = threading.Timer(SAY_AFTER, self.app.library.answer, (self._say_unread, why))
            later.daemon = True
            later.start()
        else:
            self._say_unread(why)
        self.app.library.read(self._read_late, self.resume_late)

    def _read_late(self, library: Library) -> Held | None:
        """On the library's reader: this window's games, once the spool and an earlier
        version's files are in (else busy: tried again)."""
        if not self.app.library.taken_in(library):
            raise LibraryBusy(_("the library is in use elsewhere ({why})").format(why=PENDING))
        return held_games.read(library, self.slot)

    def _say_unread(self, why: str) -> None:
        if self.unread:  # on a card that stays: the player's games are not on the board
            self.app.alert(
                _(
                    "Your kept games could not be read ({why}): they come back as soon as they "
                    "can be."
                ).format(why=why)
            )

    def resume_late(self, held: Held | None) -> None:
        """The stored games, read at last: on the board as at a start when this window has
        nothing of its own yet, else behind Undo, before everything this window made."""
        own = set(self.places)
        stored = [row for row in held.games if row.key not in own] if held is not None else []
        session = self.app.session
        if held is not None and pristine(session):
            found = self.resume(Held(stored, held.seat))
            _said(self.app, found, announce=True)
        elif stored:
            found = Resumed()
            rows, games = self._salvaged(stored, found)
            session.earlier[:0] = [game for game in games if not game.is_untouched()]
            empty = {row.key for row, game in zip(rows, games, strict=True) if game.is_untouched()}
            for key in empty:  # read, and nothing in them: they go
                del self.places[key], self.handed[key]
            if empty:
                gone = Changes(self.slot, gone=empty)
                self.app.library.save(f"held-{self.slot}", gone, held_games.write, spooled)
            _said(self.app, found, announce=False)
            back = len(games) - len(empty)
            if back:
                self.app.mention(
                    ngettext(
                        "The game kept before is back behind Undo (U).",
                        "The {n} games kept before are back behind Undo (U).",
                        back,
                    ).format(n=back)
                )
        self.unread, self.base, self.whole = False, 0, True
        self.save()


class Resumed:
    """What a resume put on the session."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.earlier: list[Game] = []
        self.bad = 0  # games that could not be read at all (kept aside)
        self.damaged = 0  # games that came back with what could be read of them


def spooled(changes: Changes) -> tuple[str, str]:
    """A window's games as the pending spool keeps them when the library cannot."""
    return ".held.json", json.dumps(changes.to_data())


def _said(app: _AutosaveHost, found: Resumed, announce: bool) -> None:
    """What a resume should tell: the games it could not read, and (``announce``) what is
    on the board now."""
    _damage(app, found)
    if announce:
        _announce(app, found)


def _damage(app: _AutosaveHost, found: Resumed) -> None:
    """The games a resume could not read, or read only in part (on a card that stays)."""
    if found.bad:
        app.alert(
            ngettext(
                "{n} kept game could not be read (damaged) and was left out.",
                "{n} kept games could not be read (damaged) and were left out.",
                found.bad,
            ).format(n=found.bad)
        )
    if found.damaged:
        app.alert(
            ngettext(
                "{n} kept game was damaged: what could be read of it is back.",
                "{n} kept games were damaged: what could be read of them is back.",
                found.damaged,
            ).format(n=found.damaged)
        )


def _announce(app: _AutosaveHost, found: Resumed) -> None:
    """What a resume put on the board, said."""
    if found.game is None and not found.earlier:
        return
    game = app.session.game
    if game.is_untouched() and app.session.earlier:
        back = game_summary(app.session.earlier[-1])
        app.mention(_("A new game; Undo (U) brings back the one before: {game}").format(game=back))
    elif not game.is_untouched():
        app.mention(_("Resumed your game: {summary}").format(summary=game_summary(game)))


def _resume(
    app: _AutosaveHost, watch: AutosaveWatch, instance: instances.Instance, announce: bool
) -> None:
    """This window's games on the board, as they were, with the games other copies of the
    game left behind (the first copy takes them over). Said when ``announce``; problems
    are said anyway. When the library cannot be read now, the window goes on at once with
    a line of its own, and takes its games back later (``wait_for_library``)."""
    slot = watch.slot

    def read(library: Library) -> tuple[Held | None, list[tuple[int | None, Held]]]:
        own = held_games.read(library, slot)
        others: list[tuple[int | None, Held]] = []
        if instance.number == 1 and instance.lock is not None:
            for other in held_games.slots(library):
                if other != slot and other in instance.take(other):
                    found = held_games.read(library, other)
                    if found is not None:
                        others.append((other, found))
            strays = held_games.read_strays(library)  # in no window's slot: the first's
            if strays is not None:
                others.append((None, strays))
        return own, others

    try:
        own, others = app.library.read_now(read)
    except LibraryError as err:
        log.warning("nothing resumed now: %s", err)
        instance.let_go(list(instance.taken))
        why = str(err).split(" (")[0][:120]  # SQLite's own words are in the log
        watch.wait_for_library(why, busy=isinstance(err, LibraryBusy))
        return
    found = watch.resume(own) if own is not None else Resumed()
    _damage(app, found)
    taken, empty = 0, list[int]()
    for _slot, held in others:
        count, blank = watch.take_over(held)
        taken, empty = taken + count, empty + blank
    if others:
        _hand_over(app, watch, [other for other, _held in others], empty, instance)
    if taken:
        app.mention(
            ngettext(
                "The game left in another window is behind Undo (U).",
                "The {n} games left in other windows are behind Undo (U).",
                taken,
            ).format(n=taken)
        )
    if announce:
        _announce(app, found)


def _hand_over(
    app: _AutosaveHost,
    watch: AutosaveWatch,
    slots: list[int | None],
    empty: list[int],
    instance: instances.Instance,
) -> None:
    """The games taken over now belong to this window's line, written at once (before the
    other windows' places are let go), so no two windows ever hold them; those with nothing
    in them go, and the other windows' seats (None: the strays')."""

    def write(library: Library) -> None:
        watch.whole = True
        with library.transaction():
            held_games.write_rows(library, watch.changes())
            held_games.forget_empty(library, empty, watch.slot)
            for other in slots:
                held_games.forget_slot(library, other)

    try:
        app.library.read_now(write)
    except LibraryError as err:
        log.warning("the games of other windows stay theirs for now: %s", err)
        watch.places.clear()  # so the next save moves every game into this window's slot
        watch.whole = True
    finally:
        instance.let_go([slot for slot in slots if slot is not None])


def _claim(app: _AutosaveHost) -> instances.Instance:
    """Which copy of the game this window is; a second copy is told it keeps its game apart,
    and is let go of at quit, after a last save."""
    instance = instances.claim()
    if instance.slot is None:
        app.warn(
            _(
                "Othello is already open in {n} other windows: this one's game is not "
                "autosaved (Ctrl+S saves it)"
            ).format(n=instance.number - 1)
        )
    elif instance.number > 1:
        app.warn(
            _(
                "Othello is already open in another window: this one keeps its game apart, "
                "so neither window's game is lost"
            )
        )
    return instance


def start(
    app: _AutosaveHost, *, resume: bool = True, announce: bool = True
) -> AutosaveWatch | None:
    """Claim this window's copy number, resume its games (when ``resume``; said when
    ``announce``), save after every change and at quit (then let go of the copy number),
    and take over what other copies left."""
    instance = _claim(app)
    if instance.slot is None:
        return None
    watch = AutosaveWatch(app, instance.slot)
    if resume:
        _resume(app, watch, instance, announce)
    app.library.done_reading_now()
    app.session.on_game_changed.append(watch)
    app.session.judgements.on_reviewed.append(watch.save)  # a finished review is kept at once
    app.library.on_new_file.append(watch.save)  # another file at the path: all of it there
    watch.save()

    def at_quit() -> None:
        try:
            watch.save()  # what the library cannot take by the close is spooled
        finally:
            instance.release()

    app.on_close.append(at_quit)
    return watch
