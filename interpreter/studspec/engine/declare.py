"""Hi-lo declare: before the showdown every seat still in says what it plays for.

Each live seat declares high, low or both (``dcl``). Declaring in turn, each declaration is
public at once; declaring simultaneously (chips in a fist), a declaration stays the
declarer's own until the last seat has declared, and then all are recorded together, so the
event log never tells one seat what another chose before it chose itself. At settlement a
share is contested only by the seats that declared for it, and a seat that declared both
must win or tie both shares of a pot or it takes nothing from that pot (the rules matrix,
section 2: Chicago "optional declare"; home-game declare rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind, Declaration, LegalAction
from .events import Declared
from .opening import clockwise_from, final_opener

if TYPE_CHECKING:
    from .hand import Hand

CHOICES = tuple(LegalAction(ActionKind.DECLARE, declaration=d) for d in Declaration)
"""What a seat may declare."""


def enter_declare(hand: Hand) -> None:
    """Queue the live seats: in turn from the last aggressor of the final round (else the
    seat that acted first on it), or all at once."""
    live = list(hand.live)
    hand.declarations = {}
    hand.pending_declarations = {}
    if len(live) < 2:
        hand.declare_queue = []
        return
    if not hand.rules.declare_in_turn:
        hand.declare_queue = live
        return
    final_round = hand.rounds[len(hand.variant.streets) - 1]
    first = final_round.last_aggressor if final_round is not None else None
    if first is None or first not in live:
        first = final_opener(hand)
    order = [first, *clockwise_from(hand.seats, first)]
    hand.declare_queue = [seat for seat in order if seat in live]


def declarations_done(hand: Hand) -> bool:
    """The machine's condition to leave the declare phase: every live seat has declared."""
    return not hand.declare_queue


def choices(hand: Hand, seat: int) -> list[LegalAction]:
    """A seat may declare when it is its turn (in turn) or while it has not declared yet."""
    queue = hand.declare_queue
    due = queue[:1] == [seat] if hand.rules.declare_in_turn else seat in queue
    return list(CHOICES) if due else []


def take(hand: Hand, action: Action, seat: int) -> None:
    """Record a declaration already checked as legal."""
    assert action.declaration is not None
    hand.declare_queue.remove(seat)
    if hand.rules.declare_in_turn:
        hand.declarations[seat] = action.declaration
        hand.events.append(Declared(seat, action.declaration))
        return
    hand.pending_declarations[seat] = action.declaration
    if not hand.declare_queue:  # the last seat has declared: every declaration is shown
        for declarer in sorted(hand.pending_declarations):
            hand.declarations[declarer] = hand.pending_declarations[declarer]
            hand.events.append(Declared(declarer, hand.pending_declarations[declarer]))
        hand.pending_declarations = {}
