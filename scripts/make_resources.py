"""Make the files in src/othello/resources: textures, icon, sounds, and the subset fonts.

Run from anywhere: ``python3 scripts/make_resources.py``. Everything is drawn or synthesised
here from a fixed random seed, so the files can be rebuilt and reviewed; the only outside
inputs are the fonts (DejaVu Sans and Noto Sans CJK, free licences copied beside them), cut
down to the characters the window uses by scripts/make_fonts.py so the package stays small.
Needs numpy and pygame; fontTools for the fonts.
"""

from __future__ import annotations

import math
import os
import struct
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame

OUT = Path(__file__).resolve().parent.parent / "src" / "othello" / "resources"
RATE = 22050


def periodic_noise(
    size: tuple[int, int], scale: tuple[float, float], rng: np.random.Generator
) -> np.ndarray:
    """Smooth noise that tiles seamlessly: white noise low-passed in the frequency domain."""
    h, w = size
    white = rng.standard_normal((h, w))
    fy = np.fft.fftfreq(h)[:, None] * scale[0]
    fx = np.fft.fftfreq(w)[None, :] * scale[1]
    smooth = np.real(np.fft.ifft2(np.fft.fft2(white) * np.exp(-(fx**2 + fy**2) * 400.0)))
    normal: np.ndarray = (smooth - smooth.mean()) / (smooth.std() + 1e-9)
    return normal


def save_rgb(pixels: np.ndarray, path: Path) -> None:
    """Save an (h, w, 3) float array of 0..255 values as a PNG."""
    arr = np.clip(pixels, 0, 255).astype(np.uint8)
    surface = pygame.surfarray.make_surface(arr.transpose(1, 0, 2))
    pygame.image.save(surface, str(path))


def make_felt(rng: np.random.Generator) -> None:
    """The board's green cloth: a little blotchiness and a fine fibre grain."""
    size = (256, 256)
    blotch = periodic_noise(size, (1.0, 1.0), rng)
    fibre = rng.standard_normal(size)
    base = np.array([22.0, 112.0, 64.0])
    shade = 1.0 + 0.035 * blotch + 0.035 * fibre
    save_rgb(base[None, None, :] * shade[:, :, None], OUT / "felt.png")


def make_wood(rng: np.random.Generator) -> None:
    """Dark wood for the board's frame: long grain along x, tileable both ways."""
    size = (128, 512)
    grain = periodic_noise(size, (0.4, 6.0), rng)
    rings = np.sin(grain * 5.0)
    fine = periodic_noise(size, (1.5, 12.0), rng)
    base = np.array([92.0, 56.0, 30.0])
    shade = 1.0 + 0.12 * rings + 0.05 * fine
    save_rgb(base[None, None, :] * shade[:, :, None], OUT / "wood.png")


def make_icon() -> None:
    """A 64x64 icon: two discs on green, drawn large and scaled down for smooth edges."""
    big = 256
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(s, (24, 118, 66), s.get_rect(), border_radius=40)
    pygame.draw.rect(s, (10, 70, 38), s.get_rect(), width=10, border_radius=40)
    for (cx, cy), colour, rim in (
        ((96, 104), (20, 20, 20), (70, 70, 70)),
        ((160, 152), (240, 240, 235), (180, 180, 175)),
    ):
        pygame.draw.circle(s, (0, 0, 0, 90), (cx + 8, cy + 10), 64)
        pygame.draw.circle(s, rim, (cx, cy), 64)
        pygame.draw.circle(s, colour, (cx, cy), 56)
    pygame.image.save(pygame.transform.smoothscale(s, (64, 64)), str(OUT / "icon.png"))


def write_wav(samples: np.ndarray, path: Path) -> None:
    """16-bit mono WAV from floats in -1..1."""
    data = np.clip(samples, -1, 1) * 32767 * 0.8
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(b"".join(struct.pack("<h", int(v)) for v in data))


def make_sounds(rng: np.random.Generator) -> None:
    """A wooden 'tock' for placing a disc and a light 'tick' for each flip."""
    t = np.arange(int(RATE * 0.12)) / RATE
    tock = (np.sin(2 * math.pi * 180 * t) + 0.4 * np.sin(2 * math.pi * 420 * t)) * np.exp(-t * 45)
    tock += 0.3 * rng.standard_normal(t.size) * np.exp(-t * 300)
    write_wav(tock / np.abs(tock).max(), OUT / "place.wav")
    t = np.arange(int(RATE * 0.06)) / RATE
    tick = np.sin(2 * math.pi * 900 * t) * np.exp(-t * 110) + 0.2 * rng.standard_normal(
        t.size
    ) * np.exp(-t * 500)
    write_wav(0.5 * tick / np.abs(tick).max(), OUT / "flip.wav")


def make_fonts() -> None:
    """The subset fonts and their licences: scripts/make_fonts.py."""
    import make_fonts as fonts

    fonts.main()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    rng = np.random.default_rng(1883)  # Othello's ancestor, Reversi, dates from the 1880s
    make_felt(rng)
    make_wood(rng)
    make_icon()
    make_sounds(rng)
    make_fonts()
    for path in sorted(OUT.iterdir()):
        print(f"{path.stat().st_size:8d}  {path.name}")


if __name__ == "__main__":
    main()
