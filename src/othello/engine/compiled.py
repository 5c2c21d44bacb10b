"""Which engine is running: the compiled modules (C extensions mypyc made from these same
sources) or the pure-Python ones.

The engine's hot modules are compiled by mypyc at install wherever a C compiler and
Python's headers are found (``setup.py``; ``OTHELLO_PURE_INSTALL=1`` skips it): the
extension sits beside its ``.py`` file and Python imports it first.
Wherever no extension is present (no compiler at install, another Python), the ``.py``
modules run, with the same answers. ``OTHELLO_PURE=1`` in the environment runs the
``.py`` modules even where the extensions are (to compare the two in one install; worker
processes inherit it). ``setup.py`` reads the list below, so this module imports nothing
but the standard library.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence

BUILD_VARIABLE = "OTHELLO_COMPILE"
"""Set to 0 when installing from source to skip the compile (see setup.py; 1, the default
where a C compiler is found, is accepted as before)."""

PURE_INSTALL_VARIABLE = "OTHELLO_PURE_INSTALL"
"""Set to 1 when installing from source to install the pure engine without trying to
compile it (setup.py compiles it by default wherever a C compiler is found)."""

PURE_VARIABLE = "OTHELLO_PURE"
"""Set to 1 to run the pure-Python modules where compiled ones are installed."""

GROUP = "othello_engine"
"""The name of the shared library mypyc builds the modules into (``othello_engine__mypyc``);
the standalone app's build names it as an import PyInstaller cannot see."""

MODULES: tuple[str, ...] = (
    "othello.core.bitboard",
    "othello.core.words",
    "othello.engine.evaluation",
    "othello.engine.stability",
    "othello.engine.search_common",
    "othello.engine.midgame",
    "othello.engine.last_moves",
    "othello.engine.endgame",
    "othello.engine.multicore.midgame",
)
"""The modules compiled: the bitboards, the evaluation, the stable discs, the
midgame and endgame searches (the multicore midgame searcher subclasses the midgame's, and
a compiled class can only be subclassed by a compiled one)."""


class _SourcesOnly:
    """An import finder for the modules of ``MODULES`` that looks at ``.py`` files only."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name not in MODULES:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for folder in path if path is not None else sys.path:
            spec = importlib.machinery.FileFinder(folder, loader).find_spec(name)
            if spec is not None:
                return spec
        return None


def prefer_pure_if_asked() -> None:
    """With ``OTHELLO_PURE=1``, import the engine's ``.py`` modules from now on, not their
    compiled builds (``othello/__init__.py`` calls this before importing the engine)."""
    if os.environ.get(PURE_VARIABLE, "").strip() == "1" and not any(
        isinstance(finder, _SourcesOnly) for finder in sys.meta_path
    ):
        sys.meta_path.insert(0, _SourcesOnly())


def compiled_modules() -> list[str]:
    """The modules of ``MODULES`` this process runs (or would import) compiled."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name in MODULES:
        spec = importlib.util.find_spec(name)
        if spec is not None and (spec.origin or "").endswith(suffixes):
            found.append(name)
    return found


def engine_build() -> str:
    """In words, for ``othello --where`` and ``othello bench``: compiled, pure, or a mix."""
    found = compiled_modules()
    if not found:
        if any(isinstance(finder, _SourcesOnly) for finder in sys.meta_path):
            return f"pure Python ({PURE_VARIABLE}=1)"
        return "pure Python (no compiled modules)"
    if len(found) == len(MODULES):
        return f"compiled (mypyc: all {len(MODULES)} hot modules)"
    missing = ", ".join(name for name in MODULES if name not in found)
    return f"partly compiled ({len(found)} of {len(MODULES)} modules; pure: {missing})"
