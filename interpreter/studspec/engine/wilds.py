"""Which cards are wild in a hand as it is dealt: fixed ranks, a followed rank, a seat's own.

The rule book's ``wild`` section is resolved once (:class:`WildTable`); a hand then tracks
the one thing that changes as the cards fall, the rank that follows an up queen in Follow
the Queen (:func:`track`), and records each change as a :class:`WildRanksChanged` event.
:func:`spec_for` gives the :class:`~studspec.engine.wild.WildSpec` one seat's hand is valued
under at the showdown (and its player reasons with): the table's wild ranks, plus any rank
wild for that seat alone. How a hand with wild cards is worth what it is: :mod:`.wild`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from studspec.spec.model import Face

from .cards import FIRST_JOKER, Card, Rank
from .events import WildRanksChanged
from .wild import FlushWilds, JokerPlay, WildSpec

if TYPE_CHECKING:
    from .hand import Hand

PerPlayer = Callable[[Sequence[Card | None], Sequence[Face]], frozenset[Rank]]
"""The ranks wild for one seat alone, from its cards and how each was dealt."""


@dataclass(frozen=True)
class FollowRule:
    """A rank made wild by the up card that follows a trigger card (Follow the Queen).

    ``trigger`` is itself wild; the rank of the next up card after an up trigger becomes wild
    with it; a later up trigger replaces that rank (until the up card after it says which);
    ``None`` is no such rule.
    """

    trigger: Rank | None = None


@dataclass(frozen=True)
class WildTable:
    """A rule book's wild cards, resolved once per book."""

    ranks: frozenset[Rank] = frozenset()
    follow: FollowRule = FollowRule()
    jokers: JokerPlay = JokerPlay.WILD
    flush: FlushWilds = FlushWilds.DISTINCT_RANKS
    """What a wild card may stand for in a flush (``wild.flush``)."""
    per_player: PerPlayer | None = None
    board_wild: bool = False
    """Whether wild cards count as wild for the bring-in and first to act."""
    deck_has_jokers: bool = False
    any: bool = field(init=False, compare=False)
    """Whether any card can ever be wild in this book (asked several times a hand: kept)."""

    def __post_init__(self) -> None:
        wild = bool(self.ranks or self.follow.trigger is not None or self.per_player or self.deck_has_jokers)
        object.__setattr__(self, "any", wild)


ACE_OF_SPADES = Card(51)


def as_natural(card: Card) -> Card:
    """A card as it counts on a board read naturally: itself, or an ace for a joker."""
    return ACE_OF_SPADES if card >= FIRST_JOKER else card


def table_ranks(hand: Hand) -> frozenset[Rank]:
    """The ranks wild for every seat now: the fixed ones, the trigger, the followed rank."""
    table = hand.rules.wild
    ranks = set(table.ranks)
    if table.follow.trigger is not None:
        ranks.add(table.follow.trigger)
        if hand.followed_rank is not None:
            ranks.add(hand.followed_rank)
    return frozenset(ranks)


def spec_for(hand: Hand, seat: int) -> WildSpec | None:
    """What is wild in ``seat``'s hand now (``None``: nothing can be, value it naturally)."""
    table = hand.rules.wild
    if not table.any:
        return None
    ranks = table_ranks(hand)
    if table.per_player is not None:
        ranks |= table.per_player(hand.cards[seat], hand.faces[seat])
    return WildSpec(ranks=ranks, jokers=table.jokers, flush=table.flush)


def field_spec(hand: Hand) -> WildSpec | None:
    """What is wild for every seat now, in a book where a card may also be wild for one
    seat alone (``None`` in any other book): the spec an opponent's hand is valued under,
    before its own per-player rank."""
    table = hand.rules.wild
    if table.per_player is None:
        return None
    return WildSpec(ranks=table_ranks(hand), jokers=table.jokers, flush=table.flush)


def track(hand: Hand, card: Card | None, face: Face) -> None:
    """Follow the Queen: an up card after an up queen makes its rank wild; an up queen
    clears the followed rank until the next up card. Down cards never count."""
    trigger = hand.rules.wild.follow.trigger
    if trigger is None or face is not Face.UP or card is None:
        return
    before = table_ranks(hand)
    if card >= FIRST_JOKER:
        rank: Rank | None = None  # a joker has no rank to follow
    else:
        rank = card.rank
    if rank == trigger:
        hand.followed_rank = None
        hand.awaiting_follower = True
    elif hand.awaiting_follower:
        hand.followed_rank = rank
        hand.awaiting_follower = False
    after = table_ranks(hand)
    if after != before:
        hand.events.append(WildRanksChanged(tuple(sorted(after))))


_PLURALS = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces")  # fmt: skip


def wild_words(ranks: Sequence[Rank]) -> str:
    """The wild ranks for people: ``queens and sevens are wild``."""
    names = [_PLURALS[rank] for rank in sorted(ranks, reverse=True)]
    if not names:
        return "no rank is wild"
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{listed} are wild"


def lowest_down_card(cards: Sequence[Card | None], faces: Sequence[Face]) -> frozenset[Rank]:
    """The rank of the seat's lowest face-down card, aces high ("low hole card wild")."""
    down = [card for card, face in zip(cards, faces) if face is Face.DOWN and card is not None]
    naturals = [card for card in down if card < FIRST_JOKER]
    return frozenset({min(naturals).rank}) if naturals else frozenset()
