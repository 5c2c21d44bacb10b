"""The library under several programs at once, killed at random moments: a soak.

    .venv/bin/python scripts/library_soak.py --minutes 30 --seed 1 [--folder F]

One data folder (its own config, data and home folders, as the tests set them) and rounds,
until the minutes are up. Each round starts a window (headless, SDL's dummy driver, the
real window driven by posted clicks and keys at level 1: it plays, keeps its games, is
rated, saves with Ctrl+S, starts new games with N, and reviews a finished game when
``REVIEW_AT_END`` is drawn), then, while it runs, other programs in turn or side by side:
``othello import`` of game files, ``othello games --json``, ``othello export``, and a
second window that opens, plays a few moves (sometimes a whole rated game) and closes.
Any of them, and the window at the end of the round, is killed with SIGKILL at a random
moment (the window is sometimes closed instead).

Each process writes what it kept to a log file of its own, fsynced, only once the
library's write has returned: a window its kept games (library id and moves), the game on
its board (its key and moves) and its rated games; an import the file it took in. While
the window runs, after each other program ends: its ``library.sqlite3-wal`` still exists
and none of its descriptors points at a deleted one, and ``othello games`` listed every
game kept before it started. After each round, with every process gone: ``PRAGMA
integrity_check`` is ok, no library was set aside, every game a process reported kept is
in the library exactly once (an imported file's every game), the rating agrees with its
rated games (their count, the last one's rating, the rating their results give), and a new
window resumes the last game each window held. Prints a line a problem, a line a round,
and the figures at the end; exits 1 when anything was lost.

Also the child processes' entry (``--role``): the window, the import, the resume check.
POSIX only (SIGKILL).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
FILES = 10  # game files to import, of GAMES_A_FILE games each (importing one again adds none)
GAMES_A_FILE = 25
LIBRARY = "library.sqlite3"
SAFETY_SECONDS = 120.0  # a process that shows no progress for this long is stuck: a problem


# ----- the child processes -------------------------------------------------------------------


class Log:
    """A process's own log of what it kept: a JSON object a line, each fsynced before the
    process goes on."""

    def __init__(self, path: Path) -> None:
        self.file = path.open("a", encoding="utf-8")

    def write(self, kind: str, **fields: Any) -> None:
        self.file.write(json.dumps({"kind": kind, "at": time.time(), **fields}) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())


def read_log(path: Path) -> list[dict[str, Any]]:
    """The entries of a process's log (a line cut short by a kill is left out)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    found = []
    for line in lines:
        try:
            found.append(json.loads(line))
        except ValueError:
            continue
    return found


