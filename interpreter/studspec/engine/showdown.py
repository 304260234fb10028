"""The showdown: who shows first, showing and mucking, and who need not show at all.

The rule book's order rule (:data:`studspec.engine.rules.SHOWDOWN_ORDER`) names the first
seat to show; the others follow clockwise. When cards speak (``auto_showdown``) every
contestant's hand is tabled at once; otherwise the machine waits in the showdown phase for
each contestant in turn to show or muck (a replayed history), until :func:`all_shown`.
Once all betting is over, an all-in hand may also be tabled before the showdown (TDA 16).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from studspec.errors import IllegalActionError
from studspec.spec.model import Face

from .actions import Action
from .cards import Card, format_cards
from .events import Mucked, Showed
from .opening import clockwise_from, final_opener
from .phases import PhaseKind
from .rounds import betting_closed
from .rules import ShowdownSituation
from .wilds import as_natural

if TYPE_CHECKING:
    from .hand import Hand


def enter_showdown(hand: Hand) -> None:
    """Queue the contestants in showing order; table them all when cards speak."""
    live = list(hand.live)
    final_round = hand.rounds[len(hand.variant.streets) - 1]
    aggressor = final_round.last_aggressor if final_round is not None else None
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
    hand.show_queue = [s for s in order if s in live]
    if hand.auto_showdown and (hand.dead_money or any(hand.contributed)):
        while hand.show_queue:
            table(hand, hand.show_queue.pop(0), None)
    skip_uncontested(hand)  # an empty pot (no ante, nobody bet) is contested by nobody: none shows


def all_shown(hand: Hand) -> bool:
    """The machine's condition to leave the showdown: no contestant is left to show or muck."""
    return not hand.show_queue


def skip_uncontested(hand: Hand) -> None:
    """A seat with no opponent left for any pot it could win need not show."""
    while hand.show_queue and not contested(hand, hand.show_queue[0]):
        hand.show_queue.pop(0)


def contested(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` still has an opponent for some pot it could win."""
    return any(seat in pot.eligible and len([s for s in pot.eligible if not hand.mucked[s]]) > 1 for pot in hand.pots())


def table(hand: Hand, seat: int, cards: Sequence[Card | None] | None) -> None:
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


def _check_shown(hand: Hand, seat: int, cards: Sequence[Card | None]) -> None:
    own = hand.cards[seat]
    label = f"p{seat + 1} sm {format_cards(cards)}"
    if len(cards) != len(own):
        raise IllegalActionError(label, f"p{seat + 1} holds {len(own)} cards; show all of them in the order dealt")
    fresh = []
    for card, held in zip(cards, own):
        if held is not None and card is not None and card != held:
            raise IllegalActionError(label, f"p{seat + 1} holds {format_cards(own)}, not {format_cards(cards)}")
        if held is None and card is not None:
            fresh.append(card)
    for card in fresh:
        if not hand.deck.is_unseen(card) or fresh.count(card) > 1:
            raise IllegalActionError(label, f"{card} is already elsewhere in this hand")


def show_or_muck(hand: Hand, action: Action, seat: int | None) -> None:
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
    if hand.phase is PhaseKind.SHOWDOWN:
        _at_showdown(hand, action, seat, label)
    else:
        _before_showdown(hand, action, seat, label)


def _at_showdown(hand: Hand, action: Action, seat: int, label: str) -> None:
    if not hand.show_queue or hand.show_queue[0] != seat:
        raise IllegalActionError(label, f"out of turn at showdown ({hand.waiting_for()})", ("sm",))
    if action.cards is None and len(hand.live) <= 1:
        raise IllegalActionError(label, "the last seat in the hand cannot muck")
    if action.cards is not None and None in action.cards:
        raise IllegalActionError(label, "a hand is shown in full: name every card, not '??'")
    if action.cards is None:
        hand.mucked[seat] = True
        hand.muck_order.append(seat)
        hand.live.remove(seat)
        hand.deck.to_muck(hand.cards[seat])
        hand.events.append(Mucked(seat))
    else:
        table(hand, seat, action.cards)
    hand.show_queue.pop(0)
    skip_uncontested(hand)


def _before_showdown(hand: Hand, action: Action, seat: int, label: str) -> None:
    """All-in before the last street: once no more betting can happen, hands may be tabled
    (TDA 16), but not mucked."""
    phase = hand.phase
    rnd = hand.round
    in_round = phase is PhaseKind.BETTING and (bool(hand.open_candidates) or not rnd or not rnd.over)
    now = tuple(str(choice) for choice in hand.legal_actions())
    if in_round or not betting_closed(hand) or phase in (PhaseKind.COMPLETE, PhaseKind.SETTLEMENT):
        raise IllegalActionError(
            label, "cards are shown only at showdown, or once an all-in has closed the betting for the hand", now
        )
    if action.cards is None:
        raise IllegalActionError(label, "a hand cannot be mucked before the showdown", now)
    if None in action.cards:
        raise IllegalActionError(label, "a tabled hand is shown in full: name every card, not '??'")
    table(hand, seat, action.cards)
