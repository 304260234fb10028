"""The dealer's phases: burns, each street's deal, cards dealt from outside, and the questions
a dealt card asks (a dealt-card rule's price).

A seeded or stacked deck deals a whole street the moment the deal phase is entered; a hand
dealt from outside (a replay, a live table) queues the seats instead, and the machine waits
in the deal phase until :func:`cards_dealt` holds. How a street is dealt when the stub runs
short is the rule book's exhaustion rule (:data:`studspec.engine.rules.EXHAUSTION`).

Every card placed is shown to the rules that watch the cards fall: Follow the Queen
(:func:`~.wild_now.track`) and the dealt-card rules (:func:`fire`). A free rule takes effect
at once; a priced one makes its seat an :class:`~.triggers.Offer`, and the deal waits for
the answer (pay, or decline, or fold under pay or fold), as at the table. The price is dead
money: it goes to the pot every player still in contests, is no bet and is never called.

The deal's own state (what is still to be dealt, the street dealt as a community card, the
open offers) is its part, :class:`DealPart`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from studspec.errors import HandError, IllegalDealError
from studspec.rulebook.model import Face, Variant

from . import hidden_board, indicators, voiding
from .actions import Action, ActionKind, LegalAction
from .cards import FIRST_JOKER, Card, format_cards
from .core import HandCore, PendingDeal, PhaseHandler, fold, part, pot_size
from .events import (
    ActionTaken,
    BurnsReshuffled,
    CardBurned,
    CardsDealt,
    CommunityCardDealt,
    HandKilled,
    StreetBegan,
    TriggerFired,
)
from .hot import FOLD, PAY
from .phases import PhaseKind, Wait
from .rules import DealPlan
from .triggers import DealtCardRule, Offer
from .wild_now import keep_natural, track

Queued = tuple[int | None, tuple[Face, ...]]
"""One seat still to be dealt this street (``None``: the board; :data:`INDICATOR`: an
indicator card), and the faces of its cards."""

INDICATOR = -1
"""Where an indicator card is queued: the middle, in no hand (``streets[].indicator``)."""
HIDDEN_INDICATOR = -2
"""Where an indicator card dealt face down is queued (``streets[].indicator_dealt_on``)."""
TURN = -3
"""The turn of a face-down indicator card: queued after the street's cards, it deals none."""
HIDDEN_BOARD = -4
"""Where a community card dealt face down is queued (``streets[].board_dealt_on``)."""
BOARD_TURN = -5
"""The turn of a face-down community card: queued where the street's board would be dealt, it
deals none from the stub (the dealer outside names a card that was dealt unseen)."""


class DealPart:
    """What the deal keeps between its steps."""

    __slots__ = ("community_street", "offers", "plan", "queue", "triggered")

    def __init__(self) -> None:
        self.plan: DealPlan | None = None
        """The street's plan, made at its burn and used by its deal."""
        self.queue: list[Queued] = []
        """What is still to be dealt this street, in order."""
        self.community_street: int | None = None
        """The street that was dealt as one community card (the deck ran short), if any."""
        self.triggered: list[tuple[int, Card, DealtCardRule]] = []
        """Dealt-card rules set off and not yet carried out, in the order their cards fell:
        each is priced (or found free) when it comes up, so an earlier answer that took the
        seat's last chip leaves it all-in, and not asked, for the next."""
        self.offers: list[Offer] = []
        """The priced rule asked now, waiting for its seat's answer; the deal waits meanwhile."""


_PART = part(DealPart)
_UP = Face.UP


@lru_cache(maxsize=64)
def _up_positions(faces: tuple[Face, ...]) -> tuple[int, ...]:
    """Where the up cards are among cards dealt with these faces (a street's are the same for
    every seat and every hand)."""
    return tuple(position for position, face in enumerate(faces) if face is Face.UP)


def begin_street(hand: HandCore, index: int) -> None:
    """Record that street ``index`` began (once, whichever of its phases comes first)."""
    if hand.street != index:
        hand.street = index
        hand.events.append(StreetBegan(hand.variant.streets[index].id, index))


def plan(hand: HandCore, index: int) -> DealPlan:
    """How street ``index`` is dealt from what is left in the stub."""
    street = hand.variant.streets[index]
    needed = len(street.deal) * len(hand.live) + hand.rules.middle_cards[index]
    return hand.rules.exhaustion(hand.deck.size, len(hand.deck.burns), needed, hand.rules.burn(index))


