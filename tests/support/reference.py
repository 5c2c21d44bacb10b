"""A deliberately naive Othello rules implementation for cross-checking the engine.

A 2-D list and eight ray walks, written for obviousness rather than speed, and sharing
no code with ``othello``. Cells hold "B", "W" or None; (row, col) with row 0 = rank 1.
"""

from __future__ import annotations

import copy

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def other(color: str) -> str:
    return "W" if color == "B" else "B"


class RefBoard:
    def __init__(self) -> None:
        self.cells: list[list[str | None]] = [[None] * 8 for _ in range(8)]
        self.cells[3][3] = "W"  # d4
        self.cells[4][4] = "W"  # e5
        self.cells[4][3] = "B"  # d5
        self.cells[3][4] = "B"  # e4
        self.turn = "B"

    def flips_for(self, row: int, col: int, color: str) -> list[tuple[int, int]]:
        if self.cells[row][col] is not None:
            return []
        result: list[tuple[int, int]] = []
        for dr, dc in DIRS:
            run: list[tuple[int, int]] = []
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8 and self.cells[r][c] == other(color):
                run.append((r, c))
                r, c = r + dr, c + dc
            if run and 0 <= r < 8 and 0 <= c < 8 and self.cells[r][c] == color:
                result.extend(run)
        return result

    def moves(self, color: str | None = None) -> list[tuple[int, int]]:
        color = color or self.turn
        return [(r, c) for r in range(8) for c in range(8) if self.flips_for(r, c, color)]

    def play(self, row: int, col: int) -> list[tuple[int, int]]:
        flipped = self.flips_for(row, col, self.turn)
        assert flipped, "reference: illegal move"
        self.cells[row][col] = self.turn
        for r, c in flipped:
            self.cells[r][c] = self.turn
        self.turn = other(self.turn)
        return flipped

    def pass_turn(self) -> None:
        assert not self.moves() and self.moves(other(self.turn))
        self.turn = other(self.turn)

    def game_over(self) -> bool:
        return not self.moves("B") and not self.moves("W")

    def count(self) -> tuple[int, int]:
        flat = [x for row in self.cells for x in row]
        return flat.count("B"), flat.count("W")

    def clone(self) -> RefBoard:
        return copy.deepcopy(self)


def perft(board: RefBoard, depth: int) -> int:
    """Leaves ``depth`` plies below ``board``: a pass is a ply, a finished game one leaf."""
    if depth == 0:
        return 1
    moves = board.moves()
    if not moves:
        if not board.moves(other(board.turn)):
            return 1
        child = board.clone()
        child.pass_turn()
        return perft(child, depth - 1)
    total = 0
    for r, c in moves:
        child = board.clone()
        child.play(r, c)
        total += perft(child, depth - 1)
    return total


def name(row: int, col: int) -> str:
    return "abcdefgh"[col] + str(row + 1)
