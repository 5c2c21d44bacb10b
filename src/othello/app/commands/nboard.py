"""``othello nboard``: the engine for other Othello programs, over the NBoard protocol.

NBoard (the desktop Othello GUI) and match tools drive engines by lines on standard input and
output. What is read here (protocol version 2):

    nboard 2                 -> set myname Othello-desktop
    set depth N              the search depth (see level_for_depth)
    set game <GGF>           the game so far (see othello.formats.ggf)
    set contempt N           accepted, not used
    move F5[/eval[/time]]    a move added to the game (PA for a pass)
    hint N                   -> search <move> <eval> 0 <depth> lines for the N best moves
    go                       -> === F5/<eval>/<seconds>   (=== PA when the side must pass);
                                the game changes when the move comes back as ``move``
    ping N                   -> pong N   (after any work asked for before it)
    learn                    -> learned  (nothing is learned)

Anything else, a malformed game or an illegal move gets a ``status`` line saying what is
wrong, and the engine goes on with the game it had; so does a line that is not UTF-8 (its
bad bytes are read as ``\xff`` escapes, so every line is plain text). Only protocol lines go
to standard output; the conversation can be kept with ``--log FILE`` (a file: a pipe, a
folder or a device is refused in one line, and a log that fills the disk is left, said once). End of input ends it,
even during a search: standard input is read on a thread of its own, and its end stops the
search at once (the lines before it are still answered, searches with what they found so
far: a script keeps its input open until the answers it wants have come, as NBoard does).
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

from othello.app.commands.own_files import open_to_append
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.errors import OthelloError
from othello.core.notation import parse_move
from othello.engine.api import Engine
from othello.engine.levels import Level
from othello.formats.ggf import parse_ggf

NAME = "Othello-desktop"
DEFAULT_DEPTH = 6
MAX_DEPTH = 60


def level_for_depth(depth: int) -> Level:
    """``set depth N``: an N-ply midgame search, perfect play from N + 6 empty squares (at
    most 18) and win/draw/loss from two more: depth 4 plays about as level 11 does, depth 7
    as level 14, depth 9 as level 15's search, and depth 12 or more solves as level 17 does
    (docs/engine.md). No time limit: the depth decides."""
    exact = min(depth + 6, 18)
    return Level(
        number=0,
        name=f"NBoard depth {depth}",
        description=f"looks {depth} moves ahead; perfect from {exact} empty squares",
        depth=depth,
        exact_empties=exact,
        wld_empties=min(exact + 2, 20),
        time_budget=3600.0,
    )


def _move_text(move: str) -> str:
    return "PA" if move == "pass" else move.upper()


class NBoardSession:
    """One NBoard conversation: the game, the depth, and the answers to each line."""

    def __init__(self, send: Callable[[str], None], stop: threading.Event | None = None) -> None:
        """``stop``: set when the conversation is over (standard input closed): a search
        running then ends at once."""
        self.send = send
        self.stop = stop
        self.start = Board()
        self.board = Board()
        self.depth = DEFAULT_DEPTH
        self.engine = Engine(level=level_for_depth(self.depth))

    def handle(self, line: str) -> None:
        """Answer one line; a bad line is answered with a status line, never an exception."""
        words = line.split()
        if not words:
            return
        command, rest = words[0], line.strip()[len(words[0]) :].strip()
        try:
            if command == "nboard":
                self.send(f"set myname {NAME}")
            elif command == "set" and len(words) >= 2:
                self._set(words[1], rest[len(words[1]) :].strip())
            elif command == "move":
                self._move(rest)
            elif command == "go":
                self._go()
            elif command == "hint":
                self._hint(rest)
            elif command == "ping":
                self.send(f"pong {rest}".rstrip())
            elif command == "learn":
                self.send("learned")
            else:
                self.send(f"status unknown command: {line.strip()}")
        except OthelloError as err:
            self.send(f"status {err}")

    def _set(self, what: str, value: str) -> None:
        if what == "depth":
            try:
                depth = int(value)
            except ValueError:
                depth = 0
            if not 1 <= depth <= MAX_DEPTH:
                raise OthelloError(f"depth must be a whole number 1..{MAX_DEPTH}, not {value!r}")
            self.depth = depth
            self.engine = Engine(level=level_for_depth(depth))
        elif what == "game":
            start, moves = parse_ggf(value)  # raises before anything changes
            board = start.copy()
            for sq in moves:
                board.push_square(sq)
            self.start, self.board = start, board
        elif what == "contempt":
            pass
        else:
            raise OthelloError(f"unknown setting: set {what}")

    def _move(self, text: str) -> None:
        name = text.split("/")[0].strip().lower()
        sq: Square = PASS if name in ("pa", "pass") else parse_move(name)
        if sq == PASS and not self.board.must_pass():
            if self.board.is_game_over():
                raise OthelloError("cannot pass: the game is over")
            raise OthelloError("cannot pass: there is a legal move")
        self.board.push_square(sq)  # IllegalMoveError keeps the game as it was

    def _go(self) -> None:
        if self.board.is_game_over():
            raise OthelloError("the game is over: no move to make")
        if self.board.must_pass():
            self.send("=== PA")
            return
        t0 = time.perf_counter()
        result = self.engine.think(self.board, stop=self.stop)
        seconds = time.perf_counter() - t0
        self.send(f"nodestats {result.nodes} {seconds:.3f}")
        self.send(f"=== {_move_text(result.move)}/{result.score:.2f}/{seconds:.3f}")

    def _hint(self, text: str) -> None:
        try:
            count = int(text)
        except ValueError:
            raise OthelloError(f"hint needs a number of moves, not {text!r}") from None
        if self.board.is_game_over() or self.board.must_pass():
            self.send(
                "status no move to hint: " + ("game over" if self.board.is_game_over() else "pass")
            )
            return
        scores = self.engine.analyze(self.board, stop=self.stop)
        for entry in scores[: max(1, count)]:
            depth = f"{self.board.empties()}" if entry.exact else str(self.depth)
            self.send(f"search {_move_text(entry.move)} {entry.score:.2f} 0 {depth}")
        self.send("status")


def serve(
    lines: Iterable[str],
    out: TextIO,
    log: TextIO | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Run a session over ``lines`` until they end; returns the exit status (0). A log that
    can no longer be written (a full disk) is said once on standard error and left; the
    conversation goes on."""
    kept = _Log(log)

    def send(text: str) -> None:
        out.write(text + "\n")
        out.flush()
        kept.write(f"> {text}\n")

    session = NBoardSession(send, stop)
    for line in lines:
        kept.write(f"< {line.rstrip()}\n")
        session.handle(line)
    return 0


