"""The conformance suite catches a wrong interpreter: break any one rule and a case fails.

Each mutation below swaps one rule of the interpreter for a plausible wrong one: a registry
entry a built-in rule book names (``studspec.engine.rules``), the hand ranking behind a pot share,
or one of the few rules coded in the hand, betting and settlement modules. The topical
cases (tests/conformance, without the option cases of issue 3) are then run in-process; at
least one case that passes against the real interpreter must fail against the mutant.

The cases were written from the rules, not from the interpreter's output; this test shows
that they are sharp enough to notice when the interpreter is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest

from conftest import ROOT
from studspec.conformance.adapter import InProcessEngine
from studspec.conformance.case import find_cases
from studspec.conformance.runner import run_case
from studspec.engine import betting, deck, rounds, rules, settlement
from studspec.engine.actions import ActionKind, LegalAction
from studspec.engine.cards import Card
from studspec.engine.evaluation import HIGH_BOARD, RANKINGS, Ranking
from studspec.engine.machine import compile_variant
from studspec.engine.shares import RankedShare

SUITE = ROOT / "tests" / "conformance"
HOUSE_FOLDERS = {"options", "house-games", "chicago", "lowball", "wild", "decisions", "rankings"}
"""Cases of other rule books: the mutations here break the casino books' rules."""
CASES = [path for path in find_cases([SUITE]) if not HOUSE_FOLDERS & set(path.relative_to(SUITE).parts)]

Mutation = Callable[[pytest.MonkeyPatch], None]


def entry(registry: Any, name: str, value: Any) -> Mutation:
    """Give the option value ``name`` another function."""

    def mutate(monkeypatch: pytest.MonkeyPatch) -> None:
        assert name in registry, f"{registry.option}: no entry {name!r}; update this mutation"
        monkeypatch.setitem(registry._entries, name, value)

    return mutate


def swapped(registry: Any, name: str, other: str) -> Mutation:
    """Give the option value ``name`` the function of the value ``other``."""

    def mutate(monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(registry._entries, name, registry[other])

    return mutate


def attribute(target: Any, name: str, value: Any) -> Mutation:
    def mutate(monkeypatch: pytest.MonkeyPatch) -> None:
        assert hasattr(target, name), f"{target.__name__}.{name} moved; update this mutation"
        monkeypatch.setattr(target, name, value)

    return mutate


class LowWithoutQualifier:
    """The ace-to-five low, but every low qualifies (no eight-or-better). A stand-in, not a
    :class:`Ranking`: every attribute but ``qualifies`` is the base's, so a share takes it
    cast to one."""

    def __init__(self, base: Ranking) -> None:
        self._base = base

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)

    def qualifies(self, value: int, qualifier: int) -> bool:
        return True


def odd_chip_over_all_cards(ranking: Ranking, cards: Sequence[Card], seat: int) -> tuple[int, ...]:
    """Highest card by suit among all the seat's cards, not the five that play (RRP)."""
    return (max(int(card) for card in cards),)


def fold_always_offered(original: Callable[..., list[LegalAction]]) -> Callable[..., list[LegalAction]]:
    def legal(self: Any, *args: Any, **kwargs: Any) -> list[LegalAction]:
        choices = original(self, *args, **kwargs)
        if choices and not any(c.kind is ActionKind.FOLD for c in choices):
            choices = [LegalAction(ActionKind.FOLD), *choices]
        return choices

    return legal


def reshuffle_with_the_muck(original: Callable[[Any], int]) -> Callable[[Any], int]:
    """Folded cards go back into the stub with the burns (pokerkit; seed 000 forbids it)."""

    def reshuffle(self: Any) -> int:
        count = original(self)
        folded = [card for card in self.muck if card is not None]
        self.unsee(folded)
        if not self.drawing:
            self._given_size += len(folded)
        self.muck.clear()
        return count

    return reshuffle


def portions_odd_chip_to_low(amount: int, rankings: Sequence[Ranking]) -> list[int]:
    base, extra = divmod(amount, len(rankings))
    return [base + (1 if i >= len(rankings) - extra else 0) for i in range(len(rankings))]


