"""What the Play a person screen says, in the player's language: hosting and joining, the
code and the address, whose turn it is, an undo or a draw asked, the connection's news, how
the game ended."""

from __future__ import annotations

from othello.app.i18n import _, integer, ngettext, pgettext
from othello.app.network.person_game import End, Outcome
from othello.app.network.protocol import Fault, Refusal
from othello.app.network.table import News, NewsKind
from othello.core.board import Color
from othello.core.kinds import assert_never


def title() -> str:
    return _("Play a person")


def side_word(side: Color) -> str:
    return pgettext("side", "Black") if side == "black" else pgettext("side", "White")


def seat_text(name: str, side: Color, mine: bool) -> str:
    """A player in the heading: their name and colour ("you" for this window's)."""
    who = _("You") if mine else name or _("The other player")
    return _("{name} ({side})").format(name=who, side=side_word(side))


def turn_text(mine: bool, name: str) -> str:
    if mine:
        return _("Your turn.")
    return _("{name} to move.").format(name=name or _("The other player"))


def code_text(code: str) -> str:
    return _("Code: {code}").format(code=code)


def address_text(addresses: list[str], port: int) -> str:
    """Where the host can be reached: its addresses on the network and the port."""
    shown = ", ".join(addresses) if addresses else "127.0.0.1"
    return _("Address: {address}, port {port}").format(address=shown, port=port)  # no grouping


def waiting_text() -> str:
    return _(
        "Give the other player the code (and the address if they are not on this network). Waiting for them…"
    )


def connecting_text(address: str) -> str:
    if not address:
        return _("Looking for the game on this network…")
    return _("Connecting to {address}…").format(address=address)


def asked_undo_text(name: str) -> str:
    return _("{name} asks to take back a move. Y: yes, N: no").format(
        name=name or _("The other player")
    )


def offered_draw_text(name: str) -> str:
    return _("{name} offers a draw. Y: accept, N: decline").format(
        name=name or _("The other player")
    )


def waiting_answer_text() -> str:
    return _("Waiting for the other player's answer…")


def resign_again_text() -> str:
    return _("Press R again to resign.")


def away_text(host: bool) -> str:
    if host:
        return _("The other player is away; the clocks are paused until they come back.")
    return _("The connection was lost; the clocks are paused. Enter: connect again.")


def fault_text(fault: Fault | None) -> str:
    """The connection ended because a side broke the protocol; the game is kept."""
    what = (
        {
            Fault.ILLEGAL_MOVE: _("an illegal move"),
            Fault.OUT_OF_TURN: _("a move out of turn"),
            Fault.WRONG_POSITION: _("a game that is not this one"),
            Fault.TOO_FAST: _("too many messages"),
            Fault.TOO_LONG: _("a message too long"),
        }.get(fault, _("a message the game does not accept"))
        if fault is not None
        else None
    )
    if what is None:
        return _("The other window ended the connection. The game is kept.")
    return _("The connection was ended: {what}. The game is kept.").format(what=what)


def refused_text(reason: Refusal) -> str:
    match reason:
        case Refusal.WRONG_CODE:
            return _("The host refused the code. Check it and try again.")
        case Refusal.BUSY:
            return _("The host is already playing someone.")
        case Refusal.VERSION:
            return _("The host has another version of the game.")
        case Refusal.CLOSED:
            return _("The host no longer takes players.")
        case _:
            assert_never(reason)


def outcome_text(outcome: Outcome, mine: Color, names: dict[Color, str]) -> str:
    """How the game ended, from this window's side."""
    loser = outcome.loser
    match outcome.end:
        case End.DRAW:
            return _("Drawn by agreement.")
        case End.RESIGNED:
            if loser == mine:
                return _("You resigned.")
            return _("{name} resigned: you win.").format(
                name=names.get(loser or "black") or _("The other player")
            )
        case End.FLAG:
            if loser == mine:
                return _("Your time ran out.")
            return _("Their time ran out: you win.")
        case End.BOARD:
            if loser is None:
                return _("Game over: a draw.")
            return _("Game over: you win.") if loser != mine else _("Game over: you lose.")
        case _:
            assert_never(outcome.end)


def news_text(news: News, host: bool) -> str | None:
    """The notice a piece of news gives (None: the screen shows it otherwise)."""
    match news.kind:
        case NewsKind.JOINED:
            return _("{name} joined.").format(name=news.detail or _("The other player"))
        case NewsKind.LEFT:
            return away_text(host)
        case NewsKind.FAULT:
            return fault_text(news.fault)
        case NewsKind.WRONG_CODE:
            left = int(news.detail or 0)
            return ngettext(
                "Someone tried a wrong code ({n} try left).",
                "Someone tried a wrong code ({n} tries left).",
                left,
            ).format(n=integer(left))
        case NewsKind.REFUSED:
            return refused_text(news.refusal) if news.refusal is not None else None
        case NewsKind.UNREACHABLE:
            return _("No connection: {detail}").format(detail=news.detail[:80])
        case NewsKind.STOPPED:
            if news.detail == "no return":
                return _("The other player did not come back in time. The game is kept.")
            return _("Too many wrong codes: the game no longer takes anyone joining.")
        case NewsKind.UNDO_ANSWERED:
            return _("Undo granted.") if news.granted else _("Undo refused.")
        case NewsKind.DRAW_ANSWERED:
            return None if news.granted else _("Draw declined.")
        case (
            NewsKind.LISTENING
            | NewsKind.MOVED
            | NewsKind.UNDO_ASKED
            | NewsKind.DRAW_OFFERED
            | NewsKind.CHAT
            | NewsKind.OVER
        ):
            return None
        case _:
            assert_never(news.kind)


def chat_prompt(text: str) -> str:
    """The chat line being typed, with its caret."""
    return _("Say: {text}").format(text=text + "|")


def keys_text(choosing: bool, playing: bool) -> str:
    """The keys of the screen as it stands: the choices, the game, or the wait between."""
    if choosing:
        return _("Tab next field · Enter start · Esc close")
    if playing:
        return _("U undo · D draw · R resign · T chat · Esc leave")
    return _("Close (Esc)")
