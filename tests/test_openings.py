"""Opening names: every named line under the four symmetric first moves, a game that leaves
the list, and a damaged names file."""

from __future__ import annotations

import pytest

from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.errors import NotationError
from othello.core.notation import format_transcript
from othello.engine.patterns import symmetry
from othello.study import named_openings
from othello.study.named_openings import load_openings, opening_of, parse_openings


def squares(transcript: str) -> list[Square]:
    return [entry.square for entry in Board.from_transcript(transcript).history]


def images(line: list[Square]) -> list[list[Square]]:
    """The line as each of the four first moves (f5, d3, c4, e6) would play it."""
    return [[symmetry(kind, sq) for sq in line] for kind in named_openings._start_symmetries()]


def test_the_packaged_names_load() -> None:
    book, problem = load_openings()
    assert problem is None and len(book.names) == 76
    assert "Tiger" in book.names.values() and "Rose" in book.names.values()


def test_every_named_line_is_found_from_all_four_first_moves() -> None:
    book, _ = load_openings()
    first_moves = set()
    for line, name in book.names.items():
        for image in images(list(line)):
            first_moves.add(image[0])
            Board.from_transcript(format_transcript(image))  # the image is a legal game
            found = opening_of(image)
            assert found.name == name and found.plies == len(line)
    assert len(first_moves) == 4  # f5, d3, c4, e6


def test_a_game_that_leaves_the_list_keeps_the_last_name() -> None:
    tiger = squares("f5d6c3d3c4")
    book, _ = load_openings()
    # a sixth move that no named line plays after the Tiger
    off = next(
        sq
        for sq in Board.from_transcript("f5d6c3d3c4").legal_squares()
        if (*tiger, sq) not in book.prefixes
    )
    found = opening_of([*tiger, off])
    assert found == named_openings.Opening("Tiger", 5, 5)  # left the known lines at move 6


def test_no_name_for_a_game_from_a_set_up_position_or_before_a_move() -> None:
    assert opening_of([]).name is None
    setup = Board.from_transcript("f5d6")
    assert opening_of(squares("f5d6c3"), start=setup).name is None
    assert opening_of([PASS]).name is None


def test_a_damaged_names_file_is_named_by_line() -> None:
    with pytest.raises(NotationError, match="line 2"):
        parse_openings("f5d6\tPerpendicular\nf5a1\tNonsense\n")
    with pytest.raises(NotationError, match="line 1"):
        parse_openings("f5d6 no tab\n")


def test_a_missing_names_file_gives_no_names_and_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    load_openings.cache_clear()
    monkeypatch.setattr(named_openings, "FILE", "no-such-file.tsv")
    try:
        book, problem = load_openings()
        assert not book.names and problem is not None and "opening names" in problem
        assert book.identify(squares("f5d6c3d3c4")).name is None
    finally:
        load_openings.cache_clear()


def test_the_panel_names_the_opening_and_keeps_it() -> None:
    from othello.core.game import Game
    from othello.gui.model.game_words import opening_text

    game = Game.from_transcript("d3c5f6f5e6")  # the Tiger, seen from d3
    assert opening_text(game) == "Tiger"
    game.undo()
    game.undo()
    assert opening_text(game) == "Perpendicular Opening"  # f5d6 in f5 coordinates
    set_up = Game(Board.from_transcript("f5d6"))
    set_up.play("c3")
    assert opening_text(set_up) == ""
