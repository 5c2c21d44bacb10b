"""Frame-time figures for ``othello --demo --frames N``: is the loop smooth while the computer thinks?

The loop records, for every frame, the time from its start to the next frame's start, the work
done in it (the rest is the clock's sleep), and whether a search was running meanwhile.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field


@dataclass
class FrameStats:
    """Frame intervals (frame start to frame start) and whether the computer was thinking."""

    intervals: list[float] = field(default_factory=list)
    work: list[float] = field(default_factory=list)
    thinking: list[bool] = field(default_factory=list)

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
        )
