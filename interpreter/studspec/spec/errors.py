"""The errors a rule book can raise, each pointing at one place in a YAML file.

Every problem, whether the YAML does not parse, the schema refuses a value or a semantic check
fails, becomes one :class:`SpecError` that prints as ``file:line:col: message``, the form
compilers and editors use, so a card room can jump straight to the line to fix.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]+")

NodePath = tuple[str | int, ...]
"""Where a value sits in a document: keys and list indexes from the top (``("streets", 0, "deal")``)."""


def _one_line(text: str) -> str:
    """``text`` with line breaks escaped, so that an error is always exactly one line."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


class SpecError(ValueError):
    """One problem in a rule book, at ``path:line:col`` (1-based).

    ``path`` is the file as the user named it (or the built-in file's path). Problems about a
    whole file (too large, unreadable, unknown rule book) point at line 1, column 1 so that
    every error line has the same shape.
    """

    def __init__(
        self,
        path: str,
        line: int,
        col: int,
        message: str,
        node: NodePath = (),
    ) -> None:
        self.path = _one_line(path)
        self.line = line
        self.col = col
        self.message = _one_line(message)
        self.node: NodePath = node
        """The document node the problem is about (empty for the whole file)."""
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SpecError):
            return NotImplemented
        return type(self) is type(other) and self.sort_key() == other.sort_key()

    def __hash__(self) -> int:
        return hash(self.sort_key())

    def sort_key(self) -> tuple[str, int, int, str]:
        """Order of reporting: by file, then line, column and message."""
        return (self.path, self.line, self.col, self.message)


class SpecErrors(SpecError):
    """All the problems of one rule book, raised by :func:`~studspec.spec.load_variant`.

    It is itself a :class:`SpecError` about the first problem, so ``except SpecError`` and
    ``str(err)`` (one line, the first problem plus how many more there are) work unchanged;
    ``errors`` holds every problem, in reporting order.
    """

    def __init__(self, errors: Sequence[SpecError]) -> None:
        if not errors:
            raise ValueError("SpecErrors needs at least one error")
        self.errors: tuple[SpecError, ...] = tuple(errors)
        first = self.errors[0]
        message = first.message
        if len(self.errors) > 1:
            more = len(self.errors) - 1
            message += f" (and {more} more problem{'s' if more > 1 else ''}; `studspec validate` lists all)"
        super().__init__(first.path, first.line, first.col, message, first.node)

    def lines(self) -> list[str]:
        """Every problem as one ``file:line:col: message`` line."""
        return [str(error) for error in self.errors]


def unique_sorted(errors: Iterable[SpecError], first_file: str | None = None) -> list[SpecError]:
    """Drop repeated problems and order them: ``first_file``'s first, then by file and line.

    The same problem can be found twice (in a file on its own, then in the merged document);
    it is reported once.
    """
    seen: dict[tuple[str, int, int, str], SpecError] = {}
    for error in errors:
        seen.setdefault(error.sort_key(), error)
    return sorted(seen.values(), key=lambda e: (e.path != first_file, *e.sort_key()))


def node_label(node: NodePath) -> str:
    """A node path as the user reads it: ``streets[0].deal``, or ``top level`` for the root."""
    text = ""
    for part in node:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not _PLAIN_KEY.fullmatch(part):
            text += f"[{part!r}]"
        else:
            text += f".{part}" if text else part
    return text or "top level"
