"""How a colour looks to a colour-blind eye, and how far apart two colours look.

The simulation is Machado, Oliveira and Fernandes' (2009, "A Physiologically-based Model for
Simulation of Color Vision Deficiency"), at full severity: a 3x3 matrix per kind applied to
linear RGB. Distances are CIE76 differences in CIELAB (D65), where about 2.3 is just
noticeable and 20 or more reads as plainly another colour at a glance.

    python scripts/colour_vision.py shot.png    # writes shot-protanopia.png, ... beside it

Used by tests/test_colour_vision.py on rendered screenshots; needs no numpy (pygame only for
the images).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

RGB = tuple[int, int, int]

MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
KINDS = tuple(MATRICES)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    c = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate(rgb: Sequence[int], kind: str) -> RGB:
    """``rgb`` as an eye with ``kind`` (protanopia, deuteranopia, tritanopia) sees it."""
    lin = [_linear(c) for c in rgb[:3]]
    m = MATRICES[kind]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return _encoded(r), _encoded(g), _encoded(b)


def lab(rgb: Sequence[int]) -> tuple[float, float, float]:
    """CIELAB (D65 white) of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: Sequence[int], b: Sequence[int]) -> float:
    """CIE76 difference between two sRGB colours."""
    la, lb = lab(a), lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def seen_distance(a: Sequence[int], b: Sequence[int], kind: str | None) -> float:
    """How far apart ``a`` and ``b`` look to ``kind`` of eye (None: typical vision)."""
    if kind is None:
        return distance(a, b)
    return distance(simulate(a, kind), simulate(b, kind))


def simulate_image(path: Path) -> list[Path]:
    """``path`` as each eye sees it, saved beside it; the files written."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(path))
    written = []
    for kind in KINDS:
        out = image.copy()
        cache: dict[tuple[int, int, int], RGB] = {}
        for x in range(out.get_width()):
            for y in range(out.get_height()):
                c = out.get_at((x, y))
                key = (c.r, c.g, c.b)
                if key not in cache:
                    cache[key] = simulate(key, kind)
                out.set_at((x, y), cache[key])
        target = path.with_name(f"{path.stem}-{kind}{path.suffix}")
        pygame.image.save(out, str(target))
        written.append(target)
    return written


if __name__ == "__main__":
    for name in sys.argv[1:]:
        for written in simulate_image(Path(name)):
            print(written)