def enter_burn(hand: HandCore) -> None:
    """Burn before the street, after putting the burns back if the plan says so."""
    index = hand.phase.street
    assert index is not None
    begin_street(hand, index)
    dealt: DealPart = hand.parts[_PART]
    dealt.plan = street_plan = plan(hand, index)
    if street_plan.reshuffle_burns:
        hand.events.append(BurnsReshuffled(hand.deck.reshuffle_burns()))
    if street_plan.burn and hand.deck.size > 0:
        hand.events.append(CardBurned(hand.deck.burn()))


def enter_deal(hand: HandCore) -> None:
    """Queue the street's deal (every live seat, or one community card) and, when the deck
    is the hand's own, deal it at once."""
    index = hand.phase.street
    assert index is not None
    begin_street(hand, index)
    dealt: DealPart = hand.parts[_PART]
    street_plan = dealt.plan if dealt.plan is not None else plan(hand, index)
    if dealt.plan is None and street_plan.reshuffle_burns:
        hand.events.append(BurnsReshuffled(hand.deck.reshuffle_burns()))
    dealt.plan = None
    street = hand.variant.streets[index]
    if street_plan.community:
        dealt.community_street = index
        dealt.queue = [(None, (Face.UP,))]
    else:
        dealt.queue = [(seat, street.deal) for seat in hand.live] if street.deal else []
        if street.down_when_all_up:  # a seat that shows every card gets its new hole card
            dealt.queue = [(seat, _faces_for(hand, seat, faces)) for seat, faces in dealt.queue]
        if street.board:  # community cards by design, after the seats' cards (or turned now)
            if street.board_dealt_on is None:
                dealt.queue.append((None, street.board))
            else:
                dealt.queue += [(BOARD_TURN, ()) for _ in street.board]
        if hand.rules.boards_down[index]:  # face down, for the later streets that turn them
            dealt.queue += [(HIDDEN_BOARD, (Face.DOWN,)) for _ in hand.rules.boards_down[index]]
        if hand.rules.indicators_down[index]:  # face down, for the later streets that turn them
            dealt.queue += [(HIDDEN_INDICATOR, (Face.DOWN,)) for _ in hand.rules.indicators_down[index]]
        if street.indicator is not None:  # last, in the middle: it sets a rule
            dealt.queue.append((INDICATOR, (Face.UP,)) if street.indicator_dealt_on is None else (TURN, ()))
    if hand.deck.drawing:
        _draw_street(hand, dealt)
    else:
        _turn_due(hand, dealt)


def _faces_for(hand: HandCore, seat: int | None, faces: tuple[Face, ...]) -> tuple[Face, ...]:
    """The street's faces for a seat under ``down_when_all_up``: face down, for a seat none
    of whose cards is face down (Mexican Stud: it rolled its hole card before the deal)."""
    if seat is None or Face.DOWN in hand.faces[seat]:
        return faces
    return tuple(Face.DOWN for _ in faces)


def _turn_due(hand: HandCore, dealt: DealPart) -> None:
    """Turn the face-down cards whose turn has come: the dealer deals nothing for an
    indicator card, nor for a community card dealt seen, so a deal from outside never waits on
    them; a community card dealt unseen waits for the dealer to name it."""
    while dealt.queue and not dealt.offers:
        where = dealt.queue[0][0]
        if where != TURN and (where != BOARD_TURN or not hidden_board.next_known(hand)):
            return
        dealt.queue.pop(0)
        place(hand, where, (), ())


def _draw_street(hand: HandCore, dealt: DealPart) -> None:
    queue, deck = dealt.queue, hand.deck
    if not hand.rules.watches_cards and _draw_at_once(hand, queue):
        return
    while queue and not dealt.offers:
        seat, faces = queue.pop(0)
        if deck.size < len(faces):
            raise HandError(f"the stub is empty on {hand.variant.streets[hand.street or 0].id} street")
        place(hand, seat, deck.deal(len(faces)), faces)


def _draw_at_once(hand: HandCore, queue: list[Queued]) -> bool:
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


def deal_replacements(hand: HandCore, seat: int, faces: tuple[Face, ...]) -> None:
    """Deal the seat replacement cards (a draw, a buy) with these faces: at once from the
    hand's own deck, else queued for the dealer outside, as a street's cards are."""
    dealt: DealPart = hand.parts[_PART]
    deck = hand.deck
    if deck.drawing and not dealt.queue and not hand.rules.watches_cards and deck.size >= len(faces):
        cards = tuple(deck.deal(len(faces)))  # what the queue would do, at once
        hand.cards[seat].extend(cards)
        hand.faces[seat].extend(faces)
        if _UP in faces:
            hand.boards[seat].extend([card for card, face in zip(cards, faces) if face is _UP])
        hand.events.append(CardsDealt(seat, cards, faces))
        return
    dealt.queue.append((seat, faces))
    if deck.drawing:
        _draw_street(hand, dealt)


