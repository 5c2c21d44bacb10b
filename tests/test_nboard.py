"""``othello nboard``: GGF games, a scripted NBoard conversation, and two engines playing a
whole game through the protocol."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from othello.app.commands.nboard import NBoardSession, level_for_depth
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.errors import NotationError
from othello.core.notation import parse_move
from othello.formats.ggf import format_ggf, parse_ggf
from support.positions import random_game


def game_with_a_pass(seed: int = 0) -> list[Square]:
    """The moves of a seeded random game up to the move just after its first pass."""
    while True:
        moves = random_game(seed)
        after = [i + 1 for i in range(len(moves) - 1) if moves[i] == PASS]
        if after:
            return moves[: after[0] + 1]
        seed += 1


def replay(start: Board, moves: list[Square]) -> Board:
    board = start.copy()
    for sq in moves:
        board.push_square(sq)
    return board


def test_a_ggf_game_reads_back_with_its_passes() -> None:
    moves = game_with_a_pass()
    start, read = parse_ggf(format_ggf(Board(), moves))
    assert start == Board() and read == moves
    # a record that leaves the forced pass out reads the same
    text = format_ggf(Board(), moves).replace("[PA]", "[XX]")
    skipped = "".join(text.split("B[XX]")).replace("W[XX]", "")
    assert parse_ggf(skipped)[1] == moves


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("GM[Othello]", "starts with"),
        ("(;GM[Othello];)", "no board"),
        ("(;GM[Othello]BO[8 " + "-" * 63 + " *];)", "63 squares"),
        ("(;GM[Othello]BO[8 " + Board().to_string()[:64].replace("X", "*") + " *]B[a1];)", "a1"),
        ("(;GM[Chess]BO[8 x *];)", "not Othello"),
    ],
)
def test_a_malformed_ggf_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_ggf(text)


def talk(session_lines: list[str], depth: int = 2) -> tuple[NBoardSession, list[list[str]]]:
    """Feed lines to a session; the replies to each line, in order."""
    out: list[str] = []
    session = NBoardSession(out.append)
    replies = []
    for line in [f"set depth {depth}", *session_lines]:
        before = len(out)
        session.handle(line)
        replies.append(out[before:])
    return session, replies[1:]


def test_a_scripted_nboard_conversation() -> None:
    moves = game_with_a_pass(3)
    ggf = format_ggf(Board(), moves)
    position = replay(Board(), moves)
    session, replies = talk(
        ["nboard 2", f"set game {ggf}", "go", "hint 3", "ping 5", "set game (;GM[Othello]", "go"]
    )
    assert replies[0] == ["set myname Othello-desktop"]
    assert replies[1] == []  # a good game is taken silently
    assert session.board == position
    nodestats, answer = replies[2]
    assert nodestats.startswith("nodestats ")
    move, score, seconds = answer.removeprefix("=== ").split("/")
    assert (
        position.is_legal(move.lower())
        and float(seconds) >= 0
        and float(score) == int(float(score))
    )
    hints = [line.split() for line in replies[3] if line.startswith("search")]
    assert len(hints) == min(3, len(position.legal_moves())) and replies[3][-1] == "status"
    assert all(position.is_legal(h[1].lower()) for h in hints)
    assert [float(h[2]) for h in hints] == sorted((float(h[2]) for h in hints), reverse=True)
    assert replies[4] == ["pong 5"]
    assert replies[5][0].startswith("status ") and "GGF" in replies[5][0]
    assert session.board == position  # the bad game changed nothing
    again = replies[6][-1].rsplit("/", 1)[
        0
    ]  # the seconds it took are the clock's, not the answer's
    assert again == answer.rsplit("/", 1)[0]  # the same position, the same move and score


def test_moves_passes_and_bad_lines_are_answered_and_change_nothing_when_wrong() -> None:
    moves = game_with_a_pass(5)[:-1]
    before_pass = moves[:-1]
    ggf = format_ggf(Board(), before_pass)
    position = replay(Board(), before_pass)
    assert position.must_pass()
    illegal = next(sq for sq in range(64) if not position.is_legal(sq))
    session, replies = talk(
        [f"set game {ggf}", "go", "move d5", "move PA", "set depth 0", "frobnicate", "learn"]
    )
    assert replies[1] == ["=== PA"]  # the side to move has no move: it passes
    assert replies[2][0].startswith("status ")  # d5 is never empty: refused
    assert replies[3] == []
    assert session.board == replay(Board(), moves)
    assert replies[4][0].startswith("status depth must be")
    assert replies[5] == ["status unknown command: frobnicate"]
    assert replies[6] == ["learned"]
    _, replies = talk([f"set game {ggf}", f"move {'abcdefgh'[illegal % 8]}{illegal // 8 + 1}"])
    assert replies[1][0].startswith("status ")


def test_depth_maps_to_the_levels() -> None:
    assert (level_for_depth(6).depth, level_for_depth(6).exact_empties) == (6, 12)
    assert level_for_depth(30).exact_empties == 18


def nboard_process(tmp_path: Path, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"))
    return subprocess.Popen(
        [sys.executable, "-m", "othello", "nboard", *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=env,
    )


def ask(process: subprocess.Popen[str], line: str, until: str) -> list[str]:
    """Send a line and read replies up to one starting with ``until``."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(line + "\n")
    process.stdin.flush()
    replies = []
    while True:
        reply = process.stdout.readline()
        assert reply, "the engine ended early"
        replies.append(reply.strip())
        if reply.startswith(until):
            return replies


@pytest.mark.slow
def test_two_engines_play_a_whole_game_through_the_protocol(tmp_path: Path) -> None:
    log = tmp_path / "nboard.log"
    black, white = nboard_process(tmp_path, "--log", str(log)), nboard_process(tmp_path)
    board = Board()
    try:
        for engine in (black, white):
            assert ask(engine, "nboard 2", "set myname") == ["set myname Othello-desktop"]
            start = f"set depth 2\nset game {format_ggf(Board(), [])}\nping 1"
            assert ask(engine, start, "pong") == ["pong 1"]
        while not board.is_game_over():
            mover = black if board.black_to_move else white
            answer = ask(mover, "go", "===")[-1]
            move = answer.removeprefix("=== ").split("/")[0]
            sq = PASS if move == "PA" else parse_move(move.lower())
            board.push_square(sq)  # raises if the engine's move were illegal
            for engine in (black, white):  # as NBoard does, both hear every move
                assert ask(engine, f"move {answer.removeprefix('=== ')}\nping 2", "pong") == [
                    "pong 2"
                ]
        for engine in (black, white):
            out, err = engine.communicate(timeout=60)  # end of input ends it
            assert engine.returncode == 0 and out == "" and "Traceback" not in err
    finally:
        for engine in (black, white):
            if engine.poll() is None:
                engine.kill()
    text = log.read_text()
    assert "< nboard 2" in text and "> set myname Othello-desktop" in text and "> === " in text
