"""Opening othello.ini in a text editor, for a player who never opened a terminal.

Each system has its own way to open a file in the program the player chose for it:
``xdg-open`` (or ``gio open``) on Linux, ``open -t`` (the default text editor) on macOS,
``os.startfile`` on Windows; and the editor the player named in ``$VISUAL`` or ``$EDITOR``
comes before them, as other programs have it. Not every system has them working: a desktop
without ``xdg-open``, or with no program set for text files, may still have a well-known
editor. So the ways are tried in turn, each only when its program is there, until one
answers that it opened the file:

1. ``$VISUAL``, then ``$EDITOR`` (on Windows, after the system's association);
2. the system's launcher (``xdg-open``, then ``gio open``; macOS ``open -t``; Windows'
   association, then Notepad);
3. a known graphical editor found on the PATH, then a known terminal editor.

A terminal editor (vim, nano...) started from a window has no terminal to draw in: it is run
in a terminal emulator (``$TERMINAL``, ``x-terminal-emulator``, or a known one), and skipped
where there is none. A program the lists do not know is started directly (a graphical
editor opens its window), and where that fails at once, in a terminal when there is one.
None of the launchers is waited for: the window polls the answer, and says which ways were
tried when none answered.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from othello.app.files import paths
from othello.app.settings.loading import write_default_ini

ANSWER_SECONDS = 3.0
"""A way that finds no editor says so at once (xdg-open, gio, a missing terminal: a few
milliseconds). One still running after this long has opened an editor and waits on it; one
that ends later, whatever its status, was an editor the player has closed (closing a terminal
window ends it with an error status): the next way is not tried then."""

GUI_EDITORS = (
    "gnome-text-editor",
    "gedit",
    "kate",
    "kwrite",
    "mousepad",
    "pluma",
    "xed",
    "featherpad",
    "leafpad",
    "geany",
    "code",
    "subl",
    "gvim",
    "emacs",
)
"""Editors that open a window of their own: started directly (emacs only without -nw)."""
TERMINAL_EDITORS = ("nano", "vim", "vi", "nvim", "micro", "emacs", "mcedit", "ne", "joe", "hx")
"""Editors tried last, each in a terminal; ``$VISUAL``/``$EDITOR`` may name any of them."""
TERMINALS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("x-terminal-emulator", ("-e",)),  # Debian's choice of terminal: "-e COMMAND ARGS..."
    ("gnome-terminal", ("--",)),
    ("konsole", ("-e",)),
    ("xfce4-terminal", ("-x",)),
    ("mate-terminal", ("-x",)),
    ("terminator", ("-x",)),
    ("kitty", ()),
    ("alacritty", ("-e",)),
    ("foot", ()),
    ("wezterm", ("start", "--")),
    ("xterm", ("-e",)),
    ("urxvt", ("-e",)),
)
"""Terminal emulators and how each is told to run a command with its arguments."""

Which = Callable[[str], "str | None"]


class NoEditor(Exception):
    """No way to open the file here; the message says why, for the log; ``tried`` names
    the editors and launchers tried, for the window."""

    def __init__(self, why: str, tried: Sequence[str] = ()) -> None:
        super().__init__(why)
        self.tried = list(tried)


@dataclass(frozen=True)
class Way:
    """One way to open the file: the command and, for the log and the window, its name and
    the program it runs (the editor, or the launcher)."""

    command: tuple[str, ...]
    name: str
    program: str = ""

    @property
    def tried_as(self) -> str:
        """What the window names when the way was tried: the editor or launcher's name."""
        return self.program or Path(self.command[0]).name


def terminal(environ: Mapping[str, str], which: Which) -> tuple[str, ...] | None:
    """The command prefix that runs a program in a new terminal window, or None."""
    chosen = shlex.split(environ.get("TERMINAL", ""))
    if chosen and which(chosen[0]):
        return (*chosen, "-e")  # the usual convention; $TERMINAL is the player's own choice
    for name, run in TERMINALS:
        if which(name):
            return (name, *run)
    return None


def in_window(argv: Sequence[str]) -> bool:
    """Whether an editor command opens a window of its own (else it needs a terminal)."""
    name = Path(argv[0]).name
    no_window = any(arg in ("-nw", "--no-window-system", "-t", "--tty") for arg in argv[1:])
    return name in GUI_EDITORS and not no_window


def editor_ways(argv: Sequence[str], path: Path, term: tuple[str, ...] | None) -> list[Way]:
    """How to start an editor command on ``path``: a known graphical one directly, a known
    terminal one in a terminal (none without one), one the lists do not know directly, then
    in a terminal (a graphical editor opens its window; a terminal one fails at once without
    a terminal, and the next way runs it in one)."""
    name = Path(argv[0]).name
    direct = Way((*argv, str(path)), name, name)
    if in_window(argv):
        return [direct]
    ways = [] if name in TERMINAL_EDITORS else [direct]
    if term is not None:
        ways.append(Way((*term, *argv, str(path)), f"{name} in a terminal window", name))
    return ways


