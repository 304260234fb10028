"""Community cards dealt face down and turned later (``streets[].board_dealt_on``).

Cincinnati deals five cards face down in the center beside the players' cards and turns them
up one at a time, a betting interval after each (blackjackworlds.com, after Hoyle;
docs/rules.md V15). Such a card is nobody's until it is turned: no hand plays it, no view
shows it, and it joins the community cards (``hand.community``) only when its street turns it,
recorded as :class:`~.events.CommunityCardTurned`. A card dealt from outside unseen (``??``)
is named by the dealer when it is turned, so the showdown never meets an unknown board card.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.rulebook.model import Face

from .cards import Card
from .core import HandCore, own_part, part
from .events import CommunityCardDealtDown, CommunityCardTurned
from .wild_now import track


class HiddenBoardPart:
    """The community cards dealt face down and not yet turned."""

    __slots__ = ("cards", "dealt")

    def __init__(self) -> None:
        self.cards: list[tuple[Card | None, int]] = []
        """Each card with the street that turns it (``streets[].board_dealt_on``)."""
        self.dealt = 0
        """Face-down community cards dealt so far this hand."""


_PART = part(HiddenBoardPart, lazy=True)


def deal_face_down(hand: HandCore, cards: Sequence[Card | None]) -> None:
    """Community cards dealt face down to the middle, each for the later street that turns it
    (in street order, the earlier streets' first)."""
    hidden: HiddenBoardPart = own_part(hand, _PART)
    order = [later for turning in hand.rules.boards_down for later in turning]
    for card in cards:
        hidden.cards.append((card, order[hidden.dealt]))
        hidden.dealt += 1
        hand.events.append(CommunityCardDealtDown(card))


def next_known(hand: HandCore) -> bool:
    """Whether the next card this street turns is known (dealt seen: the turn needs no dealer);
    a card dealt unseen waits for the dealer to name it."""
    hidden: HiddenBoardPart = own_part(hand, _PART)
    street = hand.street or 0
    return next(card for card, later in hidden.cards if later == street) is not None


def turn(hand: HandCore, named: Card | None) -> None:
    """Turn up this street's next face-down community card (``named``: the card the dealer
    names for one dealt unseen): it plays in every hand from now on."""
    hidden: HiddenBoardPart = own_part(hand, _PART)
    street = hand.street or 0
    index = next(i for i, (_, later) in enumerate(hidden.cards) if later == street)
    card, _ = hidden.cards.pop(index)
    card = named if card is None else card
    hand.community.append(card)
    hand.events.append(CommunityCardTurned(card, named is not None))
    track(hand, card, Face.UP)


def face_down(hand: HandCore) -> list[Card | None]:
    """The community cards still face down in the middle, in the order dealt."""
    hidden: HiddenBoardPart | None = hand.parts[_PART]
    return [] if hidden is None else [card for card, _ in hidden.cards]


def as_seen(hand: HandCore) -> tuple[Card | None, ...]:
    """The community cards as every seat sees them: those turned, then ``None`` for each
    still face down (seen by nobody)."""
    hidden: HiddenBoardPart | None = hand.parts[_PART]
    if hidden is None or not hidden.cards:
        return tuple(hand.community)
    return (*hand.community, *(None for _ in hidden.cards))
