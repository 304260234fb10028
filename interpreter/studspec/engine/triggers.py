"""Dealt-card rules: a card of a given rank, dealt up (or down), sets off an effect at once.

Baseball's up 4 earns an extra card (rules matrix section 2, edge case 37). Each effect is a
registry entry (:data:`studspec.engine.rules.TRIGGER_EFFECTS`); the dealer calls
:func:`fire` for every card it places, so cards dealt from outside set the rules off
exactly as cards from the hand's own deck do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from studspec.spec.model import Face

from .cards import FIRST_JOKER, Card
from .events import TriggerFired

if TYPE_CHECKING:
    from .hand import Hand

Effect = Callable[["Hand", int], None]
"""What a dealt-card rule does to the seat that was dealt the card."""


def extra_card(hand: Hand, seat: int) -> None:
    """The seat is dealt one more card, face down, before anyone else's next card."""
    hand.deal_queue.insert(0, (seat, (Face.DOWN,)))


def fire(hand: Hand, seat: int, card: Card | None, face: Face) -> None:
    """Set off every dealt-card rule that ``card``, dealt ``face`` to ``seat``, matches."""
    if card is None or card >= FIRST_JOKER:
        return
    for rank, wanted, name, effect in hand.rules.triggers:
        if card >> 2 == rank and face is wanted:
            hand.events.append(TriggerFired(seat, card, name))
            effect(hand, seat)
