"""Drawing the board: background, frame, felt, coordinates, discs, markers and hints.

The static parts are drawn once per window size and cached, and each disc colour is drawn once
per square size, so a frame is a handful of blits: the window's own work stays a few
milliseconds a frame, however busy the machine is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from othello.core.bitboard import Square
from othello.core.board import Board, Color
from othello.gui.model.game_words import score_text
from othello.gui.services.resources import Resources
from othello.gui.widgets import palette
from othello.gui.widgets.animation import MoveAnimation
from othello.gui.widgets.layout import Layout
from othello.gui.widgets.marks import brackets
from othello.gui.widgets.text import TextCache

SUPERSAMPLE = 4
STAR_POINTS = ((2, 2), (2, 6), (6, 2), (6, 6))


def vertical_gradient(
    size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]
) -> pygame.Surface:
    """A surface shading from ``top`` to ``bottom``, drawn as a 2-pixel-wide strip then stretched."""
    strip = pygame.Surface((2, 256))
    for y in range(256):
        t = y / 255
        strip.fill([round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)], (0, y, 2, 1))
    return pygame.transform.smoothscale(strip, size)


def tiled(
    texture: pygame.Surface | None, size: tuple[int, int], fallback: tuple[int, int, int]
) -> pygame.Surface:
    """``size`` filled with a repeating texture, or a flat colour when the texture is missing."""
    surface = pygame.Surface(size)
    if texture is None:
        surface.fill(fallback)
        return surface
    tw, th = texture.get_size()
    for x in range(0, size[0], tw):
        for y in range(0, size[1], th):
            surface.blit(texture, (x, y))
    return surface


def for_screen(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the window's pixel format, which blits several times faster."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.convert()


def make_disc(diameter: int, color: Color) -> pygame.Surface:
    """A shaded disc: a rim, then a body lit from the top left, drawn large and scaled down."""
    big = diameter * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    r = big // 2
    rim: tuple[int, ...]
    if color == "black":
        rim, body, light = (8, 8, 10), palette.now.black_disc, (92, 92, 98)
    else:
        rim, body, light = (168, 168, 158), palette.now.white_disc, (255, 255, 255)
    if palette.now.disc_outline is not None:  # high contrast: flat discs, each ringed
        rim = palette.now.disc_outline if color == "black" else (0, 0, 0)
        light = body
    pygame.draw.circle(surface, rim, (r, r), r)
    inner = int(r * 0.9)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        rad = int(inner * (1 - 0.75 * t))
        shift = int(inner * 0.22 * t)
        shade = [round(b + (lit - b) * t * t * 0.9) for b, lit in zip(body, light, strict=True)]
        pygame.draw.circle(surface, shade, (r - shift, r - shift), rad)
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def make_shadow(diameter: int) -> pygame.Surface:
    """A soft shadow to put under a disc, slightly down and to the right."""
    big = diameter * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    for i in range(8):
        pygame.draw.circle(
            surface, (0, 0, 0, 22), (big // 2, big // 2), int(big / 2 * (1 - i * 0.04))
        )
    return pygame.transform.smoothscale(surface, (diameter, diameter))


@dataclass(frozen=True)
class BoardView:
    """What the board shows this frame: the position, the move being animated, the last disc
    placed (red dot), the legal moves marked, the square under the pointer (with the disc it
    would place, ``ghost``), the keyboard cursor, and hint scores (``exact_hints``: perfect
    play's, drawn as an outlined chip; ``best``: the square framed in gold, when not the
    highest score's, as for a White move scored for Black; ``hints_high``: the scores in the
    upper half of their squares, leaving the lower half to the explorer's figures)."""

    board: Board
    animation: MoveAnimation | None = None
    last_move: Square | None = None
    legal: Sequence[Square] = ()
    hover: Square | None = None
    cursor: Square | None = None
    hints: Mapping[Square, int] = field(default_factory=dict)
    ghost: Color | None = None
    exact_hints: bool = False
    best: Square | None = None
    hints_high: bool = False


class BoardRenderer:
    """Draws the board area for a layout; caches what does not change from frame to frame."""

    def __init__(self, res: Resources, text: TextCache) -> None:
        self.res = res
        self.text = text
        self._static: pygame.Surface | None = None
        self._static_key: tuple[int, int, int] | None = None
        self._discs: dict[tuple[int, Color], pygame.Surface] = {}
        self._shadow: pygame.Surface | None = None
        self._marker: pygame.Surface | None = None
        self._palette = palette.now  # what the pieces above were drawn in

    # ----- cached pieces ---------------------------------------------------------------

    def forget(self) -> None:
        """The theme changed: the board's picture, the discs and the ring are drawn anew."""
        self._static = None
        self._discs.clear()

    def _in_palette(self) -> None:
        """What was drawn in another palette is drawn anew: the cache is the palette's itself
        (its colours, whatever its name), so a changed colour always shows."""
        if self._palette != palette.now:  # the same palette is the same object: no compare
            self._palette = palette.now
            self.forget()

    def disc_size(self, layout: Layout) -> int:
        return max(8, int(layout.square * 0.84))

    def disc(self, layout: Layout, color: Color) -> pygame.Surface:
        return self.disc_sized(self.disc_size(layout), color)

    def disc_sized(self, diameter: int, color: Color) -> pygame.Surface:
        """A disc of any size (the panel and the end card use their own), drawn once."""
        self._in_palette()
        key = (diameter, color)
        if key not in self._discs:
            self._discs[key] = for_screen(make_disc(*key))
        return self._discs[key]

    def ghost(self, layout: Layout, color: Color) -> pygame.Surface:
        """A see-through disc: where the player's disc would go."""
        self._in_palette()
        key = (-self.disc_size(layout), color)  # negative size: the ghost's slot in the cache
        if key not in self._discs:
            ghost = self.disc(layout, color).copy()
            ghost.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
            self._discs[key] = ghost
        return self._discs[key]

    def static(self, layout: Layout) -> pygame.Surface:
        """Background, frame, felt, grid, star points and coordinates for this window size."""
        self._in_palette()
        key = (layout.width, layout.height, layout.square)
        if self._static is None or self._static_key != key:
            self._static = for_screen(self._draw_static(layout))
            self._static_key = key
            size = self.disc_size(layout)
            self._shadow = make_shadow(size)
            self._marker = self._draw_marker(layout)
        return self._static

    def _draw_static(self, layout: Layout) -> pygame.Surface:
        surface = vertical_gradient(
            (layout.width, layout.height), palette.now.background_top, palette.now.background_bottom
        )
        frame = layout.frame
        shadow = pygame.Surface((frame.width + 24, frame.height + 24), pygame.SRCALPHA)
        for i in range(12):
            pygame.draw.rect(
                shadow, (0, 0, 0, 14), shadow.get_rect().inflate(-2 * i, -2 * i), border_radius=18
            )
        surface.blit(shadow, (frame.left - 6, frame.top - 2))
        wood = tiled(self._texture("wood.png", palette.now.wood), frame.size, palette.now.wood)
        rounded = pygame.Surface(frame.size, pygame.SRCALPHA)
        pygame.draw.rect(rounded, (255, 255, 255), rounded.get_rect(), border_radius=10)
        rounded.blit(wood, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(rounded, frame.topleft)
        pygame.draw.rect(surface, palette.now.frame_edge, frame, width=2, border_radius=10)
        felt = tiled(
            self._texture("felt.png", palette.now.felt), layout.board.size, palette.now.felt
        )
        surface.blit(felt, layout.board.topleft)
        pygame.draw.rect(surface, palette.now.frame_edge, layout.board.inflate(4, 4), width=2)
        self._draw_grid(surface, layout)
        self._draw_coordinates(surface, layout)
        return surface

    def _texture(self, name: str, colour: palette.RGB) -> pygame.Surface | None:
        """The picture ``name`` where the palette draws textures and ``colour`` is still the
        one the picture was made in: another colour is drawn flat, so that it shows."""
        if not palette.now.textures or palette.TEXTURE_COLOURS.get(name) != colour:
            return None
        return self.res.images.get(name)

    def _draw_grid(self, surface: pygame.Surface, layout: Layout) -> None:
        b, s = layout.board, layout.square
        for i in range(1, 8):
            pygame.draw.line(
                surface,
                palette.now.grid,
                (b.left + i * s, b.top),
                (b.left + i * s, b.bottom - 1),
                2,
            )
            pygame.draw.line(
                surface, palette.now.grid, (b.left, b.top + i * s), (b.right - 1, b.top + i * s), 2
            )
        dot = max(2, s // 14)
        for col, row in STAR_POINTS:
            pygame.draw.circle(
                surface, palette.now.grid, (b.left + col * s + 1, b.top + row * s + 1), dot
            )

    def _draw_coordinates(self, surface: pygame.Surface, layout: Layout) -> None:
        size = max(10, int(layout.border * 0.5))
        b, s, half = layout.board, layout.square, layout.border // 2
        for i in range(8):
            letter = self.text.render("abcdefgh"[i], size, palette.now.coord, bold=True)
            number = self.text.render(str(i + 1), size, palette.now.coord, bold=True)
            x = b.left + i * s + s // 2
            y = b.top + i * s + s // 2
            for cy in (b.top - half, b.bottom + half):
                surface.blit(letter, letter.get_rect(center=(x, cy)))
            for cx in (b.left - half, b.right + half):
                surface.blit(number, number.get_rect(center=(cx, y)))

    def _draw_marker(self, layout: Layout) -> pygame.Surface:
        """The legal-move marker: a pale ring round a faint centre, drawn smooth once.

        Pale on the green felt stands out where a dark dot did not, and a ring a quarter of the
        square across is still plainly not a disc.
        """
        d = max(8, int(layout.square * 0.3))
        big = d * SUPERSAMPLE
        surface = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.circle(surface, palette.now.legal_fill, (big // 2, big // 2), big // 2)
        pygame.draw.circle(
            surface,
            palette.now.legal_mark,
            (big // 2, big // 2),
            big // 2,
            width=max(SUPERSAMPLE * 2, big // 6),
        )
        return pygame.transform.smoothscale(surface, (d, d))

    # ----- per frame -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, layout: Layout, view: BoardView) -> None:
        """One frame of the board, as ``view`` says."""
        hover, hints, ghost = view.hover, view.hints, view.ghost
        surface.blit(self.static(layout), (0, 0))
        if hover is not None:
            self._highlight(surface, layout, hover, (255, 255, 255, 28))
            if ghost is not None:
                preview = self.ghost(layout, ghost)
                surface.blit(preview, preview.get_rect(center=layout.square_center(hover)))
        for sq in view.legal:
            marker = self._marker
            # a hinted square shows its score instead: a ring behind the digits blurs them
            if marker is not None and sq not in hints and not (sq == hover and ghost is not None):
                surface.blit(marker, marker.get_rect(center=layout.square_center(sq)))
        self._draw_discs(surface, layout, view.board, view.animation)
        if view.last_move is not None and view.last_move >= 0:
            centre = layout.square_center(view.last_move)
            radius = max(3, layout.square // 11)
            pygame.draw.circle(
                surface, palette.now.last_move_edge, centre, radius + max(1, radius // 3)
            )
            pygame.draw.circle(surface, palette.now.last_move, centre, radius)
        self._draw_hints(surface, layout, view)
        if view.cursor is not None:
            rect = layout.square_rect(view.cursor).inflate(-4, -4)
            brackets(surface, palette.now.key_cursor, rect, max(3, layout.square // 20))

    def _highlight(
        self, surface: pygame.Surface, layout: Layout, sq: Square, rgba: tuple[int, int, int, int]
    ) -> None:
        rect = layout.square_rect(sq)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill(rgba)
        surface.blit(shade, rect.topleft)

    def _draw_discs(
        self, surface: pygame.Surface, layout: Layout, board: Board, animation: MoveAnimation | None
    ) -> None:
        size = self.disc_size(layout)
        shadow = self._shadow
        offset = max(1, size // 24)
        for sq in range(64):
            bit = 1 << sq
            if not (board.black | board.white) & bit:
                continue
            color: Color = "black" if board.black & bit else "white"
            width = 1.0
            look = animation.look(sq) if animation is not None else None
            if look is not None:
                color, width = look.color, look.width
            cx, cy = layout.square_center(sq)
            disc = self.disc(layout, color)
            if look is not None and animation is not None and sq == animation.placed:
                disc = pygame.transform.smoothscale(disc, (max(1, int(size * width)),) * 2)
            elif width < 0.999:
                disc = pygame.transform.smoothscale(disc, (max(1, int(size * width)), size))
            if shadow is not None:
                sw = max(1, int(size * max(width, 0.15)))
                s = shadow if sw == size else pygame.transform.smoothscale(shadow, (sw, size))
                surface.blit(s, s.get_rect(center=(cx + offset, cy + 2 * offset)))
            surface.blit(disc, disc.get_rect(center=(cx, cy)))

    def _draw_hints(self, surface: pygame.Surface, layout: Layout, view: BoardView) -> None:
        hints = view.hints
        if not hints:
            return
        framed = hints.get(view.best) if view.best is not None else None
        best = max(hints.values()) if framed is None else framed
        size = max(10, layout.square // 3)
        for sq, score in hints.items():
            rect = layout.square_rect(sq)
            if score == best:
                pygame.draw.rect(
                    surface, palette.now.hint_best, rect.inflate(-4, -4), width=3, border_radius=6
                )
            label = self.text.render(
                score_text(score), size, palette.now.hint_text, bold=score == best
            )
            centre = (
                (rect.centerx, rect.top + rect.height * 3 // 10) if view.hints_high else rect.center
            )
            pad = label.get_rect(center=centre).inflate(8, 2)
            chip = pygame.Surface(pad.size, pygame.SRCALPHA)
            pygame.draw.rect(chip, (0, 0, 0, 150), chip.get_rect(), border_radius=5)
            if view.exact_hints:  # perfect play's result, not an estimate
                pygame.draw.rect(
                    chip, palette.now.hint_text, chip.get_rect(), width=1, border_radius=5
                )
            surface.blit(chip, pad.topleft)
            surface.blit(label, label.get_rect(center=centre))
