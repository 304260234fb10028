"""Dealt-card rules: a card of a given rank, dealt up (or down), sets off an effect at once.

Baseball's up 4 earns an extra card, free or for a price; its up 3 makes the player match the
pot or fold (rules matrix section 2, edge case 37). Each effect is a registry entry
(:data:`studspec.engine.rules.TRIGGER_EFFECTS`) and each price another
(:data:`studspec.engine.rules.TRIGGER_PRICES`); the dealer calls :func:`fire` for every card it
places, so cards dealt from outside set the rules off exactly as cards from the hand's own
deck do. A rule with a price does not take effect at once: it makes the seat an
:class:`Offer`, and the deal waits for the answer (:mod:`.offers`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from studspec.spec.model import Face

from .cards import FIRST_JOKER, Card
from .events import TriggerFired

if TYPE_CHECKING:
    from .hand import Hand

Reward = Callable[["Hand", int], None]
"""What a dealt-card rule gives the seat dealt its card, once it is free or paid for."""

Price = Callable[["Hand"], int]
"""What a dealt-card rule asks, in chips, at the moment its card falls."""


@dataclass(frozen=True)
class TriggerEffect:
    """One ``triggers[].effect``: what the seat gets, and what saying no to the price means."""

    reward: Reward
    declining_folds: bool
    """No to the price folds the hand (pay or fold); otherwise it forgoes the reward."""


@dataclass(frozen=True)
class DealtCardRule:
    """One rule of the book's ``triggers``, resolved in the registries."""

    rank: int
    face: Face
    effect_name: str
    effect: TriggerEffect
    price: Price | None
    """``None``: the rule is free and takes effect with no question."""


@dataclass(frozen=True)
class Offer:
    """A dealt-card rule waiting for its seat to pay or say no (the deal waits meanwhile)."""

    seat: int
    cost: int
    """What paying takes from the seat's stack: the price, or all the seat has if less."""
    rule: DealtCardRule


def extra_card(hand: Hand, seat: int) -> None:
    """The seat is dealt one more card, face down, before anyone else's next card."""
    hand.deal_queue.insert(0, (seat, (Face.DOWN,)))


def stays_in(hand: Hand, seat: int) -> None:
    """Nothing more: paying was the price of keeping the hand."""


def ante(hand: Hand) -> int:
    return hand.stakes.ante


def bring_in(hand: Hand) -> int:
    return hand.stakes.bring_in


def small_bet(hand: Hand) -> int:
    return hand.stakes.small_bet


def big_bet(hand: Hand) -> int:
    return hand.stakes.big_bet


def pot_size(hand: Hand) -> int:
    """Every chip in the pot now: bets, antes and money paid for cards."""
    return sum(hand.contributed) + hand.dead_money


def fire(hand: Hand, seat: int, card: Card | None, face: Face) -> None:
    """Set off every dealt-card rule that ``card``, dealt ``face`` to ``seat``, matches.

    A free rule, or one whose seat has no chips left to pay with (an all-in player is never
    shut out of the cards nor folded for want of chips), takes effect at once; a priced one
    becomes an offer the seat must answer before the deal goes on.
    """
    if card is None or card >= FIRST_JOKER:
        return
    for rule in hand.rules.triggers:
        if card >> 2 != rule.rank or face is not rule.face:
            continue
        cost = 0 if rule.price is None else min(rule.price(hand), hand.stacks[seat])
        hand.events.append(TriggerFired(seat, card, rule.effect_name, cost if cost else None))
        if cost:
            hand.offers.append(Offer(seat, cost, rule))
        else:
            rule.effect.reward(hand, seat)
