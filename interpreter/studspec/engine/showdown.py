"""The showdown: who shows first, showing and mucking, and who need not show at all.

The rule book's order rule (:data:`studspec.engine.rules.SHOWDOWN_ORDER`) names the first
seat to show; the others follow clockwise. When cards speak (``auto_showdown``) every
contestant's hand is tabled at once; otherwise the machine waits in the showdown phase for
each contestant in turn to show or muck (a replayed history), until :func:`all_shown`.
Once all betting is over, an all-in hand may also be tabled before the showdown (TDA 16):
``sm`` is the one action a hand takes in any phase (:func:`show_or_muck`). The show queue
and the mucked hands are the showdown's part (:class:`ShowdownPart`).
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.errors import IllegalActionError
from studspec.rulebook.model import Face

from . import hot
from .actions import Action, LegalAction
from .cards import Card, format_cards
from .core import HandCore, PhaseHandler, clockwise_from, part
from .events import Mucked, Showed
from .indicators import thrown_out_rank
from .opening import final_opener
from .phases import PhaseKind, Wait
from .rounds import betting_closed, betting_of, current_round, final_round
from .rules import ShowdownSituation
from .wild_cards import as_natural

SHOW_OR_MUCK = LegalAction(hot.SHOW_MUCK)
"""The showdown's one choice: ``sm`` with the cards (show) or without (muck)."""


class ShowdownPart:
    """The showdown's own record: who is still to show or muck, and who mucked, in order."""

    __slots__ = ("muck_order", "mucked", "queue")

    def __init__(self) -> None:
        self.queue: list[int] = []
        """Contestants still to show or muck, in showing order."""
        self.mucked: set[int] = set()
        """Seats that mucked at the showdown (they still shape the pots, but cannot win them)."""
        self.muck_order: list[int] = []


_PART = part(ShowdownPart)


def showdown_of(hand: HandCore) -> ShowdownPart:
    """The hand's showdown part (the show queue, the mucked hands)."""
    found: ShowdownPart = hand.parts[_PART]
    return found


def enter_showdown(hand: HandCore) -> None:
    """Queue the contestants in showing order; table them all when cards speak."""
    live = list(hand.live)
    last = final_round(hand)
    aggressor = last.last_aggressor if last is not None else None
    if aggressor is not None and aggressor not in live:
        aggressor = None
    situation = ShowdownSituation(
        last_aggressor=aggressor,
        first_to_act=final_opener(hand),
        contestants=tuple(live),
        boards={s: [as_natural(c) for c in hand.boards[s] if c is not None] for s in live},
    )
    first = hand.rules.showdown_order(situation)
    order = [first, *clockwise_from(hand.seats, first)]
    found = showdown_of(hand)
    found.queue = [s for s in order if s in live]
    if hand.setup.auto_showdown and (hand.dead_money or any(hand.contributed)):
        while found.queue:
            table(hand, found.queue.pop(0), None)
    skip_uncontested(hand)  # an empty pot (no ante, nobody bet) is contested by nobody: none shows


def all_shown(hand: HandCore) -> bool:
    """The machine's condition to leave the showdown: no contestant is left to show or muck."""
    found: ShowdownPart = hand.parts[_PART]
    return not found.queue


def actor(hand: HandCore) -> int | None:
    """The contestant due to show or muck."""
    found: ShowdownPart = hand.parts[_PART]
    return found.queue[0] if found.queue else None


def choices(hand: HandCore, seat: int) -> list[LegalAction]:
    """Show or muck, for the contestant whose turn it is (``sm``)."""
    found: ShowdownPart = hand.parts[_PART]
    return [SHOW_OR_MUCK] if found.queue[:1] == [seat] else []


def skip_uncontested(hand: HandCore) -> None:
    """A seat with no opponent left for any pot it could win need not show."""
    queue = showdown_of(hand).queue
    while queue and not contested(hand, queue[0]):
        queue.pop(0)


def contested(hand: HandCore, seat: int) -> bool:
    """Whether ``seat`` still has an opponent for some pot it could win."""
    mucked = showdown_of(hand).mucked
    return any(seat in pot.eligible and len([s for s in pot.eligible if s not in mucked]) > 1 for pot in hand.pots())


