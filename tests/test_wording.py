"""What the window says and which key does what, without a window: plain sessions in, text out."""

from __future__ import annotations

import pygame

from othello import Board
from othello.app.search_service import JobKind
from othello.core.notation import parse_square
from othello.gui.model.game_words import hint_text, pass_text
from othello.gui.model.panel_words import result_text, status_parts
from othello.gui.model.session import Session
from othello.gui.scenes.play_keys import key_command, nearest_legal, step_cursor

# Black to move has no move, White neither: the game is over, Black ahead 41-23.
FINISHED = "XXXXXXOOXXXXXXXOXXXXXXXXXXXXXXOOXXXXXXXOXXXXXOOOXOOOOOOOXOOOOOOO O"


def test_the_status_says_whose_turn_and_what_the_search_is_doing() -> None:
    session = Session(human="black")
    assert status_parts(session, None, None) == ("Your move", "")
    assert status_parts(session, JobKind.ANALYZE, 3) == ("Your move", "finding a hint…")
    session.play("f5")
    assert status_parts(session, JobKind.THINK, 6) == ("Computer thinking", "depth 6")
    assert status_parts(session, JobKind.THINK, None) == ("Computer thinking", "…")
    demo = Session(human=None)
    assert status_parts(demo, JobKind.THINK, 2) == ("Black (computer) thinking", "depth 2")


def test_the_end_of_the_game_is_said_from_the_players_side() -> None:
    session = Session(human="black")
    session.new_game(Board.from_string(FINISHED))
    assert status_parts(session, None, None) == (
        "Black wins 41–23",
        "Space: show or hide the result",
    )
    assert result_text(session) == ("Black wins", "You win! Well played.")
    session.set_human("white")
    assert result_text(session) == ("Black wins", "The computer wins this time.")


def test_the_hint_names_every_move_tied_for_best() -> None:
    assert hint_text([("d3", 0), ("c4", -2)], explain=False) == "Hint: d3 is best (0, estimated)."
    text = hint_text([("d3", 2), ("c4", 2), ("f5", 2), ("e6", -4)], explain=True)
    assert text.startswith("Hint: d3, c4 and f5 tie for best (+2, estimated).")
    assert text.endswith("+2 = ahead by 2.")
    text = hint_text([("d3", 2), ("c4", -2)], explain=True, exact=True)
    assert text.startswith("Hint: d3 is best (+2, exact).") and "perfect play" in text
    assert pass_text("white") == "White has no legal move and passes"


def test_keys_name_commands_and_ctrl_keys_are_left_to_others() -> None:
    ctrl, cmd, shift = pygame.KMOD_LCTRL, pygame.KMOD_LMETA, pygame.KMOD_LSHIFT
    assert key_command(pygame.K_z, ctrl) == "undo" and key_command(pygame.K_z, cmd) == "undo"
    assert key_command(pygame.K_z, ctrl | shift) == "redo"
    assert key_command(pygame.K_s, cmd) is None and key_command(pygame.K_s) == "sound"
    assert key_command(pygame.K_SLASH, shift, "?") == "help"
    assert key_command(pygame.K_1, 0, "+") == "level-up"  # "+" wherever the layout puts it
    assert key_command(pygame.K_LEFT) == "cursor-left"
    assert key_command(pygame.K_a) is None


def test_the_cursor_starts_on_a_legal_move_and_stops_at_the_edges() -> None:
    legal = Board().legal_squares()
    assert step_cursor(None, legal, 1, 0) == legal[0]
    assert step_cursor(None, [], 1, 0) == parse_square("d4")
    assert step_cursor(parse_square("d3"), legal, -1, 1) == parse_square("c4")
    assert step_cursor(parse_square("a1"), legal, -1, -1) == parse_square("a1")
    assert step_cursor(parse_square("h8"), legal, 1, 1) == parse_square("h8")


def test_the_cursor_goes_to_the_nearest_legal_move() -> None:
    legal = [parse_square(s) for s in ("c4", "d3", "e6", "f5")]
    assert nearest_legal(parse_square("c4"), legal) == parse_square("c4")  # already legal
    # c4 and d3 are as far from a1 (and e6 and f5 from h8): the first in board order wins
    assert nearest_legal(parse_square("a1"), legal) == parse_square("d3")
    assert nearest_legal(parse_square("h8"), legal) == parse_square("f5")
    assert nearest_legal(parse_square("c2"), legal) == parse_square("d3")
    assert nearest_legal(parse_square("a1"), []) == parse_square("a1")


def test_the_empty_squares_are_counted_for_the_winner_on_the_end_card() -> None:
    from othello.core.board import Board
    from othello.gui.model.game_words import empties_note

    ended = Board.from_transcript("d3c3b3d2e1d6d7e3f4")  # 13-0 on the board, 51 empty
    assert empties_note(ended)[0] == "With the 51 empty squares to the winner: 64–0"
    assert empties_note(Board.from_string("X" * 32 + "O" * 32 + " X")) == []  # none empty


def test_the_levels_are_described_in_words_a_beginner_reads() -> None:
    """Once "perfect from 12 empty squares, wins from 14": now what it means in a game."""
    from othello.engine.levels import ANALYSIS, LEVELS

    for level in (*LEVELS, ANALYSIS):
        assert "wins from" not in level.description and "empty squares" not in level.description
    assert "perfect in the last 12 moves, finds any win in the last 14" in LEVELS[13].description
