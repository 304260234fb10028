"""What every decision about cards shares: who is asked, what each may name, and when the
choices are carried out.

A decision phase (turn up, discard, draw, buy, pass, set hands: one handler each, in its own
module) asks every seat still in the hand that has something to choose, in seat order from
the dealer's left. Chosen ``together``, each choice stays its seat's own secret until the
last seat has chosen, and then all are carried out at once (chips in a fist: nobody's choice
can depend on another's); chosen ``in-turn``, each is carried out, and public, before the
next seat chooses. A folded seat is not asked; an all-in seat decides as any other, but takes
no card it would have to pay for with chips it no longer has.

Every named card is checked before anything changes (it must be the seat's, eligible, named
once, and as many as the rule asks), so a refused choice leaves the hand exactly as it was.
A card the history does not show (``??``) matches one of the seat's unseen cards; a named
card the seat holds unseen (a replay that did not see it dealt) becomes known as it is named.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from studspec.errors import IllegalActionError

from .actions import Action, ActionKind, LegalAction
from .cards import Card
from .core import HandCore, PhaseHandler, part, pot_size
from .dealing import begin_street, pending_deal
from .decisions import DecisionRule
from .events import CardsChosen
from .phases import PhaseKind, Wait
from .records import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Chosen:
    """One seat's choice, checked: the action, and the positions in its hand it names."""

    seat: int
    action: Action
    positions: tuple[int, ...]


class ChoicePart:
    """The decision phase's own record (one decision at a time: a phase clears it on entry)."""

    __slots__ = ("pending", "queue")

    def __init__(self) -> None:
        self.queue: list[int] = []
        """Seats still to choose, in order."""
        self.pending: list[Chosen] = []
        """Choices made together and not yet carried out (each known only to its seat)."""


_PART = part(ChoicePart)

Carry = Callable[[HandCore, Sequence[Chosen]], None]
"""Carries out checked choices (all of a together decision at once, or one in turn)."""
Check = Callable[[HandCore, int, tuple[int, ...]], str | None]
"""A kind's own check of a choice's positions: why it is refused, or ``None``."""


def part_of(hand: HandCore) -> ChoicePart:
    found: ChoicePart = hand.parts[_PART]
    return found


def rule_of(hand: HandCore) -> DecisionRule:
    """The decision the hand's phase asks (its phase's resolved rule)."""
    rule: DecisionRule = hand.phase.rule
    return rule


def eligible(hand: HandCore, seat: int, rule: DecisionRule) -> list[int]:
    """The positions in the seat's hand of the cards the rule lets it name."""
    faces = hand.faces[seat]
    if len(rule.faces) > 1:
        return list(range(len(faces)))
    face = rule.faces[0]
    return [position for position, dealt in enumerate(faces) if dealt is face]


def price_each(hand: HandCore, rule: DecisionRule) -> int:
    """What one replacement card costs now (0: free)."""
    return 0 if rule.price is None else rule.price(hand.stakes, pot_size(hand))


def bounds(hand: HandCore, seat: int, rule: DecisionRule, allowed: int | None = None) -> tuple[int, int]:
    """How few and how many cards the seat must name now: the rule's count within what it
    holds (``allowed`` of them eligible, counted here when not given); a discard or a pass
    leaves it at least one card of its own (a hand to show, however the book's numbers
    fall); replacements stay within the stub and what the seat can pay."""
    if allowed is None:
        allowed = eligible_count(hand, seat, rule)
    held = len(hand.cards[seat])
    low, high = rule.bounds(held, allowed)
    kind = rule.kind
    if kind is PhaseKind.DISCARD or kind is PhaseKind.PASS:
        high = min(high, held - 1)  # a player always keeps a card of its own: a hand to show
        return min(low, high), high
    if kind is PhaseKind.DRAW or kind is PhaseKind.BUY:
        promised = sum(len(chosen.positions) for chosen in part_of(hand).pending)
        return _within_means(hand, seat, rule, low, high, hand.deck.size - promised, price_each(hand, rule))
    return low, high


