"""A font that falls back, character by character, to the next font that has the glyph.

The window's Latin text is DejaVu Sans (a subset), its Chinese, Japanese and Korean text Noto
Sans CJK (a subset per language, made by scripts/make_fonts.py, regional forms included): a
Japanese sentence is drawn in the Japanese font, the name 한국어 in the Korean one, an accent
or a symbol the first font lacks in the next. pygame has no fallback of its own, so a line is
cut into runs, each drawn in the first font of the chain that has its characters, and the
runs are put side by side on one baseline. Whether a font has a character is asked of
pygame's metrics once per character (a missing glyph has the metrics of the font's ``.notdef``
box) and remembered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

NOT_A_CHARACTER = "\U0010fffd"  # in no font: its metrics are the .notdef box's
Loader = Callable[[], pygame.font.Font]


class GlyphCheck:
    """Which characters one pygame font has."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        self.notdef = font.metrics(NOT_A_CHARACTER)[0]
        self._notdef_pixels: bytes | None = None
        self._has: dict[str, bool] = {}

    def has(self, char: str) -> bool:
        known = self._has.get(char)
        if known is None:
            known = self._has[char] = self._look(char)
        return known

    def _look(self, char: str) -> bool:
        if char.isspace() or not char.isprintable():
            return True  # nothing to draw: any font will do
        metrics = self.font.metrics(char)[0]
        if metrics is None:
            return False
        if metrics != self.notdef:
            return True
        if self._notdef_pixels is None:  # the same box: a missing glyph, unless it draws
            self._notdef_pixels = _pixels(self.font, NOT_A_CHARACTER)
        return _pixels(self.font, char) != self._notdef_pixels


def _pixels(font: pygame.font.Font, text: str) -> bytes:
    surface = font.render(text, False, (255, 255, 255), (0, 0, 0))
    return pygame.image.tobytes(surface, "RGB")


class FontChain:
    """One size and weight of text drawn with the first font of a chain that has each
    character: ``size`` and ``render`` as pygame's Font has them."""

    def __init__(self, loaders: Sequence[Loader]) -> None:
        self._loaders = list(loaders)
        self._checks: list[GlyphCheck | None] = [None] * len(self._loaders)
        self._which: dict[str, int] = {}
        self.primary = self._check(0).font

    def _check(self, i: int) -> GlyphCheck:
        check = self._checks[i]
        if check is None:
            check = self._checks[i] = GlyphCheck(self._loaders[i]())
        return check

    def font_index(self, char: str) -> int:
        """The first font in the chain with ``char`` (the first one when none has it)."""
        found = self._which.get(char)
        if found is None:
            found = next((i for i in range(len(self._loaders)) if self._check(i).has(char)), 0)
            self._which[char] = found
        return found

    def missing(self, text: str) -> str:
        """The characters of ``text`` that no font of the chain has (a box would show)."""
        return "".join(
            c
            for c in dict.fromkeys(text)
            if not any(self._check(i).has(c) for i in range(len(self._loaders)))
        )

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """``text`` cut where the font changes: (font, characters) in order. A space or a
        sign any font has stays with the run it is in."""
        out: list[tuple[int, str]] = []
        for char in text:
            index = self.font_index(char)
            if out and (index == out[-1][0] or (index == 0 and char.isspace())):
                out[-1] = (out[-1][0], out[-1][1] + char)
            else:
                out.append((index, char))
        return [(self._check(i).font, part) for i, part in out]

    def size(self, text: str) -> tuple[int, int]:
        runs = self.runs(text)
        if len(runs) <= 1:
            return self.primary.size(text)
        width = sum(font.size(part)[0] for font, part in runs)
        ascent = max(font.get_ascent() for font, _part in runs)
        descent = max(-font.get_descent() for font, _part in runs)
        return width, ascent + descent

    def render(self, text: str, antialias: bool, color: Sequence[int]) -> pygame.Surface:
        runs = self.runs(text)
        if len(runs) <= 1:
            font = runs[0][0] if runs else self.primary
            return font.render(text, antialias, color)
        pieces = [(font, font.render(part, antialias, color)) for font, part in runs]
        ascent = max(font.get_ascent() for font, _piece in pieces)
        descent = max(-font.get_descent() for font, _piece in pieces)
        width = sum(piece.get_width() for _font, piece in pieces)
        surface = pygame.Surface((width, ascent + descent), pygame.SRCALPHA)
        x = 0
        for font, piece in pieces:
            surface.blit(piece, (x, ascent - font.get_ascent()))
            x += piece.get_width()
        return surface

    def get_height(self) -> int:
        return self.primary.get_height()

    def get_linesize(self) -> int:
        return self.primary.get_linesize()
