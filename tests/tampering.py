"""Hostile edits of a saved document, shared by the snapshot tests (tests/engine) and the
saved-game tests (tests/commands): any JSON value, and a document with one value replaced
wherever it sits, so both refusals are tried against the same kinds of damage."""

from __future__ import annotations

from hypothesis import strategies as st


def nested(depth: int) -> object:
    """Lists and ``{"streets": ...}`` mappings nested ``depth`` deep: deeper than any reader
    of a document may follow."""
    value: object = "x"
    for level in range(depth):
        value = {"streets": value} if level % 2 else [value]
    return value


# What a saved document holds, so that a replacement is sometimes almost right.
WORDS = ["act", "deal", "pb", "cc", "f", "cbr 400", "sm", "AsKd7h", "????2c", "razz", "studspec-hand", ""]
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([10**18, 2**257, -1, 0, 1, 9, 10])
    | st.integers(18, 5000).map(lambda digits: 10**digits)  # mapped: a strategy's repr shows no huge number
    | st.integers(4301, 5000).map(lambda digits: -(10**digits))
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(WORDS)
    | st.integers(30, 1000).map(nested)
)
JSON = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.sampled_from(WORDS), inner),
    max_leaves=8,
)


def value_paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON document, the whole document (``()``) included, as the keys and
    indexes that lead to it."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += value_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += value_paths(item, (*path, index))
    return found


def replaced(document: object, path: tuple[object, ...], new: object) -> object:
    """A copy of ``document`` with the value at ``path`` replaced by ``new`` (the original is
    left as it was: the saved documents are shared between examples)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(document, dict):
        return {**document, head: replaced(document[head], rest, new)}
    assert isinstance(document, list) and isinstance(head, int)
    return [*document[:head], replaced(document[head], rest, new), *document[head + 1 :]]
