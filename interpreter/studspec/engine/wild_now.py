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
    """What changes the wild cards as one hand is dealt: Follow the Queen's up cards, a rank
    that climbs, the cards that cancel them, the indicator cards in the middle, the cards a
    player would not pay to keep wild."""

    __slots__ = (
        "awaiting_follower",
        "barred",
        "cancelled",
        "cancelling_seen",
        "climbed_to",
        "followed_rank",
        "indicators",
        "unwild",
        "wild_indicators",
    )  # fmt: skip

    def __init__(self) -> None:
        self.followed_rank: Rank | None = None
        """The rank of the up card that followed the last up queen."""
        self.awaiting_follower = False
        """An up queen fell, and the next up card's rank will be wild."""
        self.indicators: list[Card | None] = []
        """Indicator cards face up in the middle, in no hand (``streets[].indicator``: Kryky's last)."""
        self.wild_indicators: list[Card | None] = []
        """Those of them whose rank is wild (``wild-rank``)."""
        self.barred: frozenset[Rank] = frozenset()
        """Ranks a wild card may no longer stand for: those thrown out or fatal (the Bad's,
        the Ugly's)."""
        self.climbed_to: Rank | None = None
        """The wild rank that climbs with the up cards, once its first card showed (``wild.moves``)."""
        self.cancelling_seen = 0
        """How many up cards that count toward ``wild.cancelled_by`` have shown."""
        self.cancelled = False
        """The wild cards are cancelled for the rest of the hand."""
        self.unwild: set[Card] = set()
        """Cards of a wild rank their holders would not pay for: natural cards now
        (``triggers[].effect: pay-or-not-wild``)."""


_PART = part(FollowPart)


def table_ranks(hand: HandCore) -> frozenset[Rank]:
    """The ranks wild for every seat now: the fixed ones, the trigger, the followed rank, the
    rank climbed to; none once cancelled."""
    table = hand.rules.wild
    if table.cancel is not None and _cancelled(hand):
        return frozenset()
    ranks = set(table.ranks)
    if table.indicated:
        shown: FollowPart = hand.parts[_PART]
        ranks.update(card.rank for card in shown.wild_indicators if card is not None and card < FIRST_JOKER)
    if table.follow.trigger is not None:
        ranks.add(table.follow.trigger)
        followed: FollowPart = hand.parts[_PART]
        if followed.followed_rank is not None:
            ranks.add(followed.followed_rank)
    if table.moves_from is not None:
        climbing: FollowPart = hand.parts[_PART]
        if climbing.climbed_to is not None:
            ranks.add(climbing.climbed_to)
    return frozenset(ranks)


def _cancelled(hand: HandCore) -> bool:
    state: FollowPart = hand.parts[_PART]
    return state.cancelled


def wild_cards_now(hand: HandCore) -> frozenset[Card]:
    """The single cards wild now (``wild.cards``): none once the wild cards are cancelled."""
    table = hand.rules.wild
    if table.cancel is not None and table.cards and _cancelled(hand):
        return frozenset()
    return table.cards


def spec_for(hand: HandCore, seat: int) -> WildSpec | None:
    """What is wild in ``seat``'s hand now (``None``: nothing can be, value it naturally)."""
    table = hand.rules.wild
    if not table.any:
        return None
    ranks = table_ranks(hand)
    if table.per_player is not None and not (table.cancel is not None and _cancelled(hand)):
        ranks |= table.per_player(hand.cards[seat], hand.faces[seat])
    jokers = table.jokers
    if table.jokers_up is not jokers and _joker_up(hand.cards[seat], hand.faces[seat]):
        jokers = table.jokers_up  # the joker shows: it plays as an up joker does (the bug)
    if table.plain:  # nothing bought, cancelled or barred: the book's own single cards
        return WildSpec(ranks=ranks, jokers=jokers, flush=table.flush, cards=table.cards)
    ranks, cards = _paid_for(hand, ranks, wild_cards_now(hand))
    return WildSpec(ranks=ranks, jokers=jokers, flush=table.flush, cards=cards, barred=barred_ranks(hand))


