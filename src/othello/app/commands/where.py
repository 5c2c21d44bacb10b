"""What ``othello --where`` prints: the othello.ini in use and what it sets, the order the
files are looked for in, and every folder the game reads and writes."""

from __future__ import annotations

from pathlib import Path

from othello.app.files import paths
from othello.app.settings.choices import choices_path, load_with_choices
from othello.app.settings.keys import DEFAULTS, KEYS, Settings, format_value
from othello.app.settings.loading import find_config, search_path
from othello.core.errors import ConfigError
from othello.engine.compiled import engine_build


def describe(settings: Settings) -> str:
    """The settings as ``KEY = value`` lines, for ``othello --where``."""
    return "\n".join(
        f"[{k.section}] {k.name} = {format_value(k, getattr(settings, k.field))}" for k in KEYS
    )


def where_report(path: Path | None = None) -> str:
    """What ``othello --where`` prints: the file in use, what it sets, the search order, folders."""
    used = find_config(path)
    try:
        settings, notices = load_with_choices(path)
        problem = None
    except ConfigError as err:
        settings, notices, problem = DEFAULTS, [], str(err)
    if used is None:
        head = f"settings:     none found, built-in defaults ({paths.user_ini()} is written at the game's next start)"
    elif problem:
        head = f"settings:     unusable, the game will not start with it: {problem}"
    else:
        head = f"settings:     {used}"
    order = ["--config PATH", *(str(p) for p in search_path()), "built-in defaults"]
    lines = [
        head,
        "search order: " + "  ->  ".join(order),
        f"defaults:     {paths.default_ini()}",
        f"data folder:  {paths.user_data_dir()}",
        f"choices:      {choices_path()} (what the window remembers; an edit of othello.ini wins)",
        f"library:      {paths.library_path()} (your games, the one in progress, puzzles, strength)",
        f"log:          {paths.log_path()}",
        f"resources:    {paths.resources_dir()}",
        f"engine:       {engine_build()}",
        "in effect:",
        *("  " + line for line in describe(settings).splitlines()),
    ]
    lines += [f"notice:       {n}" for n in notices]
    return "\n".join(lines)
