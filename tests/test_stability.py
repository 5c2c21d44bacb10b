"""Stable discs against a brute-force check: a disc counted stable never flips."""

from __future__ import annotations

import random

import pytest

from othello.core.bitboard import FULL, flips, legal_moves
from othello.core.board import Board
from othello.engine.stability import edge_stable, full_lines, stable_discs
from support.positions import random_board


def always_owned(p: int, o: int) -> tuple[int, int]:
    """Squares owned by the first player (``p``, to move) and by the second in every
    position reachable by legal play, passes included: the truly stable discs."""
    seen: dict[tuple[int, int], tuple[int, int]] = {}

    def walk(me: int, you: int, first_to_move: bool) -> tuple[int, int]:
        key = (me, you) if first_to_move else (you, me)
        if key in seen:
            return seen[key]
        first, second = key
        moves = legal_moves(me, you)
        if not moves and legal_moves(you, me):
            moves = -1  # a pass
        while moves > 0:
            b = moves & -moves
            moves ^= b
            f = flips(me, you, b.bit_length() - 1)
            a, c = walk(you ^ f, me | f | b, not first_to_move)
            first, second = first & a, second & c
        if moves == -1:
            a, c = walk(you, me, not first_to_move)
            first, second = first & a, second & c
        seen[key] = (first, second)
        return first, second

    return walk(p, o, True)


BOARDS = [random_board(e, seed) for seed in range(12) for e in (6, 9)]


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.to_string()[:20])
def test_a_stable_disc_never_flips(board: Board) -> None:
    p, o = board.player, board.opponent
    mine, theirs = always_owned(p, o)
    assert stable_discs(p, o) & ~mine == 0
    assert stable_discs(o, p) & ~theirs == 0
    assert stable_discs(p, o) & ~p == 0


def test_stability_finds_stable_discs() -> None:
    """Not just the empty set: corners, full edges, a full board."""
    corner_run = 0b111  # a1 b1 c1: a corner and its neighbours along an edge
    assert stable_discs(corner_run, 0b1000) & corner_run == corner_run
    assert stable_discs(0b10, 0b100) == 0  # b1 between empties... flanked after a1 is played
    rng = random.Random(3)
    p = rng.getrandbits(64)
    assert stable_discs(p, FULL ^ p) == p  # nothing can be played: every disc stays
    found = sum(stable_discs(b.player, b.opponent).bit_count() for b in BOARDS)
    assert found > 0


def naive_full_lines(occupied: int) -> tuple[int, int, int, int]:
    """Per direction, squares whose whole line in that direction is occupied, square by square."""
    result = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        full = 0
        for sq in range(64):
            row, col = divmod(sq, 8)
            ok = True
            for sign in (1, -1):
                r, c = row, col
                while 0 <= r < 8 and 0 <= c < 8:
                    ok = ok and bool(occupied >> (r * 8 + c) & 1)
                    r, c = r + sign * dr, c + sign * dc
            if ok:
                full |= 1 << sq
        result.append(full)
    return result[0], result[1], result[2], result[3]


@pytest.mark.parametrize("seed", range(20))
def test_full_lines_match_a_square_by_square_check(seed: int) -> None:
    rng = random.Random(seed)
    occupied = FULL
    for _ in range(rng.randrange(0, 12)):
        occupied &= ~(1 << rng.randrange(64))
    assert full_lines(occupied) == naive_full_lines(occupied)


def test_edge_stability_of_a_full_edge_and_of_a_lone_corner() -> None:
    row = 0xFF
    assert edge_stable(0b01010101, 0b10101010) == 0b01010101  # a full edge never changes
    assert edge_stable(1, 0) == 1  # a corner
    assert edge_stable(1 << 7, 0) == 1 << 7
    assert edge_stable(0b10, 0) == 0  # b1 alone can be flanked along the edge
    assert edge_stable(1 << 56, 0) == 1 << 56  # a8, via the column and the top row
    assert edge_stable(row << 56 | 1, 0) & 1 << 63 == 1 << 63


def stable_by_parts(p: int, o: int) -> int:
    """stable_discs from its readable parts (edge_stable, full_lines, the contact rule)."""
    stable = edge_stable(p, o)
    h, v, d9, d7 = full_lines(p | o)
    inner = p & 0x007E7E7E7E7E7E00
    stable |= inner & h & v & d9 & d7
    while stable:
        grown = stable | (
            inner
            & (h | stable >> 1 | stable << 1)
            & (v | stable >> 8 | stable << 8)
            & (d9 | stable >> 9 | stable << 9)
            & (d7 | stable >> 7 | stable << 7)
        )
        if grown == stable:
            break
        stable = grown
    return stable


@pytest.mark.parametrize("empties", [2, 8, 16, 30])
def test_the_written_out_stability_matches_its_parts(empties: int) -> None:
    for seed in range(40):
        board = random_board(empties, 700 + seed)
        p, o = board.player, board.opponent
        assert stable_discs(p, o) == stable_by_parts(p, o)
        assert stable_discs(o, p) == stable_by_parts(o, p)


def lopsided_board(empties: int, seed: int) -> Board:
    """A position from a game where one side takes the most discs each move: big final
    scores, where the solver's stability cutoff has something to cut."""
    rng = random.Random(seed)
    board = Board()
    while board.empties() > empties and not board.is_game_over():
        squares = board.legal_squares()
        if not squares:
            board.push_pass()
        elif board.black_to_move:
            board.push_square(
                max(squares, key=lambda sq: flips(board.player, board.opponent, sq).bit_count())
            )
        else:
            board.push_square(rng.choice(squares))
    return board


def test_the_stability_cutoff_keeps_every_score(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solved with and without the cutoff, the same scores (and null windows at the score
    answer the same), in fewer nodes: the cutoff cut something."""
    from othello.engine import endgame, last_moves
    from othello.engine.endgame import EndgameSolver

    nodes = {True: 0, False: 0}
    big = 0
    for seed in range(20):
        board = lopsided_board(11, 900 + seed)
        if board.is_game_over():
            continue
        p, o = board.player, board.opponent
        scores = {}
        for cutoff in (True, False):
            monkeypatch.setattr(endgame, "STABILITY_MIN_ALPHA", 28 if cutoff else 65)
            monkeypatch.setattr(last_moves, "STABILITY_MIN_ALPHA", 28 if cutoff else 65)
            solver = EndgameSolver({})
            score = solver.exact(p, o, -64, 64)
            at = [solver.exact(p, o, b - 1, b) >= b for b in (score, score + 1, score - 1)]
            scores[cutoff] = (score, at)
            nodes[cutoff] += solver.nodes
        assert scores[True] == scores[False]
        assert scores[True][1] == [True, False, True]
        big += abs(scores[True][0]) >= 24
    assert big >= 5, "the positions should have big scores"
    assert nodes[True] < nodes[False]
