"""Frame-time figures for ``othello --demo --frames N``: is the loop smooth while the computer thinks?

The loop records, for every frame, the time from its start to the next frame's start, the work
done in it (the rest is the clock's sleep), and whether a search was running meanwhile; and how
long after the process started the first frame was drawn (the start-up a player waits through,
compared between the standalone app and the pip-installed game by scripts/startup_time.py).
"""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass, field


def process_age() -> float | None:
    """Seconds since this process started, from the kernel's record (Linux), else None.

    Counted from the process's creation, so an interpreter's or a frozen app's own start-up
    (finding and loading Python, unpacking nothing) is included, which a clock read by our
    own code could not see. The kernel counts in clock ticks (10 ms).
    """
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()  # after the command's name
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: starttime
    except (OSError, ValueError, IndexError):
        return None
    return max(0.0, uptime - started)


@dataclass
class FrameStats:
    """Frame intervals (frame start to frame start) and whether the computer was thinking."""

    intervals: list[float] = field(default_factory=list)
    work: list[float] = field(default_factory=list)
    thinking: list[bool] = field(default_factory=list)
    first_frame: float | None = None  # seconds from the process's start to the first frame

    def first_frame_drawn(self) -> None:
        self.first_frame = process_age()

    def add(self, interval: float, work: float, thinking: bool) -> None:
        self.intervals.append(interval)
        self.work.append(work)
        self.thinking.append(thinking)

    def report(self) -> str:
        def figures(values: list[float]) -> str:
            if not values:
                return "none"
            ordered = sorted(values)
            p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
            ms = [1000 * v for v in (statistics.median(ordered), p99, ordered[-1])]
            return f"median {ms[0]:.1f} ms, 99th percentile {ms[1]:.1f} ms, worst {ms[2]:.1f} ms"

        busy = [v for v, t in zip(self.intervals, self.thinking, strict=True) if t]
        return "\n".join(
            [
                f"frames: {len(self.intervals)} ({sum(self.thinking)} while the computer was thinking)",
                f"frame interval, all frames:      {figures(self.intervals)}",
                f"frame interval, while thinking:  {figures(busy)}",
                f"work per frame (no sleeping):    {figures(self.work)}",
            ]
            + (
                [f"first frame drawn {1000 * self.first_frame:.0f} ms after the process started"]
                if self.first_frame is not None
                else []
            )
        )
