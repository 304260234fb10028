"""Dealt-card rules as data: a card of a given rank, dealt up (or down), sets off an effect.

Baseball's up 4 earns an extra card, free or for a price; its up 3 makes the player match the
pot or fold (docs/rules.md V6, edge case E37). Each effect is a registry entry
(:data:`studspec.engine.rules.TRIGGER_EFFECTS`) saying what the seat gets and what saying no
means, and each price another (:data:`studspec.engine.rules.TRIGGER_PRICES`): a function of
the table's stakes and the pot. The deal watches the cards fall and sets the rules off
(:mod:`.dealing`); a rule with a price makes its seat an :class:`Offer`, and the deal waits
for the answer (:mod:`.offers`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from studspec.rulebook.model import Face, Stakes

from .cards import Card

Price = Callable[[Stakes, int], int]
"""What a dealt-card rule asks, in chips, from the table's stakes and the pot when its card falls."""


@dataclass(frozen=True)
class TriggerEffect:
    """One ``triggers[].effect``: what the seat gets, and what saying no to the price means."""

    extra_card: bool
    """The seat is dealt one more card, face down, before anyone else's next card."""
    declining_folds: bool
    """No to the price folds the hand (pay or fold); otherwise it forgoes the reward."""
    declining_unwilds: bool = False
    """No to the price leaves the card natural, its rank wild for every other card."""
    kills: bool = False
    """The seat's hand is dead at once (a kill card)."""
    wins: bool = False
    """The seat wins the pot at once: every other hand is dead."""
    voids: bool = False
    """The deal is void at once: every card gathered, the hand dealt again from its first street."""


@dataclass(frozen=True)
class DealtCardRule:
    """One rule of the book's ``triggers``, resolved in the registries."""

    rank: int
    face: Face
    effect_name: str
    effect: TriggerEffect
    price: Price | None
    """``None``: the rule is free and takes effect with no question."""
    extra_face: Face = Face.DOWN
    """How the extra card comes, for a rule that deals one (``triggers[].extra_face``)."""
    suit: int | None = None
    """With ``rank``, the one card that sets it off: its suit (``triggers[].suit``); ``None``: any."""
    max_voids: int = 3
    """For a void: the most times one hand's deal is voided (``triggers[].max_voids``)."""

    def matches(self, card: Card, face: Face) -> bool:
        """Whether ``card``, dealt ``face``, sets the rule off."""
        return card >> 2 == self.rank and face is self.face and (self.suit is None or card & 3 == self.suit)


@dataclass(frozen=True)
class Offer:
    """A dealt-card rule waiting for its seat to pay or say no (the deal waits meanwhile)."""

    seat: int
    cost: int
    """What paying takes from the seat's stack: the price, or all the seat has if less."""
    rule: DealtCardRule
    card: Card | None = None
    """The card that set the rule off (the one a player pays to keep wild)."""


def ante(stakes: Stakes, pot: int) -> int:
    return stakes.ante


def bring_in(stakes: Stakes, pot: int) -> int:
    return stakes.bring_in


def small_bet(stakes: Stakes, pot: int) -> int:
    return stakes.small_bet


def big_bet(stakes: Stakes, pot: int) -> int:
    return stakes.big_bet


def the_pot(stakes: Stakes, pot: int) -> int:
    """As much as the whole pot holds when the card falls (match the pot)."""
    return pot
