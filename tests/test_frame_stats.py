"""The --frames report: its start-up figure comes from the kernel's record of the process."""

from __future__ import annotations

import subprocess
import sys

import pytest

from othello.gui.services.frame_stats import FrameStats, process_age

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@linux_only
def test_a_fresh_process_is_younger_than_this_one() -> None:
    code = "from othello.gui.services.frame_stats import process_age; print(process_age())"
    ours_before = process_age()
    theirs = float(subprocess.check_output([sys.executable, "-c", code], text=True))
    ours_after = process_age()
    assert ours_before is not None and ours_after is not None
    assert ours_before <= ours_after  # a clock that moves forward
    assert 0 <= theirs <= ours_after  # started after this test process, so younger


def test_report_names_the_first_frame_only_when_known() -> None:
    stats = FrameStats()
    stats.add(0.033, 0.002, False)
    assert "first frame" not in stats.report()
    stats.first_frame = 0.8124
    assert stats.report().splitlines()[-1] == "first frame drawn 812 ms after the process started"
