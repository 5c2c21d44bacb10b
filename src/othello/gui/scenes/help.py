"""The help card (F1 or ?): the keys, the button that adds the game to the system's menu,
and, a Tab away, how Othello is played (the rules in a few lines, with a picture of a flip)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame

from othello.app import i18n
from othello.app.i18n import N_, _
from othello.gui.scenes.base import Host, Scene
from othello.gui.services import shortcut_offer
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card, dim
from othello.gui.widgets.rules_picture import flip_picture
from othello.gui.widgets.text import MIN_TEXT, scaled, wrap

RULES = [  # how Othello is played, for a player who never has; translated where drawn
    N_("Black moves first; then the players take turns."),
    N_("Place a disc to outflank the other side: a straight line of their discs with yours at both ends."),
    N_("Every outflanked disc turns over, in every direction at once: across, down and diagonally."),
    N_("A player with no such move passes; the game ends when neither can move."),
    N_("Whoever has more discs then wins."),
]  # fmt: skip
FLIP_CAPTION = N_(
    "Black plays f3: three lines of White's discs are outflanked, and all three turn over."
)


MIN_PICTURE = 240
"""The narrowest the picture of a flip is drawn (two boards): smaller, the text shrinks first."""


class Page(Enum):
    """What the help card shows: the keys, or the rules (Tab goes from one to the other)."""

    KEYS = "keys"
    RULES = "rules"


HELP_LINES = [  # the keys and what they do; translated where they are drawn
    (N_("Click / arrows + Enter"), N_("place a disc")),
    (N_("f then 5"), N_("place a disc on f5 (any square)")),
    ("N / K", N_("new game / its start and clock, your strength")),
    ("U, Ctrl+Z / Ctrl+Y", N_("undo to your previous turn / redo")),
    ("PgUp / PgDn", N_("the game before / after, in one press")),
    ("H", N_("hint: the computer scores every move")),
    ("L", N_("show or hide your legal moves")),
    ("B / W / J", N_("play Black / White / a person on the network")),
    ("T / P / .", N_("mode / pause / one move (watch)")),
    ("M / E / R / X / I", N_("move list / set up / review / explorer / book")),
    (N_("Move list: Shift+←/→"), N_("step through a reviewed move's line on the board")),
    ("+ / -", N_("computer level up / down")),
    ("S / O / Z", N_("sound on or off / settings (othello.ini) / puzzles")),
    ("V", N_("settings: language, theme, text size, othello.ini")),
    ("Ctrl+C / Ctrl+V", N_("copy the game / paste a game or position")),
    ("Ctrl+S / Ctrl+O", N_("save the game / open the last saved game")),
    ("G / Ctrl+P", N_("your game library / a picture (PNG) of the position")),
    (N_("Space, game over"), N_("show or hide the result")),
    (N_("Set up: C/S/Tab/Enter"), N_("clear / start position / who moves / play")),
    (N_("F1 or ?"), N_("this help")),
    ("Esc", N_("close a card; on the board: leave (asked first during a game)")),
]


SPEECH_LINES = [  # said with the keys when speech is on; the card has no room left for them
    ("F12 / Ctrl", N_("speech on or off / silence the sentence")),
    (N_("Tab / Alt+letter"), N_("speech: the next legal move / a question (Alt+L: legal moves)")),
]


def help_lines() -> list[tuple[str, str]]:
    """HELP_LINES in the player's language."""
    return [(_(keys), _(what)) for keys, what in HELP_LINES]


