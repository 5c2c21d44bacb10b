"""Text that fits its box: rendered lines cached, shrunk a little or shortened with an ellipsis.

Every label in the window goes through a TextCache, since ``font.render`` is one of the dearer
calls in a frame and the same few labels are drawn every frame; what ``fit`` and ``fit_lines``
decide is cached too, because measuring is not free either.

Text may carry bytes that were never UTF-8: a path from a home folder named in another
encoding arrives with them as surrogate escapes, which pygame cannot encode. What is drawn
or measured goes through :func:`drawable` first, which shows each such byte as "�".

Lines break at spaces, and also between the characters of Chinese and Japanese (and between
Korean syllables where a word is too long), never before a closing mark or after an opening
one; a word too long for its line breaks at a hyphen or a soft hyphen (U+00AD, which German
translations put into long compounds) and shows the hyphen only there. Text that had to be
cut short with an ellipsis is remembered in ``TextCache.cut``: tests render every screen in
every language and check that nothing was.

The player's TEXT_SIZE scales the sizes the screens ask for (``scaled``); what does not fit
still shrinks down to MIN_TEXT, so a larger size never cuts what the normal one shows whole.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import pygame

from othello.app import i18n
from othello.app.settings.keys import TextSize
from othello.gui.services.fonts import FontChain
from othello.gui.services.resources import Resources
from othello.gui.widgets import palette

MIN_TEXT = 11  # no text is drawn smaller than this, however small the window
ELLIPSIS = "…"
SOFT_HYPHEN = "\u00ad"
TEXT_SCALE: dict[TextSize, float] = {"small": 0.85, "normal": 1.0, "large": 1.2, "larger": 1.4}
NO_LINE_START = frozenset(
    "、。，．,.・：；？！:;?!)）]］}｝」』】〕〉》〙〗’”%％ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…‥〜～"
)
"""Closing marks, small kana and the long-vowel mark: never the first on a line (kinsoku)."""
NO_LINE_END = frozenset("(（[［{｛「『【〔〈《〘〖‘“")
"""Opening marks: never the last on a line."""


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


class _Scale:
    factor = 1.0


_scale = _Scale()


def set_text_size(name: TextSize) -> None:
    """TEXT_SIZE: small, normal, large or larger (normal for a name it does not know)."""
    _scale.factor = TEXT_SCALE.get(name, 1.0)


def text_factor() -> float:
    """The player's TEXT_SIZE as a factor (normal: 1.0)."""
    return _scale.factor


def scaled(size: float) -> int:
    """A screen's text size as the player's TEXT_SIZE wants it (never below MIN_TEXT)."""
    return max(MIN_TEXT, round(size * _scale.factor))


def _hangul(char: str) -> bool:
    return "\uac00" <= char <= "\ud7a3" or "\u1100" <= char <= "\u11ff"


def _breaks_anywhere(char: str) -> bool:
    """A character a line may break before or after without a space: the ideographs and
    kana of Chinese and Japanese, full-width signs (Korean breaks at its spaces). An ASCII
    full stop or comma is no such place: a path ("/home/player/.local") or a number stays
    whole."""
    return _wide(char)


def _wide(char: str) -> bool:
    """An ideograph, kana or full-width sign: lines break beside it without a space."""
    return bool(char) and unicodedata.east_asian_width(char) in ("W", "F") and not _hangul(char)


def rejoin(lines: list[str]) -> str:
    """Wrapped lines as one again: with the space the wrap took out between two words, and
    none where it broke between CJK characters or after a path's folder (a comma or a
    semicolon in an English line is no reason to glue "empty" to "squares")."""
    joined = lines[0] if lines else ""
    for line in lines[1:]:
        wide = _wide(joined[-1:]) or _wide(line[:1])
        glue = "" if wide or _after_folder(joined.rsplit(" ", 1)[-1]) else " "
        joined += glue + line
    return joined


def _tokens(paragraph: str) -> list[str]:
    """The pieces a line may break between: words with the space before them, and each
    CJK character on its own (closing marks kept with the one before, opening ones with
    the one after); a setting and its value ("FPS = 20") are one piece."""
    return _settings_whole(_pieces(paragraph))


