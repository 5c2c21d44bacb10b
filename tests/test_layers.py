"""The layers stay apart: the engine never reaches up into the application or the window,
and only the window imports pygame.

The package's layers, each using only those before it:

1. the engine, the modules directly in ``othello/`` (board, notation, search, ...);
2. the application, ``othello/app/`` (settings, files, logs, the search process, benchmarks);
3. the window, ``othello/gui/``, the only user of pygame; inside it, only ``app.py`` knows the
   App: the scenes and their parts use what ``host.py``'s Protocols offer, and the notices, the
   wording and the session need no pygame;
4. the command line, ``othello/app/cli.py`` and ``othello/__main__.py``, which starts it.

Every import statement counts, those inside functions too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import othello

PACKAGE = Path(othello.__file__).resolve().parent
FRONT_ENDS = {"othello.__main__", "othello.app.cli"}


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, package_dir: Path = PACKAGE) -> set[str]:
    """Every module ``path`` imports, as absolute names (``from . import x`` gives both
    the package and ``package.x``, since x may be a module)."""
    name = module_name(path, package_dir)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def modules(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.py"))


def within(names: set[str], prefix: str) -> list[str]:
    return sorted(n for n in names if n == prefix or n.startswith(prefix + "."))


ENGINE = [p for p in modules(PACKAGE) if module_name(p) not in FRONT_ENDS]
APP = [p for p in modules(PACKAGE / "app") if module_name(p) not in FRONT_ENDS]
OUTSIDE_GUI = [p for p in PACKAGE.rglob("*.py") if "gui" not in p.relative_to(PACKAGE).parts]
WINDOW_PARTS = [p for p in modules(PACKAGE / "gui") if p.name != "app.py"]
WITHOUT_PYGAME = (
    "othello.gui.model.session",
    "othello.gui.model.notices",
    "othello.gui.model.wording",
)


def test_the_layers_are_where_the_docs_say() -> None:
    names = {module_name(p) for p in ENGINE}
    assert {"othello.board", "othello.engine", "othello.search", "othello.errors"} <= names
    assert {"othello.app.config", "othello.app.storage"} <= {module_name(p) for p in APP}
    assert (PACKAGE / "gui" / "app.py").is_file()


@pytest.mark.parametrize("path", ENGINE, ids=module_name)
def test_the_engine_uses_neither_the_application_nor_the_window(path: Path) -> None:
    names = imported(path)
    assert within(names, "othello.app") == [] and within(names, "othello.gui") == []


@pytest.mark.parametrize("path", APP, ids=module_name)
def test_the_application_does_not_use_the_window(path: Path) -> None:
    assert within(imported(path), "othello.gui") == []


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
    fake = tmp_path / "othello" / "board.py"
    fake.parent.mkdir()
    fake.write_text(
        "def f():\n    from .app import config\n    import pygame.mixer\n    from .gui.app import App\n"
    )
    names = imported(fake, fake.parent)
    assert within(names, "othello.app") == ["othello.app", "othello.app.config"]
    assert within(names, "pygame") == ["pygame.mixer"]
    assert "othello.gui.app" in names


def test_importing_the_engine_loads_neither_the_application_nor_pygame() -> None:
    code = (
        "import sys, othello, othello.engine, othello.parallel, othello.evaluation\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'"
        " or m.startswith(('othello.app', 'othello.gui'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "[]"
