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
from .choosing import Chosen, decision_handler, record
from .core import HandCore
from .phases import PhaseKind
from .wild_now import track


def turn_up(hand: HandCore, made: Sequence[Chosen]) -> None:
    """Turn each named card face up, onto its seat's board."""
    for chosen in made:
        seat = chosen.seat
        cards, faces, board = hand.cards[seat], hand.faces[seat], hand.boards[seat]
        for position in sorted(chosen.positions):  # onto the board in the order dealt, however named
            faces[position] = Face.UP
            board.append(cards[position])
        record(hand, chosen)
    if hand.rules.watches_cards:
        for chosen in made:
            for position in chosen.positions:
                track(hand, hand.cards[chosen.seat][position], Face.UP)


TURN_UP = decision_handler(PhaseKind.TURN_UP, ActionKind.TURN_UP, turn_up)
