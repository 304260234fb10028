"""Cards turned up by the rules, not by a choice: no-peek play.

In Blind Baseball every card is dealt face down and nobody looks at their own; each round,
every player in turn from the dealer's left turns up the next card of its stack, and then the
best hand showing opens the betting (52pickup.net, "Baseball / Blind Baseball"; docs/rules.md
V17). A street's ``turn_up: N`` is that turn: each player still in turns up its next N
face-down cards, the first dealt first. Nobody chooses, so nothing is asked and no history
line is written for it: the turn follows from the cards dealt. A turned card is an up card
from then on (on the board for the first to act), as a rolled card is.
"""

from __future__ import annotations

from studspec.rulebook.model import Face

from .core import HandCore, PhaseHandler
from .dealing import begin_street
from .events import CardsTurned
from .phases import PhaseKind
from .wild_now import track


def enter_reveal(hand: HandCore) -> None:
    """Each player still in, from the dealer's left, turns up its next face-down cards."""
    index = hand.phase.street
    assert index is not None
    begin_street(hand, index)
    count = hand.variant.streets[index].turn_up
    for seat in sorted(hand.live):
        cards, faces, board = hand.cards[seat], hand.faces[seat], hand.boards[seat]
        positions = [position for position, face in enumerate(faces) if face is Face.DOWN][:count]
        for position in positions:
            faces[position] = Face.UP
            board.append(cards[position])
        turned = tuple(cards[position] for position in positions)
        hand.events.append(CardsTurned(seat, turned))
        if hand.rules.watches_cards:
            for card in turned:
                track(hand, card, Face.UP)


REVEAL = PhaseHandler(PhaseKind.REVEAL, enter=enter_reveal)
