"""The evaluation graph: the computer's own score after each of its moves, from Black's
side, for the line on the board; drawn in the panel when there is room."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from othello.gui.app import App
from othello.gui.model.judgement import GraphPoint
from support.window import (
    FakeEngine,
    FakeResult,
    click,
    frames,
    frames_until,
    human_turn_idle,
)


class ScoringEngine(FakeEngine):
    """Plays the first legal move and says it is worth +5 for the side to move."""

    def think(self, board, stop=None, on_progress=None):  # type: ignore[no-untyped-def]
        self.calls += 1
        moves = board.legal_moves()
        return FakeResult(moves[0] if moves else "pass", score=5, exact=board.empties() < 50)


def test_the_computers_scores_are_kept_from_blacks_side(make_app: Callable[..., App]) -> None:
    app = make_app(ScoringEngine())  # the player is Black, the computer White
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    # +5 for White = -5 for Black, after the player's f5 and after the computer's reply
    expected = [GraphPoint(1, -5, False), GraphPoint(2, -5, False)]
    assert app.play.computer.graph_points() == expected
    assert app.play.panel_view().graph == expected
    app.session.undo()  # the line changes: its points go with it
    assert app.play.computer.graph_points() == []


def test_the_graph_is_drawn_where_there_is_room(make_app: Callable[..., App]) -> None:
    app = make_app(ScoringEngine(), window_width=1100, window_height=760)
    assert "graph" in app.panel.rects
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    area = app.panel.rects["graph"]
    colours = {tuple(app.screen.get_at((x, y))) for x in range(area.left, area.right, 2)
               for y in range(area.top, area.bottom, 2)}  # fmt: skip
    assert len(colours) > 4  # a label, a frame, a line and a dot, not an empty panel
    small = make_app(ScoringEngine(), window_width=540, window_height=400)
    small.frame(1 / 30)
    pygame.display.flip()
    assert "graph" not in small.panel.rects  # no room: hidden


def test_clicking_a_point_shows_that_position(make_app: Callable[..., App]) -> None:
    from othello.gui.scenes.move_list import MoveListOverlay

    app = make_app(ScoringEngine(), window_width=1100, window_height=760)
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    x, ply = app.panel.graph_points[0]
    area = app.panel.rects["graph"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, area.centery), button=1))
    app.frame(1 / 30)
    # the point after f5: the position where f5 was played
    assert app.find_scene(MoveListOverlay) is not None and app.session.shown.cursor == ply == 0
    assert app.session.game.cursor == 2  # a view: the game stays where it was


def test_where_the_panel_has_no_room_the_move_list_shows_the_graph(
    make_app: Callable[..., App],
) -> None:
    from othello.gui.scenes.move_list import MoveListOverlay

    app = make_app(ScoringEngine(), window_width=540, window_height=400)
    click(app, "f5")
    frames_until(app, lambda: human_turn_idle(app) and app.session.game.cursor == 2)
    assert "graph" not in app.panel.rects  # hidden in the panel...
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode=""))
    app.frame(1 / 30)
    app.frame(1 / 30)
    overlay = app.find_scene(MoveListOverlay)
    assert overlay is not None and len(overlay.graph_xs) == 2  # ...shown in the list
    x, ply = overlay.graph_xs[0]
    pos = (x, overlay.graph_rect.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.frame(1 / 30)
    assert app.session.shown.cursor == ply == 0 and app.find_scene(MoveListOverlay) is overlay


def test_two_players_positions_are_scored_while_the_search_is_idle(
    make_app: Callable[..., App],
) -> None:
    engine = ScoringEngine()
    app = make_app(engine, mode="two-players")
    frames_until(app, lambda: app.worker.kind is None)
    assert engine.calls == 0  # nothing to score at the start
    click(app, "f5")
    frames_until(app, lambda: len(app.play.computer.graph_points()) == 1)
    # +5 for White, to move after f5 = -5 for Black; quietly: no spinner, no move played
    assert app.play.computer.graph_points() == [GraphPoint(1, -5, False)]
    assert app.session.game.cursor == 1 and app.play.computer.pending is None
    click(app, "d6")
    frames_until(app, lambda: len(app.play.computer.graph_points()) == 2)
    assert app.play.computer.graph_points()[1] == GraphPoint(2, 5, False)
    frames(app, 5)
    assert engine.calls == 2  # each position once


def test_the_judgement_keeps_scores_and_verdicts_with_their_line() -> None:
    from othello.core.game import Game
    from othello.core.notation import parse_move
    from othello.gui.model.judgement import GameJudgement
    from othello.study.review import MoveReview

    game = Game()
    for move in ("f5", "d6", "c3"):
        game.play(move)
    moves = tuple(game.moves)
    judgement = GameJudgement()
    judgement.note(moves[:1], -3, False)
    judgement.note(moves[:1], 7, True, keep=True)  # kept: the first one stays
    judgement.note(moves[:2], 4, False)
    assert judgement.points(game, 3) == [GraphPoint(1, -3, False), GraphPoint(2, 4, False)]
    start = game.start.to_string()
    judgement.review_started(start, moves[:2])
    # White's d6 (ply 1) judged: -2 for White = +2 for Black, an inaccuracy
    d6, c5 = parse_move("d6"), parse_move("c5")
    judgement.add_verdict(MoveReview(1, 2, "white", d6, c5, 1, -2, False))
    assert judgement.progress(start, moves[:2]) == 0.5
    assert judgement.first_unjudged(start, moves) == 0
    assert judgement.points(game, 3) == [
        GraphPoint(1, -3, False),
        GraphPoint(2, 2, False, "inaccuracy"),
    ]
    other = Game()
    for move in ("f5", "f6"):
        other.play(move)
    assert judgement.reviewed(other) == {}  # another line: its verdicts are not shown
    from othello.core.board import Board

    start_and_a1 = Board().to_string().replace("-", "X", 1)  # the start, a black disc on a1
    set_up = Game(Board.from_string(start_and_a1))
    for move in ("f5", "d6"):  # the reviewed game's moves, from another start: not its verdicts
        set_up.play(move)
    assert judgement.reviewed(set_up) == {} and judgement.reviewed(game)[1].played == d6


def test_what_was_judged_survives_its_plain_data_and_damage_is_left_out() -> None:
    """Issue 31, item 12: the scores, the review, the book's and the person's moves go
    into the autosave with the game and come back whole; entries that do not fit the game
    (an edited or damaged file) are left out, never a crash."""
    import json

    from othello.core.game import Game
    from othello.core.notation import parse_move
    from othello.gui.model.judgement import GameJudgement
    from othello.study.review import MoveReview

    game = Game()
    for move in ("f5", "d6", "c3"):
        game.play(move)
    moves = tuple(game.moves)
    start = game.start.to_string()
    judged = GameJudgement()
    judged.note(moves[:1], -3, False)
    judged.played(moves[:1], person=True)
    judged.book.add(moves[:2])
    judged.review_started(start, moves)
    d6, c5 = parse_move("d6"), parse_move("c5")
    judged.add_verdict(MoveReview(0, 1, "black", moves[0], moves[0], 0, 0, False, ((moves[0], 0),)))
    judged.add_verdict(MoveReview(1, 2, "white", d6, c5, 1, -2, False, ((c5, 1), (d6, -2))))
    judged.add_verdict(MoveReview(2, 3, "black", moves[2], moves[2], 2, 2, True))
    judged.review_done(start, moves)
    data = json.loads(json.dumps(judged.to_data(game)))
    back = GameJudgement()
    assert back.restore(game, data) == 0
    assert back.reviewed(game) == judged.reviewed(game) and back.review is not None
    assert back.points(game, 3) == judged.points(game, 3)
    assert back.people == {moves[:1]} and back.book == {moves[:2]}
    data["verdicts"][1][3] = parse_move("a1")  # a verdict on a move the game did not play
    data["scores"].append(["x", 1, True])
    data["people"].append(99)
    damaged = GameJudgement()
    assert damaged.restore(game, data) == 3
    assert sorted(damaged.reviewed(game)) == [0, 2] and damaged.review is None
    assert GameJudgement().restore(game, {"start": "nonsense"}) == 1
    assert GameJudgement().restore(game, None) == 0
