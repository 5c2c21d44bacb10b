"""What a file of games brings in, whatever it holds: one bad tag costs its game only; names
and tags come in cleaned and bounded; every door reads a file's text the same way, record by
record where encodings mix; transcripts one a line stay apart."""

from __future__ import annotations

import codecs
import os
from pathlib import Path

import pytest

from othello.app.files.game_files import load_game, parse_game_text
from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord, Problem, read_source, records_from_text
from othello.app.library.importing import import_file
from othello.app.library.query import Filter, rows
from support.ggs_records import FANGR, HERCULE, SAIO


@pytest.fixture
def library(tmp_path: Path) -> Library:
    return Library(tmp_path / "library.sqlite3")


def imported(library: Library, path: Path) -> list[tuple[str, str]]:
    import_file(library, path)
    return sorted((row.black, row.white) for row in rows(library, Filter(), 0, 100))


def with_tag(record: str, tag: str, value: str) -> str:
    """``record`` with ``tag``'s value replaced (or added after GM)."""
    start = record.find(f"{tag}[")
    if start < 0:
        return record.replace("(;GM[Othello]", f"(;GM[Othello]{tag}[{value}]", 1)
    end = record.index("]", start)
    return record[:start] + f"{tag}[{value}" + record[end:]


@pytest.mark.parametrize(
    ("tag", "value", "why"),
    [
        ("DT", "99999999999999999999", "DT["),
        ("DT", "²³⁴⁵⁶⁷⁸⁹¹", "DT["),
        ("DT", "7" * 5000, "DT["),
        ("RE", "9" * 5000, "RE["),
        ("RE", "+99999999999999999999:t", "RE["),
    ],
)
def test_a_bad_date_or_result_costs_its_game_only(
    library: Library, tmp_path: Path, tag: str, value: str, why: str
) -> None:
    path = tmp_path / "games.ggf"
    bad = with_tag(HERCULE, tag, value)
    path.write_text("\n".join([FANGR, bad, SAIO]) + "\n", encoding="utf-8")
    report = import_file(library, path)
    assert (report.added, report.skipped) == (2, 1)
    assert report.first_error is not None and why in report.first_error
    assert len(report.first_error) < 200


@pytest.mark.skipif(os.name != "posix", reason="file names of bytes, as on POSIX")
def test_a_file_name_that_is_not_utf8_is_still_the_source(library: Library, tmp_path: Path) -> None:
    path = Path(os.fsdecode(bytes(tmp_path) + b"/f\xe9.ggf"))
    path.write_text(FANGR, encoding="utf-8")
    report = import_file(library, path)
    assert report.added == 1 and "\ufffd" in report.line()
    (row,) = rows(library, Filter(), 0, 10)
    assert row.source == "f\ufffd.ggf"


def test_names_and_tags_come_in_cleaned_and_bounded(library: Library, tmp_path: Path) -> None:
    from othello.app.files import record_text

    huge = with_tag(SAIO, "PB", "x" * 1_000_000)
    nul = with_tag(with_tag(HERCULE, "PB", "her\0cule"), "PW", "sco\nrp+\x07")
    noted = with_tag(FANGR, "TI", "15:00\n//02:00" + "y" * 5000)
    path = tmp_path / "games.ggf"
    path.write_text("\n".join([huge, nul, noted]) + "\n", encoding="utf-8")
    source = list(read_source(path).items)
    assert all(isinstance(g, GameRecord) for g in source)
    first, second, third = (g for g in source if isinstance(g, GameRecord))
    assert len(first.black) == record_text.NAME_CHARS and first.black.endswith("…")
    assert (second.black, second.white) == ("hercule", "sco rp+")
    assert third.tags["TI"].startswith("15:00 //02:00")
    assert len(third.tags["TI"]) == record_text.FIELD_CHARS
    import_file(library, path)
    names = {row.black for row in rows(library, Filter(), 0, 10)}
    assert "hercule" in names and max(len(n) for n in names) == record_text.NAME_CHARS


# ----- one reader for every door ------------------------------------------------------------


def mixed_file(tmp_path: Path) -> Path:
    """GGS lines in UTF-8, and one whose name an old program wrote in Latin-1."""
    utf8 = with_tag(HERCULE, "PB", "José Müller").encode("utf-8")
    latin = with_tag(FANGR, "PW", "Gérard").encode("latin-1")
    path = tmp_path / "mixed.ggf"
    path.write_bytes(b"\n".join([utf8, latin]) + b"\n")
    return path


def test_a_latin1_record_leaves_the_utf8_names_of_its_file_alone(
    library: Library, tmp_path: Path
) -> None:
    path = mixed_file(tmp_path)
    names = imported(library, path)
    assert ("José Müller", "scorp+") in names and ("fangr", "Gérard") in names


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "utf-16-le", "utf-8-sig", "cp1252"])
def test_load_and_import_read_the_same_text(
    library: Library, tmp_path: Path, encoding: str
) -> None:
    text = with_tag(FANGR, "PB", "Gérard")
    path = tmp_path / f"{encoding}.ggf"
    raw = text.encode(encoding)
    if encoding == "utf-16-le":  # Notepad's "Unicode" has its mark; another program may not
        raw = text.encode("utf-16-le")
    path.write_bytes(raw)
    loaded = load_game(path)  # --load, Ctrl+O, a dropped file, othello review
    (record,) = list(read_source(path).items)  # othello import, the window's import
    assert isinstance(record, GameRecord) and record.black == "Gérard"
    assert loaded.moves == record.moves
    assert imported(library, path) == [("Gérard", "patzer")]


def test_utf16_transcripts_are_read_by_import_as_by_load(tmp_path: Path) -> None:
    path = tmp_path / "notepad.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + "f5d6c3d3c4\r\n".encode("utf-16-le"))
    assert load_game(path).transcript() == "f5d6c3d3c4"
    (record,) = list(read_source(path).items)
    assert isinstance(record, GameRecord) and len(record.moves) == 5


def test_a_picture_is_still_no_text(tmp_path: Path) -> None:
    path = tmp_path / "photo.ggf"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)))
    with pytest.raises(Exception, match="not a text file"):
        read_source(path)
    with pytest.raises(Exception, match="not a text file"):
        load_game(path)


# ----- transcripts one a line ---------------------------------------------------------------


def test_two_lines_that_continue_each_other_are_two_games() -> None:
    found = list(records_from_text("f5d6\nc3d3\n").items)
    assert len(found) == 2
    assert isinstance(found[0], GameRecord) and len(found[0].moves) == 2
    assert isinstance(found[1], Problem) and found[1].number == 2


def test_one_game_over_several_lines_is_still_one_game() -> None:
    numbered = "1. f5 d6 2. c3 d3\n3. c4 f4 4. f6 f3\n"
    (game,) = list(records_from_text(numbered).items)
    assert isinstance(game, GameRecord) and len(game.moves) == 8
    board = parse_game_text("f5d6c3").board.to_string()
    (set_up,) = list(records_from_text(f"{board}\nd3c4\n").items)
    assert isinstance(set_up, GameRecord) and len(set_up.moves) == 2
    commented = "# my game\nf5d6c3\n"
    (alone,) = list(records_from_text(commented).items)
    assert isinstance(alone, GameRecord) and len(alone.moves) == 3
    each = "1. f5 d6 2. c3\n1. f5 f6 2. e6\n"
    assert [len(g.moves) for g in records_from_text(each).items if isinstance(g, GameRecord)] == [
        3,
        3,
    ]
