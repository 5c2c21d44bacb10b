"""Ctrl+C / Ctrl+V for the window: the system clipboard through pygame.scrap, never a crash.

Clipboards fail in ordinary ways (no display server, a headless driver, a desktop without
clipboard support, an owner that vanished), so every call here catches pygame's errors.
What was copied is also kept in memory, so copy-then-paste inside the game works even
where the system clipboard does not. Needs a window (pygame.display.set_mode) first.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

_TEXT_TYPES = ("text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING")
_kept: str | None = None


def _scrap() -> Any:
    """pygame.scrap, initialised; raises when this display has no clipboard."""
    import pygame
    from pygame import scrap

    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        raise RuntimeError("no window yet")
    if not scrap.get_init():
        scrap.init()
    return scrap


def copy(text: str) -> bool:
    """Put ``text`` on the system clipboard; False (text kept for paste()) when there is none."""
    global _kept
    _kept = text
    try:
        import pygame

        _scrap().put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except Exception as err:  # noqa: BLE001  # pygame.error, missing module, no window: all mean "no clipboard"
        log.info("system clipboard unavailable for copy: %s", err)
        return False


def _decode(data: bytes | None) -> str | None:
    if not data:
        return None
    text = data.decode("utf-8", errors="replace").replace("\0", "")
    return text or None


def system_text() -> str | None:
    """The text on the system clipboard, or None when there is none or no clipboard at all."""
    try:
        scrap = _scrap()
        for kind in _TEXT_TYPES:
            text = _decode(scrap.get(kind))
            if text:
                return text
    except Exception as err:  # noqa: BLE001  # any failure means "no clipboard"
        log.info("system clipboard unavailable for paste: %s", err)
    return None


def paste() -> str | None:
    """The clipboard's text, else what copy() last kept, else None."""
    return system_text() or _kept


def available() -> bool:
    """True when the system clipboard can be used (for the help text; copy/paste work anyway)."""
    try:
        _scrap()
        return True
    except Exception:  # noqa: BLE001
        return False
