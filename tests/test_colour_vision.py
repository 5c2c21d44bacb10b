"""The marks stay apart for every eye: on rendered screens, in each theme, the board's marks
(last move, the hint's best move, the keyboard cursor, the explorer's most played move, the
legal-move rings), the graph's mistakes and blunders and a puzzle's right and wrong answers
are read from the pixels, seen as protanopia, deuteranopia and tritanopia see them
(scripts/colour_vision.py, Machado et al. 2009) and checked to be at least MIN_APART apart
from each other and from what they are drawn on. Each also has a shape of its own, checked
here too: the cursor is corner brackets, the explorer's frame dashes, the hint's a full
frame."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import colour_vision  # scripts/ (pyproject: pytest's pythonpath)
import pytest
import screen_tour

from othello.app.settings.keys import PALETTES, PaletteName
from othello.core.notation import parse_move, square_name
from othello.gui.app import App
from othello.gui.scenes.puzzle_screen import PuzzleOverlay
from othello.gui.widgets import palette

MIN_APART = 20.0  # CIE76: plainly another colour at a glance
RGB = tuple[int, int, int]


@pytest.fixture
def app() -> Iterator[App]:
    made = screen_tour.make_app((1280, 800))
    yield made
    made.close()


def pixel(app: App, at: tuple[int, int]) -> RGB:
    colour = app.screen.get_at(at)
    return (colour.r, colour.g, colour.b)


def apart(colours: dict[str, RGB], against: Sequence[tuple[str, str]] = ()) -> list[str]:
    """The pairs (every pair of ``colours``, or those of ``against``) closer than MIN_APART
    to some eye."""
    names = list(colours)
    pairs = against or [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    close = []
    for a, b in pairs:
        for kind in (None, *colour_vision.KINDS):
            d = colour_vision.seen_distance(colours[a], colours[b], kind)
            if d < MIN_APART:
                close.append(f"{a}/{b} {kind or 'typical'}: {d:.0f}")
    return close


def board_marks(app: App) -> dict[str, RGB]:
    """A game in progress with a hint, the cursor, the last move and the legal rings; the
    marks' colours as the screen shows them, and what they lie on."""
    session, layout = app.session, app.layout
    for move in ("f5", "d6", "c3", "d3", "c4"):
        session.play(move)
    screen_tour.frames(app)
    legal = session.board.legal_squares()
    app.play.computer.show_hints([(square_name(legal[0]), 2)], exact=False)
    app.play.cursor = legal[1]
    screen_tour.frames(app)
    square = layout.square
    hint = layout.square_rect(legal[0]).inflate(-4, -4)
    cursor = layout.square_rect(legal[1]).inflate(-4, -4)
    last = session.game.moves[session.game.cursor - 1]
    ring_x, ring_y = layout.square_center(legal[2])
    ring = (ring_x + int(square * 0.3) // 2 - 3, ring_y)
    taken = session.board.black | session.board.white
    empty = next(sq for sq in range(64) if sq not in legal and not taken >> sq & 1)
    felt = layout.square_rect(empty)
    marks = {
        "hint": pixel(app, (hint.left + 1, hint.centery)),
        "cursor": pixel(app, (cursor.left + 1, cursor.top + 4)),
        "last move": pixel(app, layout.square_center(last)),
        "legal ring": pixel(app, ring),
        "felt": pixel(app, (felt.left + 5, felt.centery)),
        "disc": pixel(
            app, (layout.square_center(last)[0], layout.square_center(last)[1] + square // 4)
        ),
    }
    # the shapes: the cursor's brackets leave the middle of its edge open, the frame does not
    assert pixel(app, (hint.centerx, hint.top + 1)) == palette.now.hint_best
    assert pixel(app, (cursor.centerx, cursor.top + 1)) != palette.now.key_cursor
    return marks


@pytest.mark.parametrize("name", PALETTES)
def test_the_boards_marks_stay_apart_for_every_eye(app: App, name: PaletteName) -> None:
    screen_tour.show(app, "en", name, "normal", (1280, 800))
    marks = board_marks(app)
    assert marks["hint"] == palette.now.hint_best and marks["cursor"] == palette.now.key_cursor
    assert marks["last move"] == palette.now.last_move
    shown = {k: v for k, v in marks.items() if k in ("hint", "cursor", "last move", "legal ring")}
    assert apart(shown) == []
    on_felt = [(mark, "felt") for mark in ("hint", "cursor", "legal ring")]
    assert apart(marks, [*on_felt, ("last move", "disc")]) == []


@pytest.mark.parametrize("name", PALETTES)
def test_the_explorers_frame_stays_apart_and_is_dashed(app: App, name: PaletteName) -> None:
    screen_tour.show(app, "en", name, "normal", (1280, 800))
    for move in ("f5", "d6"):
        app.session.play(move)
    app.play.do("explore")
    screen_tour.frames(app)
    found = app.play.explorer.lookup(app.session.board)
    assert found is not None and found.top is not None
    rect = app.layout.square_rect(found.top.square).inflate(-3, -3)
    edge = [pixel(app, (x, rect.top + 1)) for x in range(rect.left, rect.right)]
    assert palette.now.explorer_frame in edge and any(c != palette.now.explorer_frame for c in edge)
    felt = pixel(app, (rect.left + 6, rect.top + 6))
    colours = {
        "explorer": palette.now.explorer_frame,
        "hint": palette.now.hint_best,
        "cursor": palette.now.key_cursor,
        "last move": palette.now.last_move,
        "felt": felt,
    }
    assert apart(colours, [("explorer", other) for other in colours if other != "explorer"]) == []


@pytest.mark.parametrize("name", PALETTES)
def test_the_graphs_mistakes_and_blunders_stay_apart(app: App, name: PaletteName) -> None:
    screen_tour.show(app, "en", name, "normal", (1280, 800))
    screen_tour.reviewed(app)
    screen_tour.frames(app)
    area = app.panel.rects["graph"]
    seen = {
        pixel(app, (x, y))
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
    }
    mistake, blunder = palette.now.mark_colors["mistake"], palette.now.mark_colors["blunder"]
    assert mistake in seen and blunder in seen  # both drawn (triangles and diamonds)
    background = pixel(app, (area.right - 3, area.bottom - 3))
    colours = {
        "mistake": mistake,
        "blunder": blunder,
        "line": palette.now.cursor,
        "graph": background,
    }
    assert apart(colours) == []


@pytest.mark.parametrize("name", PALETTES)
def test_a_puzzles_right_and_wrong_answers_stay_apart(app: App, name: PaletteName) -> None:
    screen_tour.show(app, "en", name, "normal", (1280, 800))
    app.play.do("puzzles")
    screen_tour.frames(app)
    overlay = app.find_scene(PuzzleOverlay)
    assert overlay is not None and overlay.puzzle is not None
    best = parse_move(overlay.puzzle.best)
    wrong = next(sq for sq in overlay.board.legal_squares() if sq != best)
    overlay.answer(wrong)
    screen_tour.frames(app)
    frame = app.layout.square_rect(wrong).inflate(-10, -10)
    assert pixel(app, (frame.left + 1, frame.centery)) == palette.now.wrong
    # crossed out: its diagonal is drawn too, where a right answer's frame is open
    inner = frame.inflate(-frame.width // 3, -frame.height // 3)
    assert pixel(app, inner.center) == palette.now.wrong
    felt = pixel(
        app, (app.layout.square_rect(wrong).left + 2, app.layout.square_rect(wrong).top + 2)
    )
    colours = {
        "right": palette.now.right,
        "wrong": palette.now.wrong,
        "best": palette.now.hint_best,
        "felt": felt,
    }
    assert apart(colours) == []


def test_the_simulation_keeps_greys_and_merges_red_and_green_for_the_red_green_blind() -> None:
    for kind in colour_vision.KINDS:
        grey = colour_vision.simulate((128, 128, 128), kind)
        assert max(abs(c - 128) for c in grey) <= 2
    red, green = (200, 90, 40), (120, 130, 40)  # a red and a green a red-green eye confuses
    for kind in ("protanopia", "deuteranopia"):
        assert colour_vision.seen_distance(red, green, kind) < 15
    assert colour_vision.seen_distance(red, green, None) > 40


def test_the_old_colours_would_have_failed() -> None:
    """What the palette replaced: the hint's frame and the cursor one gold, one shape; the
    graph's orange mistakes and red blunders a fourth as far apart for a deuteranope as the
    sky-blue triangles and vermillion diamonds now."""
    assert apart({"hint": (255, 214, 74), "cursor": (255, 214, 74)})

    def least(pair: dict[str, RGB]) -> float:
        a, b = pair.values()
        return min(colour_vision.seen_distance(a, b, k) for k in (None, *colour_vision.KINDS))

    old = least({"mistake": (240, 140, 50), "blunder": (232, 60, 60)})
    new = least(
        {
            "mistake": palette.now.mark_colors["mistake"],
            "blunder": palette.now.mark_colors["blunder"],
        }
    )
    assert new > 3 * old
