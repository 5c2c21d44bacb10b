"""``othello explore``: what the games in the database played after a transcript."""

from __future__ import annotations

import argparse
import json
import logging
from typing import Any

from othello.core.board import Board
from othello.core.errors import NotationError
from othello.core.notation import format_board_string, square_name
from othello.study.explorer import NAMES, ExplorerError, Lookup, load_explorer

log = logging.getLogger(__name__)


def position_of(text: str) -> Board:
    """The position after a transcript, or a board string as it stands."""
    try:
        return Board.from_transcript(text)
    except NotationError:
        if len("".join(text.split())) == 65:
            return Board.from_string(text)
        raise


def explore(board: Board, source: str) -> tuple[str, Lookup | None, str | None]:
    """The position's board string (after a forced pass), its look-up, and the problem when
    the explorer cannot be used."""
    black_to_move = board.black_to_move
    if board.must_pass() and not board.is_game_over():
        black_to_move = not black_to_move
    position = format_board_string(board.black, board.white, black_to_move)
    explorer, problem = load_explorer()
    if explorer is None:
        log.warning("%s", problem)  # the package's own file: worth a line in the log
        return position, None, problem
    try:
        return position, explorer.lookup(board.black, board.white, black_to_move, source), None
    except ExplorerError as err:
        return position, None, f"The opening explorer is unavailable ({err})."


def as_json(position: str, lookup: Lookup) -> dict[str, Any]:
    return {
        "position": position,
        "source": lookup.source,
        "games": lookup.games,
        "moves": [
            {
                "move": square_name(m.square),
                "games": m.games,
                "black_wins": m.black_wins,
                "draws": m.draws,
                "white_wins": m.white_wins,
                "mean_black": round(m.mean_black, 2),
            }
            for m in lookup.moves
        ],
    }


def mine(text: str) -> tuple[str, Lookup | None, str | None]:
    """``--source mine``: what the library's games played after the transcript."""
    from othello.app.library.database import LibraryError
    from othello.app.library.file_faults import open_library
    from othello.app.library.query import mine as mine_lookup

    board = Board.from_transcript(text)
    position = format_board_string(board.black, board.white, board.black_to_move)
    try:
        library, _ = open_library()
        with library:
            found = mine_lookup(library, [e.square for e in board.history])
    except LibraryError as err:
        return position, None, f"Your library cannot be read ({err})."
    if found is None:
        return position, None, "Your library's games are looked up in their first 20 moves only."
    return position, found, None


def run(args: argparse.Namespace) -> int:
    if args.source == "mine":
        position, lookup, problem = mine(args.transcript or "")
    else:
        board = position_of(args.transcript or "")
        position, lookup, problem = explore(board, args.source)
    if lookup is None:
        print(f"othello: {problem}")
        return 1
    if args.json:
        print(json.dumps(as_json(position, lookup), indent=1))
        return 0
    side = "Black" if position.endswith("X") else "White"
    print(f"position: {position} ({side} to move)")
    print(f"{NAMES[lookup.source]}: {lookup.games:,d} reached this position")
    if not lookup.moves:
        print("no game in the database played on from here")
        return 0
    print("move    games   Black won  drawn  White won  Black's share  mean (Black-White)")
    for m in lookup.moves:
        print(
            f"{square_name(m.square):4s} {m.games:8,d} {m.black_wins:10,d} {m.draws:6,d} "
            f"{m.white_wins:10,d} {m.black_share:13.0%} {m.mean_black:+12.1f}"
        )
    return 0
