"""Each kind is one table: a table keyed by a kind (an Enum, or a Literal and the tuple of its
words beside it) covers every member, so adding a member and forgetting a table fails here,
not at a player's key press.

The tables are found, not listed: every module-level assignment in ``src/othello`` annotated
``dict[K, ...]`` (or ``Mapping``, ``Final[...]``) where ``K`` is an Enum or a Literal. Where a
kind is answered by a ``match`` instead, it ends in ``core.kinds.assert_never`` and mypy
does the checking (``app/coach_words.py``, ``app/settings/keys.py``'s converters).
"""

from __future__ import annotations

import ast
import importlib
import types
from enum import Enum
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import pytest

import othello
from othello.app.settings import keys
from othello.core.board import Color
from othello.gui.model.names import Command
from othello.study.coach import Theme

PACKAGE = Path(othello.__file__).resolve().parent
TABLE_TYPES = {"dict", "Mapping"}


def members(kind: Any) -> set[object] | None:
    """Every member of an Enum, a Literal or a union of them (None counts as one); None for a
    type that is no closed set (a str, an int)."""
    if isinstance(kind, type) and issubclass(kind, Enum):
        return set(kind)
    if kind is None or kind is type(None):
        return {None}
    if get_origin(kind) is Literal:
        return set(get_args(kind))
    if get_origin(kind) in (Union, types.UnionType):
        parts = [members(part) for part in get_args(kind)]
        return None if any(p is None for p in parts) else set().union(*parts)  # type: ignore[arg-type]
    return None


def table_key(annotation: ast.expr) -> ast.expr | None:
    """The key type of ``dict[K, V]``, ``Mapping[K, V]`` or ``Final[dict[K, V]]``."""
    if not isinstance(annotation, ast.Subscript):
        return None
    name = annotation.value
    label = name.id if isinstance(name, ast.Name) else getattr(name, "attr", "")
    if label == "Final":
        return table_key(annotation.slice)
    if label in TABLE_TYPES and isinstance(annotation.slice, ast.Tuple):
        return annotation.slice.elts[0]
    return None


def kind_tables() -> list[tuple[str, str, set[object], object]]:
    """Every module-level table keyed by a kind: (module, name, the kind's members, table)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module_name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
                continue
            key = table_key(node.annotation)
            if key is None:
                continue
            module = importlib.import_module(module_name)
            kind = eval(ast.unparse(key), vars(module))  # the module's own names
            every = members(kind)
            if every is not None:
                found.append((module_name, node.target.id, every, getattr(module, node.target.id)))
    return found


TABLES = kind_tables()
PARTIAL: dict[str, set[object]] = {
    # the play screen is the window's own, never opened by name
    "othello.gui.screens.SCREENS": {"play"},
    # only the cursor's commands move it
    "othello.gui.scenes.play_keys.CURSOR_STEPS": set(get_args(Command))
    - {"cursor-left", "cursor-right", "cursor-up", "cursor-down"},
}
"""The tables that leave members out on purpose, and exactly which."""


def test_the_tables_are_found() -> None:
    names = {f"{module}.{name}" for module, name, _, _ in TABLES}
    assert {
        "othello.gui.model.progress_words.THEME_NAMES",
        "othello.gui.model.club_words.START_NAMES",
        "othello.gui.scenes.settings_card.PALETTE_LABELS",
        "othello.gui.widgets.text.TEXT_SCALE",
    } <= names


@pytest.mark.parametrize(
    "module,name,every,table", TABLES, ids=[f"{m}.{n}" for m, n, _, _ in TABLES]
)
def test_every_table_keyed_by_a_kind_covers_every_member(
    module: str, name: str, every: set[object], table: Any
) -> None:
    left_out = PARTIAL.get(f"{module}.{name}", set())
    assert set(table) == every - left_out, f"{module}.{name} lacks {every - left_out - set(table)}"


def test_a_table_missing_a_member_is_told() -> None:
    assert members(Theme | None) == {*Theme, None}
    assert members(keys.Start) == {"standard", "balanced", "range"}
    assert members(str) is None and members(dict[str, int]) is None


@pytest.mark.parametrize(
    "kind,words",
    [
        (keys.Mode, keys.MODES),
        (keys.PaletteName, keys.PALETTES),
        (keys.TextSize, keys.TEXT_SIZES),
        (keys.Start, keys.STARTS),
        (Color, keys.COLORS),
        (keys.Kind, keys.KINDS),
    ],
)
def test_each_settings_literal_has_its_tuple(kind: Any, words: tuple[str, ...]) -> None:
    assert words == get_args(kind)


def test_every_key_kind_is_read_and_every_word_is_taken() -> None:
    for kind in keys.KINDS:
        assert callable(keys.converter(kind))
    for key in keys.KEYS:
        words = {
            "mode": keys.MODES,
            "theme": keys.PALETTES,
            "text size": keys.TEXT_SIZES,
            "start": keys.STARTS,
            "color": keys.COLORS,
        }.get(key.kind, ())
        for word in words:
            assert keys.convert(key, word.upper()) == word


def test_every_coach_theme_is_in_the_docs_tables() -> None:
    from othello.study import coach

    study = (Path(__file__).resolve().parent.parent / "docs" / "study.md").read_text(
        encoding="utf-8"
    )
    for theme in Theme:
        assert f"\n{theme.value} " in (coach.__doc__ or ""), theme
        assert f"| `{theme.value}` |" in study, theme
