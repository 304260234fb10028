"""Why the hand refuses a request, in words: what was asked, why not, what is waited for.

Every refusal names the action, the reason and the legal choices
(:class:`~studspec.errors.IllegalActionError`), so a player, a server log or a failed
conformance case says what to do instead.
"""

from __future__ import annotations

from .actions import Action, ActionKind, LegalAction
from .core import HandCore
from .dealing import offer_of
from .rounds import betting_of, current_round


def label(action: Action, seat: int | None) -> str:
    """The action as a history line would write it (``p3 cbr 400``)."""
    return f"p{seat + 1} {action}" if seat is not None else str(action)


def seat_name(seat: int | None) -> str:
    return "nobody" if seat is None else f"p{seat + 1}"


def waiting_for(hand: HandCore) -> str:
    """What the hand is waiting for now, for error messages and ``replay``."""
    if hand.is_complete:
        return "the hand is over"
    pending = hand.pending_deal()
    if pending is not None:
        return "waiting for a deal to " + ("the board" if pending.seat is None else f"p{pending.seat + 1}")
    offer = offer_of(hand)
    if offer is not None:
        no = "fold" if offer.rule.effect.declining_folds else "decline"
        return f"waiting for p{offer.seat + 1} to pay {offer.cost} or {no} ({offer.rule.effect_name})"
    candidates = betting_of(hand).candidates
    if candidates:
        return "waiting for one of " + ", ".join(f"p{s + 1}" for s in candidates)
    actor = hand.actor
    return f"waiting for p{actor + 1}" if actor is not None else f"in phase {hand.phase.name}"


def why_refused(hand: HandCore, action: Action, legal: list[LegalAction]) -> str:
    """Why ``action`` is not among the ``legal`` choices of the seat that tried it."""
    kinds = {option.kind for option in legal}
    if action.kind in kinds:
        amounts = [str(o) for o in legal if o.kind is action.kind]
        return f"the amount must be one of: {', '.join(amounts)}"
    if action.kind is ActionKind.FOLD and ActionKind.CHECK_CALL in kinds:
        return "there is nothing to call, so check instead of folding"
    if action.kind is ActionKind.CHECK_CALL and ActionKind.BRING_IN in kinds:
        return "the bring-in is due from this seat: post it (pb) or complete (cbr); nothing is owed to call yet"
    if action.kind is ActionKind.COMPLETE_BET_RAISE:
        rnd = current_round(hand)
        cap = rnd.rules.raise_cap if rnd is not None else None
        if rnd is not None and rnd.opened and cap is not None and rnd.raises >= cap:
            return f"the betting is capped ({cap} raises after the bet)"
        return "this seat may not bet or raise now"
    if action.kind is ActionKind.BRING_IN:
        return "the bring-in is not due from this seat"
    if action.kind in (ActionKind.PAY, ActionKind.DECLINE):
        if offer_of(hand) is None:
            return "nothing is for sale: pay and decline answer a dealt card's price"
        if ActionKind.FOLD in kinds:
            return "this card's rule is pay or fold: pay the price or fold"
    if action.kind is ActionKind.DECLARE:
        if not hand.rules.declares:
            return "this rule book has no declarations: cards speak at the showdown"
        return "declarations are made once the betting is over, before the showdown"
    return f"{action.kind.value} is not allowed now"
