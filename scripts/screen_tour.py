"""Every screen of the window, one after another, in any language, theme, text size and window
size: for the tests that no text is cut (tests/test_every_language.py), and for looking at
them (PNG files).

    python scripts/screen_tour.py [FOLDER] [--languages ja de ...] [--sizes 540x400 ...]
                                  [--themes classic ...] [--text-sizes normal ...]

writes ``FOLDER/<language>-<theme>-<text size>-<width>x<height>-<screen>.png`` (default
FOLDER: /tmp/othello-tour). Headless (SDL's dummy driver); the computer is a stand-in that
answers at once, and the review's verdicts are computed once, shallowly, for a real game, so
every screen has its longest words in it: a hint explained, why a hinted square is worse, a
review summary, the move list's marks and graph, its worst move explained and its line
stepped through, a finished game with empty squares and the player's worst move, a wrong
answer to a puzzle and to a drill, the progress of five reviewed games.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from othello.app import i18n
from othello.app.library import held_games
from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord
from othello.app.network.table import Seat, Table
from othello.app.settings.keys import PaletteName, Settings, TextSize
from othello.core.board import Board
from othello.core.clock import TimeControl
from othello.core.game import Game
from othello.core.notation import parse_move, square_name
from othello.engine.api import MoveScore, SearchResult
from othello.gui.app import App
from othello.gui.model.drill_words import choice_name
from othello.gui.model.game_words import stepped_text
from othello.gui.model.judgement import GameJudgement
from othello.gui.model.library_words import PLAYED_HERE, SAVED_HERE
from othello.gui.scenes.drill_screen import DrillScreen
from othello.gui.scenes.help import Page
from othello.gui.scenes.person_screen import PersonScreen
from othello.gui.scenes.puzzle_screen import PuzzleOverlay
from othello.gui.services.library_worker import ImportProgress
from othello.study.review import MoveReview, review_game

DT = 1 / 30
SIZES = ((540, 400), (560, 420), (1280, 800))
# A real tournament game (WTHOR), 60 moves (as scripts/render_views.py).
GAME = (
    "f5f6e6f4g5e7e3g3f3d6c4c3c5g4g6f2h4h3c7h6h2d2d3e2d1c1f1c2g1d7b3a3e8f8c8f7c6d8g8b6b4"
    "a4b5b7a5a6h5h1a8g2e1b8a7h8a2b2b1a1h7g7"
)
# A game over at move 9, White wiped out (13-0): the end card counts the 51 empty squares to
# the winner, its longest wording.
ENDED = "d3c3f5f4f3d2d1e3b3"


class StandIn:
    """The computer, instantly: the first legal move; every move scored."""

    def think(self, board: Board, stop: Any = None, on_progress: Any = None) -> SearchResult:
        moves = board.legal_moves()
        return SearchResult(moves[0] if moves else "pass", 0, depth=0, nodes=0)

    def analyze(self, board: Board, stop: Any = None) -> list[MoveScore]:
        return [MoveScore(m, 4 - 2 * i, False) for i, m in enumerate(board.legal_moves())]


@cache
def verdicts() -> tuple[MoveReview, ...]:
    """The review of GAME, shallow (depth 1, exact from 8 empties): marks of every kind."""
    game = Game.from_transcript(GAME)
    return tuple(review_game(Board(), game.moves, depth=1, exact_empties=8))


def make_app(size: tuple[int, int], **changes: Any) -> App:
    settings = Settings(
        window_width=size[0],
        window_height=size[1],
        animation=False,
        sound=False,
        review_at_end=False,
        book=False,
        **changes,
    )
    return App(
        settings,
        engine_factory=lambda level: StandIn(),
        remember=None,
        computer_min_seconds=0.0,
    )


def frames(app: App, count: int = 2) -> None:
    for _ in range(count):
        app.frame(DT)


def show(
    app: App, language: str, theme: PaletteName, text_size: TextSize, size: tuple[int, int]
) -> None:
    """The window in ``language``, ``theme`` and ``text_size`` at ``size``, as live."""
    app.live_settings.show_display(
        replace(app.settings, language=language, theme=theme, text_size=text_size)
    )
    if app.screen.get_size() != size:
        app.relayout(size)


def reviewed(app: App) -> None:
    """GAME on the board with the review's verdicts, played on from move 40."""
    game = Game.from_transcript(GAME)
    app.session.set_game(game)
    judgement = app.play.computer.judgement
    start, line = game.start.to_string(), tuple(game.moves)
    judgement.review_started(start, line)
    for verdict in verdicts():
        judgement.add_verdict(verdict)
    judgement.review_done(start, line)
    app.session.play_from(40)