def ways_to_open(
    path: Path,
    platform: str,
    environ: Mapping[str, str] | None = None,
    which: Which | None = None,
) -> list[Way]:
    """Every way this system has to open ``path`` for editing, in the order to try them."""
    environ = os.environ if environ is None else environ
    which = which or shutil.which
    file = str(path)
    found: list[Way] = []
    term = terminal(environ, which) if platform == "linux" else None
    named = [environ.get("VISUAL", ""), environ.get("EDITOR", "")]
    for command in dict.fromkeys(c.strip() for c in named if c.strip()):
        argv = _split(command)
        if argv and which(argv[0]):
            found += editor_ways(argv, path, term)
    if platform == "windows":
        if which("notepad.exe"):
            found.append(Way(("notepad.exe", file), "Notepad", "Notepad"))
        return found
    if platform == "macos":
        found += [
            Way(("open", "-t", file), "your text editor", "open -t"),
            Way(("open", "-e", file), "TextEdit", "TextEdit"),
        ]
    else:
        if which("xdg-open"):
            found.append(Way(("xdg-open", file), "your text editor", "xdg-open"))
        if which("gio"):
            found.append(Way(("gio", "open", file), "your text editor", "gio open"))
    if platform == "linux":
        for name in GUI_EDITORS:
            if which(name):
                found.append(Way((name, file), name, name))
        if term is not None:
            for name in TERMINAL_EDITORS:
                if which(name):
                    found.append(Way((*term, name, file), f"{name} in a terminal window", name))
    unique: dict[tuple[str, ...], Way] = {}
    for way in found:
        unique.setdefault(way.command, way)
    return list(unique.values())


def _split(command: str) -> list[str]:
    try:
        return shlex.split(command)
    except ValueError:  # an unbalanced quote: the whole value is the program
        return [command]


class Launch:
    """One request to open the file, trying each way in turn until one answers.

    ``failed`` tells, once the answer is known: False as soon as a launcher exits cleanly (or
    has run for ANSWER_SECONDS: an editor is open, or was), True when every way failed.
    ``way`` is the one that answered or is being tried.
    """

    def __init__(self, ways: list[Way], start: Callable[[Way], Any], now: float) -> None:
        self.ways = list(ways)
        self.start = start
        self.way: Way | None = None
        self.process: Any = None  # None once a way answered (or Windows took the request)
        self.started = now
        self.tried: list[str] = []  # what did not work, for the log
        self.attempted: list[Way] = []  # every way tried, in turn (the window names them)
        self.answer: bool | None = None
        self._next(now)

    @classmethod
    def opened(cls, way: Way, now: float) -> Launch:
        """A request the system took at once, with no process to watch (Windows)."""
        launch = cls([], _no_process, now)
        launch.way, launch.answer = way, False
        return launch

    def _next(self, now: float) -> None:
        """Start the next way that starts at all; no more ways: the launch failed."""
        while self.ways:
            way = self.ways.pop(0)
            self.attempted.append(way)
            try:
                self.process = self.start(way)
            except OSError as err:
                self.tried.append(f"{way.command[0]} could not be started ({err.strerror or err})")
                continue
            self.way, self.started = way, now
            return
        self.way, self.process, self.answer = None, None, True

    def failed(self, now: float) -> bool | None:
        """True when no way found an editor, False when one did, None while unknown."""
        if self.answer is not None or self.process is None:
            return self.answer
        code = self.process.poll()
        answered = now - self.started > ANSWER_SECONDS
        if code is None and not answered:
            return None
        if code is None or code == 0 or answered:
            self.answer, self.process = False, None
            return False
        assert self.way is not None
        self.tried.append(f"{' '.join(self.way.command[:2])} exited with status {code}")
        self._next(now)
        return self.answer  # True: no way left; None: the next way is under way


def open_in_editor(
    path: Path,
    now: float,
    *,
    platform: str | None = None,
    popen: Callable[..., Any] | None = None,
    startfile: Callable[[str], None] | None = None,
    environ: Mapping[str, str] | None = None,
    which: Which | None = None,
) -> Launch:
    """Create ``path`` from the default if needed and open it for editing, the first way that
    works (see the module's docstring).

    Raises OSError when the file cannot be created, NoEditor when this system has no way at
    all; a way that fails later is told by :meth:`Launch.failed`.
    """
    write_default_ini(path)
    platform = platform or paths.platform_name()
    ways = ways_to_open(path, platform, environ, which)
    if platform == "windows":
        start = startfile or getattr(os, "startfile", None)
        try:
            if start is None:
                raise OSError("os.startfile is not available")
            start(str(path))
        except OSError as err:
            if not ways:
                raise NoEditor(f"Windows could not open it ({err})") from None
        else:
            return Launch.opened(Way(("startfile", str(path)), "your text editor"), now)
    if not ways:
        launcher = "xdg-open or gio" if platform == "linux" else "a launcher"
        raise NoEditor(f"no {launcher}, no $VISUAL or $EDITOR, no known editor found")
    run = popen or subprocess.Popen

    def start_way(way: Way) -> Any:
        return run(
            list(way.command),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=True,
            start_new_session=sys.platform != "win32",
        )

    launch = Launch(ways, start_way, now)
    if launch.answer:
        raise NoEditor("; ".join(launch.tried), tried_names(launch))
    return launch


def tried_names(launch: Launch) -> list[str]:
    """The editors and launchers a launch tried, each named once, in turn."""
    return list(dict.fromkeys(way.tried_as for way in launch.attempted))


def _no_process(way: Way) -> None:
    return None