def _within_means(
    hand: HandCore, seat: int, rule: DecisionRule, low: int, high: int, room: int, price: int
) -> tuple[int, int]:
    """A draw's or a buy's bounds kept within the ``room`` left in the stub and what the
    seat can pay at ``price`` a card (a buy may always be declined)."""
    high = min(high, max(room, 0))
    if price:
        stack = hand.stacks[seat]
        if stack == 0:
            high = 0
        elif not rule.short_pays_all:
            high = min(high, stack // price)
    if rule.kind is PhaseKind.BUY:
        low = 0
    return min(low, high), high


def eligible_count(hand: HandCore, seat: int, rule: DecisionRule) -> int:
    """How many of the seat's cards the rule lets it name."""
    faces = hand.faces[seat]
    return len(faces) if len(rule.faces) > 1 else faces.count(rule.faces[0])


def enter(hand: HandCore) -> None:
    """Queue every seat still in that has something to choose, in seat order."""
    index = hand.phase.street
    assert index is not None
    begin_street(hand, index)
    found: ChoicePart = hand.parts[_PART]
    rule: DecisionRule = hand.phase.rule
    found.pending = []
    live = hand.live
    kind = rule.kind
    if len(live) < 2 and kind is not PhaseKind.SET_HANDS:
        found.queue = []
    elif kind is PhaseKind.DRAW or kind is PhaseKind.BUY:  # the stub and the price, once
        room, price, cards = hand.deck.size, price_each(hand, rule), hand.cards
        found.queue = [
            seat
            for seat in live
            if _within_means(
                hand, seat, rule, *rule.bounds(len(cards[seat]), eligible_count(hand, seat, rule)), room, price
            )[1]
            > 0
        ]
    else:  # what bounds() finds, for every seat at once: the most it may name is above 0
        any_face = len(rule.faces) > 1
        face = rule.faces[0]
        keeps_one = kind is PhaseKind.DISCARD or kind is PhaseKind.PASS
        most = rule.bounds
        queue = []
        for seat in live:
            faces = hand.faces[seat]
            held = len(faces)
            high = most(held, held if any_face else faces.count(face))[1]
            if keeps_one and high >= held:
                high = held - 1
            if high > 0:
                queue.append(seat)
        found.queue = queue


def done(hand: HandCore) -> bool:
    """The machine's condition to leave a decision phase: every seat has chosen, and every
    replacement card is dealt."""
    return not hand.parts[_PART].queue and pending_deal(hand) is None


def actor(hand: HandCore) -> int | None:
    """The next seat to choose (together: any seat still to choose may); nobody while a
    replacement card is still to be dealt."""
    queue: list[int] = hand.parts[_PART].queue
    if not queue or (not hand.deck.drawing and pending_deal(hand) is not None):
        return None
    return queue[0]


def waiting(hand: HandCore) -> tuple[int, ...]:
    """The seats still to choose (for the words of what the hand waits for)."""
    return tuple(part_of(hand).queue)


def _due(hand: HandCore, seat: int, rule: DecisionRule) -> bool:
    queue = part_of(hand).queue
    if pending_deal(hand) is not None:
        return False
    return seat in queue if rule.together else queue[:1] == [seat]


def choices_for(kind: ActionKind) -> Callable[[HandCore, int], list[LegalAction]]:
    """The choices of a decision written ``kind``: name between the bounds of the seat's
    eligible cards (a buy may also ``decline``)."""

    def choices(hand: HandCore, seat: int) -> list[LegalAction]:
        rule = rule_of(hand)
        if not _due(hand, seat, rule):
            return []
        held = hand.cards[seat]
        cards = tuple(held[position] for position in eligible(hand, seat, rule))
        low, high = bounds(hand, seat, rule, len(cards))
        cost = price_each(hand, rule)
        if kind is ActionKind.BUY:
            return [LegalAction(kind, max(low, 1), high, cost, cards=cards), LegalAction(ActionKind.DECLINE)]
        return [LegalAction(kind, low, high, cost, cards=cards)]

    return choices


def match(hand: HandCore, seat: int, action: Action, rule: DecisionRule) -> tuple[int, ...]:
    """The positions of the named cards among the seat's eligible ones, or a refusal that
    says which card is wrong and why. A named card the seat holds is found by its place (on a
    double deck the seat may hold two copies, each named once, D6); a card it does not hold
    may be one it holds unseen, named no more often than the deck has copies."""
    held = hand.cards[seat]
    faces = hand.faces[seat]
    only = rule.faces[0] if len(rule.faces) == 1 else None
    named = action.cards or ()
    if None not in named:  # the usual choice: cards the seat holds, each once, each eligible
        try:
            places = tuple(map(held.index, named))
        except ValueError:  # a card it does not hold (or holds unseen): card by card, below
            places = ()
        if len(set(places)) == len(named) and (only is None or all(faces[p] is only for p in places)):
            return places
    taken: list[int] = []
    for number, card in enumerate(named):
        first = _place_of(held, card)
        if first >= 0:
            position: int | None = first
            if first in taken or (only is not None and faces[first] is not only):  # a second copy? (D6)
                position = next(
                    (
                        p
                        for p, c in enumerate(held)
                        if c == card and p not in taken and (only is None or faces[p] is only)
                    ),
                    None,
                )
            if position is None:  # named more often than held, or not eligible
                raise _refused(hand, seat, card, action, rule)
        else:
            if card is not None and named[:number].count(card) >= hand.rules.copies:  # one unseen card named twice
                raise _refused(hand, seat, card, action, rule)
            found = _unseen_for(hand, seat, card, eligible(hand, seat, rule), taken)
            if found is None:
                raise _refused(hand, seat, card, action, rule)
            position = found
        taken.append(position)
    return tuple(taken)


def _place_of(held: list[Card | None], card: Card | None) -> int:
    """Where the seat holds ``card`` first (-1: it does not, or ``card`` is ``None``)."""
    if card is None:
        return -1
    try:
        return held.index(card)
    except ValueError:
        return -1


def _unseen_for(hand: HandCore, seat: int, card: Card | None, allowed: list[int], taken: list[int]) -> int | None:
    """The position of an unseen card of the seat's that can stand for ``card`` (``None``:
    ``??``): only a card nobody has seen, and that no choice still pending names, may be it."""
    if card is not None:
        if not hand.deck.is_unseen(card):
            return None
        if any(card in (chosen.action.cards or ()) for chosen in part_of(hand).pending):
            return None
    held = hand.cards[seat]
    for position in allowed:
        if held[position] is None and position not in taken:
            return position
    return None


def _refused(hand: HandCore, seat: int, card: Card | None, action: Action, rule: DecisionRule) -> IllegalActionError:
    """Why ``card`` cannot be named by the seat: not its card, named twice, not eligible."""
    named = action.cards or ()
    where = list(hand.cards[seat])
    if card is None:
        reason = "?? stands for a card the history did not see, and this seat's eligible cards are all known"
    elif list(named).count(card) > 1:
        reason = f"{card} is named twice"
    elif card in where:
        face = hand.faces[seat][where.index(card)]
        reason = f"{card} is face {face.value}; this decision names {_which(rule)} cards only"
    else:
        reason = f"p{seat + 1} does not hold {card}"
    legal = tuple(str(choice) for choice in hand.legal_actions(seat))
    return IllegalActionError(f"p{seat + 1} {action}", reason, legal)


def _which(rule: DecisionRule) -> str:
    return "any" if len(rule.faces) > 1 else rule.faces[0].value


def taker(carry: Carry, check: Check | None = None) -> Callable[[HandCore, int, Action], bool]:
    """The ``take`` of a decision handler: match the named cards, let the kind check the
    choice, then carry it out now (in turn) or once the last seat has chosen (together);
    ``True`` while the decision still waits on other seats."""

    def take(hand: HandCore, seat: int, action: Action) -> bool:
        rule: DecisionRule = hand.phase.rule
        found: ChoicePart = hand.parts[_PART]
        positions = () if action.kind is _DECLINE else match(hand, seat, action, rule)
        if check is not None and positions:
            reason = check(hand, seat, positions)
            if reason is not None:
                legal = tuple(str(choice) for choice in hand.legal_actions(seat))
                raise IllegalActionError(f"p{seat + 1} {action}", reason, legal)
        queue = found.queue
        queue.remove(seat)
        if not rule.together:
            _carry(hand, carry, (Chosen(seat, action, positions),))
            return bool(queue)  # others still to choose: the phase waits on (no edge out can hold)
        pending = found.pending
        pending.append(Chosen(seat, action, positions))
        if queue:  # a secret choice, the others still to choose: the phase waits on
            return True
        pending.sort(key=_by_seat)  # the last seat has chosen: every choice is carried out at once
        found.pending = []
        _carry(hand, carry, pending)
        return False

    return take


def _by_seat(chosen: Chosen) -> int:
    return chosen.seat


_DECLINE = ActionKind.DECLINE


def _carry(hand: HandCore, carry: Carry, made: Sequence[Chosen]) -> None:
    """Make known the cards named that the hand held unseen, record each choice, carry out."""
    if hand.deck.drawing:  # the hand's own deck: every card it holds is known
        carry(hand, made)
        return
    for chosen in made:
        held = hand.cards[chosen.seat]
        for position, card in zip(chosen.positions, chosen.action.cards or ()):
            if held[position] is None and card is not None:
                hand.deck.reveal(card)
                held[position] = card
    carry(hand, made)


def record(hand: HandCore, chosen: Chosen, paid: int = 0, to: int | None = None) -> None:
    """The choice in the hand's history (the cards it names, what it paid, where they went)."""
    hand.events.append(CardsChosen(chosen.seat, chosen.action, paid, to))


def decision_handler(kind: PhaseKind, written: ActionKind, carry: Carry, check: Check | None = None) -> PhaseHandler:
    """The handler of a decision kind, written ``written`` in histories."""
    return PhaseHandler(
        kind,
        enter=enter,
        waits_for=Wait.CHOICE,
        done=done,
        actor=actor,
        choices=choices_for(written),
        take=taker(carry, check),
        waits_on_seats=True,
    )
