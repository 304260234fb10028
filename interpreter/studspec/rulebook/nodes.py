"""Where in a rule book a problem is: node paths, their labels, and the reporting order.

The error class itself is :class:`studspec.errors.SpecError`; this module holds what the
spec layer needs to point one at a node and to report many problems once each, in order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from studspec.errors import NodePath, SpecError

__all__ = ["NodePath", "excerpt", "node_label", "unique_sorted"]

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]+")

EXCERPT_CHARS = 40
"""The most characters of a key or value from the file that an error message quotes."""


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """``text`` quoted (``repr``, so control characters are escaped), cut to ``limit`` characters.

    A rule book is untrusted input and an error line is shown to people and logs: a key or
    value is quoted to say which one is meant, never to copy the file into the output.
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}..."


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
        elif not _PLAIN_KEY.fullmatch(part) or len(part) > EXCERPT_CHARS:
            text += f"[{excerpt(part)}]"
        else:
            text += f".{part}" if text else part
    return text or "top level"