def one_core(seed: int) -> None:
    """The window's process on one core: the review then judges in the window's search
    thread rather than in a pool of processes, which a SIGKILL would leave behind."""
    if hasattr(os, "sched_setaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[seed % len(cores)]})


class Player:
    """Drives a real window as a player would: clicks a random legal square on its turn,
    sometimes Ctrl+S, N after a game ends (or once its review is done); and logs what the
    library has taken, each time after waiting for the library's writer."""

    def __init__(self, app: Any, rng: random.Random, log: Log, patient: bool) -> None:
        """``patient``: after a game, sometimes wait for its review (REVIEW_AT_END) to end."""
        self.app = app
        self.rng = rng
        self.log = log
        self.patient = patient
        self.clicked: tuple[int, int] | None = None  # (game, ply) last clicked
        self.moves = 0  # placed by this player
        self.ended: set[int] = {id(app.session.game)} if app.session.game.is_over() else set()
        self.waiting_review = False
        self.expect: list[tuple[Any, str]] = []  # games whose keeping was asked: (game, moves)
        self.rated = len(self.history())
        self.logged_held: tuple[int, str] | None = None

    def history(self) -> list[Any]:
        return list(self.app.play.club.strength.strength.history)

    def step(self) -> None:
        """After a frame: the next thing a player does."""
        import pygame

        session = self.app.session
        game = session.game
        if game.is_over():
            if id(game) not in self.ended:
                self.ended.add(id(game))
                self.expect.append((game, _moves_hex(game)))
                self.record()
                self.waiting_review = self.patient and self.rng.random() < 0.3
            if self.waiting_review and session.judgement.review is None:
                return  # the review goes on; the next frame looks again
            self.waiting_review = False
            self.new_game()
            return
        if not session.is_human_turn() or session.board.must_pass():
            return
        here = (id(game), len(game.moves))
        if self.clicked == here:
            return
        self.clicked = here
        square = self.rng.choice(session.board.legal_squares())
        pos = self.app.layout.square_center(square)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.moves += 1
        if self.rng.random() < 0.01:  # a new game before this one ends: it is kept unfinished
            self.app.frame(1 / 30)  # the click first
            self.new_game()
        elif self.rng.random() < 0.04:
            self.save()
        elif self.moves % 3 == 0:
            self.record()

    def new_game(self) -> None:
        game = self.app.session.game
        if not game.is_over() and any(game.moves):
            self.expect.append((game, _moves_hex(game)))  # a game a person played in: kept
        self.key(ord("n"))
        self.app.frame(1 / 30)
        self.record()

    def save(self) -> None:
        """Ctrl+S: the game as it stands goes into the library (and games/)."""
        import pygame

        self.app.frame(1 / 30)  # the click first
        self.expect.append((self.app.session.game, _moves_hex(self.app.session.game)))
        self.key(pygame.K_s, pygame.KMOD_CTRL)
        self.app.frame(1 / 30)
        self.record()

    def key(self, key: int, mod: int = 0) -> None:
        import pygame

        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))

    def record(self) -> None:
        """Wait for the library's writer; once everything asked of it is written (nothing
        waiting, no write failing), log what it holds now."""
        library = self.app.library
        if not library.flush(wait=30):
            self.log.write("busy")
            return
        library.update()  # the answers: kept games' ids
        if library.failing is not None or any(s.waiting for s in library.savings.values()):
            self.log.write("unwritten", why=str(library.failing))
            return
        for game, moves in self.expect:
            game_id = library.ids.get(game)
            if game_id is not None:
                self.log.write("kept", id=game_id, moves=moves)
        self.expect.clear()
        history = self.history()
        for row in history[self.rated :]:
            self.log.write("rated", level=row.level, score=row.score, rating=row.rating)
        self.rated = len(history)
        self.log_held()

    def log_held(self) -> None:
        game = self.app.session.game
        key = self.app.library.held_keys.get(game)
        held = None if key is None or not game.moves else (key, _moves_hex(game, every=True))
        if held is not None and held != self.logged_held:
            self.log.write("held", key=held[0], moves=held[1])
            self.logged_held = held


def _moves_hex(game: Any, every: bool = False) -> str:
    """A game's moves as the library keeps them (a byte a move, 64 a pass), in hex: those
    on the board, or ``every`` one (undone ones too)."""
    from othello.app.library.database import encode_moves

    return encode_moves(game.moves if every else game.moves[: game.cursor]).hex()


def window_role(args: argparse.Namespace) -> int:
    one_core(args.seed)
    import pygame

    from othello.app.settings.keys import Settings
    from othello.engine.api import Engine
    from othello.gui.app import App
    from othello.gui.services import persistence

    log = Log(args.log)
    settings = Settings(
        animation=False, sound=False, level=1, review_at_end=args.review,
        window_width=800, window_height=600,
    )  # fmt: skip
    app = App(settings, engine_factory=lambda level: Engine(level=1), computer_min_seconds=0.0)
    persistence.attach(app)
    player = Player(app, random.Random(args.seed), log, args.review and args.patient)
    stop = Path(args.stop)
    try:
        while not stop.exists() and (args.moves == 0 or player.moves < args.moves):
            app.frame(1 / 30)
            player.step()
            time.sleep(0.002)
        if args.save or (args.moves and random.Random(args.seed + 1).random() < 0.5):
            player.save()
        player.record()
    finally:
        app.close()
        pygame.display.quit()
    player.log_held()  # written, or spooled for the next start: kept either way
    log.write("closed")
    return 0


