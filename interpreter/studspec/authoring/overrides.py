"""What a rule book made with ``extends`` changes in the book it starts from.

A house rule is read as the full rules with the points it changes marked, so a card room
sees both what it plays and where it departs from the book it copied. The parent is the
one the book's own file names in ``extends`` (read from the YAML itself, not from the
merged result); the changes are the differences between the two merged books, option by
option, streets matched by id. An option set to the value it already had is no change.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import MISSING as MISSING_FIELD
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from studspec.errors import SpecError
from studspec.rulebook import builtin_path, load_variant
from studspec.rulebook.merge import parent_of
from studspec.rulebook.model import Street, Variant
from studspec.rulebook.yamlload import load_document

from .phrases import schema_default

IDENTITY = frozenset({"schema_version", "extends", "name", "title", "description", "phh_codes"})
"""Top-level keys that name a book rather than state a rule: never reported as changes."""


@dataclass(frozen=True)
class Change:
    """One option whose value differs from the parent book's."""

    option: str
    """Dotted path: ``stakes.ante``, ``streets.fourth.bet``, ``pots.shares``."""
    before: Any
    after: Any


@dataclass(frozen=True)
class Lineage:
    """The book a rule book extends, and what it changes there."""

    parent: Variant
    reference: str
    """How the book names its parent (its ``extends`` value)."""
    changes: tuple[Change, ...]

    def touches(self, options: tuple[str, ...]) -> bool:
        """Whether any change is to one of ``options``, inside one, or contains one."""
        return any(related(change.option, option) for change in self.changes for option in options)


class _Missing:
    """A value a book does not state (and the schema gives no default for)."""

    def __repr__(self) -> str:
        return "(not set)"


MISSING: Any = _Missing()


def related(a: str, b: str) -> bool:
    """Whether dotted options ``a`` and ``b`` are the same, or one lies inside the other."""
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _own_file(variant: Variant) -> Path | None:
    source = variant.source
    if source.startswith("builtin:"):
        return builtin_path(source.split(":", 1)[1])
    path = Path(source)
    return path if path.is_file() else None


def lineage(variant: Variant) -> Lineage | None:
    """The parent and the changes of ``variant``, or ``None`` if it extends nothing."""
    path = _own_file(variant)
    if path is None:
        return None
    doc, _problems = load_document(path)
    if doc is None or not isinstance(doc.data, dict) or "extends" not in doc.data:
        return None
    found = parent_of(doc, path.resolve())
    if found is None or isinstance(found, SpecError):
        return None
    parent = load_variant(str(found[0]))
    changes = tuple(differences(parent.resolved, variant.resolved))
    return Lineage(parent=parent, reference=str(doc.data["extends"]), changes=changes)


def _lookup(book: Mapping[str, Any], option: str) -> Any:
    """The book's value of ``option``; the schema's default (so that stating a default is no
    change), or :data:`MISSING`, when the book leaves it out."""
    node: Any = book
    for part in option.split("."):
        if not isinstance(node, Mapping) or part not in node:
            default = schema_default(option)
            return MISSING if default is None else default
        node = node[part]
    return node


def _leaves(book: Mapping[str, Any], prefix: str = "") -> Iterator[str]:
    for key, value in book.items():
        path = f"{prefix}.{key}" if prefix else key
        if not prefix and (key in IDENTITY or key == "streets"):
            continue
        if isinstance(value, Mapping):
            yield from _leaves(value, path)
        else:
            yield path


def differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> Iterator[Change]:
    """Every option whose value differs between two merged books, in the books' order."""
    seen: set[str] = set()
    for option in [*_leaves(after), *_leaves(before)]:
        if option in seen:
            continue
        seen.add(option)
        old, new = _lookup(before, option), _lookup(after, option)
        if old != new:
            yield Change(option, old, new)
    yield from _street_differences(before.get("streets", []), after.get("streets", []))


def _street_defaults() -> dict[str, Any]:
    """What a street field means when a book leaves it out (``bring_in: false``...)."""
    return {f.name: f.default for f in fields(Street) if f.default is not MISSING_FIELD}


def _street_differences(before: list[Any], after: list[Any]) -> Iterator[Change]:
    defaults = _street_defaults()
    old = {s.get("id"): s for s in before if isinstance(s, Mapping)}
    new = {s.get("id"): s for s in after if isinstance(s, Mapping)}
    if list(old) != list(new):
        # A new list of streets: a street that keeps a name (five-card stud's third) is
        # another street, so the lists are shown whole rather than compared by id.
        yield Change("streets", [_street_summary(s) for s in old.values()], [_street_summary(s) for s in new.values()])
        return
    for sid, street in new.items():
        for key in [*street, *(k for k in old[sid] if k not in street)]:
            fallback = defaults.get(key, MISSING)
            a, b = old[sid].get(key, fallback), street.get(key, fallback)
            if a != b:
                yield Change(f"streets.{sid}.{key}", a, b)


def _street_summary(street: Mapping[str, Any]) -> str:
    """One street in a few words: ``second (down up, small, bring-in)``; a step of decisions
    alone ``discard (no cards, discard, no betting)``."""
    parts = [" ".join(str(face) for face in street.get("deal", ())) or "no cards"]
    parts += [str(decision.get("decide")) for decision in street.get("decisions", ()) if isinstance(decision, Mapping)]
    if street.get("bet") is not None:
        parts.append(str(street["bet"]))
    if street.get("bring_in"):
        parts.append("bring-in")
    if street.get("betting") is False:
        parts.append("no betting")
    return f"{street.get('id')} ({', '.join(parts)})"


def shown(value: Any) -> str:
    """A value the way the YAML would write it (``true``, ``null``, ``[down, up]``)."""
    if value is MISSING:
        return "(not set)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {shown(v)}" for k, v in value.items()) + "}"
    return str(value)
