"""The autosave in the window: after every change and once more at quit, resumed at start,
with the games Undo brings back; which copy of the game this window is, said plainly to a
second copy; the games other copies left behind, kept.

``persistence.attach`` starts it; the files themselves are ``app/autosave.py``'s.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from ...app import instances, paths
from ...app.autosave import AutosaveFile, Shelf, keep_left_behind
from ...app.i18n import _
from ...game import Game
from ..model import outcome
from ..model.game_words import game_summary
from ..model.judgement import Judgements

log = logging.getLogger(__name__)


class AutosavedSession(Protocol):
    """What the autosave (and the file keys) use of the session."""

    game: Game
    on_game_changed: list[Callable[[Any], None]]
    earlier: list[Game]
    later: list[Game]
    replaced: bool
    judgements: Judgements

    @property
    def players(self) -> str: ...
    def set_players(self, players: str) -> None: ...
    def set_game(self, game: Game) -> Game | None: ...


class _App(Protocol):
    @property
    def session(self) -> AutosavedSession: ...

    on_close: list[Callable[[], None]]

    def notify(self, message: str) -> None: ...
    def inform(self, message: str) -> None: ...


class AutosaveWatch:
    """The autosave after every change and once more at quit, with one notice when it starts
    failing.

    A failing save is said once, not at every move, and again only after it worked in
    between and then failed anew. The games Undo can bring back are saved with the game.
    """

    def __init__(self, app: _App, file: AutosaveFile | None = None) -> None:
        self.app = app
        self.file = file or AutosaveFile(paths.autosave_path())
        self.failing = False

    def __call__(self, change: object) -> None:
        self.save()

    def save(self) -> None:
        session = self.app.session  # the game, and who plays it (it resumes in its mode)
        shelf = Shelf(list(session.earlier), list(session.later), session.replaced)
        played_by = outcome.players_of(session)  # the same unless a side was chosen since
        problem, notes = self.file.save(
            session.game, session.players, shelf, self.judged, played_by
        )
        for note in notes:
            self.app.notify(note)
        if problem is not None and not self.failing:
            self.app.notify(_("Your game is not being saved: {problem}").format(problem=problem))
        self.failing = problem is not None

    def judged(self, game: Game) -> dict[str, Any] | None:
        """What the window knows of ``game``'s moves, kept with it (None: nothing yet)."""
        known = self.app.session.judgements.known(game)
        return None if known is None or known.is_empty() else known.to_data(game)


def _resume(app: _App, file: AutosaveFile, announce: bool = True) -> None:
    """The autosaved game on the board, in its mode, with the games Undo brings back (said
    in the window when ``announce``; problems with the file are said anyway)."""
    session = app.session
    found = file.resume()
    for notice in found.notices:
        app.notify(notice)
    if found.game is None:
        return
    if found.players is not None:
        session.set_players(found.players)
    session.set_game(found.game)
    if found.played_by is not None:  # a finished game's verdict is for who played it
        outcome.remember(found.game, found.played_by)
    session.earlier[:] = found.shelf.earlier
    session.later[:] = found.shelf.later
    session.replaced = found.shelf.replaced
    for game, data in found.judged:  # the review and the graph, as they were
        left_out = session.judgements.of(game).restore(game, data)
        if left_out:
            log.warning("%d entries of what was judged of a saved game did not fit it", left_out)
    if not announce:
        return
    if found.game.is_untouched() and found.shelf.earlier:
        back = game_summary(found.shelf.earlier[-1])
        app.inform(_("A new game; Undo (U) brings back the one before: {game}").format(game=back))
    else:
        app.inform(_("Resumed your game: {summary}").format(summary=game_summary(found.game)))


def _claim(app: _App) -> instances.Instance:
    """Which copy of the game this window is; a second copy is told it keeps its game apart,
    and is let go of at quit, after a last save."""
    instance = instances.claim()
    if instance.autosave is None:
        app.notify(
            _(
                "Othello is already open in {n} other windows: this one's game is not "
                "autosaved (Ctrl+S saves it)"
            ).format(n=instance.number - 1)
        )
    elif instance.number > 1:
        app.notify(
            _(
                "Othello is already open in another window: this one keeps its game apart, "
                "in {file}, so neither window's game is lost"
            ).format(file=instance.autosave.name)
        )
    return instance


def start(app: _App, *, resume: bool = True, announce: bool = True) -> AutosaveWatch:
    """Claim this window's copy number, resume its game (when ``resume``; said when
    ``announce``), autosave from now on and at quit (then let go of the copy number), and
    keep what other copies left."""
    instance = _claim(app)
    watch = AutosaveWatch(app, AutosaveFile(instance.autosave))
    if resume:
        _resume(app, watch.file, announce)
    app.session.on_game_changed.append(watch)
    app.session.judgements.on_reviewed.append(watch.save)  # a finished review is kept at once

    def at_quit() -> None:
        try:
            watch.save()
        finally:
            instance.release()

    app.on_close.append(at_quit)
    for notice in keep_left_behind(instances.left_behind(instance)):
        app.inform(notice)
    return watch
