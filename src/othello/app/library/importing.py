"""Bringing games into the library: a file of any format the game reads, in one transaction
(all of it or, after a kill or an error, none of it), every game once.

A game the library has already (the same start, moves, players and date) counts as a
duplicate and is not added again; a game that cannot be used (a GGF game from a position no
game can reach among them, checked as every other door checks a position) counts as
skipped, and the first reason is kept for the report. The games folder of earlier versions (Ctrl+S's
transcripts in ``games/``) is taken in once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from othello.app.files.game_files import game_files, impossible_reason, load_game
from othello.app.files.record_text import clean, readable
from othello.app.i18n import _
from othello.app.library.database import Library
from othello.app.library.game_records import GameRecord, Problem, Source, read_source
from othello.core.errors import OthelloError

PROGRESS_EVERY = 250  # games between two progress reports
GAMES_FOLDER = "games folder"
TAKEN_IN = "games-folder-taken-in"

ProgressCallback = Callable[[int, int], None]


class ImportStopped(OthelloError):
    """The import was asked to stop; the library is as it was before the file."""


@dataclass
class ImportReport:
    """What one file brought: ``othello import --json`` prints it as it is."""

    file: str
    added: int = 0
    duplicates: int = 0
    skipped: int = 0
    first_error: str | None = None
    notes: list[str] = field(default_factory=list)  # the file's reading, besides its games

    def as_json(self) -> dict[str, object]:
        """The report as ``--json`` prints it; ``notes`` only where there are some (the
        shape other tools read stays as it was)."""
        data = asdict(self)
        if not self.notes:
            del data["notes"]
        return data

    def line(self) -> str:
        why = f"; first problem: {self.first_error}" if self.first_error else ""
        return (
            f"{readable(self.file)}: {self.added:,d} added, {self.duplicates:,d} already there, "
            f"{self.skipped:,d} skipped{why}"
        )


def add_all(
    library: Library,
    source: Source,
    report: ImportReport,
    name: str,
    progress: ProgressCallback | None = None,
    stop: threading.Event | None = None,
) -> ImportReport:
    """Every game of ``source`` into ``library`` in one transaction; ``report`` counts."""
    report.notes.extend(source.notes)
    library.begin()
    try:
        for done, item in enumerate(source.items, 1):
            if isinstance(item, GameRecord) and (reason := impossible_reason(item.start)):
                item = Problem(done, f"Impossible position: {reason}")  # as every door says
            if isinstance(item, Problem):
                report.skipped += 1
                if report.first_error is None:
                    report.first_error = _("game {number}: {why}").format(
                        number=item.number, why=item.reason
                    )
            elif library.add(item, name) is None:
                report.duplicates += 1
            else:
                report.added += 1
            if done % PROGRESS_EVERY == 0:
                if stop is not None and stop.is_set():
                    raise ImportStopped(
                        _("the import of {name} was stopped; nothing of it was kept").format(
                            name=name
                        )
                    )
                if progress is not None:
                    progress(done, max(done, source.total))
        library.commit()
    except BaseException:
        library.rollback()
        raise
    if progress is not None:
        progress(source.total, source.total)
    return report


def import_file(
    library: Library,
    path: Path,
    progress: ProgressCallback | None = None,
    stop: threading.Event | None = None,
) -> ImportReport:
    """Import the games of ``path``. GameTextError when the file cannot be read at all;
    LibraryError (busy, damaged) when the library cannot take it: nothing was added then."""
    path = Path(path)
    source = read_source(path)
    name = clean(path.name)  # a name that is not UTF-8 is still the games' source
    return add_all(library, source, ImportReport(str(path)), name, progress, stop)


def take_in_games_folder(library: Library, before: float | None = None) -> ImportReport | None:
    """The transcripts Ctrl+S wrote into ``games/``, once; the report, or None when they were
    taken in before. Files written at ``before`` or later (seconds since 1970: saved by this
    window, which keeps them itself) are left out."""
    if library.meta(TAKEN_IN) is not None:
        return None
    report = ImportReport(GAMES_FOLDER)
    library.begin()
    try:
        for path in reversed(game_files()):  # the oldest first: the newest ends on top
            if before is not None and _written(path) >= before:
                continue
            try:
                game = load_game(path)
            except OthelloError as err:
                report.skipped += 1
                report.first_error = report.first_error or str(err)
                continue
            record = GameRecord(game.start, game.moves[: game.cursor], date=_file_date(path))
            if library.add(record, GAMES_FOLDER) is None:
                report.duplicates += 1
            else:
                report.added += 1
        library.set_meta(TAKEN_IN, "yes")
        library.commit()
    except BaseException:
        library.rollback()
        raise
    return report


def _written(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _file_date(path: Path) -> str:
    """When a saved game was written, from its name (othello-20240501-140312.txt) or its
    time on disk."""
    import re
    import time

    found = re.search(r"(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})", path.name)
    if found:
        y, m, d, hh, mm = found.groups()
        return f"{y}-{m}-{d} {hh}:{mm}"
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        return ""