def cards_dealt(hand: HandCore) -> bool:
    """The machine's condition to leave a deal phase: nothing is left to deal, and no seat
    is still to answer a priced dealt-card rule."""
    dealt: DealPart = hand.parts[_PART]
    return not dealt.queue and not dealt.offers and not dealt.triggered


def community_street(hand: HandCore) -> int | None:
    """The street dealt as one community card, if the deck ran short."""
    dealt: DealPart = hand.parts[_PART]
    return dealt.community_street


def pending_deal(hand: HandCore) -> PendingDeal | None:
    """What must be dealt next from outside, or ``None`` when no deal is awaited."""
    dealt: DealPart = hand.parts[_PART]
    if not dealt.queue or hand.deck.drawing or hand.street is None or dealt.offers:
        return None
    seat, faces = dealt.queue[0]
    if seat is not None and seat < 0:
        if seat == BOARD_TURN:  # a community card dealt unseen: the dealer names it as it turns
            return PendingDeal(None, 1, (Face.UP,), turn=True)
        return PendingDeal(None, len(faces), faces, indicator=seat != HIDDEN_BOARD)
    return PendingDeal(seat, len(faces), faces)


def deal_given(hand: HandCore, seat: int | None, cards: Sequence[Card | None]) -> None:
    """Deal cards named from outside, after checking every one (a refusal changes nothing)."""
    expected = _check_deal(hand, seat, cards)
    dealt: DealPart = hand.parts[_PART]
    where = dealt.queue[0][0]  # a seat, the board, or the indicator
    if where == BOARD_TURN:  # the card was dealt unseen, face down: it is named now, not dealt again
        _check_turned(hand, cards)
        hand.deck.reveal(cards[0])  # type: ignore[arg-type]  # checked: a card, not None
        dealt.queue.pop(0)
        place(hand, where, cards, ())
        _turn_due(hand, dealt)
        return
    for dealt_card in cards:
        hand.deck.take(dealt_card)
    if len(cards) < expected.count:  # part of a street's community cards: the rest stay due
        dealt.queue[0] = (where, expected.faces[len(cards) :])
        place(hand, where, cards, expected.faces[: len(cards)])
        return
    dealt.queue.pop(0)
    place(hand, where, cards, expected.faces)
    _turn_due(hand, dealt)


def _check_turned(hand: HandCore, cards: Sequence[Card | None]) -> None:
    """A face-down community card dealt unseen is turned now: the dealer must name it."""
    if cards[0] is None:
        street = hand.variant.streets[hand.street or 0].id
        raise IllegalDealError(
            f"the community card turned up on {street} street was dealt face down unseen: name it (d db CARD), not ??"
        )


def _deck_words(variant: Variant) -> str:
    """The book's deck as a refusal names it: ``52-plus-joker`` or, stripped, ``52-plus-joker
    without its 8s, 9s, Ts: deck.removed_ranks``."""
    if not variant.removed_ranks:
        return variant.deck
    return f"{variant.deck} without its {', '.join(f'{rank}s' for rank in variant.removed_ranks)}: deck.removed_ranks"


def _check_deal(hand: HandCore, seat: int | None, cards: Sequence[Card | None]) -> PendingDeal:
    expected = pending_deal(hand)
    if expected is None:
        raise IllegalDealError(f"no deal is due now ({hand.waiting_for()})")
    who = "a community card" if seat is None else f"p{seat + 1}"
    if seat != expected.seat:
        want = "a community card" if expected.seat is None else f"p{expected.seat + 1}"
        raise IllegalDealError(f"dealing to {who} is out of turn: the next deal is to {want}")
    if len(cards) != expected.count and not (seat is None and 0 < len(cards) < expected.count):
        raise IllegalDealError(f"{who} must receive {expected.count} card(s) on this street, not {len(cards)}")
    known = [c for c in cards if c is not None]
    if len(known) < len(cards) and hand.rules.rolls:
        raise IllegalDealError(f"{who} is dealt ?? but every card must be named: this book's players turn "
                               "cards until they beat the best hand showing (streets[].turn_until_best), "
                               "so how many each turns follows from the cards")  # fmt: skip
    repeats = len(set(known)) != len(known)
    if repeats and hand.rules.copies == 1:
        raise IllegalDealError(f"{format_cards(cards)} names a card twice")
    for card in known:
        if card not in hand.deck.cards:
            raise IllegalDealError(f"{card} is not in this rule book's deck ({_deck_words(hand.variant)})")
        if not hand.deck.is_unseen(card):
            if hand.rules.copies > 1:
                raise IllegalDealError(
                    f"{card} cannot be dealt to {who}: both copies the double deck holds are already in play or in the muck"
                )
            where = "in the muck (a folded hand)" if card in hand.deck.muck else "in play"
            raise IllegalDealError(f"{card} cannot be dealt to {who}: it is already {where}")
    if repeats:
        _check_copies(hand, who, known)
    if hand.deck.size < len(cards) and hand.parts[_PART].queue[0][0] != BOARD_TURN:
        raise IllegalDealError(f"the stub holds {hand.deck.size} cards, fewer than {len(cards)}")
    return expected


