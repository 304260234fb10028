"""Hands with decisions about cards dealt from outside, to the point where a decision is
asked (the tests of the built-in players' choices and of what ``simulate`` counts).

The cards are the test's: each deal the hand asks for is given the next run of cards, and
between deals every seat checks or calls (or posts the bring-in), so the hand reaches the
decision with the cards the test reasons about.
"""

from __future__ import annotations

from studspec.engine.actions import Action, ActionKind
from studspec.engine.cards import Card, parse_cards
from studspec.engine.hand import Hand
from studspec.engine.phases import PhaseKind
from studspec.rulebook import load_variant
from studspec.rulebook.model import Stakes


def cards(text: str) -> list[Card]:
    """Cards from hand-history text, every one known (no ``??``)."""
    parsed = parse_cards(text)
    known = [card for card in parsed if card is not None]
    assert len(known) == len(parsed)
    return known


def go_on(hand: Hand) -> None:
    """The seat to act checks or calls, or posts the bring-in."""
    seat = hand.actor
    assert seat is not None, hand.waiting_for()
    kinds = {choice.kind for choice in hand.legal_actions()}
    hand.act(Action(ActionKind.BRING_IN if ActionKind.BRING_IN in kinds else ActionKind.CHECK_CALL), seat)


def drive(book: str, deals: list[str], until: PhaseKind, seats: int = 2, stakes: Stakes | None = None) -> Hand:
    """A hand of ``book`` dealt from outside: ``deals`` are the runs of cards each deal asks
    for, in the order it asks; between deals every seat checks or calls, until the hand asks
    a decision of ``until`` (every run dealt by then)."""
    variant = load_variant(book)
    hand = Hand(variant, [10000] * seats, stakes=stakes or variant.stakes, deal_from_outside=True)
    runs = iter(deals)
    while hand.phase.rule is None or hand.phase.rule.kind is not until:
        pending = hand.pending_deal()
        if pending is not None:
            hand.deal(pending.seat, cards(next(runs)))
        else:
            go_on(hand)
    assert next(runs, None) is None, "every deal was made"
    return hand


SEVEN_STREETS = ["{0}{1}{2}", "{7}{8}{9}", "{3}", "{10}", "{4}", "{11}", "{5}", "{12}", "{6}", "{13}"]
"""Seven-card stud's deals for two seats, in the order they are asked: ``p1`` then ``p2`` on
each street (third street three cards each, then one each)."""


def seven_card_deals(first: str, second: str) -> list[str]:
    """The deals of a two-seat seven-card hand in which p1 gets ``first`` and p2 ``second``,
    in the order dealt."""
    every = [str(card) for card in cards(first) + cards(second)]
    return [run.format(*every) for run in SEVEN_STREETS]
