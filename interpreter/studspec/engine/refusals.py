"""Why the hand refuses a request, in words: what was asked, why not, what is waited for.

Every refusal names the action, the reason and the legal choices
(:class:`~studspec.errors.IllegalActionError`), so a player, a server log or a failed
conformance case says what to do instead.
"""

from __future__ import annotations

from studspec.errors import ActionFormatError

from .actions import Action, ActionKind, LegalAction
from .choosing import bounds, price_each, rule_of, waiting
from .core import HandCore
from .dealing import offer_of
from .decisions import DecisionRule
from .phases import PhaseKind
from .rounds import betting_of, current_round

_DOING = {
    PhaseKind.TURN_UP: "turn up",
    PhaseKind.DISCARD: "discard",
    PhaseKind.DRAW: "draw",
    PhaseKind.BUY: "buy",
    PhaseKind.PASS: "pass",
    PhaseKind.SET_HANDS: "set two hands",
}
"""What each decision phase asks a player to do with its cards."""

_NAMING = {
    ActionKind.TURN_UP: "turn up",
    ActionKind.DISCARD: "discard",
    ActionKind.PASS: "pass",
    ActionKind.BUY: "buy",
    ActionKind.SET: "set",
    ActionKind.DECLINE: "decline",
}
"""What each card decision's action does, for a refusal where no such decision is asked."""


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
        board = "the indicator card (in no hand)" if pending.indicator else "the board"
        if pending.turn:
            board = "the board: name the face-down community card turned now (dealt unseen)"
        return "waiting for a deal to " + (board if pending.seat is None else f"p{pending.seat + 1}")
    offer = offer_of(hand)
    if offer is not None:
        no = "fold" if offer.rule.effect.declining_folds else "decline"
        return f"waiting for p{offer.seat + 1} to pay {offer.cost} or {no} ({offer.rule.effect_name})"
    if hand.phase.kind in _DOING and waiting(hand):
        return _waiting_to_choose(hand)
    candidates = betting_of(hand).candidates
    if candidates:
        return "waiting for one of " + ", ".join(f"p{s + 1}" for s in candidates)
    actor = hand.actor
    return f"waiting for p{actor + 1}" if actor is not None else f"in phase {hand.phase.name}"


def _count(low: int, high: int) -> str:
    """How many cards, in words: ``2 cards``, ``up to 1 card``, ``2 to 3 cards``."""
    many = str(high) if low == high else f"up to {high}" if low == 0 else f"{low} to {high}"
    return f"{many} card" + ("" if many.endswith(" 1") or many == "1" else "s")


def _task(hand: HandCore, seat: int, rule: DecisionRule) -> str:
    """What the seat is asked to do now: ``discard 2 cards``, ``draw up to 1 card (100 a
    card) or stand pat``, ``buy 1 card for 200 or decline``."""
    low, high = bounds(hand, seat, rule)
    price = price_each(hand, rule)
    each = f" ({price} a card)" if price else ""
    if rule.kind is PhaseKind.SET_HANDS:
        return f"set two hands (name the {high} cards of the first)"
    if rule.kind is PhaseKind.BUY:
        return f"buy {_count(max(low, 1), high)}{each} or decline"
    if rule.kind is PhaseKind.DRAW and low == 0:
        return f"draw {_count(low, high)}{each} or stand pat"
    return f"{_DOING[rule.kind]} {_count(low, high)}{each}"


def _waiting_to_choose(hand: HandCore) -> str:
    """Who is still to choose and what: every seat still to choose when the choices are made
    together, else the seat whose turn it is (and who comes after it)."""
    rule = rule_of(hand)
    seats = waiting(hand)
    asked = seats if rule.together else seats[:1]
    tasks: dict[str, list[int]] = {}
    for seat in asked:
        tasks.setdefault(_task(hand, seat, rule), []).append(seat)
    words = "; ".join(", ".join(f"p{s + 1}" for s in group) + f" to {task}" for task, group in tasks.items())
    later = "" if rule.together or len(seats) < 2 else f" (then {', '.join(f'p{s + 1}' for s in seats[1:])})"
    return f"waiting for {words}{later}"


def _card_refusal(hand: HandCore, action: Action, legal: list[LegalAction]) -> str | None:
    """Why a decision about cards is refused (the wrong number of cards, or no such decision
    asked now), or a bet where a decision is asked; ``None`` for anything else."""
    kind = hand.phase.kind
    asked = " or ".join(sorted({option.kind.value for option in legal}))
    if action.kind not in _NAMING:
        if kind not in _DOING:
            return None
        return f"{action.kind.value} is not allowed now: this step asks each player to {_DOING[kind]} ({asked})"
    offered = next((option for option in legal if option.kind is action.kind), None)
    if offered is not None and action.kind is not ActionKind.DECLINE and kind in _DOING:
        assert offered.minimum is not None and offered.maximum is not None
        low, high, named = offered.minimum, offered.maximum, len(action.cards or ())
        if kind is PhaseKind.SET_HANDS:
            return f"name exactly {_count(low, high)} for the first hand, not {named}"
        verb = _DOING[kind]
        if low == high:
            return f"{verb} exactly {_count(low, high)}, not {named}"
        return (
            f"{verb} {_count(low, high)}, not {named}" if low else f"{verb} at most {_count(high, high)}, not {named}"
        )
    if kind in _DOING:
        return f"nothing to {_NAMING[action.kind]} now: this step asks each player to {_DOING[kind]} ({asked})"
    if action.kind is ActionKind.DECLINE:
        return None  # a dealt card's price: answered below
    return f"nothing to {_NAMING[action.kind]} now: {_now(hand)}"


def _now(hand: HandCore) -> str:
    """What the hand is doing instead of asking for a decision about cards."""
    kind = hand.phase.kind
    street = hand.street_id
    if kind is PhaseKind.BETTING:
        return f"this is the betting on {street} street" if street else "this is a betting round"
    if kind is PhaseKind.DECLARE:
        return "this is the declaration"
    if kind is PhaseKind.SHOWDOWN:
        return "this is the showdown"
    return waiting_for(hand)


def why_refused(hand: HandCore, action: Action, legal: list[LegalAction]) -> str:
    """Why ``action`` is not among the ``legal`` choices of the seat that tried it."""
    kinds = {option.kind for option in legal}
    cards = _card_refusal(hand, action, legal)
    if cards is not None:
        return cards
    if action.kind is ActionKind.DECLARE and action.kind in kinds:
        return _declaration_refusal(action, legal)
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


def _declaration_refusal(action: Action, legal: list[LegalAction]) -> str:
    """Why a declaration is not one of the book's: the share it names that the book lacks
    (docs/rules.md V7), with the declarations the book allows."""
    highs = next(o.highs for o in legal if o.kind is ActionKind.DECLARE)
    assert action.declaration is not None  # a dcl action always carries one
    try:
        action.declaration.shares(highs)
    except ActionFormatError as error:
        return str(error)
    return "declare one of: " + ", ".join(str(o) for o in legal if o.kind is ActionKind.DECLARE)
