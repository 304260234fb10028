"""The rule-book option reference (docs/rulebooks.md), generated from the schema.

Generated rather than written so that it cannot drift from the contract: a test compares
the file with what this module produces. Defaults are the values of the casino rule book
(seven-card-stud), which every other built-in book extends.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from studspec.rulebook import load_schema, load_variant

BASE_BOOK = "seven-card-stud"

HEADER = """# Rule book reference

Generated from `schema/variant.schema.json` by `python -m studspec.authoring.docgen > docs/rulebooks.md`;
do not edit by hand. A rule book is a YAML file; every option below is checked by
`studspec validate`, and each named value is backed by one function in the interpreter's
registry (`interpreter/studspec/engine/rules.py`). "Casino default" is the value in the built-in
`seven-card-stud` book, which the other built-in books extend.

A rule book with `extends` states only what differs: mappings merge deeply, lists replace,
and `streets` may be a mapping from street id to the fields to change.
"""


def _allowed(node: dict[str, Any]) -> str:
    if "enum" in node:
        return ", ".join(f"`{v}`" for v in node["enum"])
    if "const" in node:
        return f"`{node['const']}`"
    kinds = node.get("type", "")
    kinds = " or ".join(kinds) if isinstance(kinds, list) else kinds
    if kinds == "array" and "items" in node:
        return "list of " + _allowed(node["items"])
    bounds = []
    if "minimum" in node:
        bounds.append(f">= {node['minimum']}")
    if "maximum" in node:
        bounds.append(f"<= {node['maximum']}")
    if "pattern" in node:
        bounds.append("pattern `" + node["pattern"] + "`")
    return (kinds + (" " + ", ".join(bounds) if bounds else "")).strip() or "see description"


def _leaves(node: dict[str, Any], path: str, defs: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    if "$ref" in node:
        node = defs[node["$ref"].split("/")[-1]]
    props = node.get("properties")
    if props:
        for key, child in props.items():
            yield from _leaves(child, f"{path}.{key}" if path else key, defs)
        return
    items = node.get("items") or node.get("else", {}).get("items")
    kinds = node.get("type")
    if (
        (kinds == "array" or (isinstance(kinds, list) and "array" in kinds))
        and isinstance(items, dict)
        and ("properties" in items or "$ref" in items)
    ):
        yield from _leaves(items, path + "[]", defs)
        return
    yield path, node


def _default(resolved: dict[str, Any], path: str) -> str:
    value: Any = resolved
    for part in path.split("."):
        key = part[:-2] if part.endswith("[]") else part
        if not isinstance(value, dict) or key not in value:
            return ""
        value = value[key]
        if part.endswith("[]"):
            if not isinstance(value, list) or not value:
                return ""
            values = [v for v in value if isinstance(v, dict)]
            rest = path.split(part + ".", 1)[1] if part + "." in path else ""
            found = sorted({_default(v, rest) for v in values if rest} - {""})
            return " / ".join(found)
    if isinstance(value, (dict, list)) and not value:
        return ""
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def reference() -> str:
    """The whole reference page as Markdown."""
    schema = load_schema()
    defs = schema.get("$defs", {})
    resolved = dict(load_variant(BASE_BOOK).resolved)
    rows = ["| option | allowed values | casino default | meaning and source |", "|---|---|---|---|"]
    for path, node in _leaves(schema, "", defs):
        skip = path in ("name", "title", "description", "extends") or path.startswith("streets[]")
        default = "" if skip else _default(resolved, path)
        rows.append(
            f"| `{path}` | {_cell(_allowed(node))} | {_cell(default) and '`' + _cell(default) + '`'} "
            f"| {_cell(node.get('description', ''))} |"
        )
    streets = ["| street | deal | bet | bring_in | open_pair_big_bet |", "|---|---|---|---|---|"]
    for street in resolved["streets"]:
        streets.append(
            f"| `{street['id']}` | {', '.join(street['deal'])} | {street['bet']} "
            f"| {str(street.get('bring_in', False)).lower()} | {str(street.get('open_pair_big_bet', False)).lower()} |"
        )
    casino = "\n## The casino streets (`seven-card-stud`)\n\n" + "\n".join(streets) + "\n"
    return HEADER + "\n" + "\n".join(rows) + "\n" + casino


if __name__ == "__main__":
    print(reference(), end="")
