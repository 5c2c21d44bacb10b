"""The window at every size says everything whole and looks the same however it got to a
size (opened there, resized there, restarted there); a size larger than the screen is fitted
to it, and said; the first start says which othello.ini is in use (issue 31, item 13)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from othello import cli
from othello.app.files import paths
from othello.app.settings.choices import load_with_choices, save_preferences
from othello.app.settings.keys import Settings
from othello.core.game import Game
from othello.gui.app import App
from othello.gui.model import game_words
from othello.gui.scenes.move_list import MoveListOverlay
from othello.gui.widgets.layout import MIN_WINDOW
from othello.gui.widgets.panel import GRID
from othello.gui.widgets.text import ELLIPSIS
from othello.study.review import MoveReview
from support.window import FakeEngine, frames, press

GAME = (  # a tournament game, 60 moves (WTHOR)
    "f5f6e6f4g5e7e3g3f3d6c4c3c5g4g6f2h4h3c7h6h2d2d3e2d1c1f1c2g1d7b3a3e8f8c8f7c6d8g8b6b4"
    "a4b5b7a5a6h5h1a8g2e1b8a7h8a2b2b1a1h7g7"
)


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    for name, folder in (("HOME", "home"), ("XDG_DATA_HOME", "share"), ("APPDATA", "roaming")):
        monkeypatch.setenv(name, str(tmp_path / folder))  # where a menu entry is looked for
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 2)


def started(ini: Path) -> App:
    """A window as ``othello`` opens it: the settings from ``ini``, choices written back."""
    settings, _ = load_with_choices(ini)
    app = App(
        settings,
        engine_factory=lambda level: FakeEngine(),
        remember=lambda prefs: save_preferences(prefs, ini),
        computer_min_seconds=0.0,
        settings_file=ini,
    )
    frames(app, 2)
    return app


class Recording(pygame.Surface):
    """A surface that keeps what was drawn on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[pygame.Surface] = []

    def blit(self, source: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Rect:
        self.drawn.append(source)
        return super().blit(source, *args, **kwargs)


def panel_texts(app: App) -> list[str]:
    """Every text the panel draws this frame, as drawn (a label cut short ends in "…")."""
    frames(app, 1)
    names: dict[int, str] = {}
    render = app.text.render

    def naming(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = render(text, *args, **kwargs)
        names[id(surface)] = text
        return surface

    app.text.render = naming  # type: ignore[method-assign]
    try:
        surface = Recording(app.screen.get_size())
        app.panel.draw(surface, app.layout, app.play.panel_view(), (-1, -1))
    finally:
        del app.text.render
    return [names[id(s)] for s in surface.drawn if id(s) in names]


LABELS = [label for _action, label, _key in GRID] + [
    "Moves",
    "Sound",
    "1 player",
    "List",
    "1 pl.",
    "2 pl.",
]
KEYS = {key: action for action, _label, key in GRID}


def grid_labels(app: App) -> list[str]:
    """The grid's labels as drawn: each a label, a shorter form or a label cut short."""
    texts = [t for t in panel_texts(app) if t not in KEYS and len(t) > 1]
    return [t for t in texts if any(label.startswith(t.rstrip(ELLIPSIS)) for label in LABELS)]


def keys_shown(app: App) -> set[str]:
    """The grid's buttons whose key is drawn beside the label."""
    return {KEYS[t] for t in panel_texts(app) if t in KEYS}


# ----- a size looks the same however the window got there -------------------------------------


def test_a_restart_after_resizing_looks_as_a_fresh_start(tmp_path: Path) -> None:
    ini = tmp_path / "othello.ini"
    ini.write_text(paths.default_ini().read_text(encoding="utf-8"), encoding="utf-8")
    fresh = started(ini)
    layout, labels = fresh.layout, grid_labels(fresh)
    fresh.close()
    for size in ((700, 480), (1280, 800)):  # the player sizes it down, closes, sizes it back
        app = started(ini)
        resize(app, size)
        app.close()
    app = started(ini)
    try:
        assert app.screen.get_size() == (1280, 800)
        assert app.layout == layout and app.layout.square == 70
        assert grid_labels(app) == labels and "New game" in labels
    finally:
        app.close()


def test_a_narrow_tall_window_is_filled_as_a_fresh_one(make_app: Callable[..., App]) -> None:
    fresh = make_app(window_width=560, window_height=1000, square_size=70).layout
    app = make_app(window_width=1280, window_height=800, square_size=70)
    resize(app, (560, 1000))
    assert app.layout == fresh
    assert app.layout.board.width >= 450  # it was 8 x 31 px beside an empty window


# ----- every label whole, and the keys kept as the window grows ---------------------------------


SIZES = [MIN_WINDOW, (560, 420), (640, 480), (800, 600), (1000, 700), (1280, 800), (1600, 1000)]


@pytest.mark.parametrize("size", SIZES)
def test_no_button_label_is_cut(make_app: Callable[..., App], size: tuple[int, int]) -> None:
    app = make_app(window_width=size[0], window_height=size[1], square_size=70)
    shown = grid_labels(app)
    assert len(shown) >= len(GRID)
    assert not [text for text in shown if ELLIPSIS in text]
    if size[0] >= 1000:  # a window this size says "New game", not "New"
        assert "New game" in shown and "Move list" in shown


def test_a_key_hint_shown_at_1280x800_stays_in_larger_windows(
    make_app: Callable[..., App],
) -> None:
    app = make_app(window_width=1280, window_height=800, square_size=70)
    keys = keys_shown(app)
    assert {"review", "puzzles"} <= keys
    for size in ((1400, 900), (1600, 1000), (1920, 1080), (2560, 1440)):
        resize(app, size)
        assert keys <= keys_shown(app), size


@pytest.mark.parametrize("size", [(800, 600), (1000, 700), (1280, 800), (1600, 1000)])
def test_watching_the_levels_description_is_whole(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(
        FakeEngine(), mode="watch", window_width=size[0], window_height=size[1], square_size=70
    )
    frames(app, 2)
    view = app.play.panel_view()
    assert view.level_help.startswith("White: ")
    lines, _size = app.panel.level_help_lines(view.level_help)
    assert not any(ELLIPSIS in line for line in lines), lines


@pytest.mark.parametrize("size", [MIN_WINDOW, (560, 420), (1280, 800)])
def test_the_move_lists_title_keeps_clear_of_the_panels_edge(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(mode="two-players", window_width=size[0], window_height=size[1])
    app.session.set_game(Game.from_transcript(GAME))
    frames(app, 1)
    press(pygame.K_m)
    frames(app, 1)
    scene = app.find_scene(MoveListOverlay)
    assert scene is not None
    game = app.session.game
    judged = {
        ply: MoveReview(ply, ply + 1, "black" if ply % 2 == 0 else "white", sq, sq, 3, -2, False)
        for ply, sq in enumerate(game.moves[:20])
    }
    scene.verdicts = lambda: judged  # reviewed: the longest title, "Moves · scores for Black"
    frames(app, 2)
    room = app.layout.panel
    pad = max(11, min(16, room.width // 16))  # the list's margin
    strip = pygame.Rect(room.right - pad + 2, room.top + pad, pad - 5, pad + 6)
    brightest = max(
        max(app.screen.get_at((x, y))[:3])
        for x in range(strip.left, strip.right)
        for y in range(strip.top, strip.bottom)
    )
    assert brightest < 150  # no title text in the margin: it ends a margin from the edge


# ----- the opening's name while the game is in its opening --------------------------------------


def test_the_opening_is_named_in_the_opening_only() -> None:
    game = Game.from_transcript(GAME[:16])  # 8 moves
    assert game_words.opening_text(game)
    assert game_words.opening_text(Game.from_transcript(GAME)) == ""  # move 60


# ----- a window larger than the screen ----------------------------------------------------------


@pytest.fixture
def screen_1280x800(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real-looking screen of 1280 x 800 (the dummy driver has none)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])


def test_a_window_larger_than_the_screen_is_fitted_and_said(
    screen_1280x800: None, tmp_path: Path
) -> None:
    from support.settings_file import edit, notices_text, record_notices, settle

    ini = tmp_path / "othello.ini"
    text = paths.default_ini().read_text(encoding="utf-8")
    ini.write_text(text.replace("WINDOWWIDTH = 1280", "WINDOWWIDTH = 7680"), encoding="utf-8")
    app = started(ini)
    record_notices(app)
    try:
        assert app.screen.get_size() == (1280, 736)
        assert (
            "WINDOWWIDTH = 7680 is larger than your screen (1280x800): the window is 1280x736"
            in " ".join(app.session.notices + [n.text for n in app.play.notices.toasts])
        )
        edit(ini, "WINDOWWIDTH = 7680", "WINDOWWIDTH = 900")
        settle(app)
        assert app.screen.get_size() == (900, 736)  # a little shorter for a task bar: no word
        assert "larger than your screen" not in notices_text(app)
        edit(ini, "WINDOWWIDTH = 900", "WINDOWWIDTH = 7680")
        settle(app)
        assert app.screen.get_size() == (1280, 736)
        assert "WINDOWWIDTH = 7680 is larger than your screen" in notices_text(app)
        position = getattr(app.window, "position", None)
        if position is not None:  # pygame-ce: the window is moved back onto the screen
            assert position[0] + 1280 <= 1280 and position[1] + 736 <= 800
    finally:
        app.close()


# ----- which othello.ini is in use ------------------------------------------------------------------


def prepared(monkeypatch: pytest.MonkeyPatch, checkout: Path | None) -> tuple[Settings, list[str]]:
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: checkout)
    args = cli.build_parser().parse_args([])
    cli._prepare_play(args)
    loaded: tuple[Settings, list[str]] = args.loaded_settings
    return loaded


def test_the_first_start_writes_no_file_beside_the_one_it_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project" / "othello.ini"
    project.parent.mkdir()
    project.write_text("[GAME]\nLEVEL = 15\n", encoding="utf-8")
    settings, notices = prepared(monkeypatch, project)
    assert settings.source == project and settings.level == 15
    assert not paths.user_ini().exists()  # no second file to edit in vain
    assert any(f"Settings from {project} (the project folder" in n for n in notices), notices


def test_the_first_start_says_where_it_wrote_the_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings, notices = prepared(monkeypatch, None)
    assert paths.user_ini().is_file() and settings.source == paths.user_ini()
    assert notices[0] == (
        f"Your settings are in {paths.user_ini()}: Settings (O) opens it, "
        "and saved changes apply at once."
    )
    _settings, again = prepared(monkeypatch, None)
    assert again == []  # the next start: the player's own file, nothing to say


def test_a_description_cut_short_keeps_the_spaces_between_its_words(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    said = "looks 7-8 moves ahead; perfect from 12 empty squares, wins from 14 with care"
    cuts = 0
    for width in range(60, 400, 7):
        lines, _size = app.text.fit_lines(said, width, 2, 11, trying=True)
        shown = " ".join(lines)
        cuts += shown.endswith(ELLIPSIS)
        *whole, last = shown.split()
        assert set(whole) <= set(said.split()), shown
        cut = last.rstrip(ELLIPSIS)  # never "perfect from 12 emptysq…"
        assert any(word.startswith(cut) for word in said.split()), shown
    assert cuts > 5


def test_every_english_button_shows_its_key_at_1280x800(make_app: Callable[..., App]) -> None:
    app = make_app(window_width=1280, window_height=800, square_size=70)
    assert keys_shown(app) == {action for action, _label, _key in GRID}  # as Japanese does


def test_larger_text_makes_the_buttons_labels_larger_and_keeps_their_keys(
    make_app: Callable[..., App],
) -> None:
    sizes = {}
    for text_size in ("normal", "larger"):
        app = make_app(window_width=1280, window_height=800, square_size=70, text_size=text_size)
        frames(app, 1)
        sizes[text_size] = app.panel.button_painter._button_text(app.play.panel_view()).size
        shown = keys_shown(app)
        assert {"undo", "redo", "help"} <= shown, text_size
        title = app.panel.rects["title"]
        face = app.text.render("Othello", min(app.panel.size(28), title.height * 3 // 4), bold=True)
        assert face.get_height() <= title.height  # clear of the score boxes below it
    assert sizes["larger"] > sizes["normal"]


@pytest.mark.parametrize("text_size", ["normal", "larger"])
@pytest.mark.parametrize("size", SIZES)
def test_the_grids_labels_are_all_whole_or_all_short(
    make_app: Callable[..., App], size: tuple[int, int], text_size: str
) -> None:
    """Issue 51, item 13: a small window or larger text once drew "New" beside "Move list";
    the grid's labels are all in their whole form or all in their short one."""
    app = make_app(window_width=size[0], window_height=size[1], square_size=70, text_size=text_size)
    shown = set(grid_labels(app))
    whole, short = {"New game", "Move list", "1 player"}, {"New", "List", "1 pl."}
    assert not (shown & whole and shown & short), sorted(shown)
    assert shown & (whole | short)
