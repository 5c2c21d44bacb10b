"""The speakers that say the sentences: the running screen reader (through the optional
``prismatoid`` package: NVDA, JAWS, Narrator, VoiceOver, Orca, Speech Dispatcher), a
synthesizer run as a program (Speech Dispatcher's ``spd-say`` or ``espeak-ng`` on Linux,
``say`` on macOS, the system's voice through PowerShell on Windows), or a recording for tests.

Nothing here blocks its caller: ``Voice`` hands each sentence to a thread of its own, which
talks to the speaker, so the window's frame loop only puts a sentence in a box. A newer
sentence that interrupts replaces one not yet said (the cursor moved on); a sentence the same
as the last one is numbered, since screen readers drop a repeat.
"""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
import threading
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol


class Speaker(Protocol):
    """Something that says a sentence; ``interrupt`` cuts short what it is saying."""

    name: str

    def say(self, text: str, interrupt: bool) -> None: ...
    def silence(self) -> None: ...
    def close(self) -> None: ...


class RecordingSpeaker:
    """Says nothing and remembers everything: for tests, and the window's record of what
    was said (``heard``)."""

    name = "recording"

    def __init__(self) -> None:
        self.heard: list[str] = []
        self.interrupted: list[bool] = []
        self.silenced = 0

    def say(self, text: str, interrupt: bool) -> None:
        self.heard.append(text)
        self.interrupted.append(interrupt)

    def silence(self) -> None:
        self.silenced += 1

    def close(self) -> None:
        pass


class ScreenReader:
    """The running screen reader through prismatoid's ``prism`` (speech and braille)."""

    def __init__(self) -> None:
        prism: Any = importlib.import_module("prism")
        self.context = prism.Context()
        self.backend = self.context.acquire_best()  # ValueError when none runs
        self.name = str(getattr(self.backend, "name", "screen reader"))

    def say(self, text: str, interrupt: bool) -> None:
        self.backend.output(text, interrupt)

    def silence(self) -> None:
        self.backend.stop()

    def close(self) -> None:
        pass


def voice_command(text: str, language: str = "en") -> list[str] | None:
    """The program line that says ``text`` with this system's voice, or None where none is
    installed. Speech Dispatcher first (it is what Orca uses), then espeak-ng."""
    lang = language.split("_")[0].lower()
    if sys.platform == "darwin" and shutil.which("say"):
        return ["say", text]
    if sys.platform == "win32":
        shell = shutil.which("powershell") or shutil.which("pwsh")
        if shell is None:
            return None
        quoted = text.replace("'", "''")
        script = (
            "Add-Type -AssemblyName System.Speech; "
            "(New-Object System.Speech.Synthesis.SpeechSynthesizer)"
            f".Speak('{quoted}')"
        )
        return [shell, "-NoProfile", "-Command", script]
    if shutil.which("spd-say"):
        return ["spd-say", "--wait", "-l", lang, "--", text]
    if shutil.which("espeak-ng"):
        return ["espeak-ng", "-v", lang, "--", text]
    return None


