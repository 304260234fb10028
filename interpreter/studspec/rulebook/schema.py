"""JSON Schema validation of a rule book, with errors that say what is allowed.

jsonschema's own messages ("Additional properties are not allowed") name neither the place
nor the choices; here each error is turned into one :class:`SpecError` at the offending
node's ``line:col`` that names the key or value at fault and lists what the schema allows
(the allowed keys, the enum values, the expected type, the range).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from studspec.errors import SpecError

from .catalog import schema_path
from .nodes import EXCERPT_CHARS, NodePath, excerpt
from .yamlload import Document


@lru_cache(maxsize=1)
def load_schema() -> dict[str, Any]:
    """The rule-book schema (``schema/variant.schema.json``), read once."""
    with schema_path().open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    """A validator for the schema, built once (the schema is checked against its metaschema)."""
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _dereferenced(node: Any, schema: dict[str, Any]) -> Any:
    """``node``, or the definition it names when it is a ``{"$ref": "#/$defs/..."}``: a
    street's decisions are items of ``$defs/decision``, and their options (``streets.decisions.decide``)
    are walked like any other."""
    if isinstance(node, dict) and "$ref" in node:
        return schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def options() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every option leaf of the schema as ``(dotted name, schema node)``.

    Names are those :func:`option_values` takes: ``bring_in.card``, ``streets.bet`` (a
    street's field), ``pots.shares.hand`` (an item's field). A conformance case names the
    options it covers this way (``_options``).
    """
    schema = load_schema()

    def walk(node: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
        props = node.get("properties")
        if props:
            for key, child in props.items():
                yield from walk(child, f"{path}.{key}" if path else key)
            return
        items = _dereferenced(node.get("items"), schema)
        if node.get("type") == "array" and isinstance(items, dict) and "properties" in items:
            yield from walk(items, path)
            return
        yield path, node

    for name, node in walk({"properties": schema["properties"]}, ""):
        if name != "streets":
            yield name, node
    yield from walk(schema["$defs"]["street"], "streets")


def option_values(option: str) -> list[str]:
    """The values the schema allows for a dotted option (``"bring_in.card"``, ``"streets.bet"``,
    ``"pots.shares.hand"``).

    The interpreter's rule registries are keyed by these values; a test can compare the two.
    """
    schema = load_schema()
    first, *rest = option.split(".")
    node: dict[str, Any] = schema["$defs"]["street"] if first == "streets" else schema["properties"][first]
    for part in rest:
        if node.get("type") == "array":
            node = _dereferenced(node["items"], schema)
        node = node["properties"][part]
    if "enum" not in node and "items" in node:
        node = node["items"]
    if node.get("type") == "boolean":
        return ["true", "false"]  # as the phrases name them
    return list(node["enum"])


_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}

_PATTERN_HINTS = {
    "^[a-z0-9]+(-[a-z0-9]+)*$": "lowercase letters and digits in words joined by single dashes, e.g. seven-card-stud",
    "^[a-z][a-z0-9]*(-[a-z0-9]+)*$": "lowercase letters, digits and single dashes, starting with a letter, e.g. fourth",
    "^\\s*[2-9TJQKA][cdhs](\\s+[2-9TJQKA][cdhs]){4}\\s*$": "five cards separated by spaces, each a rank (2-9, T, "
    "J, Q, K, A) and a suit (c, d, h, s), e.g. 9s 9h 8d 8c 5s",
}


