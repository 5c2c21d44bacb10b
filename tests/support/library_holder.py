"""A window's library in a process of its own, for a test to put other programs beside it:
the window's own ``LibraryWorker`` (its writer thread's connection, then its reader
thread's, as a window opens them), driven by lines on standard input.

    python tests/support/library_holder.py       (OTHELLO_DATA_DIR says where)

It answers each line with one line:

- at the start, once a game is written and read back: ``ready ID``
- ``keep NAME``: a game with Black called NAME kept by the writer: ``kept ID``
- ``seen``: every game the reader sees, as JSON ``[[id, black], ...]``
- ``close``: the library closed as the window closes it: ``closed``
"""

from __future__ import annotations

import json
import random
import sys
import threading
import time
from typing import Any

from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.gui.services.library_worker import LibraryWorker

WAIT = 60.0


def record(name: str) -> GameRecord:
    """A whole game of random moves, seeded by ``name``, with Black called ``name``."""
    rng = random.Random(name)
    board, moves = Board(), []
    while not board.is_game_over():
        squares = board.legal_squares()
        square = rng.choice(squares) if squares else PASS
        board.push_square(square)
        moves.append(square)
    return GameRecord(Board(), moves, name, "Holder", "2020-02-02")


def answer(worker: LibraryWorker, ask: Any, job: Any) -> Any:
    """``job`` done by the writer (``ask`` = worker.write) or the reader (worker.read); its
    answer, taken on this thread as the window's frame loop takes it (None when none came
    within WAIT seconds: the test then says what is missing)."""
    done = threading.Event()
    found: list[Any] = []

    def got(value: Any) -> None:
        found.append(value)
        done.set()

    ask(job, got)
    end = time.monotonic() + WAIT
    while not done.is_set() and time.monotonic() < end:
        worker.update()
        done.wait(0.01)
    worker.update()
    return found[0] if found else None


def keep(worker: LibraryWorker, name: str) -> int | None:
    return answer(worker, worker.write, lambda library: library.add(record(name), "holder"))


def seen(library: Library) -> list[list[object]]:
    return [[int(i), str(b)] for i, b in library.execute("SELECT id, black FROM games")]


def main() -> int:
    worker = LibraryWorker(lambda notice: print(f"notice: {notice}", file=sys.stderr, flush=True))
    first = keep(worker, "holder first")  # the writer's connection first, as in a window
    answer(worker, worker.read, seen)  # then the reader's
    print(f"ready {first}", flush=True)
    for line in sys.stdin:
        command, _space, name = line.strip().partition(" ")
        if command == "keep":
            print(f"kept {keep(worker, name)}", flush=True)
        elif command == "seen":
            print(json.dumps(answer(worker, worker.read, seen)), flush=True)
        elif command == "close":
            worker.close()
            print("closed", flush=True)
            return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
