"""The coach (issue 44): each theme checked against a computation of its own, written here
square by square, on positions chosen to show it and to not show it; the sentences; the
command line's JSON."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from othello.app import coach_words
from othello.app.i18n import LANGUAGES, set_language
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.notation import parse_move, parse_square, square_name
from othello.study.coach import (
    C_SQUARES,
    CORNERS,
    X_SQUARES,
    Theme,
    ThemeFound,
    regions,
    themes,
)

DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def grid(board: Board) -> dict[tuple[int, int], str]:
    """The board square by square: (row, col) -> 'p' (side to move), 'o' or '.'."""
    p, o = board.player, board.opponent
    return {
        (sq // 8, sq % 8): "p" if p >> sq & 1 else "o" if o >> sq & 1 else "." for sq in range(64)
    }


def naive_moves(cells: dict[tuple[int, int], str], me: str) -> set[Square]:
    other = "o" if me == "p" else "p"
    found = set()
    for (r, c), v in cells.items():
        if v != ".":
            continue
        for dr, dc in DIRECTIONS:
            rr, cc, seen = r + dr, c + dc, 0
            while cells.get((rr, cc)) == other:
                rr, cc, seen = rr + dr, cc + dc, seen + 1
            if seen and cells.get((rr, cc)) == me:
                found.add(r * 8 + c)
                break
    return found


def naive_after(cells: dict[tuple[int, int], str], sq: Square) -> dict[tuple[int, int], str]:
    after = dict(cells)
    r, c = divmod(sq, 8)
    after[(r, c)] = "p"
    for dr, dc in DIRECTIONS:
        rr, cc, run = r + dr, c + dc, []
        while after.get((rr, cc)) == "o":
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if run and after.get((rr, cc)) == "p":
            for cell in run:
                after[cell] = "p"
    return after


def naive_frontier(cells: dict[tuple[int, int], str]) -> int:
    return sum(
        1
        for (r, c), v in cells.items()
        if v == "p" and any(cells.get((r + dr, c + dc)) == "." for dr, dc in DIRECTIONS)
    )


def named(found: list[ThemeFound]) -> set[Theme]:
    return {f.theme for f in found}


def board_of(text: str) -> Board:
    return Board.from_transcript(text)


# ----- the squares next to a corner ---------------------------------------------------------


def test_a_move_onto_b2_with_a1_empty_is_an_x_square_and_with_a1_taken_it_is_not() -> None:
    rng = random.Random(4)
    seen = {True: 0, False: 0}
    for _ in range(600):  # some 460 X-square moves, 19 of them beside a taken corner
        board = Board()
        for _ in range(rng.randrange(4, 50)):
            legal = board.legal_squares()
            if board.is_game_over():
                break
            board.push_square(rng.choice(legal) if legal else PASS)
        legal = board.legal_squares()
        if board.is_game_over() or len(legal) < 2:
            continue
        for played in legal:
            best = next(m for m in legal if m != played)
            found = named(themes(board, played, best))
            empty_corner = played in X_SQUARES and grid(board)[divmod(X_SQUARES[played], 8)] == "."
            assert (Theme.X_SQUARE in found) == empty_corner
            near_c = played in C_SQUARES and grid(board)[divmod(C_SQUARES[played], 8)] == "."
            assert (Theme.C_SQUARE in found) == near_c
            if played in X_SQUARES:
                seen[empty_corner] += 1
    assert seen[True] > 20 and seen[False] > 5  # both cases met


def test_the_same_move_or_a_pass_has_no_theme() -> None:
    board = board_of("f5d6c3d3c4")
    move = board.legal_squares()[0]
    assert themes(board, move, move) == [] and themes(board, PASS, move) == []


# ----- the corner, mobility, frontier, edge, against the board square by square ------------------


def random_positions(count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        board = Board()
        for _ in range(rng.randrange(10, 54)):
            if board.is_game_over():
                break
            legal = board.legal_squares()
            board.push_square(rng.choice(legal) if legal else PASS)
        if not board.is_game_over() and len(board.legal_squares()) >= 2:
            found.append(board)
    return found


def test_each_theme_agrees_with_the_board_counted_square_by_square() -> None:
    counted = {theme: 0 for theme in Theme}
    for board in random_positions(400, 7):
        cells = grid(board)
        legal = board.legal_squares()
        for played in legal[:4]:
            for best in legal[:4]:
                if best == played:
                    continue
                after_p, after_b = naive_after(cells, played), naive_after(cells, best)
                theirs_p = naive_moves(after_p, "o")
                theirs_b = naive_moves(after_b, "o")
                corners = [c for c in CORNERS if c in theirs_p and c not in theirs_b]
                line = [corners[0]] if corners else []  # the line takes the corner given
                found = {f.theme: f for f in themes(board, played, best, line)}
                for f in found.values():
                    counted[f.theme] += 1
                assert (Theme.CORNER_GIVEN in found) == bool(corners)
                missed = best in CORNERS and played not in CORNERS
                assert (Theme.CORNER_MISSED in found) == missed
                if Theme.CORNER_GIVEN in found:
                    assert found[Theme.CORNER_GIVEN].numbers["corner"] == square_name(corners[0])
                mobility = len(theirs_p) - len(theirs_b)
                assert (Theme.MOBILITY in found) == (mobility >= 3)
                if Theme.MOBILITY in found:
                    numbers = found[Theme.MOBILITY].numbers
                    assert (numbers["opponent_moves"], numbers["after_best"]) == (
                        len(theirs_p),
                        len(theirs_b),
                    )
                frontier = naive_frontier(after_p) - naive_frontier(after_b)
                assert (Theme.FRONTIER in found) == (frontier >= 3)
                if found.get(Theme.FRONTIER) and found[Theme.FRONTIER].numbers.get("best_quiet"):
                    # a quiet best move never opens the frontier
                    assert naive_frontier(after_b) <= naive_frontier(cells)
                for theme in (Theme.EDGE,):
                    if theme in found:
                        sq = parse_square(str(found[theme].numbers["square"]))
                        r, c = divmod(sq, 8)
                        step = (0, 1) if r in (0, 7) else (1, 0)
                        ahead, back = (r + step[0], c + step[1]), (r - step[0], c - step[1])
                        assert sq in theirs_p  # a wedge now, between two of the mover's discs
                        assert {after_p.get(ahead), after_p.get(back)} == {"p"}
                        flanked = {after_b.get(ahead), after_b.get(back)} == {"p"}
                        assert sq not in theirs_b or not flanked  # none after the best
    assert counted[Theme.MOBILITY] > 50 and counted[Theme.FRONTIER] > 50
    assert counted[Theme.CORNER_GIVEN] > 5 and counted[Theme.EDGE] > 5


def test_a_corner_the_opponent_cannot_take_is_never_given() -> None:
    """And one the opponent could take but the line does not is not named either."""
    for board in random_positions(300, 11):
        legal = board.legal_squares()
        played, best = legal[0], legal[1]
        after = board.copy()
        after.push_square(played)
        theirs = set(after.legal_squares()) if not after.must_pass() else set()
        every_corner = list(CORNERS)
        found = themes(board, played, best, every_corner)
        for f in found:
            if f.theme is Theme.CORNER_GIVEN:
                assert parse_square(str(f.numbers["corner"])) in theirs
        assert Theme.CORNER_GIVEN not in named(themes(board, played, best, []))


def test_parity_counts_the_regions_of_empty_squares() -> None:
    empty = (1 << 0) | (1 << 1) | (1 << 63) | (1 << 62) | (1 << 55)
    sizes = sorted(bin(r).count("1") for r in regions(empty))
    assert sizes == [2, 3]
    board = Board.from_string(
        "--OOOOOX" + "OOOOOOOX" + "OOXXXOOX" + "OXXXXOOX" + "OXXXOXOX" + "OXXOXXOX"
        + "OXXXXXO-" + "OOOOOO-- X"
    )  # fmt: skip
    legal = board.legal_squares()
    odd = [m for m in legal if m >= 55]
    even = [m for m in legal if m < 2]
    if odd and even:
        found = named(themes(board, even[0], odd[0]))
        assert Theme.PARITY in found
        assert Theme.PARITY not in named(themes(board, odd[0], even[0]))


# ----- the words ----------------------------------------------------------------------------------


EXAMPLES: dict[Theme, dict[str, int | str | bool]] = {
    Theme.CORNER_GIVEN: {"corner": "a1"},
    Theme.CORNER_MISSED: {"corner": "h8"},
    Theme.X_SQUARE: {"square": "b2", "corner": "a1"},
    Theme.C_SQUARE: {"square": "b1", "corner": "a1"},
    Theme.STABLE_DISCS: {"stable": 3, "after_best": 6},
    Theme.EDGE: {"square": "d1"},
    Theme.PARITY: {"region": 2, "best_region": 3},
    Theme.MOBILITY: {"opponent_moves": 9, "after_best": 4},
    Theme.FRONTIER: {"frontier": 12, "after_best": 7, "best_quiet": True, "best_flips": 1},
}
"""Each theme's numbers as the coach gives them: a new theme needs its example here."""


