"""Every rule option is exercised by the option cases (tests/conformance/options): give any
option value the function of another value, and at least one case fails (issue 3: "fail
if the option is ignored or given its other value").

The cases themselves were written from the seeds and the WSOP/TDA rules; this test only
checks that each one can catch a rule book whose option is not carried out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from conftest import ROOT
from studspec.conformance.adapter import InProcessEngine
from studspec.conformance.case import find_cases
from studspec.conformance.runner import run_case
from studspec.engine import rules
from studspec.engine.machine import compile_variant
from studspec.engine.registry import Registry
from studspec.rulebook import option_values

OPTIONS = ROOT / "tests" / "conformance" / "options"
CASES = sorted(find_cases([OPTIONS]))

OPTION_REGISTRIES: list[Registry[Any]] = [
    rules.BRING_IN_CARD,
    rules.BRING_IN_TIES,
    rules.BRING_IN_ALL_IN_FOR_ANTE,
    rules.BRING_IN_COMPLETION,
    rules.OPEN_PAIR,
    rules.FIRST_TO_ACT_TIES,
    rules.STRUCTURES,
    rules.HEADS_UP,
    rules.SHORT_ALL_IN,
    rules.COMMUNITY_CARD_ROUND,
    rules.BURN,
    rules.EXHAUSTION,
    rules.SHOWDOWN_ORDER,
    rules.SHOWDOWN_DECLARE,
    rules.DECKS,
    rules.WILD_FOLLOW,
    rules.WILD_JOKERS,
    rules.WILD_PER_PLAYER,
    rules.WILD_BOARD,
    rules.WILD_FLUSH,
    rules.TRIGGER_EFFECTS,
    rules.TRIGGER_PRICES,
    rules.ODD_CHIP,
]


UNOBSERVABLE = {("deck.exhaustion", "none")}
"""A book with exhaustion none always has cards enough (``studspec validate`` insists), so
its hands never reach the exhaustion rule: nothing a case plays can tell it apart."""


def swaps() -> Iterator[tuple[Registry[Any], str, str]]:
    """Each value in turn given the function of every other value of its option."""
    for registry in OPTION_REGISTRIES:
        values = option_values(registry.option)
        for value in values:
            for other in values:
                if other != value and (registry.option, value) not in UNOBSERVABLE:
                    yield registry, value, other


def failures() -> list[str]:
    compile_variant.cache_clear()
    engine = InProcessEngine()
    try:
        return [str(path) for path in CASES if not run_case(path, engine).passed]
    finally:
        engine.close()


def test_the_option_cases_pass() -> None:
    assert len(CASES) >= 40
    assert failures() == []


@pytest.mark.parametrize(
    ("registry", "value", "other"), list(swaps()), ids=lambda v: v.option if isinstance(v, Registry) else str(v)
)
def test_an_option_given_another_value_fails_a_case(
    registry: Registry[Any], value: str, other: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._entries, value, registry._entries[other])
    try:
        assert failures(), f"no option case notices {registry.option}: {value} playing as {other}"
    finally:
        compile_variant.cache_clear()


def test_every_option_value_is_named_by_a_case() -> None:
    """At least two cases play a rule book that sets each non-default option value."""
    texts = [path.read_text(encoding="utf-8") for path in CASES]
    books = {path.name: path.read_text(encoding="utf-8") for path in (OPTIONS / "books").glob("*.yaml")}
    repo_books = {path.stem: path.read_text(encoding="utf-8") for path in (ROOT / "variants").glob("*.yaml")}

    def book_text(text: str) -> str:
        name = text.split('_variant = "', 1)[1].split('"', 1)[0]
        if name.startswith("books/"):
            return books[name.removeprefix("books/")]
        return repo_books[name]

    for registry in OPTION_REGISTRIES:
        for value in option_values(registry.option):
            users = [t for t in texts if value in book_text(t) or value in t]
            if value in ("none", "seat", "suit", "capped", "normal", "fixed-limit", "big-bet-optional"):
                continue  # defaults and shared words: covered by the swap test above
            assert len(users) >= 2, f"{registry.option}: {value} is played by {len(users)} case(s)"
