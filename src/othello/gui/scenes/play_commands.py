"""The play scene's commands: what each panel button and key does, by name.

The commands that act on the game as a whole live here (a new game, undo and redo, the move
list, the editor, puzzles, help); the player's choices are PlayerChoices', the computer's hints and
review ComputerTurn's, a move on the board the scene's own. ``command_table`` maps the names in
panel.GRID and play_keys.KEYS to them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, Protocol

from othello.app.files import paths
from othello.app.i18n import _
from othello.app.library.database import Entry, encode_moves
from othello.app.library.query import kept_judgements
from othello.app.settings.keys import player_name
from othello.core.game import Game
from othello.gui.model import library_words
from othello.gui.model.drill_words import hidden_text
from othello.gui.model.game_words import stepped_text
from othello.gui.model.judgement import kept_review
from othello.gui.model.names import Command
from othello.gui.model.notices import Notices
from othello.gui.model.session import Session
from othello.gui.scenes.base import PlayHost
from othello.gui.scenes.play_book import BookEditing
from othello.gui.scenes.play_choices import PlayerChoices
from othello.gui.scenes.play_club import ClubPlay
from othello.gui.scenes.play_keys import CURSOR_STEPS
from othello.gui.scenes.play_view import NO_EXPLORER
from othello.gui.services import shortcut_offer
from othello.gui.services.computer import ComputerTurn
from othello.gui.services.drill_feed import DrillFeed
from othello.gui.services.persistence import copy
from othello.gui.services.person_feed import PersonFeed
from othello.gui.services.puzzle_feed import PuzzleFeed
from othello.gui.widgets.book_marks import BookView
from othello.gui.widgets.explorer_marks import ExplorerView
from othello.gui.widgets.position_picture import PictureOptions, export

PICTURES = "pictures"  # the data folder's folder of Ctrl+P's pictures


class CommandsScene(Protocol):
    """What the commands use of the play screen (scenes/play.py's PlayScene): its parts, and
    its own doings on the board."""

    @property
    def host(self) -> PlayHost: ...
    @property
    def session(self) -> Session: ...
    @property
    def computer(self) -> ComputerTurn: ...
    @property
    def choices(self) -> PlayerChoices: ...
    @property
    def notices(self) -> Notices: ...
    @property
    def puzzle_feed(self) -> PuzzleFeed: ...
    @property
    def drill_feed(self) -> DrillFeed: ...
    @property
    def person_feed(self) -> PersonFeed: ...
    @property
    def club(self) -> ClubPlay: ...
    @property
    def explorer(self) -> ExplorerView: ...
    @property
    def book_view(self) -> BookView: ...
    @property
    def book_editing(self) -> BookEditing: ...
    def reply(self, message: str, lasting: bool = False) -> None: ...
    def finish_animation(self) -> None: ...
    def place_at_cursor(self) -> None: ...
    def move_cursor(self, dx: int, dy: int) -> None: ...


class GameCommands:
    """New game, undo and redo, the move list, the editor and help, for one play scene."""

    def __init__(self, scene: CommandsScene) -> None:
        self.scene = scene
        self.host = scene.host
        self.session = scene.session

    def new_game(self) -> None:
        """A new game (started as the Game card chose); the one it replaces is kept, and the
        notice says how to get it back."""
        kept = self.scene.club.new_game()
        if kept is not None:
            self.scene.reply(stepped_text("new", kept), lasting=True)

    def show_game_card(self) -> None:
        """K: the next game's start and clock, and the player's strength over time."""
        if not self.host.demo and self.host.find_screen("game") is None:
            self.host.open_screen(
                "game",
                club=self.scene.club,
                session=self.session,
                drills=self.show_drills,
                open_progress=self.show_progress,
                person=self.show_person,
            )

    def show_progress(self) -> None:
        """The player's progress, over the Game card: loss a move by phase, the themes of
        their mistakes, each with a puzzle that trains it."""
        if self.host.find_screen("progress") is None:
            self.host.open_screen("progress", open_puzzles=self.puzzles_from_progress)

    def puzzles_from_progress(self, first: list[str]) -> None:
        """A theme's puzzle chosen on the progress card: Puzzles, at the first of ``first``
        the queue holds (the Game card gives way: the board is the puzzle's)."""
        self.host.close_screen("game")
        self.show_puzzles(first)

    def undo(self) -> None:
        """U, Ctrl+Z: a book move just removed put back (the book view), else the game's."""
        if not self.scene.book_editing.undo():
            self.step("undo")

    def step(self, way: str) -> None:
        """Undo or redo; a step into another game says which game it is now."""
        self.scene.finish_animation()
        before = self.session.game
        if not (self.session.undo() if way == "undo" else self.session.redo()):
            self.scene.reply(_("Nothing to undo.") if way == "undo" else _("Nothing to redo."))
        elif self.session.game is not before:
            self.scene.reply(stepped_text(way, self.session.game), lasting=True)

    def step_game(self, way: str) -> None:
        """PgUp or PgDn: the game before or after this one in one press, its moves and
        those of the games between left as they are."""
        self.scene.finish_animation()
        if way == "back" and self.session.back_a_game():
            self.scene.reply(stepped_text("back", self.session.game), lasting=True)
        elif way == "forward" and self.session.forward_a_game():
            self.scene.reply(stepped_text("forward", self.session.game), lasting=True)
        else:
            self.scene.reply(
                _("No game before this one.") if way == "back" else _("No game after this one.")
            )

    def show_moves(self) -> None:
        """The move list, over the panel: browse the game's positions, view only."""
        if self.host.find_screen("moves") is None:
            self.scene.finish_animation()
            end_card = self.host.find_screen("end") is not None
            self.host.close_screen("end")  # the board is what the list is about
            computer = self.scene.computer
            self.host.open_screen(
                "moves",
                session=self.session,
                verdicts=computer.reviewed,
                progress=computer.review_progress,
                graph=computer.graph_points,
                reply=partial(self.scene.reply, lasting=True),
                on_close=self._end_card_back if end_card else None,  # Space works on it again
            )

    def open_position_editor(self) -> None:
        """The position editor (not in the demo): set up a position to play from."""
        if self.host.demo or self.host.find_screen("position-editor") is not None:
            return
        self.scene.finish_animation()
        self.scene.computer.forget()
        self.host.open_screen(
            "position-editor",
            session=self.session,
            reply=self.scene.reply,
            retract=self.scene.notices.drop_answers,
        )

    def show_puzzles(self, first: Sequence[str] = ()) -> None:
        """Puzzles mode (not in the demo): positions from your mistakes, and FForum's; the
        first of ``first`` the queue holds comes before the queue's own next."""
        if self.host.demo or self.host.find_screen("puzzles") is not None:
            return
        self.scene.finish_animation()
        self.scene.computer.forget(keep_review=True)  # a review under way still makes its puzzles
        end_card = self.host.find_screen("end") is not None
        self.host.close_screen("end")
        self.host.open_screen(
            "puzzles",
            session=self.session,
            reply=self.scene.reply,
            puzzles=self.scene.puzzle_feed,
            on_close=self._end_card_back if end_card else None,  # the finished game, as left
            first=list(first),
        )

    def show_drills(self) -> None:
        """The opening drills (from the Game card; not in the demo), over the panel."""
        if self.host.demo or self.host.find_screen("drills") is not None:
            return
        self.scene.finish_animation()
        self.scene.computer.forget(keep_review=True)  # as Puzzles: the game waits
        self.host.close_screen("game")
        self.host.close_screen("end")
        self.host.open_screen(
            "drills",
            session=self.session,
            feed=self.scene.drill_feed,
            reply=partial(self.scene.reply, lasting=True),
        )

    def show_person(self, **options: Any) -> None:
        """Play a person at another window (J, or the Game card's button), over the panel;
        the window's own game waits, untouched. ``options``: the command line's (``othello
        host``, ``othello join``: the screen starts at once)."""
        if self.host.demo or self.host.find_screen("person") is not None:
            return
        self.scene.finish_animation()
        self.scene.computer.forget(keep_review=True)
        self.host.close_screen("game")
        self.host.close_screen("end")
        self.host.open_screen(
            "person",
            session=self.session,
            feed=self.scene.person_feed,
            reply=partial(self.scene.reply, lasting=True),
            player_name=player_name(self.host.settings),
            **options,
        )

    def _end_card_back(self) -> None:
        if self.session.is_over() and self.host.find_screen("end") is None:
            self.host.open_screen("end", above=self.host.find_screen("play"))

    def open_entry(self, entry: Entry) -> None:
        """A game chosen in the library: on the board, at its end, in the move list to browse
        it or play on from any move; the game it replaces comes back with Undo. Its review,
        where a window kept one, comes back with it (read off the frame loop)."""
        game = entry.record().game()
        kept = self.session.set_game(game)
        self.host.close_screen("end")
        self.show_moves()
        self.scene.reply(library_words.opened(kept is not None), lasting=True)
        moves = encode_moves(entry.moves)
        self.host.library.read(
            partial(kept_judgements, game_id=entry.id, start=entry.start, moves=moves),
            partial(self._review_back, game, kept is not None),
        )

    def _review_back(self, game: Game, way_back: bool, kept: list[str]) -> None:
        """The library's answer for a game just opened: the review a window kept of it, if
        one judged every move, unless a review of it has begun here meanwhile."""
        judgement = kept_review(game, _parsed(kept))
        known = self.session.judgements.known(game)
        if judgement is None or (known is not None and known.verdicts):
            return
        self.session.judgements.by_game[game] = judgement
        self.session.judgements.reviewed()  # kept with the game from now on
        if self.session.game is game:
            self.scene.reply(library_words.opened(way_back, reviewed=True), lasting=True)

    def picture(self, numbers: bool) -> None:
        """Ctrl+P (Ctrl+Shift+P: with move numbers): the position on the board (or the one
        the move list shows) as a PNG in the data folder's pictures/; its path shown and put
        on the clipboard."""
        shown = self.session.shown
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = paths.user_data_dir() / PICTURES / f"othello-{stamp}.png"
        number = 1
        while path.exists() or path.is_symlink():  # a name taken, even by a link to elsewhere
            number += 1
            path = path.with_name(f"othello-{stamp}-{number}.png")
        font = self.host.res.font
        try:
            export(shown, path, PictureOptions(numbers=numbers), shown.cursor, font)
        except OSError as err:
            self.scene.reply(library_words.picture_failed(str(err)), lasting=True)
            return
        self.scene.reply(library_words.picture_saved(str(path), copy(str(path))), lasting=True)

    def show_library(self) -> None:
        """The game library over the window (not in the demo)."""
        if self.host.demo or self.host.find_screen("library") is not None:
            return
        self.scene.finish_animation()
        self.host.open_screen(
            "library",
            keeper=self.host.library,
            state=self.host.library_list,
            open_game=self.open_entry,
            reply=partial(self.scene.reply, lasting=True),
        )

    def toggle_explorer(self) -> None:
        """X: the explorer's next source; in puzzles and drills it stays hidden, and says
        why."""
        if self.session.shown_kind == "puzzle":
            self.scene.reply(
                _("The explorer is hidden in Puzzles: it would give the answers away.")
            )
        elif self.session.shown_kind == "drill":
            self.scene.reply(hidden_text())
        else:
            self.scene.book_view.on = False  # the two draw on the same squares
            self.scene.reply(self.scene.explorer.cycle())

    def toggle_book_values(self) -> None:
        """I: the opening book's values on the board, or off; hidden where the explorer is
        (puzzles, drills, a game with a person), and said so."""
        if self.session.shown_kind in NO_EXPLORER:
            self.scene.reply(
                _("The book's values are hidden here: they would give the answers away.")
            )
            return
        self.scene.explorer.source = None  # the two draw on the same squares
        self.scene.reply(self.scene.book_view.toggle(self.session.shown.board))

    def show_settings_card(self) -> None:
        """The Settings card: language, theme and text size."""
        if self.host.find_screen("settings-card") is None:
            self.host.open_screen("settings-card")

    def leave(self) -> None:
        """Esc on the bare board: leave, asking first while a game is in progress (the close
        button never asks; either way the autosave keeps the game)."""
        game = self.session.game
        playing = game.cursor > game.given and not self.session.is_over()
        if not playing or self.host.demo:
            self.host.quit()
        elif self.host.find_screen("leave") is None:
            self.host.open_screen("leave", leave=self.host.quit)

    def show_help(self) -> None:
        if self.host.find_screen("help") is None:
            offer = None if self.host.demo else shortcut_offer.button_label()
            self.host.open_screen("help", offer=offer)


def _parsed(texts: list[str]) -> Iterator[object]:
    """Each JSON text read; one that is not JSON is passed over."""
    for text in texts:
        try:
            yield json.loads(text)
        except ValueError:
            continue


def command_table(scene: CommandsScene) -> dict[Command, Callable[[], None]]:
    """Every command (``names.Command``) and what it does in ``scene``."""
    game, choices, computer = GameCommands(scene), scene.choices, scene.computer
    table: dict[Command, Callable[[], None]] = {
        "new": game.new_game,
        "undo": game.undo,
        "redo": partial(game.step, "redo"),
        "game-back": partial(game.step_game, "back"),
        "game-forward": partial(game.step_game, "forward"),
        "hint": scene.club.hint_asked,
        "legal": choices.toggle_legal,
        "sound": choices.toggle_sound,
        "help": game.show_help,
        "moves": game.show_moves,
        "position-editor": game.open_position_editor,
        "review": computer.toggle_review,
        "quit": game.leave,
        "settings": scene.host.open_settings,
        "play-black": partial(choices.set_human, "black"),
        "play-white": partial(choices.set_human, "white"),
        "mode": choices.next_mode,
        "pause": scene.club.toggle_pause,
        "game": game.show_game_card,
        "step": choices.step,
        "level-up": partial(choices.change_level, 1),
        "level-down": partial(choices.change_level, -1),
        "place": scene.place_at_cursor,
        "explore": game.toggle_explorer,
        "book-values": game.toggle_book_values,
        "book-add": scene.book_editing.add_line,
        "book-remove": scene.book_editing.remove,
        "puzzles": game.show_puzzles,
        "library": game.show_library,
        "picture": partial(game.picture, False),
        "picture-numbers": partial(game.picture, True),
        "settings-card": game.show_settings_card,
        "person": game.show_person,
    }
    for name, (dx, dy) in CURSOR_STEPS.items():
        table[name] = partial(scene.move_cursor, dx, dy)
    return table
