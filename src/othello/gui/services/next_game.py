"""How a new game starts: from the four discs, from a balanced opening, or from a random
position in a score range, which the search process looks for while the window goes on."""

from __future__ import annotations

import random
from collections.abc import Callable

from othello.app.i18n import _
from othello.app.settings.keys import STARTS, Start
from othello.club.starts import StartsError, balanced_start
from othello.core.game import Game
from othello.gui.model.club_words import FINDING, NO_BALANCED, NOT_FOUND
from othello.gui.model.session import Session
from othello.gui.services.worker import SearchWorker

RANGE_MOVES = (4, 56)  # the move a range position can be asked at
RANGE_DISCS = (-30, 30)  # ... and how far ahead the side to move can be asked to be


class NextGame:
    """The start of the next new game (``kind`` and, for a range, ``moves`` and ``low`` to
    ``high`` discs), and starting it."""

    def __init__(
        self,
        session: Session,
        worker: SearchWorker,
        reply: Callable[[str], None],
        kind: Start = "standard",
        rng: random.Random | None = None,
    ) -> None:
        self.session = session
        self.worker = worker
        self.reply = reply
        self.kind: Start = kind if kind in STARTS else "standard"
        self.moves, self.low, self.high = 24, 0, 4
        self.rng = rng or random.Random()
        self.waiting = False  # a range position is being looked for

    def words(self) -> dict[str, int]:
        return {"moves": self.moves, "low": self.low, "high": self.high}

    def start(self) -> Game | None:
        """Start the next game as chosen; the game it replaced when kept for Undo. A range
        position comes later (``found``): meanwhile the game on the board stays."""
        if self.kind == "balanced":
            try:
                opening = balanced_start(self.rng)
            except StartsError as err:
                self.reply(_(NO_BALANCED).format(problem=err))
                return self.session.new_game()
            return self.session.new_game(given=opening.moves, origin="balanced")
        if self.kind == "range":
            self.waiting = True
            self.worker.position(self.moves, self.low, self.high, self.rng.randrange(1 << 30))
            self.reply(_(FINDING).format(**self.words()))
            return None
        return self.session.new_game()

    def found(self, value: object) -> Game | None:
        """The search process's answer to a range: ``(moves, score)``, or None."""
        self.waiting = False
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            self.reply(_(NOT_FOUND).format(**self.words()))
            return None
        moves, _score = value
        return self.session.new_game(given=tuple(int(sq) for sq in moves), origin="range")

    def step(self, what: str, delta: int) -> None:
        """The range's move (``"moves"``) or bounds (``"low"``, ``"high"``) one step on,
        kept in bounds and in order."""
        if what == "moves":
            self.moves = max(RANGE_MOVES[0], min(RANGE_MOVES[1], self.moves + delta))
            return
        low, high = self.low, self.high
        if what == "low":
            low = max(RANGE_DISCS[0], min(high, low + delta))
        else:
            high = max(low, min(RANGE_DISCS[1], high + delta))
        self.low, self.high = low, high
