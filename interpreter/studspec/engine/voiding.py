"""A dealt card that voids the deal (``triggers[].effect: void-deal``).

In The Queen an up queen of spades ends the deal: every card is thrown in, the money stays in
the pot and the game is dealt again, and a player who dropped before it showed stays out
(pokertips.org, "The Queen"; pokerteam.com: "with no winner, just a growing pot";
docs/rules.md V16). So a void gathers every card,
shuffles the deck again with the hand's own generator (a deck dealt from outside counts every
card unseen again, for the dealer to deal anew), and sends the hand back to its first street:
the chips stay where they are (each seat's antes and bets are its contribution to the pot, so
the pots stay as they were), no ante is posted again, and the first street's bring-in is, as
that street is dealt anew. The seats still in stay in; a folded seat stays out.

Every phase's part starts afresh but this module's, which counts the voids: a book bounds
them (``triggers[].max_voids``), so every hand ends. The machine's edge from each deal phase
back to the first street (:mod:`.machine`) is taken while :func:`voided` holds.
"""

from __future__ import annotations

from .cards import Card
from .core import HandCore, new_parts, own_part, part
from .events import DealVoided


class VoidPart:
    """How many times this hand's deal has been voided, and whether a void waits to restart it."""

    __slots__ = ("count", "due")

    def __init__(self) -> None:
        self.count = 0
        """Voids so far this hand."""
        self.due = False
        """A void has gathered the cards: the machine goes back to the first street next."""


_PART = part(VoidPart, lazy=True)


def may_void(hand: HandCore, most: int) -> bool:
    """Whether a void-deal card voids the deal now: fewer than ``most`` voids so far (after
    that the card plays as what it is), and the hand not already restarting."""
    voids: VoidPart | None = hand.parts[_PART]
    return voids is None or (voids.count < most and not voids.due)


def void(hand: HandCore, seat: int, card: Card) -> None:
    """Void the deal: every card back in the deck and shuffled, every seat's cards, the
    middle and every phase's record gone, the chips left as they are."""
    voids: VoidPart = own_part(hand, _PART)
    voids.count += 1
    voids.due = True
    hand.events.append(DealVoided(seat, card, voids.count))
    hand.deck.gather(hand.rules.deck_cards)
    for seats in (hand.cards, hand.faces, hand.boards):
        for held in seats:
            held.clear()
    hand.shown[:] = [0] * hand.seats
    hand.community.clear()
    hand.street = None
    for index, fresh in enumerate(new_parts()):
        if index != _PART:
            hand.parts[index] = fresh


def voided(hand: HandCore) -> bool:
    """The machine's condition to go back to the first street: a void has gathered the cards."""
    voids: VoidPart | None = hand.parts[_PART]
    return voids is not None and voids.due


def restart(hand: HandCore) -> None:
    """Taking the edge back to the first street: the void is carried out."""
    voids: VoidPart = own_part(hand, _PART)
    voids.due = False


def voids_of(hand: HandCore) -> int:
    """How many times this hand's deal has been voided."""
    voids: VoidPart | None = hand.parts[_PART]
    return 0 if voids is None else voids.count