def _check_copies(hand: HandCore, who: str, known: Sequence[Card]) -> None:
    """A double deck deals a card twice at most: refuse naming one more often than the
    copies of it still unseen (docs/rules.md D6)."""
    for card in dict.fromkeys(known):
        left = hand.deck.unseen_copies(card)
        if known.count(card) > left:
            raise IllegalDealError(
                f"{card} is named {known.count(card)} times for {who}, but only {left} of its copies "
                f"{'is' if left == 1 else 'are'} unseen: a double deck holds each card twice"
            )


def place(hand: HandCore, seat: int | None, cards: Sequence[Card | None], faces: Sequence[Face]) -> None:
    """Give ``cards`` to ``seat`` (or to the board) and record it, then let the rules that
    watch the cards as they fall (Follow the Queen, dealt-card rules) see each one."""
    if seat is None:
        hand.community.extend(cards)
        for card in cards:
            hand.events.append(CommunityCardDealt(card))
            track(hand, card, Face.UP)
        return
    if seat < 0:
        _to_the_middle(hand, seat, cards)
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
        if fire(hand, seat, card, face):
            return  # the deal is void: the rest of these cards went back into the deck


def _to_the_middle(hand: HandCore, where: int, cards: Sequence[Card | None]) -> None:
    """An indicator card goes to the middle, in no hand: face up, its rule takes effect;
    face down, later; or the face-down one of this street is turned. When its rule leaves
    one hand, nothing more is dealt."""
    if where == INDICATOR:
        indicators.show(hand, cards)
    elif where == HIDDEN_INDICATOR:
        indicators.deal_face_down(hand, cards)
    elif where == HIDDEN_BOARD:
        hidden_board.deal_face_down(hand, cards)
        return
    elif where == BOARD_TURN:
        hidden_board.turn(hand, cards[0] if cards else None)
        return
    else:
        indicators.turn(hand)
    if len(hand.live) < 2:
        dealt: DealPart = hand.parts[_PART]
        dealt.queue.clear()
        dealt.triggered.clear()


# --- dealt-card rules and their questions ------------------------------------------------


def fire(hand: HandCore, seat: int, card: Card | None, face: Face) -> bool:
    """Set off every dealt-card rule that ``card``, dealt ``face`` to ``seat``, matches, in
    the book's order, after any set off before it and not yet carried out (:func:`_carry_out`);
    ``True`` when one voided the deal (nothing more of this deal is dealt)."""
    if card is None or card >= FIRST_JOKER or len(hand.live) < 2:
        return False  # a joker has no rank; a hand already won asks nothing more
    matched = [rule for rule in hand.rules.triggers if rule.matches(card, face)]
    if matched:
        dealt: DealPart = hand.parts[_PART]
        dealt.triggered.extend((seat, card, rule) for rule in matched)
        _carry_out(hand, dealt)
        return hand.parts[_PART] is not dealt
    return False


