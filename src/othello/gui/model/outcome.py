"""Who played a finished game, as it was when it ended.

The end card's verdict ("You win!", "The computer wins this time.") is about the game as it
was played. Colour and mode can change after the end (B, W or T pressed over the card, a
reloaded othello.ini), and those choices are for the next game: the card must not start
telling a lost game as a win. So each game is remembered with who played it from the moment
it is over (a move ended it, or a finished game was loaded, resumed or brought back), until
it is no longer over (an undo).
"""

from __future__ import annotations

from othello.app.library.held_games import PlayerMode
from othello.core.game import Game
from othello.gui.model.session import Change, Session


def watch(session: Session) -> None:
    """Remember who plays each of ``session``'s games when it ends, from now on."""

    def changed(change: Change) -> None:
        record(session)

    session.on_game_changed.append(changed)
    record(session)


def record(session: Session) -> None:
    """Keep who plays the game on the board if it has just ended; forget it if it is not over."""
    game = session.game
    if game.is_over():
        session.who_played.setdefault(game, session.players)
    else:
        session.who_played.pop(game, None)


def players_of(session: Session) -> PlayerMode:
    """Who played the game on the board (see ``Session.players``): as it was when it ended,
    or, for a game not over (or not watched), as it is now."""
    return played(session, session.game)


def played(session: Session, game: Game) -> PlayerMode:
    """Who played ``game`` (one on the board or not): as it was when it ended, else the
    window's players now."""
    return session.who_played.get(game, session.players)


def remember(session: Session, game: Game, players: PlayerMode) -> None:
    """``game`` is over and was played by ``players`` (read back with a saved game): a side
    chosen over the end card before the window closed is for the next game, not this one."""
    if game.is_over():
        session.who_played[game] = players
