"""A picture of a position to share: the board, its discs, the coordinates (or not), the last
move, each disc's move number (as an option), and under it the count and who moves.

Drawn off-screen on a surface of its own (no window needed: ``othello export --format png``
draws it headless), three times larger and then smoothed down, so the discs' edges are soft.
``mono`` draws it in black and white only, for print.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

import pygame

from othello.app.files.writing import write_atomic
from othello.core.bitboard import PASS, Square
from othello.core.board import Board
from othello.core.game import Game
from othello.gui.model.library_words import picture_caption
from othello.gui.services.fonts import FontChain
from othello.gui.services.resources import load_resources
from othello.gui.widgets import palette

SCALE = 3
Font = Callable[[int, bool], FontChain | pygame.font.Font]


@dataclass(frozen=True)
class PictureOptions:
    coordinates: bool = True
    numbers: bool = False
    last_move: bool = True
    mono: bool = False
    width: int = 640


@dataclass(frozen=True)
class PictureColours:
    background: tuple[int, int, int]
    board: tuple[int, int, int]
    grid: tuple[int, int, int]
    text: tuple[int, int, int]
    black: tuple[int, int, int]
    white: tuple[int, int, int]
    edge: tuple[int, int, int]
    mark: tuple[int, int, int]
    ring: tuple[int, int, int]  # the rules' rings: yellow, seen on black, white and felt


COLOUR = PictureColours(
    palette.now.background_bottom, palette.now.felt, palette.now.grid, palette.now.coord, palette.now.black_disc,
    palette.now.white_disc, (10, 10, 10), palette.now.last_move, palette.YELLOW,
)  # fmt: skip
MONO = PictureColours(
    (255, 255, 255), (255, 255, 255), (0, 0, 0), (0, 0, 0), (0, 0, 0), (255, 255, 255),
    (0, 0, 0), (0, 0, 0), (0, 0, 0),
)  # fmt: skip


def position_at(game: Game, ply: int | None) -> tuple[Board, Square | None, dict[Square, int]]:
    """The board after ``ply`` moves (None: all of them), the last disc placed, and the move
    number that placed each disc on it (flipped discs keep theirs)."""
    end = len(game.moves) if ply is None else max(0, min(ply, len(game.moves)))
    board = game.start.copy()
    numbers: dict[Square, int] = {}
    last: Square | None = None
    placed = 0
    for sq in game.moves[:end]:
        board.push_square(sq)
        if sq != PASS:
            placed += 1
            numbers[sq] = placed
            last = sq
    return board, last, numbers


def draw_position(
    board: Board,
    font: Font,
    options: PictureOptions = PictureOptions(),
    last: Square | None = None,
    numbers: dict[Square, int] | None = None,
    ply: int = 0,
    rings: Collection[Square] = (),
) -> pygame.Surface:
    """The picture, ``options.width`` pixels wide; ``rings`` are squares ringed in the mark's
    colour (the rules' picture: where a disc goes, the discs it turned over)."""
    colours = MONO if options.mono else COLOUR
    width = max(120, options.width) * SCALE
    margin = width * (7 if options.coordinates else 3) // 100
    cell = (width - 2 * margin) // 8
    caption_height = width * 9 // 100
    surface = pygame.Surface((width, margin * 2 + cell * 8 + caption_height))
    surface.fill(colours.background)
    area = pygame.Rect(margin, margin, cell * 8, cell * 8)
    pygame.draw.rect(surface, colours.board, area)
    _grid(surface, area, cell, colours)
    if options.coordinates:
        _coordinates(surface, area, cell, margin, font, colours)
    for sq in range(64):
        black, white = board.black >> sq & 1, board.white >> sq & 1
        if black or white:
            _disc(surface, area, cell, sq, bool(black), colours, options.mono)
    if numbers and options.numbers:
        _numbers(surface, area, cell, board, numbers, font, colours)
    if options.last_move and last is not None:
        mark = colours.mark
        if options.mono:  # the disc's other colour, so the mark shows on either
            mark = colours.white if board.black >> last & 1 else colours.black
        centre = _centre(area, cell, last)
        if not (numbers and options.numbers):
            pygame.draw.circle(surface, mark, centre, max(3, cell // 9))
        else:  # the number stays readable: the mark rings the disc instead
            pygame.draw.circle(surface, mark, centre, cell * 46 // 100, max(2, cell // 24))
    for sq in rings:
        ring = max(2, cell // 16)
        pygame.draw.circle(surface, colours.ring, _centre(area, cell, sq), cell * 47 // 100, ring)
    caption = picture_caption(board, ply)
    px = max(8, caption_height * 45 // 100)
    while px > 8 and font(px, False).size(caption)[0] > width - 2 * margin:
        px -= SCALE  # a smaller type until the whole sentence fits
    words = font(px, False).render(caption, True, colours.text)
    y = area.bottom + margin + caption_height // 2 - margin // 2
    surface.blit(words, words.get_rect(midleft=(margin, y)))
    size = (surface.get_width() // SCALE, surface.get_height() // SCALE)
    return pygame.transform.smoothscale(surface, size)


def _centre(area: pygame.Rect, cell: int, sq: Square) -> tuple[int, int]:
    return area.left + (sq % 8) * cell + cell // 2, area.top + (sq // 8) * cell + cell // 2


def _grid(surface: pygame.Surface, area: pygame.Rect, cell: int, colours: PictureColours) -> None:
    line = max(2, cell // 30)
    for i in range(9):
        x, y = area.left + i * cell, area.top + i * cell
        pygame.draw.line(surface, colours.grid, (x, area.top), (x, area.bottom), line)
        pygame.draw.line(surface, colours.grid, (area.left, y), (area.right, y), line)
    for col, row in ((2, 2), (2, 6), (6, 2), (6, 6)):
        dot = (area.left + col * cell, area.top + row * cell)
        pygame.draw.circle(surface, colours.grid, dot, max(3, cell // 14))


def _coordinates(
    surface: pygame.Surface,
    area: pygame.Rect,
    cell: int,
    margin: int,
    font: Font,
    colours: PictureColours,
) -> None:
    face = font(max(8, margin * 55 // 100), True)
    for i in range(8):
        letter = face.render("abcdefgh"[i], True, colours.text)
        x = area.left + i * cell + cell // 2
        surface.blit(letter, letter.get_rect(center=(x, area.top - margin // 2)))
        digit = face.render(str(i + 1), True, colours.text)
        y = area.top + i * cell + cell // 2
        surface.blit(digit, digit.get_rect(center=(area.left - margin // 2, y)))


def _disc(
    surface: pygame.Surface,
    area: pygame.Rect,
    cell: int,
    sq: Square,
    black: bool,
    colours: PictureColours,
    mono: bool,
) -> None:
    centre = _centre(area, cell, sq)
    radius = cell * 42 // 100
    pygame.draw.circle(surface, colours.edge, centre, radius + max(1, cell // 40))
    pygame.draw.circle(surface, colours.black if black else colours.white, centre, radius)
    if not mono:  # a soft highlight, as on the window's discs
        shine = (70, 70, 74) if black else (255, 255, 255)
        pygame.draw.circle(
            surface, shine, (centre[0] - radius // 3, centre[1] - radius // 3), radius // 5
        )


def _numbers(
    surface: pygame.Surface,
    area: pygame.Rect,
    cell: int,
    board: Board,
    numbers: dict[Square, int],
    font: Font,
    colours: PictureColours,
) -> None:
    face = font(max(8, cell * 36 // 100), True)
    for sq, number in numbers.items():
        on_black = bool(board.black >> sq & 1)
        colour = colours.white if on_black else colours.black
        text = face.render(str(number), True, colour)
        surface.blit(text, text.get_rect(center=_centre(area, cell, sq)))


def game_picture(
    game: Game, font: Font, options: PictureOptions = PictureOptions(), ply: int | None = None
) -> pygame.Surface:
    """The picture of ``game`` after ``ply`` moves (None: where it stands)."""
    board, last, numbers = position_at(game, ply)
    moves = len(game.moves) if ply is None else ply
    placed = sum(1 for sq in game.moves[:moves] if sq != PASS)
    return draw_position(board, font, options, last, numbers, placed)


def save_picture(surface: pygame.Surface, path: Path) -> Path:
    """Write the picture as a PNG whatever the file's name says (pygame would pick Targa or
    JPEG by the suffix), in one step, and only to a file: a named pipe in its place is
    refused, never waited on (OSError or pygame.error when it cannot be written)."""
    encoded = io.BytesIO()
    pygame.image.save(surface, encoded, "picture.png")
    write_atomic(path, encoded.getvalue())
    return path


def picture_font() -> Font:
    """The game's own fonts, for a picture drawn without a window."""
    return load_resources(lambda _name, _why: None).font


def export(
    game: Game,
    path: Path,
    options: PictureOptions,
    ply: int | None = None,
    font: Font | None = None,
) -> Path:
    """Draw ``game``'s position and write it to ``path``; OSError says why it could not be."""
    try:
        surface = game_picture(game, font or picture_font(), options, ply)
        return save_picture(surface, path)
    except pygame.error as err:
        raise OSError(str(err)) from None
