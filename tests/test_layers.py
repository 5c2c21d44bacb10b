"""The layers stay apart: the engine never reaches up into the application or the window,
and only the window imports pygame.

The package's layers, each using only those before it (each folder's ``__init__`` says what
it holds and may import):

1. the engine, in five folders that look only downward: ``core/`` (the board and its rules,
   notation, a game record, clocks, errors, reading a file safely), ``formats/`` (GGF,
   WTHOR) and ``engine/`` (levels, one search call, the midgame and endgame searches, the
   evaluation and its tables, the book, the multi-core parts in ``engine/multicore/``) over
   ``core/``; ``study/`` (a move's verdict, reviews, puzzles, FForum, the explorer, named
   openings) and then ``club/`` (balanced starts, the rating) over them;
2. the application, ``othello/app/``: ``files/``, then ``settings/``, ``library/`` and
   ``desktop/`` beside each other, the search process (``search_service.py``), then the
   command line's ``commands/``; ``i18n.py`` below them all;
3. the window, ``othello/gui/``, the only user of pygame; inside it, folders that only look
   downward: ``model/`` (no pygame), ``services/``, ``widgets/``, ``scenes/`` (a screen knows
   the app through ``scenes/base.py``'s Protocols and opens another by name, never by import),
   then the top (``app.py``, ``screens.py``, ``startup.py``, ``live_settings.py``,
   ``window_size.py``); only ``app.py`` knows the App;
4. the command line, ``othello/cli.py`` and ``othello/__main__.py``, which starts it.

Every import statement counts, those inside functions and type-only ones too, and no module
takes part in an import circle. Size is no rule here: a long module is a smell to look at,
not a test to fail.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import othello

PACKAGE = Path(othello.__file__).resolve().parent
FRONT_ENDS = {"othello.__main__", "othello.cli"}


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def statements(path: Path, package_dir: Path = PACKAGE) -> list[tuple[str, list[str]]]:
    """Every import statement of ``path``: the module it names, as an absolute name, and the
    names it takes from it ([] for ``import x``)."""
    name = module_name(path, package_dir)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((base, [alias.name for alias in node.names]))
    return found


def imported(path: Path, package_dir: Path = PACKAGE) -> set[str]:
    """Every module ``path`` imports, as absolute names (``from . import x`` gives both
    the package and ``package.x``, since x may be a module)."""
    found: set[str] = set()
    for base, names in statements(path, package_dir):
        found.add(base)
        found.update(f"{base}.{name}" for name in names)
    return found


def modules(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.py"))


def within(names: set[str], prefix: str) -> list[str]:
    return sorted(n for n in names if n == prefix or n.startswith(prefix + "."))


ENGINE_FOLDERS: dict[str, set[str]] = {
    "core": set(),
    "formats": {"core"},
    "engine": {"core"},
    "study": {"core", "formats", "engine"},
    "club": {"core", "engine", "study"},
}
"""The engine's folders, each with the folders it may import."""
APP_PARTS: dict[str, set[str]] = {
    "i18n": set(),
    "coach_words": {"i18n"},
    "files": {"i18n"},
    "settings": {"files", "i18n"},
    "library": {"files", "i18n"},
    "desktop": {"files", "i18n"},
    "network": {"files", "i18n"},
    "search_service": {"files", "i18n", "settings", "library"},
    "speech": {"i18n", "coach_words"},
    "terminal": {"files", "i18n", "settings", "library", "speech", "coach_words"},
    "commands": {
        "files",
        "i18n",
        "settings",
        "library",
        "desktop",
        "search_service",
        "coach_words",
    },
}
"""The application's parts (folders, and its two modules), each with the parts it may import."""
ENGINE = sorted(
    [PACKAGE / "__init__.py", *(p for f in ENGINE_FOLDERS for p in (PACKAGE / f).rglob("*.py"))]
)
APP = sorted((PACKAGE / "app").rglob("*.py"))
OUTSIDE_GUI = [p for p in PACKAGE.rglob("*.py") if "gui" not in p.relative_to(PACKAGE).parts]
WINDOW = sorted((PACKAGE / "gui").rglob("*.py"))
WINDOW_PARTS = [p for p in WINDOW if p.name != "app.py" or p.parent.name != "gui"]
WITHOUT_PYGAME = tuple(module_name(p) for p in modules(PACKAGE / "gui" / "model"))
FLOORS = ("model", "services", "widgets", "scenes")
"""The window's folders, lowest first; what is not in one is the top (app, screens...)."""
OWN_SCREEN_PARTS = "play_"
"""A screen's own helper modules: ``scenes/play_*.py`` are the play screen's parts."""


