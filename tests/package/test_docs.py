"""docs/rulebooks.md is generated from the schema, so it cannot drift from the contract."""

from __future__ import annotations

import doctest
import importlib

import pytest

from conftest import ROOT
from studspec.authoring.docgen import reference
from studspec.rulebook import option_values


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
