"""Fonts, textures, the icon and sounds from the package's resources folder.

Paths are found from the installed package, never the current directory. Anything missing or
unreadable falls back to what pygame has built in (its default font, flat colours, silence), and
is reported by name, so the window can say so: a broken file never stops the game from starting.
Every file is checked through ``app.files`` first (a regular file, readable, not too large)
before pygame opens it, so a pipe or a device in a file's place cannot block the window.
(pygame is given the path, not the bytes: a sound read from a Python file object left SDL
in a state where forked processes, such as ``scripts/match.py``'s pool, ignore SIGTERM.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ...app import paths
from ...app.files import read_limited, short_reason

LIMIT = 20_000_000
"""More than any font, picture or sound the game ships."""

FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"
IMAGES = ("felt.png", "wood.png", "icon.png")

Report = Callable[[str, str], None]
"""Told about a file that could not be used: its name and a sentence for the player."""


@dataclass
class Resources:
    """What was loaded; None where the fallback is in use."""

    folder: Path
    font_files: dict[str, Path | None] = field(default_factory=dict)
    images: dict[str, pygame.Surface | None] = field(default_factory=dict)
    _fonts: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """A font of ``size`` pixels, cached; pygame's default font if ours would not load."""
        key = (size, bold)
        if key not in self._fonts:
            path = self.font_files.get(FONT_BOLD if bold else FONT_REGULAR)
            font = pygame.font.Font(str(path) if path else None, size)
            if bold and path is None:
                font.set_bold(True)
            self._fonts[key] = font
        return self._fonts[key]


def load_resources(report: Report, folder: Path | None = None) -> Resources:
    """Load fonts and images (kept in their file format: the window may not be open yet)."""
    folder = folder or paths.resources_dir()
    res = Resources(folder)
    pygame.display.init()
    pygame.font.init()
    for name in (FONT_REGULAR, FONT_BOLD):
        res.font_files[name] = _check_font(folder / name, report)
    for name in IMAGES:
        res.images[name] = _load_image(folder / name, report)
    return res


def _check_font(path: Path, report: Report) -> Path | None:
    """The font file when pygame can draw with it, else None (reported)."""
    try:
        checked(path)
        pygame.font.Font(str(path), 12).render("Othello", True, (0, 0, 0))
        return path
    except (OSError, ValueError, pygame.error) as err:  # ValueError: an empty file
        reason = f"damaged: {why(err)}" if isinstance(err, pygame.error) else why(err)
        report(
            path.name,
            f"Font {path.name} could not be loaded ({reason}); using pygame's default font.",
        )
        return None


def _load_image(path: Path, report: Report) -> pygame.Surface | None:
    try:
        image = pygame.image.load(checked(path))
    except (OSError, ValueError, pygame.error) as err:
        report(
            path.name,
            f"Image {path.name} could not be loaded ({why(err)}); drawing plain colours instead.",
        )
        return None
    return image


def checked(path: Path) -> str:
    """``path`` for pygame to open, once it is known to be a readable regular file of a
    sensible size and not empty (OSError or ValueError otherwise: see
    ``app.files.read_limited``). The emptiness is checked here because pygame's words for an
    empty file change between releases."""
    if not read_limited(path, LIMIT):
        raise ValueError("the file is empty")
    return str(path)


def why(err: BaseException) -> str:
    """A short reason for a load failure, for the player."""
    text = short_reason(err) if isinstance(err, (OSError, ValueError)) else str(err)
    text = text or type(err).__name__
    if isinstance(err, FileNotFoundError) or "No such file" in text:
        return "file is missing"
    return "the file is empty" if "invalid file size: 0" in text else text