def test_the_layers_are_where_the_docs_say() -> None:
    names = {module_name(p) for p in ENGINE}
    assert {
        "othello.core.board",
        "othello.engine.api",
        "othello.engine.search_common",
        "othello.core.errors",
        "othello.study.review",
        "othello.club.rating",
        "othello.formats.ggf",
    } <= names
    assert {"othello.app.settings.loading", "othello.app.files.game_files"} <= {
        module_name(p) for p in APP
    }
    assert (PACKAGE / "gui" / "app.py").is_file() and (PACKAGE / "cli.py").is_file()
    flat = [p.name for p in PACKAGE.glob("*.py")]
    assert sorted(flat) == ["__init__.py", "__main__.py", "cli.py"]  # every module in a folder


def part(name: str, parts: dict[str, set[str]], depth: int) -> str | None:
    """The folder (or top module) a module belongs to, at ``depth`` in its dotted name."""
    pieces = name.split(".")
    return pieces[depth] if len(pieces) > depth and pieces[depth] in parts else None


@pytest.mark.parametrize("path", ENGINE, ids=module_name)
def test_the_engine_uses_neither_the_application_nor_the_window(path: Path) -> None:
    names = imported(path)
    assert within(names, "othello.app") == [] and within(names, "othello.gui") == []
    mine = part(module_name(path), ENGINE_FOLDERS, 1)
    if mine is None:
        return  # the package's own __init__: the public names, from anywhere below
    for other in names:
        theirs = part(other, ENGINE_FOLDERS, 1)
        if other.startswith("othello.") and theirs not in (None, mine):
            assert theirs in ENGINE_FOLDERS[mine], f"{module_name(path)} imports {other}"


@pytest.mark.parametrize("path", APP, ids=module_name)
def test_the_application_does_not_use_the_window_and_its_parts_look_down(path: Path) -> None:
    names = imported(path)
    assert within(names, "othello.gui") == [] and "othello.cli" not in names
    mine = part(module_name(path), APP_PARTS, 2)
    for other in within(names, "othello.app"):
        theirs = part(other, APP_PARTS, 2)
        if mine is not None and theirs not in (None, mine):
            assert theirs in APP_PARTS[mine], f"{module_name(path)} imports {other}"


@pytest.mark.parametrize("path", OUTSIDE_GUI, ids=module_name)
def test_only_the_window_imports_pygame(path: Path) -> None:
    assert within(imported(path), "pygame") == []


@pytest.mark.parametrize("path", WINDOW_PARTS, ids=module_name)
def test_the_window_parts_know_the_app_only_through_the_host_protocols(path: Path) -> None:
    assert within(imported(path), "othello.gui.app") == []


def test_the_windows_notices_wording_and_session_load_no_pygame() -> None:
    code = f"import sys, {', '.join(WITHOUT_PYGAME)}\nprint('pygame' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "False"


def test_the_checks_see_imports_inside_functions_and_relative_ones(tmp_path: Path) -> None:
    # The checker must be able to fail: a module laid out like the engine's own.
    fake = tmp_path / "othello" / "core" / "board.py"
    fake.parent.mkdir(parents=True)
    fake.write_text(
        "def f():\n    from ..app.settings import loading\n    import pygame.mixer\n"
        "    from ..gui.app import App\n    from ..study import review\n"
    )
    names = imported(fake, fake.parent.parent)
    assert within(names, "othello.app") == ["othello.app.settings", "othello.app.settings.loading"]
    assert within(names, "pygame") == ["pygame.mixer"]
    assert "othello.gui.app" in names and "othello.study.review" in names
    assert part("othello.study.review", ENGINE_FOLDERS, 1) not in ENGINE_FOLDERS["core"]


