"""The Library screen's parts: the filter fields, the table of games with its headings and
scroll bar, and the line that tells about the chosen game.

Each draw returns where things went, so the screen maps a click to a heading, a row or a
field. Columns are dropped from the right (source, then opening) where the window is narrow,
and a long name is cut with an ellipsis, never drawn past its column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from othello.app.library.query import FIELDS, Row
from othello.gui.model import library_words
from othello.gui.model.library_list import LibraryList
from othello.gui.model.player_names import player_forms
from othello.gui.widgets import palette
from othello.gui.widgets.text import TextCache, shorten

# each column: its least width in "M"s, and its share of the width left over
WIDTHS = {"date": (9, 0.5), "black": (7, 1.0), "white": (7, 1.0), "result": (7, 0.3),
          "opening": (8, 1.0), "source": (7, 0.6)}  # fmt: skip
DROP_ORDER = ("source", "opening")
SELECTED = (58, 82, 70)
STRIPE = (36, 40, 47)


@dataclass
class TableHits:
    """Where the last frame drew the table's parts."""

    headings: dict[str, pygame.Rect] = field(default_factory=dict)
    rows: list[tuple[pygame.Rect, int]] = field(default_factory=list)
    fields: dict[str, pygame.Rect] = field(default_factory=dict)
    bar: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    shown: int = 1  # rows that fit


def columns(text: TextCache, width: int, size: int) -> list[tuple[str, int, int]]:
    """``(column, x offset, width)`` for a table ``width`` wide: the columns that fit."""
    em = text.res.font(size).size("M")[0]
    names = list(WIDTHS)
    for drop in (None, *DROP_ORDER):
        if drop is not None:
            names.remove(drop)
        least = sum(WIDTHS[n][0] * em for n in names) + em * len(names)
        if least <= width:
            break
    spare = max(0, width - sum(WIDTHS[n][0] * em + em for n in names))
    shares = sum(WIDTHS[n][1] for n in names) or 1
    out, x = [], 0
    for n in names:
        w = WIDTHS[n][0] * em + int(spare * WIDTHS[n][1] / shares)
        out.append((n, x, w))
        x += w + em
    return out


def cell_forms(row: Row, column: str, short_date: bool) -> list[str]:
    """A cell's text, longest first (the first that fits is drawn, else the last, cut)."""
    if column in ("black", "white"):  # "Computer, level 14" in the player's language
        return player_forms(row.black if column == "black" else row.white)
    if column == "result" and row.on_time and row.finished and row.damage is None:
        return library_words.on_time_cell(row.result)
    return [cell_text(row, column, short_date)]


def cell_text(row: Row, column: str, short_date: bool) -> str:
    if column == "result":
        if row.damage is not None:
            return library_words.damaged_cell()
        if row.on_time and row.finished:
            return library_words.on_time_cell(row.result)[0]
        return library_words.result_cell(row.result, row.finished)
    if column == "source":
        return library_words.source_shown(row.source)
    if column == "opening":
        return library_words.opening_shown(row.opening)
    if column == "date":
        return row.date[:10] if short_date else row.date
    if column in ("black", "white"):
        return cell_forms(row, column, short_date)[0]
    return str(getattr(row, column))