def _carry_out(hand: HandCore, dealt: DealPart) -> None:
    """Carry out the rules set off, in order, until one asks a price: a free rule, or one
    whose seat has no chips left to pay with (an all-in player is never shut out of the cards
    nor folded for want of chips), takes effect at once; a priced one is asked at the price
    it has now (the pot as it is, at most the seat's stack), and the deal waits for the answer.
    A rule of a seat that has folded since its card fell is gone with the seat."""
    while dealt.triggered and not dealt.offers:
        seat, card, rule = dealt.triggered.pop(0)
        if seat not in hand.live or (rule.effect.voids and not voiding.may_void(hand, rule.max_voids)):
            continue  # a seat gone; a void past the book's limit: the card plays as what it is
        cost = 0 if rule.price is None else min(rule.price(hand.stakes, pot_size(hand)), hand.stacks[seat])
        hand.events.append(TriggerFired(seat, card, rule.effect_name, cost if cost else None))
        if cost:
            dealt.offers.append(Offer(seat, cost, rule, card))
        elif rule.effect.extra_card:
            _extra_card(hand, seat, rule.extra_face)
        elif rule.effect.voids:
            dealt.triggered.clear()  # this deal is over: nothing more of it is dealt or asked
            dealt.queue.clear()
            voiding.void(hand, seat, card)
            return
        elif rule.effect.kills or rule.effect.wins:
            dead = [seat] if rule.effect.kills else [other for other in hand.live if other != seat]
            for loser in dead:
                _fold_in_the_deal(hand, dealt, loser)
                hand.events.append(HandKilled(loser, card))
            if len(hand.live) <= 1:
                dealt.triggered.clear()  # the hand is won: nothing more is dealt or asked
                dealt.queue.clear()


def _fold_in_the_deal(hand: HandCore, dealt: DealPart, seat: int) -> None:
    """The seat's hand is dead in the middle of the deal: nothing more is dealt to it."""
    fold(hand, seat)
    dealt.queue[:] = [entry for entry in dealt.queue if entry[0] != seat]  # in place: a deal may be looping over it


def _extra_card(hand: HandCore, seat: int, face: Face) -> None:
    """The seat is dealt one more card (face down, or up as the rule says), before anyone
    else's next card."""
    dealt: DealPart = hand.parts[_PART]
    dealt.queue.insert(0, (seat, (face,)))


def offer_of(hand: HandCore) -> Offer | None:
    """The priced rule waiting for an answer, if any (the first: the deal waits for it)."""
    dealt: DealPart = hand.parts[_PART]
    return dealt.offers[0] if dealt.offers else None


def offered_seat(hand: HandCore) -> int | None:
    """The seat due to answer a dealt card's price: the deal's actor."""
    offer = offer_of(hand)
    return None if offer is None else offer.seat


def offer_choices(hand: HandCore, seat: int) -> list[LegalAction]:
    """Pay the price, or say no: decline (the reward is forgone) or fold (pay or fold)."""
    offer = offer_of(hand)
    if offer is None or offer.seat != seat:
        return []
    pay = LegalAction(ActionKind.PAY, offer.cost, offer.cost, offer.cost)
    refuse = ActionKind.FOLD if offer.rule.effect.declining_folds else ActionKind.DECLINE
    return [pay, LegalAction(refuse)]


def answer(hand: HandCore, seat: int, action: Action) -> None:
    """Carry out an answer already checked as legal, then go on dealing: nothing more is
    dealt when everyone else has folded, and the hand's own deck deals the rest at once."""
    dealt: DealPart = hand.parts[_PART]
    offer = dealt.offers.pop(0)
    if action.kind is PAY:
        hand.stacks[seat] -= offer.cost
        hand.dead_money += offer.cost
        paid = Action(ActionKind.PAY, amount=offer.cost)
        hand.events.append(ActionTaken(seat, paid, offer.cost, 0, hand.stacks[seat] == 0))
        if offer.rule.effect.extra_card:
            _extra_card(hand, seat, offer.rule.extra_face)
    elif action.kind is FOLD:
        _fold_in_the_deal(hand, seat=seat, dealt=dealt)
        hand.events.append(ActionTaken(seat, action, 0, 0, False))
    else:
        if offer.rule.effect.declining_unwilds and offer.card is not None:
            keep_natural(hand, offer.card)  # not bought: the card plays as what it is
        hand.events.append(ActionTaken(seat, action, 0, 0, False))
    if len(hand.live) > 1:
        _carry_out(hand, dealt)
    else:
        dealt.triggered = []  # everyone else folded: the hand is won, nothing more is asked
    if dealt.offers:
        return
    if len(hand.live) <= 1:
        dealt.queue = []
    elif hand.deck.drawing and hand.street is not None:
        _draw_street(hand, dealt)
    else:
        _turn_due(hand, dealt)


BURN = PhaseHandler(PhaseKind.BURN, enter=enter_burn)
DEAL = PhaseHandler(
    PhaseKind.DEAL,
    enter=enter_deal,
    waits_for=Wait.DEAL,
    done=cards_dealt,
    actor=offered_seat,
    choices=offer_choices,
    take=answer,
)
