"""The Library screen, for tests: a library of real GGS games in the test's data folder,
and the screen opened on it."""

from __future__ import annotations

from pathlib import Path

import pygame

from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord
from othello.core.board import Board
from othello.formats.ggf import GgfGame, read_games
from othello.gui.app import App
from support.ggs_records import EDAX_ROXANE, FANGR, HERCULE
from support.window import frames_until, press


def record(
    transcript: str, black: str = "Ann", white: str = "Bob", date: str = "2024-05-01"
) -> GameRecord:
    """A game from a transcript, as the library keeps one."""
    game = Board.from_transcript(transcript)
    return GameRecord(Board(), [e.square for e in game.history], black, white, date)


def library_of(data: Path) -> Library:
    return Library(data / "library.sqlite3")


def fill(data: Path) -> None:
    data.mkdir(parents=True, exist_ok=True)
    with library_of(data) as library:
        for text in (HERCULE, EDAX_ROXANE, FANGR):
            for g in read_games(text):
                assert isinstance(g, GgfGame)  # the records are all good
                tags = dict(g.tags)
                record = GameRecord(
                    g.start, g.moves, tags.pop("PB"), tags.pop("PW"), tags["DT"][:10], tags
                )
                library.add(record, "real.ggf")


def open_library(app: App) -> None:
    press(pygame.K_g)
    frames_until(app, lambda: app.library_list.count is not None)
