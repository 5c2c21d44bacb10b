"""The spoken sentences checked against the position they speak of, in English and in
French: a scan of a line is read back square by square and must name each square's content
truly; "turns 2" must be the discs the move turns, and the squares listed the ones it turns.
The checks read the sentences back through the language's own templates, so the same check
holds in both languages."""

from __future__ import annotations

import random
import re

import pytest

from othello.app import i18n
from othello.app.i18n import _, ngettext, pgettext
from othello.app.speech import sentences as said
from othello.app.speech.squares import NATO, spoken_square
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.core.notation import parse_square, square_name

LANGUAGES = ("en", "fr")


def positions(count: int = 40, seed: int = 53) -> list[Board]:
    """Positions from random games, early to late, each with its history."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = Board()
        stop = rng.randrange(1, 64)
        while not board.is_game_over() and len(board.history) < stop:
            squares = board.legal_squares()
            if squares:
                board.push_square(rng.choice(squares))
            else:
                board.push_pass()
        found.append(board)
    return found


def pattern(template: str, **groups: str) -> str:
    """A template of the language in effect as a regular expression, its fields as groups."""
    parts = re.split(r"(\{\w+\})", template)
    out = []
    for piece in parts:
        m = re.fullmatch(r"\{(\w+)\}", piece)
        out.append(f"(?P<{m.group(1)}>{groups.get(m.group(1), '.+?')})" if m else re.escape(piece))
    return "".join(out)


def read_runs(text: str) -> list[tuple[str, str, str]]:
    """A line's runs read back: (first label, last label, content), in the language in effect."""
    separator = pgettext("list", ", ")
    found = []
    for run in text.split(separator):
        for content in ("empty", "black", "white"):
            many = said.run_words(content, "{first}", "{last}")
            one = said.run_words(content, "{square}", None)
            m = re.fullmatch(pattern(many, first=r"[^ ]+( \d)?", last=r"[^ ]+( \d)?"), run)
            if m:
                found.append((m.group("first"), m.group("last"), content))
                break
            m = re.fullmatch(pattern(one, square=r"[^ ]+( \d)?"), run)
            if m:
                found.append((m.group("square"), m.group("square"), content))
                break
        else:
            raise AssertionError(f"{run!r} is no run")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", said.LINE_KINDS)
def test_a_line_scan_names_each_square_truly(language: str, kind: said.LineKind) -> None:
    i18n.set_language(language)
    for board in positions(12):
        for square in (0, 19, 27, 45, 63, 7):
            text = said.line_words(board, kind, square)
            squares = said.line_squares(kind, square)
            head, _sep, body = text.partition(": " if language == "en" else " : ")
            assert body, text
            if kind == "row":
                assert head == _("row {row}: {runs}").split(":")[0].strip().format(
                    row=square // 8 + 1
                )
                label = [square_name(s)[0] for s in squares]
            elif kind == "column":
                label = [square_name(s)[1] for s in squares]
            else:
                label = [square_name(s) for s in squares]
            covered: list[str] = []
            for first, last, content in read_runs(body):
                run = label[label.index(first) : label.index(last) + 1]
                assert run, text
                for name in run:
                    assert said.content(board, squares[label.index(name)]) == content, text
                covered += run
            assert covered == label, text  # every square once, in order


