"""An import in a process of its own, for the window: reading and checking 100,000 games is
pure Python, and in the window's process it would take the interpreter from the frame loop
for milliseconds at a time. In a process of its own ("spawn": a fresh interpreter that
imports the engine and this, never pygame) it costs the window nothing.

The child sends ``("progress", done, total)`` as it goes, then ``("done", report)`` or
``("error", kind, words)``. Stopping it kills it: its transaction is then never committed,
and SQLite leaves the library as it was before the file (a test kills one to show it).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from dataclasses import asdict
from multiprocessing.connection import Connection
from pathlib import Path

from othello.app import i18n
from othello.app.i18n import _
from othello.app.library.database import Library, LibraryBusy, LibraryDamaged, LibraryError
from othello.app.library.importing import ImportReport, ImportStopped, ProgressCallback, import_file
from othello.core.errors import GameTextError

POLL_SECONDS = 0.1
ERRORS: dict[str, type[Exception]] = {
    "unreadable": GameTextError,
    "busy": LibraryBusy,
    "damaged": LibraryDamaged,
    "library": LibraryError,
}


def child(path: str, library_file: str, pipe: Connection, language: str = i18n.DEFAULT) -> None:
    """In the import's process: import ``path`` into ``library_file``, telling ``pipe`` (its
    problems in ``language``, the window's). It runs at a lower priority, so the window's
    frames come first on a busy machine."""
    i18n.set_language(language)
    if hasattr(os, "nice"):
        try:
            os.nice(10)
        except OSError:
            pass  # not allowed here: the import runs at the window's priority
    try:
        with Library(Path(library_file)) as library:
            report = import_file(
                library, Path(path), lambda done, total: pipe.send(("progress", done, total))
            )
        pipe.send(("done", asdict(report)))
    except GameTextError as err:
        pipe.send(("error", "unreadable", str(err)))
    except LibraryBusy as err:
        pipe.send(("error", "busy", str(err)))
    except LibraryDamaged as err:
        pipe.send(("error", "damaged", str(err)))
    except LibraryError as err:
        pipe.send(("error", "library", str(err)))
    finally:
        pipe.close()


def import_in_process(
    path: Path,
    library_file: Path,
    progress: ProgressCallback | None = None,
    stop: threading.Event | None = None,
) -> ImportReport:
    """Import ``path`` into ``library_file`` in a process of its own, waiting for it (call
    from a thread). The errors are :func:`import_file`'s; ImportStopped when ``stop`` was set
    (the process killed, nothing of the file kept)."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(
        target=child,
        args=(str(path), str(library_file), send, i18n.language()),
        daemon=True,
        name="othello-import",
    )
    process.start()
    send.close()
    try:
        while True:
            if stop is not None and stop.is_set():
                raise ImportStopped(
                    _("the import of {name} was stopped; nothing of it was kept").format(
                        name=path.name
                    )
                )
            if not receive.poll(POLL_SECONDS):
                if not process.is_alive() and not receive.poll(0):
                    raise LibraryError(ended(process.exitcode))
                continue
            try:
                message = receive.recv()
            except EOFError:
                raise LibraryError(ended(process.exitcode)) from None
            if message[0] == "progress" and progress is not None:
                progress(message[1], message[2])
            elif message[0] == "done":
                return ImportReport(**message[1])
            elif message[0] == "error":
                raise ERRORS[message[1]](message[2])
    finally:
        if not (stop is not None and stop.is_set()):
            process.join(5)  # done or failed: it ends by itself
        if process.is_alive():
            process.kill()
            process.join(5)
        receive.close()


def ended(code: int | None) -> str:
    return _("the import ended without a word (exit {code})").format(code=code)
