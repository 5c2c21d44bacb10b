"""What the window says: notices and the pass announcement off the board, the log, hints, the
end card that can be put aside."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from othello import Board
from othello.engine import table_files
from othello.gui.app import App
from othello.gui.scenes.end_card import EndOverlay
from support.window import WHITE_PASSES, FakeEngine, click, click_at, frames, press

# Black to move has no move, White neither: the game is over, Black ahead 41-23.
FINISHED = "XXXXXXOOXXXXXXXOXXXXXXXXXXXXXXOOXXXXXXXOXXXXXOOOXOOOOOOOXOOOOOOO O"


def board_pixels(app: App) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(app.layout.frame), "RGB")


def test_notices_never_cover_the_board(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(seconds=10.0))
    frames(app, 1)
    before = board_pixels(app)
    app.warn("A long notice that would once have covered the bottom rows of the board for seconds.")
    app.warn("And a second one.")
    frames(app, 1)
    assert board_pixels(app) == before
    strip = app.layout.notices
    for y in (
        strip.top + strip.height // 4,
        strip.bottom - strip.height // 4,
    ):  # two notices, a line each
        assert (
            len({tuple(app.screen.get_at((x, y))) for x in range(strip.left, strip.right, 3)}) > 2
        )


def test_the_pass_is_announced_beside_the_board_and_hides_no_legal_move(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.session.new_game(Board.from_string(WHITE_PASSES))
    frames(app, 1)
    click(app, "d1")
    frames(app, 2)
    assert app.play.notices.banner is not None and app.play.banner_rect is not None
    assert not app.play.banner_rect.colliderect(app.layout.frame)
    assert app.play.legal_markers()  # Black's moves are marked while the announcement shows
    # Notices queue behind it: the strip holds the announcement and one notice.
    app.warn("one")
    app.warn("two")
    frames(app, 1)
    assert [t.text for t in app.play.notices.shown()] == ["one"]


def test_missing_resources_are_one_notice_and_each_file_is_logged(
    make_app: Callable[..., App], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="othello")
    app = make_app(folder=tmp_path, sound=True)
    frames(app, 1)
    texts = [t.text for t in app.play.notices.toasts]
    assert len(texts) == 1 and "felt.png" in texts[0] and "flip.wav" in texts[0]
    logged = caplog.text
    for name in (
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "felt.png",
        "wood.png",
        "icon.png",
        "place.wav",
        "flip.wav",
    ):
        assert f"{name} could not be loaded" in logged


def test_notify_writes_the_notice_to_the_log(
    make_app: Callable[..., App], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="othello")
    app = make_app()
    app.warn("Could not remember your choice: read-only file system")
    assert "Could not remember your choice: read-only file system" in caplog.text
    assert any(r.name == "othello" and r.levelno == logging.WARNING for r in caplog.records)


def test_hint_names_every_move_tied_for_best_and_explains_the_score_once(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.play.computer.show_hints([("d3", 2), ("c4", 2), ("f5", -4)])
    frames(app, 1)
    hint = app.play.notices.toasts[0].text  # an answer: shown first
    assert hint == "Hint: d3 and c4 tie for best (+2, estimated)."
    # what the scores mean: said once, after it (the strip may have room for one at a time)
    assert [t.text for t in app.play.notices.toasts if "+2 = ahead by 2" in t.text] == [
        "Scores are discs ahead at the end: +2 = ahead by 2."
    ]
    app.play.computer.show_hints([("d3", 0), ("c4", -2)], exact=True)
    frames(app, 1)
    assert app.play.notices.toasts[0].text == "Hint: d3 is best (0, exact)."


def test_the_end_card_can_be_put_aside_to_see_the_final_position(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    app.session.new_game(Board.from_string(FINISHED))
    frames(app, 2)
    end = next(s for s in app.scenes if isinstance(s, EndOverlay))
    with_card = board_pixels(app)
    press(pygame.K_SPACE)
    frames(app, 1)
    assert not end.shown and board_pixels(app) != with_card
    assert app.session.board.is_game_over() and app.session.game.cursor == 0  # no new game
    click(app, "d4")  # a click on the board brings the card back
    frames(app, 1)
    assert end.shown and end.button.width > 0
    click_at(end.button.center)
    frames(app, 1)
    assert app.session.board == Board() and not any(isinstance(s, EndOverlay) for s in app.scenes)


def test_notices_too_long_for_one_line_show_one_at_a_time_and_whole(
    make_app: Callable[..., App],
) -> None:
    app = make_app(window_width=640, window_height=520, square_size=40)
    first = "The settings file says LEVEL = 9, which is not 1 to 6; level 4 is used instead of it."
    second = "Pasted text not used: move 3 ('c3'): black cannot play c3, it turns no disc over."
    app.warn(first)
    app.warn(second)
    frames(app, 1)
    assert [t.text for t in app.play.notices.shown()] == [first]  # not two lines cut short
    frames(app, int(6.5 * 30))
    assert [t.text for t in app.play.notices.shown()] == [second]
    app.warn("Short.")
    app.warn("Also short.")
    frames(app, int(6.5 * 30))
    assert [t.text for t in app.play.notices.shown()] == ["Short.", "Also short."]


def test_a_new_answer_replaces_the_earlier_ones(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.warn("A problem with the settings file.")
    for square in ("a1", "b1", "c1", "d1", "e1", "h8"):
        click(app, square)
        frames(app, 1)
    assert [t.text for t in app.play.notices.toasts] == [
        "h8 is not a legal move.",
        "A problem with the settings file.",
    ]
    assert "h8 is not a legal move." in [t.text for t in app.play.notices.shown()]


def test_a_missing_weights_file_is_said_at_start(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setattr(table_files, "read_int16", lambda name: None)
    app = make_app()
    frames(app, 1)
    texts = [t.text for t in app.play.notices.toasts]
    assert len(texts) == 1
    assert "patterns.bin is missing" in texts[0] and "plays weakly" in texts[0]


def test_a_book_move_is_said_in_the_panel(make_app: Callable[..., App]) -> None:
    from othello.engine.api import Engine
    from support.window import frames_until, human_turn_idle

    app = make_app(Engine(level=14, book=True, seed=2))
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    from othello.gui.model.game_words import info_wordings

    view = app.play.panel_view()
    assert view.from_book and app.play.computer.last_from_book()
    words = info_wordings(view.info, view.opening, view.from_book)
    assert all("(book)" in wording for wording in words)  # also when shortened
    app.play.computer.book_moves.clear()  # the same move found by a search says nothing more
    view = app.play.panel_view()
    words = info_wordings(view.info, view.opening, view.from_book)
    assert not any("(book)" in wording for wording in words)


def test_esc_closes_the_end_card_and_never_quits_with_it(make_app: Callable[..., App]) -> None:
    """Esc closes the result card as it closes every other card: the board shows; only a
    second Esc, on the bare board, leaves."""
    app = make_app()
    app.session.new_game(Board.from_string(FINISHED))
    frames(app, 2)
    end = next(s for s in app.scenes if isinstance(s, EndOverlay))
    press(pygame.K_ESCAPE)
    frames(app, 1)
    assert app.running and not end.shown
    assert app.session.board.is_game_over()
    press(pygame.K_SPACE)  # the card comes back as before
    frames(app, 1)
    assert end.shown and app.running
    press(pygame.K_ESCAPE)
    frames(app, 1)
    press(pygame.K_ESCAPE)  # the bare board: Esc leaves a finished game at once
    frames(app, 1)
    assert not app.running
