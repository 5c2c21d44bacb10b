"""A small window (560x420) says everything whole: the editor's lines and keys, the status,
the notices at a readable size; F1 lists the editor's keys; a window sized back to where it
opened looks as it did."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.core.game import Game
from othello.gui.app import App
from othello.gui.model.notices import Notice
from othello.gui.scenes.help import HELP_LINES
from othello.gui.scenes.position_editor import BUTTONS, PositionEditor
from othello.gui.widgets.notice_strip import _notice_rows, notices_that_fit
from othello.gui.widgets.text import ELLIPSIS
from support.positions import finish_randomly
from support.window import FakeEngine, frames, press_waiting

SMALL = {"window_width": 560, "window_height": 420}


def test_the_editor_says_its_lines_and_keys_whole(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players", **SMALL)
    press_waiting(app, pygame.K_e)
    frames(app, 2)
    editor = app.find_scene(PositionEditor)
    assert editor is not None and editor.shown
    assert not any(ELLIPSIS in words for words in editor.shown)
    assert "→ white" in " ".join(editor.shown)
    for _action, label, key in BUTTONS:  # every button shows its key
        assert any(key in words and words.startswith(label.split()[0]) for words in editor.shown)


def test_the_status_detail_is_not_cut(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players", **SMALL)
    game = Game()
    finish_randomly(game)
    app.session.set_game(game)
    frames(app, 3)
    shown = app.panel.shown_detail
    assert shown and ELLIPSIS not in shown and shown.startswith("Space")


def test_two_notices_share_the_strip_only_at_a_readable_size(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), **SMALL)
    strip = app.layout.notices
    two = [Notice("No sound device found."), Notice("Pasted f5d6.")]
    assert _notice_rows(strip, 2)[1] >= 13  # a line each, at a readable size
    assert notices_that_fit(app.text, strip, two) == 2
    longer = [Notice("No sound device found: playing without sound."), *two]
    assert notices_that_fit(app.text, strip, longer) == 1  # too long at 13 px: one at a time


def test_f1_lists_the_editors_keys() -> None:
    listed = " ".join(f"{keys} {what}" for keys, what in HELP_LINES)
    assert "Tab" in listed and "who moves" in listed and "start position" in listed


def test_a_window_sized_back_looks_as_a_fresh_start(make_app: Callable[..., App]) -> None:
    size = {"window_width": 1280, "window_height": 800, "square_size": 70}
    fresh = make_app(FakeEngine(), **size).layout
    app = make_app(FakeEngine(), **size)
    for w, h in ((700, 480), (1600, 1000), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        frames(app, 1)
    assert app.layout == fresh
