"""The standalone app's entry (scripts/app_main.py), run unfrozen: the Windows app has no
console, so what the command prints is collected and shown at the end instead of lost."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_entry() -> ModuleType:
    spec = importlib.util.spec_from_file_location("app_main", ROOT / "scripts" / "app_main.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    return load_entry()


def test_without_streams_the_output_is_shown_at_the_end(
    entry: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    shown: list[str] = []
    assert entry.main(["--where"], show=shown.append) == 0
    assert len(shown) == 1 and f"data folder:  {tmp_path / 'data'}" in shown[0]


def test_an_error_without_streams_is_shown_too(
    entry: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    shown: list[str] = []
    with pytest.raises(SystemExit):
        entry.main(["--no-such-option"], show=shown.append)
    assert "unrecognized arguments: --no-such-option" in shown[0]


def test_with_a_console_it_prints_as_usual(
    entry: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    shown: list[str] = []
    assert entry.main(["--where"], show=shown.append) == 0
    assert not shown and "data folder:" in capsys.readouterr().out