def _shown(value: Any) -> str:
    """A value as it would be written in the YAML, quoted when it is text (a short excerpt
    of a long text: an error names the value, it does not copy the file)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return excerpt(value)
    text = repr(value)
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "..."


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    for kind, name in (
        (dict, "a mapping"),
        (list, "a list"),
        (str, "a string"),
        (int, "an integer"),
        (float, "a number"),
        (type(None), "null"),
    ):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def _allowed_list(values: Iterable[Any]) -> str:
    return ", ".join(str(v) if isinstance(v, str) else _shown(v) for v in values)


Formatter = Callable[[Document, ValidationError, NodePath], list[SpecError]]
_FORMATTERS: dict[str, Formatter] = {}


def _schema_of(error: ValidationError) -> Mapping[str, Any]:
    """The schema node that refused the value (the stubs allow a bool or unset there)."""
    return error.schema if isinstance(error.schema, Mapping) else {}


def _value_of(error: ValidationError) -> Any:
    """The keyword's value in the schema (``enum``'s list, ``minimum``'s number...)."""
    value: Any = error.validator_value
    return value


def _instance_of(error: ValidationError) -> Any:
    """The value in the rule book that the schema refused."""
    value: Any = error.instance
    return value


def _formats(keyword: str) -> Callable[[Formatter], Formatter]:
    """Register the formatter of one JSON Schema keyword's errors (as jsonschema does)."""

    def register(function: Formatter) -> Formatter:
        _FORMATTERS[keyword] = function
        return function

    return register


