"""How long a test waits for another thread or process before it calls it hung.

No test is bounded by wall-clock time: CI shares two cores, and the machines here run at a
load of ten and more, where a library's writer or a search that takes 0.1 s idle can take
seconds. A wait for something to happen (a write, a search's answer, a process gone) ends
when it happens; this is only how long a hang takes to be told, never a bound on speed. Time
is asserted only where it is the point (a stop that must be prompt), with bounds of its own.
"""

import os

PATIENCE = float(os.environ.get("OTHELLO_TEST_PATIENCE", "600"))
