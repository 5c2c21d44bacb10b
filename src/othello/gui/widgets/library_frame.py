"""The Library screen as a whole: the heading with its count (and an import's bar), the
filter fields, the table, the chosen game's line or the edit form, the buttons and the keys.

Sizes follow the window: the type is a fortieth of its height (within MIN_TEXT and 18), so
the smallest window (540 x 400) still shows a dozen games and every button whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from othello.gui.model import library_words as words
from othello.gui.model.library_list import LibraryList
from othello.gui.services.library_worker import ImportProgress
from othello.gui.widgets import palette
from othello.gui.widgets.card import card
from othello.gui.widgets.graph import draw_bar
from othello.gui.widgets.library_table import TableHits, draw_fields, draw_table
from othello.gui.widgets.text import MIN_TEXT, TextCache, shorten

BUTTONS = ("open", "delete", "undo", "edit", "close")


@dataclass
class LibraryHits:
    table: TableHits = field(default_factory=TableHits)
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)


def draw_library(
    surface: pygame.Surface,
    text: TextCache,
    state: LibraryList,
    progress: ImportProgress | None,
    mouse: tuple[int, int],
    caret: bool,
) -> LibraryHits:
    width, height = surface.get_size()
    size = max(MIN_TEXT, min(18, height // 40))
    pad = max(8, size)
    room = pygame.Rect(0, 0, width, height)
    card(surface, room.inflate(-4, -4), alpha=255)
    inner = room.inflate(-2 * pad, -2 * pad)
    hits = LibraryHits()
    y = _heading(surface, text, inner, state, progress, size)
    line = int(size * 1.9)
    fields = pygame.Rect(inner.left, y, inner.width, line)
    hits.table.fields = draw_fields(surface, text, fields, state, size, caret)
    foot_h = int(size * 1.4)
    buttons_h = int(size * 2.2)
    detail_h = int(size * 1.6) * (3 if state.edit is not None else 1)
    bottom = inner.bottom - foot_h - buttons_h - detail_h - size
    table = pygame.Rect(inner.left, fields.bottom + size // 2, inner.width, bottom - fields.bottom)
    fields_hits = hits.table.fields
    hits.table = draw_table(surface, text, table, state, size, mouse)
    hits.table.fields = fields_hits
    if state.count == 0:
        empty = words.no_games() if not state.total else words.no_match()
        notes, px = text.fit_lines(empty, table.width - 2 * size, 3, size)
        for i, note in enumerate(notes):
            surface.blit(
                text.render(note, px, palette.now.text_dim),
                (table.left + size, table.top + 2 * line + i * int(px * 1.4)),
            )
    detail = pygame.Rect(inner.left, table.bottom + size // 2, inner.width, detail_h)
    if state.edit is not None:
        _edit_form(surface, text, detail, state, size, caret)
    else:
        _details(surface, text, detail, state, size)
    hits.buttons = _buttons(
        surface,
        text,
        pygame.Rect(inner.left, detail.bottom, inner.width, buttons_h),
        state,
        size,
        mouse,
    )
    foot = words.edit_foot() if state.edit is not None else words.foot()
    hint, px = text.fit(foot, inner.width, max(MIN_TEXT, size - 2))
    surface.blit(
        text.render(hint, px, palette.now.text_dim), (inner.left, inner.bottom - foot_h + 2)
    )
    return hits


def _heading(
    surface: pygame.Surface,
    text: TextCache,
    inner: pygame.Rect,
    state: LibraryList,
    progress: ImportProgress | None,
    size: int,
) -> int:
    """The title and count on the left, an import's bar on the right; the next free y."""
    line = int(size * 1.8)
    if state.count is None or state.total is None:
        title = words.looking()
    else:
        title = words.count_line(state.count, state.total)
    half = inner.width // 2 if progress is not None else inner.width
    fitted, px = text.fit(title, half - size, size + 3, bold=True)
    surface.blit(text.render(fitted, px, palette.now.text, bold=True), (inner.left, inner.top))
    if progress is not None:
        box = pygame.Rect(inner.left + half, inner.top, half, line)
        label, lpx = text.fit(
            words.import_bar(progress.name, progress.done, progress.total), box.width, size - 2
        )
        surface.blit(text.render(label, lpx, palette.now.text_dim), (box.left, box.top))
        bar = pygame.Rect(box.left, box.top + lpx + 6, box.width, 5)
        draw_bar(surface, bar, progress.done / max(1, progress.total))
    return inner.top + line + size // 2


def _details(
    surface: pygame.Surface, text: TextCache, rect: pygame.Rect, state: LibraryList, size: int
) -> None:
    row = state.chosen()
    if row is None:
        return
    if row.damage is not None:
        choices, colour = words.damaged_details(row.damage), palette.now.wrong
    else:
        choices, colour = (
            words.details(row.opening, row.moves, row.marks, row.memo, words.ended_words(row)),
            palette.now.text_dim,
        )
    fitted, px = text.fit(choices, rect.width, size)
    surface.blit(text.render(fitted, px, colour), (rect.left, rect.top + 2))


def _edit_form(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    state: LibraryList,
    size: int,
    caret: bool,
) -> None:
    edit = state.edit
    assert edit is not None
    line = rect.height // 3
    names = words.edit_fields()
    label_w = max(text.res.font(size).size(name)[0] for name in names.values()) + size
    for i, (key, name) in enumerate(names.items()):
        box = pygame.Rect(rect.left + label_w, rect.top + i * line, rect.width - label_w, line - 4)
        active = key == edit.field
        pygame.draw.rect(
            surface,
            palette.now.button_hover if active else palette.now.button,
            box,
            border_radius=5,
        )
        if active:
            pygame.draw.rect(surface, palette.now.cursor, box, width=2, border_radius=5)
        label = text.render(name, size, palette.now.text_dim)
        surface.blit(label, (rect.left, box.centery - label.get_height() // 2))
        value = edit.values[key] + ("|" if active and caret else "")
        shown = shorten(value, text.res.font(size), box.width - size) if value else ""
        words_s = text.render(shown, size, palette.now.text)
        surface.blit(words_s, (box.left + size // 2, box.centery - words_s.get_height() // 2))


def _buttons(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    state: LibraryList,
    size: int,
    mouse: tuple[int, int],
) -> dict[str, pygame.Rect]:
    gap = size // 2
    width = (rect.width - gap * (len(BUTTONS) - 1)) // len(BUTTONS)
    height = rect.height - gap
    hits = {}
    for i, name in enumerate(BUTTONS):
        box = pygame.Rect(rect.left + i * (width + gap), rect.top + gap // 2, width, height)
        usable = not (name == "undo" and not state.deleted) and (
            state.edit is None or name in ("edit", "close")
        )
        colour = (
            palette.now.button_hover if usable and box.collidepoint(mouse) else palette.now.button
        )
        pygame.draw.rect(
            surface, colour if usable else palette.now.button_disabled, box, border_radius=6
        )
        label, px = text.fit(words.button(name), width - gap, size, bold=True)
        rendered = text.render(
            label, px, palette.now.text if usable else palette.now.text_dim, bold=True
        )
        surface.blit(rendered, rendered.get_rect(center=box.center))
        hits[name] = box
    return hits
