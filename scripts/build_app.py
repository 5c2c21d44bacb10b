"""Build the standalone app with PyInstaller: a folder to unpack and double-click, and its archive.

    python -m pip install -e '.[build]'
    python scripts/build_app.py            # -> dist/app/Othello (Linux), Othello.app, Othello.exe

What each system gets (one folder, no Python needed):
- Linux: ``Othello/Othello`` and its ``_internal`` folder, packed as ``.tar.gz``;
- Windows: ``Othello\\Othello.exe`` with no console window, packed as ``.zip``;
- macOS: ``Othello.app`` to drag to Applications, packed as ``.tar.gz``.

The app carries the package's resources, tables, opening list and default ``othello.ini`` (all
of the ``othello`` package's data files), and uses the same per-user folders as the pip-installed
game. It is built from the ``othello`` package the running Python imports (install the project
first), compiled engine and all: installed with ``OTHELLO_COMPILE=1``, the app carries the
engine's compiled modules (``--require-compiled`` refuses to build a pure one). Prints the
engine it carries, the build time, the app's size unpacked and the archive's size.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "scripts" / "app_main.py"
NAME = "Othello"
BUNDLE_ID = "io.github.othello-desktop"

# Never imported by the game: left out to keep the app small (a module some import needs would
# show up at once in the CI smoke run of the built app).
EXCLUDED = [
    "tkinter",
    "numpy",
    "scipy",
    "unittest",
    "pydoc",
    "doctest",
    "asyncio",
    "ssl",
    "ftplib",
    "smtplib",
    "xmlrpc",
    "http.server",
]

README = """Othello {version}

Double-click {launcher} to play against the computer.

