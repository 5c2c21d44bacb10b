"""othello.ini as a player edits it, for tests: the default text, a save as an editor makes
it, the watch's looks at the file, a window reading a file of its own (the ``live_app``
fixture in conftest.py), and the messages it said."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from othello.app.files import paths
from othello.app.settings.keys import Settings
from othello.app.settings.loading import load_settings
from othello.app.settings.watch import LOOK_SECONDS, SettingsWatch
from othello.gui.app import App
from support.window import FakeEngine, frames, settings

DEFAULT_TEXT = (paths.default_ini()).read_text(encoding="utf-8")


def save(path: Path, text: str) -> None:
    """Write as an editor does, making sure the change shows in the modification time."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    if path.stat().st_mtime_ns == before:
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))


def looks(watch: SettingsWatch, current: Settings, start: float, n: int) -> list[Any]:
    """``n`` looks, one every LOOK_SECONDS from ``start``: the reloads they gave."""
    got = []
    for i in range(n):
        reload = watch.poll(start + i * LOOK_SECONDS, current)
        if reload is not None:
            got.append(reload)
    return got


def live_app_maker(tmp_path: Path) -> Iterator[Callable[..., tuple[App, Path]]]:
    """The live_app fixture's body (conftest.py): a window reading an othello.ini of its own
    (``make(text, **settings)`` gives the window and the file), closed after the test."""
    apps: list[App] = []

    def make(text: str = DEFAULT_TEXT, **changes: Any) -> tuple[App, Path]:
        ini = tmp_path / "othello.ini"
        save(ini, text)
        read, _ = load_settings(ini)
        base = settings(**changes)
        app = App(
            replace(
                read,
                window_width=base.window_width,
                window_height=base.window_height,
                square_size=base.square_size,
                sound=False,
            ),
            engine_factory=lambda level: FakeEngine(),
            remember=lambda prefs: config_save(prefs, ini),
            computer_min_seconds=0.0,
            settings_file=ini,
        )
        pygame.event.clear()
        record_notices(app)
        apps.append(app)
        return app, ini

    yield make
    for app in apps:
        app.close()
    pygame.display.quit()


def config_save(prefs: dict[str, Any], ini: Path) -> None:
    from othello.app.settings.choices import save_preferences

    save_preferences(prefs, ini)


def edit(ini: Path, old: str, new: str) -> None:
    text = ini.read_text(encoding="utf-8")
    assert old in text
    save(ini, text.replace(old, new))


def settle(app: App, seconds: float = 2.0) -> None:
    """Frames worth ``seconds`` of play: more than two looks at the file."""
    frames(app, int(seconds * 30) + 1)


def notices_text(app: App) -> str:
    """Every message the window has queued since it opened (shown ones expire)."""
    return " | ".join(getattr(app, "said", []))


def record_notices(app: App) -> None:
    said: list[str] = []
    queue = app.play.notices.queue

    def recording(toast: Any) -> None:
        said.append(toast.text)
        queue(toast)

    app.play.notices.queue = recording  # type: ignore[method-assign]
    app.said = said  # type: ignore[attr-defined]
