"""What happened in a hand, as frozen records in the order it happened.

The event log is the hand's history: PHH export, readable logs and views are all derived
from it, so nothing is recorded twice. Every event that moves chips or cards says exactly
which, so the invariants (chips conserved, every card in one place) can be checked after
each one.
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.spec.model import Face

from .actions import Action
from .cards import Card, format_cards


@dataclass(frozen=True)
class Event:
    """Base class of everything recorded in a hand's log."""


@dataclass(frozen=True)
class AntePosted(Event):
    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True)
class StreetBegan(Event):
    street: str
    index: int


@dataclass(frozen=True)
class CardBurned(Event):
    card: Card | None
    """``None`` when the burned card is not known (a replayed history)."""


@dataclass(frozen=True)
class BurnsReshuffled(Event):
    """The burn cards went back into the stub, which was shuffled (deck running short)."""

    count: int


@dataclass(frozen=True)
class CardsDealt(Event):
    seat: int
    cards: tuple[Card | None, ...]
    faces: tuple[Face, ...]

    def __str__(self) -> str:
        return f"d dh p{self.seat + 1} {format_cards(self.cards)}"


@dataclass(frozen=True)
class CommunityCardDealt(Event):
    """One card face up that plays in every hand (the deck could not serve every seat)."""

    card: Card | None


@dataclass(frozen=True)
class BringInDue(Event):
    """The rules named the seat that must post the bring-in."""

    seat: int


@dataclass(frozen=True)
class BettingSkipped(Event):
    """No betting this street: fewer than two seats can still bet."""

    street: str


@dataclass(frozen=True)
class ActionTaken(Event):
    """A seat's action; ``added`` is what it moved from stack to pot."""

    seat: int
    action: Action
    """The action as taken (its kind, and the street total of a ``cbr``)."""
    added: int
    street_total: int
    all_in: bool


@dataclass(frozen=True)
class Showed(Event):
    seat: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True)
class Mucked(Event):
    seat: int


@dataclass(frozen=True)
class PotAwarded(Event):
    """One share of one pot paid to its winners (several when tied)."""

    pot: int
    """Index of the pot: 0 is the main pot, then side pots in order of formation."""
    share: str
    """The ranking that decided it (``high``, ``ace-to-five-low``) or ``uncontested``."""
    amounts: tuple[tuple[int, int], ...]
    """``(seat, amount)`` for each winner."""
    hand: str = ""
    """The winning hand in words, when there was a showdown."""


@dataclass(frozen=True)
class HandEnded(Event):
    stacks: tuple[int, ...]
