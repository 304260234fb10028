"""Where the built-in rule books and the schema live, in a wheel or in a source checkout.

A wheel carries them as package data under ``studspec/_data/`` (pyproject force-includes
``variants/`` and ``schema/``); an editable install or a plain checkout reads the repository's
own ``variants/`` and ``schema/`` directories. Both are found from this file's location, never
from the working directory, so ``load_variant("razz")`` works wherever it is called.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from studspec.errors import UnknownVariantError

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
