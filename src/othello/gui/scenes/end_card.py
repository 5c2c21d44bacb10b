"""The end of a game: the final count and the winner over the board, New game and Review;
once the game is reviewed, the player's worst move and why it lost."""

from __future__ import annotations

import pygame

from othello.app.i18n import _
from othello.app.speech import sentences as said
from othello.core.board import Color
from othello.gui.model.game_words import empties_note
from othello.gui.model.panel_words import result_words
from othello.gui.model.why_words import worst_own, worst_words
from othello.gui.scenes.base import Host, Scene
from othello.gui.widgets import palette
from othello.gui.widgets.card import button, card, dim
from othello.gui.widgets.text import scaled

WORST_LINES = 4
"""The worst move's words take at most this many lines of the card."""


class EndOverlay(Scene):
    """The final count and the winner over the board, with a new-game and a review button.

    Space, or a click on the board, hides the card to show the final position (and shows it
    again); Esc hides it, as it closes every other card (Esc on the bare board then leaves); N, Enter or the button start a new game; the review button (or R) judges the game.
    Everything else falls through to the play scene, so undo, the colour and level choices and
    the panel keep working.
    """

    name = "end"

    def __init__(self, host: Host) -> None:
        self.host = host
        self.button = pygame.Rect(0, 0, 0, 0)  # new game
        self.review_button = pygame.Rect(0, 0, 0, 0)
        self.shown = True
        self.lines: list[str] = []  # the card's text as last drawn, each in the form that fitted

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.shown and self.button.collidepoint(event.pos):
                self.host.new_game()
                return True
            if self.shown and self.review_button.collidepoint(event.pos):
                self.host.review()
                return True
            if self.host.layout.board.collidepoint(event.pos):
                self.shown = not self.shown
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.host.new_game()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.shown = not self.shown
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.shown:
            self.shown = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            self.button = pygame.Rect(0, 0, 0, 0)
            self.review_button = pygame.Rect(0, 0, 0, 0)
            return
        host = self.host
        layout = host.layout
        dim(surface, layout.board, 90)
        board = host.session.board
        headline, verdicts = result_words(host.session)
        note = empties_note(board)
        s = layout.square
        extra = 0.45 * s if note else 0.0  # a line more for how the empty squares count
        small = scaled(s / 4)
        worst = self.worst()
        room = int(s * 6.4) - 2 * max(12, s // 3)
        wrapped, px = (
            self.host.text.fit_lines(worst, room, WORST_LINES, small) if worst else ([], 0)
        )
        extra += len(wrapped) * int(px * 1.3) + (s // 5 if wrapped else 0)
        rect = pygame.Rect(0, 0, int(s * 6.4), int(s * 4.0 + extra))
        rect.center = layout.board.center
        card(surface, rect, alpha=245)
        self.lines = []
        big = self._line(surface, headline, rect, 0.55 * s, max(16, s // 2), palette.now.text, True)
        self._discs(surface, rect, board.count(), big, rect.top + int(s * 1.35))
        self._line(surface, verdicts, rect, 2.05 * s, small, palette.now.text_dim)
        if note:
            self._line(surface, note, rect, 2.5 * s, small, palette.now.text_dim)
        y = rect.top + int(s * (2.95 if note else 2.5))
        for part in wrapped:  # the worst move, under the count's words
            label = self.host.text.render(part, px, palette.now.text)
            surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
            self.lines.append(part)
            y += int(px * 1.3)
        y = rect.top + int(s * 2.85 + extra)
        self.button = pygame.Rect(0, 0, int(s * 2.8), int(s * 0.7))
        self.button.center = (rect.centerx - int(s * 1.5), y)
        self.review_button = self.button.copy()
        self.review_button.center = (rect.centerx + int(s * 1.5), y)
        new = [_("New game (N)"), _("New game"), _("New")]
        self._button(surface, self.button, new, palette.now.accent, small)
        review = [_("Review (R)"), _("Review")]
        self._button(surface, self.review_button, review, palette.now.button, small)
        forms = [
            _("Space: see the board · K: the next game's start and clock"),  # the Game card
            _("Space or click: see the board"),
            _("Space: see the board"),
            _("Space: board"),
        ]
        self._line(surface, forms, rect, rect.height - 0.4 * s, scaled(s / 5), palette.now.text_dim)

    def spoken(self) -> str:
        """The result, the verdict, the worst move and why, and the keys."""
        if not self.shown:
            return ""
        headline, verdicts = result_words(self.host.session)
        keys = _("N: a new game; R: review it; Space: the board.")
        return said.spoken(headline, verdicts[0] if verdicts else "", self.worst(), keys)

    def worst(self) -> str:
        """The player's worst move and why, once the game on the board is reviewed ("" before
        that, or when no person played in it)."""
        session = self.host.session
        judgement, game = session.judgement, session.game
        moves = tuple(game.moves[: game.cursor])
        if judgement.review is None or judgement.review[0] != moves:
            return ""
        mine = judgement.people_plies(moves)
        return worst_words(worst_own(judgement.review[1], mine)) if mine else ""

    def _button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        wordings: list[str],
        color: tuple[int, int, int],
        size: int,
    ) -> None:
        """A button of the card with the longest wording that fits (kept in ``lines``)."""
        text = self.host.text
        hover = rect.collidepoint(self.host.mouse)
        button(surface, palette.now.button_hover if hover else color, rect, 8)
        fits, fitted = text.fit(wordings, rect.width - 8, size, True)
        label = text.render(fits, fitted, palette.now.text, bold=True)
        surface.blit(label, label.get_rect(center=rect.center))
        self.lines.append(fits)

    def _line(
        self,
        surface: pygame.Surface,
        wordings: str | list[str],
        rect: pygame.Rect,
        y: float,
        size: int,
        color: tuple[int, int, int],
        bold: bool = False,
    ) -> int:
        """One centred line of the card at ``y`` below its top, in the longest wording that
        fits; returns the text size used (it is kept in ``lines``, for tests)."""
        room = rect.width - 2 * max(12, self.host.layout.square // 3)
        line, fitted = self.host.text.fit(wordings, room, size, bold=bold)
        label = self.host.text.render(line, fitted, color, bold=bold)
        surface.blit(label, label.get_rect(center=(rect.centerx, rect.top + int(y))))
        self.lines.append(line)
        return fitted

    def _discs(
        self, surface: pygame.Surface, rect: pygame.Rect, counts: tuple[int, int], size: int, y: int
    ) -> None:
        """A black and a white disc, each with its count."""
        s = self.host.layout.square
        disc_size = max(12, int(s * 0.55))
        rows: tuple[tuple[Color, int, int], ...] = (
            ("black", counts[0], -1),
            ("white", counts[1], 1),
        )
        for color, count, dx in rows:
            disc = self.host.board_renderer.disc_sized(disc_size, color)
            cx = rect.centerx + dx * int(s * 1.3)
            surface.blit(disc, disc.get_rect(center=(cx - int(s * 0.45), y)))
            num = self.host.text.render(str(count), size, palette.now.text, bold=True)
            surface.blit(num, num.get_rect(midleft=(cx - int(s * 0.1), y)))
