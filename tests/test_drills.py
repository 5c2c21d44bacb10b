"""Opening drills without the window: a named opening's tree, the computer's move weighted as
the explorer says, answers judged and scheduled as the puzzles are, "my openings" from the
library's games, the drills kept in the library (migration 3) and in the pending spool."""

from __future__ import annotations

import json
import random
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from othello.app.library import drill_store
from othello.app.library.database import MIGRATIONS, Library, _statements
from othello.app.library.game_records import GameRecord
from othello.app.library.old_files import take_in
from othello.core.board import Board
from othello.core.notation import parse_square, square_name
from othello.study.drills import (
    Drill,
    Schedule,
    Tree,
    choose,
    line_text,
    my_lines,
    named_choices,
    opening_lines,
    people_games,
)
from othello.study.named_openings import load_openings
from othello.study.puzzles import AGAIN, INTERVALS


def line(text: str) -> tuple[int, ...]:
    return tuple(e.square for e in Board.from_transcript(text).history)


def tiger() -> Tree:
    return Tree.of(opening_lines(load_openings()[0], "Tiger"))


def test_a_named_openings_tree_is_its_line_and_the_named_lines_after_it() -> None:
    book = load_openings()[0]
    lines = opening_lines(book, "Tiger")
    assert line("f5d6c3d3c4") in lines and line("f5d6c3d3c4f4c5b3c2") in lines  # Rose-Bill
    assert all(whole[:5] == line("f5d6c3d3c4") for whole in lines)
    assert line("f5d6c4d3c5") not in lines  # the Cat goes its own way
    tree = tiger()
    assert tree.next(line("f5d6c3d3")) == (parse_square("c4"),)  # on the way: one move
    assert set(tree.next(line("f5d6c3d3c4"))) == {parse_square("b3"), parse_square("f4")}
    assert tree.next(line("f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3")) == ()  # Mainline's end
    assert len(named_choices(book)) == 76
    black = tree.positions("black")
    assert () in black and line("f5d6") in black and line("f5") not in black


def test_the_computers_move_is_weighted_as_people_played_it() -> None:
    """At the Tiger (White to move) the named lines go on with f4 and b3: the computer plays
    each as often as people did (each weighs its games, plus one), seeded so the test is the
    same every time."""
    tree, at = tiger(), line("f5d6c3d3c4")
    board = Board.from_transcript("f5d6c3d3c4")
    games = people_games(board)
    f4, b3 = parse_square("f4"), parse_square("b3")
    assert games[f4] > 40 * games[b3] > 0  # the explorer's figures: 48,166 and 893
    rng = random.Random(44)
    drawn = Counter(choose(tree, at, board, Schedule(), rng) for _ in range(20_000))
    assert set(drawn) == {f4, b3}
    expected = (games[b3] + 1) / (games[f4] + games[b3] + 2)
    assert abs(drawn[b3] / 20_000 - expected) < 0.005


def test_the_computer_steers_to_a_branch_with_a_position_due() -> None:
    """Once the f4 side is answered right and waits, the b3 side (due) is where the drill
    goes, against the figures."""
    tree, at = tiger(), line("f5d6c3d3c4")
    board = Board.from_transcript("f5d6c3d3c4")
    schedule = Schedule()
    for _round in range(4):  # right four times: the last box, back after 80 answers
        for position in tree.under((*at, parse_square("f4"))):
            if len(position) % 2 == 0:
                schedule.answer(position, True)
    rng = random.Random(1)
    assert {choose(tree, at, board, schedule, rng) for _ in range(50)} == {parse_square("b3")}


def test_a_wrong_answer_shows_the_lines_move_and_comes_back_sooner() -> None:
    schedule = Schedule()
    drill = Drill(tiger(), "white", schedule, random.Random(3))
    assert drill.computers_turn()
    assert square_name(drill.computer_move()) == "f5"
    wrong = drill.answer(parse_square("f6"))  # the Diagonal, not the Tiger
    assert not wrong.right and square_name(wrong.expected) == "d6"
    assert drill.waiting is wrong and not drill.players_turn()
    assert drill.board.to_string() == Board.from_transcript("f5").to_string()  # not played
    card = schedule.cards["f5"]
    assert (card.box, card.due, card.wrong) == (1, schedule.turn + AGAIN, 1)
    assert square_name(drill.go_on() or 0) == "d6"
    assert drill.computers_turn()
    drill.computer_move()  # c3, the only named move
    right = drill.answer(parse_square("d3"))
    assert right.right
    card = schedule.cards["f5d6c3"]
    assert card.box == 2 and card.due == schedule.turn + INTERVALS[2] > schedule.turn + AGAIN
    assert schedule.known(tiger().positions("white")) == pytest.approx(1 / 21)


