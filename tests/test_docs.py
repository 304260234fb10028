"""docs/rulebooks.md is generated from the schema, so it cannot drift from the contract."""

from __future__ import annotations

from conftest import ROOT
from studspec.authoring.docgen import reference
from studspec.rulebook import option_values


def test_rulebook_reference_is_up_to_date() -> None:
    page = (ROOT / "docs" / "rulebooks.md").read_text(encoding="utf-8")
    assert page == reference(), "regenerate: python -m studspec.authoring.docgen > docs/rulebooks.md"


def test_reference_lists_every_option_value() -> None:
    page = reference()
    for option in ("bring_in.card", "first_to_act.board", "deck.exhaustion", "pots.shares.hand", "streets.bet"):
        for value in option_values(option):
            assert f"`{value}`" in page
