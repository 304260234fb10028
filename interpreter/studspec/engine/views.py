"""What one seat may see of the table: its own down cards, every up card, every shown card.

A view is a frozen snapshot built from the hand, so a client (a terminal, a server, a
player bot) can never reach another seat's down card through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.rulebook.model import Face

from .actions import Declaration, LegalAction
from .cards import Card
from .core import HandCore
from .declare import declarations_of, own_declaration
from .hidden_board import as_seen as board_as_seen
from .indicators import as_seen
from .pots import Pot
from .rounds import current_round
from .showdown import showdown_of


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat at the table as a given seat sees it."""

    seat: int
    stack: int
    bet: int
    """Chips put in on the current street."""
    folded: bool
    all_in: bool
    cards: tuple[Card | None, ...]
    """The seat's cards in the order dealt; ``None`` where the viewer may not see it."""
    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class TableView:
    """What one seat may know: its own down cards, every up card, every shown card."""

    viewer: int | None
    phase: str
    street: str | None
    actor: int | None
    seats: tuple[SeatView, ...]
    community: tuple[Card | None, ...]
    """The community cards: those face up, then ``None`` for each dealt face down and not yet
    turned (``streets[].board_dealt_on``: seen by nobody, played by no hand until turned)."""
    pots: tuple[Pot, ...]
    legal: tuple[LegalAction, ...]
    declarations: tuple[Declaration | None, ...] = ()
    """Each seat's hi-lo declaration as the viewer may know it: the table's, and the viewer's
    own while simultaneous declarations are still being made."""
    indicators: tuple[Card | None, ...] = ()
    """Indicator cards in the middle: in no hand, each sets a rule by its rank; those face up,
    then ``None`` for each still face down (seen by nobody until it is turned)."""


def table_view(hand: HandCore, viewer: int | None) -> TableView:
    """The table as ``viewer`` sees it (``None``: a spectator, who sees no down card)."""
    seats = []
    rnd = current_round(hand)
    bets = rnd.bets if rnd is not None else {}
    mucked = showdown_of(hand).mucked
    up = Face.UP
    for s in range(hand.seats):
        held, faces, shown = hand.cards[s], hand.faces[s], hand.shown[s]
        if (s == viewer and not hand.variant.no_peek) or shown >= len(held):
            cards = tuple(held)
        else:
            cards = tuple(c if (i < shown or f is up) else None for i, (c, f) in enumerate(zip(held, faces)))
        stack = hand.stacks[s]
        folded = hand.folded[s]
        seats.append(
            SeatView(s, stack, bets.get(s, 0), folded or s in mucked, stack == 0 and not folded, cards, tuple(faces))
        )
    legal = tuple(hand.legal_actions()) if viewer is not None and hand.actor == viewer else ()
    return TableView(
        viewer=viewer,
        phase=hand.phase.name,
        street=hand.street_id,
        actor=hand.actor,
        seats=tuple(seats),
        community=board_as_seen(hand),
        pots=tuple(hand.pots()),
        legal=legal,
        declarations=_declarations(hand, viewer),
        indicators=as_seen(hand),
    )


def _declarations(hand: HandCore, viewer: int | None) -> tuple[Declaration | None, ...]:
    known: dict[int, Declaration] = dict(declarations_of(hand))
    own = own_declaration(hand, viewer) if viewer is not None else None
    if viewer is not None and own is not None:
        known[viewer] = own
    return tuple(known.get(seat) for seat in range(hand.seats)) if known else ()


def own_known(hand: HandCore, seat: int) -> list[Card | None]:
    """A seat's cards as its holder knows them: all of them, or in a book played blind
    (``players.no_peek``) its up cards only, ``None`` for each card still face down."""
    held = hand.cards[seat]
    if not hand.variant.no_peek:
        return held
    shown = hand.shown[seat]
    return [
        card if (i < shown or face is Face.UP) else None for i, (card, face) in enumerate(zip(held, hand.faces[seat]))
    ]