def import_role(args: argparse.Namespace) -> int:
    """``othello import FILE --json``, as a player runs it; the file logged once it is in."""
    from othello.app.library.game_records import read_source
    from othello.cli import main

    log = Log(args.log)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["import", str(args.file), "--json"])
    sys.stdout.write(out.getvalue())
    games = sum(1 for _item in read_source(args.file).items)
    report = json.loads(out.getvalue().splitlines()[-1]) if out.getvalue().strip() else {}
    if status == 0 and report.get("added", 0) + report.get("duplicates", 0) == games:
        log.write("imported", file=str(args.file), added=report["added"])
    return status


def resume_role(args: argparse.Namespace) -> int:
    """A new window: every game of its line (the board's and those behind Undo and Redo,
    the games other windows left taken over) printed as JSON, then closed."""
    import pygame

    from othello.app.settings.keys import Settings
    from othello.engine.api import Engine
    from othello.gui.app import App
    from othello.gui.services import persistence
    from othello.gui.services.autosaving import line_of

    settings = Settings(animation=False, sound=False, level=1, review_at_end=False)
    app = App(settings, engine_factory=lambda level: Engine(level=1), computer_min_seconds=0.0)
    try:
        persistence.attach(app)
        app.frame(1 / 30)
        line = [
            {"key": app.library.held_keys.get(game), "moves": _moves_hex(game, every=True)}
            for game in line_of(app.session)
        ]
        notices = [str(n) for n in app.session.notices]
    finally:
        app.close()
        pygame.display.quit()
    print(json.dumps({"line": line, "notices": notices}))
    return 0


# ----- the rounds ----------------------------------------------------------------------------


@dataclass
class Proc:
    """A child process of a round."""

    name: str
    role: str
    popen: subprocess.Popen[bytes]
    log: Path
    out: Path
    err: Path
    stop: Path
    started: float = field(default_factory=time.time)
    killed: bool = False
    expected: tuple[set[int], set[tuple[str, str, str]]] = (set(), set())  # a listing's
    cached: list[dict[str, Any]] | None = None  # the log, once the process is gone

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self) -> None:
        if self.alive():
            os.kill(self.popen.pid, signal.SIGKILL)
            self.killed = True
        self.popen.wait()

    def entries(self, kind: str | None = None) -> list[dict[str, Any]]:
        found = self.cached
        if found is None:
            ended = not self.alive()
            found = read_log(self.log)
            if ended:
                self.cached = found
        return [e for e in found if kind is None or e["kind"] == kind]


@dataclass
class Figures:
    """What a soak did and what it found: a game lost or doubled counted once (a window's
    by its library id, an imported one by its fingerprint), a library set aside once, any
    other problem once a round it is seen in."""

    rounds: int = 0
    started: Counter[str] = field(default_factory=Counter)
    killed: Counter[str] = field(default_factory=Counter)
    busy: Counter[str] = field(default_factory=Counter)  # refused: the library was held
    kept: int = 0  # games reported kept (distinct ids)
    imported: int = 0  # imports reported done
    rated: int = 0
    checks: Counter[str] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)
    games: int = 0  # in the library at the end
    held: int = 0
    seconds: float = 0.0

    def problem(self, kind: str, text: str) -> None:
        self.problems[kind] += 1
        self.examples.setdefault(kind, [])
        if len(self.examples[kind]) < 5:
            self.examples[kind].append(text)

    def lines(self) -> list[str]:
        def counts(c: Counter[str]) -> str:
            return ", ".join(f"{k} {n}" for k, n in sorted(c.items())) or "none"

        found = [
            f"rounds: {self.rounds} in {self.seconds / 60:.1f} min",
            f"processes started: {counts(self.started)}",
            f"killed with SIGKILL: {counts(self.killed)}",
            f"ended saying the library was in use elsewhere: {counts(self.busy)}",
            f"reported kept: {self.kept} games, {self.imported} imports, {self.rated} rated games",
            f"in the library at the end: {self.games} games, {self.held} held games",
            f"checks made: {counts(self.checks)}",
            f"problems: {counts(self.problems)}",
        ]
        for kind, texts in sorted(self.examples.items()):
            found += [f"  {kind}: {text}" for text in texts]
        return found


