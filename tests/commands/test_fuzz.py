"""The random-play fuzzer (tools/fuzz.py): a short run over every book (the built-in ones and
the stud family's test books, decisions about cards among them) finds nothing, its figures do
not depend on the number of workers, its own evaluator is right, and bugs planted in the
engine (a view that leaks a down card, a pot paid to the wrong seat, a lost chip, a refusal
that changes the hand, a choice made together that shows before every seat has chosen, a
bought card's price that goes nowhere) are each reported."""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import Any

import pytest

from conftest import BUILTIN_BOOKS
from studspec import ActionKind, BettingSkipped, Card, Face, Hand, PotAwarded, parse_cards
from studspec.engine import (
    betting_phase,
    choosing,
    discarding,
    handlers,
    machine,
    refusals,
    rounds,
    settlement,
    turning_up,
    views,
)
from studspec.engine import hand as hand_module
from studspec.engine.actions import Action
from studspec.engine.core import HandCore, PhaseHandler
from studspec.engine.decisions import DecisionRule
from studspec.engine.machine import compile_variant
from studspec.engine.phases import PhaseKind
from tools import fuzz

SHORT_RUN = 1000
"""Hands in the clean run: every book many times over, in about half a minute on two cores
(a hand of a book with decisions about cards takes about twice as long as another)."""


def natures(text: str) -> list[fuzz.Nature]:
    return [fuzz.NATURE[card] for card in parse_cards(text) if card is not None]


# --------------------------------------------------------------------------- a clean run


def test_a_short_run_over_every_book_finds_nothing() -> None:
    config = fuzz.FuzzConfig(seed=20261201, hands=SHORT_RUN, workers=2)
    started = time.perf_counter()
    figures = fuzz.run(config)
    elapsed = time.perf_counter() - started
    for finding in figures.findings[:5]:
        fuzz.print_finding(config, finding, sys.stdout)
    print(fuzz.summary(config, figures), f"({elapsed:.1f} s)")
    assert not figures.findings, f"{len(figures.findings)} findings; the first: {figures.findings[0]}"
    assert figures.hands == SHORT_RUN and not figures.interrupted
    assert set(figures.books) == set(fuzz.default_books()) > set(BUILTIN_BOOKS)
    kinds = {"wrong seat", "wrong kind", "bad amount", "bad show", "bad deal", "nobody", "bad choice"}
    assert set(figures.refusal_kinds) >= kinds
    assert figures.decisions > SHORT_RUN
    assert figures.showdown_pots_checked > SHORT_RUN // 2
    assert figures.uncontested_pots_checked > 0 and figures.probes_granted > 0


def test_the_figures_do_not_depend_on_the_number_of_workers() -> None:
    one = fuzz.run(fuzz.FuzzConfig(seed=5, hands=60, workers=1, chunk=7))
    two = fuzz.run(fuzz.FuzzConfig(seed=5, hands=60, workers=2, chunk=11))
    assert one.counts() == two.counts()
    assert one.hands == 60 and one.actions > 0


def test_a_hand_replays_alone_by_its_number() -> None:
    """What --start N --hands 1 prints for a finding: hand N alone plays exactly as in the run."""
    whole = fuzz.run(fuzz.FuzzConfig(seed=9, hands=6))
    alone = fuzz.Figures()
    for number in range(6):
        alone.merge(fuzz.run(fuzz.FuzzConfig(seed=9, start=number, hands=1)))
    assert whole.counts() == alone.counts()


def test_the_command_line_prints_the_figures_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--hands", "4", "--seed", "3", "--workers", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert "4 hands" in out and "0 findings" in out and "hands/s" in out
    assert '"refusals":' in out


# ----------------------------------------------------------------------- the evaluator


def brute_wild_high(naturals: Sequence[fuzz.Nature], wilds: int) -> fuzz.Key:
    """Every five of the cards, every wild card replaced by every card (copies included)."""
    cards: list[fuzz.Nature | None] = [*naturals, *([None] * wilds)]
    everything = list(fuzz.NATURE.values())
    best: fuzz.Key | None = None
    for five in combinations(cards, 5):
        fixed = [c for c in five if c is not None]
        for filling in product(everything, repeat=5 - len(fixed)):
            key = fuzz.five_card_key([*fixed, *filling])
            best = key if best is None or key > best else best
    assert best is not None
    return best


def random_hands(count: int, size: int, wilds: int, seed: int) -> Iterator[list[fuzz.Nature]]:
    rng = random.Random(seed)
    deck = list(fuzz.NATURE.values())
    for _ in range(count):
        yield rng.sample(deck, size - wilds)