def test_black_may_open_on_any_of_the_four_first_moves() -> None:
    """d3 is f5 in a mirror: the drill goes on through the same mirror."""
    drill = Drill(tiger(), "black", Schedule(), random.Random(0))
    assert drill.answer(parse_square("d3")).right
    reply = drill.computer_move()
    assert square_name(reply) == "c5"  # d6 in the mirror that takes d3 to f5
    assert drill.line == line("f5d6")


def test_a_drill_ends_at_the_end_of_its_line() -> None:
    book = load_openings()[0]
    tree = Tree.of(opening_lines(book, "X-square Opening"))  # f5f6e6f4g7, nothing after it
    drill = Drill(tree, "black", Schedule(), random.Random(0))
    for move in ("f5", "f6", "e6", "f4", "g7"):
        if drill.computers_turn():
            assert square_name(drill.computer_move()) == move
        else:
            assert drill.answer(parse_square(move)).right
    assert drill.over() and (drill.right, drill.wrong) == (3, 0)


def record(transcript: str, black: str = "Ann") -> GameRecord:
    moves = [e.square for e in Board.from_transcript(transcript).history]
    return GameRecord(Board(), moves, black, "Bob", "2024-05-01")


def test_my_openings_are_the_library_games_lines_as_far_as_they_follow_named_lines(
    tmp_path: Path,
) -> None:
    book = load_openings()[0]
    with Library(tmp_path / "library.sqlite3") as library:
        assert drill_store.my_lines(library, book) == []
        library.add(record("f5d6c3d3c4f4c5b3c2d1"), "played here")  # Rose-Bill, then d1
        library.add(record("d3c5f6f5e6e3", black="Cy"), "played here")  # mirrored: ...c4 f4
        library.add(record("f5f4e3"), "played here")  # the Parallel, then off the book
        gone = library.add(record("f5f6e6f4c3"), "played here")
        assert gone is not None
        library.delete([gone])
        found = drill_store.my_lines(library, book)
    assert found == sorted([line("f5d6c3d3c4f4c5b3c2"), line("f5d6c3d3c4f4"), line("f5f4")])
    tree = Tree.of(found)
    assert set(tree.next(line("f5"))) == {parse_square("d6"), parse_square("f4")}
    assert my_lines(book, [line("e6f4")]) == [line("f5d6")]  # any first move: seen from f5


def test_the_schedule_is_kept_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    schedule = Schedule()
    saves = drill_store.DrillSaves(schedule)
    schedule.answer(line("f5"), False)
    schedule.answer(line("f5d6c3"), True)
    with Library(path) as library:
        drill_store.write(library, saves.take(schedule))
    schedule.answer(line("f5"), True)
    with Library(path) as library:
        drill_store.write(library, saves.take(schedule))
        library.db.execute(
            "INSERT INTO drills VALUES ('f5zz', 1, 0, 0, 0, NULL), ('f5d6', 9, 0, 0, 0, 1)"
        )
        back, notice = drill_store.load(library)
    assert back.turn == 3 and back.cards == schedule.cards
    assert notice is not None and "2 of your drilled positions" in notice


def test_the_drills_table_comes_with_migration_3_over_a_library_of_schema_2(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for script in MIGRATIONS[:2]:
        for statement in _statements(script):
            db.execute(statement)
    db.execute("PRAGMA user_version = 2")
    db.execute("INSERT INTO puzzles VALUES ('p1', '{}')")
    db.execute("INSERT INTO meta VALUES ('rating', 'kept')")
    db.close()
    with Library(path) as library:
        assert library.execute("PRAGMA user_version")[0][0] == len(MIGRATIONS)  # 3 and on
        assert library.execute("SELECT id FROM puzzles") == [("p1",)]
        assert library.meta("rating") == "kept"
        schedule, notice = drill_store.load(library)
        assert schedule == Schedule() and notice is None
        changes = drill_store.DrillChanges({"f5": (2, 7, 1, 0, 1)}, answers=1)
        drill_store.write(library, changes)
        assert drill_store.load(library)[0].cards["f5"].last_right is True


def test_answers_the_library_could_not_take_come_in_from_the_spool(tmp_path: Path) -> None:
    spool = tmp_path / "library-pending"
    spool.mkdir()
    changes = drill_store.DrillChanges({line_text(line("f5d6")): (1, 5, 0, 1, 0)}, answers=2)
    (spool / "20250101-000000.drills.json").write_text(changes.to_text(), encoding="utf-8")
    (spool / "20250101-000001.drills.json").write_text(
        json.dumps({"format": "othello-drills", "version": 1, "answers": 1, "rows": {"x": 1}}),
        encoding="utf-8",
    )
    with Library(tmp_path / "library.sqlite3") as library:
        taken = take_in(library, tmp_path, [spool])
        schedule, _ = drill_store.load(library)
    assert schedule.turn == 2 and schedule.cards["f5d6"].wrong == 1
    assert len(taken.notices) == 1 and "could not be read" in taken.notices[0]