def barred_ranks(hand: HandCore) -> frozenset[Rank]:
    """Ranks no wild card may stand for now (an indicator's rank thrown out or fatal)."""
    if not hand.rules.wild.indicated_bars:
        return frozenset()
    state: FollowPart = hand.parts[_PART]
    return state.barred


def table_wild(hand: HandCore) -> tuple[frozenset[Rank], frozenset[Card]]:
    """The ranks and the single cards wild for every seat now (a board read with its wild
    cards reads these)."""
    return _paid_for(hand, table_ranks(hand), wild_cards_now(hand))


def _paid_for(
    hand: HandCore, ranks: frozenset[Rank], cards: frozenset[Card]
) -> tuple[frozenset[Rank], frozenset[Card]]:
    """A wild rank with cards a player would not pay for: the rank's other cards wild one by
    one instead, the unpaid ones natural."""
    if not hand.rules.wild.unwild_possible:
        return ranks, cards
    state: FollowPart = hand.parts[_PART]
    if not state.unwild:
        return ranks, cards
    natural = {card.rank for card in state.unwild} & ranks
    if not natural:
        return ranks, cards
    still = {Card(rank * 4 + suit) for rank in natural for suit in range(4)} - state.unwild
    return ranks - natural, cards | still


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
    ranks, cards = table_wild(hand)
    return WildSpec(ranks=ranks, jokers=table.jokers, flush=table.flush, cards=cards, barred=barred_ranks(hand))


def track(hand: HandCore, card: Card | None, face: Face) -> None:
    """An up card changes what is wild: Follow the Queen's next up card, a rank climbed to,
    a card that counts toward cancelling them. Down cards never count."""
    table = hand.rules.wild
    if not table.changes or face is not Face.UP or card is None:
        return
    before = table_ranks(hand)
    state: FollowPart = hand.parts[_PART]
    rank = None if card >= FIRST_JOKER else card.rank  # a joker has no rank to follow or climb to
    if table.follow.trigger is not None:
        _follow(state, table.follow.trigger, rank)
    if table.moves_from is not None and rank is not None:
        _climb(state, table.moves_from, rank)
    if table.cancel is not None and not state.cancelled and table.cancel.counts(card):
        state.cancelling_seen += 1
        state.cancelled = state.cancelling_seen >= table.cancel.up
        if state.cancelled:
            hand.events.append(WildRanksChanged(()))  # everything wild ends, single cards too
            return
    _announce(hand, before)


def _follow(state: FollowPart, trigger: Rank, rank: Rank | None) -> None:
    """Follow the Queen: an up card after an up queen makes its rank wild; an up queen
    clears the followed rank until the next up card."""
    if rank == trigger:
        state.followed_rank = None
        state.awaiting_follower = True
    elif state.awaiting_follower:
        state.followed_rank = rank
        state.awaiting_follower = False


def _climb(state: FollowPart, start: Rank, rank: Rank) -> None:
    """Sequence: the first up card of the starting rank makes it wild; then an up card one
    rank above the wild rank takes its place."""
    if (state.climbed_to is None and rank == start) or (state.climbed_to is not None and rank == state.climbed_to + 1):
        state.climbed_to = rank


def keep_natural(hand: HandCore, card: Card) -> None:
    """``card`` is natural from now on, though its rank is wild: its holder would not pay."""
    state: FollowPart = hand.parts[_PART]
    state.unwild.add(card)


def indicate(hand: HandCore, card: Card | None, wild: bool, bars: bool = False) -> None:
    """An indicator card shows in the middle; where its rule makes its rank wild, it is now;
    where it throws its rank out or kills with it, no wild card may stand for that rank."""
    state: FollowPart = hand.parts[_PART]
    state.indicators.append(card)
    if bars and card is not None and card < FIRST_JOKER:
        state.barred = state.barred | {card.rank}
    if wild:
        before = table_ranks(hand)
        state.wild_indicators.append(card)
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