def table(hand: HandCore, seat: int, cards: Sequence[Card | None] | None) -> None:
    """Show ``seat``'s cards (``cards`` as written in a history, checked and used to fill in
    cards that were dealt unseen). Only the cards held now are tabled: a card dealt later to
    an all-in hand tabled early stays the seat's own until it is shown too."""
    if cards is not None:
        _check_shown(hand, seat, cards)
        for i, card in enumerate(cards):
            if hand.cards[seat][i] is None and card is not None:
                hand.deck.reveal(card)
                hand.cards[seat][i] = card
        faces = hand.faces[seat]
        hand.boards[seat] = [c for c, face in zip(hand.cards[seat], faces) if face is Face.UP]
    hand.shown[seat] = len(hand.cards[seat])
    hand.events.append(Showed(seat, tuple(hand.cards[seat])))


def _check_shown(hand: HandCore, seat: int, cards: Sequence[Card | None]) -> None:
    own = hand.cards[seat]
    label = f"p{seat + 1} sm {format_cards(cards)}"
    if len(cards) != len(own):
        raise IllegalActionError(label, f"p{seat + 1} holds {len(own)} cards; show all of them in the order dealt")
    fresh = []
    for position, (card, held) in enumerate(zip(cards, own)):
        if held is not None and card is not None and card != held:
            raise IllegalActionError(label, f"p{seat + 1} holds {format_cards(own)}, not {format_cards(cards)}")
        if held is None and card is not None:
            fresh.append(card)
            if hand.rules.indicators_throw and thrown_out_rank(hand, seat, position, card) is not None:
                raise IllegalActionError(
                    label,
                    f"{card} was held when its rank was thrown out of every hand (the indicator); it is in the muck",
                )
    for card in fresh:
        if fresh.count(card) > hand.deck.unseen_copies(card):
            raise IllegalActionError(label, f"{card} is already elsewhere in this hand")


def show_or_muck(hand: HandCore, seat: int | None, action: Action) -> None:
    """``sm``: show or muck at the showdown, or table an all-in hand once betting is over."""
    if seat is None:
        seat = hand.actor
    label = f"p{seat + 1} {action}" if seat is not None else str(action)
    if seat is None or seat not in hand.live:
        raise IllegalActionError(label, f"{'nobody' if seat is None else f'p{seat + 1}'} is not in the hand")
    if action.cards is not None and not action.cards:
        raise IllegalActionError(
            label, "a show names every card the seat holds, in the order dealt; a bare sm mucks at the showdown"
        )
    if hand.phase.kind is hot.SHOWDOWN_PHASE:
        _at_showdown(hand, action, seat, label)
    else:
        _before_showdown(hand, action, seat, label)


def _at_showdown(hand: HandCore, action: Action, seat: int, label: str) -> None:
    found = showdown_of(hand)
    if not found.queue or found.queue[0] != seat:
        raise IllegalActionError(label, f"out of turn at showdown ({hand.waiting_for()})", ("sm",))
    if action.cards is None and len(hand.live) <= 1:
        raise IllegalActionError(label, "the last seat in the hand cannot muck")
    if action.cards is not None and None in action.cards:
        raise IllegalActionError(label, "a hand is shown in full: name every card, not '??'")
    if action.cards is None:
        found.mucked.add(seat)
        found.muck_order.append(seat)
        hand.live.remove(seat)
        hand.deck.to_muck(hand.cards[seat])
        hand.events.append(Mucked(seat))
    else:
        table(hand, seat, action.cards)
    found.queue.pop(0)
    skip_uncontested(hand)


def _before_showdown(hand: HandCore, action: Action, seat: int, label: str) -> None:
    """All-in before the last street: once no more betting can happen, hands may be tabled
    (TDA 16), but not mucked."""
    kind = hand.phase.kind
    rnd = current_round(hand)
    in_round = kind is hot.BETTING_PHASE and (bool(betting_of(hand).candidates) or not rnd or not rnd.over)
    now = tuple(str(choice) for choice in hand.legal_actions())
    if in_round or not betting_closed(hand) or kind in (hot.COMPLETE_PHASE, PhaseKind.SETTLEMENT):
        raise IllegalActionError(
            label, "cards are shown only at showdown, or once an all-in has closed the betting for the hand", now
        )
    if action.cards is None:
        raise IllegalActionError(label, "a hand cannot be mucked before the showdown", now)
    if None in action.cards:
        raise IllegalActionError(label, "a tabled hand is shown in full: name every card, not '??'")
    table(hand, seat, action.cards)


def take(hand: HandCore, seat: int, action: Action) -> None:
    """The showdown's choice is ``sm``, which :func:`show_or_muck` takes in any phase."""
    show_or_muck(hand, seat, action)


SHOWDOWN = PhaseHandler(
    PhaseKind.SHOWDOWN,
    enter=enter_showdown,
    waits_for=Wait.SHOW,
    done=all_shown,
    actor=actor,
    choices=choices,
    take=take,
)