def test_a_line_through_a_corner_and_the_diagonals_are_the_right_squares() -> None:
    d4 = parse_square("d4")
    assert [square_name(s) for s in said.line_squares("diagonal", d4)] == [
        "a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"
    ]  # fmt: skip
    assert [square_name(s) for s in said.line_squares("antidiagonal", d4)] == [
        "g1", "f2", "e3", "d4", "c5", "b6", "a7"
    ]  # fmt: skip
    assert [square_name(s) for s in said.line_squares("diagonal", parse_square("h1"))] == ["h1"]
    board = Board()
    assert (
        said.line_words(board, "row", d4) == "row 4: a to c empty, d white, e black, f to h empty"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_turns_n_is_the_number_of_discs_the_move_turned(language: str) -> None:
    i18n.set_language(language)
    template = ngettext(
        "{side} {square}, turns {n}: {squares}", "{side} {square}, turns {n}: {squares}", 2
    )
    checked = 0
    for board in positions(30):
        last = board.history[-1]
        if last.square == PASS:
            continue
        text = said.after_move(board)
        m = re.match(pattern(template, n=r"\d+", square=r"[a-h][1-8]", squares=r"[^.]+"), text)
        assert m, text
        turned = [s for s in range(64) if last.flipped >> s & 1]
        assert int(m.group("n")) == len(turned) > 0
        assert m.group("square") == square_name(last.square)
        listed = re.findall(r"[a-h][1-8]", m.group("squares"))
        assert listed == [square_name(s) for s in turned]
        brief = said.after_move(board, brief=True)
        assert brief == f"{square_name(last.square)}, {len(turned)}"
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cursor_says_what_is_on_a_square_and_what_a_move_there_would_turn(
    language: str,
) -> None:
    i18n.set_language(language)
    for board in positions(10):
        legal = board.legal_squares()
        for square in range(64):
            text = said.square_words(board, square)
            name = square_name(square)
            content = said.content(board, square)
            if content != "empty":
                assert text == _(f"{{square}}, {content}").format(square=name)
            elif square in legal:
                n = len(board.flips(square))
                assert text == ngettext(
                    "{square}, empty, you can play here, turns {n}",
                    "{square}, empty, you can play here, turns {n}",
                    n,
                ).format(square=name, n=n)
                ahead = said.turn_words(board, square)
                assert re.findall(r"[a-h][1-8]", ahead)[1:] == [
                    square_name(s) for s in board.flips(square)
                ]
            else:
                assert text == _("{square}, empty").format(square=name)
                assert said.turn_words(board, square) == _("{square} is not a legal move").format(
                    square=name
                )


def test_the_sentences_after_a_move_in_english_and_french() -> None:
    board = Board()
    board.push("d3")
    assert said.after_move(board) == "Black d3, turns 1: d4. Black 4, White 1. White to move."
    board.push("c3")
    assert said.last_move_words(board) == "Last move: White c3, turns 1: d4"
    i18n.set_language("fr")
    french = said.after_move(board)
    assert french.startswith("Blanc c3, retourne 1 : d4.")
    assert "Noir 3, Blanc 3" in french and "Noir" in french.split(".")[-2]


def test_the_legal_moves_corners_score_and_mobility() -> None:
    board = Board()
    assert said.legal_words(board) == "4 legal moves: d3, c4, f5 and e6"
    assert said.corners_words(board) == "Corners: a1 empty, h1 empty, a8 empty, h8 empty"
    assert said.mobility_words(board) == "Mobility: Black 4, White 4"
    assert said.score_words(board) == "Black 2, White 2"
    edges = said.edges_words(board)
    assert edges[0] == "row 1: a to h empty" and edges[3] == "column h: 1 to 8 empty"
    for board in positions(10):
        text = said.legal_words(board)
        assert re.findall(r"[a-h][1-8]", text) == board.legal_moves()
        black = len(Board.from_bitboards(board.black, board.white, True).legal_squares())
        white = len(Board.from_bitboards(board.black, board.white, False).legal_squares())
        assert said.mobility_words(board) == f"Mobility: Black {black}, White {white}"


def test_a_pass_and_the_end_are_said_with_the_score() -> None:
    board = next(b for b in positions(300, seed=11) if b.must_pass())
    mover = board.side_to_move
    assert said.to_move_words(board) == said.pass_words(mover)
    board.push_pass()
    side = "Black" if mover == "black" else "White"
    assert said.last_move_words(board) == f"Last move: {side} passed"
    while not board.is_game_over():
        if board.must_pass():
            board.push_pass()
        else:
            board.push_square(board.legal_squares()[0])
    black, white = board.count()
    end = said.to_move_words(board)
    winner = "Black wins" if black > white else "White wins" if white > black else "Draw"
    assert end == f"Game over: {winner}, Black {black}, White {white}"


def test_a_pass_is_said_after_the_move_that_leaves_the_other_side_without_one() -> None:
    for board in positions(200, seed=7):
        if board.history[-1].square != PASS and board.must_pass():
            mover = board.side_to_move
            assert said.after_move(board).endswith(said.pass_words(mover) + ".")
            return
    pytest.fail("no position with a pass among the random games")


def test_squares_in_the_nato_alphabet_and_clocks() -> None:
    assert spoken_square(parse_square("d3"), "nato") == "delta 3"
    assert spoken_square(parse_square("h8"), "nato") == "hotel 8"
    assert len(NATO) == 8
    board = Board()
    assert said.square_words(board, parse_square("e4"), "nato") == "echo 4, black"
    assert said.line_words(board, "row", 27, "nato").startswith("row 4: alfa to charlie empty")
    assert said.clock_warning("white", 10) == "White: 10 seconds left"
    assert said.clocks_words(272, 5.5) == "Clocks: Black 4:32, White 0:05"
    assert said.clocks_words(None, None) == "No clock in this game"


def test_the_opening_is_named_in_the_players_language() -> None:
    moves = [parse_square(s) for s in ("f5", "d6", "c3", "d3", "c4")]
    assert said.opening_words(moves) == "Opening: Tiger"
    assert said.opening_words([parse_square("f5")]) == "No named opening"
    i18n.set_language("ja")
    assert "虎" in said.opening_words(moves)


def test_a_list_and_sentences_are_joined_the_languages_way() -> None:
    assert said.listing(["d4"]) == "d4"
    assert said.listing(["c3", "d4", "d5"]) == "c3, d4 and d5"
    assert said.spoken("Black to move", "") == "Black to move."
    assert said.spoken("It gives White the a8 corner.", "d3") == "It gives White the a8 corner. d3."
    i18n.set_language("fr")
    assert said.listing(["c3", "d4", "d5"]) == "c3, d4 et d5"
    i18n.set_language("ja")
    assert said.spoken("a", "b") == "a。 b。"
