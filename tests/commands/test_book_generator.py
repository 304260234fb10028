"""The rule-book generator (tools/bookgen.py): a short run over books drawn from the schema
finds nothing, it covers every option value and every built-in parent, and it catches the
kinds of bug it exists for (issue 21 item 2: "every book either is refused by validate with
file:line:col or plays ... without any exception that is not a StudspecError").

The long run is ``python tools/bookgen.py --books 20000 --seed 7 --workers 2`` (README).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from studspec import builtin_names, validate_file
from studspec.rulebook import load_schema
from tools import bookgen

BOOKS = 5 * (len(builtin_names()) + 1)
"""Five books extending each built-in book, and five standalone ones (a book that asks
decisions about cards takes longer to play than another)."""


def test_a_short_run_finds_nothing() -> None:
    totals = bookgen.run(seed=1, start=0, books=BOOKS, workers=1)
    assert totals.findings == []
    assert totals.books == BOOKS
    # Both sides of the promise are exercised: books that play, and books that are refused.
    assert totals.valid >= BOOKS // 5 and totals.books - totals.valid >= BOOKS // 5
    assert totals.hands >= totals.valid * bookgen.HANDS_PER_BOOK // 2


def _values(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every (path, scalar) of a drawn book; list items share their list's path."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _values(value, (*path, str(key)))
    elif isinstance(node, list):
        for item in node:
            yield from _values(item, path)
    else:
        yield path, node


def _enums(node: Any, path: tuple[str, ...], schema: dict[str, Any]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every (path, value) the schema lists in an enum, paths as in :func:`_values`."""
    if not isinstance(node, dict):
        return
    if "$ref" in node:
        node = schema["$defs"][node["$ref"].removeprefix("#/$defs/")]
    for value in node.get("enum", ()):
        yield path, value
    for key, child in node.get("properties", {}).items():
        yield from _enums(child, (*path, key), schema)
    for part in ("items", "then", "else"):
        if part in node and part != "then":
            yield from _enums(node[part], path, schema)


def test_the_books_cover_every_option_value_and_every_parent() -> None:
    """Drawn from the schema: every value of every enum appears in some book, and every
    built-in book is extended."""
    schema = load_schema()
    drawn = [bookgen.draw_book(3, number) for number in range(400)]
    seen = {(path, value) for book in drawn for path, value in _values(book)}
    wanted = {(path, value) for path, value in _enums(schema, (), schema) if path != ("streets",)}
    missing = sorted(wanted - seen, key=str)
    assert missing == []
    assert {book.get("extends") for book in drawn} >= set(builtin_names())


def test_a_crash_in_a_command_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted bug: describe raises a KeyError on every book. Every valid book reports it."""
    from studspec.authoring import describe as describing

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("planted")

    monkeypatch.setattr(describing, "describe", broken)
    monkeypatch.setattr("studspec.cli.commands.describe.describe", broken, raising=False)
    totals = bookgen.run(seed=1, start=0, books=12, workers=1)
    assert totals.valid > 0
    assert {number for number, finding in totals.findings if finding.startswith("describe")}


def test_a_refusal_outside_the_users_file_is_a_finding(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A planted bug: every error points into another file. Every refused book reports it."""
    path = tmp_path / "bad.yaml"
    path.write_text("schema_version: 1\nextends: razz\nplayers: {max: 99}\n", encoding="utf-8")
    outcome = bookgen.Outcome(0)
    from studspec.errors import SpecError

    bookgen.check_refused(outcome, path, [SpecError("/elsewhere/razz.yaml", 3, 5, "players.max: too many")])
    assert outcome.findings and "not a FILE:LINE:COL line about" in outcome.findings[0]


def _decisions(book: dict[str, Any]) -> list[Any]:
    """The decisions a drawn book's streets ask (a list of streets, or patches by id)."""
    streets = book.get("streets")
    listed = streets if isinstance(streets, list) else list(streets.values()) if isinstance(streets, dict) else []
    asked = [street.get("decisions") for street in listed if isinstance(street, dict)]
    return [decision for decisions in asked if isinstance(decisions, list) for decision in decisions]


def test_about_a_third_of_the_books_ask_decisions_about_cards_and_most_of_those_validate(tmp_path: Path) -> None:
    """Issue 24: the generator draws books whose streets ask decisions about cards (turn up,
    discard, draw, buy, pass, set two hands), coherent often enough that many of them play."""
    drawn = [bookgen.draw_book(5, number) for number in range(150)]
    deciding = [book for book in drawn if _decisions(book)]
    assert len(deciding) >= len(drawn) // 5
    kinds = {d.get("decide") for book in deciding for d in _decisions(book) if isinstance(d, dict)}
    assert kinds == {"turn-up", "discard", "draw", "buy", "pass", "set-hands"}
    valid = 0
    for number, book in enumerate(deciding):
        path = tmp_path / f"deciding-{number}.yaml"
        path.write_text(yaml.safe_dump(book, sort_keys=False), encoding="utf-8")
        valid += not validate_file(path)
    assert valid >= len(deciding) // 3
