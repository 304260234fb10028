"""Which rule book plays a hand history: ``_variant`` if the file names one, else the
built-in book whose ``phh_codes`` list the file's ``variant`` code."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from studspec.errors import VariantLookupError
from studspec.spec import load_variant
from studspec.spec.catalog import builtin_names
from studspec.spec.model import Variant

from .phh import History


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
        raise VariantLookupError(f"no built-in rule book plays PHH variant {code!r}; known codes: {known}")
    return load_variant(name)


def variant_for_history(history: History) -> Variant:
    ref = history.extra.get("_variant")
    if isinstance(ref, str) and ref:
        if ref.endswith((".yaml", ".yml")):
            beside = Path(history.path).parent / ref
            for candidate in (beside, Path(ref)):
                if candidate.is_file():
                    return load_variant(str(candidate))
            raise VariantLookupError(
                f"{history.path}: _variant {ref!r} not found (looked for {beside} and {Path(ref).resolve()}); "
                "a rule book path is taken relative to the history file"
            )
        return load_variant(ref)
    try:
        return variant_for_code(history.variant_code)
    except VariantLookupError as error:
        raise VariantLookupError(f"{history.path}: {error}") from None
