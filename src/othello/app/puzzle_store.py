"""The player's puzzles on disk: ``puzzles.json`` in the data folder, beside the autosave.

Every change is written at once and atomically (``files.write_atomic``). A file that cannot
be read is renamed aside (``puzzles.json.damaged``, then ``.damaged-2``...) rather than
overwritten, and the notice says where it went; the built-in FForum puzzles are always
there, so the player can go on at once.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..puzzles import PuzzleError, PuzzleQueue, builtin_puzzles
from .files import read_limited, write_atomic
from .paths import user_data_dir

NAME = "puzzles.json"
LIMIT = 20_000_000  # far more than years of games' puzzles


def puzzles_path() -> Path:
    return user_data_dir() / NAME


class PuzzleFile:
    """The puzzles file: read once, written after every change, never over a file that could
    not be read and was not set aside."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or puzzles_path()
        self.writable = True

    def load(self) -> tuple[PuzzleQueue, str | None]:
        """The player's puzzles with the built-in ones added, and a notice when the file was
        damaged (then set aside) or could not be read."""
        notice = None
        queue = PuzzleQueue()
        try:
            queue = PuzzleQueue.from_data(json.loads(read_limited(self.path, LIMIT)))
        except FileNotFoundError:
            pass
        except (ValueError, PuzzleError) as err:  # bad JSON or bad puzzles (TooLarge too)
            notice = self._set_aside(err)
        except OSError as err:
            self.writable = False
            notice = f"Your puzzles could not be read ({err}); they are left as they are."
        queue.add(builtin_puzzles())
        return queue, notice

    def _set_aside(self, err: Exception) -> str:
        path = self.path
        aside = path
        for n in range(1, 1000):
            aside = path.with_name(path.name + (".damaged" if n == 1 else f".damaged-{n}"))
            if not aside.exists():
                break
        try:
            os.replace(path, aside)
        except OSError:
            self.writable = False
            return f"Your puzzles could not be read ({err}); they are left as they are."
        return (
            f"Your puzzles file was damaged ({err}); it was kept as {aside.name} "
            "and a new one begun."
        )

    def save(self, queue: PuzzleQueue) -> str | None:
        """Write the queue; what went wrong, or None."""
        if not self.writable:
            return None
        try:
            write_atomic(self.path, json.dumps(queue.to_data(), indent=0))
        except OSError as err:
            return f"Your puzzles could not be saved ({err})."
        return None
