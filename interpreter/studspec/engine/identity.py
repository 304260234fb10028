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
from functools import update_wrapper
from typing import Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")

RECENT = 64
"""Objects remembered by identity; each entry keeps its object alive, so ids stay unique."""


class IdentityCache(Generic[Key, Value]):
    """``function`` (itself cached by value) answered for a recently seen object by identity."""

    def __init__(self, function: Callable[[Key], Value]) -> None:
        self._function = function
        self._recent: dict[int, tuple[Key, Value]] = {}
        self.__qualname__ = function.__qualname__
        update_wrapper(self, function)

    def __call__(self, key: Key) -> Value:
        seen = self._recent.get(id(key))
        if seen is not None and seen[0] is key:
            return seen[1]
        value = self._function(key)
        recent = self._recent
        if len(recent) >= RECENT:
            recent.pop(next(iter(recent), -1), None)  # another thread may have just done so
        recent[id(key)] = (key, value)
        return value

    def __reduce__(self) -> str:
        """Pickled by name, as the module-level function it stands for."""
        return self.__qualname__

    def cache_info(self) -> object:
        """The wrapped cache's figures (hits, misses: lookups the identity front passed on)."""
        info = getattr(self._function, "cache_info", None)
        return None if info is None else info()

    def cache_clear(self) -> None:
        """Forget every answer, here and in the wrapped cache (tests that patch a rule)."""
        self._recent.clear()
        clear = getattr(self._function, "cache_clear", None)
        if clear is not None:
            clear()


def by_identity(function: Callable[[Key], Value]) -> IdentityCache[Key, Value]:
    """Wrap ``function`` (cached by value) in an identity-first cache."""
    return IdentityCache(function)
