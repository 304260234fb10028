"""Turning cards until the best hand showing is beaten: classic no-peek play.

In Seven Card No Peek every card is dealt face down and nobody looks at their own. The
player to the dealer's left turns up one card, and a round of betting follows; then each
player in turn, from the left of the last to turn, turns up its cards one at a time until
its up cards beat the best hand showing, and each new best hand brings a round of betting.
A player that turns every card without beating it is dead. Play goes round until one
player is left (PokerNews, "Fun Home Poker Game Rules - Seven Card No Peek", 2007; Dave
Gustafson's house rules, "Blind Poker"; docs/rules.md V17).

A street's ``turn_until_best`` is that play. Each entry into its roll phase is one player's
turn; the machine goes from the roll to the street's betting when the turn made a new best
hand, and back to the roll after the betting, until one player is left. Each betting round
is a round of its own (its own bets and raises), opened by the best hand showing: the
player that just beat it. Nobody chooses, so no history line is written: the turns follow
from the cards, which is why such a book needs every card dealt to be known (a dealer
giving cards from outside names each one).
"""

from __future__ import annotations

from studspec.rulebook.model import Face

from .core import HandCore, PhaseHandler, fold, own_part, part
from .dealing import begin_street
from .events import CardsTurned, RollFellShort
from .phases import PhaseKind
from .rounds import betting_of
from .shares import Holding
from .wild_now import spec_for, track


class RollPart:
    """Where a street's turns stand: who turned last, and whether that turn beat the best."""

    __slots__ = ("beat", "last", "street")

    def __init__(self) -> None:
        self.street: int | None = None
        """The street whose turns these are."""
        self.last = -1
        """The seat that turned last (-1 before the first turn: the dealer's left begins)."""
        self.beat = False
        """The last turn made a new best hand showing (a betting round follows)."""


_PART = part(RollPart, lazy=True)


def showing_value(hand: HandCore, seat: int) -> int:
    """The seat's up cards (with the community cards) valued as the book's hand: larger beats."""
    board = hand.boards[seat]
    up = tuple(card for card in board if card is not None)
    community = tuple(card for card in hand.community if card is not None)
    rule = hand.rules.shares[0][0]
    score = rule.score(Holding(up, (Face.UP,) * len(up), community, spec_for(hand, seat)))
    return -1 if score is None else score


def best_showing(hand: HandCore, besides: int | None = None) -> int | None:
    """The value of the best hand showing among the players still in, ``besides`` the one
    turning (``None``: none shows), read as the cards are now (a card just turned may have
    changed what is wild: Follow the Queen, Woolworth's cancelled wild cards)."""
    values = [showing_value(hand, seat) for seat in hand.live if hand.boards[seat] and seat != besides]
    return max(values, default=None)


def next_to_turn(hand: HandCore, last: int) -> int:
    """The first player still in to the left of ``last`` whose hand is not the best showing
    (each new best beat every other, so one hand alone is best; should a wild card that
    changed have made every hand still in equal, the first of them to the left turns)."""
    best = best_showing(hand)
    order = [(last + step) % hand.seats for step in range(1, hand.seats + 1)]
    live = [seat for seat in order if seat in hand.live]
    for seat in live:
        if best is None or not hand.boards[seat] or showing_value(hand, seat) != best:
            return seat
    return live[0]


def enter_roll(hand: HandCore) -> None:
    """One player's turn: up, card by card, until its hand beats the best showing or it has
    no face-down card left, and then its hand is dead."""
    index = hand.phase.street
    assert index is not None
    begin_street(hand, index)
    found: RollPart = own_part(hand, _PART)
    if found.street != index:
        found.street, found.last = index, -1
    betting_of(hand).rounds.pop(index, None)  # each new best hand opens a round of its own
    seat = found.last = next_to_turn(hand, found.last)
    cards, faces, board = hand.cards[seat], hand.faces[seat], hand.boards[seat]
    turned = []
    found.beat = False
    to_beat = best_showing(hand, seat)
    for position, face in enumerate(faces):
        if face is not Face.DOWN:
            continue
        faces[position] = Face.UP
        board.append(cards[position])
        turned.append(cards[position])
        if hand.rules.watches_cards:  # the card may change what is wild: every hand showing is read again
            track(hand, cards[position], Face.UP)
            to_beat = best_showing(hand, seat)
        if to_beat is None or showing_value(hand, seat) > to_beat:
            found.beat = True
            break
    if turned:
        hand.events.append(CardsTurned(seat, tuple(turned)))
    betting_of(hand).next_opener = seat if found.beat else None  # the new best hand opens its round
    if not found.beat:
        fold(hand, seat)
        hand.events.append(RollFellShort(seat))


def new_best(hand: HandCore) -> bool:
    """The machine's condition for a betting round: the last turn made a new best hand."""
    found: RollPart | None = hand.parts[_PART]
    return found is not None and found.beat


ROLL = PhaseHandler(PhaseKind.ROLL, enter=enter_roll)
