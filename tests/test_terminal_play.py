"""``othello play``, the text mode: a game played to its end with a pass and an undo, in the
process, through plain pipes and through tmux (skipped where tmux is not installed), the
game kept in the library; the questions answered as the sentences say; the review's why."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from othello.app import i18n
from othello.app.coach_words import review_why
from othello.app.library.database import Library
from othello.app.speech import sentences as said
from othello.app.terminal.play import COMPUTER_NAME, PLAYED_HERE, TextPlay
from othello.app.terminal.text_board import board_lines, read_board
from othello.core.bitboard import PASS
from othello.core.board import Board, Color
from othello.core.game import Game
from othello.gui.model.library_words import PLAYED_HERE as WINDOWS_SOURCE
from othello.gui.model.player_names import COMPUTER_NAME as WINDOWS_COMPUTER

START = "-XXX--O-XXXXXOOX--OXOOOXOOOOXXOXOOOXXXOOOOOOOOX--OOOOOOX--O-X-XO X"
"""Twelve empties, Black to move; at level 1 with seed 1, Black playing its first legal move
each time, White has to pass once and the game ends 13 moves later."""
COMMAND = [sys.executable, "-m", "othello", "play", "--level", "1", "--seed", "1"]


class Kept:
    def __init__(self) -> None:
        self.games: list[tuple[str, int | None]] = []

    def __call__(self, game: Game, human: Color, level: int, known: int | None) -> int:
        self.games.append((game.transcript(with_passes=True), known))
        return 7


def test_a_game_is_played_to_its_end_with_a_pass_and_an_undo() -> None:
    out: list[str] = []
    kept = Kept()
    play = TextPlay(out.append, "black", 1, start=Board.from_string(START), keeper=kept, seed=1)
    play.begin()
    assert read_board(out[2:11]) == (play.board.black, play.board.white)
    first = play.board.legal_moves()[0]
    before = play.board.copy()
    play.handle(first)
    assert play.board != before
    out.clear()
    play.handle("undo")
    assert play.board == before and out == ["Undone. Black to move."]
    while not play.board.is_game_over():
        legal = play.board.legal_moves()
        out.clear()
        play.handle("l")
        assert out == [said.spoken(said.legal_words(play.board))]
        play.handle(legal[0])
    assert PASS in play.game.moves
    text = "\n".join(out)
    black, white = play.board.count()
    assert f"Black {black}, White {white}" in text and "Game over" in text
    assert kept.games == [(play.game.transcript(with_passes=True), None)]
    assert "Game kept in your library." in out
    play.handle("q")
    assert len(kept.games) == 1  # kept once as it stands


def test_the_pass_is_said_in_the_sentence_of_the_move_before_it() -> None:
    out: list[str] = []
    play = TextPlay(out.append, "black", 1, start=Board.from_string(START), seed=1)
    play.begin()
    while not play.board.is_game_over():
        play.handle(play.board.legal_moves()[0])
    passes = [line for line in out if "White has no legal move and passes" in line]
    assert len(passes) == play.game.moves.count(PASS) == 1


def test_the_questions_are_answered_with_the_sentences() -> None:
    out: list[str] = []
    play = TextPlay(out.append, "black", 1, seed=1)
    play.begin()
    board = play.board.copy()
    for line, expected in [
        ("d3?", said.spoken(said.square_words(board, 19), said.turn_words(board, 19))),
        ("a1?", said.spoken(said.square_words(board, 0))),
        ("row 4", said.spoken(said.line_words(board, "row", 24))),
        ("col e", said.spoken(said.line_words(board, "column", 4))),
        ("diag d4", said.spoken(said.line_words(board, "diagonal", 27))),
        ("anti e4", said.spoken(said.line_words(board, "antidiagonal", 28))),
        ("corners", said.spoken(said.corners_words(board))),
        ("s", said.spoken(said.score_words(board), said.mobility_words(board))),
        ("last", "No move yet."),
        ("clock", "No clock in this game."),
        ("zz", "zz is not a command or a square: type help."),
        ("a1", "a1 is not a legal move."),
        ("level 40", "Levels go from 1 to 17."),
        ("level 2", "Level 2."),
    ]:
        out.clear()
        assert play.handle(line)
        assert out == [expected], line
    out.clear()
    play.handle("help")
    assert any(line.startswith("u, undo: ") for line in out)
    assert not play.handle("quit")


def test_a_line_asked_without_naming_one_is_the_last_discs() -> None:
    """'row' alone read " is not a square or a line." (an empty name quoted): it is now the
    line through the last disc placed, and before any move it says how to name one."""
    out: list[str] = []
    play = TextPlay(out.append, "black", 1, seed=1)
    play.begin()
    out.clear()
    assert play.handle("row")
    assert out == ["Say which line: row 4, col d, diag d4 or anti d4."]
    assert play.handle("f5")  # Black f5, and the computer's reply
    last = play.game.moves[play.game.cursor - 1]
    for kind, typed in (("row", "row"), ("column", "col"), ("diagonal", "diag")):
        out.clear()
        assert play.handle(typed)
        assert out == [said.spoken(said.line_words(play.board, kind, last))], typed


def test_the_review_says_each_of_your_mistakes_and_why_the_worst_lost() -> None:
    out: list[str] = []
    play = TextPlay(
        out.append, "black", 1, start=Board.from_string(START), seed=1, review_depth=1,
        review_exact=4,
    )  # fmt: skip
    play.begin()
    while not play.board.is_game_over():
        play.handle(play.board.legal_moves()[-1])
    out.clear()
    play.handle("review")
    from othello.study.review import review_game

    reviews = review_game(play.game.start, play.game.moves, depth=1, exact_empties=4)
    mine = [r for r in reviews if r.color == "black" and r.loss > 0]
    assert mine, "the last legal move each time loses something"
    worst = max(mine, key=lambda r: (r.loss, -r.ply))
    said_lines = [line for line in out if not line.startswith("Reviewing")]
    assert len(said_lines) == len(mine) + 1
    assert said_lines[-1].startswith(f"Your worst move: move {worst.number}, Black ")
    assert said_lines[-1].endswith(review_why(worst))


def test_the_game_is_kept_as_the_window_keeps_it() -> None:
    assert PLAYED_HERE == WINDOWS_SOURCE and COMPUTER_NAME == WINDOWS_COMPUTER


def test_the_text_mode_speaks_the_players_language() -> None:
    i18n.set_language("fr")
    out: list[str] = []
    play = TextPlay(out.append, "white", 1, seed=1)
    play.begin()
    assert out[0] == "Vous jouez Blanc contre l’ordinateur au niveau 1."
    assert out[-1].startswith("Noir ") and ", retourne 1 : " in out[-1]


def test_the_board_is_drawn_with_the_legal_moves_marked() -> None:
    lines = board_lines(Board())
    assert lines[0] == "  a b c d e f g h"
    assert lines[3] == "3 . . . * . . . ."
    assert lines[4] == "4 . . * O X . . ."
    assert read_board(lines) == (Board().black, Board().white)


# ----- through a pipe and through tmux -------------------------------------------------------


def env_for(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["OTHELLO_DATA_DIR"] = str(tmp_path / "data")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def read_until_prompt(stream: object, limit: float = 300) -> str:
    """What the game wrote up to its next prompt ("> " at a line's start)."""
    assert hasattr(stream, "read")
    got = ""
    deadline = time.monotonic() + limit  # only against a hang: no figure is asserted
    while not got.endswith("> ") or (len(got) > 2 and got[-3] not in "\n>"):
        char = stream.read(1)
        if not char:
            break
        got += char
        assert time.monotonic() < deadline, got
    return got


LEGAL = re.compile(r"legal moves?: (.*)\.$", re.M)


def first_legal(text: str) -> str:
    m = LEGAL.search(text)
    assert m, text
    return re.findall(r"[a-h][1-8]", m.group(1))[0]


@pytest.mark.slow
def test_the_text_mode_through_plain_pipes_to_the_end_with_a_pass_and_an_undo(
    tmp_path: Path,
) -> None:
    proc = subprocess.Popen(
        [*COMMAND, "--board", START, "--language", "en"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env_for(tmp_path),
    )
    assert proc.stdin is not None and proc.stdout is not None
    heard = read_until_prompt(proc.stdout)

    def send(line: str) -> str:
        assert proc.stdin is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        return read_until_prompt(proc.stdout)

    whole, undone = heard, False
    while "Game over" not in heard:
        move = first_legal(send("legal"))
        heard = send(move)
        if not undone:
            assert "Undone. Black to move." in send("undo")
            heard, undone = send(move), True
        whole += heard
    assert "White has no legal move and passes." in whole
    assert "Game kept in your library." in heard
    proc.stdin.close()
    assert proc.wait(timeout=120) == 0, proc.stderr.read() if proc.stderr else ""
    with Library(tmp_path / "data" / "library.sqlite3", read_only=True) as library:
        assert library.total() == 1


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_text_mode_in_tmux_to_the_end_with_a_pass_and_an_undo(tmp_path: Path) -> None:
    socket = str(tmp_path / "tmux.sock")
    env = env_for(tmp_path)
    command = " ".join([*COMMAND, "--board", f"'{START}'", "--language", "en"])
    tmux = ["tmux", "-S", socket]
    subprocess.run(
        [*tmux, "new-session", "-d", "-x", "120", "-y", "50", "-s", "t", command],
        env=env, check=True, timeout=60,
    )  # fmt: skip
    try:

        def screen() -> str:
            out = subprocess.run(
                [*tmux, "capture-pane", "-p", "-S", "-2000", "-t", "t"],
                capture_output=True, text=True, env=env, timeout=60,
            )  # fmt: skip
            return out.stdout

        def wait_for(prompts: int) -> str:
            deadline = time.monotonic() + 300  # only against a hang
            while True:
                text = screen()
                if len(re.findall(r"^>(?: |$)", text, re.M)) >= prompts:  # tmux trims spaces
                    return text
                assert time.monotonic() < deadline, text
                time.sleep(0.1)

        def send(line: str) -> None:
            """The line typed (literally: f1 is no function key here), then Enter."""
            subprocess.run([*tmux, "send-keys", "-t", "t", "-l", line], env=env, check=True)
            subprocess.run([*tmux, "send-keys", "-t", "t", "Enter"], env=env, check=True)

        prompts = 1
        text = wait_for(prompts)
        whole = text
        undone = False
        while "Game over" not in text:
            send("legal")
            prompts += 1
            text = wait_for(prompts)
            move = first_legal(text.rsplit("> legal", 1)[1])
            keys = [move] if undone else [move, "undo", move]
            for key in keys:
                send(key)
                prompts += 1
                text = wait_for(prompts)
            undone = True
            whole = text
        assert "Undone. Black to move." in whole
        assert "White has no legal move and passes." in whole
        assert "Game kept in your library." in whole
        send("quit")
    finally:
        subprocess.run([*tmux, "kill-server"], env=env, timeout=60)
    with Library(tmp_path / "data" / "library.sqlite3", read_only=True) as library:
        assert library.total() == 1


def test_a_bad_board_is_said_plainly(tmp_path: Path) -> None:
    out = subprocess.run(
        [*COMMAND, "--board", "nonsense"], capture_output=True, text=True, timeout=120,
        env=env_for(tmp_path), input="",
    )  # fmt: skip
    assert out.returncode == 2 and out.stderr.startswith("othello: ")
    assert "Traceback" not in out.stderr