@pytest.mark.parametrize(("size", "wilds", "count"), [(7, 0, 200), (7, 1, 120), (6, 2, 15), (5, 3, 1)])
def test_the_wild_evaluator_agrees_with_brute_force(size: int, wilds: int, count: int) -> None:
    for naturals in random_hands(count, size, wilds, seed=size * 10 + wilds):
        assert fuzz.wild_high_key(naturals, wilds) == brute_wild_high(naturals, wilds), naturals


def test_the_evaluator_knows_the_rules() -> None:
    wild = fuzz.wild_high_key
    assert wild(natures("AsAhAdAc2c"), 1) == (fuzz.FIVE_KIND, 14)  # five aces top a royal flush
    assert wild(natures("AsKsQs9s2c3d"), 1) == (fuzz.FLUSH, 14, 13, 12, 11, 9)  # no double-ace flush
    assert fuzz.high_key(natures("As2d3c4h5s9d")) == (fuzz.STRAIGHT, 5)
    assert fuzz.ace_to_five_key(natures("As2d3c4h5sKdKc")) == (fuzz.HIGH_CARD, 5, 4, 3, 2, 1)
    assert fuzz.eight_or_better(fuzz.ace_to_five_key(natures("As2d3c4h8sKdKc")), 8)
    assert not fuzz.eight_or_better(fuzz.ace_to_five_key(natures("As2d3c4h9sKdKc")), 8)
    assert not fuzz.eight_or_better(fuzz.ace_to_five_key(natures("As2d3c4hAdKdKc")), 8)
    assert fuzz.deuce_to_seven_key(natures("As2d3c4h5s")) < fuzz.deuce_to_seven_key(natures("2s3d4c5h6s"))
    assert fuzz.deuce_to_seven_key(natures("7s5d4c3h2sKdKc")) == (fuzz.HIGH_CARD, 7, 5, 4, 3, 2)
    assert fuzz.ace_to_six_key(natures("As2d3c4h6sKdKc")) == (fuzz.HIGH_CARD, 6, 4, 3, 2, 1)
    assert fuzz.ace_to_six_key(natures("As2d3c4h5s")) == (fuzz.STRAIGHT, 5)


def test_the_evaluator_values_hands_of_fewer_than_five_cards() -> None:
    """A set hand of two cards is a pair or two high cards (no straight or flush takes fewer
    than five); a five-card hand outranks a two-card hand of the same pair by its kickers."""
    key = fuzz.card_key
    assert key(natures("2c2d")) > key(natures("AsKs"))  # any pair beats any two high cards
    assert key(natures("AsKs")) > key(natures("AsQs"))
    assert key(natures("8c8dKs7h3d")) > key(natures("8h8s"))  # kickers count
    assert key(natures("AcKdQs9h3d")) > key(natures("AhKs"))
    assert key(natures("AcQdJs9h3d")) < key(natures("AhKs"))


def test_the_oracle_knows_cowpies_rules_for_two_hands() -> None:
    """Cowpie: five cards and two, each with a face-down card, the five outranking the two."""
    rule = DecisionRule(PhaseKind.SET_HANDS, None, 0, None, None, (Face.DOWN, Face.UP), True, None, True, None, 1)
    rule = dataclasses.replace(rule, hands=(5, 2), first_outranks=True, down_in_each=1)
    down, up = Face.DOWN, Face.UP

    def hand(text: str, faces: Sequence[Face]) -> list[tuple[Card, Face]]:
        return [(card, face) for card, face in zip(parse_cards(text), faces) if card is not None]

    five = hand("8c8dKs7h3d", (down, up, up, up, up))
    assert fuzz.setting_breaks(rule, five, hand("AhKh", (down, up))) == ""
    assert "outrank" in fuzz.setting_breaks(rule, five, hand("9h9s", (down, up)))
    assert "face-down" in fuzz.setting_breaks(rule, five, hand("AhKh", (up, up)))
    assert "cards" in fuzz.setting_breaks(rule, five[:4], hand("AhKhQh", (down, up, up)))


# ------------------------------------------------------------------------ planted bugs


def planted_findings(seed: int = 1, hands: int = 400) -> list[fuzz.Finding]:
    figures = fuzz.run(fuzz.FuzzConfig(seed=seed, hands=hands, workers=1, stop_after=1))
    return figures.findings


def test_a_view_that_leaks_a_down_card_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = views.table_view

    def leaky(hand: Hand, viewer: int | None) -> Any:
        view = honest(hand, viewer)
        if viewer is None:
            return view
        other = (viewer + 1) % hand.seats
        seats = list(view.seats)
        seats[other] = dataclasses.replace(seats[other], cards=tuple(hand.cards[other]))
        return dataclasses.replace(view, seats=tuple(seats))

    monkeypatch.setattr(views, "table_view", leaky)
    monkeypatch.setattr(hand_module, "table_view", leaky)  # what Hand.view calls
    findings = planted_findings()
    assert findings and findings[0].kind == "view-leak", findings
    assert "before it is shown" in findings[0].message