def _settings_whole(tokens: list[str]) -> list[str]:
    """ "FPS", " =", " 20" as one piece: a setting is never parted from its value."""
    whole: list[str] = []
    for token in tokens:
        if whole and (token.strip(" ") == "=" or whole[-1].endswith(" =")):
            whole[-1] += token
        else:
            whole.append(token)
    return whole


def _pieces(paragraph: str) -> list[str]:
    tokens: list[str] = []
    for char in paragraph:
        last = tokens[-1] if tokens else ""
        if char == " ":
            tokens.append(" ")
        elif not last or last == " " * len(last):
            if tokens:
                tokens[-1] += char
            else:
                tokens.append(char)
        elif char in NO_LINE_START or last[-1] in NO_LINE_END:
            tokens[-1] += char
        elif _breaks_anywhere(char) or _breaks_anywhere(last[-1]) or _after_folder(last):
            tokens.append(char)
        else:
            tokens[-1] += char
    return tokens


def _after_folder(token: str) -> bool:
    """A path's folder just ended ("~/.config/" of "~/.config/othello/othello.ini"): a line
    may break there, never inside a name ("/home/." | "local/share") nor after the root
    alone ("/" | "home/...", "C:\\" | "Users\\...")."""
    path = token.lstrip(" ")
    if path[1:3] in (":\\", ":/"):
        root = 3
    elif path[:2] in ("~/", "~\\"):
        root = 2
    elif path[:1] in "/\\" and path:
        root = 1
    else:
        return False
    return path[-1:] in "/\\" and len(path) > root + 1


def visible(text: str) -> str:
    """``text`` as drawn on one line: soft hyphens are only places a line may break."""
    return text.replace(SOFT_HYPHEN, "")


def _split_word(word: str, font: FontChain, width: int) -> list[str]:
    """A word too wide for a line, cut at its hyphens and soft hyphens (the hyphen shown at
    the end of the line), else left whole."""
    parts: list[str] = []
    piece = ""
    for char in word:
        piece += char
        if char in "-" + SOFT_HYPHEN:
            parts.append(piece)
            piece = ""
    parts.append(piece)
    if len(parts) == 1:
        if not any(_hangul(c) for c in word):
            return [word]
        parts = list(word)  # a Korean word longer than the line: between its syllables
    lines: list[str] = []
    line = ""
    for part in parts:
        trial = line + part
        shown = visible(trial.rstrip(SOFT_HYPHEN)) + ("-" if trial.endswith(SOFT_HYPHEN) else "")
        if line and font.size(shown)[0] > width:
            lines.append(line)
            line = part
        else:
            line = trial
    lines.append(line)
    return [
        visible(part[:-1]) + "-" if part.endswith(SOFT_HYPHEN) else visible(part) for part in lines
    ]