class _Log:
    """The conversation's log, if any, until a write fails."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> None:
        if self.stream is None:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except OSError as err:
            self.stream = None
            print(f"othello: the log stopped ({err.strerror or err}); playing on", file=sys.stderr)


def read_lines(stream: BinaryIO) -> Iterator[str]:
    """Lines of bytes as text: bytes that are not UTF-8 become ``\\xff`` escapes."""
    for raw in stream:
        yield raw.decode("utf-8", errors="backslashreplace")


def _reader(stream: BinaryIO, lines: queue.Queue[str | None], ended: threading.Event) -> None:
    """Standard input on its own thread: its end is known even while a search runs."""
    try:
        for line in read_lines(stream):
            lines.put(line)
    except (OSError, ValueError):  # closed under us
        pass
    finally:
        ended.set()
        lines.put(None)


def run(
    log_path: Path | None = None, stream: BinaryIO | None = None, config: Path | None = None
) -> int:
    """``othello nboard``: standard input and output, the conversation logged if asked (to
    a file: OthelloError in one line for a pipe, a folder, a device or a place that cannot
    be written, before anything is read)."""
    log = None if log_path is None else open_to_append(log_path, config, "--log")
    ended = threading.Event()
    lines: queue.Queue[str | None] = queue.Queue()
    source = stream if stream is not None else sys.stdin.buffer
    threading.Thread(target=_reader, args=(source, lines, ended), daemon=True).start()
    incoming = iter(lines.get, None)
    if log is None:
        return serve(incoming, sys.stdout, stop=ended)
    try:
        return serve(incoming, sys.stdout, log, stop=ended)
    finally:
        try:
            log.close()
        except OSError:  # what was left to write: said by the write that failed
            pass
