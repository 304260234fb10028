"""Indicator cards: cards in the middle that play in no hand but set a rule by their rank.

Kryky's last card makes its rank wild; the Good, the Bad and the Ugly deals three face down
beside the first street and turns one a street: the Good's rank is wild, every card of the
Bad's rank is thrown out of every hand, and a hand that shows the Ugly's rank is dead
(mypokerhomegame.com; docs/rules.md V15). What each rank does is the registry's
:class:`~studspec.rulebook.options.IndicatorTraits`; this module deals the cards face down, turns them, and
carries the effect out on the hands, recording each change (:class:`IndicatorTurned`,
:class:`CardsThrownOut`, :class:`HandKilled`) so a reader of the log needs no rule of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.rulebook.model import Face
from studspec.rulebook.options import INDICATOR_TRAITS

from .cards import FIRST_JOKER, Card
from .core import HandCore, fold, part, take_out
from .events import CardsThrownOut, HandKilled, IndicatorDealt, IndicatorTurned
from .wild_now import indicate, indicators_of


class HiddenPart:
    """The indicator cards dealt face down and not yet turned."""

    __slots__ = ("cards", "dealt", "thrown")

    def __init__(self) -> None:
        self.cards: list[tuple[Card | None, int]] = []
        """Each card with the street that turns it (``streets[].indicator_dealt_on``)."""
        self.dealt = 0
        """Face-down indicator cards dealt so far this hand."""
        self.thrown: list[tuple[int, dict[int, int]]] = []
        """Each rank thrown out of the hands, with how many cards each seat held just after:
        a card unseen then, in one of those places, cannot be of that rank."""


_PART = part(HiddenPart)


def show(hand: HandCore, cards: Sequence[Card | None]) -> None:
    """Indicator cards dealt face up on this street: each takes effect at once."""
    street = hand.street or 0
    effect = hand.variant.streets[street].indicator or ""
    for card in cards:
        hand.events.append(IndicatorDealt(card, effect))
        _carry_out(hand, card, street)


def deal_face_down(hand: HandCore, cards: Sequence[Card | None]) -> None:
    """Indicator cards dealt face down to the middle, each for the next later street that
    turns one (in street order, the earlier streets' first)."""
    hidden: HiddenPart = hand.parts[_PART]
    order = [later for turning in hand.rules.indicators_down for later in turning]
    for card in cards:
        later = order[hidden.dealt]
        hidden.dealt += 1
        hidden.cards.append((card, later))
        hand.events.append(IndicatorDealt(card, hand.variant.streets[later].indicator or "", Face.DOWN))


def turn(hand: HandCore) -> None:
    """Turn up the face-down indicator card of this street: its rule takes effect now."""
    hidden: HiddenPart = hand.parts[_PART]
    street = hand.street or 0
    index = next(i for i, (_, later) in enumerate(hidden.cards) if later == street)
    card, _ = hidden.cards.pop(index)
    hand.events.append(IndicatorTurned(card, hand.variant.streets[street].indicator or ""))
    _carry_out(hand, card, street)


def in_the_middle(hand: HandCore) -> list[Card | None]:
    """Every indicator card in the middle: those face up, then those still face down."""
    hidden: HiddenPart = hand.parts[_PART]
    return [*indicators_of(hand), *(card for card, _ in hidden.cards)]


def as_seen(hand: HandCore) -> tuple[Card | None, ...]:
    """The indicator cards as every seat sees them: those face up, then ``None`` for each
    still face down (seen by nobody)."""
    hidden: HiddenPart = hand.parts[_PART]
    return (*indicators_of(hand), *(None for _ in hidden.cards))


def _carry_out(hand: HandCore, card: Card | None, street: int) -> None:
    """The rule of street ``street``'s indicator, for its card: a card dealt unseen sets
    nothing (its rank is not known)."""
    effect = hand.rules.indicators[street]
    assert effect is not None
    indicate(hand, card, effect.wild, effect.bars_wild)
    if card is None or card >= FIRST_JOKER:
        return
    if effect.discards:
        _throw_out(hand, card.rank)
    if effect.folds_showing:
        _kill_showing(hand, card)


def _throw_out(hand: HandCore, rank: int) -> None:
    """Every card of ``rank`` in every hand still in, up or down, goes to the muck; a card
    dealt unseen (``??``) stays, and may not be shown as one of that rank later."""
    hidden: HiddenPart = hand.parts[_PART]
    for seat in hand.live:
        positions = [p for p, held in enumerate(hand.cards[seat]) if held is not None and held >> 2 == rank]
        if positions:
            for _, held_then in hidden.thrown:  # the places of an earlier rank move down too
                held_then[seat] -= sum(1 for p in positions if p < held_then.get(seat, 0))
            removed = take_out(hand, seat, positions)
            hand.deck.to_muck([held for held, _ in removed])
            hand.events.append(CardsThrownOut(seat, tuple(held for held, _ in removed)))
    hidden.thrown.append((rank, {seat: len(hand.cards[seat]) for seat in hand.live}))


def thrown_out_rank(hand: HandCore, seat: int, position: int, card: Card) -> int | None:
    """The rank thrown out while ``seat`` held a card at ``position``, if ``card`` is of it:
    such a card, dealt unseen and shown now, would have gone to the muck."""
    hidden: HiddenPart = hand.parts[_PART]
    for rank, held_then in hidden.thrown:
        if position < held_then.get(seat, 0) and card < FIRST_JOKER and card >> 2 == rank:
            return rank
    return None


def _kill_showing(hand: HandCore, card: Card) -> None:
    """Every hand still in that shows a card of the indicator's rank is dead; when every one
    of them shows it, none is (a rule never leaves the hand without a player)."""
    rank = card >> 2
    dead = [seat for seat in hand.live if any(up is not None and up >> 2 == rank for up in hand.boards[seat])]
    if len(dead) == len(hand.live):
        return
    for seat in dead:
        fold(hand, seat)
        hand.events.append(HandKilled(seat, card))


def indicator_words(effect: str) -> str:
    """What an indicator card's rank does, in a few words for the table (from its traits)."""
    traits = INDICATOR_TRAITS.get(effect)
    if traits is None:
        return "it sets a rule"
    if traits.wild:
        return "its rank is wild"
    if traits.discards:
        return "its rank is thrown out of every hand"
    return "a hand that shows its rank is dead"
