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

NOT_A_CHARACTER = ("\U0010fffd", "\uffff")  # in no font: their metrics are the .notdef box's
Loader = Callable[[], pygame.font.Font]


class GlyphCheck:
    """Which characters one pygame font has."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        # classic pygame gives no metrics past U+FFFF: a character of the first plane there
        self.reference = next(
            (c for c in NOT_A_CHARACTER if font.metrics(c)[0] is not None), NOT_A_CHARACTER[0]
        )
        self.notdef = font.metrics(self.reference)[0]
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
            self._notdef_pixels = _pixels(self.font, self.reference)
        return _pixels(self.font, char) != self._notdef_pixels


def _pixels(font: pygame.font.Font, text: str) -> bytes:
    surface = font.render(text, False, (255, 255, 255), (0, 0, 0))
    return pygame.image.tobytes(surface, "RGB")


class Coverage:
    """Which font of a chain has each character, whatever the size: asked once per
    character and font file for the whole session, and a text's runs remembered."""

    def __init__(self, loaders: Sequence[Loader]) -> None:
        """``loaders`` give each font of the chain at one size, to ask its glyphs of."""
        self._loaders = list(loaders)
        self._checks: list[GlyphCheck | None] = [None] * len(self._loaders)
        self._which: dict[str, int] = {}
        self._segments: dict[str, tuple[tuple[int, str], ...]] = {}

    def check(self, i: int) -> GlyphCheck:
        check = self._checks[i]
        if check is None:
            check = self._checks[i] = GlyphCheck(self._loaders[i]())
        return check

    def index(self, char: str) -> int:
        """The first font in the chain with ``char`` (the first one when none has it)."""
        found = self._which.get(char)
        if found is None:
            found = next((i for i in range(len(self._loaders)) if self.check(i).has(char)), 0)
            self._which[char] = found
        return found

    def missing(self, text: str) -> str:
        """The characters of ``text`` that no font of the chain has (a box would show)."""
        fonts = range(len(self._loaders))
        return "".join(
            c for c in dict.fromkeys(text) if not any(self.check(i).has(c) for i in fonts)
        )

    def segments(self, text: str) -> tuple[tuple[int, str], ...]:
        """``text`` cut where the font changes: (font's place in the chain, characters). A
        space stays with the run it is in."""
        found = self._segments.get(text)
        if found is not None:
            return found
        out: list[tuple[int, str]] = []
        for char in text:
            index = self.index(char)
            if out and (index == out[-1][0] or (index == 0 and char.isspace())):
                out[-1] = (out[-1][0], out[-1][1] + char)
            else:
                out.append((index, char))
        if len(self._segments) > 4000:
            self._segments.clear()
        self._segments[text] = found = tuple(out)
        return found


class FontChain:
    """One size and weight of text drawn with the first font of a chain that has each
    character: ``size`` and ``render`` as pygame's Font has them. The fonts of the chain
    but the first are loaded when a character needs them."""

    def __init__(self, coverage: Coverage, loaders: Sequence[Loader]) -> None:
        self.coverage = coverage
        self._loaders = list(loaders)
        self._fonts: list[pygame.font.Font | None] = [None] * len(self._loaders)
        self.primary = self._font(0)

    def _font(self, i: int) -> pygame.font.Font:
        font = self._fonts[i]
        if font is None:
            font = self._fonts[i] = self._loaders[i]()
        return font

    def missing(self, text: str) -> str:
        return self.coverage.missing(text)

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """``text`` cut where the font changes: (font, characters) in order."""
        return [(self._font(i), part) for i, part in self.coverage.segments(text)]

    def size(self, text: str) -> tuple[int, int]:
        segments = self.coverage.segments(text)
        if len(segments) <= 1 and (not segments or segments[0][0] == 0):
            return self.primary.size(text)
        runs = self.runs(text)
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