class Soak:
    """Rounds of processes on one data folder, and the checks after each."""

    def __init__(self, folder: Path, seed: int, quick: bool = False) -> None:
        self.folder = folder
        self.rng = random.Random(seed)
        self.quick = quick
        self.data = folder / "data"
        self.library = self.data / LIBRARY
        self.logs = folder / "logs"
        self.files = folder / "files"
        for made in (self.data, self.logs, self.files, folder / "config", folder / "home"):
            made.mkdir(parents=True, exist_ok=True)
        self.figures = Figures()
        self.procs: list[Proc] = []  # every process so far (their logs are read at each check)
        self.reported: set[str] = set()  # problems said already (a lost game is said once)
        self.game_files = write_game_files(self.files, seed)
        self.keys = {path: file_keys(path) for path in self.game_files}
        self.known_ids: list[int] = []
        self.helpers = 0
        self.resumed: set[str] = set()  # windows whose last game a resume check looked for
        self.count = 0

    def env(self) -> dict[str, str]:
        return child_env(self.folder)

    def start(self, role: str, command: list[str]) -> Proc:
        """Start ``command`` (its ``{log}`` and ``{stop}`` filled in with the process's own
        files), its output into a file of its own."""
        self.count += 1
        name = f"{self.count:05d}-{role.replace(' ', '-')}"
        log, out, err = (self.logs / f"{name}.{end}" for end in ("log", "out", "err"))
        stop = self.logs / f"{name}.stop"
        command = [c.format(log=log, stop=stop) for c in command]
        with out.open("wb") as sink, err.open("wb") as errors:
            popen = subprocess.Popen(
                command, env=self.env(), cwd=self.folder, stdout=sink, stderr=errors
            )
        proc = Proc(name, role, popen, log, out, err, stop)
        self.procs.append(proc)
        self.figures.started[role] += 1
        return proc

    def window(self, moves: int = 0) -> Proc:
        """A window that plays on until killed or told to stop (``moves`` 0), or a second
        window that closes itself after ``moves`` of its own."""
        seed = self.rng.randrange(1 << 30)
        command = [
            sys.executable, str(SCRIPT), "--role", "window", "--seed", str(seed),
            "--moves", str(moves), "--stop", "{stop}", "--log", "{log}",
        ]  # fmt: skip
        if self.rng.random() < 0.5:
            command.append("--review")
        if not self.quick and moves == 0:  # a second window closes without waiting
            command.append("--patient")
        return self.start("window" if moves == 0 else "second window", command)

    def helper(self) -> Proc:
        """Another program beside the window: an import, a listing, an export, or a second
        window."""
        kinds = ["import", "games", "second window", "export", "import", "games"]
        self.helpers += 1
        kind = kinds[self.helpers % len(kinds)] if self.quick else self.rng.choice(kinds)
        python = [sys.executable]
        if kind == "import":
            path = self.rng.choice(self.game_files)
            return self.start(
                "import",
                [*python, str(SCRIPT), "--role", "import", "--file", str(path), "--log", "{log}"],
            )
        if kind == "export" and not self.known_ids:
            kind = "games"  # no game known to export yet: an id guessed may not exist
        if kind == "games":
            proc = self.start("games", [*python, "-m", "othello", "games", "--json"])
            proc.expected = self.reported_so_far()
            return proc
        if kind == "export":
            game_id = self.rng.choice(self.known_ids)
            out = str(self.folder / "exported.ggf")
            command = [*python, "-m", "othello", "export", str(game_id), "--out", out]
            return self.start("export", command)
        return self.window(moves=self.rng.choice([2, 6, 40]))

    # ----- a round -------------------------------------------------------------------------

    def round(self) -> None:
        rng, figures = self.rng, self.figures
        figures.rounds += 1
        number = figures.rounds
        window = self.window()
        try:
            if not self.progress(window, "held", 1):
                self.problem("stuck", f"round {number}: the window kept no game ({tail(window)})")
            running: list[Proc] = []
            for _step in range(2 if self.quick else rng.randint(1, 6)):
                if running and rng.random() < 0.5:  # one after another, or side by side
                    self.finish(running.pop(0), window)
                proc = self.helper()
                running.append(proc)
                if rng.random() < 0.35:  # killed at a random moment
                    self.pause(proc)
                    self.kill(proc)
                    running.remove(proc)
                    self.after(proc, window)
                self.progress(
                    window,
                    "held",
                    len(window.entries("held")) + rng.randint(0, 2 if self.quick else 8),
                    SAFETY_SECONDS if self.quick else rng.uniform(0.5, 8.0),
                )
            for proc in running:
                self.finish(proc, window)
            if self.quick:  # every round of a short soak has a game kept, to check
                self.progress(window, "kept", len(window.entries("kept")) + 1)
            self.pause(window)
            self.check_wal(window)
            if rng.random() < 0.8:
                self.kill(window)
            else:  # closed as a player closes it
                window.stop.touch()
                self.finish(window, None)
        finally:
            for proc in self.procs:
                if proc.alive():
                    self.kill(proc)
        self.check_round(number)

    def pause(self, proc: Proc) -> None:
        """A random moment in ``proc``'s life (or until it ends)."""
        end = time.monotonic() + self.rng.uniform(0, 0.6 if self.quick else 3.0)
        while time.monotonic() < end and proc.alive():
            time.sleep(0.02)

    def progress(self, proc: Proc, kind: str, count: int, seconds: float = SAFETY_SECONDS) -> bool:
        """Wait until ``proc`` has logged ``count`` entries of ``kind``; False when it ended
        first or the ``seconds`` are up."""
        end = time.monotonic() + seconds
        while len(proc.entries(kind)) < count:
            if not proc.alive() or time.monotonic() > end:
                return False
            time.sleep(0.05)
        return True

    def kill(self, proc: Proc) -> None:
        if proc.alive():
            proc.kill()
            self.figures.killed[proc.role] += 1
        proc.popen.wait()

    def finish(self, proc: Proc, window: Proc | None) -> None:
        """Let ``proc`` end by itself (killed, and a problem, when it does not)."""
        try:
            proc.popen.wait(SAFETY_SECONDS)
        except subprocess.TimeoutExpired:
            self.problem("stuck", f"{proc.name} did not end ({tail(proc)})")
            self.kill(proc)
        if window is not None:
            self.after(proc, window)

    def after(self, proc: Proc, window: Proc) -> None:
        """Another program ended while the window runs: the window's -wal is still there,
        the program did not fail, and a listing saw every game kept before it started."""
        self.check_wal(window)
        if proc.killed:
            return
        status = proc.popen.returncode
        if status != 0 and "in use elsewhere" in tail(proc):
            self.figures.busy[proc.role] += 1  # said so, and nothing of it kept: no loss
            return
        if status != 0:
            self.problem("failed", f"{proc.name} exited {status}: {tail(proc)}")
            return
        if proc.role == "games":
            self.check_seen(proc)

    # ----- the checks ----------------------------------------------------------------------

    def problem(self, kind: str, text: str, once: str = "") -> None:
        """Count and say a problem, once for its text (or for ``once``: a lost game)."""
        if (once or text) in self.reported:
            return
        self.reported.add(once or text)
        self.figures.problem(kind, text)
        print(f"PROBLEM {kind}: {text}", flush=True)

    def check_wal(self, window: Proc) -> None:
        """While the window has its library open: its -wal file exists, and none of the
        window's descriptors points at a deleted -wal or -shm."""
        if not window.alive() or not window.entries("held"):
            return
        self.figures.checks["wal while the window runs"] += 1
        wal = self.library.with_name(LIBRARY + "-wal")
        if not wal.exists():
            self.problem("wal", f"{window.name}: {wal.name} is gone while the window runs")
        fds = Path(f"/proc/{window.popen.pid}/fd")
        try:
            targets = [os.readlink(fd) for fd in fds.iterdir()]
        except OSError:
            return  # not Linux, or the window just ended
        for target in targets:
            if target.endswith(("-wal (deleted)", "-shm (deleted)")):
                self.problem("wal", f"{window.name} writes to a deleted file: {target}")

    def reported_so_far(self) -> tuple[set[int], set[tuple[str, str, str]]]:
        """The games reported kept by now: library ids, and the imported games' names."""
        ids = {int(e["id"]) for p in self.procs for e in p.entries("kept")}
        names = {
            name
            for p in self.procs
            for e in p.entries("imported")
            for name in self.keys[Path(e["file"])].values()
        }
        return ids, names

    def check_seen(self, proc: Proc) -> None:
        """``othello games`` listed every game reported kept before it started."""
        self.figures.checks["listing sees every game"] += 1
        ids, names = proc.expected
        listed = [json.loads(line) for line in proc.out.read_text().splitlines() if line]
        listed_ids = {int(g["id"]) for g in listed}
        listed_names = {(g["black"], g["white"], g["date"]) for g in listed}
        unseen = sorted(ids - listed_ids)
        unseen_imports = names - listed_names
        if unseen or unseen_imports:
            self.problem(
                "unseen",
                f"{proc.name} listed {len(listed)} games, not {len(unseen)} kept by the window "
                f"(ids {unseen[:5]}) nor {len(unseen_imports)} imported",
            )

    def check_round(self, number: int) -> None:
        """Every process gone: the library as they left it."""
        figures = self.figures
        for aside in sorted(self.data.glob(LIBRARY + ".damaged-*")):
            if not aside.name.endswith(("-wal", "-shm")):
                self.problem("set aside", f"round {number}: {aside.name}", once=aside.name)
        figures.checks["integrity"] += 1
        db = sqlite3.connect(self.library, timeout=30)
        try:
            try:
                found = [str(r[0]) for r in db.execute("PRAGMA integrity_check")]
            except sqlite3.Error as err:
                found = [str(err)]
            if found != ["ok"]:
                self.problem("integrity", f"round {number}: {'; '.join(found)[:300]}")
            games = db.execute(
                "SELECT id, key, coalesce(start, ''), moves, black, white, date "
                "FROM games NOT INDEXED WHERE deleted IS NULL"
            ).fetchall()
            self.check_kept(number, games)
            self.check_rating(number, db)
            figures.games = len(games)
            figures.held = int(db.execute("SELECT count(*) FROM held").fetchone()[0])
        except sqlite3.Error as err:
            self.problem("unreadable", f"round {number}: {err}")
        finally:
            db.close()
        self.check_resume(number)

    def check_kept(self, number: int, games: list[tuple[Any, ...]]) -> None:
        figures = self.figures
        by_id = {int(g[0]): g for g in games}
        keys = Counter(int(g[1]) for g in games)
        same = Counter(tuple(g[2:]) for g in games)
        self.known_ids = sorted(by_id)
        kept = [e for p in self.procs for e in p.entries("kept")]
        figures.kept = len({e["id"] for e in kept})
        figures.checks["kept games"] += len(kept)
        for entry in kept:
            row = by_id.get(int(entry["id"]))
            once = f"kept {entry['id']}"  # a game saved, then finished, is one game
            if row is None:
                text = f"round {number}: game {entry['id']} reported kept is not in the library"
                self.problem("lost", text, once)
            elif not bytes(row[3]).hex().startswith(entry["moves"]):
                text = f"round {number}: game {entry['id']} has other moves than it was kept with"
                self.problem("lost", text, once)
            elif same[tuple(row[2:])] > 1:
                text = f"round {number}: game {entry['id']} is in the library more than once"
                self.problem("twice", text, once)
        imported = [e for p in self.procs for e in p.entries("imported")]
        figures.imported = len(imported)
        for entry in imported:
            path = Path(entry["file"])
            figures.checks["imported games"] += len(self.keys[path])
            missing = [k for k in self.keys[path] if keys[k] == 0]
            twice = [k for k in self.keys[path] if keys[k] > 1]
            for key in missing:
                text = f"round {number}: game {self.keys[path][key]} of {path.name} is not there"
                self.problem("lost", text, f"imported {key}")
            for key in twice:
                text = f"round {number}: game {self.keys[path][key]} of {path.name} is there twice"
                self.problem("twice", text, f"imported {key}")

    def check_rating(self, number: int, db: sqlite3.Connection) -> None:
        """The rating agrees with its games: it counts them, it is the last one's, and it is
        what their results give from the first rating."""
        from othello.club.rating import Rating

        self.figures.checks["rating"] += 1
        rows = db.execute("SELECT level, score, rating FROM ratings ORDER BY id").fetchall()
        text = db.execute("SELECT value FROM meta WHERE name = 'rating'").fetchone()
        reported = {
            (int(e["level"]), float(e["score"]), round(float(e["rating"]), 6))
            for p in self.procs
            for e in p.entries("rated")
        }  # a window may also show another's rated game (the rating moved on from it)
        self.figures.rated = len(reported)
        missing = reported - {(int(lv), float(s), round(float(r), 6)) for lv, s, r in rows}
        if missing:
            self.problem(
                "rating", f"round {number}: {len(missing)} rated games reported are not kept"
            )
        if not rows and text is None:
            return
        if text is None:
            self.problem("rating", f"round {number}: {len(rows)} rated games and no rating")
            return
        kept = json.loads(text[0])
        replay = Rating()
        for level, score, _rating in rows:
            replay = replay.after(int(level), float(score))
        if kept["games"] != len(rows):
            self.problem(
                "rating", f"round {number}: the rating counts {kept['games']} of {len(rows)} games"
            )
        elif rows and abs(kept["value"] - rows[-1][2]) > 0.01:
            self.problem(
                "rating",
                f"round {number}: the rating {kept['value']} is not the last game's {rows[-1][2]}",
            )
        elif not math.isclose(replay.value, kept["value"], abs_tol=0.05):
            self.problem(
                "rating",
                f"round {number}: the games give {replay.value:.2f}, the rating is {kept['value']}",
            )

    def check_resume(self, number: int) -> None:
        """A new window resumes the last game each window of the round held (on its board
        or behind Undo: a window's games are taken over by the next first one)."""
        windows = [
            p for p in self.procs if p.role.endswith("window") and p.entries("held")
            and p.name not in self.resumed
        ]  # fmt: skip
        proc = self.start("resume", [sys.executable, str(SCRIPT), "--role", "resume"])
        self.finish(proc, None)
        try:
            answer = json.loads(proc.out.read_text().splitlines()[-1])
        except (IndexError, ValueError):
            self.problem("failed", f"round {number}: the resume check failed: {tail(proc)}")
            return
        line = {int(g["key"]): str(g["moves"]) for g in answer["line"] if g["key"] is not None}
        for window in windows:
            self.resumed.add(window.name)
            self.figures.checks["last held game resumed"] += 1
            held = window.entries("held")[-1]
            moves = line.get(int(held["key"]))
            if moves is None or not moves.startswith(held["moves"]):
                self.problem(
                    "not resumed",
                    f"round {number}: {window.name}'s last game ({len(held['moves']) // 2} moves)"
                    f" {'is not' if moves is None else 'has other moves'} in the next window",
                )


