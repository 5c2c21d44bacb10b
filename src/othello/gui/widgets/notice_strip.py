"""Drawing the notice strip under the board: one notice over its whole height, or two, a line each.

What goes in the strip is decided in notices.py; this draws it, and tells it how many notices
fit together, which depends on the words and the strip's size.
"""

from __future__ import annotations

import pygame

from othello.gui.model.notices import Notice
from othello.gui.widgets import palette
from othello.gui.widgets.text import MIN_TEXT, TextCache, scaled

NOTICE_GAP = 4
READABLE = 13  # the smallest text two notices sharing the strip may use


def _notice_rows(rect: pygame.Rect, count: int) -> tuple[int, int]:
    """Height of each notice's box and its text size, with ``count`` notices in the strip."""
    h = (rect.height - NOTICE_GAP * (count - 1)) // count
    if count == 1:
        return h, max(MIN_TEXT, min(scaled(16), (h - 8) // 2 - 4))
    return h, max(MIN_TEXT, min(scaled(16), h - 5))  # a line each: the text fills its row


def notices_that_fit(text: TextCache, rect: pygame.Rect, notices: list[Notice]) -> int:
    """How many of the first two notices the strip shows together: two only when each fits
    its one line whole at a readable size (READABLE); otherwise one at a time on two lines, so no notice is cut short
    (the next waits its turn)."""
    if len(notices) < 2:
        return len(notices)
    _, size = _notice_rows(rect, 2)
    if size < READABLE:
        return 1  # a line each would be too small to read: one at a time
    for notice in notices[:2]:
        fitted, px = text.fit(notice.text, rect.width - 24, size, bold=notice.banner, trying=True)
        if fitted != notice.text or px < READABLE:
            return 1
    return 2


def _wrapped(
    text: TextCache, notice: Notice, box: pygame.Rect, lines: int, size: int
) -> tuple[list[str], int, int]:
    """A notice's lines, their size and spacing: on ``lines`` lines, or, a notice alone in
    the strip that would be cut (long words in a narrow window), on three packed closer."""
    width = box.width - 24
    wrapped, px = text.fit_lines(notice.text, width, lines, size, notice.banner, trying=True)
    three = lines == 2 and 3 * (MIN_TEXT + 2) <= box.height
    if text.was_cut(wrapped, notice.text) and three:
        wrapped, px = text.fit_lines(notice.text, width, 3, size, notice.banner)
        return wrapped, px, min(px + 4, box.height // 3)
    wrapped, px = text.fit_lines(notice.text, width, lines, size, notice.banner)
    return wrapped, px, px + 4


def draw_notices(
    surface: pygame.Surface, text: TextCache, rect: pygame.Rect, notices: list[Notice]
) -> list[pygame.Rect]:
    """The strip under the board: one notice over its whole height, or two, a line each.

    Returns where each notice was drawn.
    """
    drawn: list[pygame.Rect] = []
    if not notices:
        return drawn
    gap = NOTICE_GAP
    h, size = _notice_rows(rect, len(notices))
    for i, notice in enumerate(notices):
        box = pygame.Rect(rect.left, rect.top + i * (h + gap), rect.width, h)
        lines, px, line_h = _wrapped(text, notice, box, 2 if len(notices) == 1 else 1, size)
        card = pygame.Surface(box.size, pygame.SRCALPHA)
        fill = palette.now.banner if notice.banner else palette.now.toast
        pygame.draw.rect(card, (*fill[:3], 255), card.get_rect(), border_radius=8)
        if notice.banner:
            pygame.draw.rect(card, palette.now.cursor, card.get_rect(), width=2, border_radius=8)
        top = (h - line_h * len(lines)) // 2
        for j, line in enumerate(lines):
            label = text.render(
                line,
                px,
                palette.now.cursor if notice.banner else palette.now.text,
                bold=notice.banner,
            )
            card.blit(label, label.get_rect(midtop=(box.width // 2, top + j * line_h)))
        card.set_alpha(notice.alpha)
        surface.blit(card, box.topleft)
        drawn.append(box)
    return drawn
