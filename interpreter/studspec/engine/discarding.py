"""Throwing cards away, with or without replacements: discard, draw (twist) and buy.

A discard (``sd 7h2c``) puts the named cards in the muck for good (Super Stud, pineapple
stud). A draw does the same and deals the seat as many replacements from the stub, up for
up and down for down unless the book says how (stud with a twist); a bare ``sd`` stands pat.
A buy (``buy 7h``, or ``decline``) is a draw a seat may take or leave, at the book's price
(English stud). A price is paid for each replacement card into the pot as dead money, as a
dealt card's price is: nobody's bet, never called. The history writes every choice before
the replacement cards it brings (PHH: ``p1 sd 7h`` then ``d dh p1 4s``); choices made
together are all written before the first replacement, so a replay deals them in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.rulebook.model import Face

from .actions import ActionKind
from .choosing import Chosen, decision_handler, price_each
from .core import HandCore, take_out
from .dealing import deal_replacements
from .decisions import DecisionRule
from .events import CardsChosen
from .phases import PhaseKind


def discard(hand: HandCore, made: Sequence[Chosen]) -> None:
    """The named cards go to the muck; nothing replaces them."""
    muck, events = hand.deck.muck, hand.events
    for chosen in made:
        muck.extend([card for card, _ in take_out(hand, chosen.seat, chosen.positions)])
        events.append(CardsChosen(chosen.seat, chosen.action, 0, None))


def draw(hand: HandCore, made: Sequence[Chosen]) -> None:
    """The named cards go to the muck; each seat pays for and is dealt its replacements,
    after every choice of the step is written."""
    rule: DecisionRule = hand.phase.rule
    owed: list[tuple[int, tuple[Face, ...]]] = []
    price = 0 if rule.price is None else price_each(hand, rule)
    replacement = rule.replacement
    stacks, muck, events = hand.stacks, hand.deck.muck, hand.events
    for chosen in made:
        seat = chosen.seat
        paid = 0
        if chosen.positions:  # else stood pat, or declined
            removed = take_out(hand, seat, chosen.positions)
            muck.extend([card for card, _ in removed])
            if price:
                paid = min(price * len(removed), stacks[seat])
                stacks[seat] -= paid
                hand.dead_money += paid
            owed.append(
                (seat, tuple([face for _, face in removed]) if replacement is None else (replacement,) * len(removed))
            )
        events.append(CardsChosen(seat, chosen.action, paid, None))
    for seat, faces in owed:
        deal_replacements(hand, seat, faces)


DISCARD = decision_handler(PhaseKind.DISCARD, ActionKind.DISCARD, discard)
DRAW = decision_handler(PhaseKind.DRAW, ActionKind.DISCARD, draw)
BUY = decision_handler(PhaseKind.BUY, ActionKind.BUY, draw)
