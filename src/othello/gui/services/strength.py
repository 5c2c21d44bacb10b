"""The player's strength: each finished game against the computer rated, the rating kept in
the library (``strength_store``), a notice after each rated game and a suggestion to go up a
level.

A game is rated when a person played one side and the computer the other, at one level,
from the four discs or a balanced opening, with no hint and no undo (they would flatter
the rating). Its result counts as the person's: a win 1, a draw 0.5, a loss (on time too) 0.

The library moves the stored rating on by each rated game, in the game's own transaction
(``strength_store.rate``), and the window then shows the rating as stored: two windows
rating at once count both games. A window that could not read the rating at its start reads
it off the frame loop later, and says a rated game's words once the stored rating is known.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from othello.app.i18n import _
from othello.app.library import strength as strength_store
from othello.app.library.database import Library, LibraryBusy, LibraryError
from othello.app.library.strength import RatedGame, Strength
from othello.club.rating import Rating, suggestion
from othello.core.board import Board, Color
from othello.core.game import Game
from othello.gui.model.club_words import UNRATED, rated_text, suggest_text
from othello.gui.model.session import Change, ChangeKind, Session
from othello.gui.services.library_worker import LibraryWorker


@dataclass
class RatingTerms:
    """What decides whether a game is rated (its level, side and start), noted as it starts and
    as it goes."""

    level: int
    human: Color
    fair_start: bool
    assisted: bool = False
    done: bool = False


@dataclass
class RatingChanges:
    """Rated games waiting to be written, and the rating after the last."""

    games: list[RatedGame]
    rating: Rating

    def __bool__(self) -> bool:
        return bool(self.games)

    def merge(self, later: RatingChanges) -> None:
        self.games += later.games
        self.rating = later.rating


def _write(library: Library, changes: RatingChanges) -> None:
    strength_store.rate(library, changes.games)


def _spooled(changes: RatingChanges) -> tuple[str, str]:
    """As the pending spool keeps them: an earlier version's strength file's form."""
    return ".ratings.json", json.dumps(Strength(changes.rating, changes.games).to_data())


class StrengthKeeper:
    """Rates the session's finished games and keeps the rating."""

    def __init__(
        self, session: Session, keeper: LibraryWorker | None, reply: Callable[[str], None]
    ) -> None:
        """``keeper`` None: nothing is read or written (the demo)."""
        self.session = session
        self.keeper = keeper
        self.reply = reply
        self.strength, notice = Strength(), None
        self.known = keeper is None  # the stored rating is known (the demo keeps none)
        self.waiting: int | None = None  # a rated game's level, its words waiting for it
        self.pending = 0  # reads of the stored rating queued behind rated games' writes
        if keeper is not None:
            try:
                self.strength, notice = keeper.read_now(strength_store.load)
                self.known = True
            except LibraryError as err:  # read off the frame loop, when the library can be
                if not isinstance(err, LibraryBusy):
                    notice = _("Your strength could not be read ({why}).").format(why=err)
                keeper.read(strength_store.load, self._loaded)
        if notice is not None:
            session.show_notice(notice)
        self._games: WeakKeyDictionary[Game, RatingTerms] = WeakKeyDictionary()
        session.on_game_changed.append(self.changed)
        self._note(session.game)

    @property
    def rating(self) -> Rating:
        return self.strength.rating

    def changed(self, change: Change) -> None:
        session = self.session
        if change.kind in (ChangeKind.NEW, ChangeKind.PLAYERS):
            self._note(session.game, restart=change.kind == ChangeKind.NEW)
        entry = self._games.get(session.game)
        if entry is None:
            return
        if change.kind == ChangeKind.UNDO:
            entry.assisted = True
        if (
            session.is_over()
            and not entry.done
            and change.kind in (ChangeKind.PLAY, ChangeKind.PASS, ChangeKind.TIMEOUT)
        ):
            entry.done = True
            self._rate(entry)

    def assisted(self) -> None:
        """A hint was asked for in the game on the board: it is not rated."""
        entry = self._games.get(self.session.game)
        if entry is not None:
            entry.assisted = True

    def _note(self, game: Game, restart: bool = False) -> None:
        """Note a game as it starts against the computer (or the side chosen before its
        first move)."""
        session = self.session
        if session.human is None or session.two_players:
            return
        if not restart and game in self._games and game.cursor > game.given:
            return  # a side changed in mid-game: the game keeps its entry
        fair = game.start == Board() and (game.given == 0 or game.origin == "balanced")
        self._games[game] = RatingTerms(session.level, session.human, fair)

    def _rate(self, entry: RatingTerms) -> None:
        session = self.session
        why = (
            "assisted"
            if entry.assisted
            else "level"
            if session.level != entry.level or session.human != entry.human
            else "start"
            if not entry.fair_start
            else ""
        )
        if why:
            self.reply(_(UNRATED[why]))
            return
        before = self.rating
        after = self.strength.add(entry.level, self._score(entry.human))
        if self.known:
            self._say(before, after, entry.level)
        else:
            self.waiting = entry.level  # said once the stored rating is known
        if self.keeper is not None:
            changes = RatingChanges([self.strength.history[-1]], after)
            self.keeper.save("ratings", changes, _write, _spooled)
            # the rating as stored after the write (queued behind it on the writer)
            self.pending += 1
            self.keeper.write(strength_store.load, self._stored, fail=self._not_stored)

    def _say(self, before: Rating, after: Rating, level: int) -> None:
        words = rated_text(before, after, level)
        up = suggestion(self.strength.results(), level)
        if up is not None:
            words += " " + suggest_text(up)
        self.reply(words)

    def _loaded(self, found: tuple[Strength, str | None]) -> None:
        """The strength as the library holds it, read off the frame loop when the start
        could not read it."""
        strength, notice = found
        if notice is not None:
            self.session.show_notice(notice)
        self.strength, self.known = strength, True

    def _stored(self, found: tuple[Strength, str | None]) -> None:
        """The strength as the library holds it after a rated game was written (the words
        of a game rated before the rating was known are said now)."""
        strength, _notice = found
        self.pending = max(0, self.pending - 1)
        if self.known and self.pending:
            return  # an earlier game's read: it lacks the games rated since; the last has them
        self.strength, self.known = strength, True
        if self.waiting is not None and strength.history:
            level, self.waiting = self.waiting, None
            before = Rating(games=max(0, strength.rating.games - 1))
            if len(strength.history) > 1:
                last = strength.history[-2]
                before = Rating(last.rating, last.deviation, before.games)
            self._say(before, strength.rating, level)

    def _not_stored(self, _error: object) -> None:
        """The read after a rated game's write failed: the rating in memory stands."""
        self.pending = max(0, self.pending - 1)

    def _score(self, human: Color) -> float:
        game = self.session.game
        if game.lost_on_time is not None:
            return 0.0 if game.lost_on_time == human else 1.0
        winner = game.board.winner()
        return 0.5 if winner is None else 1.0 if winner == human else 0.0
