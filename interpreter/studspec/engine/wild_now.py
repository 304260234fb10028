"""What is wild in a hand now: the book's wild ranks, the rank an up card made wild, a seat's own.

The rule book's wild cards are resolved once (:class:`~.wild_cards.WildTable`); a hand then
follows the one thing that changes as the cards fall, the rank that follows an up queen in
Follow the Queen (:func:`track`, recorded as a :class:`WildRanksChanged` event), in a part of
its own (:class:`FollowPart`). :func:`spec_for` gives the
:class:`~studspec.engine.wild_ranking.WildSpec` one seat's hand is valued under at the
showdown (and its player reasons with); :func:`field_spec` what every seat shares.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.rulebook.model import Face

from .cards import FIRST_JOKER, Card, Rank
from .core import HandCore, part
from .events import WildRanksChanged
from .wild_ranking import WildSpec


class FollowPart:
    """What changes the wild ranks as one hand is dealt: Follow the Queen's up cards, and the
    indicator cards in the middle."""

    __slots__ = ("awaiting_follower", "followed_rank", "indicators")

    def __init__(self) -> None:
        self.followed_rank: Rank | None = None
        """The rank of the up card that followed the last up queen."""
        self.awaiting_follower = False
        """An up queen fell, and the next up card's rank will be wild."""
        self.indicators: list[Card | None] = []
        """Indicator cards in the middle, in no hand (``streets[].indicator``: Kryky's last)."""


_PART = part(FollowPart)


def table_ranks(hand: HandCore) -> frozenset[Rank]:
    """The ranks wild for every seat now: the fixed ones, the trigger, the followed rank."""
    table = hand.rules.wild
    ranks = set(table.ranks)
    if table.indicated:
        shown: FollowPart = hand.parts[_PART]
        ranks.update(card.rank for card in shown.indicators if card is not None and card < FIRST_JOKER)
    if table.follow.trigger is not None:
        ranks.add(table.follow.trigger)
        followed: FollowPart = hand.parts[_PART]
        if followed.followed_rank is not None:
            ranks.add(followed.followed_rank)
    return frozenset(ranks)


def spec_for(hand: HandCore, seat: int) -> WildSpec | None:
    """What is wild in ``seat``'s hand now (``None``: nothing can be, value it naturally)."""
    table = hand.rules.wild
    if not table.any:
        return None
    ranks = table_ranks(hand)
    if table.per_player is not None:
        ranks |= table.per_player(hand.cards[seat], hand.faces[seat])
    jokers = table.jokers
    if table.jokers_up is not jokers and _joker_up(hand.cards[seat], hand.faces[seat]):
        jokers = table.jokers_up  # the joker shows: it plays as an up joker does (the bug)
    return WildSpec(ranks=ranks, jokers=jokers, flush=table.flush, cards=table.cards)


def _joker_up(cards: Sequence[Card | None], faces: Sequence[Face]) -> bool:
    """Whether the seat shows a joker (the book's deck has one at most)."""
    return any(card is not None and card >= FIRST_JOKER and face is Face.UP for card, face in zip(cards, faces))


def field_spec(hand: HandCore) -> WildSpec | None:
    """What is wild for every seat now, in a book where a card may also be wild for one
    seat alone (``None`` in any other book): the spec an opponent's hand is valued under,
    before its own per-player rank."""
    table = hand.rules.wild
    if table.per_player is None:
        return None
    return WildSpec(ranks=table_ranks(hand), jokers=table.jokers, flush=table.flush, cards=table.cards)


def track(hand: HandCore, card: Card | None, face: Face) -> None:
    """Follow the Queen: an up card after an up queen makes its rank wild; an up queen
    clears the followed rank until the next up card. Down cards never count."""
    trigger = hand.rules.wild.follow.trigger
    if trigger is None or face is not Face.UP or card is None:
        return
    before = table_ranks(hand)
    followed: FollowPart = hand.parts[_PART]
    rank = None if card >= FIRST_JOKER else card.rank  # a joker has no rank to follow
    if rank == trigger:
        followed.followed_rank = None
        followed.awaiting_follower = True
    elif followed.awaiting_follower:
        followed.followed_rank = rank
        followed.awaiting_follower = False
    _announce(hand, before)


def indicate(hand: HandCore, cards: Sequence[Card | None]) -> None:
    """Indicator cards go to the middle; where the book makes their rank wild, it is now."""
    before = table_ranks(hand)
    indicators_of(hand).extend(cards)
    _announce(hand, before)


def _announce(hand: HandCore, before: frozenset[Rank]) -> None:
    """Record the wild ranks when they differ from ``before`` (a card changed them)."""
    after = table_ranks(hand)
    if after != before:
        hand.events.append(WildRanksChanged(tuple(sorted(after))))


def indicators_of(hand: HandCore) -> list[Card | None]:
    """The hand's indicator cards, in the order dealt."""
    found: FollowPart = hand.parts[_PART]
    return found.indicators
