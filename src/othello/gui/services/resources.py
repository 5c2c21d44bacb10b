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
from functools import partial
from pathlib import Path

import pygame

from othello.app import i18n
from othello.app.files import paths
from othello.app.files.writing import read_limited, short_reason
from othello.app.i18n import _
from othello.gui.services.fonts import Coverage, FontChain

LIMIT = 20_000_000
"""More than any font, picture or sound the game ships."""
EMPTY = "the file is empty"

FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"
CJK_FONTS = {code: f"NotoSansCJK-{code}.otf" for code in ("ja", "zh_CN", "zh_TW", "ko")}
"""Noto Sans CJK cut down to the characters of each language's catalog, in that language's
regional forms (one weight: bold is drawn emboldened)."""
IMAGES = ("felt.png", "wood.png", "icon.png")
COVERAGE_SIZE = 16  # the size the fonts are asked which characters they have at

Report = Callable[[str, str], None]
"""Told about a file that could not be used: its name and a sentence for the player."""


@dataclass
class Resources:
    """What was loaded; None where the fallback is in use."""

    folder: Path
    font_files: dict[str, Path | None] = field(default_factory=dict)
    images: dict[str, pygame.Surface | None] = field(default_factory=dict)
    report: Report | None = None
    _fonts: dict[tuple[int, bool, str], FontChain] = field(default_factory=dict)
    _coverage: dict[tuple[str, bool], Coverage] = field(default_factory=dict)

    def font(self, size: int, bold: bool = False, language: str | None = None) -> FontChain:
        """A font of ``size`` pixels for ``language`` (the window's by default), cached: its
        own font first (DejaVu Sans; Noto Sans CJK for Chinese, Japanese and Korean), then
        the others for what it lacks; pygame's default font where ours would not load."""
        language = language or i18n.language()
        key = (size, bold, language)
        if key not in self._fonts:
            names = [FONT_BOLD if bold else FONT_REGULAR, *CJK_FONTS.values()]
            if language in CJK_FONTS:
                names.remove(CJK_FONTS[language])
                names.insert(0, CJK_FONTS[language])
            if (language, bold) not in self._coverage:  # glyphs are the same at any size
                self._coverage[language, bold] = Coverage(
                    [partial(self._load, name, COVERAGE_SIZE, bold) for name in names]
                )
            chain = [partial(self._load, name, size, bold) for name in names]
            self._fonts[key] = FontChain(self._coverage[language, bold], chain)
        return self._fonts[key]

    def _load(self, name: str, size: int, bold: bool) -> pygame.font.Font:
        """One font file at ``size``; a CJK font is checked the first time it is needed (the
        start never waits for a language not in use) and reported if it will not load."""
        if name not in self.font_files:
            self.font_files[name] = _check_font(self.folder / name, self.report or _silent)
        path = self.font_files[name]
        font = pygame.font.Font(str(path) if path else None, size)
        if bold and (path is None or name not in (FONT_REGULAR, FONT_BOLD)):
            font.set_bold(True)
        return font


def load_resources(report: Report, folder: Path | None = None) -> Resources:
    """Load fonts and images (kept in their file format: the window may not be open yet)."""
    folder = folder or paths.resources_dir()
    res = Resources(folder, report=report)
    pygame.display.init()
    pygame.font.init()
    for name in (FONT_REGULAR, FONT_BOLD):
        res.font_files[name] = _check_font(folder / name, report)
    for name in IMAGES:
        res.images[name] = _load_image(folder / name, report)
    return res


def _silent(name: str, message: str) -> None:
    pass


def _check_font(path: Path, report: Report) -> Path | None:
    """The font file when pygame can draw with it, else None (reported)."""
    try:
        checked(path)
        pygame.font.Font(str(path), 12).render("Othello", True, (0, 0, 0))
        return path
    except (OSError, ValueError, pygame.error) as err:  # ValueError: an empty file
        damaged = isinstance(err, pygame.error)
        reason = _("damaged: {problem}").format(problem=why(err)) if damaged else why(err)
        report(
            path.name,
            _("Font {name} could not be loaded ({problem}); using pygame's default font.").format(
                name=path.name, problem=reason
            ),
        )
        return None


def _load_image(path: Path, report: Report) -> pygame.Surface | None:
    try:
        image = pygame.image.load(checked(path))
    except (OSError, ValueError, pygame.error) as err:
        report(
            path.name,
            _(
                "Image {name} could not be loaded ({problem}); drawing plain colours instead."
            ).format(name=path.name, problem=why(err)),
        )
        return None
    return image


def checked(path: Path) -> str:
    """``path`` for pygame to open, once it is known to be a readable regular file of a
    sensible size and not empty (OSError or ValueError otherwise: see
    ``app.files.read_limited``). The emptiness is checked here because pygame's words for an
    empty file change between releases."""
    if not read_limited(path, LIMIT):
        raise ValueError(EMPTY)
    return str(path)


def why(err: BaseException) -> str:
    """A short reason for a load failure, for the player."""
    text = short_reason(err) if isinstance(err, (OSError, ValueError)) else str(err)
    text = text or type(err).__name__
    if isinstance(err, FileNotFoundError) or "No such file" in text:
        return _("file is missing")
    return _("the file is empty") if text == EMPTY else text
