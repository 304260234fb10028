"""docs/rulebooks.md is generated from the schema, so it cannot drift from the contract; the
docstring examples run; docs/stud-family.md names books that exist."""

from __future__ import annotations

import doctest
import importlib
import re

import pytest

from conftest import ROOT
from studspec.authoring.docgen import reference
from studspec.rulebook import load_variant, option_values


def test_rulebook_reference_is_up_to_date() -> None:
    page = (ROOT / "docs" / "rulebooks.md").read_text(encoding="utf-8")
    assert page == reference(), "regenerate: python -m studspec.authoring.docgen > docs/rulebooks.md"


def test_reference_lists_every_option_value() -> None:
    page = reference()
    decisions = [
        f"streets.decisions.{key}" for key in ("decide", "cards", "order", "price", "replacement", "direction")
    ]
    for option in (
        "bring_in.card",
        "first_to_act.board",
        "deck.exhaustion",
        "pots.shares.hand",
        "streets.bet",
        *decisions,
    ):
        for value in option_values(option):
            assert f"`{value}`" in page


# --- examples that run (issue 22) -----------------------------------------------------------

DOCTESTED = (
    "studspec",
    "studspec.engine.hand",
    "studspec.engine.actions",
    "studspec.engine.cards",
    "studspec.rulebook.loader",
    "studspec.history.phh",
)
"""The front door and the functions a program calls first carry examples that run."""


@pytest.mark.parametrize("module", DOCTESTED)
def test_the_docstring_examples_run(module: str) -> None:
    imported = importlib.import_module(module)
    result = doctest.testmod(imported, optionflags=doctest.ELLIPSIS, report=False)
    assert result.attempted > 0 and result.failed == 0, result


def _pycon(text: str) -> str:
    """The lines of a ``pycon`` block of the README, or of an indented doctest, unindented."""
    return "\n".join(line.strip() for line in text.strip().splitlines())


def test_the_readmes_example_is_the_front_doors_and_runs() -> None:
    """The README's Python example is the front door's doctest, character for character,
    and runs as a doctest itself: neither can drift from the other or from the code."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```pycon\n", 1)[1].split("```", 1)[0]
    docstring = importlib.import_module("studspec").__doc__ or ""
    example = docstring.split("\n\n")[2]
    assert _pycon(block) == _pycon(example)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


# --- the stud family (issue 24) ---------------------------------------------------------------

FAMILY_PAGE = ROOT / "docs" / "stud-family.md"


def _family_rows(page: str, title: str) -> list[list[str]]:
    """The rows of the games table under ``## title``, as cells."""
    table = page.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| game ")]
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines]


def test_the_stud_family_page_counts_its_games_and_every_link_resolves() -> None:
    """docs/stud-family.md: 107 games, the counts it states are its rows', and every book it
    links to is in the repository."""
    page = FAMILY_PAGE.read_text(encoding="utf-8")
    groups = {
        title: _family_rows(page, title)
        for title in (
            "Games studspec writes",
            "Games studspec writes with one rule different",
            "Games studspec cannot write yet",
        )
    }
    sizes = [len(rows) for rows in groups.values()]
    assert sum(sizes) == 107
    assert f"Of 107 games, {sizes[0]} are yes, {sizes[1]} approx and {sizes[2]} not yet." in page
    for target in re.findall(r"\]\(([^)#]+)\)", page):
        if not target.startswith("http"):
            assert (FAMILY_PAGE.parent / target).resolve().exists(), target


def test_every_stud_family_book_and_every_shipped_decision_book_is_named() -> None:
    """Each book of tests/data/stud-family/ and each built-in book with decisions about cards
    is linked from the page; a game the page calls writable whose needs are all decisions
    about cards names the book that writes it."""
    page = FAMILY_PAGE.read_text(encoding="utf-8")
    linked = {(FAMILY_PAGE.parent / target).resolve() for target in re.findall(r"\]\(([^)#]+\.yaml)\)", page)}
    family = set((ROOT / "tests" / "data" / "stud-family").glob("*.yaml"))
    shipped = {
        path
        for path in (ROOT / "variants").glob("*.yaml")
        if any(street.decisions for street in load_variant(str(path)).streets)
    }
    assert {path.resolve() for path in family | shipped} <= linked
    decisions = {"CHOOSE_UP", "DISCARD", "DRAW", "BUY", "PASS", "SPLIT_HAND"}
    for game, _source, needs, how in _family_rows(page, "Games studspec writes"):
        if needs != "-" and set(needs.split(", ")) <= decisions:
            assert ".yaml)" in how, f"{game}: no book named"
