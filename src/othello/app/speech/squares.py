"""A square's name as it is spoken: plainly ("d3") or in the NATO alphabet ("delta 3"),
which a voice cannot blur (b, d and e sound alike in many voices). The row stays a digit:
every screen reader and synthesizer reads a digit in its own language."""

from __future__ import annotations

from typing import Literal

from othello.core.bitboard import Square
from othello.core.notation import square_name

Naming = Literal["plain", "nato"]
NAMINGS: tuple[Naming, ...] = ("plain", "nato")

NATO = ("alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel")
"""The ICAO spelling alphabet's first eight words, the same in every language."""


def column_name(column: int, naming: Naming = "plain") -> str:
    """Column 0-7 as spoken: "a" or "alfa"."""
    return NATO[column] if naming == "nato" else "abcdefgh"[column]


def spoken_square(square: Square, naming: Naming = "plain") -> str:
    """A square's name to be spoken: "d3", or "delta 3" in the NATO alphabet."""
    if naming == "nato":
        return f"{NATO[square % 8]} {square // 8 + 1}"
    return square_name(square)