class HelpOverlay(Scene):
    """The list of keys, or the rules (Tab); any other key or a click closes it.

    With ``offer`` (the words of shortcut_offer's button), a button at its foot, or A, adds
    the game to the system's menu: the one place a player who never opens a terminal finds it.
    """

    name = "help"

    def __init__(self, host: Host, offer: str | None = None) -> None:
        self.host = host
        self.offer = offer
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the card was last drawn
        self.button = pygame.Rect(0, 0, 0, 0)  # the offer's button, as last drawn
        self.adding: shortcut_offer.Adding | None = None  # the shortcuts being written
        self.page = Page.KEYS
        self.lines: list[str] = []  # the rules page's lines as last drawn (tests, the tour)
        self._picture: tuple[tuple[int, str, palette.Palette], pygame.Surface] | None = None

    def spoken(self) -> str:
        """The keys, a line each (the rules on their page)."""
        if self.page == Page.RULES:
            return " ".join(_(rule) for rule in RULES)
        speech = [(_(keys), _(what)) for keys, what in SPEECH_LINES]
        return " ".join(f"{keys}: {what}." for keys, what in [*speech, *help_lines()])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.page = Page.RULES if self.page is Page.KEYS else Page.KEYS
            return True
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            asked = (event.type == pygame.KEYDOWN and event.key == pygame.K_a) or (
                event.type == pygame.MOUSEBUTTONDOWN and self.button.collidepoint(event.pos)
            )
            if self.offer and asked and self.adding is None:
                self.adding = shortcut_offer.Adding()  # the card stays until it is done
                self.offer = _("Adding…")
            else:
                self.close()
            return True
        return event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def update(self, dt: float) -> None:
        """The shortcuts written: the strip says where (an answer: at once), the card goes."""
        if self.adding is not None and self.adding.words is not None:
            self.host.reply(self.adding.words)
            self.adding = None
            self.host.close_scene(self)

    def close(self) -> None:
        if self.adding is not None:  # closed before they were written: said when they are
            self.adding.hand_over(self.host.session.show_notice)
        self.host.close_scene(self)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, surface.get_rect(), 170)
        room = surface.get_rect().inflate(-24, -24)
        if self.page is Page.RULES:
            self._draw_rules(surface, room)
            return
        plan = self._plan(room)
        text, size, pad, line_h = self.host.text, plan.size, plan.pad, plan.line_h
        rect = pygame.Rect(0, 0, plan.width, plan.height)
        rect.center = surface.get_rect().center
        self.rect = rect
        card(surface, rect, alpha=255)
        title = text.render(_("Keys"), size + 6, palette.now.text, bold=True)
        surface.blit(title, (rect.left + pad, rect.top + pad))
        top = rect.top + pad + plan.title_h
        self.button = pygame.Rect(0, 0, 0, 0)
        if self.offer:  # at the title row's right end, or on a row of its own below it
            self._draw_offer(surface, rect, plan, title)
        for column, entries in enumerate(plan.columns):
            x = rect.left + pad + column * (plan.column_w + 2 * size)
            y = top
            for keys, lines in entries:
                for i, key in enumerate(keys):
                    at = (x, y + i * line_h)
                    surface.blit(text.render(key, size, palette.now.cursor, bold=True), at)
                for i, line in enumerate(lines):
                    at = (x + plan.keys_w + size, y + i * line_h)
                    surface.blit(text.render(line, size, palette.now.text), at)
                y += max(len(keys), len(lines)) * line_h
        foot = _("Tab: how to play · any other key or a click closes")
        hint = text.render(foot, plan.small, palette.now.text_dim)
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - pad // 2)))

    # ----- the rules ----------------------------------------------------------------------

    def _draw_rules(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The rules, each wrapped to the card, under the picture of a flip and its caption;
        the largest text size at which it all fits ``room``."""
        text = self.host.text
        for size in range(scaled(18), MIN_TEXT - 1, -1):
            pad, line_h = size + 6, int(size * 1.35)
            width = min(room.width, size * 42)
            inner = width - 2 * pad
            font = text.font(size)
            caption = wrap(_(FLIP_CAPTION), text.font(max(MIN_TEXT, size - 2)), inner)
            rules = [wrap("• " + _(rule), font, inner) for rule in RULES]
            rows = len(caption) + sum(len(wrapped) for wrapped in rules)
            words = 2 * pad + int(line_h * 1.6) + pad * 3 // 4 + (rows + 1) * line_h
            shot = min(inner, (room.height - words) * 100 // 56)  # about half as high as wide
            if shot >= MIN_PICTURE or size == MIN_TEXT:
                break
        height = words + shot * 56 // 100
        rect = pygame.Rect(0, 0, width, min(height, room.height))
        rect.center = room.center
        self.rect = rect
        card(surface, rect, alpha=255)
        title = text.render(_("How to play"), size + 6, palette.now.text, bold=True)
        surface.blit(title, (rect.left + pad, rect.top + pad))
        y = rect.top + pad + int(line_h * 1.6)
        picture = self._flip(shot)
        surface.blit(picture, picture.get_rect(midtop=(rect.centerx, y)))
        y += picture.get_height() + pad // 4
        self.lines = []
        for line in caption:
            face = text.render(line, max(MIN_TEXT, size - 2), palette.now.text_dim)
            surface.blit(face, face.get_rect(midtop=(rect.centerx, y)))
            y += line_h
        y += pad // 2
        for lines in rules:
            for line in lines:
                surface.blit(text.render(line, size, palette.now.text), (rect.left + pad, y))
                self.lines.append(line)
                y += line_h
        foot = text.render(
            _("Tab: the keys · any other key or a click closes"),
            max(MIN_TEXT, size - 2),
            palette.now.text_dim,
        )
        surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - pad // 2)))

    def _flip(self, width: int) -> pygame.Surface:
        """The picture of a flip, ``width`` wide, drawn once for a size, language and theme."""
        key = (width, i18n.language(), palette.now)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, flip_picture(self.host.res.font, width))
        return self._picture[1]

    def _draw_offer(
        self, surface: pygame.Surface, rect: pygame.Rect, plan: HelpPlan, title: pygame.Surface
    ) -> None:
        text, size, pad = self.host.text, plan.size, plan.pad
        label = text.render(self.offer or "", size, palette.now.text, bold=True)
        self.button = label.get_rect().inflate(size, int(plan.line_h * 1.25) - label.get_height())
        if plan.offer_below:
            self.button.topleft = (rect.left + pad, rect.top + pad + title.get_height() + size // 2)
        else:
            self.button.midright = (rect.right - pad, rect.top + pad + title.get_height() // 2)
        hover = self.button.collidepoint(self.host.mouse)
        button(surface, palette.now.button_hover if hover else palette.now.accent, self.button, 8)
        surface.blit(label, label.get_rect(center=self.button.center))

    def _plan(self, room: pygame.Rect) -> HelpPlan:
        """The largest text size, in one column or two, at which the card fits ``room``,
        each key and its description wrapped to their columns; at the smallest, the lines
        closer together; that if none does."""
        plan = None
        tries = [(size, spacing) for size in range(scaled(20), MIN_TEXT - 1, -1)
                 for spacing in (1.5, 1.3)]  # fmt: skip
        tries.append((MIN_TEXT, 1.2))  # the smallest text set closer: before overflowing
        for size, spacing in tries:
            for columns in (1, 2):
                plan = self._try(room, size, columns, spacing)
                if plan.width <= room.width and plan.height <= room.height:
                    return plan
        assert plan is not None
        return plan

    def _try(self, room: pygame.Rect, size: int, columns: int, spacing: float) -> HelpPlan:
        text = self.host.text
        font, bold = text.font(size), text.font(size, True)
        lines = help_lines()
        pad, line_h, gap = size + 8, int(size * spacing), 2 * size
        widest_keys = max(bold.size(keys)[0] for keys, _what in lines)
        widest = max(font.size(what)[0] for _keys, what in lines)
        room_w = (room.width - 2 * pad - (columns - 1) * gap) // columns
        column_w = min(widest_keys + size + widest, room_w)
        keys_w = min(widest_keys, int(column_w * 0.4))  # a long key wraps too
        what_w = max(size, column_w - keys_w - size)
        entries = [(wrap(keys, bold, keys_w), wrap(what, font, what_w)) for keys, what in lines]
        too_wide = any(bold.size(k)[0] > keys_w for ks, _ws in entries for k in ks) or any(
            font.size(w)[0] > what_w for _ks, ws in entries for w in ws
        )
        heights = [max(len(ks), len(ws)) for ks, ws in entries]
        per_column = -(-sum(heights) // columns)
        split: list[list[Entry]] = [[]]
        used = 0
        for entry, height in zip(entries, heights, strict=True):
            if used + height > per_column and split[-1] and len(split) < columns:
                split.append([])
                used = 0
            split[-1].append(entry)
            used += height
        body = max(sum(max(len(ks), len(ws)) for ks, ws in column) for column in split) * line_h
        title_w = text.width(_("Keys"), size + 6, True)
        offer_w = text.width(self.offer, size, True) + size if self.offer else 0
        width = len(split) * column_w + (len(split) - 1) * gap + 2 * pad
        offer_below = bool(self.offer) and title_w + 2 * size + offer_w + 2 * pad > width
        if offer_below:
            width = max(width, offer_w + 2 * pad)
        title_h = int(line_h * (2.9 if offer_below else 1.6))
        small = max(MIN_TEXT, size - 2)
        foot_w = text.width(_("Tab: how to play · any other key or a click closes"), small)
        width = max(width, foot_w + 2 * pad)
        height = title_h + body + int(small * 1.5) + 2 * pad
        if too_wide:  # a word longer than its column: never chosen
            width = room.width + 1
        return HelpPlan(size, pad, line_h, keys_w, column_w, split, width, height, title_h,
                        offer_below, small)  # fmt: skip


Entry = tuple[list[str], list[str]]
"""A key, and what it does, each in its lines."""


@dataclass
class HelpPlan:
    """Where the help card's parts go at one text size."""

    size: int
    pad: int
    line_h: int
    keys_w: int
    column_w: int
    columns: list[list[Entry]]
    width: int
    height: int
    title_h: int
    offer_below: bool
    small: int
