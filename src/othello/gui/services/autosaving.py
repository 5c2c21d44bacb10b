"""The window's games kept in the library as they change: the game on the board after every
change (one small write, off the frame loop), the line of games Undo walks back through when
it changes, and once more at quit; resumed at the start, with each game's review; which copy
of the game this window is, said plainly to a second copy; the games other copies left
behind, taken over.

``persistence.attach`` starts it; the rows are ``app/held_games.py``'s, written by the
library's writer (``library_keeper``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Protocol

from othello.app.i18n import _, ngettext
from othello.app.library import copies as instances
from othello.app.library import held_games
from othello.app.library.database import Library, LibraryError
from othello.app.library.held_games import Changes, Held, HeldGame, Seat
from othello.core.errors import GameTextError
from othello.core.game import Game
from othello.gui.model import outcome
from othello.gui.model.game_words import game_summary
from othello.gui.model.session import Session
from othello.gui.services.library_worker import LibraryWorker

log = logging.getLogger(__name__)


class _AutosaveHost(Protocol):
    @property
    def session(self) -> Session: ...
    @property
    def library(self) -> LibraryWorker: ...

    on_close: list[Callable[[], None]]

    def warn(self, message: str) -> None: ...
    def mention(self, message: str) -> None: ...


def line_of(session: Session) -> list[Game]:
    """The window's games in the order Undo walks them: the oldest first, the one on the
    board, then those Redo goes forward to."""
    return [*session.earlier, session.game, *reversed(session.later)]


class AutosaveWatch:
    """Hands the library what changed after every change, and everything once more at quit.

    Each game of the line has a key; what was last handed over of each is remembered, so a
    move writes the one row of the game on the board, and the line is written only when a
    game joins or leaves it. A failing library is said by the library keeper, once."""

    def __init__(self, app: _AutosaveHost, slot: int) -> None:
        self.app = app
        self.slot = slot
        self.keys = app.library.held_keys
        self.handed: dict[int, HeldGame] = {}  # what was last handed over, by key
        self.line: list[int] = []  # the keys in order, as last handed over
        self.seat: Seat | None = None
        self.generation = app.library.generation  # the library file handed to

    def __call__(self, change: object) -> None:
        self.save()

    def key_of(self, game: Game) -> int:
        key = self.keys.get(game)
        if key is None:
            key = self.keys[game] = held_games.new_key()
        return key

    def changes(self, everything: bool = False) -> Changes:
        """What changed since the last save (``everything``: every game of the line)."""
        session = self.app.session
        line = line_of(session)
        keys = [self.key_of(game) for game in line]
        changes = Changes(self.slot)
        was_on_board = None if self.seat is None else self.seat.board
        for seq, (game, key) in enumerate(zip(line, keys, strict=True)):
            if key in self.handed and not (
                everything or game is session.game or key == was_on_board
            ):
                continue  # on the line, unchanged since it left the board
            row = held_games.held_game(
                game, key, seq, self._judged(game), self.app.library.ids.get(game)
            )
            if everything or self.handed.get(key) != row:
                changes.games[key] = row
                self.handed[key] = row
        if everything or keys != self.line:
            changes.line = self.line = keys
            self.handed = {k: r for k, r in self.handed.items() if k in set(keys)}
        played_by = outcome.players_of(session) if session.game.is_over() else None
        seat = Seat(self.key_of(session.game), session.players, played_by, session.replaced)
        if everything or seat != self.seat:
            changes.seat = self.seat = seat
        return changes

    def save(self, everything: bool = False) -> None:
        if self.app.library.generation != self.generation:  # a new file: all of it again
            self.generation, everything = self.app.library.generation, True
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
        a game that does not hold up is left out and counted."""
        games, rows, bad = [], [], 0
        for row in held.games:
            try:
                games.append(held_games.game_of(row))
                rows.append(row)
            except GameTextError as err:
                log.warning("a kept game is unusable and was left out: %s", err)
                bad += 1
        keys = [row.key for row in rows]
        board = keys.index(held.seat.board) if held.seat.board in keys else None
        found = Resumed(bad=bad)
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
        elif game is not None:
            session.set_game(game)
            if held.seat.played_by is not None:  # a finished game's verdict is who played it
                outcome.remember(session, game, held.seat.played_by)
        session.earlier[:] = earlier
        session.later[:] = list(reversed(later))
        session.replaced = held.seat.replaced and game is not None
        for row, kept in zip(rows, games, strict=True):
            self.keys[kept] = row.key
            if row.game_id is not None:
                self.app.library.ids[kept] = row.game_id
            if row.judged is not None:
                self._restore_judged(kept, row.judged)
        found.game = game
        found.earlier = earlier
        return found

    def _restore_judged(self, game: Game, text: str) -> None:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            log.warning("what was judged of a kept game is unreadable")
            return
        left_out = self.app.session.judgements.of(game).restore(game, data)
        if left_out:
            log.warning("%d entries of what was judged of a kept game did not fit it", left_out)

    def take_over(self, other: Held) -> int:
        """Another window's games (it is closed) join this line, just behind the board;
        how many."""
        games = []
        for row in other.games:
            try:
                game = held_games.game_of(row)
            except GameTextError as err:
                log.warning("a game left in another window is unusable: %s", err)
                continue
            self.keys[game] = row.key
            if row.game_id is not None:
                self.app.library.ids[game] = row.game_id
            if row.judged is not None:
                self._restore_judged(game, row.judged)
            games.append(game)
        self.app.session.earlier.extend(g for g in games if not g.is_untouched())
        return len(games)


