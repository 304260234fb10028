"""Passing cards: Anaconda's three, two and one, Screwy Louie's two.

Every seat still in names the cards it passes (``pass 7h8h9h``); passes are always made
together, so no seat chooses knowing what it will receive, and when the last seat has chosen
every pass is carried out at once: each seat's cards go to the next seat still in to its left
(in the order of play), to its right, or across (halfway round the seats still in, counted
to the left and rounded down). A passed card keeps its face; a down card is seen by its
receiver alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.rulebook.model import Face

from .actions import ActionKind
from .cards import Card
from .choosing import Chosen, decision_handler, rule_of
from .core import HandCore, take_out
from .events import CardsChosen
from .phases import PhaseKind

_UP = Face.UP


def receiver(live: Sequence[int], seat: int, step: int) -> int:
    """The seat still in that ``seat``'s passed cards go to: ``step`` 1 left, -1 right, 0 across.

    >>> receiver([0, 2, 3, 5], 5, 1), receiver([0, 2, 3, 5], 0, -1), receiver([0, 2, 3, 5], 2, 0)
    (0, 5, 5)
    """
    count = len(live)
    where = live.index(seat)
    offset = count // 2 if step == 0 else step
    return live[(where + offset) % count]


def pass_cards(hand: HandCore, made: Sequence[Chosen]) -> None:
    """Take every seat's passed cards out, then give each seat what it receives."""
    step = rule_of(hand).step
    live = list(hand.live)
    events = hand.events
    given: list[tuple[int, list[tuple[Card | None, Face]]]] = []
    for chosen in made:
        seat = chosen.seat
        to = receiver(live, seat, step)
        given.append((to, take_out(hand, seat, chosen.positions)))
        events.append(CardsChosen(seat, chosen.action, 0, to))
    cards, faces, boards = hand.cards, hand.faces, hand.boards
    for to, moved in given:
        for card, face in moved:
            cards[to].append(card)
            faces[to].append(face)
            if face is _UP:
                boards[to].append(card)


PASS = decision_handler(PhaseKind.PASS, ActionKind.PASS, pass_cards)
