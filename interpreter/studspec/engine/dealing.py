"""The dealer's phases: burns, each street's deal, and cards dealt from outside.

A seeded or stacked deck deals a whole street the moment the deal phase is entered; a hand
dealt from outside (a replay, a live table) queues the seats instead, and the machine waits
in the deal phase until :func:`cards_dealt` holds. A priced dealt-card rule pauses either
deal until its seat answers (:mod:`.offers`). How a street is dealt when the stub runs
short is the rule book's exhaustion rule (:data:`studspec.engine.rules.EXHAUSTION`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from studspec.errors import HandError, IllegalDealError
from studspec.spec.model import Face

from .cards import Card, format_cards
from .events import BurnsReshuffled, CardBurned, CardsDealt, CommunityCardDealt, StreetBegan
from .rules import DealPlan
from .triggers import fire
from .wilds import track

if TYPE_CHECKING:
    from .hand import Hand


@lru_cache(maxsize=64)
def _up_positions(faces: tuple[Face, ...]) -> tuple[int, ...]:
    """Where the up cards are among cards dealt with these faces (a street's are the same for
    every seat and every hand)."""
    return tuple(position for position, face in enumerate(faces) if face is Face.UP)


@dataclass(frozen=True)
class PendingDeal:
    """What the dealer must deal next when cards come from outside."""

    seat: int | None
    """The seat to deal to, or ``None`` for a community card."""
    count: int
    faces: tuple[Face, ...]


def begin_street(hand: Hand, index: int) -> None:
    """Record that street ``index`` began (once, whichever of its phases comes first)."""
    if hand.street != index:
        hand.street = index
        hand.round = None
        hand.events.append(StreetBegan(hand.variant.streets[index].id, index))


def plan(hand: Hand, index: int) -> DealPlan:
    """How street ``index`` is dealt from what is left in the stub."""
    street = hand.variant.streets[index]
    needed = len(street.deal) * len(hand.live)
    return hand.rules.exhaustion(hand.deck.size, len(hand.deck.burns), needed, hand.rules.burn(index))


def enter_burn(hand: Hand) -> None:
    """Burn before the street, after putting the burns back if the plan says so."""
    index = hand.compiled.phases[hand.state].street
    assert index is not None
    begin_street(hand, index)
    hand.deal_plan = plan(hand, index)
    if hand.deal_plan.reshuffle_burns:
        hand.events.append(BurnsReshuffled(hand.deck.reshuffle_burns()))
    if hand.deal_plan.burn and hand.deck.size > 0:
        hand.events.append(CardBurned(hand.deck.burn()))


def enter_deal(hand: Hand) -> None:
    """Queue the street's deal (every live seat, or one community card) and, when the deck
    is the hand's own, deal it at once."""
    index = hand.compiled.phases[hand.state].street
    assert index is not None
    begin_street(hand, index)
    street_plan = hand.deal_plan if hand.deal_plan is not None else plan(hand, index)
    if hand.deal_plan is None and street_plan.reshuffle_burns:
        hand.events.append(BurnsReshuffled(hand.deck.reshuffle_burns()))
    hand.deal_plan = None
    street = hand.variant.streets[index]
    if street_plan.community:
        hand.community_street = index
        hand.deal_queue = [(None, (Face.UP,))]
    else:
        hand.deal_queue = [(seat, street.deal) for seat in hand.live]
    if hand.deck.drawing:
        _draw_street(hand, index)


def _draw_street(hand: Hand, index: int) -> None:
    street = hand.variant.streets[index]
    queue, deck = hand.deal_queue, hand.deck
    if not hand.rules.watches_cards and _draw_at_once(hand, queue):
        return
    while queue and not hand.offers:
        seat, faces = queue.pop(0)
        if deck.size < len(faces):
            raise HandError(f"the stub is empty on {street.id} street")
        place(hand, seat, deck.deal(len(faces)), faces)


