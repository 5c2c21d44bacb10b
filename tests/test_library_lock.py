"""SQLite's own locks, kept: a process with the library open never drops them.

On POSIX, closing any descriptor of a file drops every fcntl lock the process holds on it,
those of SQLite's connections in other threads too ("How To Corrupt An SQLite Database
File", 2.2). A second connection opened in the window's process must therefore never open
and close the file itself: if it did, another program's open and close would find no lock,
believe itself the last user, and delete the window's -wal and -shm under it, after which
the two no longer see each other's writes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from othello.app.library.database import Library
from othello.app.library.query import Filter, ids
from support.library_screen import record

OTHER_PROGRAM = """
import sys
from othello.app.library.database import Library
from othello.app.library.query import Filter, ids
from support.library_screen import record
with Library(sys.argv[1]) as library:
    for text in sys.argv[2:]:
        library.add(record(text), "other program")
    print(len(ids(library, Filter())))
"""


def other_program(path: Path, *games: str) -> int:
    """Another process opens the library, adds ``games``, says how many it sees, closes."""
    done = subprocess.run(
        [sys.executable, "-c", OTHER_PROGRAM, str(path), *games],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parent)},  # for support
    )
    return int(done.stdout.split()[-1])


def test_a_second_connection_keeps_the_first_ones_locks(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    reader = Library(path)  # the window's reader thread's connection
    writer = Library(path)  # and its writer's, opened after it: the open must drop no lock
    try:
        writer.add(record("f5d6c3"), "played here")
        seen = other_program(path, "f5f6e6")
        assert Path(f"{path}-wal").exists()  # the other program did not think itself alone
        assert Path(f"{path}-shm").exists()
        assert seen == 2  # it saw the window's game
        assert len(ids(reader, Filter())) == 2  # and the window sees the other program's
        writer.add(record("c4c3"), "played here")
        assert other_program(path) == 3
    finally:
        writer.close()
        reader.close()
    with Library(path) as after:
        assert after.execute("PRAGMA integrity_check") == [("ok",)]
        assert len(ids(after, Filter())) == 3
