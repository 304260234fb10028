"""A priced dealt-card rule's question: the seat pays, says no, or folds, and the deal goes on.

The deal of a street waits while an offer is open (:func:`studspec.engine.dealing.cards_dealt`),
so the answer comes before anyone's next card, as at the table. The price is dead money: it
goes to the pot every player still in contests (the main pot), is no bet and is never called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind, LegalAction
from .dealing import resume_deal
from .events import ActionTaken
from .rounds import fold

if TYPE_CHECKING:
    from .hand import Hand


def choices(hand: Hand, seat: int) -> list[LegalAction]:
    """Pay the price, or say no: decline (the reward is forgone) or fold (pay or fold)."""
    if not hand.offers or hand.offers[0].seat != seat:
        return []
    offer = hand.offers[0]
    pay = LegalAction(ActionKind.PAY, offer.cost, offer.cost, offer.cost)
    refuse = ActionKind.FOLD if offer.rule.effect.declining_folds else ActionKind.DECLINE
    return [pay, LegalAction(refuse)]


def answer(hand: Hand, seat: int, action: Action) -> None:
    """Carry out an answer already checked as legal, then go on dealing."""
    offer = hand.offers.pop(0)
    if action.kind is ActionKind.PAY:
        hand.stacks[seat] -= offer.cost
        hand.dead_money += offer.cost
        hand.events.append(
            ActionTaken(seat, Action(ActionKind.PAY, amount=offer.cost), offer.cost, 0, hand.stacks[seat] == 0)
        )
        offer.rule.effect.reward(hand, seat)
    elif action.kind is ActionKind.FOLD:
        fold(hand, seat)
        hand.deal_queue = [entry for entry in hand.deal_queue if entry[0] != seat]
        hand.offers = [other for other in hand.offers if other.seat != seat]
        hand.events.append(ActionTaken(seat, action, 0, 0, False))
    else:
        hand.events.append(ActionTaken(seat, action, 0, 0, False))
    resume_deal(hand)