class Resumed:
    """What a resume put on the session."""

    def __init__(self, bad: int = 0) -> None:
        self.game: Game | None = None
        self.earlier: list[Game] = []
        self.bad = bad


def spooled(changes: Changes) -> tuple[str, str]:
    """A window's games as the pending spool keeps them when the library cannot."""
    return ".held.json", json.dumps(changes.to_data())


def _resume(
    app: _AutosaveHost, watch: AutosaveWatch, instance: instances.Instance, announce: bool
) -> None:
    """This window's games on the board, as they were, with the games other copies of the
    game left behind (the first copy takes them over). Said when ``announce``; problems
    are said anyway."""
    slot = watch.slot

    def read(library: Library) -> tuple[Held | None, list[tuple[int, Held]]]:
        own = held_games.read(library, slot)
        others = []
        if instance.number == 1 and instance.lock is not None:
            for other in held_games.slots(library):
                if other != slot and other in instance.take(other):
                    found = held_games.read(library, other)
                    if found is not None:
                        others.append((other, found))
        return own, others

    try:
        own, others = app.library.read_now(read)
    except LibraryError as err:
        log.warning("nothing resumed: %s", err)
        return
    found = watch.resume(own) if own is not None else Resumed()
    if found.bad:
        app.warn(
            ngettext(
                "{n} kept game could not be read (damaged) and was left out.",
                "{n} kept games could not be read (damaged) and were left out.",
                found.bad,
            ).format(n=found.bad)
        )
    taken = sum(watch.take_over(held) for _slot, held in others)
    if others:
        _hand_over(app, watch, [other for other, _held in others], instance)
    if taken:
        app.mention(
            ngettext(
                "The game left in another window is behind Undo (U).",
                "The {n} games left in other windows are behind Undo (U).",
                taken,
            ).format(n=taken)
        )
    if not announce or (found.game is None and not found.earlier):
        return
    game = app.session.game
    if game.is_untouched() and app.session.earlier:
        back = game_summary(app.session.earlier[-1])
        app.mention(_("A new game; Undo (U) brings back the one before: {game}").format(game=back))
    elif not game.is_untouched():
        app.mention(_("Resumed your game: {summary}").format(summary=game_summary(game)))


def _hand_over(
    app: _AutosaveHost, watch: AutosaveWatch, slots: list[int], instance: instances.Instance
) -> None:
    """The games taken over now belong to this window's line, written at once (before the
    other windows' places are let go), so no two windows ever hold them."""

    def write(library: Library) -> None:
        held_games.write(library, watch.changes(everything=True))
        for other in slots:
            held_games.forget_slot(library, other)

    try:
        app.library.read_now(write)
    except LibraryError as err:
        log.warning("the games of other windows stay theirs for now: %s", err)
    finally:
        instance.let_go(slots)


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
    watch.save()

    def at_quit() -> None:
        try:
            watch.save()  # what the library cannot take by the close is spooled
        finally:
            instance.release()

    app.on_close.append(at_quit)
    return watch
