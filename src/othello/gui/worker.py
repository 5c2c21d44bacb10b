"""The computer's search off the GUI thread, cancellable, with stale results thrown away.

Each search is a job with its own stop Event and the generation number current when it began.
Cancelling sets the Event and bumps the generation, so a result that arrives after a new game or
an undo is recognised as stale and never reaches the board. Jobs run one at a time: a new job's
thread first waits for the cancelled one to return, so an engine is never searched twice at once.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..board import Board

log = logging.getLogger(__name__)  # under "othello": the log file set up by othello.logs
EngineFactory = Callable[[int], Any]
JOIN_SECONDS = 5.0


@dataclass(frozen=True)
class Outcome:
    """A finished job: ``value`` is a search result (think) or a list of move scores (analyze)."""

    kind: str
    generation: int
    value: Any = None
    error: BaseException | None = None


class SearchWorker:
    """Runs Engine.think / Engine.analyze in a thread and hands results back to the frame loop."""

    def __init__(self, engine_factory: EngineFactory) -> None:
        self._factory = engine_factory
        self._engines: dict[int, Any] = {}
        self._results: queue.Queue[Outcome] = queue.Queue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.generation = 0
        self.kind: str | None = None  # the running job's kind, None when idle
        self.depth: int | None = None  # deepest depth the running search reported

    @property
    def busy(self) -> bool:
        return self.kind is not None

    def think(self, board: Board, level: int) -> int:
        """Start choosing a move for the side to move; returns the job's generation."""
        return self._start("think", board, level)

    def analyze(self, board: Board, level: int) -> int:
        """Start scoring every legal move, for a hint."""
        return self._start("analyze", board, level)

    def cancel(self) -> None:
        """Stop the running job, if any; whatever it returns later is dropped."""
        self._stop.set()
        self.generation += 1
        self.kind = None
        self.depth = None

    def poll(self) -> Outcome | None:
        """The current job's outcome once it is done; stale outcomes are discarded here."""
        while True:
            try:
                outcome = self._results.get_nowait()
            except queue.Empty:
                return None
            if outcome.generation == self.generation and self.kind == outcome.kind:
                self.kind = None
                return outcome

    def shutdown(self, timeout: float = 1.0) -> None:
        """Cancel and give the thread a moment to finish (it is a daemon either way)."""
        self.cancel()
        if self._thread is not None:
            self._thread.join(timeout)

    # ----- the thread side ---------------------------------------------------------------

    def _start(self, kind: str, board: Board, level: int) -> int:
        self.cancel()
        stop = self._stop = threading.Event()
        generation = self.generation
        self.kind = kind
        previous = self._thread
        args = (kind, board.copy(), level, stop, generation, previous)
        self._thread = threading.Thread(target=self._run, args=args, name=f"othello-{kind}", daemon=True)
        self._thread.start()
        return generation

    def _run(
        self,
        kind: str,
        board: Board,
        level: int,
        stop: threading.Event,
        generation: int,
        previous: threading.Thread | None,
    ) -> None:
        if previous is not None:
            previous.join(JOIN_SECONDS)
            if previous.is_alive():  # an engine that ignored stop: never share it
                self._engines.pop(level, None)
        if stop.is_set():
            return
        try:
            engine = self._engine(level)
            if kind == "think":
                value = engine.think(board, stop=stop, on_progress=self._progress_for(generation))
            else:
                value = engine.analyze(board, stop=stop)
            self._results.put(Outcome(kind, generation, value))
        except Exception as err:  # logged with its traceback, and shown in the window
            log.exception("the search (%s, level %d) failed on %s", kind, level, board.to_string())
            self._results.put(Outcome(kind, generation, error=err))

    def _engine(self, level: int) -> Any:
        if level not in self._engines:
            self._engines[level] = self._factory(level)
        return self._engines[level]

    def _progress_for(self, generation: int) -> Callable[..., None]:
        def on_progress(info: Any = None, *rest: Any) -> None:
            depth = getattr(info, "depth", info if isinstance(info, int) else None)
            if generation == self.generation and isinstance(depth, int):
                self.depth = depth

        return on_progress
