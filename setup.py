"""The optional compiled engine: with ``OTHELLO_COMPILE=1`` in the environment, the engine's
hot modules are compiled with mypyc into C extensions beside their Python sources.

Everything else about the package (its metadata, its files) is in pyproject.toml; without
the variable this adds nothing and the install is pure Python, as the README's commands
make it. A compile that fails (no C compiler, no Python headers, mypyc refusing) is said
on standard error and the install goes on pure: it never fails because of the compile.
See docs/development.md, "The compiled engine".
"""

from __future__ import annotations

import os
import runpy
import sys
import traceback
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
COMPILED = runpy.run_path(str(HERE / "src" / "othello" / "engine" / "compiled.py"))
"""The list of compiled modules lives in the package (``othello.engine.compiled``), which
reports at run time which of them are compiled; it imports nothing but the standard library."""


MYPYC = "mypy>=2.4,<3"
"""mypyc ships with mypy; the compiled engine was made and tested with this version."""


def _wanted() -> bool:
    return os.environ.get(COMPILED["BUILD_VARIABLE"], "").strip().lower() in {"1", "yes", "true"}


class OptionalBuildExt(build_ext):
    """Builds the compiled modules if it can; if not, says why and leaves the pure ones."""

    def run(self) -> None:
        try:
            super().run()
        except Exception:  # a missing compiler is a DistutilsPlatformError, and so on
            self._give_up()

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception:
            self._give_up()

    def _give_up(self) -> None:
        print(
            "othello: the compiled engine could not be built; installing the pure-Python "
            "engine (the same game, slower). The reason:\n" + traceback.format_exc(),
            file=sys.stderr,
        )
        self.extensions = []


def _extensions() -> list[Any]:
    if not _wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print(
            f"othello: mypyc (part of {MYPYC}) is not installed: no compiled engine",
            file=sys.stderr,
        )
        return []
    try:
        return list(
            mypycify(
                [
                    str(Path("src", *name.split(".")).with_suffix(".py"))
                    for name in COMPILED["MODULES"]
                ],
                opt_level="3",
                group_name=COMPILED["GROUP"],
            )
        )
    except Exception:  # mypyc missing or refusing the sources: pure Python, said
        print(
            "othello: mypyc could not translate the engine; installing the pure-Python "
            "engine. The reason:\n" + traceback.format_exc(),
            file=sys.stderr,
        )
        return []


if _wanted():
    # pip installs setup_requires into the build's own environment (PEP 517): the compiler
    # is fetched only for a compiled build, and the installed game never needs it
    setup(
        ext_modules=_extensions(),
        cmdclass={"build_ext": OptionalBuildExt},
        setup_requires=[MYPYC],
    )
else:
    setup()
