"""The learned evaluation's weights: reading and writing ``tables/patterns.bin``.

The file is little-endian 16-bit integers: a header (``OT`` ``PW``, the format's version, the
number of phases, the number of patterns and each pattern's square count, the number of extra
features), then for each phase, each pattern's table of values (one per configuration, in
hundredths of a disc) and the extra features' weights (hundredths of a disc per unit). The
header is checked against the patterns this code defines, so a file fitted for other patterns
is refused at start, with a message, instead of giving nonsense scores.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeAlias

from othello.core.errors import WeightsError
from othello.core.file_reading import short_reason
from othello.engine import table_files
from othello.engine.patterns import PATTERNS

TABLE = "patterns"
MAGIC = (0x544F, 0x5750)  # "OT", "PW" as little-endian pairs of bytes
VERSION = 1
PHASES = 16
"""Game phases with weights of their own: 0-3 empty squares, 4-7, ..., 60 (a bucket of 4)."""
EXTRA_FEATURES = ("mobility", "parity", "constant")
"""Fitted beside the patterns: legal moves (mine minus theirs), an odd number of empty
squares (the side to move would play last), and a constant per phase."""

SCALE = 100  # weights are hundredths of a disc, the evaluation's unit


def phase_of(empties: int) -> int:
    """The phase whose weights score a position with ``empties`` empty squares."""
    return min(empties // 4, PHASES - 1)


def header() -> list[int]:
    return [
        *MAGIC,
        VERSION,
        PHASES,
        len(PATTERNS),
        *(len(p.squares) for p in PATTERNS),
        len(EXTRA_FEATURES),
    ]


def phase_length() -> int:
    return sum(p.size for p in PATTERNS) + len(EXTRA_FEATURES)


PhaseWeights: TypeAlias = "tuple[array[int], ...]"
"""One phase: a table per pattern (in ``PATTERNS`` order), then the extra features' weights
as one array."""


def problem() -> str | None:
    """What is wrong with the package's weights file, or None: a check the window makes at
    start (the search reads the weights in its own process)."""
    try:
        _checked_body()
    except WeightsError as err:
        return str(err)
    return None


def read_weights() -> list[PhaseWeights]:
    """Every phase's weights, from the package; WeightsError says what is wrong."""
    body = _checked_body()
    phases = []
    at = 0
    for _ in range(PHASES):
        tables = []
        for pattern in PATTERNS:
            tables.append(body[at : at + pattern.size])
            at += pattern.size
        tables.append(body[at : at + len(EXTRA_FEATURES)])
        at += len(EXTRA_FEATURES)
        phases.append(tuple(tables))
    return phases


def _checked_body() -> array[int]:
    """The file's values after its header, once the header and the length are checked."""
    where = f"othello/{table_files.FOLDER}/{TABLE}.bin"
    try:
        raw = table_files.read_int16(TABLE)
    except (OSError, ValueError) as err:  # not a file, unreadable, too large, cut short
        raise WeightsError(
            f"the evaluation's weights file {where} cannot be used ({short_reason(err)}); "
            "reinstall the game"
        ) from None
    if raw is None:
        raise WeightsError(f"the evaluation's weights file {where} is missing from the package")
    head = header()
    if list(raw[: len(head)]) != head:
        raise WeightsError(
            f"the evaluation's weights file {where} was fitted for other patterns or is "
            "damaged; reinstall the game (or refit it with scripts/train_patterns.py)"
        )
    body = raw[len(head) :]
    if len(body) != PHASES * phase_length():
        raise WeightsError(
            f"the evaluation's weights file {where} is cut short or too long "
            f"({len(body)} values, expected {PHASES * phase_length()})"
        )
    return body


def write_weights(folder: Path, weights: Sequence[Any], canonical: Sequence[Any]) -> Path:
    """Write fitted weights: ``weights[phase]`` is one vector (discs) with a value per
    canonical configuration of each pattern in turn, then the extra features; ``canonical``
    maps each pattern's configurations to their canonical one. Values are clamped to 16 bits."""
    values = array("h", header())
    for vector in weights:
        offset = 0
        for pattern, table in zip(PATTERNS, canonical, strict=True):
            for index in range(pattern.size):
                values.append(_hundredths(vector[offset + int(table[index])]))
            offset += pattern.size
        for k in range(len(EXTRA_FEATURES)):
            values.append(_hundredths(vector[offset + k]))
    return table_files.write_int16(folder, TABLE, values)


def _hundredths(value: float) -> int:
    return max(-32768, min(32767, round(float(value) * SCALE)))
