"""A named table of rule functions, the way jsonschema maps a keyword to a function.

Every option value a rule book may name (``lowest-ace-high``, ``fixed-limit``) is a key in
one of these tables; the interpreter looks the function up once, when it compiles a rule
book, and never asks which variant it is running.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from studspec.errors import UnknownRuleError

T = TypeVar("T")


class Registry(Generic[T]):
    """Functions (or objects) keyed by the option value that selects them."""

    def __init__(self, option: str) -> None:
        self.option = option
        self._entries: dict[str, T] = {}

    def register(self, name: str) -> Callable[[T], T]:
        def add(entry: T) -> T:
            if name in self._entries:
                raise ValueError(f"{self.option}: {name!r} is registered twice")
            self._entries[name] = entry
            return entry

        return add

    def add(self, name: str, entry: T) -> None:
        self.register(name)(entry)

    def __getitem__(self, name: str) -> T:
        try:
            return self._entries[name]
        except KeyError:
            known = ", ".join(sorted(self._entries))
            raise UnknownRuleError(f"{self.option}: no rule named {name!r}; known: {known}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def names(self) -> list[str]:
        return sorted(self._entries)