@_formats("additionalProperties")
def _unknown_keys(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    allowed = list(_schema_of(error).get("properties", {}))
    found = [key for key in _instance_of(error) if key not in allowed]
    listed = ", ".join(allowed)
    return [doc.error((*node, key), f"unknown key {excerpt(key)}; allowed keys: {listed}", key=True) for key in found]


EVERY_BOOK = "schema_version"
"""The one section every rule book states, with ``extends`` or without (the schema's top ``required``)."""


def _missing_keys(error: ValidationError) -> list[str]:
    present = _instance_of(error) if isinstance(_instance_of(error), dict) else {}
    return [key for key in _value_of(error) if key not in present]


@_formats("required")
def _missing(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    missing = _missing_keys(error)
    listed = ", ".join(_value_of(error))
    if node != ():
        return [doc.error(node, f"missing required key {key!r}; required keys: {listed}", key=True) for key in missing]
    if list(error.relative_schema_path) == ["required"]:  # the top's own: every book
        return [
            doc.error(
                node,
                f"missing required section {key!r}; every rule book states {EVERY_BOOK}: 1, "
                "with `extends` or without (write it as the first line)",
                key=True,
            )
            for key in missing
        ]
    return [
        doc.error(
            node, f"missing required section {key!r}; a rule book without `extends` must state: {listed}", key=True
        )
        for key in missing
        if key != EVERY_BOOK  # reported once, by the top's own `required`
    ]


@_formats("enum")
def _not_in_enum(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    allowed = _allowed_list(_value_of(error))
    return [doc.error(node, f"{_shown(_instance_of(error))} is not one of the allowed values: {allowed}")]


@_formats("const")
def _not_const(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    return [
        doc.error(
            node, f"{_shown(_instance_of(error))} is not allowed; the only allowed value is {_shown(_value_of(error))}"
        )
    ]


@_formats("type")
def _wrong_type(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    kinds = _value_of(error) if isinstance(_value_of(error), list) else [_value_of(error)]
    expected = " or ".join(_TYPE_NAMES.get(str(k), str(k)) for k in kinds)
    got = f"{_type_name(_instance_of(error))} {_shown(_instance_of(error))}"
    if isinstance(_instance_of(error), (dict, list)):
        got = _type_name(_instance_of(error))
    if node == ("streets",) and isinstance(_instance_of(error), dict) and kinds == ["array"]:
        return [
            doc.error(
                node,
                "a mapping of street patches is allowed only in a rule book with `extends` that "
                "has streets to patch; expected a list of streets",
            )
        ]
    if node == () and _instance_of(error) is None:
        return [doc.error(node, "the rule book is empty; expected a mapping of sections")]
    if node == ():  # never quote it: the file may be anything (extends: ../../etc/passwd)
        return [doc.error(node, f"{NOT_A_MAPPING} (it reads as {_type_name(_instance_of(error))})")]
    return [doc.error(node, f"expected {expected}, got {got}")]


def _range(schema: Mapping[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f"allowed: {low} to {high}"
    if low is not None:
        return f"allowed: {low} or more"
    return f"allowed: {high} or less"


@_formats("minimum")
@_formats("maximum")
def _out_of_range(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    side = "below the minimum" if error.validator == "minimum" else "above the maximum"
    return [doc.error(node, f"{_shown(_instance_of(error))} is {side} {_value_of(error)}; {_range(_schema_of(error))}")]


@_formats("pattern")
def _bad_pattern(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    hint = _PATTERN_HINTS.get(_value_of(error), f"text matching {_value_of(error)}")
    return [doc.error(node, f"{_shown(_instance_of(error))} is not allowed; expected {hint}")]


@_formats("minItems")
def _too_few(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    count = len(_instance_of(error))
    return [doc.error(node, f"has {count} item{'s' * (count != 1)}; at least {_value_of(error)} required")]


@_formats("maxItems")
def _too_many(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    count = len(_instance_of(error))
    return [doc.error(node, f"has {count} items; at most {_value_of(error)} allowed")]


@_formats("minLength")
def _too_short(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    return [doc.error(node, "must not be empty; expected at least one character")]


@_formats("uniqueItems")
def _repeated(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    return [doc.error(node, "lists the same value twice; each item may appear once")]


def _fallback(doc: Document, error: ValidationError, node: NodePath) -> list[SpecError]:
    message = error.message if len(error.message) <= 120 else error.message[:120] + "..."
    return [doc.error(node, message)]


NOT_A_MAPPING = (
    "not a rule book: not a YAML mapping; a rule book is a mapping of sections that starts with schema_version: 1"
)


@dataclass(frozen=True)
class SchemaCheck:
    """What the schema says of a document: the problems, and the nodes it refused.

    ``invalid`` holds the node of every refused value, and for a missing key the node that
    key would have been: what later checks must not read. An unknown key refuses nothing
    else (checks never read it), so it is not listed.
    """

    errors: list[SpecError]
    invalid: frozenset[NodePath]


def _refused(error: ValidationError, node: NodePath) -> list[NodePath]:
    if error.validator == "additionalProperties":
        return []
    if error.validator == "required":
        return [(*node, key) for key in _missing_keys(error)]
    return [node]


def schema_check(doc: Document) -> SchemaCheck:
    """:func:`schema_errors` of ``doc``, and the nodes the schema refused."""
    raw = [e for e in validator().iter_errors(doc.data) if not doc.is_unreadable(tuple(e.absolute_path))]
    invalid = frozenset(refused for error in raw for refused in _refused(error, tuple(error.absolute_path)))
    return SchemaCheck(_formatted(doc, raw), invalid)


def schema_errors(doc: Document) -> list[SpecError]:
    """Every schema problem of ``doc``, one :class:`SpecError` each, at the node's place.

    When a node has the wrong type, the other complaints about that same node (its enum,
    its pattern, a second ``type`` from a conditional branch) are consequences and are dropped;
    so are complaints inside values the YAML loader already refused.
    """
    return schema_check(doc).errors


def _formatted(doc: Document, raw: list[ValidationError]) -> list[SpecError]:
    """The formatted problems of ``raw``: a node's type error first, and alone."""
    nodes = [tuple(error.absolute_path) for error in raw]
    mistyped: set[NodePath] = set()
    picked: list[tuple[ValidationError, NodePath]] = []
    for error, node in zip(raw, nodes):
        if error.validator == "type" and node not in mistyped:
            mistyped.add(node)
            picked.append((error, node))
    for error, node in zip(raw, nodes):
        if node not in mistyped:
            picked.append((error, node))
    found: list[SpecError] = []
    for error, node in picked:
        formatter = _FORMATTERS.get(str(error.validator), _fallback)
        found.extend(formatter(doc, error, node))
    return found