def wrap(text: str, font: FontChain | pygame.font.Font, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels, at spaces and between CJK
    characters (see the module's docstring)."""
    lines: list[str] = []
    for paragraph in drawable(text).split("\n"):
        line = ""
        for token in _tokens(paragraph):
            trial = line + token if line else token.lstrip(" ")
            if line and font.size(visible(trial))[0] > width:
                lines.append(visible(line))
                line = token.lstrip(" ")
            else:
                line = trial
            if font.size(visible(line))[0] > width and isinstance(font, FontChain):
                *done, line = _split_word(line, font, width)
                lines += done
        lines.append(visible(line))
    return lines


def shorten(text: str, font: FontChain | pygame.font.Font, width: int) -> str:
    """``text`` cut at the end, with an ellipsis, to fit ``width`` pixels."""
    text = visible(drawable(text))
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + ELLIPSIS)[0] > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


class TextCache:
    """Rendered text surfaces, since font.render is one of the dearer calls in a frame."""

    def __init__(self, res: Resources) -> None:
        self.res = res
        self._cache: dict[tuple[str, int, bool, tuple[int, ...], str], pygame.Surface] = {}
        self._fits: dict[tuple[object, ...], tuple[str, int]] = {}  # fit's answers
        self._wraps: dict[
            tuple[object, ...], tuple[tuple[str, ...], int]
        ] = {}  # fit_lines' answers
        self.cut: set[str] = set()  # texts that did not fit whole: shown with an ellipsis

    def render(
        self,
        text: str,
        size: int,
        color: Sequence[int] | None = None,
        bold: bool = False,
        language: str | None = None,
    ) -> pygame.Surface:
        """``text`` in the window's language's fonts (or ``language``'s), palette.now.text by
        default."""
        color = tuple(palette.now.text if color is None else color)
        text = visible(text)
        key = (text, size, bold, color, language or "")
        surface = self._cache.get(key)
        if surface is None:
            if len(self._cache) > 800:
                self.clear()
            surface = self.res.font(size, bold, language).render(drawable(text), True, color)
            self._cache[key] = surface
        return surface

    @staticmethod
    def was_cut(wrapped: Sequence[str], text: str) -> bool:
        """Whether fit_lines had to cut ``text`` short to give ``wrapped``."""
        shortened = bool(wrapped) and wrapped[-1].endswith(ELLIPSIS)
        return shortened and not visible(text).endswith(ELLIPSIS)

    def clear(self) -> None:
        """Forget what was drawn and measured (the language or the fonts changed)."""
        self._cache.clear()
        self._fits.clear()
        self._wraps.clear()

    def font(self, size: int, bold: bool = False) -> FontChain:
        return self.res.font(size, bold)

    def width(self, text: str, size: int, bold: bool = False) -> int:
        return self.res.font(size, bold).size(visible(text))[0]

    def fit(
        self,
        wordings: str | Sequence[str],
        width: int,
        size: int,
        bold: bool = False,
        trying: bool = False,
    ) -> tuple[str, int]:
        """One line in ``width`` pixels: the first wording that fits at ``size`` or a little
        smaller (down to MIN_TEXT), else the last one cut short. Returns the text and its size.
        A text cut short is remembered in ``cut``, unless the caller is only ``trying``."""
        forms = wordings if isinstance(wordings, str) else tuple(wordings)
        key = (forms, width, size, bold, i18n.language())
        if key not in self._fits:
            self._fits[key] = self._fit(wordings, width, size, bold)
        fitted = self._fits[key]
        if not trying and fitted[0].endswith(ELLIPSIS):
            options = [forms] if isinstance(forms, str) else list(forms)
            if fitted[0] not in (visible(option) for option in options):
                self.cut.add(visible(options[-1]))
        return fitted

    def _fit(
        self, wordings: str | Sequence[str], width: int, size: int, bold: bool
    ) -> tuple[str, int]:
        options = [wordings] if isinstance(wordings, str) else list(wordings)
        options = [visible(drawable(option)) for option in options]
        sizes = range(max(size, MIN_TEXT), min(size, MIN_TEXT) - 1, -1)
        for text in options:
            for px in sizes:
                if self.res.font(px, bold).size(text)[0] <= width:
                    return text, px
        px = min(size, MIN_TEXT)
        return shorten(options[-1], self.res.font(px, bold), width), px

    def fit_lines(
        self,
        text: str,
        width: int,
        lines: int,
        size: int,
        bold: bool = False,
        trying: bool = False,
    ) -> tuple[list[str], int]:
        """``text`` wrapped into at most ``lines`` lines of ``width`` pixels, the font shrunk
        down to MIN_TEXT if need be and the last line cut short if even that is not enough
        (remembered in ``cut`` unless the caller is only ``trying``)."""
        key = (text, width, lines, size, bold, i18n.language())
        if key not in self._wraps:
            self._wraps[key] = self._fit_lines(text, width, lines, size, bold)
        wrapped, px = self._wraps[key]
        if not trying and self.was_cut(wrapped, text):
            self.cut.add(visible(text))
        return list(wrapped), px

    def blit_lines(
        self,
        surface: pygame.Surface,
        text: str,
        left: int,
        y: int,
        width: int,
        lines: int,
        size: int,
        color: Sequence[int] | None = None,
        bold: bool = False,
    ) -> int:
        """``text`` wrapped into at most ``lines`` lines (:meth:`fit_lines`) and drawn from
        (``left``, ``y``), a line and a half apart; the y below it."""
        wrapped, px = self.fit_lines(text, width, lines, size, bold)
        for part in wrapped:
            surface.blit(self.render(part, px, color, bold=bold), (left, y))
            y += int(px * 1.5)
        return y

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
                kept[-1] = shorten(rejoin(wrapped[lines - 1 :]), font, width)
                return tuple(kept), px
            px -= 1
