"""The window's size on the screen: never smaller than the layout's minimum, never larger
than the screen, and on it.

othello.ini may ask for any size up to 7680 x 4320; a window larger than the screen would be
partly off it, its panel out of reach. So the size asked for is fitted to the screen (with
room for a task bar), the player is told (the file says one size, the window has another),
and a window grown by a reloaded file is moved back onto the screen.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pygame

from othello.app.i18n import _
from othello.gui.widgets.layout import MIN_WINDOW

TASK_BAR_SHARE = 0.92  # of the screen's height, the most a window takes


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    return max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])


def desktop_size() -> tuple[int, int] | None:
    """The screen's size, or None without a real one (the dummy driver: tests, headless)."""
    if pygame.display.get_driver() == "dummy":
        return None
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else None


def fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size``, made no larger than the screen (with room for a task bar)."""
    desktop = desktop_size()
    if desktop is None:
        return size
    return min(size[0], desktop[0]), min(size[1], int(desktop[1] * TASK_BAR_SHARE))


def too_large(asked: tuple[int, int], fitted: tuple[int, int]) -> str | None:
    """What to tell when the size asked for is larger than the screen, else None (a window
    made a little shorter than the screen, for a task bar, is not worth a word)."""
    desktop = desktop_size()
    if desktop is None:
        return None
    keys = [
        f"{name} = {want}"
        for name, want, room in zip(("WINDOWWIDTH", "WINDOWHEIGHT"), asked, desktop, strict=True)
        if want > room
    ]
    if not keys:
        return None
    return _(
        "{keys} is larger than your screen ({screen}): the window is {window}, as large as fits"
    ).format(
        keys=_(" and ").join(keys),
        screen=f"{desktop[0]}x{desktop[1]}",
        window=f"{fitted[0]}x{fitted[1]}",
    )


def open_window(
    icon: pygame.Surface | None, size: tuple[int, int], warn: Callable[[str], None]
) -> tuple[pygame.Surface, object | None]:
    """The resizable window, no larger than the screen (``warn`` says so when the settings
    ask for more), its icon set before it opens; and the window object, to keep (SDL points
    to it)."""
    if icon is not None:
        pygame.display.set_icon(icon)
    pygame.display.set_caption(_("Othello"))
    fitted = fit_desktop(size)
    if (problem := too_large(size, fitted)) is not None:
        warn(problem)
    screen = pygame.display.set_mode(at_least_minimum(fitted), pygame.RESIZABLE)
    window = set_minimum_size(MIN_WINDOW)
    pygame.key.set_repeat(400, 70)  # holding an arrow key walks the cursor
    return screen, window


def set_minimum_size(size: tuple[int, int]) -> object | None:
    """Ask the window system not to let the window get smaller than ``size``.

    Only pygame builds whose Window has ``minimum_size`` (pygame-ce) can; elsewhere, and with
    the dummy driver, relayout puts a too-small window back instead. The Window object is
    returned to be kept: SDL holds a pointer to it for as long as the window is open.
    """
    try:
        from pygame._sdl2.video import Window

        if not hasattr(
            Window, "minimum_size"
        ):  # making one here would leave SDL a dangling pointer
            return None
        with warnings.catch_warnings():  # pygame-ce deprecates it; its successor is newer
            warnings.simplefilter("ignore", DeprecationWarning)
            window = Window.from_display_module()
        setattr(window, "minimum_size", size)  # noqa: B010  (not in pygame's type stubs)
        return window
    except (ImportError, AttributeError, pygame.error):
        return None


def keep_on_screen(window: object | None, size: tuple[int, int]) -> None:
    """Move a window of ``size`` whose corner is where it no longer fits back onto the screen
    (a window grown by a reloaded file keeps its corner; only pygame-ce can move it)."""
    desktop = desktop_size()
    position = getattr(window, "position", None)
    if desktop is None or position is None:
        return
    x = max(0, min(position[0], desktop[0] - size[0]))
    y = max(0, min(position[1], desktop[1] - size[1]))
    if (x, y) != tuple(position):
        setattr(window, "position", (x, y))  # noqa: B010  (not in pygame's type stubs)
