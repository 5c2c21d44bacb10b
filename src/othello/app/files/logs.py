"""The log file: warnings and crashes land in the user's data folder.

A game started by double-clicking has no console, so a traceback printed to stderr is lost;
the log keeps it. Logging must never stop the game: if the folder cannot be written (or
something that is not a file is in the log's place: a pipe would block the game), the log
goes to stderr instead, and so it does when the log's name is a link out of the data folder
(the game writes through none); if writing fails later (a full disk), one line says so on stderr and
the window is told once (:data:`on_failure`), not a traceback at every record. Text that is
not UTF-8 (a path from a home folder in another encoding) is written with escapes.
"""

from __future__ import annotations

import errno
import logging
import logging.handlers
import os
import stat
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from othello.app.files import paths
from othello.core.file_reading import NotAFile, kind_of

LOGGER_NAME = "othello"
MAX_BYTES = 256_000
BACKUPS = 2
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger(LOGGER_NAME)
T = TypeVar("T")

_handler: logging.Handler | None = None
_previous_hooks: tuple[Any, Any] | None = None
problem: str | None = None
"""Why the log file could not be opened by the last setup(), for the window to say."""
on_failure: Callable[[str], None] | None = None
"""Told once when writing the log fails after it was opened (the window shows it)."""


class LogFile(logging.handlers.RotatingFileHandler):
    """The log file, which says once that it cannot be written, instead of a traceback on
    stderr at every record, and is opened (at the start and after each rotation) only where
    :func:`_check_log_file` allows."""

    failed: str | None = None

    def _open(self) -> Any:
        _check_log_file(Path(self.baseFilename))
        return super()._open()

    def handleError(self, record: logging.LogRecord) -> None:
        if self.failed is not None:
            return
        err = sys.exc_info()[1]
        reason = (err.strerror if isinstance(err, OSError) else None) or err
        self.failed = f"Cannot write the log file {self.baseFilename} ({reason}); warnings and crash reports are not kept"
        print(f"othello: {self.failed}", file=sys.stderr)
        if on_failure is not None:
            on_failure(self.failed)


def _check_log_file(path: Path) -> None:
    """OSError when something other than a regular file of the log's own is in its place:
    a folder, a pipe, a device, a link that leads out of the log's folder (a planted one
    would have the game append to a file of someone else's), or a second name of another
    file (a hard link)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):  # a link to nowhere: the log would be made where it leads
            raise _link(path) from None
        return
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile(path, kind_of(info.st_mode))
    if os.path.islink(path) and not paths.inside(path, path.parent):
        raise _link(path)
    if info.st_nlink > 1:
        raise OSError(
            errno.EMLINK, "is also another file's name; the game appends to none", str(path)
        )


def _link(path: Path) -> OSError:
    return OSError(
        errno.ELOOP, "is a link out of its folder; the game writes through none", str(path)
    )


def setup(path: Path | None = None, level: int = logging.INFO) -> Path | None:
    """Send the package's log records to ``path`` (default: the user's log file).

    Returns the log file, or None when it could not be opened (records go to stderr).
    Calling it again replaces the previous handler, so tests may point it elsewhere.
    """
    global _handler, problem
    path = path or paths.log_path()
    problem = None
    handler: logging.Handler
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _check_log_file(path)
        handler = LogFile(
            path,
            maxBytes=MAX_BYTES,
            backupCount=BACKUPS,
            encoding="utf-8",
            delay=False,
            errors="backslashreplace",
        )
        result: Path | None = path
    except OSError as err:
        handler = logging.StreamHandler(sys.stderr)
        result = None
        reason = err.strerror or err
        problem = (
            f"Cannot write the log file {path} ({reason}); warnings and crash reports are not kept"
        )
        print(f"othello: cannot write the log {path} ({reason})", file=sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
    _handler = handler
    log.addHandler(handler)
    log.setLevel(level)
    install_excepthooks()
    return result


def close() -> None:
    """Detach and close the log file and put the previous exception hooks back."""
    global _handler, _previous_hooks
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
        _handler = None
    if _previous_hooks is not None:
        sys.excepthook, threading.excepthook = _previous_hooks
        _previous_hooks = None


def log_notices(notices: Iterable[str], source: str = "settings") -> None:
    """Record the notices the window shows, so a player can read them again later."""
    for notice in notices:
        log.warning("%s: %s", source, notice)


def log_crash(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    """Write an uncaught exception with its traceback."""
    log.critical("crash: %s", exc, exc_info=(exc_type, exc, tb))


def _sys_hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if not issubclass(exc_type, KeyboardInterrupt) and not getattr(exc, "_othello_logged", False):
        log_crash(exc_type, exc, tb)
    sys.__excepthook__(exc_type, exc, tb)


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    """A crash in any thread (a test's search thread, a timer) is as much a crash as one in
    the window."""
    if args.exc_value is not None:
        log.critical(
            "crash in thread %s: %s",
            args.thread.name if args.thread else "?",
            args.exc_value,
            exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
        )


def install_excepthooks() -> None:
    """Log uncaught exceptions from the main thread and from worker threads."""
    global _previous_hooks
    if _previous_hooks is None:
        _previous_hooks = (sys.excepthook, threading.excepthook)
    sys.excepthook = _sys_hook
    threading.excepthook = _thread_hook


def run_logged(func: Callable[[], T]) -> T:
    """Call ``func``; log any crash with its traceback, then let it propagate."""
    try:
        return func()
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:
        log_crash(type(exc), exc, exc.__traceback__)
        _flush()
        try:
            exc._othello_logged = True  # type: ignore[attr-defined]  # the excepthook skips it
        except AttributeError:
            pass
        raise


def _flush() -> None:
    if _handler is not None:
        _handler.flush()
