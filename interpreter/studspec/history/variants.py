"""Which rule book plays a hand history: ``_variant`` if the file names one, else the
built-in book whose ``phh_codes`` list the file's ``variant`` code.

``_variant`` is a built-in book's name or the path of a ``.yaml`` rule book, read relative to
the history's file (then to the current directory). Nothing else is opened: a history is
untrusted input, and whatever it names that is not a rule book is refused without quoting
the file. A named book that does not load is reported by where its first problem is, never
by its content; ``studspec validate`` lists the problems.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from studspec.errors import RuleBookOutsideError, SpecError, SpecErrors, VariantLookupError
from studspec.rulebook import load_variant
from studspec.rulebook.catalog import builtin_names, is_builtin_name
from studspec.rulebook.model import Variant

from .phh import History

RULEBOOK_SUFFIXES = (".yaml", ".yml")
"""What the path of a rule book named by ``_variant`` ends with."""

MAX_REFERENCE = 4096
"""Longest ``_variant`` accepted, in characters: the longest path most systems allow."""


@cache
def _codes() -> dict[str, str]:
    table: dict[str, str] = {}
    for name in builtin_names():
        for code in load_variant(name).phh_codes:
            table.setdefault(code, name)
    return table


def variant_for_code(code: str) -> Variant:
    name = _codes().get(code)
    if name is None:
        known = ", ".join(sorted(_codes()))
        raise VariantLookupError(
            f"no built-in rule book plays PHH variant {code!r}; known codes: {known} "
            "(a history of a book with no PHH code names the book in '_variant')"
        )
    return load_variant(name)


def _builtin(history: History, name: str) -> Variant:
    if name not in builtin_names():
        raise VariantLookupError(
            f"{history.path}: _variant {name!r} is no built-in rule book ({', '.join(builtin_names())}); "
            "a rule book from a file is named by its .yaml path"
        )
    return load_variant(name)


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file; a name the system refuses (too long, a NUL) is none."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


Folders = Iterable[str | os.PathLike[str]] | None
"""The folders a history's ``_variant`` (and every book it extends) may come from; ``None``:
anywhere. Built-in rule books may always be named."""


def _load_file(history: History, ref: str, path: Path, allowed: Folders) -> Variant:
    """The rule book at ``path``; if it does not load, where its problems are, not what they quote."""
    try:
        return load_variant(str(path), allowed=allowed)
    except SpecError as error:
        problems = error.errors if isinstance(error, SpecErrors) else (error,)
        outside = next((p for p in problems if isinstance(p, RuleBookOutsideError)), None)
        if outside is not None:
            raise VariantLookupError(f"{history.path}: _variant {ref!r}: {outside.path}: {outside.message}") from None
        first = problems[0]
        count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
        raise VariantLookupError(
            f"{history.path}: _variant {ref!r}: {path} is not a usable rule book ({count}, the first at "
            f"{first.path}:{first.line}:{first.col}); 'studspec validate {path}' lists them"
        ) from None


def _from_file(history: History, ref: str, allowed: Folders) -> Variant:
    if not ref.endswith(RULEBOOK_SUFFIXES):
        raise VariantLookupError(
            f"{history.path}: _variant {ref!r} is neither a built-in rule book name nor a .yaml path"
        )
    beside = Path(history.path).parent / ref
    for candidate in (beside, Path(ref)):
        if _is_file(candidate):
            return _load_file(history, ref, candidate, allowed)
    raise VariantLookupError(
        f"{history.path}: _variant {ref!r} not found (looked for {beside} and {Path(ref).absolute()}); "
        "a rule book path is taken relative to the history file"
    )


def variant_for_history(history: History, allowed: Folders = None) -> Variant:
    """The rule book that plays ``history``; :class:`VariantLookupError` says why there is none.

    With ``allowed`` folders, a ``_variant`` path (and every book it extends) must lie in one
    of them: a history from elsewhere cannot make the reader open any file it names."""
    ref = history.extra.get("_variant")
    if isinstance(ref, str) and ref:
        if len(ref) > MAX_REFERENCE:
            raise VariantLookupError(
                f"{history.path}: _variant is {len(ref):,} characters, too long for a rule book's name or path"
            )
        return _builtin(history, ref) if is_builtin_name(ref) else _from_file(history, ref, allowed)
    try:
        return variant_for_code(history.variant_code)
    except VariantLookupError as error:
        raise VariantLookupError(f"{history.path}: {error}") from None