def child_env(folder: Path) -> dict[str, str]:
    """The environment of a program on the soak's folder: its own data, config and home
    folders (as the tests set them), the window headless and in English."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTHELLO_", "XDG_"))}
    env.update(
        OTHELLO_DATA_DIR=str(folder / "data"),
        OTHELLO_CONFIG_DIR=str(folder / "config"),
        HOME=str(folder / "home"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SDL_NO_SIGNAL_HANDLERS="1",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        LANGUAGE="en",
    )
    return env


def tail(proc: Proc, lines: int = 3) -> str:
    """The last lines a process wrote (its traceback)."""
    try:
        text = proc.err.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    return " | ".join(text[-lines:])[-400:]


def write_game_files(folder: Path, seed: int) -> list[Path]:
    """FILES GGF files of seeded random games, each named for its file; a file's first
    game is also the last of the file before (an import finds it there already)."""
    from othello.app.library.game_records import GameRecord
    from othello.core.bitboard import PASS
    from othello.core.board import Board

    rng = random.Random(seed)
    files, shared = [], ""
    for number in range(FILES):
        records = [shared] if shared else []
        while len(records) < GAMES_A_FILE:
            board, moves = Board(), []
            while not board.is_game_over():
                squares = board.legal_squares()
                square = rng.choice(squares) if squares else PASS
                board.push_square(square)
                moves.append(square)
            record = GameRecord(
                Board(), moves, f"Soak {number} black {len(records)}",
                f"Soak {number} white {len(records)}",
                f"2001-{1 + number % 12:02d}-{1 + len(records):02d}", {"PC": "soak"},
            )  # fmt: skip
            records.append(format_record(record))
        shared = records[-1]
        path = folder / f"soak-{number:02d}.ggf"
        path.write_text("\n".join(records) + "\n", encoding="utf-8")
        files.append(path)
    return files


def format_record(record: Any) -> str:
    """A game record (``GameRecord``) as one GGF line, its names and date in its tags."""
    from othello.formats.ggf import format_ggf

    tags = {**record.tags, "PB": record.black, "PW": record.white, "DT": record.date}
    return format_ggf(record.start, record.moves, tags)


def file_keys(path: Path) -> dict[int, tuple[str, str, str]]:
    """Each game of a file: its fingerprint as the library keeps it, and its names and date."""
    from othello.app.library.database import encode_moves, fingerprint
    from othello.app.library.game_records import GameRecord, read_source

    found = {}
    for record in read_source(path).items:
        if isinstance(record, GameRecord):
            moves = encode_moves(record.moves)
            key = fingerprint(
                record.start.to_string(), moves, record.black, record.white, record.date
            )
            found[key] = (record.black, record.white, record.date)
    return found


# ----- the command ---------------------------------------------------------------------------


def soak(folder: Path, minutes: float, seed: int) -> Figures:
    runner = Soak(folder, seed)
    began = time.monotonic()
    while time.monotonic() - began < minutes * 60:
        runner.round()
        f = runner.figures
        print(
            f"round {f.rounds}: {sum(f.started.values())} processes, {sum(f.killed.values())} "
            f"killed; library {f.games} games; {sum(f.problems.values())} problems",
            flush=True,
        )
    runner.figures.seconds = time.monotonic() - began
    return runner.figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--folder", type=Path, help="the soak's folder (default: a new one)")
    parser.add_argument("--role", choices=("window", "import", "resume"), help=argparse.SUPPRESS)
    parser.add_argument("--log", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--stop", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--moves", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--review", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--save", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--patient", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.role == "window":
        return window_role(args)
    if args.role == "import":
        return import_role(args)
    if args.role == "resume":
        return resume_role(args)
    if not hasattr(signal, "SIGKILL"):
        parser.error("the soak needs SIGKILL (POSIX)")
    import tempfile

    folder = args.folder or Path(tempfile.mkdtemp(prefix="library-soak-"))
    print(f"soak in {folder}, seed {args.seed}, {args.minutes} minutes", flush=True)
    figures = soak(folder, args.minutes, args.seed)
    print("\n".join(figures.lines()), flush=True)
    return 1 if figures.problems else 0


if __name__ == "__main__":
    sys.exit(main())
