"""What the strip under the board says: the pass announcement and the messages waiting their turn.

Plain values and times, no pygame, so the rules (the same words are not said twice, a new
answer replaces the old ones, a message's clock starts only when it shows) are tested without a
window. How many messages fit in the strip at once depends on their wording and the strip's
size, which only the drawing side knows, so that is asked of a function given in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

TOAST_SECONDS = 6.0  # how long a message stays once it shows
FADE_SECONDS = 0.5  # its last half second, it fades out
MAX_NOTICES = 2  # the strip under the board holds two, a line each


@dataclass
class Toast:
    """A message on screen; ``until`` is set when it first shows, so queued ones wait their turn.

    An ``answer`` replies to the player's own action about the position on the board ("d3 is
    not a legal move", a hint): once the game moves on it is no longer true, so it goes; a
    ``lasting`` one is about the game as a whole (a paste, a load, a new game and how to get
    the old one back) and stays its time, whatever move comes next.
    """

    text: str
    until: float | None = None
    answer: bool = False
    seen: bool = False  # it has been on screen
    lasting: bool = False


@dataclass
class Notice:
    """One item to draw in the strip; ``alpha`` fades a message out, ``banner`` marks the pass."""

    text: str
    alpha: int = 255
    banner: bool = False


FitCount = Callable[[list[Notice]], int]
"""How many of the first notices (at most two) the strip can show together."""


class Notices:
    """The pass announcement (the banner) and a queue of messages, each shown for a while.

    The banner has its own end time and is always shown first; messages queue behind it and
    get their time only from the frame they first show.
    """

    def __init__(self, fit_count: FitCount, seconds: float = TOAST_SECONDS) -> None:
        self.fit_count = fit_count
        self.seconds = seconds
        self.toasts: list[Toast] = []
        self.banner: Toast | None = None

    def add(self, text: str) -> None:
        """A message about the program (a file, a setting, the search): kept until it has shown."""
        self.queue(Toast(text))

    def take(self, texts: list[str]) -> None:
        """Move the messages given elsewhere (a list others append to) into the queue."""
        while texts:
            self.add(texts.pop(0))

    def answer(self, text: str, lasting: bool = False) -> None:
        """A reply to what the player just did; it replaces the earlier replies. A
        ``lasting`` one stays when the position changes (see Toast)."""
        self.queue(Toast(text, answer=True, lasting=lasting))

    def queue(self, toast: Toast) -> None:
        """Add a message; the same words already waiting or showing are renewed instead, so
        eight clicks while the computer thinks are one "still thinking", not a queue of eight.
        A new answer replaces the earlier ones and goes ahead of the other messages: it is
        about what the player just did, so it shows at once."""
        if toast.answer:
            self.toasts = [t for t in self.toasts if not t.answer]
            self.toasts.insert(0, toast)
            return
        for t in self.toasts:
            if t.text == toast.text:
                t.until = None  # shown for its full time again from the next frame
                return
        self.toasts.append(toast)

    def drop_answers(self) -> None:
        """The position changed: replies about the old one are no longer true."""
        self.toasts = [t for t in self.toasts if not t.answer or t.lasting]

    def drop_seen(self) -> None:
        """Another game is on the board: a message already shown (and perhaps put back by
        an answer) is about what happened before it, so it does not come back."""
        self.toasts = [t for t in self.toasts if not t.seen]

    def announce(self, text: str, until: float) -> None:
        """Show ``text`` as the banner, ahead of every message, until the time ``until``. A
        message already seen that the banner pushes out of the strip is done with: it would
        come back after the pass for its whole time again (an old "Pasted a game of 58
        moves" after the computer's pass)."""
        self.banner = Toast(text, until)
        still = {id(toast) for toast in self.shown()}
        self.toasts = [t for t in self.toasts if id(t) in still or not t.seen]

    def clear_banner(self) -> None:
        self.banner = None

    def expire(self, now: float) -> None:
        """Drop what has been shown long enough; start the clock of messages that now show."""
        if self.banner is not None and self.banner.until is not None and self.banner.until <= now:
            self.banner = None
        self.toasts = [t for t in self.toasts if t.until is None or t.until > now]
        shown = [id(toast) for toast in self.shown()]
        for toast in self.toasts:
            if id(toast) not in shown:
                toast.until = None  # put back by an answer: its full time when it shows again
            elif toast.until is None:
                toast.until = now + self.seconds
                toast.seen = True

    def shown(self) -> list[Toast]:
        """The messages in the strip now: two when both fit a line each, else one on two
        lines; the banner counts as one of them."""
        banner = self._banner_notices()
        waiting = [Notice(t.text) for t in self.toasts[:MAX_NOTICES]]
        count = self.fit_count((banner + waiting)[:MAX_NOTICES])
        return self.toasts[: max(0, count - len(banner))]

    def strip(self, now: float) -> list[Notice]:
        """What to draw in the strip at ``now``: the banner first, then the messages shown,
        each fading out over its last half second."""
        notices = self._banner_notices()
        for toast in self.shown():
            left = self.seconds if toast.until is None else toast.until - now
            alpha = int(255 * max(0.0, min(1.0, left / FADE_SECONDS)))
            notices.append(Notice(toast.text, alpha=alpha))
        return notices

    def _banner_notices(self) -> list[Notice]:
        return [Notice(self.banner.text, banner=True)] if self.banner is not None else []
