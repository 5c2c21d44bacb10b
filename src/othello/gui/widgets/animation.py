"""Coin-flip animation of one move, driven by the frame time it is given (no clock, no sleeping).

Each flipped disc turns over like a coin: its width shrinks to nothing and grows back, and the
colour it shows changes at the edge-on moment. Discs start one ring after another outward from
the placed disc, so the flip visibly spreads from the move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from othello.core.bitboard import Square
from othello.core.board import Color

FLIP_SECONDS = 0.34
STAGGER_SECONDS = 0.07
DROP_SECONDS = 0.12


def ring(a: Square, b: Square) -> int:
    """How many king steps apart two squares are: the flip wave's distance from the move."""
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


@dataclass(frozen=True)
class DiscLook:
    """How to draw one disc this frame: its colour and its width as a share of full width."""

    color: Color
    width: float


class MoveAnimation:
    """The placed disc dropping in, then the flipped discs turning over ring by ring."""

    def __init__(
        self,
        placed: Square,
        color: Color,
        flipped: tuple[Square, ...] | list[Square],
        speed: float = 1.0,
    ) -> None:
        speed = max(0.1, speed)
        self.placed = placed
        self.color = color
        self.flip_seconds = FLIP_SECONDS / speed
        self.drop_seconds = DROP_SECONDS / speed
        stagger = STAGGER_SECONDS / speed
        rings = sorted({ring(placed, sq) for sq in flipped})
        self.starts = {
            sq: self.drop_seconds + rings.index(ring(placed, sq)) * stagger for sq in flipped
        }
        self.elapsed = 0.0
        self.duration = max(self.starts.values(), default=0.0) + self.flip_seconds
        self.duration = max(self.duration, self.drop_seconds)
        self._started: set[Square] = set()

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> list[Square]:
        """Advance by ``dt`` seconds; returns the discs that began turning (for the flip sound)."""
        self.elapsed += max(0.0, dt)
        begun = [
            sq for sq, t in self.starts.items() if t <= self.elapsed and sq not in self._started
        ]
        self._started.update(begun)
        return begun

    def finish(self) -> None:
        self.elapsed = self.duration

    def look(self, square: Square) -> DiscLook | None:
        """How the disc on ``square`` looks now, or None when it is not animating."""
        if square == self.placed and self.elapsed < self.drop_seconds:
            return DiscLook(self.color, 0.6 + 0.4 * self.elapsed / self.drop_seconds)
        start = self.starts.get(square)
        if start is None:
            return None
        p = (self.elapsed - start) / self.flip_seconds
        if p >= 1.0:
            return None
        before: Color = "white" if self.color == "black" else "black"
        if p <= 0.0:
            return DiscLook(before, 1.0)
        return DiscLook(before if p < 0.5 else self.color, abs(math.cos(math.pi * p)))
