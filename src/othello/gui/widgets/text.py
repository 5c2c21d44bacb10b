"""Text that fits its box: rendered lines cached, shrunk a little or shortened with an ellipsis.

Every label in the window goes through a TextCache, since ``font.render`` is one of the dearer
calls in a frame and the same few labels are drawn every frame; what ``fit`` and ``fit_lines``
decide is cached too, because measuring is not free either.

Text may carry bytes that were never UTF-8: a path from a home folder named in another
encoding arrives with them as surrogate escapes, which pygame cannot encode. What is drawn
or measured goes through :func:`drawable` first, which shows each such byte as "�".
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..services.resources import Resources
from . import theme

MIN_TEXT = 11  # no text is drawn smaller than this, however small the window
ELLIPSIS = "…"


def drawable(text: str) -> str:
    """``text`` as pygame can draw it: a byte that was not UTF-8 becomes "�"."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        try:
            raw = text.encode("utf-8", errors="surrogateescape")
        except UnicodeEncodeError:  # a lone surrogate from elsewhere
            raw = text.encode("utf-8", errors="replace")
        return raw.decode("utf-8", errors="replace")


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels, at spaces."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def shorten(text: str, font: pygame.font.Font, width: int) -> str:
    """``text`` cut at the end, with an ellipsis, to fit ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + ELLIPSIS)[0] > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


class TextCache:
    """Rendered text surfaces, since font.render is one of the dearer calls in a frame."""

    def __init__(self, res: Resources) -> None:
        self.res = res
        self._cache: dict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = {}
        self._fits: dict[tuple[object, ...], tuple[str, int]] = {}  # fit's answers
        self._wraps: dict[
            tuple[object, ...], tuple[tuple[str, ...], int]
        ] = {}  # fit_lines' answers

    def render(
        self, text: str, size: int, color: tuple[int, ...] = theme.TEXT, bold: bool = False
    ) -> pygame.Surface:
        key = (text, size, bold, tuple(color))
        surface = self._cache.get(key)
        if surface is None:
            if len(self._cache) > 800:
                self._cache.clear()
                self._fits.clear()
                self._wraps.clear()
            surface = self.res.font(size, bold).render(drawable(text), True, color)
            self._cache[key] = surface
        return surface

    def fit(
        self, wordings: str | Sequence[str], width: int, size: int, bold: bool = False
    ) -> tuple[str, int]:
        """One line in ``width`` pixels: the first wording that fits at ``size`` or a little
        smaller (down to MIN_TEXT), else the last one cut short. Returns the text and its size."""
        key = (wordings if isinstance(wordings, str) else tuple(wordings), width, size, bold)
        if key not in self._fits:
            self._fits[key] = self._fit(wordings, width, size, bold)
        return self._fits[key]

    def _fit(
        self, wordings: str | Sequence[str], width: int, size: int, bold: bool
    ) -> tuple[str, int]:
        options = [drawable(w) for w in ([wordings] if isinstance(wordings, str) else wordings)]
        sizes = range(max(size, MIN_TEXT), min(size, MIN_TEXT) - 1, -1)
        for text in options:
            for px in sizes:
                if self.res.font(px, bold).size(text)[0] <= width:
                    return text, px
        px = min(size, MIN_TEXT)
        return shorten(options[-1], self.res.font(px, bold), width), px

    def fit_lines(
        self, text: str, width: int, lines: int, size: int, bold: bool = False
    ) -> tuple[list[str], int]:
        """``text`` wrapped into at most ``lines`` lines of ``width`` pixels, the font shrunk
        down to MIN_TEXT if need be and the last line cut short if even that is not enough."""
        key = (text, width, lines, size, bold)
        if key not in self._wraps:
            self._wraps[key] = self._fit_lines(text, width, lines, size, bold)
        wrapped, px = self._wraps[key]
        return list(wrapped), px

    def _fit_lines(
        self, text: str, width: int, lines: int, size: int, bold: bool
    ) -> tuple[tuple[str, ...], int]:
        px = max(size, MIN_TEXT)
        text = drawable(text)
        while True:
            font = self.res.font(px, bold)
            wrapped = wrap(text, font, width)
            if len(wrapped) <= lines and all(font.size(line)[0] <= width for line in wrapped):
                return tuple(wrapped), px
            if px <= min(size, MIN_TEXT):
                kept = wrapped[:lines]
                kept[-1] = shorten(" ".join(wrapped[lines - 1 :]), font, width)
                return tuple(kept), px
            px -= 1
