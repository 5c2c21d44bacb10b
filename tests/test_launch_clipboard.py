"""Copy and paste never crash the window, with or without a system clipboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from othello.app.files.game_files import parse_game_text
from othello.core.errors import GameTextError
from othello.gui.services import persistence as clipboard


@pytest.fixture(autouse=True)
def fresh_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clipboard, "_kept", None)


def test_without_a_window_copy_fails_gracefully_and_paste_returns_the_copy() -> None:
    pygame.display.quit()
    assert clipboard.copy("f5d6c3") is False
    assert clipboard.paste() == "f5d6c3"
    assert clipboard.available() is False


def test_headless_window_has_no_system_clipboard_but_paste_still_works() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        # pygame.scrap starts on the dummy driver but holds nothing: that is no clipboard
        assert not clipboard.available()
        assert clipboard.copy("f5d6") is False
        assert clipboard.paste() == "f5d6"
    finally:
        pygame.display.quit()


def test_nothing_copied_and_no_clipboard() -> None:
    pygame.display.quit()
    assert clipboard.paste() is None


class FakeScrap:
    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}

    def put(self, kind: str, data: bytes) -> None:
        self.data[kind] = data

    def get(self, kind: str) -> bytes | None:
        return self.data.get(kind)


def test_system_clipboard_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeScrap()
    monkeypatch.setattr(clipboard, "_scrap", lambda: fake)
    assert clipboard.copy("f5 d6 ✓") is True
    assert list(fake.data.values()) == ["f5 d6 ✓".encode()]
    monkeypatch.setattr(clipboard, "_kept", None)
    assert clipboard.paste() == "f5 d6 ✓"


class X11Scrap(FakeScrap):
    """pygame 2.6 on X11: its own SCRAP_TEXT ("text/plain") is refused, the UTF-8 type taken."""

    def put(self, kind: str, data: bytes) -> None:
        if kind == pygame.SCRAP_TEXT:
            raise pygame.error("content could not be placed in clipboard.")
        super().put(kind, data)


def test_copy_tries_the_text_types_until_one_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = X11Scrap()
    monkeypatch.setattr(clipboard, "_scrap", lambda: fake)
    assert clipboard.copy("f5d6c3") is True
    assert fake.data == {"text/plain;charset=utf-8": b"f5d6c3"}
    monkeypatch.setattr(clipboard, "_kept", None)
    assert clipboard.paste() == "f5d6c3"


class CeScrap(FakeScrap):
    """pygame-ce: SDL's clipboard text functions beside the typed ones."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""

    def put_text(self, text: str) -> None:
        self.text = text

    def get_text(self) -> str:
        return self.text


def test_copy_and_paste_use_sdl_clipboard_text_where_pygame_has_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = CeScrap()
    monkeypatch.setattr(clipboard, "_scrap", lambda: fake)
    assert clipboard.copy("c4c3") is True
    assert fake.text == "c4c3" and fake.data == {}
    monkeypatch.setattr(clipboard, "_kept", None)
    assert clipboard.paste() == "c4c3"


def test_text_from_other_programs_is_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeScrap()
    fake.data["UTF8_STRING"] = b"f5d6c3\x00"
    monkeypatch.setattr(clipboard, "_scrap", lambda: fake)
    assert clipboard.paste() == "f5d6c3"
    fake.data = {"text/plain": b"\xff\xfe junk"}
    assert clipboard.paste() is not None  # undecodable bytes become replacement characters


def test_a_clipboard_that_raises_is_survived(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def put(self, *args: Any) -> None:
            raise pygame.error("content could not be placed in clipboard.")

        def get(self, *args: Any) -> bytes:
            raise pygame.error("clipboard owner went away")

    monkeypatch.setattr(clipboard, "_scrap", lambda: Broken())
    assert clipboard.copy("f5") is False
    assert clipboard.paste() == "f5"


def test_a_zero_byte_on_the_clipboard_is_refused_and_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 51, item 19: under pygame-ce both of pygame's ways end the clipboard's text at a
    zero byte, so f5d6\\0c3d3 was pasted as f5d6; where a clipboard program is installed
    (xclip here) the whole text is read, and refused, naming the zero byte."""
    fake = CeScrap()
    fake.text = "f5d6"  # what SDL gives of "f5d6\0c3d3"
    monkeypatch.setattr(clipboard, "_scrap", lambda: fake)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    xclip = bin_dir / "xclip"
    xclip.write_text("#!/bin/sh\nprintf 'f5d6\\000c3d3'\n")
    xclip.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("DISPLAY", ":9")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert clipboard.system_text() == "f5d6\0c3d3"
    with pytest.raises(GameTextError, match=r"'\\x00' at character 5"):
        parse_game_text(clipboard.paste() or "")
    xclip.write_text("#!/bin/sh\nprintf 'something else entirely'\n")
    assert clipboard.system_text() == "f5d6"  # another text: SDL's stands