def ended_reviewed(app: App) -> None:
    """ENDED on the board as a person played it (both sides), reviewed: the end card names
    the worst move and why."""
    game = Game.from_transcript(ENDED)
    app.session.set_game(game)
    judgement = app.session.judgement
    start, line = game.start.to_string(), tuple(game.moves)
    for ply in range(len(line)):
        judgement.played(line[: ply + 1], person=True)
    judgement.review_started(start, line)
    for verdict in review_game(Board(), game.moves, depth=1, exact_empties=8):
        judgement.add_verdict(verdict)
    judgement.review_done(start, line)


PROGRESS_SLOT = 7
"""The reviewed games are another window's (a slot of their own): the tour's window keeps its
line as it is."""


def progress_games(library: Library) -> None:
    """Five reviewed games of the player's in the library: GAME's review, played as Black in
    some and as White in others, some of them shorter, so the progress card has every row."""
    changes = held_games.Changes(PROGRESS_SLOT, line=[])
    for seq, (color, length) in enumerate(
        (("black", 60), ("white", 60), ("black", 50), ("white", 56), ("black", 60))
    ):
        game = Game.from_transcript(GAME[: 2 * length])
        moves, start = tuple(game.moves), game.start.to_string()
        judgement = GameJudgement()
        judgement.review_started(start, moves)
        for verdict in verdicts():
            if verdict.ply < len(moves):
                judgement.add_verdict(verdict)
                judgement.played(moves[: verdict.ply + 1], person=verdict.color == color)
        judgement.review_done(start, moves)
        key = 9000 + seq
        judged = json.dumps(judgement.to_data(game))
        changes.games[key] = held_games.held_game(game, key, seq, judged)
        assert changes.line is not None
        changes.line.append(key)
    held_games.write(library, changes)


def progress_shown(app: App) -> None:
    """The Game card, then the progress card over it, the library read."""
    written: list[object] = []
    app.library.write(progress_games, written.append)
    wait_for(app, lambda: bool(written))
    app.play.do("game")
    frames(app)
    app.find_screen("game").act(("progress",))  # type: ignore[union-attr]
    card = app.find_screen("progress")
    wait_for(app, lambda: getattr(card, "progress", None) is not None)
    frames(app)


LIBRARY = (  # black, white, date, source, how many moves of GAME, memo
    ("Brian Rose", "Makoto Suekuni", "2024-05-01 14:03", PLAYED_HERE, 60, "a fine game"),
    ("Computer, level 12", "Hiroki Nobukawa", "2023-11-20 09:41", SAVED_HERE, 41, ""),
    ("Ben Seeley", "Marc Tastet", "1997", "wthor-1997-championship.wtb", 60, ""),
)


def fill_library(library: Library) -> None:
    """Games of every source, one with a memo and a review's marks of every kind."""
    game = Game.from_transcript(GAME)
    for black, white, date, source, moves, memo in LIBRARY:
        record = GameRecord(Board(), list(game.moves[:moves]), black, white, date)
        game_id = library.add(record, source)
        if game_id is not None and memo:
            library.edit(game_id, memo=memo, marks=".i.m.b" * 10)


def wait_for(app: App, done: Callable[[], bool]) -> None:
    """Frames until ``done`` (the library answers from its threads)."""
    deadline = time.monotonic() + 20
    while not done():
        frames(app, 1)
        if time.monotonic() > deadline:
            raise TimeoutError("the library did not answer")
        time.sleep(0.01)


def library_shown(app: App) -> None:
    """The Library screen with its games in, and an import's bar in its heading."""
    filled: list[object] = []
    app.library.write(fill_library, filled.append)
    wait_for(app, lambda: bool(filled))
    app.play.do("library")
    state = app.library_list
    wait_for(app, lambda: state.count is not None and state.chosen() is not None)
    state.selected = next(  # the game with a memo and marks: the longest line about it
        (i for i in range(state.count or 0) if (row := state.row(i)) is not None and row.memo), 0
    )
    frames(app)