def _draw_at_once(hand: Hand, queue: list[tuple[int | None, tuple[Face, ...]]]) -> bool:
    """Deal the whole queue from one slice of the stub, each seat its cards in turn, as the
    loop in :func:`_draw_street` would when no rule watches the cards fall (nothing can stop
    the deal midway). ``False``, dealing nothing, when the stub is short: the loop then deals
    as far as it can and says where it ran out."""
    needed = sum(len(faces) for _, faces in queue)
    if hand.deck.size < needed:
        return False
    cards = tuple(hand.deck.deal(needed))  # each seat's slice is then the event's own tuple
    start = 0
    for seat, faces in queue:
        stop = start + len(faces)
        place(hand, seat, cards[start:stop], faces)
        start = stop
    queue.clear()
    return True


def resume_deal(hand: Hand) -> None:
    """Go on with the street once a dealt-card rule's offer is answered: nothing more is dealt
    when everyone else has folded, and the hand's own deck deals the rest at once."""
    if len(hand.live) <= 1:
        hand.deal_queue = []
    elif hand.deck.drawing and hand.street is not None:
        _draw_street(hand, hand.street)


def cards_dealt(hand: Hand) -> bool:
    """The machine's condition to leave a deal phase: nothing is left to deal, and no seat
    is still to answer a priced dealt-card rule."""
    return not hand.deal_queue and not hand.offers


def pending_deal(hand: Hand) -> PendingDeal | None:
    """What must be dealt next from outside, or ``None`` when no deal is awaited."""
    if not hand.deal_queue or hand.deck.drawing or hand.street is None or hand.offers:
        return None
    seat, faces = hand.deal_queue[0]
    return PendingDeal(seat, len(faces), faces)


def deal_given(hand: Hand, seat: int | None, cards: Sequence[Card | None]) -> None:
    """Deal cards named from outside, after checking every one (a refusal changes nothing)."""
    expected = _check_deal(hand, seat, cards)
    for dealt in cards:
        hand.deck.take(dealt)
    hand.deal_queue.pop(0)
    place(hand, seat, cards, expected.faces)


def _check_deal(hand: Hand, seat: int | None, cards: Sequence[Card | None]) -> PendingDeal:
    expected = pending_deal(hand)
    if expected is None:
        raise IllegalDealError(f"no deal is due now ({hand.waiting_for()})")
    who = "a community card" if seat is None else f"p{seat + 1}"
    if seat != expected.seat:
        want = "a community card" if expected.seat is None else f"p{expected.seat + 1}"
        raise IllegalDealError(f"dealing to {who} is out of turn: the next deal is to {want}")
    if len(cards) != expected.count:
        raise IllegalDealError(f"{who} must receive {expected.count} card(s) on this street, not {len(cards)}")
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        raise IllegalDealError(f"{format_cards(cards)} names a card twice")
    for card in known:
        if card not in hand.deck.cards:
            raise IllegalDealError(f"{card} is not in this rule book's deck ({hand.variant.deck})")
        if not hand.deck.is_unseen(card):
            where = "in the muck (a folded hand)" if card in hand.deck.muck else "in play"
            raise IllegalDealError(f"{card} cannot be dealt to {who}: it is already {where}")
    if hand.deck.size < len(cards):
        raise IllegalDealError(f"the stub holds {hand.deck.size} cards, fewer than {len(cards)}")
    return expected


def place(hand: Hand, seat: int | None, cards: Sequence[Card | None], faces: Sequence[Face]) -> None:
    """Give ``cards`` to ``seat`` (or to the board) and record it, then let the rules that
    watch the cards as they fall (Follow the Queen, dealt-card rules) see each one."""
    if seat is None:
        hand.community.extend(cards)
        for card in cards:
            hand.events.append(CommunityCardDealt(card))
            track(hand, card, Face.UP)
        return
    hand.cards[seat].extend(cards)
    hand.faces[seat].extend(faces)
    faces = tuple(faces)
    for position in _up_positions(faces):
        hand.boards[seat].append(cards[position])
    hand.events.append(CardsDealt(seat, tuple(cards), faces))
    if not hand.rules.watches_cards:
        return
    for card, face in zip(cards, faces):
        track(hand, card, face)
        fire(hand, seat, card, face)
