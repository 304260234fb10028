"""A rule book from its resolved JSON, as an engine receives it in a ``new_hand`` message.

The harness sends ``Variant.resolved`` (``extends`` already merged) so that an engine never
needs our YAML loader. The reference adapter must turn that JSON back into a Variant; it
checks it exactly as a YAML book is checked (schema, then semantic checks) and builds it with
the loader's own builder, so both routes give the same rules.

A name says little: a house book may call itself ``seven-card-stud`` and change every option.
So the harness also says whether the book is a built-in exactly as shipped
(:func:`is_unchanged_builtin`), and ``new_hand`` carries the book's digest (issue 23 item 6).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from studspec.errors import SpecError, SpecErrors
from studspec.rulebook.build import build_variant
from studspec.rulebook.catalog import builtin_names
from studspec.rulebook.checks import semantic_errors
from studspec.rulebook.loader import load_variant
from studspec.rulebook.model import Variant
from studspec.rulebook.schema import schema_errors
from studspec.rulebook.yamlload import Document

SOURCE = "<rulebook from new_hand>"


def variant_from_resolved(book: Mapping[str, Any]) -> Variant:
    """The Variant a resolved rule book describes; raises ``SpecErrors`` when it is invalid."""
    return _cached(json.dumps(book, sort_keys=True))


@lru_cache(maxsize=32)
def _cached(text: str) -> Variant:
    """One Variant per distinct rule book (a run sends the same few books again and again)."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise SpecErrors([SpecError(SOURCE, 1, 1, f"the rulebook must be a JSON object, not {type(data).__name__}")])
    data.pop("extends", None)  # already merged into the rest
    doc = Document(SOURCE, data)
    errors = schema_errors(doc)
    if not errors:
        errors = semantic_errors(doc)
    if errors:
        raise SpecErrors(errors)
    return build_variant(data, SOURCE)


def is_unchanged_builtin(variant: Variant) -> bool:
    """Whether ``variant`` is the built-in book of its name, option for option (a house book
    that reuses the name and changes anything, its title included, is not)."""
    if variant.name not in builtin_names():
        return False
    return dict(load_variant(variant.name).resolved) == dict(variant.resolved)
