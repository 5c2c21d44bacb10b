"""``othello play``: a game against the computer in the terminal, a line typed for each move
or question, the answers as lines of text (the sentences the window speaks).

The loop reads standard input a line at a time, so it plays the same from a keyboard, a
screen reader's terminal, tmux or a pipe. A finished game goes into the library as the
window keeps it (its source "played here", the player's and the computer's names); a game
left unfinished (a new game, quit, the end of input) is kept as it stands when the player
placed a disc in it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO

from othello.app.coach_words import review_why
from othello.app.i18n import _, resolve, set_language
from othello.app.library import book_store
from othello.app.library.database import Library, LibraryError
from othello.app.library.game_records import GameRecord
from othello.app.settings.keys import player_name
from othello.app.settings.loading import load_settings
from othello.app.speech import sentences as said
from othello.app.speech.squares import Naming
from othello.app.terminal.text_board import board_lines
from othello.core.bitboard import PASS, Square
from othello.core.board import Board, Color
from othello.core.errors import NotationError, OthelloError
from othello.core.game import Game
from othello.core.notation import parse_square
from othello.engine.api import Engine
from othello.engine.book import Corrections, book_with
from othello.engine.levels import LEVELS
from othello.study.book_learning import LEARN_NODES, deep_search, game_values, learn, review_values
from othello.study.review import review_game
from othello.study.verdict import MoveReview

PLAYED_HERE = "played here"
"""The source the window gives a game played in it (gui/model/library_words.py's)."""
COMPUTER_NAME = "Computer, level {n}"
"""The computer's name as the window stores it, in English (gui/model/player_names.py's)."""
LINES: dict[str, said.LineKind] = {
    "row": "row",
    "col": "column",
    "column": "column",
    "diag": "diagonal",
    "anti": "antidiagonal",
}

Keeper = Callable[[Game, Color, int, int | None], int | None]
"""Keeps a game (the player's colour, the level, the id it was kept under before) and
returns its library id, or None where it could not be kept."""


def help_lines() -> list[str]:
    """The commands, each with what it does."""
    rows = [
        ("d3", _("play on d3")),
        ("d3?", _("what is on d3, and what a move there would turn")),
        ("b, board", _("the board")),
        ("l, legal", _("the legal moves")),
        ("s, score", _("the score and each side's mobility")),
        ("row 4, col d, diag d4, anti d4", _("a row, a column or a diagonal, run by run")),
        ("c, corners; edges", _("the corners; the four edges")),
        ("last", _("the last move and what it turned")),
        ("o, opening", _("the opening's name")),
        ("t, clock", _("the clocks")),
        ("h, hint", _("the best moves here")),
        ("u, undo", _("take back your last move")),
        ("level 5", _("play the computer at another level (1 to 17)")),
        ("r, review", _("review the game: your mistakes and why")),
        ("n, new", _("a new game")),
        ("q, quit", _("keep the game and leave")),
    ]
    return [f"{keys}: {words}" for keys, words in rows]


class TextPlay:
    """One player against the computer, a line at a time (``handle``)."""

    def __init__(
        self,
        write: Callable[[str], None],
        human: Color = "black",
        level: int = 5,
        naming: Naming = "plain",
        brief: bool = False,
        start: Board | None = None,
        keeper: Keeper | None = None,
        seed: int | None = None,
        review_depth: int = 6,
        review_exact: int = 16,
        corrections: Corrections = (),
        book_keeper: BookKeeper | None = None,
    ) -> None:
        self.write = write
        self.human: Color = human
        self.level = level
        self.naming: Naming = naming
        self.brief = brief
        self.start = start
        self.keeper = keeper
        self.seed = seed
        self.review_depth, self.review_exact = review_depth, review_exact
        self.game = Game(start)
        self.kept: tuple[int, int] | None = None  # (cursor, moves) as last kept
        self.kept_id: int | None = None
        self.corrections = corrections  # the player's own book, from their library
        self.book_keeper = book_keeper  # learns from each game and review, and keeps it
        self.played_book = False  # the computer played from its book in this game
        self.engine = Engine(level=level, seed=seed, book=True, corrections=corrections)

    # ----- the game ---------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.game.board

    def begin(self) -> None:
        """The first lines: who plays what, the board, then the computer's move if it starts."""
        if self.human == "black":
            self.write(_("You play Black against the computer at level {n}.").format(n=self.level))
        else:
            self.write(_("You play White against the computer at level {n}.").format(n=self.level))
        self.write(_("Type a square to play (d3), or help for the commands."))
        self.show_board()
        self.write(said.spoken(said.to_move_words(self.board)))
        self.advance()

    def show_board(self) -> None:
        for line in board_lines(self.board):
            self.write(line)

    def advance(self) -> None:
        """Passes and the computer's moves until it is the player's turn or the game ends."""
        while not self.board.is_game_over():
            if self.board.must_pass():
                self.game.play(PASS)  # said by the sentence of the move before it
                continue
            if self.board.side_to_move == self.human:
                return
            found = self.engine.think(self.board)
            self.played_book = self.played_book or found.book
            self.game.play(found.move)
            self.write(said.after_move(self.board, self.naming, self.brief))
        self.finish()

    def finish(self) -> None:
        """The end: the game kept, its book line learned from (where the computer played from
        its book), what can be done next."""
        self.keep()
        if self.played_book:  # else the book had no part in how it ended
            self.learn(game_values(self.game.start, self.game.moves[: self.game.cursor]))
        self.write(_("Type new for another game, review to hear your mistakes, or quit."))

    def play(self, square: Square) -> None:
        if self.board.is_game_over():
            self.write(said.spoken(said.end_words(self.board)))
            return
        if not self.board.is_legal(square):
            self.write(said.spoken(said.turn_words(self.board, square, self.naming)))
            return
        self.game.play(square)
        self.write(said.after_move(self.board, self.naming, self.brief))
        self.advance()

    def undo(self) -> None:
        """Back to before the player's last move (the computer's replies and passes too)."""
        game = self.game
        moves = game.moves[: game.cursor]
        board = game.start.copy()
        mine = []
        for i, square in enumerate(moves):
            if square != PASS and board.side_to_move == self.human:
                mine.append(i)
            board.push_square(square)
        if not mine:
            self.write(said.spoken(_("Nothing to undo")))
            return
        game.go_to(mine[-1])
        self.write(said.spoken(_("Undone"), said.to_move_words(self.board)))

    def keep(self) -> None:
        """The game into the library as it stands, once for each state it is kept in."""
        game = self.game
        state = (game.cursor, len(game.moves))
        if self.keeper is None or self.kept == state:
            return
        if not any(sq != PASS for sq in game.moves[: game.cursor]):
            return
        found = self.keeper(game, self.human, self.level, self.kept_id)
        self.kept = state
        if found is None:
            return
        self.kept_id = found
        self.write(said.spoken(_("Game kept in your library")))

    def new_game(self) -> None:
        self.keep()
        self.game = Game(self.start)
        self.kept, self.kept_id, self.played_book = None, None, False
        self.write(said.spoken(_("New game")))
        self.show_board()
        self.write(said.spoken(said.to_move_words(self.board)))
        self.advance()

    # ----- questions --------------------------------------------------------------------

    def hint(self) -> None:
        if self.board.is_game_over() or self.board.side_to_move != self.human:
            self.write(said.spoken(said.to_move_words(self.board)))
            return
        scores = Engine(depth=6).analyze(self.board)
        best = [(parse_square(s.move), s.score) for s in scores[:2]]
        self.write(said.spoken(said.hint_words(best, self.naming)))

    def review(self) -> None:
        """Each of the player's moves that lost discs, with the coach's why; the worst last."""
        moves = self.game.moves[: self.game.cursor]
        if not any(sq != PASS for sq in moves):
            self.write(said.spoken(_("No move yet")))
            return

        def progress(done: int, total: int) -> None:
            if done in (1, total) or done % 10 == 0:
                self.write(_("Reviewing move {done} of {total}").format(done=done, total=total))

        reviews = review_game(
            self.game.start,
            moves,
            depth=self.review_depth,
            exact_empties=self.review_exact,
            on_progress=progress,
        )
        self.learn(review_values(reviews))
        mine = [r for r in reviews if r.color == self.human and r.loss > 0]
        if not mine:
            self.write(said.spoken(_("You lost no discs in this game's moves")))
            return
        for r in mine:
            self.write(said.spoken(self.judged(r), review_why(r)))
        worst = max(mine, key=lambda r: (r.loss, -r.ply))
        self.write(
            said.spoken(_("Your worst move: {move}").format(move=self.judged(worst)))
            + " "
            + review_why(worst)
        )

    def learn(self, found: dict[int, int]) -> None:
        """The book moves of the game that lost more than the book said (``found``: what the
        game or the review found of each move, by ply) searched again and corrected, in the
        player's book from this game on."""
        if self.book_keeper is None or not found:
            return
        moves = self.game.moves[: self.game.cursor]
        fixes = self.book_keeper(self.game.start, moves, found, self.corrections)
        if fixes:
            self.corrections = book_store.merged(self.corrections, fixes)
            self.engine.corrections = self.corrections
            self.write(said.spoken(book_store.learned_words(len(fixes))))

    def judged(self, r: MoveReview) -> str:
        return said.judged_move_words(r.number, r.color, r.played, r.mark, r.loss, self.naming)

    def set_level(self, text: str) -> None:
        try:
            level = int(text)
        except ValueError:
            level = 0
        if not 1 <= level <= len(LEVELS):
            self.write(said.spoken(_("Levels go from 1 to 17")))
            return
        self.level = level
        self.engine = Engine(level=level, seed=self.seed, book=True, corrections=self.corrections)
        self.write(said.spoken(_("Level {n}").format(n=level)))

    def line(self, kind: said.LineKind, where: str) -> None:
        where = where.strip().lower()
        if not where:  # no line named: the one through the last disc placed, as the window does
            placed = [m for m in self.game.moves[: self.game.cursor] if m != PASS]
            if not placed:
                self.write(said.spoken(_("Say which line: row 4, col d, diag d4 or anti d4")))
                return
            self.write(said.spoken(said.line_words(self.board, kind, placed[-1], self.naming)))
            return
        try:
            if kind == "row":
                square = parse_square("a" + where)
            elif kind == "column":
                square = parse_square(where + "1")
            else:
                square = parse_square(where)
        except NotationError:
            self.write(said.spoken(_("{text} is not a square or a line").format(text=where)))
            return
        self.write(said.spoken(said.line_words(self.board, kind, square, self.naming)))

    # ----- a line typed ------------------------------------------------------------------

    def handle(self, text: str) -> bool:
        """One line the player typed; False when they leave."""
        words = text.strip().lower().split()
        if not words:
            return True
        command, rest = words[0], " ".join(words[1:])
        board = self.board
        if command in ("q", "quit", "exit"):
            self.keep()
            return False
        if command in ("help", "?"):
            for line in help_lines():
                self.write(line)
        elif command in ("b", "board"):
            self.show_board()
            self.write(said.spoken(said.to_move_words(board)))
        elif command in ("l", "legal", "moves"):
            self.write(said.spoken(said.legal_words(board, self.naming)))
        elif command in ("s", "score"):
            self.write(said.spoken(said.score_words(board), said.mobility_words(board)))
        elif command in LINES:
            self.line(LINES[command], rest)
        elif command in ("c", "corners"):
            self.write(said.spoken(said.corners_words(board, self.naming)))
        elif command == "edges":
            self.write(said.spoken(*said.edges_words(board, self.naming)))
        elif command == "last":
            self.write(said.spoken(said.last_move_words(board, self.naming)))
        elif command in ("o", "opening"):
            moves = self.game.moves[: self.game.cursor]
            self.write(said.spoken(said.opening_words(moves, self.game.start)))
        elif command in ("t", "clock", "clocks"):
            self.write(said.spoken(said.clocks_words(None, None)))
        elif command in ("h", "hint"):
            self.hint()
        elif command in ("u", "undo"):
            self.undo()
        elif command == "level":
            self.set_level(rest)
        elif command in ("r", "review"):
            self.review()
        elif command in ("n", "new"):
            self.new_game()
        else:
            self.square(command)
        return True

    def square(self, text: str) -> None:
        """A square: played, or asked about with a question mark after it."""
        asked = text.endswith("?")
        try:
            square = parse_square(text.rstrip("?"))
        except NotationError:
            self.write(
                said.spoken(_("{text} is not a command or a square: type help").format(text=text))
            )
            return
        if asked:
            parts = [said.square_words(self.board, square, self.naming)]
            if self.board.legal_mask() >> square & 1:
                parts.append(said.turn_words(self.board, square, self.naming))
            self.write(said.spoken(*parts))
        else:
            self.play(square)


# ----- the command ---------------------------------------------------------------------------


def keep_in_library(name: str) -> Keeper:
    """Keeps games in the player's library as the window does (a kept game brought up to date)."""

    def keep(game: Game, human: Color, level: int, known: int | None) -> int | None:
        computer = COMPUTER_NAME.format(n=level)
        black, white = (name, computer) if human == "black" else (computer, name)
        date = time.strftime("%Y-%m-%d %H:%M")
        record = GameRecord(game.start.copy(), list(game.moves[: game.cursor]), black, white, date)
        try:
            with Library() as library:
                if known is not None and library.has(known):
                    library.replace_game(known, record)
                    return known
                return library.add(record, PLAYED_HERE)
        except (LibraryError, OSError) as err:
            print(
                _("The game could not be kept in your library: {why}").format(why=err),
                file=sys.stderr,
            )
            return None

    return keep


BookKeeper = Callable[[Board, list[Square], dict[int, int], Corrections], Corrections]
"""Learns from a game (its start, moves, what was found of each, the player's book so far)
and keeps what it learned: the corrections."""


def learn_into_library(write: Callable[[str], None], nodes: int = LEARN_NODES) -> BookKeeper:
    """Learns from a game with the deep search (``study.book_learning``) and keeps the
    corrections in the player's library (said when it cannot: they still count in this
    session)."""

    def keep(
        start: Board, moves: list[Square], found: dict[int, int], corrections: Corrections
    ) -> Corrections:
        search = deep_search(nodes)
        told = False

        def searching(board: Board) -> tuple[int, int]:
            nonlocal told
            if not told:  # the terminal waits for the searches: say why, once
                told = True
                write(said.spoken(_("Checking the opening book against this game…")))
            return search(board)

        fixes = learn(book_with(corrections), start, moves, found, searching)
        if fixes:
            try:
                with Library() as library:
                    book_store.write(library, book_store.BookChanges.of(fixes))
            except (LibraryError, OSError) as err:
                write(
                    said.spoken(
                        _("The opening book's corrections could not be kept: {why}").format(why=err)
                    )
                )
        return fixes

    return keep


def read_corrections(write: Callable[[str], None]) -> Corrections:
    """The player's own opening book from their library (none where it cannot be read: the
    computer plays from the shipped book, and a damaged row is said)."""
    try:
        with Library() as library:
            found, notice = book_store.load(library)
    except (LibraryError, OSError):
        return ()
    if notice is not None:
        write(said.spoken(notice))
    return found


def run(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Play until the player quits or the input ends."""
    source = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    settings, _notices = load_settings()
    set_language(resolve(args.language or settings.language))
    start = None
    if args.board:
        start = Board.from_string(args.board)  # NotationError: one line, exit 2
    level = args.level or settings.level

    def write(line: str) -> None:
        print(line, file=out, flush=True)

    keeper = keep_in_library(player_name(settings)) if settings.keep_games else None
    session = TextPlay(
        write,
        human=args.color,
        level=level,
        naming="nato" if args.nato else "plain",
        brief=args.brief,
        start=start,
        keeper=keeper,
        seed=args.seed,
        review_depth=args.review_depth,
        review_exact=args.review_exact,
        corrections=read_corrections(write),
        book_keeper=learn_into_library(write),
    )
    try:
        session.begin()
        while True:
            out.write("> ")
            out.flush()
            line = source.readline()
            if not line:  # the end of input: kept as it stands
                session.keep()
                out.write("\n")
                return 0
            try:
                if not session.handle(line):
                    return 0
            except OthelloError as err:
                write(said.spoken(str(err)))
    except KeyboardInterrupt:
        session.keep()
        out.write("\n")
        return 130
