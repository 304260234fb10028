"""Caches looked up by the object itself before its value: for rule books, asked per hand.

A :class:`~studspec.rulebook.model.Variant` is a frozen dataclass, so ``functools`` caches hash it
field by field, nested streets and stakes included, on every call: about 4 µs, paid for
every hand dealt and every decision a built-in player makes. Nearly every call passes the
very object seen last time, so :func:`by_identity` first looks for that object (by ``id``,
confirmed with ``is``) and only on a miss asks the wrapped, value-keyed cache, which still
shares one result between equal rule books loaded twice.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from typing import Protocol, TypeVar, cast

Key = TypeVar("Key")
Value = TypeVar("Value")
Key_contra = TypeVar("Key_contra", contravariant=True)
Value_co = TypeVar("Value_co", covariant=True)

RECENT = 64
"""Objects remembered by identity; each entry keeps its object alive, so ids stay unique."""


class IdentityCache(Protocol[Key_contra, Value_co]):
    """What :func:`by_identity` returns: the function, plus the wrapped cache's controls."""

    def __call__(self, key: Key_contra) -> Value_co: ...

    def cache_info(self) -> object:
        """The wrapped cache's figures (hits, misses: lookups the identity front passed on)."""
        ...

    def cache_clear(self) -> None:
        """Forget every answer, here and in the wrapped cache (tests that patch a rule)."""
        ...


def by_identity(function: Callable[[Key], Value]) -> IdentityCache[Key, Value]:
    """Wrap ``function`` (cached by value) in an identity-first cache.

    The wrapper is a plain function, not an object with ``__call__``: calling an instance
    goes through its type's slot and costs about 150 ns more, and players ask several of
    these a decision. Being a function named as the one it wraps, it pickles by name."""
    recent: dict[int, tuple[Key, Value]] = {}

    def cached(key: Key) -> Value:
        seen = recent.get(id(key))
        if seen is not None and seen[0] is key:
            return seen[1]
        value = function(key)
        if len(recent) >= RECENT:
            recent.pop(next(iter(recent), -1), None)  # another thread may have just done so
        recent[id(key)] = (key, value)
        return value

    def cache_info() -> object:
        info = getattr(function, "cache_info", None)
        return None if info is None else info()

    def cache_clear() -> None:
        recent.clear()
        clear = getattr(function, "cache_clear", None)
        if clear is not None:
            clear()

    update_wrapper(cached, function)
    cached.cache_info = cache_info  # type: ignore[attr-defined]
    cached.cache_clear = cache_clear  # type: ignore[attr-defined]
    return cast(IdentityCache[Key, Value], cached)