def test_importing_the_engine_loads_neither_the_application_nor_pygame() -> None:
    code = (
        "import sys, othello, othello.engine.api, othello.engine.multicore.endgame, othello.engine.evaluation\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'"
        " or m.startswith(('othello.app', 'othello.gui'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "[]"


def floor(name: str) -> int:
    """Where a window module stands: its folder's place in FLOORS, the top above them."""
    parts = name.split(".")
    return FLOORS.index(parts[2]) if len(parts) > 2 and parts[2] in FLOORS else len(FLOORS)


@pytest.mark.parametrize("path", WINDOW, ids=module_name)
def test_the_windows_folders_only_look_downward(path: Path) -> None:
    name = module_name(path)
    upward = [n for n in within(imported(path), "othello.gui") if floor(n) > floor(name)]
    assert upward == []


@pytest.mark.parametrize("path", modules(PACKAGE / "gui" / "scenes"), ids=module_name)
def test_a_screen_opens_another_by_name_not_by_import(path: Path) -> None:
    """A screen imports the scenes' base and its own parts (the play screen's play_*), never
    another screen: it asks the host for one by name (gui/screens.py)."""
    name = module_name(path)
    mine = name.rpartition(".")[2]
    own = mine == "play" or mine.startswith(OWN_SCREEN_PARTS)
    for other in within(imported(path), "othello.gui.scenes"):
        leaf = other[len("othello.gui.scenes.") :].split(".")[0] if other.count(".") > 2 else ""
        allowed = leaf in ("", "base") or (own and leaf.startswith(OWN_SCREEN_PARTS))
        assert allowed, f"{name} imports {other}"


def module_graph(package_dir: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports, every statement
    counted (``from . import x`` is x alone when x is a module, the package when it is not)."""
    paths = {module_name(p, package_dir): p for p in package_dir.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        uses: set[str] = set()
        for base, names in statements(path, package_dir):
            subs = {f"{base}.{n}" for n in names} & set(paths)
            uses |= subs
            if not names or len(subs) < len(names):  # a name from the module itself
                uses.add(base)
        graph[name] = {n for n in uses if n in paths and n != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: groups of modules that each reach all the others (Tarjan's
    strongly connected components, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_import_circle_in_the_package() -> None:
    assert circles(module_graph()) == []


def test_the_circle_check_finds_a_circle(tmp_path: Path) -> None:
    package = tmp_path / "othello"
    (package / "gui").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "gui" / "__init__.py").write_text("")
    (package / "gui" / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n"
    )
    (package / "gui" / "b.py").write_text("def f():\n    from . import a\n")
    (package / "gui" / "c.py").write_text("from . import a, b\n")
    assert circles(module_graph(package)) == [["othello.gui.a", "othello.gui.b"]]


PUBLIC = {
    "LEVELS": "othello.engine.levels",
    "PASS": "othello.core.bitboard",
    "Board": "othello.core.board",
    "Color": "othello.core.board",
    "Engine": "othello.engine.api",
    "Game": "othello.core.game",
    "GameOverError": "othello.core.errors",
    "IllegalMoveError": "othello.core.errors",
    "Level": "othello.engine.levels",
    "MoveScore": "othello.engine.api",
    "NotationError": "othello.core.errors",
    "OthelloError": "othello.core.errors",
    "SearchResult": "othello.engine.api",
    "parse_square": "othello.core.notation",
    "square_name": "othello.core.notation",
}
"""The public API, ``from othello import ...``, as it was before the folders: the same names,
and each the same object as in the module that defines it."""


def test_the_public_api_is_unchanged() -> None:
    import importlib

    assert sorted(othello.__all__) == sorted([*PUBLIC, "__version__"])
    for name, home in PUBLIC.items():
        assert getattr(othello, name) is getattr(importlib.import_module(home), name), name
