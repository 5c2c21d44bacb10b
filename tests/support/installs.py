"""Installing the project away from the checkout, for the tests that build and install it
(tests/test_packaging.py, tests/test_install_without_compiler.py): a copy of the files a
build needs, a fresh venv that borrows pygame, a first-time user's environment."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 120) -> str:
    proc = subprocess.run(
        cmd, cwd=cwd, env=env, check=False, capture_output=True, text=True, timeout=timeout
    )
    assert proc.returncode == 0, f"{cmd} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


def copy_project(dest: Path) -> Path:
    """The files a build needs, away from the checkout (no build/ or egg-info left behind)."""
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(
        ROOT / "src",
        dest / "src",
        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so", "*.pyd"),
    )
    return dest


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def venv_site(python: Path) -> Path:
    code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return Path(run([str(python), "-c", code], cwd=python.parent).strip())


def borrow_pygame(python: Path) -> None:
    """Let the new venv import pygame from the running interpreter instead of downloading it.

    A ``.pth`` line puts pygame's folder after the venv's own site-packages, so the wheel's
    ``othello`` still wins over any other copy there; ``.pth`` files in that folder (such as an
    editable install's import hook) are not run, unlike with ``--system-site-packages``.
    """
    import pygame

    outer = Path(pygame.__file__).resolve().parent.parent
    (venv_site(python) / "_borrowed_pygame.pth").write_text(str(outer) + "\n")


def fresh_env(home: Path) -> dict[str, str]:
    """A user who has never run the game, on a machine with no display or sound card."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTHELLO_", "XDG_", "PYTHON"))}
    env.update(
        HOME=str(home),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env
