"""How fast a saved othello.ini reaches the window, and what watching the file costs a frame.

Runs the real frame loop (the search process included) on a throw-away settings file, saves
a new WINDOWWIDTH several times and reports the seconds from each save to the frame that has
the new size, and the frame times with the watch on and off (same run, alternating halves).

    python scripts/live_reload_timing.py [--saves 5] [--seconds 6]

Headless with SDL's dummy driver unless DISPLAY is set (under Xvfb it is a real window).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=6.0, help="frames timed per half")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    scratch = Path(tempfile.mkdtemp(prefix="othello-reload-"))
    os.environ["OTHELLO_CONFIG_DIR"] = str(scratch / "cfg")
    os.environ["OTHELLO_DATA_DIR"] = str(scratch / "data")

    import pygame

    from othello.app.files import paths
    from othello.app.settings.loading import load_settings
    from othello.gui.app import App

    ini = scratch / "othello.ini"
    default = paths.default_ini().read_text(encoding="utf-8")
    ini.write_text(default.replace("WINDOWWIDTH = 1280", "WINDOWWIDTH = 1000"))
    settings, _ = load_settings(ini)
    app = App(settings, settings_file=ini)
    clock = pygame.time.Clock()

    def frame() -> float:
        start = time.perf_counter()
        app.frame(1 / app.fps)
        clock.tick(app.fps)
        return time.perf_counter() - start

    delays = []
    for i in range(args.saves):
        width = 900 if i % 2 == 0 else 1000
        for _ in range(10):
            frame()
        text = ini.read_text(encoding="utf-8")
        current = f"WINDOWWIDTH = {1000 if width == 900 else 900}"
        ini.write_text(text.replace(current, f"WINDOWWIDTH = {width}"))
        saved = time.perf_counter()
        while app.screen.get_size()[0] != width:
            frame()
            if time.perf_counter() - saved > 10:
                print("the window never took the new size", file=sys.stderr)
                return 1
        delays.append(time.perf_counter() - saved)

    watched: list[float] = []
    unwatched: list[float] = []
    update = app.live_settings.update
    for half in range(4):  # alternate, so drift in the machine's load falls on both
        on = half % 2 == 0
        app.live_settings.update = update if on else (lambda dt: None)  # type: ignore[method-assign]
        end = time.perf_counter() + args.seconds / 2
        times = watched if on else unwatched
        while time.perf_counter() < end:
            start = time.perf_counter()
            app.frame(1 / app.fps)
            times.append(time.perf_counter() - start)  # the frame's work, not the tick's wait
            clock.tick(app.fps)
    app.close()
    pygame.quit()

    driver = "Xvfb window" if os.environ.get("DISPLAY") else "dummy driver"
    print(
        f"save -> new window size ({driver}, {args.saves} saves): "
        f"median {statistics.median(delays):.2f} s, worst {max(delays):.2f} s"
    )
    for name, times in (("watch on ", watched), ("watch off", unwatched)):
        print(
            f"frame work, {name}: {len(times)} frames, median {statistics.median(times) * 1000:.1f} ms, "
            f"worst {max(times) * 1000:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
