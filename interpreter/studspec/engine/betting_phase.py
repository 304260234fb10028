"""The betting phases' handlers: the bring-in round and every other betting round.

Entering one opens its street's round (:mod:`.opening`: who brings in, who acts first); while
the hand rests in it, the seat to act is the round's, or nobody while unseen cards leave it
open which of several seats opens (each of them may then act: :func:`choices`); an action
found among the choices goes to the round (:func:`.rounds.take_action`, which first fixes the
opener if it was open). The round is over when nobody is left to act (:func:`.rounds.round_over`).
"""

from __future__ import annotations

from .actions import LegalAction
from .core import HandCore, PhaseHandler
from .opening import candidate_choices, enter_betting, enter_bring_in
from .phases import PhaseKind, Wait
from .rounds import BETTING_PART, BettingPart, betting_of, round_over, take_action


def actor(hand: HandCore) -> int | None:
    """The round's seat to act; nobody while several seats may open (a replay's ``??``)."""
    betting: BettingPart = hand.parts[BETTING_PART]
    rnd = betting.current if betting.current_street == hand.street else None
    return rnd.actor if rnd is not None and not betting.candidates else None


def asked(hand: HandCore) -> int | None:
    """Whose choices a question about "the" choices reads: the actor, or while several seats
    may open, the first of them."""
    candidates = betting_of(hand).candidates
    return candidates[0] if candidates else actor(hand)


def choices(hand: HandCore, seat: int) -> list[LegalAction]:
    """What ``seat`` may do in the round: nothing unless it is its turn (or it may open)."""
    betting: BettingPart = hand.parts[BETTING_PART]
    rnd = betting.current if betting.current_street == hand.street else None
    if rnd is None:
        return []
    stacks = hand.stacks
    # Does any opponent still in hold chips (to call a wager)? With nobody all-in
    # (looked for in C), any other seat in does.
    live = hand.live
    if 0 not in stacks:
        callers = len(live) > (seat in live)
    else:
        callers = any(other != seat and stacks[other] > 0 for other in live)
    if betting.candidates:
        return candidate_choices(hand, betting, seat, callers)
    return rnd.legal(seat, stacks[seat], callers) if seat == rnd.actor else []


BRING_IN = PhaseHandler(PhaseKind.BRING_IN, enter=enter_bring_in)
"""Opens the first street's round with the bring-in due; the hand never rests here: the
round is played in the street's betting phase, which finds it open."""

BETTING = PhaseHandler(
    PhaseKind.BETTING,
    enter=enter_betting,
    waits_for=Wait.PLAYER,
    done=round_over,
    actor=actor,
    choices=choices,
    take=take_action,
    asked=asked,
)
