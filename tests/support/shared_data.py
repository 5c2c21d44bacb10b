"""Where the tests find the shared data (real games, the FForum sets) that sits beside the
checkout on the project's machines and is absent from a newcomer's clone.

One place reads it: ``OTHELLO_SHARED_DATA``, by default ``../shared/data`` beside the
checkout. A test that needs it skips without it (or uses what the repository ships), and
``.ci/run``'s first pass points the variable at a folder that does not exist, so a fresh
clone is what CI tests first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED_DATA = Path(
    os.environ.get("OTHELLO_SHARED_DATA") or Path(__file__).resolve().parents[3] / "shared" / "data"
)


def shared_file(*parts: str) -> Path:
    """A path under the shared data (which may not exist)."""
    return SHARED_DATA.joinpath(*parts)


def need_shared(*parts: str) -> Path:
    """The path under the shared data, or the test is skipped, saying where it looked."""
    path = shared_file(*parts)
    if not path.exists():
        pytest.skip(f"the shared data is not at {path} (OTHELLO_SHARED_DATA)")
    return path