def test_every_theme_has_an_example() -> None:
    assert list(EXAMPLES) == list(Theme)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_theme_has_a_sentence_in_every_language(code: str) -> None:
    set_language(code)
    every = [ThemeFound(theme, numbers) for theme, numbers in EXAMPLES.items()]
    sentences = [coach_words.why([f], "black", 19, 5) for f in every]
    assert all(s and "{" not in s for s in sentences)
    assert "a1" in sentences[0] and "h8" in sentences[1] and "b2" in sentences[2]
    assert "d3" in sentences[4]
    if code != "en":  # translated, not the English
        set_language("en")
        english = [coach_words.why([f], "black", 19, 5) for f in every]
        set_language(code)
        assert all(a != b for a, b in zip(sentences, english, strict=True))
    assert coach_words.why([], "white", 19, 0) == ""
    assert coach_words.why([], "white", 19, 3)  # the loss shows deeper: said so
    set_language("en")


# ----- the command line ---------------------------------------------------------------------------

GAME = (
    "f5d6c5f4e3c4e6c6f3f6e7f8f7g6h5h6h7g5e8d8d7d3h4c8c2g3g4h3h2g8c3d2c1e2d1f1f2b3b2g2b6c7"
    "b7e1h1g1a2b4a4b5a5a3g7h8a7a8a6b8a1b1"
)  # a tournament game, from WTHOR


