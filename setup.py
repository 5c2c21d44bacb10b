"""The compiled engine by default: the engine's hot modules are compiled with mypyc into C
extensions beside their Python sources wherever a C compiler and Python's headers are found,
as MarkupSafe and PyYAML build their C parts.

Everything else about the package (its metadata, its files) is in pyproject.toml. Where no
compiler or no headers are found, or the compile fails (mypyc refusing, the compiler
failing), one line on standard error says so and the install goes on pure Python: it never
fails because of the compile. ``OTHELLO_PURE_INSTALL=1`` skips the compile (and the fetch of
mypy into the build's environment); an editable install (``pip install -e``) stays pure too,
because compiled modules in ``src/`` would shadow the sources being edited. See
docs/development.md, "The compiled engine".
"""

from __future__ import annotations

import os
import runpy
import shlex
import shutil
import sys
import sysconfig
import traceback
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1: the wheel package's, if there is one
    try:
        from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]
    except ImportError:  # no wheel to build (setup.py build_ext --inplace)
        bdist_wheel = None  # type: ignore[assignment,misc]

HERE = Path(__file__).resolve().parent
COMPILED = runpy.run_path(str(HERE / "src" / "othello" / "engine" / "compiled.py"))
"""The list of compiled modules lives in the package (``othello.engine.compiled``), which
reports at run time which of them are compiled; it imports nothing but the standard library."""


MYPYC = "mypy>=2.4,<3"
"""mypyc ships with mypy; the compiled engine was made and tested with this version."""

PURE = "installing the pure-Python engine (the same game, slower)"


def _say(line: str) -> None:
    """One line on standard error (``pip install -v`` shows it), said once: setup.py also
    runs while pip only asks for the build's needs and metadata, and says nothing then."""
    if not {"egg_info", "dist_info"} & set(sys.argv):
        print(f"othello: {line}", file=sys.stderr)


def _skipped() -> str | None:
    """Why the compile is not even tried, or None to try it."""
    if os.environ.get(COMPILED["PURE_INSTALL_VARIABLE"], "").strip().lower() in {
        "1",
        "yes",
        "true",
    }:
        return f"{COMPILED['PURE_INSTALL_VARIABLE']} is set: {PURE}"
    if os.environ.get(COMPILED["BUILD_VARIABLE"], "").strip().lower() in {"0", "no", "false"}:
        return f"{COMPILED['BUILD_VARIABLE']}=0: {PURE}"
    include = Path(sysconfig.get_paths()["include"], "Python.h")
    if not include.is_file():
        return f"no Python headers ({include} is missing; python3-dev on Debian): {PURE}"
    if os.name != "nt":  # MSVC is found by setuptools itself: there a failed build says so
        words = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
        if not words or shutil.which(words[0]) is None:
            return f"no C compiler found ({words[0] if words else 'cc'}): {PURE}"
    return None


class OptionalBuildExt(build_ext):
    """Builds the compiled modules if it can; if not, says why and leaves the pure ones."""

    gave_up = False

    def run(self) -> None:
        if getattr(self, "editable_mode", False):
            _say(
                "an editable install keeps the engine pure (compiled modules in src/ would "
                "shadow the sources you edit; docs/development.md builds them in place)"
            )
            self.extensions = []
            return
        try:
            super().run()
        except Exception:  # a missing compiler is a DistutilsPlatformError, and so on
            self._give_up()

    def build_extension(self, ext: Any) -> None:
        if self.gave_up:
            return
        try:
            super().build_extension(ext)
        except Exception:
            self._give_up()

    def _give_up(self) -> None:
        """One line says why (the whole error after it, for ``pip install -v``); no
        compiled module is kept, so the engine is pure, never partly compiled."""
        error = traceback.format_exc()
        reason = error.strip().splitlines()[-1]
        if len(reason) > 160:
            reason = reason[:157] + "..."
        _say(f"the compiled engine could not be built ({reason}): {PURE}")
        print(error, file=sys.stderr)
        OptionalBuildExt.gave_up = True
        self.extensions = []
        for name in COMPILED["MODULES"]:  # what was built before the failure goes too
            for built in Path(self.build_lib).glob(name.replace(".", "/") + ".*"):
                if built.suffix in {".so", ".pyd"}:
                    built.unlink()
        for shared in Path(self.build_lib).glob(f"{COMPILED['GROUP']}__mypyc.*"):
            shared.unlink()


def _commands() -> dict[str, Any]:
    """The build commands: ``build_ext`` that may give up, and a ``bdist_wheel`` whose wheel
    is the pure one, and tagged so (``py3-none-any``), when it did, not a platform wheel
    without its compiled modules."""
    commands: dict[str, Any] = {"build_ext": OptionalBuildExt}
    if bdist_wheel is not None:

        class PureIfNotCompiled(bdist_wheel):  # type: ignore[misc]
            def run_command(self, command: str) -> None:
                super().run_command(command)
                if command == "build" and OptionalBuildExt.gave_up:
                    self.root_is_pure = True

        commands["bdist_wheel"] = PureIfNotCompiled
    return commands


def _extensions() -> list[Any]:
    try:
        from mypyc.build import mypycify
    except ImportError:
        if "egg_info" not in sys.argv:  # else pip is only asking what the build needs (mypy)
            _say(f"mypyc (part of {MYPYC}) is not installed: {PURE}")
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
    except (Exception, SystemExit):  # mypyc refusing the sources exits: pure Python, said
        _say(f"mypyc could not translate the engine: {PURE}. The reason:\n{traceback.format_exc()}")
        return []


skipped = _skipped()
if skipped is None:
    # pip installs setup_requires into the build's own environment (PEP 517): the compiler
    # is fetched only for a compiled build, and the installed game never needs it
    setup(
        ext_modules=_extensions(),
        cmdclass=_commands(),
        setup_requires=[MYPYC],
    )
else:
    _say(skipped)
    setup()