def test_a_pot_paid_to_the_wrong_seat_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = settlement.award_pot

    def misaward(pot_index: int, amount: int, claimants: Sequence[int], *rest: Any, **named: Any) -> Any:
        awards = honest(pot_index, amount, claimants, *rest, **named)
        paid = {seat for award in awards for seat, _ in award.amounts}
        losers = [seat for seat in claimants if seat not in paid]
        if not awards or not losers:
            return awards
        first = awards[0]
        moved = PotAwarded(first.pot, first.share, ((losers[0], sum(a for _, a in first.amounts)),), first.hand)
        return [moved, *awards[1:]]

    monkeypatch.setattr(settlement, "award_pot", misaward)
    findings = planted_findings()
    assert findings and findings[0].kind == "award", findings  # chips balance: only the oracle sees it
    assert "expected" in findings[0].message


def test_a_lost_chip_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = rounds.take_action

    def lossy(hand: HandCore, seat: int, action: Action) -> None:
        honest(hand, seat, action)
        if action.kind is ActionKind.CHECK_CALL and hand.stacks[seat] > 0:
            hand.stacks[seat] -= 1  # the chip goes nowhere: not to the pot, not to the log

    # The betting phase's handler takes the action: plant the bug there (a fresh compile
    # gives every book's betting states the lossy handler).
    lossy_betting = dataclasses.replace(betting_phase.BETTING, take=lossy)
    monkeypatch.setattr(machine, "HANDLERS", {**handlers.HANDLERS, PhaseKind.BETTING: lossy_betting})
    compile_variant.cache_clear()
    try:
        findings = planted_findings()
    finally:
        monkeypatch.undo()
        compile_variant.cache_clear()
    assert findings and findings[0].kind == "chips", findings


def test_a_refusal_that_changes_the_hand_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = refusals.why_refused

    def meddling(hand: Hand, *args: Any) -> str:
        hand.events.append(BettingSkipped("meddled"))
        return honest(hand, *args)

    monkeypatch.setattr(hand_module, "why_refused", meddling)  # what Hand.act calls
    findings = planted_findings()
    assert findings and findings[0].kind == "refusal-changed-state", findings
    assert "events" in findings[0].message


# ------------------------------------------------------- planted bugs in decisions about cards


def planted_in_decisions(
    monkeypatch: pytest.MonkeyPatch, replaced: dict[PhaseKind, PhaseHandler], books: tuple[str, ...]
) -> list[fuzz.Finding]:
    """A short run over ``books`` with these decision handlers in place of the engine's (a
    fresh compile gives the books' decision states the planted handlers)."""
    monkeypatch.setattr(machine, "HANDLERS", {**handlers.HANDLERS, **replaced})
    compile_variant.cache_clear()
    try:
        return fuzz.run(fuzz.FuzzConfig(seed=1, hands=200, workers=1, stop_after=1, books=books)).findings
    finally:
        monkeypatch.undo()
        compile_variant.cache_clear()


def test_a_choice_made_together_that_shows_before_every_seat_chose_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seven-Card Flip: every seat turns two cards up, all at once. The planted bug turns a
    seat's chosen cards up as soon as it chooses, so the next seat sees them before choosing."""
    honest = turning_up.TURN_UP.take

    def eager(hand: HandCore, seat: int, action: Action) -> None:
        honest(hand, seat, action)
        for chosen in choosing.part_of(hand).pending:
            for position in chosen.positions:
                hand.faces[chosen.seat][position] = Face.UP

    leaky = dataclasses.replace(turning_up.TURN_UP, take=eager)
    findings = planted_in_decisions(monkeypatch, {PhaseKind.TURN_UP: leaky}, ("seven-card-flip",))
    assert findings and findings[0].kind == "view-leak", findings
    assert "chosen together and not yet carried out" in findings[0].message


def test_a_bought_cards_price_that_goes_nowhere_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """English stud: a bought card costs the big bet, dead money in the pot. The planted bug
    takes the price from the stack but puts one chip less in the pot."""

    def lossy(hand: HandCore, made: Sequence[choosing.Chosen]) -> None:
        before = hand.dead_money
        discarding.draw(hand, made)
        if hand.dead_money > before:
            hand.dead_money -= 1

    planted = choosing.decision_handler(PhaseKind.BUY, ActionKind.BUY, lossy)
    findings = planted_in_decisions(monkeypatch, {PhaseKind.BUY: planted}, ("english-stud",))
    assert findings and findings[0].kind == "chips", findings
