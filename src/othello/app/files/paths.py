"""Where the game's files live, worked out from the package's own location.

A double-clicked program starts in whatever folder the desktop chooses, so every path here
is anchored either to this package (resources, the default othello.ini, a checkout's
othello.ini) or to the user's per-platform folders (settings, the library, log). The one
exception is ``working_ini``: an othello.ini in the folder the game was started from, which
a player who starts it from a terminal in the project folder expects to be the one read.

Environment overrides, mostly for tests and portable installs: ``OTHELLO_CONFIG_DIR`` and
``OTHELLO_DATA_DIR`` replace the user's config and data folders.
"""

from __future__ import annotations

import os
import sys
import tempfile
from importlib import resources
from pathlib import Path

APP_NAME = "othello"
INI_NAME = "othello.ini"
LIBRARY_NAME = "library.sqlite3"
LOG_NAME = "othello.log"
PLAYERS_FOLDERS = ("games", "pictures")
"""In the data folder, what the player's own keys write (Ctrl+S, Ctrl+P) and may write to
again; everything else there is the game's own."""


def package_dir() -> Path:
    """The installed ``othello`` package folder (a real folder: we ship as a plain wheel)."""
    return Path(str(resources.files("othello")))


def resources_dir() -> Path:
    """The images, sounds and fonts shipped inside the package."""
    return Path(str(resources.files("othello").joinpath("resources")))


def resource(name: str) -> Path:
    """One file from the resources folder (it may not exist: callers fall back)."""
    return resources_dir() / name


def default_ini() -> Path:
    """The commented default othello.ini shipped inside the package."""
    return Path(str(resources.files("othello").joinpath(INI_NAME)))


def checkout_dir(pkg: Path | None = None) -> Path | None:
    """The top of the source checkout we run from (``src`` layout), or None when installed.

    Recognised by the package sitting in ``<top>/src/othello`` with ``<top>/pyproject.toml``;
    an installed package in site-packages never matches, so it has no "project folder".
    """
    pkg = pkg if pkg is not None else package_dir()
    if pkg.parent.name != "src":
        return None
    top = pkg.parent.parent
    return top if (top / "pyproject.toml").is_file() else None


def checkout_ini(pkg: Path | None = None) -> Path | None:
    """``othello.ini`` at the top of a source checkout, if we run from one."""
    top = checkout_dir(pkg)
    return top / INI_NAME if top is not None else None


def working_ini() -> Path | None:
    """``othello.ini`` in the current folder, or None when the current folder is unknown."""
    try:
        return Path.cwd() / INI_NAME
    except OSError:  # the folder was removed under us
        return None


def _home() -> Path:
    """The user's home folder. An empty or relative ``HOME`` is ignored, as XDG says of its
    own variables (``HOME=""`` would put the data folder at the root, a relative one under
    whatever folder the game started in): the account's own home is used instead."""
    value = os.environ.get("HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    account = _account_home()
    if account is not None:
        return account
    home = Path.home()  # Windows: USERPROFILE
    return home if home.is_absolute() else Path(tempfile.gettempdir())


def _account_home() -> Path | None:
    """The home folder the system's account database gives (POSIX), if absolute."""
    try:
        import pwd

        home = pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError, OSError):
        return None
    return Path(home) if home and os.path.isabs(home) else None


def platform_name() -> str:
    """``"windows"``, ``"macos"`` or ``"linux"`` (every other Unix is treated as Linux)."""
    if sys.platform.startswith("win"):
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux"


def _env_dir(name: str) -> Path | None:
    """An absolute folder from the environment; XDG says relative values are to be ignored."""
    value = os.environ.get(name, "")
    return Path(value) if value and os.path.isabs(value) else None


def user_config_dir(platform: str | None = None) -> Path:
    """The per-user settings folder: XDG on Linux, %APPDATA% on Windows, ~/Library on macOS."""
    override = _env_dir("OTHELLO_CONFIG_DIR")
    if override:
        return override
    platform = platform or platform_name()
    if platform == "windows":
        base = _env_dir("APPDATA") or _home() / "AppData" / "Roaming"
        return base / APP_NAME
    if platform == "macos":
        return _home() / "Library" / "Application Support" / APP_NAME
    return (_env_dir("XDG_CONFIG_HOME") or _home() / ".config") / APP_NAME


def user_data_dir(platform: str | None = None) -> Path:
    """The per-user folder for the autosave and the log."""
    override = _env_dir("OTHELLO_DATA_DIR")
    if override:
        return override
    platform = platform or platform_name()
    if platform == "windows":
        base = _env_dir("LOCALAPPDATA") or _env_dir("APPDATA") or _home() / "AppData" / "Local"
        return base / APP_NAME
    if platform == "macos":
        return _home() / "Library" / "Application Support" / APP_NAME
    return xdg_data_home() / APP_NAME


def xdg_data_home() -> Path:
    """``$XDG_DATA_HOME`` or ``~/.local/share``: Linux data, and where menus look for entries."""
    return _env_dir("XDG_DATA_HOME") or _home() / ".local" / "share"


def user_ini() -> Path:
    """The user's own othello.ini (it may not exist yet)."""
    return user_config_dir() / INI_NAME


def library_path() -> Path:
    """The library: every game, the games in progress, puzzles and the rating."""
    return user_data_dir() / LIBRARY_NAME


def log_path() -> Path:
    """The log of warnings and crashes."""
    return user_data_dir() / LOG_NAME


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies in it, links followed on both sides (compared
    as the system compares names)."""
    real, home = (os.path.normcase(os.path.realpath(p)) for p in (path, folder))
    return real == home or real.startswith(home.rstrip(os.sep) + os.sep)


def kept_by_the_game(path: Path) -> bool:
    """Whether ``path`` (links followed) is one of the files the game keeps: anything in the
    data folder but the player's saved games and pictures (the library, its ``-wal`` and
    ``-shm``, a damaged copy set aside, the log, the locks, the pending spool, the choices),
    anything in the config folder (othello.ini, the spool kept there). A command that writes
    where the player says (``othello export --out``, ``othello nboard --log``) writes over
    none of them."""
    data = user_data_dir()
    if inside(path, data):
        return not any(
            inside(path, data / name) and not inside(data / name, path) for name in PLAYERS_FOLDERS
        )
    return inside(path, user_config_dir()) or _another_name(path, data)


def _another_name(path: Path, folder: Path) -> bool:
    """Whether ``path`` is a hard link to a file in ``folder`` (the library under a second
    name elsewhere)."""
    try:
        info = os.stat(path)
        if info.st_nlink < 2:
            return False
        with os.scandir(folder) as entries:
            return any(
                (found.st_dev, found.st_ino) == (info.st_dev, info.st_ino)
                for found in (entry.stat(follow_symlinks=False) for entry in entries)
            )
    except OSError:  # nothing there yet, or a folder that cannot be read
        return False
