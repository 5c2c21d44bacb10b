"""Why, in the window (issue 44): the move list says for the chosen move the sentence
``othello review --json`` gives it and steps through its line as a view; a hint says why a
square is worse than its best (never a corner it cannot show); a puzzle's wrong answer says
why; the end card names the player's worst move once the game is reviewed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from othello.app import coach_words
from othello.app.files.game_files import game_to_text
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.game import Game
from othello.core.notation import parse_move, square_name
from othello.gui.app import App
from othello.gui.model import why_words
from othello.gui.scenes.end_card import EndOverlay
from othello.gui.scenes.move_list import MoveListOverlay
from othello.gui.scenes.puzzle_screen import PuzzleOverlay
from othello.study.coach import CORNERS, X_SQUARES, Theme, themes
from othello.study.verdict import MoveReview
from support.positions import seeded_blunder
from support.window import (
    FakeEngine,
    FakeResult,
    app_maker,
    click,
    frames,
    frames_until,
    press,
)


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., App]]:
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path))  # a library of its own
    yield from app_maker()


def finish(app: App) -> None:
    """Play on as people (the first legal move, or the pass) until the game is over."""
    while not app.session.board.is_game_over():
        board = app.session.board
        app.session.play(board.legal_squares()[0] if board.legal_squares() else PASS)


def reviewed_blunder(app: App) -> dict[int, MoveReview]:
    """From a 10-empty position, a person's blunder and the rest of the game played by
    people, then reviewed in the window (R): the verdicts by ply."""
    _before, board, worst, _scores = seeded_blunder(10)
    app.session.set_game(Game(board))
    app.session.play(worst)
    finish(app)
    frames(app)
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None)
    return app.play.computer.reviewed()


def move_list(app: App) -> MoveListOverlay:
    found = app.find_scene(MoveListOverlay)
    assert found is not None
    return found


def test_the_list_says_for_each_move_what_review_json_says(
    make_app: Callable[..., App], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from othello import cli

    app = make_app(FakeEngine(), mode="two-players")
    reviewed = reviewed_blunder(app)
    path = tmp_path / "game.txt"
    path.write_text(game_to_text(app.session.game))
    assert cli.main(["review", str(path), "--json", "--workers", "1"]) == 0
    said = {move["number"]: move for move in json.loads(capsys.readouterr().out)["moves"]}
    press(pygame.K_m)
    frames(app)
    overlay = move_list(app)
    lost = [v for v in reviewed.values() if v.loss > 0]
    assert lost and any(v.mark == "blunder" for v in lost)
    for verdict in reviewed.values():
        app.session.show_ply(verdict.ply)
        frames(app)
        json_move = said[verdict.number]
        assert json_move["played"] == square_name(verdict.played)
        if verdict.loss == 0:
            assert "why" not in json_move or json_move["why"] == ""
            assert square_name(verdict.played) in overlay.why and "lose" not in overlay.why
            continue
        # the same sentence, after what the list adds in front: the move and its loss
        assert json_move["why"] and overlay.why.endswith(" " + json_move["why"])
        # the figure is against best play from both sides (issue 51, item 8), and says so
        best = square_name(verdict.best)
        assert overlay.why.startswith(f"{verdict.number}. {json_move['played']}: {verdict.loss} ")
        assert f"worse than {best}, with best play from both sides." in overlay.why
        line = [square_name(sq) for sq in why_words.line_of(verdict)]
        assert line == [json_move["played"], *json_move["line"]]
        steps = [step for _rect, step in overlay.line_cells]  # as many as fit, from the move
        assert steps and steps == list(range(1, len(steps) + 1)) and len(steps) <= len(line)


def test_stepping_through_the_line_shows_it_and_leaves_the_game_untouched(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    reviewed = reviewed_blunder(app)
    game = app.session.game
    moves, cursor = list(game.moves), game.cursor
    judged = dict(app.session.judgement.verdicts)
    blunder = max(reviewed.values(), key=lambda v: v.loss)
    line = why_words.line_of(blunder)
    assert len(line) >= 3
    press(pygame.K_m)
    frames(app)
    overlay = move_list(app)
    app.session.show_ply(blunder.ply)
    frames(app)
    expected = Board.from_string(game.copy(blunder.ply).board.to_string())
    for step, sq in enumerate(line, start=1):
        press(pygame.K_RIGHT, pygame.KMOD_SHIFT)
        frames(app)
        if sq == PASS:
            expected.push_pass()
        else:
            expected.push_square(sq)
        assert overlay.line_step == step
        assert app.session.shown.board.to_string() == expected.to_string()
        assert overlay.cursor == blunder.ply  # the list still frames the move
    press(pygame.K_RIGHT, pygame.KMOD_SHIFT)  # the end of the line: it stays there
    frames(app)
    assert overlay.line_step == len(line)
    click(app, "a1")  # on the board in the line: back to the move's position, no move
    frames(app)
    assert overlay.line_step == 0 and app.session.shown.cursor == blunder.ply
    press(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    press(pygame.K_RIGHT)  # a plain step leaves the line for the next move of the game
    frames(app)
    assert overlay.line_step == 0 and app.session.shown_kind == "moves"
    assert app.session.shown.cursor == blunder.ply + 1
    press(pygame.K_ESCAPE)
    frames(app)
    assert app.session.game is game and game.moves == moves and game.cursor == cursor
    assert app.session.judgement.verdicts == judged and not app.session.browsing


# ----- the hint ------------------------------------------------------------------------------


def positions_with(want: Callable[[Board], Square | None], count: int, seed: int) -> list[Board]:
    """Positions of seeded random games where ``want`` finds a square to look at."""
    rng, found = random.Random(seed), list[Board]()
    while len(found) < count:
        board = Board()
        for _ in range(rng.randrange(6, 50)):
            if board.is_game_over():
                break
            legal = board.legal_squares()
            board.push_square(rng.choice(legal) if legal else PASS)
        if not board.is_game_over() and len(board.legal_squares()) >= 2 and want(board):
            found.append(board)
    return found


def x_square(board: Board, corner_taken: bool | None = None) -> Square | None:
    """A legal X-square (with its corner taken or empty, when asked)."""
    taken = board.player | board.opponent
    return next(
        (
            sq
            for sq in board.legal_squares()
            if sq in X_SQUARES
            and (corner_taken is None or bool(taken >> X_SQUARES[sq] & 1) == corner_taken)
        ),
        None,
    )


@pytest.mark.parametrize("corner_taken", [False, True])
def test_a_hint_names_an_x_square_only_by_an_empty_corner(corner_taken: bool) -> None:
    def want(board: Board) -> Square | None:
        return x_square(board, corner_taken)

    named = 0
    for board in positions_with(want, 30, 3):
        square = want(board)
        assert square is not None
        best = next(sq for sq in board.legal_squares() if sq != square)
        scores = {best: 6, square: 0}
        words = why_words.hint_why(board, scores, square)
        assert words is not None and words.startswith(f"{square_name(square)} loses 6 discs")
        found = themes(board, square, best)
        first = found[0].theme if found else None
        # named when the corner is empty and nothing tells more (a corner the best takes)
        assert ("X-square" in words) == (not corner_taken and first is Theme.X_SQUARE)
        assert "gives" not in words  # no line: no corner is said to be given
        assert why_words.hint_why(board, scores, best) is None  # the best needs no why
        named += "X-square" in words
    assert named > 10 if not corner_taken else named == 0


def test_a_hint_never_says_a_corner_is_given_even_where_one_opens() -> None:
    def opens_a_corner(board: Board) -> Square | None:
        for sq in board.legal_squares():
            after = board.copy()
            after.push_square(sq)
            if any(c in after.legal_squares() for c in CORNERS) and not after.must_pass():
                return sq
        return None

    for board in positions_with(opens_a_corner, 40, 5):
        square = opens_a_corner(board)
        assert square is not None
        best = next(sq for sq in board.legal_squares() if sq != square)
        words = why_words.hint_why(board, {best: 8, square: 1}, square)
        assert words is not None and "gives" not in words


def test_the_square_under_the_pointer_says_why_once_the_hint_is_shown(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    board = positions_with(x_square, 1, 8)[0]
    app.session.set_game(Game(board))
    frames(app)
    square = x_square(board)
    assert square is not None
    best = next(sq for sq in board.legal_squares() if sq != square)
    app.play.computer.show_hints([(square_name(best), 4), (square_name(square), -2)])
    frames(app)
    assert not any("loses" in t.text for t in app.play.notices.toasts)  # the hint's own words
    pos = app.layout.square_center(square)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=()))
    frames(app)
    said = why_words.hint_why(board, {best: 4, square: -2}, square)
    assert said is not None and said.startswith(f"{square_name(square)} loses 6 discs")
    assert said in [t.text for t in app.play.notices.toasts]


# ----- the puzzle ----------------------------------------------------------------------------


class LineEngine(FakeEngine):
    """Answers a search with the first legal moves as its line, and keeps the positions."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def think(self, board: Board, stop: object = None, on_progress: object = None) -> FakeResult:
        self.asked.append(board.to_string())
        line, after = [], board.copy()
        for _ in range(4):
            if after.is_game_over():
                break
            legal = after.legal_squares()
            sq = legal[0] if legal else PASS
            line.append(square_name(sq) if sq != PASS else "pass")
            if sq == PASS:
                after.push_pass()
            else:
                after.push_square(sq)
        return FakeResult(line[0] if line else "pass", pv=list(line))