def drills_shown(app: App) -> Iterator[str]:
    """The Drills screen from the Game card: the openings with the longest name chosen, then
    a wrong answer in the Tiger (the line's move, both moves' figures and scores)."""
    app.play.do("game")
    app.find_screen("game").act(("drills",))  # type: ignore[union-attr]
    screen = app.find_screen(DrillScreen.name)
    assert isinstance(screen, DrillScreen)
    wait_for(app, lambda: screen.feed.schedule() is not None and screen.mine_read)
    longest = max(screen.choices, key=lambda c: len(choice_name(c.key)))
    screen.select(screen.choices.index(longest))
    frames(app)
    yield "drills"
    screen.select(next(i for i, c in enumerate(screen.choices) if c.key == "Tiger"))
    screen.choose_side("white")
    screen.start()
    drill = screen.drill
    assert drill is not None
    wait_for(app, drill.players_turn)
    screen.click_square(parse_move("f6"))  # the Diagonal: not the Tiger
    wait_for(app, lambda: screen.scores is not None)
    frames(app)
    yield "drills-wrong"
    screen.close()


def person_shown(app: App) -> Iterator[str]:
    """Play a person: the choices (joining, with a code and an address typed), the host's
    code while it waits, then a game with a player at a table of the tour's own on loopback:
    both clocks, an undo asked, chat lines."""
    feed = app.play.person_feed
    feed.bind = "127.0.0.1"  # the tour opens no port to the network
    app.play.do("person")
    screen = app.find_screen(PersonScreen.name)
    assert isinstance(screen, PersonScreen)
    screen.values["name"] = "Bartholomew Montgomery"
    screen.values["role"] = "join"
    screen.values["code"] = "K7QM-3XTA-R9WE"
    screen.values["address"] = "192.168.100.200:50123"
    screen.focus = 2
    frames(app)
    yield "person-choices"
    screen.values["role"], screen.values["clock"], screen.values["side"] = "host", "5+3", "random"
    screen.start()
    table = feed.table
    assert table is not None
    wait_for(app, lambda: table.port != 0)
    frames(app)
    yield "person-waiting"
    guest = Table.join("Maximiliane Oberländer", table.code, "127.0.0.1", table.port)
    wait_for(app, lambda: bool(guest.pump() or True) and guest.seat == table.seat == Seat.PLAYING)
    person, theirs = table.game, guest.game
    assert person is not None and theirs is not None
    if not person.my_turn():
        guest.play(theirs.game.board.legal_squares()[0])
        wait_for(app, person.my_turn)
    table.play(person.game.board.legal_squares()[0])
    wait_for(app, lambda: bool(guest.pump() or True) and theirs.my_turn())
    guest.play(theirs.game.board.legal_squares()[0])
    guest.say("Good luck, and have fun! Shall we play another one after this?")
    wait_for(app, lambda: len(person.chat) == 1)
    guest.ask_undo()
    wait_for(app, lambda: person.undo_asked is not None)
    table.say("Thanks, you too!")
    frames(app)
    yield "person-game"
    guest.close()
    screen.close()