Your settings (othello.ini), the autosaved game and the log are kept in your own folders, the
same ones the pip-installed game uses: {folders}.
{extra}"""

FOLDERS = {
    "linux": "~/.config/othello and ~/.local/share/othello (./Othello --where prints them)",
    "windows": "%APPDATA%\\othello and %LOCALAPPDATA%\\othello",
    "macos": "~/Library/Application Support/othello",
}

EXTRA = {
    "linux": "To add Othello to the application menu, run once: ./Othello --install-shortcut\n",
    "windows": "To add Othello to the Start menu, run once in a command prompt in this folder:\n"
    "Othello.exe --install-shortcut\n",
    "macos": "Drag Othello.app to Applications to keep it there.\n",
}


def system() -> str:
    """``linux``, ``windows`` or ``macos``: the app is built for the system it is built on."""
    if sys.platform.startswith("win"):
        return "windows"
    return "macos" if sys.platform == "darwin" else "linux"


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("othello-desktop")
    except PackageNotFoundError:
        return "0"


def make_icon(work: Path, kind: str) -> Path | None:
    """The executable's icon from the package's icon.png (Linux executables carry none)."""
    from othello.app.desktop import icons
    from othello.app.files import paths

    png = paths.resource("icon.png").read_bytes()
    if kind == "windows":
        out, data = work / "othello.ico", icons.ico_from_png(png)
    elif kind == "macos":
        out, data = work / "othello.icns", icons.icns_from_png(png)
    else:
        return None
    out.write_bytes(data)
    return out


def compiled_engine() -> list[str]:
    """The hidden imports the compiled engine needs: mypyc's shared library, a top-level
    module that only the compiled modules import (PyInstaller cannot see into them)."""
    from othello.engine.compiled import GROUP, compiled_modules

    return [f"--hidden-import={GROUP}__mypyc"] if compiled_modules() else []


def pyinstaller_args(dist: Path, work: Path, kind: str, icon: Path | None) -> list[str]:
    args = [
        str(ENTRY),
        f"--name={NAME}",
        "--onedir",
        "--windowed",  # Windows: no console; macOS: an .app bundle; Linux: no effect
        "--noconfirm",
        "--clean",
        "--log-level=WARN",
        f"--distpath={dist}",
        f"--workpath={work}",
        f"--specpath={work}",
        "--collect-data=othello",  # resources, tables/*.bin, data/*.tsv, othello.ini
        "--collect-submodules=othello",
    ]
    args += compiled_engine()
    args += [f"--exclude-module={name}" for name in EXCLUDED]
    if icon is not None:
        args.append(f"--icon={icon}")
    if kind == "linux":
        args.append("--strip")  # a Python built with debug symbols carries 15+ MB of them
    if kind == "macos":
        args.append(f"--osx-bundle-identifier={BUNDLE_ID}")
    return args


def app_path(dist: Path, kind: str) -> Path:
    """What the player gets: the .app bundle on macOS, else the folder with the executable."""
    return dist / f"{NAME}.app" if kind == "macos" else dist / NAME


def executable(dist: Path, kind: str) -> Path:
    """The program inside the app, to start it."""
    if kind == "macos":
        return dist / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return dist / NAME / (f"{NAME}.exe" if kind == "windows" else NAME)


def write_readme(dist: Path, kind: str) -> None:
    """A few lines beside the app, saying how to start it and where its files go."""
    launcher = {"linux": "Othello", "windows": "Othello.exe", "macos": "Othello.app"}[kind]
    text = README.format(
        version=version(), launcher=launcher, folders=FOLDERS[kind], extra=EXTRA[kind]
    )
    folder = dist if kind == "macos" else dist / NAME
    newline = "\r\n" if kind == "windows" else "\n"
    (folder / "README.txt").write_text(text.replace("\n", newline), encoding="utf-8")


def make_archive(dist: Path, kind: str) -> Path:
    """``.zip`` on Windows; ``.tar.gz`` elsewhere (keeps the executable bits and symlinks)."""
    machine = platform.machine().lower() or "unknown"
    stem = f"{NAME}-{version()}-{kind}-{machine}"
    members = [app_path(dist, kind)] + ([dist / "README.txt"] if kind == "macos" else [])
    if kind == "windows":
        archive = dist / f"{stem}.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
            for member in members:
                for path in sorted(member.rglob("*")):
                    zf.write(path, path.relative_to(dist))
        return archive
    archive = dist / f"{stem}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tf:
        for member in members:
            tf.add(member, member.relative_to(dist))
    return archive


def folder_size(path: Path) -> int:
    """Bytes of the files under ``path``, symlinks counted once (as links, not their targets)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def build(dist: Path, work: Path, archive: bool = True) -> Path:
    """Build the app into ``dist`` (emptied first); returns the path of its executable."""
    import PyInstaller.__main__

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller imports pygame
    kind = system()
    if dist.exists():
        shutil.rmtree(dist)
    work.mkdir(parents=True, exist_ok=True)
    from othello.engine.compiled import engine_build

    print(f"engine:   {engine_build()}")
    started = time.perf_counter()
    PyInstaller.__main__.run(pyinstaller_args(dist, work, kind, make_icon(work, kind)))
    write_readme(dist, kind)
    built = time.perf_counter() - started
    app = app_path(dist, kind)
    print(f"built:    {app} in {built:.1f} s")
    print(f"unpacked: {folder_size(app) / 1e6:.1f} MB")
    if archive:
        packed = make_archive(dist, kind)
        print(f"archive:  {packed} ({packed.stat().st_size / 1e6:.1f} MB)")
    return executable(dist, kind)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist" / "app", help="output folder")
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "app", help="PyInstaller's scratch folder"
    )
    parser.add_argument("--no-archive", action="store_true", help="build the folder only")
    parser.add_argument(
        "--require-compiled",
        action="store_true",
        help="fail unless the engine's modules are compiled (OTHELLO_COMPILE=1 at install)",
    )
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401

        import othello  # noqa: F401  (the package the app is built from)
    except ImportError as err:
        print(
            f"build_app: {err.name} is missing; install the project with its build extra: "
            "python -m pip install -e '.[build]'",
            file=sys.stderr,
        )
        return 2
    if args.require_compiled:
        from othello.engine.compiled import MODULES, compiled_modules

        if compiled_modules() != list(MODULES):
            print(
                "build_app: the engine is not compiled; install the project with "
                "OTHELLO_COMPILE=1 (a C compiler and the Python headers needed)",
                file=sys.stderr,
            )
            return 2
    build(args.dist.absolute(), args.work.absolute(), archive=not args.no_archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