MUTATIONS: dict[str, Mutation] = {
    # Who brings in.
    "stud bring-in with the ace low": entry(
        rules.BRING_IN_CARD, "lowest-ace-high", lambda c: (-((c.rank + 1) % 13), -c.suit)
    ),
    "stud bring-in by the highest card": swapped(rules.BRING_IN_CARD, "lowest-ace-high", "highest-ace-high"),
    "razz bring-in with the ace high": swapped(rules.BRING_IN_CARD, "highest-ace-low", "highest-ace-high"),
    "bring-in ties by seat": swapped(rules.BRING_IN_TIES, "suit", "seat"),
    "bring-in ties: spades lowest": entry(rules.BRING_IN_TIES, "suit", lambda key, seat: (key[0], -key[1])),
    "low card all-in for the ante: next seat must bring in": swapped(
        rules.BRING_IN_ALL_IN_FOR_ANTE, "next-seat-opens-or-folds", "next-seat-brings-in"
    ),
    # Who acts first.
    "stud opener by the low board": swapped(rules.FIRST_TO_ACT_BOARD, "best-high-board", "best-low-board"),
    "razz opener by the high board": entry(rules.FIRST_TO_ACT_BOARD, "best-low-board", HIGH_BOARD),
    "equal boards broken by suit": swapped(rules.FIRST_TO_ACT_TIES, "seat", "suit"),
    "equal boards: the last seat opens": entry(rules.FIRST_TO_ACT_TIES, "seat", lambda cards, seat, board: (seat,)),
    # Betting.
    "no raise cap": entry(rules.HEADS_UP, "capped", lambda seats: True),
    "short all-in needs a full bet to reopen": swapped(rules.SHORT_ALL_IN, "half-bet-reopens", "full-bet-reopens"),
    "any short all-in reopens": entry(rules.SHORT_ALL_IN, "half-bet-reopens", lambda increment, full: True),
    "no open-pair option": attribute(rounds, "open_pair_showing", lambda hand: False),
    "fold offered with nothing to call": attribute(
        betting.BettingRound, "legal", fold_always_offered(betting.BettingRound.legal)
    ),
    "no betting after a community card": entry(rules.COMMUNITY_CARD_ROUND, "normal", False),
    # The deck.
    "no burns": swapped(rules.BURN, "before-later-streets", "none"),
    "short stub: community card without the burns": swapped(rules.EXHAUSTION, "burns-then-community", "community"),
    "short stub: the TDA procedure": swapped(rules.EXHAUSTION, "burns-then-community", "tda"),
    "the muck reshuffled with the burns": attribute(
        deck.Deck, "reshuffle_burns", reshuffle_with_the_muck(deck.Deck.reshuffle_burns)
    ),
    # Showdown and pots.
    "showdown: first to act even after a bet": entry(
        rules.SHOWDOWN_ORDER, "last-aggressor-else-first-to-act", lambda s: s.first_to_act
    ),
    "showdown: best high board when nobody bet": swapped(
        rules.SHOWDOWN_ORDER, "last-aggressor-else-first-to-act", "last-aggressor-else-best-high-board"
    ),
    "showdown: first seat when nobody bet": swapped(
        rules.SHOWDOWN_ORDER, "last-aggressor-else-first-to-act", "last-aggressor-else-first-seat"
    ),
    "odd chip to the first seat": swapped(rules.ODD_CHIP, "highest-card-by-suit", "first-seat-left-of-dealer"),
    "odd chip by all seven cards": entry(rules.ODD_CHIP, "highest-card-by-suit", odd_chip_over_all_cards),
    "hi/lo odd chip to low": attribute(settlement, "share_portions", portions_odd_chip_to_low),
    "high hands without straights": entry(rules.SHARE_RULES, "high", RankedShare(Ranking("high", straights=False))),
    "high hands without flushes": entry(rules.SHARE_RULES, "high", RankedShare(Ranking("high", flushes=False))),
    "low without the eight qualifier": entry(
        rules.SHARE_RULES,
        "ace-to-five-low",
        RankedShare(cast(Ranking, LowWithoutQualifier(RANKINGS["ace-to-five-low"]))),
    ),
    "razz and stud/8 low counted high": entry(rules.SHARE_RULES, "ace-to-five-low", RankedShare(RANKINGS["high"])),
}


def first_new_failure(known: set[str]) -> str | None:
    """Run the suite; the first case that fails and is not in ``known``."""
    compile_variant.cache_clear()  # a compiled rule book captures the burn rule
    engine = InProcessEngine()
    try:
        for path in CASES:
            if str(path) not in known and not run_case(path, engine).passed:
                return str(path)
        return None
    finally:
        engine.close()
        compile_variant.cache_clear()


@pytest.fixture(scope="module")
def baseline() -> set[str]:
    """Cases failing against the real interpreter (known interpreter bugs, if any)."""
    engine = InProcessEngine()
    return {str(path) for path in CASES if not run_case(path, engine).passed}


def test_the_topical_suite_has_at_least_100_cited_cases() -> None:
    from studspec.conformance.case import load_case

    cases = [load_case(path) for path in CASES]
    assert len(cases) >= 100
    uncited = [case.path for case in cases if not case.rule]
    assert uncited == []


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_broken_rule_fails_a_case(name: str, baseline: set[str], monkeypatch: pytest.MonkeyPatch) -> None:
    MUTATIONS[name](monkeypatch)
    assert first_new_failure(baseline) is not None, f"no case notices: {name}"
