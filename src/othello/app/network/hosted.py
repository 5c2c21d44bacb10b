"""The game a window hosts or joined, kept in a small file after every change, so that a
window closed or killed mid-game can take it up again: a host hosts it again with the same
code and port, a joiner joins it again at the address it had (its own game checked against
the host's); the other player comes back as after any drop. The file goes when the game
ends.

Written whole or not at all (``files.writing.write_atomic``), read through the bounded
read, and checked like anything from outside (``protocol``'s checks, the moves by the
rules): a damaged or foreign file is no game to resume, never an error.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Final

from othello.app.files.writing import read_limited, write_atomic
from othello.app.network import codes
from othello.app.network.person_game import PersonGame, Role, other
from othello.app.network.protocol import COLORS, MAX_NAME, plain_text
from othello.core.bitboard import PASS
from othello.core.board import Board, Color
from othello.core.clock import TimeControl
from othello.core.errors import OthelloError
from othello.core.game import Game
from othello.core.notation import square_name

NAME: Final = "hosted-game.json"
NAMES: Final[dict[Role, str]] = {"host": NAME, "guest": "joined-game.json"}
KEPT_MINUTES: Final = 60.0
"""A hosted game older than this is not offered again (the other player has gone)."""
MAX_BYTES: Final = 16 * 1024


@dataclass(frozen=True)
class Hosted:
    """What hosting the game again needs."""

    code: str
    port: int
    name: str
    peer: str
    mine: Color
    start: str
    moves: tuple[str, ...]
    clock: str
    black_ms: int
    white_ms: int
    saved: float  # time.time() when written
    row: int = 0  # its row in the library (0: none yet), so that one row holds it
    role: Role = "host"
    address: str = ""  # the joiner's: where the host was

    def game(self) -> Game:
        """The game, every move checked by the rules (OthelloError if one is not legal)."""
        game = Game(Board.from_string(self.start))
        for move in self.moves:
            game.play(move)
        return game

    def control(self) -> TimeControl | None:
        return TimeControl.parse(self.clock) if self.clock else None


def of(person: PersonGame, code: str, port: int, address: str = "") -> Hosted:
    clock = person.clock
    left = clock.left if clock is not None else {"black": 0.0, "white": 0.0}
    moves = person.game.moves[: person.game.cursor]
    return Hosted(
        code,
        port,
        person.names[person.mine],
        person.names[other(person.mine)],
        person.mine,
        person.game.start.to_string(),
        tuple("pa" if sq == PASS else square_name(sq) for sq in moves),
        str(clock.control) if clock is not None else "",
        max(0, round(left["black"] * 1000)),
        max(0, round(left["white"] * 1000)),
        time.time(),
        role=person.role,
        address=address,
    )


def save(folder: Path, hosted: Hosted, row: int | None = None) -> None:
    value = asdict(hosted)
    value["row"] = row or 0
    value["moves"] = list(hosted.moves)
    write_atomic(folder / NAMES[hosted.role], json.dumps(value, ensure_ascii=False))


def forget(folder: Path, role: Role = "host") -> None:
    (folder / NAMES[role]).unlink(missing_ok=True)


def load(folder: Path, now: float | None = None, role: Role = "host") -> Hosted | None:
    """The game to take up again (hosted, or joined), or None (none, too old, damaged, not
    ours)."""
    path = folder / NAMES[role]
    try:
        value = json.loads(read_limited(path, MAX_BYTES).decode("utf-8"))
        hosted = Hosted(
            code=str(value["code"]),
            port=int(value["port"]),
            name=plain_text(value["name"], MAX_NAME),
            peer=plain_text(value["peer"], MAX_NAME),
            mine=value["mine"],
            start=str(value["start"]),
            moves=tuple(str(m) for m in value["moves"]),
            clock=str(value["clock"]),
            black_ms=int(value["black_ms"]),
            white_ms=int(value["white_ms"]),
            saved=float(value["saved"]),
            row=int(value.get("row", 0)),
            role=role,
            address=plain_text(value.get("address", ""), 80),
        )
        if hosted.mine not in COLORS or codes.typed(hosted.code) != hosted.code:
            return None
        if not 0 < hosted.port < 65536 or len(hosted.moves) > 200:
            return None
        if value.get("role", "host") != role or (role == "guest" and not hosted.address):
            return None
        hosted.game()  # every move legal
        hosted.control()
    except (OSError, ValueError, KeyError, TypeError, OthelloError):
        return None
    age = (time.time() if now is None else now) - hosted.saved
    return hosted if 0 <= age <= KEPT_MINUTES * 60 else None