def test_a_wrong_answer_says_why_with_the_line_after_it(make_app: Callable[..., App]) -> None:
    engine = LineEngine()
    app = make_app(engine, mode="two-players")
    press(pygame.K_z)
    frames(app)
    puzzles = app.find_scene(PuzzleOverlay)
    assert puzzles is not None and puzzles.puzzle is not None
    press(pygame.K_RETURN)  # FForum #2: a4 +10, h2 -24
    frames(app)
    board = puzzles.board.copy()
    click(app, "h2")
    frames_until(app, lambda: puzzles.why_wrong() is not None)
    frames(app)
    after = board.copy()
    after.push_square(parse_move("h2"))
    assert after.to_string() in engine.asked  # the line after the answer was searched
    line = [parse_move(m) for m in LineEngine().think(after).pv]
    found = themes(board, parse_move("h2"), parse_move("a4"), line)
    expected = coach_words.why(found, board.side_to_move, parse_move("a4"), 34)
    assert puzzles.why_wrong() == expected
    assert expected in [words for words, _colour in puzzles.lines()]
    assert puzzles.line[0] == "a4"  # the best move's line is shown as before


# ----- the end card ----------------------------------------------------------------------------


def test_the_end_card_names_the_worst_move_once_reviewed(make_app: Callable[..., App]) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    reviewed = reviewed_blunder(app)
    frames_until(app, lambda: app.find_scene(EndOverlay) is not None)
    frames(app)
    card = app.find_scene(EndOverlay)
    assert card is not None
    worst = min(reviewed.values(), key=lambda v: (-v.loss, v.ply))
    words = why_words.worst_words(worst)
    assert card.worst() == words and coach_words.review_why(worst) in words
    assert words.startswith(
        f"Your worst move: {worst.number}. {square_name(worst.played)}, {worst.loss} disc"
    )
    assert f"worse than {square_name(worst.best)} with best play." in words
    shown = " ".join(card.lines)
    assert square_name(worst.played) in shown and "Your worst move" in shown


def test_no_worst_move_before_the_review_or_in_a_game_nobody_played_here(
    make_app: Callable[..., App],
) -> None:
    app = make_app(FakeEngine(), mode="two-players")
    _before, board, worst, _scores = seeded_blunder(10)
    game = Game(board)
    game.play(worst)
    while not game.board.is_game_over():
        legal = game.board.legal_squares()
        game.play(legal[0] if legal else PASS)
    app.session.set_game(game)  # loaded: no move is a person's here
    frames_until(app, lambda: app.find_scene(EndOverlay) is not None)
    card = app.find_scene(EndOverlay)
    assert card is not None and card.worst() == ""
    press(pygame.K_r)
    frames_until(app, lambda: app.play.computer.review is not None)
    frames(app)
    assert card.worst() == "" and not any("worst" in line for line in card.lines)
