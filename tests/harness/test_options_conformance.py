"""Every rule option is exercised by the option cases (tests/conformance/options, and for the
decisions about cards tests/conformance/decisions): give any option value the function of
another value, and at least one case fails (issue 3: "fail if the option is ignored or given
its other value").

The cases themselves were written from the seeds, the WSOP/TDA rules and the games'
descriptions; this test only checks that each one can catch a rule book whose option is not
carried out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from studspec.conformance.adapter import InProcessEngine
from studspec.conformance.case import find_cases, load_case, option_names
from studspec.conformance.runner import run_case
from studspec.engine import rules
from studspec.engine.machine import compile_variant
from studspec.engine.registry import Registry
from studspec.rulebook import option_values

OPTIONS = ROOT / "tests" / "conformance" / "options"
DECISIONS = ROOT / "tests" / "conformance" / "decisions"
OPTION_CASES = sorted(find_cases([OPTIONS]))
DECISION_CASES = sorted(find_cases([DECISIONS]))
CASES = OPTION_CASES + DECISION_CASES

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
    rules.STREET_INDICATORS,
    rules.ODD_CHIP,
    rules.NOBODY_QUALIFIES,
    rules.DECISION_KINDS,
    rules.DECISION_CARDS,
    rules.DECISION_ORDER,
    rules.DECISION_PRICES,
    rules.DECISION_SHORT,
    rules.DECISION_REPLACEMENT,
    rules.DECISION_DIRECTION,
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


def cases_for(registry: Registry[Any]) -> list[Path]:
    """The cases that can notice a registry's value played as another: a decision's options
    only matter in books with decisions (tests/conformance/decisions), the others in the
    house-rule books (tests/conformance/options)."""
    return DECISION_CASES if registry.option.startswith("streets.decisions.") else OPTION_CASES


def failures(cases: Sequence[Path] = CASES, first_only: bool = False) -> list[str]:
    """The cases that fail; with ``first_only``, stop at the first (a swap needs only one)."""
    compile_variant.cache_clear()
    engine = InProcessEngine()
    failed: list[str] = []
    try:
        for path in cases:
            if not run_case(path, engine).passed:
                failed.append(str(path))
                if first_only:
                    break
        return failed
    finally:
        engine.close()


def test_the_option_cases_pass() -> None:
    assert len(OPTION_CASES) >= 40
    assert len(DECISION_CASES) >= 30
    assert failures() == []


@pytest.mark.parametrize(
    ("registry", "value", "other"), list(swaps()), ids=lambda v: v.option if isinstance(v, Registry) else str(v)
)
def test_an_option_given_another_value_fails_a_case(
    registry: Registry[Any], value: str, other: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._entries, value, registry._entries[other])
    try:
        assert failures(cases_for(registry), first_only=True), (
            f"no option case notices {registry.option}: {value} playing as {other}"
        )
    finally:
        compile_variant.cache_clear()


def test_every_option_value_is_named_by_a_case() -> None:
    """At least two cases play a rule book that sets each non-default option value."""
    texts = {path: path.read_text(encoding="utf-8") for path in CASES}

    def book_text(path: Path) -> str:
        """The text of the case's rule book: a file beside the case, or a built-in book."""
        name = texts[path].split('_variant = "', 1)[1].split('"', 1)[0]
        book = path.parent / name if name.endswith(".yaml") else ROOT / "variants" / f"{name}.yaml"
        return book.read_text(encoding="utf-8")

    for registry in OPTION_REGISTRIES:
        for value in option_values(registry.option):
            users = [t for path, t in texts.items() if value in book_text(path) or value in t]
            if value in ("none", "seat", "suit", "capped", "normal", "fixed-limit", "big-bet-optional"):
                continue  # defaults and shared words: covered by the swap test above
            assert len(users) >= 2, f"{registry.option}: {value} is played by {len(users)} case(s)"


DECISION_OPTIONS = ("streets.decisions.", "streets.betting", "pots.shares.set")
"""The options of decisions about cards (issue 24): a decision's fields, a street without
betting, and the share that reads a set hand."""


def test_every_decision_option_is_named_by_two_cases() -> None:
    """Each option of a decision, registry-backed or not (a count, keep, first_outranks, a
    street without betting, the set a share reads), is the subject of at least two decision
    cases (their ``_options``), so ``conform --option`` finds cases for every one."""
    named = [load_case(path).options for path in DECISION_CASES]
    options = [name for name in option_names() if name.startswith(DECISION_OPTIONS)]
    assert len(options) >= 16
    for option in options:
        users = [case for case in named if option in case]
        assert len(users) >= 2, f"{option} is named by {len(users)} decision case(s)"