def tour(app: App) -> Iterator[str]:
    """Each screen drawn in turn; yields its name once it is on the window."""
    session, play = app.session, app.play
    for move in ("f5", "d6", "c3", "d3", "c4"):
        session.play(move)
    frames(app)
    legal = [square_name(sq) for sq in session.board.legal_squares()]
    scores = [(move, 2 if i < 2 else -4) for i, move in enumerate(legal)]
    play.computer.show_hints(scores, exact=True)  # two tie for best; explained
    app.warn(stepped_text("new", Game.from_transcript("f5d6c3d3c4f4")))
    frames(app)
    yield "play"
    words = play.computer.hint_words  # the square whose why is longest, under the pointer
    play.hover = max(session.board.legal_squares(), key=lambda sq: len(words(sq) or ""))
    frames(app)
    yield "hint-why"
    play.hover = None
    play.do("quit")  # Esc with a game in progress: the question before leaving
    frames(app)
    yield "leave"
    app.close_screen("leave")
    play.do("mode")  # two players
    frames(app)
    yield "two-players"
    play.do("mode")  # watching
    play.do("pause")
    frames(app)
    yield "watch"
    play.do("mode")  # back to one player
    reviewed(app)
    frames(app)
    yield "graph"
    play.do("moves")
    worst = max(play.computer.reviewed().values(), key=lambda r: r.loss)
    session.show_ply(worst.ply)
    frames(app)
    yield "moves"
    for _ in range(2):  # into its line: the move played, the opponent's reply
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
        )
        frames(app, 1)
    frames(app)
    yield "moves-line"
    app.close_screen("moves")
    session.show(None)
    ended_reviewed(app)
    frames(app)
    yield "end"
    app.close_screen("end")
    play.do("help")
    frames(app)
    yield "help"
    app.find_screen("help").page = Page.RULES  # type: ignore[union-attr]
    frames(app)
    yield "help-rules"
    app.close_screen("help")
    play.do("settings-card")
    frames(app)
    yield "settings-card"
    app.close_screen("settings-card")
    play.do("position-editor")
    frames(app)
    yield "position-editor"
    app.close_screen("position-editor")
    session.show(None)
    play.do("puzzles")
    frames(app)
    overlay = app.find_screen(PuzzleOverlay.name)
    if isinstance(overlay, PuzzleOverlay) and overlay.puzzle is not None:
        best = parse_move(overlay.puzzle.best)
        wrong = next((sq for sq in overlay.board.legal_squares() if sq != best), best)
        overlay.answer(wrong)
    frames(app)
    yield "puzzles"
    app.close_screen("puzzles")
    session.show(None)
    yield from drills_shown(app)
    yield from person_shown(app)
    importing = ImportProgress("wthor-1997-championship.wtb", 51_250, 135_642)
    app.library.progress = importing  # an import under way: its bar over the notices
    app.open_screen("import-bar", keeper=app.library)
    frames(app)
    yield "import-bar"
    library_shown(app)  # the import's bar in the heading, a game with a memo chosen
    yield "library"
    app.library.progress = None
    app.library_list.edit = None
    app.find_screen("library").start_edit()  # type: ignore[union-attr]
    frames(app)
    yield "library-edit"
    app.library_list.edit = None
    app.close_screen("library")
    frames(app)
    club = play.club  # last: a game on a clock, then the Game card with a rating
    club.set_control(TimeControl.parse("5+3"))
    play.do("new")
    frames(app)
    yield "clock"
    for level, score in ((9, 1.0), (10, 0.5), (11, 0.0), (10, 1.0)):
        club.strength.strength.add(level, score)
    club.set_start("range")
    play.do("game")
    frames(app)
    yield "game-card"
    app.close_screen("game")
    club.set_control(None)
    club.set_start("standard")
    progress_shown(app)
    yield "progress"
    app.close_screen("progress")
    app.close_screen("game")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="/tmp/othello-tour")
    parser.add_argument("--languages", nargs="+", default=list(i18n.LANGUAGES))
    parser.add_argument("--sizes", nargs="+", default=[f"{w}x{h}" for w, h in SIZES])
    parser.add_argument("--themes", nargs="+", default=["classic"])
    parser.add_argument("--text-sizes", nargs="+", default=["normal"])
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="othello-tour-"))  # never the player's own files
    os.environ.setdefault("OTHELLO_CONFIG_DIR", str(scratch / "config"))
    os.environ.setdefault("OTHELLO_DATA_DIR", str(scratch / "data"))
    out = Path(args.folder)
    out.mkdir(parents=True, exist_ok=True)
    for text in args.sizes:
        size = tuple(int(v) for v in text.split("x"))
        for language in args.languages:
            for theme in args.themes:
                for text_size in args.text_sizes:
                    app = make_app(size)  # type: ignore[arg-type]
                    show(app, language, theme, text_size, size)  # type: ignore[arg-type]
                    for name in tour(app):
                        path = out / f"{language}-{theme}-{text_size}-{text}-{name}.png"
                        pygame.image.save(app.screen, str(path))
                        cut = sorted(app.text.cut)
                        print(path, f"CUT: {cut}" if cut else "")
                        app.text.cut.clear()
                    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
