"""Where files live: anchored to the package or the user's folders, never the cwd."""

from __future__ import annotations

from pathlib import Path

import pytest

from othello.app.files import paths

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def no_overrides(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (
        "OTHELLO_CONFIG_DIR",
        "OTHELLO_DATA_DIR",
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "APPDATA",
        "LOCALAPPDATA",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(paths, "_home", lambda: tmp_path / "home")


def test_resources_and_default_ini_are_inside_the_package() -> None:
    pkg = paths.package_dir()
    assert paths.resources_dir() == pkg / "resources"
    assert paths.resources_dir().is_dir()
    assert paths.default_ini() == pkg / "othello.ini"
    assert paths.default_ini().is_file()
    assert paths.resource("icon.png").parent == paths.resources_dir()


def test_the_one_shipped_othello_ini_is_the_packages() -> None:
    # One file: the package's, which the first start copies to the user's folder; a checkout
    # keeps no second copy at its top (a developer's own one there is read first, untracked).
    shipped = (ROOT / "src" / "othello" / "othello.ini").read_text(encoding="utf-8")
    assert paths.default_ini().read_text(encoding="utf-8") == shipped


def test_top_level_resources_is_the_package_folder() -> None:
    assert (ROOT / "resources").resolve() == (ROOT / "src" / "othello" / "resources").resolve()


def test_checkout_is_recognised_by_layout(tmp_path: Path) -> None:
    pkg = tmp_path / "proj" / "src" / "othello"
    pkg.mkdir(parents=True)
    assert paths.checkout_ini(pkg) is None  # no pyproject.toml: not a checkout
    (tmp_path / "proj" / "pyproject.toml").write_text("")
    assert paths.checkout_ini(pkg) == tmp_path / "proj" / "othello.ini"


def test_installed_package_has_no_checkout(tmp_path: Path) -> None:
    pkg = tmp_path / "venv" / "lib" / "python3.11" / "site-packages" / "othello"
    pkg.mkdir(parents=True)
    (tmp_path / "venv" / "lib" / "python3.11" / "pyproject.toml").write_text("")
    assert paths.checkout_ini(pkg) is None


def test_nothing_depends_on_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    before = (paths.resources_dir(), paths.default_ini(), paths.checkout_ini(), paths.user_ini())
    monkeypatch.chdir(tmp_path)
    after = (paths.resources_dir(), paths.default_ini(), paths.checkout_ini(), paths.user_ini())
    assert before == after
    assert all(p is None or p.is_absolute() for p in after)


def test_linux_folders_follow_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert paths.user_config_dir("linux") == home / ".config" / "othello"
    assert paths.user_data_dir("linux") == home / ".local" / "share" / "othello"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xc"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xd"))
    assert paths.user_config_dir("linux") == tmp_path / "xc" / "othello"
    assert paths.user_data_dir("linux") == tmp_path / "xd" / "othello"


def test_relative_xdg_values_are_ignored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/dir")
    assert paths.user_config_dir("linux") == tmp_path / "home" / ".config" / "othello"


def test_windows_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    assert paths.user_config_dir("windows") == tmp_path / "Roaming" / "othello"
    assert paths.user_data_dir("windows") == tmp_path / "Local" / "othello"
    monkeypatch.delenv("APPDATA")
    monkeypatch.delenv("LOCALAPPDATA")
    assert paths.user_config_dir("windows") == tmp_path / "home" / "AppData" / "Roaming" / "othello"


def test_macos_folders(tmp_path: Path) -> None:
    support = tmp_path / "home" / "Library" / "Application Support" / "othello"
    assert paths.user_config_dir("macos") == support
    assert paths.user_data_dir("macos") == support


def test_overrides(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "d"))
    assert paths.user_ini() == tmp_path / "c" / "othello.ini"
    assert paths.library_path() == tmp_path / "d" / "library.sqlite3"
    assert paths.log_path() == tmp_path / "d" / "othello.log"
