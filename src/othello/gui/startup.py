"""What the window starts from: the session the settings ask for, and the files that would
not load while it opened, said once together instead of one notice each."""

from __future__ import annotations

from collections.abc import Callable

from othello.app.files import logs
from othello.app.i18n import _
from othello.app.settings.keys import Settings
from othello.core.board import Color
from othello.engine import book, pattern_weights
from othello.gui.model.session import Session
from othello.gui.scenes.play_choices import clamp_level
from othello.study.named_openings import load_openings


def session_for(settings: Settings, demo: bool) -> Session:
    """The session the settings start with: who plays what, the levels, the legal marks."""
    watch = demo or settings.mode == "watch"
    human: Color | None = None
    if not watch:
        human = "white" if settings.human_color == "white" else "black"
    return Session(
        human=human,
        level=clamp_level(int(settings.level)),
        black_level=clamp_level(int(settings.watch_black_level)),
        show_legal=bool(settings.show_legal_moves),
        two_players=settings.mode == "two-players" and not demo,
    )


class StartupProblems:
    """Resource and data files that failed while the window opened: one notice for them all
    (details in the log); after the start, each is said as it happens."""

    def __init__(self, warn: Callable[[str], None], show: Callable[[str], None]) -> None:
        """``warn`` shows and logs a message; ``show`` only shows it."""
        self.warn = warn
        self.show = show
        self.starting: list[tuple[str, str]] | None = []

    def file_problem(self, name: str, message: str) -> None:
        """A file that would not load; those found while starting are shown as one notice."""
        if self.starting is None:
            self.warn(message)
        else:
            self.starting.append((name, message))

    def check_packaged_data(self, with_book: bool) -> None:
        """The search reads the evaluation's weights in its own process and plays on without
        them (weakly); the player is told at start instead of finding out by losing. The
        opening names are checked here too (without them the panel names no opening)."""
        problem = pattern_weights.problem()
        if problem is not None:
            self.file_problem(
                _("the evaluation's weights"),
                _("{problem}: the computer plays weakly.").format(
                    problem=f"{problem[:1].upper()}{problem[1:]}"
                ),
            )
        problem = load_openings()[1]
        if problem is not None:
            self.file_problem(_("the opening names"), problem)
        problem = book.problem() if with_book else None
        if problem is not None:
            self.file_problem(_("the opening book"), problem)

    def report(self) -> None:
        """The start is over: say what failed during it."""
        problems, self.starting = self.starting or [], None
        if len(problems) == 1:
            self.warn(problems[0][1])
        elif problems:
            for _name, message in problems:
                logs.log.warning("window: %s", message)
            names = ", ".join(name for name, _message in problems)
            self.show(
                _(
                    "Missing or broken: {names}. Plain fallbacks are used (details in the log)."
                ).format(names=names)
            )