@pytest.mark.slow
def test_review_json_gives_each_move_its_line_themes_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from othello import cli

    path = tmp_path / "game.txt"
    path.write_text(GAME + "\n")
    assert cli.main(["review", str(path), "--json", "--workers", "1", "--language", "ja"]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    assert len(moves) == 60
    for move in moves:
        assert set(move) >= {"line", "themes", "why"}
        assert all(parse_move(sq) in range(-1, 64) for sq in move["line"])
        assert bool(move["why"]) == (move["loss"] > 0)
        for theme in move["themes"]:
            assert theme["name"] in {t.value for t in Theme}
    b2 = next(m for m in moves if m["played"] == "b2")
    assert {"name": "x-square", "square": "b2", "corner": "a1"} in b2["themes"]
    assert "b2" in b2["why"] and "X" in b2["why"]  # in Japanese, with its square and X


def test_the_square_and_its_corner_are_said_once() -> None:
    """Issue 51, item 10: "It is played on b2, the X-square ..." (and "b2に打っています。") after
    a sentence that named the move already; the square is the sentence's subject now."""
    x = ThemeFound(Theme.X_SQUARE, {"square": "b2", "corner": "a1"})
    c = ThemeFound(Theme.C_SQUARE, {"square": "b1", "corner": "a1"})
    assert coach_words.why([x], "black", 19, 5) == "b2 is the X-square next to the empty a1 corner."
    assert coach_words.why([c], "black", 19, 5) == "b1 is a C-square beside the empty a1 corner."
    set_language("ja")
    try:
        for found in (x, c):
            words = coach_words.why([found], "black", 19, 5)
            assert "打っています" not in words and words.count(str(found.numbers["square"])) == 1
    finally:
        set_language("en")


def test_two_sentences_of_one_theme_are_joined_as_the_language_writes_them() -> None:
    """The frontier's second sentence (a quiet best move) once followed the first after a
    space in every language: Japanese and Chinese put none."""
    found = ThemeFound(
        Theme.FRONTIER, {"frontier": 12, "after_best": 7, "best_quiet": True, "best_flips": 1}
    )
    assert "7 after d3. d3 is a quiet move" in coach_words.why([found], "black", 19, 5)
    set_language("ja")
    try:
        assert "。 " not in coach_words.why([found], "black", 19, 5)
    finally:
        set_language("en")
