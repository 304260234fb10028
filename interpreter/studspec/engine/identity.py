"""Caches looked up by the object itself before its value: for rule books, asked per hand.

A :class:`~studspec.spec.model.Variant` is a frozen dataclass, so ``functools`` caches hash it
field by field, nested streets and stakes included, on every call: about 4 µs, paid for
every hand dealt and every decision a built-in player makes. Nearly every call passes the
very object seen last time, so :func:`by_identity` first looks for that object (by ``id``,
confirmed with ``is``) and only on a miss asks the wrapped, value-keyed cache, which still
shares one result between equal rule books loaded twice.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")

RECENT = 64
"""Objects remembered by identity; each entry keeps its object alive, so ids stay unique."""


def by_identity(function: Callable[[Key], Value]) -> Callable[[Key], Value]:
    """``function`` (itself cached by value) answered for a recently seen object by identity."""
    recent: dict[int, tuple[Key, Value]] = {}

    @wraps(function)
    def lookup(key: Key) -> Value:
        seen = recent.get(id(key))
        if seen is not None and seen[0] is key:
            return seen[1]
        value = function(key)
        if len(recent) >= RECENT:
            del recent[next(iter(recent))]
        recent[id(key)] = (key, value)
        return value

    return lookup