def draw_fields(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    state: LibraryList,
    size: int,
    caret: bool,
) -> dict[str, pygame.Rect]:
    """The five filter fields in a row (the active one framed, with a caret); where the
    window is narrow, the active one alone, wide, and the others that hold text beside it."""
    gap = size // 2
    narrow = rect.width < size * 60
    names = [state.active] if narrow else list(FIELDS)
    labels = library_words.fields()
    width = (rect.width - gap * (len(names) - 1)) // len(names)
    if narrow:
        width = rect.width * 3 // 5
        others = [f"{labels[n]} {state.filter.field(n)}" for n in FIELDS
                  if n != state.active and state.filter.field(n)]  # fmt: skip
        if others:
            line = shorten(" · ".join(others), text.res.font(size), rect.width - width - 2 * gap)
            note = text.render(line, size, palette.now.text_dim)
            surface.blit(note, (rect.left + width + 2 * gap, rect.centery - note.get_height() // 2))
    hits = {}
    for i, name in enumerate(names):
        box = pygame.Rect(rect.left + i * (width + gap), rect.top, width, rect.height)
        active = name == state.active and state.edit is None
        pygame.draw.rect(
            surface,
            palette.now.button_hover if active else palette.now.button,
            box,
            border_radius=6,
        )
        if active:
            pygame.draw.rect(surface, palette.now.cursor, box, width=2, border_radius=6)
        label = text.render(labels[name], size, palette.now.text_dim)
        surface.blit(label, (box.left + gap, box.centery - label.get_height() // 2))
        room = box.width - label.get_width() - 3 * gap
        typed = state.filter.field(name)
        value = typed + ("|" if active and caret else "")
        colour = palette.now.text
        if active and not typed:  # what the field takes, until something is typed: the
            forms = library_words.field_hints()[name]  # longest form that fits, whole
            value = next((f for f in forms if text.width(f, size) <= room), forms[-1])
            colour = palette.now.text_dim
        shown = shorten(value, text.res.font(size), room) if value else ""
        words = text.render(shown, size, colour)
        surface.blit(
            words, (box.left + label.get_width() + 2 * gap, box.centery - words.get_height() // 2)
        )
        hits[name] = box
    return hits


def draw_table(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    state: LibraryList,
    size: int,
    mouse: tuple[int, int],
) -> TableHits:
    """The headings (the order's column with its arrow), the rows on screen, the scroll bar."""
    hits = TableHits()
    line = int(size * 1.7)
    bar_w = max(6, size // 2)
    body = pygame.Rect(rect.left, rect.top + line, rect.width - bar_w - 4, rect.height - line)
    cols = columns(text, body.width - size, size)
    short_date = (
        dict((c, w) for c, _x, w in cols).get("date", 0)
        < text.res.font(size).size("2024-05-01 14:03")[0]
    )
    headings = library_words.columns()
    for name, x, w in cols:
        heading = headings[name]
        if state.filter.sort == name:
            heading += " ▼" if state.filter.descending else " ▲"
        box = pygame.Rect(body.left + size // 2 + x, rect.top, w, line)
        hits.headings[name] = box
        colour = palette.now.text if state.filter.sort == name else palette.now.text_dim
        fitted, px = text.fit([heading], w, size, bold=True)
        words = text.render(fitted, px, colour, bold=True)
        surface.blit(words, (box.left, box.centery - words.get_height() // 2))
    pygame.draw.line(
        surface, palette.now.panel_edge, (rect.left, body.top - 1), (rect.right, body.top - 1)
    )
    hits.shown = max(1, body.height // line)
    font = text.res.font(size)
    for i in range(hits.shown):
        index = state.top + i
        if state.count is not None and index >= state.count:
            break
        box = pygame.Rect(body.left, body.top + i * line, body.width, line)
        hits.rows.append((box, index))
        row = state.row(index)
        if index == state.selected:
            pygame.draw.rect(surface, SELECTED, box, border_radius=4)
        elif box.collidepoint(mouse):
            pygame.draw.rect(surface, palette.now.button, box, border_radius=4)
        elif i % 2:
            pygame.draw.rect(surface, STRIPE, box)
        if row is None or row.id in state.hidden:
            continue
        for name, x, w in cols:
            forms = cell_forms(row, name, short_date)
            value = next((f for f in forms if font.size(f)[0] <= w), forms[-1])
            colour = (
                palette.now.text if name in ("black", "white", "result") else palette.now.text_dim
            )
            if row.damage is not None and name == "result":
                colour = palette.now.wrong
            words = text.render(shorten(value, font, w), size, colour)
            surface.blit(words, (box.left + size // 2 + x, box.centery - words.get_height() // 2))
    hits.bar = _scroll_bar(
        surface, pygame.Rect(rect.right - bar_w, body.top, bar_w, body.height), state, hits.shown
    )
    return hits


def _scroll_bar(
    surface: pygame.Surface, track: pygame.Rect, state: LibraryList, shown: int
) -> pygame.Rect:
    pygame.draw.rect(surface, palette.now.button_disabled, track, border_radius=3)
    count = state.count or 0
    if count <= shown:
        return track
    height = max(track.height * shown // count, 12)
    top = track.top + (track.height - height) * state.top // max(1, count - shown)
    pygame.draw.rect(
        surface, palette.now.text_dim, (track.left, top, track.width, height), border_radius=3
    )
    return track


def bar_position(track: pygame.Rect, y: int, count: int, shown: int) -> int:
    """The first row for a click or drag at ``y`` on the scroll bar."""
    share = (y - track.top) / max(1, track.height)
    return max(0, min(count - shown, int(share * count) - shown // 2))
