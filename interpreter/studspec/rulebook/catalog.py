"""Where the built-in rule books and the schema live, in a wheel or in a source checkout.

A wheel carries them as package data under ``studspec/_data/`` (pyproject force-includes
``variants/`` and ``schema/``); an editable install or a plain checkout reads the repository's
own ``variants/`` and ``schema/`` directories. Both are found from this file's location, never
from the working directory, so ``load_variant("razz")`` works wherever it is called.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from studspec.errors import RuleBookOutsideError, UnknownVariantError

_PACKAGE = Path(__file__).resolve().parent.parent
_DATA = _PACKAGE / "_data"
_CHECKOUT = _PACKAGE.parent.parent

BUILTIN_SUFFIX = ".yaml"


def _first_existing(relative: str) -> Path:
    """The packaged copy of ``relative`` if there is one, else the source checkout's."""
    packaged = _DATA / relative
    return packaged if packaged.exists() else _CHECKOUT / relative


def variants_dir() -> Path:
    """The directory of the built-in rule books."""
    return _first_existing("variants")


def schema_path() -> Path:
    """The rule-book JSON Schema (``variant.schema.json``)."""
    return _first_existing("schema/variant.schema.json")


@lru_cache(maxsize=1)
def _names() -> tuple[str, ...]:
    directory = variants_dir()
    if not directory.is_dir():
        return ()
    return tuple(sorted(p.stem for p in directory.glob(f"*{BUILTIN_SUFFIX}") if p.is_file()))


def builtin_names() -> list[str]:
    """The names of the built-in rule books (file stems of ``variants/*.yaml``), sorted."""
    return list(_names())


def is_builtin_name(text: str) -> bool:
    """Whether ``text`` reads as a rule book name rather than a path (no slash, no suffix)."""
    return bool(text) and "/" not in text and "\\" not in text and not text.endswith((".yaml", ".yml"))


def builtin_path(name: str) -> Path:
    """The file of the built-in rule book ``name``; :class:`UnknownVariantError` if none."""
    if name not in _names():
        known = ", ".join(_names()) or "(none found)"
        raise UnknownVariantError(f"unknown rule book {name!r}; built-in rule books: {known}")
    return variants_dir() / f"{name}{BUILTIN_SUFFIX}"


# --- where rule books may come from ---------------------------------------------------------

Folders = tuple[Path, ...]
"""Folders rule books may come from, each resolved (symlinks and ``..`` followed)."""

WHERE_FROM = (
    "rule books are built-in rule books, by name (see `studspec list`), or paths to .yaml files "
    "(an `extends` path is relative to the extending file)"
)
"""Where rule books come from, as the error messages say it."""


def allowed_folders(allowed: Iterable[str | os.PathLike[str]] | None) -> Folders | None:
    """``allowed`` as :data:`Folders` (``None``, the default: rule books may come from anywhere)."""
    if allowed is None:
        return None
    if isinstance(allowed, (str, os.PathLike)):
        allowed = (allowed,)
    return tuple(dict.fromkeys(Path(folder).resolve() for folder in allowed))


def outside(real: Path, folders: Folders | None) -> str | None:
    """Why the rule book at the resolved path ``real`` may not be read, or ``None`` if it may.

    A book may come from one of ``folders`` (anywhere if ``None``); the built-in books'
    folder is always allowed, since a built-in book extends built-in books by name.
    """
    if folders is None or any(real.is_relative_to(folder) for folder in (*folders, variants_dir().resolve())):
        return None
    listed = ", ".join(str(folder) for folder in folders) or "(none)"
    return f"is outside the folders rule books may come from: {listed} (built-in rule books may always be named)"


def confine(
    path: str | os.PathLike[str], allowed: Iterable[str | os.PathLike[str]] | None, shown: str | None = None
) -> Path:
    """The real path of the rule book at ``path``, if it lies in one of the ``allowed`` folders.

    ``path`` is resolved first (symlinks and ``..`` followed, relative to the working
    directory), so neither can lead out of a folder; the file need not exist. ``allowed``
    ``None`` allows any path; the built-in rule books' folder is always allowed. Raises
    :class:`~studspec.errors.RuleBookOutsideError` (a ``SpecError`` at ``shown``, default
    ``path``, line 1) naming the allowed folders. Nothing is opened or read.

    This is what :func:`~studspec.rulebook.load_variant` ``(..., allowed=...)`` checks for the
    book it is given and for every book reached through ``extends``; a caller that takes a
    rule book path from a file (a case's ``_variant``) may call it on its own first.
    """
    real = Path(path).resolve()
    why = outside(real, allowed_folders(allowed))
    if why is not None:
        name = shown if shown is not None else os.fspath(path)
        raise RuleBookOutsideError(name, 1, 1, f"this rule book {why}")
    return real
