"""GGF as the Internet Othello server GGS and NBoard wrote it: real records (ggs_records.py
says where each was found), read and checked against what is known of them: what the tests
that quote them say, and their own RE tags; and files of many games."""

from __future__ import annotations

import pytest

from othello.app.files.game_files import parse_game_text
from othello.app.library.game_records import GameRecord, Problem, records_from_text
from othello.core.bitboard import PASS
from othello.core.board import Board
from othello.core.errors import GameTextError
from othello.core.notation import parse_square
from othello.formats.ggf import GgfGame, GgfProblem, format_ggf, read_games
from support.ggs_records import (
    EDAX_ROXANE,
    FANGR,
    HERCULE,
    KOMI,
    REAL,
    SAIO,
    SYNCHRO,
    WHITE_STARTS,
    end_of,
    games_of,
)


def re_value(game: GgfGame) -> float:
    """GGS's result for Black: the disc difference less the komi (KM) where there is one."""
    return float(game.tags["RE"]) + float(game.tags.get("KM", "0"))


@pytest.mark.parametrize(
    "text", REAL, ids=["saio", "komi", "white", "hercule", "synchro", "edax", "fangr"]
)
def test_every_real_record_reads_to_its_recorded_result(text: str) -> None:
    for game in games_of(text):
        board = end_of(game)
        assert board.is_game_over() and game.end == board
        assert board.score() == re_value(game)  # RE is Black's margin, komi aside


def test_the_saio_draw_as_nboards_author_describes_it() -> None:
    (game,) = games_of(SAIO)
    assert len(game.moves) == 61 and game.moves.count(PASS) == 1
    assert (game.tags["PB"], game.tags["PW"], game.tags["PC"]) == ("Saio1200", "Saio3000", "GGS/os")
    assert (game.tags["DT"], game.tags["TI"], game.tags["TY"]) == (
        "2003.12.15_13:24:03.MST",
        "05:00//02:00",
        "8",
    )
    assert end_of(game).empties() == 0 and end_of(game).score() == 0
    after_d3 = game.start.copy()
    after_d3.push_square(game.moves[0])
    # "-------- -------- ---*---- ---**--- ---*O--- ..." with White to move (MutableGameTest)
    expected = Board.from_string("-" * 19 + "X" + "-" * 7 + "XX" + "-" * 6 + "XO" + "-" * 27 + " O")
    assert after_d3 == expected


def test_annotations_passes_and_tags_are_kept_and_written_back() -> None:
    (game,) = games_of(FANGR)
    assert game.notes[:2] == ["//4.09", "/-48.50/0.93"]
    assert game.moves.count(PASS) == 2 and game.notes[game.moves.index(PASS)] == "//1.67"
    written = format_ggf(game.start, game.moves, game.tags, game.notes)
    again = games_of(written)[0]
    assert (again.moves, again.notes, again.tags) == (game.moves, game.notes, game.tags)
    assert "W[F4/-48.50/0.93]" in written and "B[PA//1.67]" in written
    assert written.index("PC[") < written.index("DT[") < written.index("PB[") < written.index("RE[")


def test_komi_moves_are_tags_not_moves_and_white_may_start() -> None:
    (komi,) = games_of(KOMI)
    assert komi.tags["KB"] == "e6//0.90" and len(komi.moves) == 60
    (white,) = games_of(WHITE_STARTS)
    assert not white.start.black_to_move and white.moves[0] == parse_square("b5")


def test_synchro_pairs_and_match_lines_give_each_game() -> None:
    pair = games_of(SYNCHRO)
    assert [g.tags["PB"] for g in pair] == ["Saio7000", "Saio3001"]
    assert [g.moves.count(PASS) for g in pair] == [2, 0]  # "B[pass]" twice in the first
    edax = games_of(EDAX_ROXANE)
    assert all(g.start.count() == (11, 7) for g in edax)  # the random 18-disc start
    assert len(games_of("\n".join([HERCULE, SYNCHRO, EDAX_ROXANE]))) == 5


def test_moves_in_either_case_and_passes_either_way() -> None:
    lower = SAIO.replace("B[pass]", "B[PA]")
    upper = "".join(
        c.upper() if c in "abcdefgh" and SAIO[i - 2 : i] in ("B[", "W[") else c
        for i, c in enumerate(SAIO)
    )
    assert games_of(lower)[0].moves == games_of(upper)[0].moves == games_of(SAIO)[0].moves


def test_a_board_not_8x8_and_an_illegal_move_are_skipped_with_their_reason() -> None:
    ten = "(;GM[Othello]PC[GGS/os]TY[10]BO[10 " + "-" * 100 + " *]B[e6];)"
    illegal = SAIO.replace("W[c5//0.01]", "W[a1//0.01]")
    found = list(read_games("\n".join([HERCULE, ten, illegal, FANGR])))
    assert [type(g).__name__ for g in found] == ["GgfGame", "GgfProblem", "GgfProblem", "GgfGame"]
    assert isinstance(found[1], GgfProblem) and "10x10, not 8x8" in found[1].reason
    assert isinstance(found[2], GgfProblem) and "a1" in found[2].reason and found[2].number == 3
    broken = list(read_games(HERCULE[:300] + "\n" + FANGR))  # a record cut short
    assert isinstance(broken[0], GgfProblem) and isinstance(broken[-1], GgfGame)


def test_the_app_reads_them_as_records_with_names_dates_and_results() -> None:
    source = records_from_text("\n".join([HERCULE, SYNCHRO]))
    assert source.total == 3
    items = list(source.items)
    assert all(isinstance(i, GameRecord) for i in items)
    first = items[0]
    assert isinstance(first, GameRecord)
    assert (first.black, first.white, first.date, first.result()) == (
        "hercule",
        "scorp+",
        "2010-10-17 05:23",
        6,
    )
    fangr = next(iter(records_from_text(FANGR).items))
    assert (
        isinstance(fangr, GameRecord) and fangr.date == "2000-04-16 11:13" and fangr.result() == -40
    )


def test_pasting_or_loading_ggf_gives_its_first_game() -> None:
    game = parse_game_text(HERCULE)
    assert len(game.moves) == 60 and game.board.is_game_over()
    assert parse_game_text(EDAX_ROXANE).start.count() == (11, 7)
    with pytest.raises(GameTextError, match="10x10"):
        parse_game_text("(;GM[Othello]BO[10 " + "-" * 100 + " *];)")


@pytest.mark.parametrize(
    "text",
    [
        "f5 d6 c3 d3 c4",
        "1. f5 d6 2. c3 d3 3. c4",
        "F5D6C3D3C4",
        "f5d6c3d3c4",
        "1.f5 d6 2.c3 d3 3.c4",
    ],
)
def test_transcripts_as_people_write_them(text: str) -> None:
    assert parse_game_text(text).transcript() == "f5d6c3d3c4"


def test_passes_written_out_or_left_out() -> None:
    game = games_of(SAIO)[0]
    with_word = " ".join(
        "pass" if sq == PASS else f"{'abcdefgh'[sq % 8]}{sq // 8 + 1}" for sq in game.moves
    )
    without = "".join(f"{'abcdefgh'[sq % 8]}{sq // 8 + 1}" for sq in game.moves if sq != PASS)
    assert parse_game_text(with_word).moves == parse_game_text(without).moves == game.moves


def test_a_file_of_transcripts_one_a_line_with_scores_after_them() -> None:
    lines = "f5d6c3d3c4f4f6f3e6e7 12-8\nnot a game\nd3c5f6f5e6e3\n"
    items = list(records_from_text(lines).items)
    assert [type(i) for i in items] == [GameRecord, Problem, GameRecord]
