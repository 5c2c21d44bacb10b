"""``othello import``, ``othello games`` and ``othello export``: the library for people at a
terminal and for other tools (``--json``: one object a line, in shapes kept stable).

The PNG picture is drawn by the window's code, which the application layer does not import:
the command line (``cli.py``) hands that drawing in as ``draw_png``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeVar

from othello.app.commands.own_files import refuse_game_file
from othello.app.files.game_files import game_to_text
from othello.app.files.record_text import readable
from othello.app.files.writing import write_atomic
from othello.app.library.database import Entry, Library, LibraryDamaged, LibraryError
from othello.app.library.file_faults import open_for_reading, open_library, reopen_damaged
from othello.app.library.importing import import_file
from othello.app.library.query import Filter, ids
from othello.app.library.rows import Damaged, entry_or_damage
from othello.core.errors import GameTextError, OthelloError
from othello.core.notation import format_transcript
from othello.formats.ggf import KEPT_TAGS, format_ggf

PngWriter = Callable[[Entry, Path, argparse.Namespace], None]
T = TypeVar("T")


def add_commands(sub: argparse._SubParsersAction, draw_png: PngWriter) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "import", help="bring games into your library (GGF, WTHOR .wtb, transcripts)"
    )
    p.add_argument("files", nargs="+", type=Path, metavar="FILE", help="files of games")
    p.add_argument("--json", action="store_true", help="one JSON object a file")
    p.set_defaults(func=_cmd_import)

    p = sub.add_parser("games", help="the games in your library, newest first")
    for name in ("player", "opening", "source", "date", "result"):
        p.add_argument(
            f"--{name}", default="", metavar="TEXT", help=f"only games whose {name} has TEXT"
        )
    p.add_argument("--json", action="store_true", help="one JSON object a game")
    p.set_defaults(func=_cmd_games)

    p = sub.add_parser(
        "export", help="a game of your library as GGF, a transcript or a PNG picture"
    )
    p.add_argument("id", type=int, help="the game's number (othello games lists them)")
    p.add_argument("--format", choices=("ggf", "txt", "png"), default="ggf")
    p.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="write here (default: print; png: ./othello-ID.png)",
    )
    p.add_argument(
        "--ply", type=int, metavar="N", help="png: the position after N moves (default: the end)"
    )
    p.add_argument("--no-coordinates", action="store_true", help="png: no a-h, 1-8 round the board")
    p.add_argument("--numbers", action="store_true", help="png: each disc's move number on it")
    p.add_argument("--mono", action="store_true", help="png: black and white only, for print")
    p.add_argument("--size", type=int, default=640, metavar="PX", help="png: the picture's width")
    p.set_defaults(func=_cmd_export, draw_png=draw_png)


def _open(read_only: bool = False) -> Library:
    """The library, its notices on stderr; ``read_only``: a command that only reads, which
    works in a folder the player cannot write to."""
    library, notices = open_for_reading() if read_only else open_library()
    for notice in notices:
        print(f"othello: {notice}", file=sys.stderr)
    return library


def reading(job: Callable[[Library], T]) -> T:
    """``job``'s answer from the library, opened only to read. A file found damaged on the
    way is treated as the window treats it: set aside, what can be read copied into a new
    one, and asked again there (a file that may only be read is said to be damaged)."""
    library = _open(read_only=True)
    try:
        try:
            return job(library)
        except LibraryDamaged as err:
            if library.read_only:
                raise LibraryError(
                    f"the library {library.path} is damaged ({err}), and cannot be set aside here"
                ) from None
            library, notice = reopen_damaged(library)
            if notice is not None:  # else the file checked whole: asked once more
                print(f"othello: {notice}", file=sys.stderr)
            return job(library)
    finally:
        library.close()


LINE_SECONDS = 10.0
"""Where standard error is no terminal (a log, a pipe), a progress line this often."""
TERMINAL_SECONDS = 0.2
"""On a terminal, the progress line is brought up to date this often at most."""


class ImportProgressLine:
    """An import's progress on standard error, with its rate, as the window shows its bar:
    on a terminal one line kept up to date, elsewhere a line every LINE_SECONDS (a million
    games once ran past three minutes with nothing said)."""

    def __init__(
        self,
        name: str,
        out: TextIO,
        tty: bool,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name, self.out, self.tty, self.now = name, out, tty, now
        self.started = self.last = now()
        self.shown = False  # a terminal's line is open: ended by a newline at the end

    def __call__(self, done: int, total: int) -> None:
        now = self.now()
        whole = done >= total
        if now - self.last < (TERMINAL_SECONDS if self.tty else LINE_SECONDS) and not whole:
            return
        if whole and not self.shown and not self.tty and now - self.started < LINE_SECONDS:
            return  # a quick import needs no progress line
        self.last = now
        rate = done / max(now - self.started, 1e-3)
        text = (
            f"importing {readable(self.name)}: {done:,d} of {total:,d} games ({rate:,.0f} a second)"
        )
        if self.tty:
            print(f"\r{text}", end="", file=self.out, flush=True)
        else:
            print(text, file=self.out, flush=True)
        self.shown = True

    def end(self) -> None:
        if self.tty and self.shown:
            print(file=self.out)


def _cmd_import(args: argparse.Namespace) -> int:
    status = 0
    with _open() as library:
        for path in args.files:
            path = Path(path).expanduser().absolute()
            line = ImportProgressLine(path.name, sys.stderr, sys.stderr.isatty())
            progress = None if args.json else line
            try:
                report = import_file(library, path, progress)
            except GameTextError as err:
                line.end()
                status = 2
                print(f"othello: {err}", file=sys.stderr)
                if args.json:
                    print(json.dumps(_unread(path, str(err))))
                continue
            line.end()
            for note in report.notes:  # the games came in; what could not be read is said
                print(f"othello: {note}", file=sys.stderr)
            print(json.dumps(report.as_json()) if args.json else report.line())
    return status


def _unread(path: Path, why: str) -> dict[str, object]:
    return {"file": str(path), "added": 0, "duplicates": 0, "skipped": 0, "first_error": why}


def game_json(entry: Entry) -> dict[str, object]:
    """A game as ``othello games --json`` prints it."""
    return {
        "id": entry.id,
        "date": entry.date,
        "black": entry.black,
        "white": entry.white,
        "result": entry.result if entry.finished else None,  # None: not played to its end
        "start": entry.start,
        "moves": format_transcript(entry.moves),
        "source": entry.source,
        "opening": entry.opening,
    }


def damaged_json(row: Damaged) -> dict[str, object]:
    """A row that is no game as ``othello games --json`` prints it: what can be read of
    it, null for the rest, and why (``damaged``)."""
    return {
        "id": row.id,
        "date": row.date,
        "black": row.black,
        "white": row.white,
        "result": None,
        "start": None,
        "moves": None,
        "source": row.source,
        "opening": None,
        "damaged": row.damage.english(),
    }


def _cmd_games(args: argparse.Namespace) -> int:
    wanted = Filter(args.player, args.opening, args.result, args.date, args.source)
    if (problem := wanted.problem()) is not None:
        raise OthelloError(problem)

    def every(library: Library) -> list[Entry | Damaged]:
        found = (entry_or_damage(library, game_id) for game_id in ids(library, wanted))
        return [entry for entry in found if entry is not None]

    for found in reading(every):
        if args.json:
            print(json.dumps(game_json(found) if isinstance(found, Entry) else damaged_json(found)))
        elif isinstance(found, Entry):
            opening = found.opening or ""
            print(
                f"{found.id:6d}  {found.date:16s}  {found.black[:20]:20s}  {found.white[:20]:20s}"
                f"  {result_text(found):>3s}  {opening[:24]:24s}  {found.source}"
            )
        else:
            print(
                f"{found.id:6d}  {found.date:16s}  {found.black[:20]:20s}  {found.white[:20]:20s}"
                f"  damaged: {found.damage.english()}"
            )
    return 0


def result_text(entry: Entry) -> str:
    """The result column: Black's margin ("-64:t" when a flag fell, as GGF writes it), or
    "..." for a game not played to its end."""
    if not entry.finished:
        return "..."
    on_time = entry.tags.get("RE", "").endswith(":t")
    return f"{entry.result:+d}" + (":t" if on_time else "")


def ggf_of(entry: Entry) -> str:
    """A library game as GGF: its GGS tags, names, date and result, each move's time."""
    tags = {k: v for k, v in entry.tags.items() if k in KEPT_TAGS}
    if "PC" not in tags:
        tags["PC"] = entry.tags.get("EV") or entry.source
    tags.setdefault("DT", entry.date)
    tags["PB"], tags["PW"] = entry.black, entry.white
    if entry.finished:  # GGF gives a game not played to its end no result
        tags.setdefault("RE", f"{entry.result:+.3f}")
    if entry.memo:  # GGF's comment: the player's memo (F2) goes with the game
        tags["C"] = entry.memo
    record = entry.record()
    return format_ggf(record.start, record.moves, tags, record.notes)


def _cmd_export(args: argparse.Namespace) -> int:
    found = reading(lambda library: entry_or_damage(library, args.id))
    if found is None:
        raise LibraryError(f"no game {args.id} in the library (othello games lists them)")
    if isinstance(found, Damaged):
        raise LibraryError(f"game {args.id} is damaged: {found.damage.english()}")
    out = args.out or (Path(f"othello-{found.id}.png") if args.format == "png" else None)
    if out is not None:
        out = Path(out).expanduser().absolute()
        refuse_game_file(out, getattr(args, "config", None), "--out")
    if args.format == "png":
        assert out is not None
        args.draw_png(found, out, args)
        print(readable(str(out)))
        return 0
    text = ggf_of(found) + "\n" if args.format == "ggf" else game_to_text(found.record().game())
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        write_atomic(out, text)
    except OSError as err:
        raise OthelloError(f"cannot write {readable(str(out))}: {err.strerror or err}") from None
    print(readable(str(out)))
    return 0
