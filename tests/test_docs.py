"""The examples in the README and the docs run, so they cannot go stale; so do the engine's
docstring examples."""

from __future__ import annotations

import ast
import doctest
import functools
import importlib
import itertools
import re
from collections.abc import Collection
from dataclasses import dataclass
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


@functools.cache
def named_files() -> frozenset[str]:
    root = Path(__file__).resolve().parent.parent
    return frozenset(
        p.relative_to(root).as_posix() for p in root.rglob("*.py") if ".venv" not in p.parts
    )


def stale_names(text: str, files: Collection[str]) -> list[str]:
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


# ----- the source's docstrings name only what exists ----------------------------------------------

SOURCES = [
    *sorted((ROOT / "src" / "othello").rglob("*.py")),
    *sorted((ROOT / "scripts").glob("*.py")),
    *sorted((ROOT / "tests").rglob("*.py")),
    ROOT / "setup.py",
]
BACKTICKED = re.compile(r"`+([A-Za-z_][\w.]*?)(?:\(\))?`+")
NOT_CODE = {"json", "corrupt", "damaged", "txt", "toml", "bin", "tsv", "ggf", "wtb", "sqlite3"}
"""What ends a file's name in backticks (``autosave.json.corrupt``), besides FILE_ENDS."""
OTHERS_NAMES = {
    "secure_delete",  # SQLite's pragma
    "othello_engine__mypyc",  # the module mypyc makes of the compiled engine's shared code
    "_internal",  # PyInstaller's folder in the standalone app
}
"""Names in backticks that are other programs', not the code's."""


@dataclass(frozen=True)
class Source:
    """What one file says in its docstrings, and the names its code uses."""

    docstrings: tuple[str, ...]
    names: frozenset[str]


@functools.cache
def read_source(path: Path) -> Source:
    """One walk of a file's tree: its docstrings (its module's, each class's and function's,
    the string under an assignment) and the names its code uses (variables, attributes,
    arguments, imports, and the words of its other strings: SQL's names, a key's; a test's
    strings are its examples, not the code's)."""
    docs: list[ast.Constant] = []
    strings: list[ast.Constant] = []
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body:
            first = body[0]
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docs.append(first.value)
            for before, here in itertools.pairwise(body):
                if isinstance(before, (ast.Assign, ast.AnnAssign)) and isinstance(here, ast.Expr):
                    if isinstance(here.value, ast.Constant):
                        docs.append(here.value)
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.update((node.asname or node.name).split("."))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append(node)
    said = {id(doc) for doc in docs}
    if path.relative_to(ROOT).parts[0] != "tests":
        for text in strings:
            if id(text) not in said:
                names.update(re.findall(r"[A-Za-z_]\w*", str(text.value)))
    texts = tuple(str(doc.value) for doc in docs if isinstance(doc.value, str))
    return Source(texts, frozenset(names))


class CodeNames:
    """What the code calls things: each module by every tail of its dotted name (``coach``,
    ``study.coach``, ``othello.study.coach``; the scripts' and the tests' by theirs), and every
    name the code uses (``read_source``)."""

    def __init__(self, sources: list[Path] = SOURCES) -> None:
        self.modules: dict[str, set[str]] = {}
        for path in sources:
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[0] == "src":  # importable: its attributes are looked up
                dotted = parts[1:-1] if parts[-1] == "__init__" else parts[1:]
                for start in range(len(dotted)):
                    self.modules.setdefault(".".join(dotted[start:]), set()).add(".".join(dotted))
            else:  # a script or a test module (support's too): known by its name only
                self.modules.setdefault(path.stem, set())
                if parts[:2] == ["tests", "support"]:
                    self.modules.setdefault(f"support.{path.stem}", set())
        self.names: set[str] = set().union(*(read_source(path).names for path in sources))

    def exists(self, dotted: str) -> bool:
        """Whether ``dotted`` names a module, a module's attribute, or names the code uses
        (``app.session``: a variable's attribute)."""
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            head = ".".join(parts[:cut])
            if head in self.modules:
                return self._attribute(self.modules[head], parts[cut:]) or all(
                    part in self.names for part in parts
                )
        # no module: a name of the code's, or a plain word (one with no underscore)
        return all(part in self.names for part in parts) or (len(parts) == 1 and "_" not in dotted)

    @staticmethod
    def _attribute(modules: set[str], rest: list[str]) -> bool:
        for name in modules:
            thing: object = importlib.import_module(name)
            for attribute in rest:
                thing = getattr(thing, attribute, None)
            if thing is not None:
                return True
        return not rest and not modules  # a script or a test module, named alone


def stale_code_names(text: str, known: CodeNames) -> list[str]:
    """The names in backticks in ``text`` that name a module, or a module's attribute, the
    code does not have: a module since renamed, or a function moved elsewhere."""
    stale = []
    for name in sorted(set(BACKTICKED.findall(text))):
        parts = name.split(".")
        if name.endswith(".py") or parts[0] == "othello" or parts[-1] in FILE_ENDS | NOT_CODE:
            continue  # the checks of stale_names, or a file's name
        if not all(part.isidentifier() for part in parts) or name in OTHERS_NAMES:
            continue  # python3.11, a version; another program's name
        if not known.exists(name):
            stale.append(name)
    return stale


@functools.cache
def code_names() -> CodeNames:
    return CodeNames()


def test_every_module_a_docstring_names_exists() -> None:
    files, known = named_files(), code_names()
    stale = [
        (path.relative_to(ROOT).as_posix(), name)
        for path in SOURCES
        for text in read_source(path).docstrings
        for name in [*stale_names(text, files), *stale_code_names(text, known)]
    ]
    assert stale == []


def test_the_docstring_check_can_fail() -> None:
    known = code_names()
    text = (
        "``library_keeper`` keeps, ``storage.check_position`` checks, ``study.coach.themes``"
        " names, ``coach.Theme`` is, ``app.session`` plays, ``autosave.json.corrupt`` is a file"
    )
    assert stale_code_names(text, known) == ["library_keeper", "storage.check_position"]
    assert stale_code_names("``study.coach.no_such_thing``", known) == ["study.coach.no_such_thing"]
