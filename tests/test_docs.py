"""The examples in the README and the docs run, so they cannot go stale; so do the engine's
docstring examples."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

from othello.engine.levels import EXPERT, EXPERT_COMPILED, LEVELS

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
MODULES = [
    "othello.core.board",
    "othello.engine.api",
    "othello.core.errors",
    "othello.core.notation",
]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_the_examples_in_the_docs_run(path: Path) -> None:
    result = doctest.testfile(str(path), module_relative=False, optionflags=FLAGS, verbose=False)
    assert result.failed == 0


def test_the_readme_has_examples_to_run() -> None:
    parser = doctest.DocTestParser()
    examples = parser.get_examples((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(examples) >= 8


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert result.failed == 0 and result.attempted > 0


def test_the_readme_stays_short() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200


def test_the_level_table_in_engine_md_says_what_each_level_says() -> None:
    # docs/engine.md repeats each level's words by hand; level 6's row kept "9-12 moves
    # ahead" for as long as levels.py did, so the two are held together here.
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    for level in (*LEVELS, EXPERT, EXPERT_COMPILED):  # level 17 of both builds
        row = f"| {level.number} | {level.name} | {level.description} |"
        assert row in text, row


HISTORY = "benchmarks-history.md"
"""The one doc that tells what was: its names are those of their day."""
FILE_ENDS = {"ini", "log", "mo", "po", "pot", "exe", "app", "desktop", "ico", "icns", "png", "spec"}
PY_NAME = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w-]+\.py)\b")
DOTTED = re.compile(r"(?<![\w.])(othello(?:\.[A-Za-z_]\w*)+)")


def named_files() -> set[str]:
    root = Path(__file__).resolve().parent.parent
    return {p.relative_to(root).as_posix() for p in root.rglob("*.py") if ".venv" not in p.parts}


def stale_names(text: str, files: set[str]) -> list[str]:
    """The module files and dotted names ``text`` gives that do not exist (a file named by its
    end: ``board.py``, ``core/board.py`` and ``src/othello/core/board.py`` are one)."""
    import importlib

    stale = []
    for name in sorted(set(PY_NAME.findall(text))):
        if not any(f == name or f.endswith("/" + name) for f in files):
            stale.append(name)
    for dotted in sorted(set(DOTTED.findall(text))):
        parts = dotted.split(".")
        if len(parts) == 2 and parts[1] in FILE_ENDS:
            continue  # othello.ini, othello.log: a file's name
        for cut in range(len(parts), 0, -1):
            try:
                thing: object = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attribute in parts[cut:]:
                thing = getattr(thing, attribute, None)
            if thing is None:
                stale.append(dotted)
            break
        else:
            stale.append(dotted)
    return stale


@pytest.mark.parametrize("path", [p for p in DOCS if p.name != HISTORY], ids=lambda p: p.name)
def test_every_module_a_doc_names_exists(path: Path) -> None:
    assert stale_names(path.read_text(encoding="utf-8"), named_files()) == []


def test_the_name_check_can_fail() -> None:
    files = {"src/othello/core/board.py"}
    assert stale_names("`core/board.py` and `board.py`, othello.core.board.Board", files) == []
    assert stale_names("`task.py` and othello.task and othello.core.board.Nothing", files) == [
        "task.py", "othello.core.board.Nothing", "othello.task",
    ]  # fmt: skip
