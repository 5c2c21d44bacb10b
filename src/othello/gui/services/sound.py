"""Optional sounds for placing and flipping; silent, never fatal, without an audio device."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from othello.app.i18n import N_, _
from othello.gui.services.resources import Report, checked, why

log = logging.getLogger(__name__)  # under "othello": the log file
NO_DEVICE = N_("No sound device found: playing without sound.")
MOST_CAUGHT = 64 * 1024  # what the audio library may say into the log, at most


@contextmanager
def c_stderr_to_log() -> Iterator[None]:
    """Standard error (file descriptor 2) caught while the block runs, and what was written
    there logged instead. SDL and ALSA write to it from C, where Python's sys.stderr cannot
    reach: without a sound card a terminal would show eight "ALSA lib ... cannot find card
    '0'" lines on every start, which read as errors; the window says it in words instead."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no fd 2 at all (a windowed Windows app)
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            for line in caught.read(MOST_CAUGHT).decode(errors="replace").splitlines():
                if line.strip():
                    log.info("audio library: %s", line)


class Sounds:
    """Plays place.wav and flip.wav when enabled and when the mixer could start."""

    def __init__(
        self, folder: Path, enabled: bool, warn: Callable[[str], None], report: Report
    ) -> None:
        """``warn`` hears about the audio device, ``report`` about sound files that will not load."""
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._notify = warn
        self._report = report
        self._folder = folder
        self._tried = False
        self.available = True  # False once the mixer has failed to start
        if enabled:
            self._start()

    def _start(self, reply: bool = True) -> None:
        """Start the mixer and load the sounds once; any failure means silence, said plainly
        in the window (with ``reply``) and in detail in the log."""
        self._tried = True
        try:
            if not pygame.mixer.get_init():
                with c_stderr_to_log():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        except pygame.error as err:
            log.warning("no audio device: %s", err)
            if reply:
                self._notify(_(NO_DEVICE))
            self.available = self.enabled = False
            return
        for name in ("place", "flip"):
            path = self._folder / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(checked(path))
            except (OSError, ValueError, pygame.error) as err:
                self._report(
                    path.name,
                    _("Sound {name} could not be loaded ({problem}); it stays silent.").format(
                        name=path.name, problem=why(err)
                    ),
                )

    def toggle(self) -> bool | None:
        """Switch sound on or off; returns the new state, or None when there is no sound
        device (nothing changed: the caller says so)."""
        if self.available:
            self.enabled = not self.enabled
            if self.enabled and not self._tried:
                self._start(reply=False)
        return self.enabled if self.available else None

    def play(self, name: str, volume: float = 1.0) -> None:
        sound = self._sounds.get(name)
        if not self.enabled or sound is None:
            return
        try:
            channel = sound.play()
            if channel is not None:
                channel.set_volume(volume)
        except pygame.error:
            pass  # a device that vanished mid-game: keep playing silently
