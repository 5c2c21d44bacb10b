"""Kinds are types, not strings: a closed set of names is an Enum or a Literal, and whatever
answers each kind in turn is a ``match`` that ends in :func:`assert_never`, so mypy names the
kind a table forgot before a player meets it.

``typing.assert_never`` arrived in Python 3.11; the game runs on 3.10 too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn, TypeVar

K = TypeVar("K", bound=str)


def assert_never(value: NoReturn) -> NoReturn:
    """Where every kind has been answered: mypy fails when one has not (its type is then that
    kind, not ``NoReturn``); at run time a value outside the type is a bug, said plainly."""
    raise AssertionError(f"unhandled kind: {value!r}")


def chosen(word: str, values: Iterable[K]) -> K | None:
    """``word`` as one of ``values`` (a Literal's tuple), typed as that Literal; None when it
    is none of them."""
    for value in values:
        if value == word:
            return value
    return None