class CommandVoice:
    """A synthesizer run as a program, one process a sentence; an interrupt ends the one
    speaking."""

    name = "voice"

    def __init__(self, language: str = "en") -> None:
        self.language = language
        if voice_command("", language) is None:
            raise OSError("no speech program found (spd-say, espeak-ng, say)")
        self.process: subprocess.Popen[bytes] | None = None

    def say(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self.silence()
        elif self.process is not None:
            self.process.wait()  # on the speaking thread: the sentence before ends first
        command = voice_command(text, self.language)
        if command is not None:
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )  # fmt: skip

    def cut(self) -> None:
        """End the sentence being said now, without waiting (the frame loop may call it)."""
        process = self.process
        if process is not None and process.poll() is None:
            process.terminate()

    def silence(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait()
        if shutil.which("spd-say") and sys.platform.startswith("linux"):
            subprocess.run(["spd-say", "--cancel"], check=False, timeout=5)

    def close(self) -> None:
        self.silence()


def make_speaker(mode: str, language: str = "en") -> tuple[Speaker | None, str]:
    """The speaker for a SPEECH setting and why another was taken: a screen reader where
    prismatoid finds one running, else the system's voice; None for off or nothing found."""
    if mode == "off":
        return None, ""
    problem = ""
    if mode == "screen reader":
        try:
            return ScreenReader(), ""
        except Exception as err:  # not installed, no reader running, a broken library
            problem = f"no screen reader reached ({type(err).__name__}: {err})"
    try:
        return CommandVoice(language), problem
    except OSError as err:
        problem = f"{problem}; {err}" if problem else str(err)
    if mode == "voice":  # no synthesizer program: a screen reader may still speak
        try:
            return ScreenReader(), problem
        except Exception:
            pass
    return None, problem


@dataclass
class _Said:
    text: str
    interrupt: bool
    replaceable: bool = False


class Voice:
    """Any speaker behind a thread: ``say`` only puts the sentence in a box and returns."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self.waiting: deque[_Said | None] = deque()  # None: silence
        self.ready = threading.Condition()
        self.last = ""
        self.repeats = 0
        self.closed = False
        self.busy = False  # a sentence is with the speaker
        self.finishing = False  # closing once what waits is said
        self.thread = threading.Thread(target=self._speak, name="speech", daemon=True)
        self.thread.start()

    def say(self, text: str, interrupt: bool = False, replaceable: bool = False) -> None:
        """Say ``text`` after what waits, or (``interrupt``) now, cutting short what is being
        said; a ``replaceable`` one (the cursor's square, an answer) takes the place of one
        of its kind not yet said, while the game's news waits its turn and is never dropped.
        A repeat of the last sentence is numbered, "(2)", so a screen reader says it again."""
        if not text:
            return
        if text == self.last:
            self.repeats += 1
            spoken = f"{text} ({self.repeats + 1})"
        else:
            self.last, self.repeats, spoken = text, 0, text
        item = _Said(spoken, interrupt, replaceable)
        cut = getattr(self.speaker, "cut", None)
        if interrupt and cut is not None:
            cut()  # a program's voice stops at once, not when its sentence ends
        with self.ready:
            if replaceable:
                kept = [w for w in self.waiting if w is None or not w.replaceable]
                self.waiting = deque(kept)
            if interrupt:
                self.waiting.appendleft(item)
            else:
                self.waiting.append(item)
            self.ready.notify_all()

    def silence(self) -> None:
        """Stop the sentence being said and forget those waiting."""
        with self.ready:
            self.waiting.clear()
            self.waiting.append(None)
            self.ready.notify_all()

    def close(self, finish: bool = False) -> None:
        """Stop speaking; ``finish``: once the sentences waiting are said ("Speech off")."""
        with self.ready:
            if finish:
                self.finishing = True
            else:
                self.closed = True
                self.waiting.clear()
            self.ready.notify_all()
        if not finish:
            self.speaker.close()

    def pending(self) -> int:
        """Sentences waiting (not the one being said)."""
        with self.ready:
            return len(self.waiting)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until everything was handed to the speaker (tests; the end of a script)."""
        with self.ready:
            return self.ready.wait_for(lambda: not self.waiting and not self.busy, timeout)

    def _speak(self) -> None:
        while True:
            with self.ready:
                while not self.waiting and not self.closed and not self.finishing:
                    self.ready.wait()
                if self.closed:
                    return
                if not self.waiting:  # finishing, and all said
                    self.closed = True
                    self.speaker.close()
                    return
                item = self.waiting.popleft()
                self.busy = True
            try:
                if item is None:
                    self.speaker.silence()
                else:
                    self.speaker.say(item.text, item.interrupt)
            except Exception:  # a speaker that fails says nothing more, the game goes on
                pass
            with self.ready:
                self.busy = False
                self.ready.notify_all()


def to_wave(text: str, path: str, language: str = "en") -> bool:
    """``text`` spoken by espeak-ng into a WAV file (for a test that a voice is heard);
    False where espeak-ng is not installed."""
    program = shutil.which("espeak-ng")
    if program is None:
        return False
    lang = language.split("_")[0].lower()
    subprocess.run([program, "-v", lang, "-w", path, "--", text], check=True, timeout=60)
    return True
