"""Turning cards up: roll your own, Seven-Card Flip, the reveal rounds of Anaconda.

Each seat names down cards of its own (``up 7h``) and they turn face up: they join its board
in the order turned, so the bring-in and the first to act of the betting that follows read
the boards as they are after the reveal. Chosen together, every seat's cards turn at once,
in seat order; in turn, each as it is named. A card turned up is not dealt: it sets off no
dealt-card rule, but it shows, so a rank that follows an up card (Follow the Queen) sees it.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.rulebook.model import Face

from .actions import ActionKind
from .choosing import Chosen, decision_handler
from .core import HandCore
from .events import CardsChosen
from .phases import PhaseKind
from .wild_now import track

_UP = Face.UP


def turn_up(hand: HandCore, made: Sequence[Chosen]) -> None:
    """Turn each named card face up, onto its seat's board."""
    events = hand.events
    for chosen in made:
        seat = chosen.seat
        cards, faces, board = hand.cards[seat], hand.faces[seat], hand.boards[seat]
        positions = chosen.positions
        for position in sorted(positions) if len(positions) > 1 else positions:  # in the order dealt, however named
            faces[position] = _UP
            board.append(cards[position])
        events.append(CardsChosen(seat, chosen.action, 0, None))
    if hand.rules.watches_cards:
        for chosen in made:
            for position in chosen.positions:
                track(hand, hand.cards[chosen.seat][position], _UP)


TURN_UP = decision_handler(PhaseKind.TURN_UP, ActionKind.TURN_UP, turn_up)
