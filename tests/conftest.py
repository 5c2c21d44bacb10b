"""Test setup shared by every test: headless SDL before anything imports pygame, and the
user's own settings, autosave and log folders, home and menu folders replaced by a throw-away
one; the fixtures many test files share. The helpers they share are in ``tests/support/``
(imported as ``support``; no test imports another test module)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from othello.gui.app import App

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# The window speaks the system's language by default: the tests read its English whatever the
# machine's locale (a test of another language sets it itself).
os.environ["LANGUAGE"] = "en"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL's SIGTERM handler (installed while a window is open) is inherited by processes forked
# from the test process, such as scripts/match.py's pool: its workers then ignore the pool's
# terminate and the test waits for ever.
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"

# A test that forgets to isolate itself must never touch the real user's files.
_SCRATCH = Path(tempfile.mkdtemp(prefix="othello-tests-"))
os.environ["OTHELLO_CONFIG_DIR"] = str(_SCRATCH / "config")
os.environ["OTHELLO_DATA_DIR"] = str(_SCRATCH / "data")
# ... nor the real menu, desktop or Start menu: a menu entry (the help card's button, A) goes
# where these say, and the desktop folder is looked for in HOME.
(_SCRATCH / "home").mkdir()
os.environ["HOME"] = str(_SCRATCH / "home")
os.environ["XDG_DATA_HOME"] = str(_SCRATCH / "home" / ".local" / "share")
os.environ["XDG_CONFIG_HOME"] = str(_SCRATCH / "home" / ".config")
os.environ["APPDATA"] = str(_SCRATCH / "home" / "AppData" / "Roaming")

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True, scope="session")
def empty_working_folder() -> Iterator[None]:
    """An othello.ini in the current folder is read first: the tests run in an empty one, as
    a double-clicked game does (a test that wants one there changes to its own folder)."""
    before = Path.cwd()
    (_SCRATCH / "cwd").mkdir(exist_ok=True)
    os.chdir(_SCRATCH / "cwd")
    yield
    os.chdir(before)


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """A test that switches the window's language leaves the next one in English."""
    yield
    from othello.app import i18n

    i18n.set_language(i18n.DEFAULT)


@pytest.fixture
def make_app() -> Iterator[Callable[..., App]]:
    """Headless windows with a stand-in engine that plays the first legal move
    (``support.window.app_maker``: ``make_app(engine, **settings)``), closed after the test.
    Imported here, not at the top: pygame only after the dummy drivers are set."""
    from support.window import app_maker

    yield from app_maker()


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own (``OTHELLO_DATA_DIR``): its windows' library starts
    empty and no other test's games are in it. A module of such tests marks itself
    ``pytestmark = pytest.mark.usefixtures("data")``; a test that reads the folder asks for
    it."""
    folder = tmp_path / "data"
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[Callable[..., tuple[App, Path]]]:
    """Windows each reading an othello.ini of its own in ``tmp_path``
    (``support.settings_file.live_app_maker``: ``live_app(text, **settings)`` gives the window
    and the file), closed after the test."""
    from support.settings_file import live_app_maker

    yield from live_app_maker(tmp_path)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """What a test printed or logged, with any undecodable file name's surrogates escaped: a
    pytest-xdist worker cannot send them to the main process (pytest-xdist issue 843), and
    the tests of file names that are not UTF-8 log such names on purpose."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    report.sections = [
        (title, text.encode("utf-8", "backslashreplace").decode("utf-8"))
        for title, text in report.sections
    ]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test whose module uses pygame is marked ``window``: .ci/run runs those under classic
    pygame too (the game supports both libraries, and only the window imports one)."""
    for item in items:
        module = getattr(item, "module", None)
        if module is not None and uses_pygame(module):
            item.add_marker(pytest.mark.window)


def uses_pygame(module: ModuleType) -> bool:
    """``module`` imports pygame, or takes a name from a module that does (the window's
    modules, support.window, scripts/screen_tour.py)."""
    for value in vars(module).values():
        home = (
            value
            if isinstance(value, ModuleType)
            else sys.modules.get(str(getattr(value, "__module__", None)))
        )
        if home is None:
            continue
        if home.__name__.partition(".")[0] == "pygame" or isinstance(
            vars(home).get("pygame"), ModuleType
        ):
            return True
    return False
