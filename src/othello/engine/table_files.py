"""Learned tables: whole numbers fitted by the training scripts, shipped as binary files.

A table is a flat run of little-endian 16-bit integers in ``othello/tables/<name>.bin``,
read with ``importlib.resources`` and ``array``: a few kilobytes of data load in
microseconds, where the same numbers as a Python literal cost a long module to parse.
The scripts that fit a table write it with :func:`write_int16`.
"""

from __future__ import annotations

import sys
from array import array
from pathlib import Path

from othello.core.file_reading import read_package

FOLDER = "tables"
"""The folder of learned tables inside the package."""
LIMIT = 64_000_000
"""More than any table could hold (the pattern weights are about 5 MB)."""


def _name(name: str) -> str:
    return f"{name}.bin"


def read_int16(name: str) -> array[int] | None:
    """The table ``name``, or None when the package has no such file; ValueError when it is
    cut to an odd number of bytes, OSError (or TooLarge) when it cannot be read."""
    try:
        data = read_package(f"{FOLDER}/{_name(name)}", LIMIT)
    except FileNotFoundError:
        return None
    if len(data) % 2:
        raise ValueError(f"{len(data)} bytes, an odd number: cut short")
    values = array("h", data)
    if sys.byteorder != "little":
        values.byteswap()
    return values


def write_int16(folder: Path, name: str, values: array[int]) -> Path:
    """Write ``values`` (an ``array("h")``) as the table ``name`` in ``folder``; returns the file."""
    data = array("h", values)
    if sys.byteorder != "little":
        data.byteswap()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / _name(name)
    path.write_bytes(data.tobytes())
    return path
