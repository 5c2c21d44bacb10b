"""The board as lines of text: one row a line, a1 at the top left as on the window's board,
X for Black, O for White, a dot for an empty square and an asterisk where the side to move
may play (so a braille display shows the legal moves in place)."""

from __future__ import annotations

from othello.core.board import Board

BLACK, WHITE, EMPTY, LEGAL = "X", "O", ".", "*"


def board_lines(board: Board, legal: bool = True) -> list[str]:
    """The board, a heading of column letters then rows 1 to 8."""
    marks = board.legal_mask() if legal else 0
    lines = ["  a b c d e f g h"]
    for row in range(8):
        cells = []
        for column in range(8):
            bit = 1 << (row * 8 + column)
            if board.black & bit:
                cells.append(BLACK)
            elif board.white & bit:
                cells.append(WHITE)
            else:
                cells.append(LEGAL if marks & bit else EMPTY)
        lines.append(f"{row + 1} {' '.join(cells)}")
    return lines


def read_board(lines: list[str]) -> tuple[int, int]:
    """Black's and White's discs back from :func:`board_lines` (for tests and scripts)."""
    black = white = 0
    for row, line in enumerate(lines[1:9]):
        for column, cell in enumerate(line.split()[1:9]):
            if cell == BLACK:
                black |= 1 << (row * 8 + column)
            elif cell == WHITE:
                white |= 1 << (row * 8 + column)
    return black, white
