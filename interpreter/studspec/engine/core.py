"""The hand as its phases see it, and what a phase is: the interface every phase module types
against.

A hand (:class:`studspec.engine.hand.Hand`) keeps only what every phase reads: the seats,
their stacks, cards and faces, what each put in, the deck, the events, the command log, the
phase it is in. Everything else belongs to the phase that needs it, in a small record of its
own (a *part*): the betting rounds to the betting phases, the deal queue and the offers to
the deal, the declarations to the declare phase, the show queue to the showdown. A phase
module registers its part's factory with :func:`part`, gets back the part's index, and
reads ``hand.parts[index]``; no other module writes it.

What a kind of phase does is one :class:`PhaseHandler`: what it does on entry, when it is
done waiting, whose turn it is, the choices it offers and how it takes an answer. The
registry of handlers is :data:`studspec.engine.handlers.HANDLERS`; the compiled machine's
edges carry the destination's :class:`Phase`, handler included, so the hand asks the phase
it is in and never branches on its kind.

Phase modules import this module, never :mod:`~studspec.engine.hand` (which imports them),
so the engine has no import circle: :class:`HandCore` is the protocol a phase module sees.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from studspec.rulebook.model import Face, Stakes, Variant

from .actions import Action, LegalAction
from .cards import Card
from .deck import Deck
from .events import Event
from .phases import PhaseKind, Wait
from .pots import Pot
from .rules import ResolvedRules

_UP = Face.UP

__all__ = [
    "HandCore",
    "PendingDeal",
    "Phase",
    "PhaseHandler",
    "Setup",
    "clockwise_from",
    "fold",
    "new_parts",
    "part",
    "pot_size",
]


@dataclass(frozen=True, slots=True)
class Setup:
    """How a hand was dealt: what a saved hand records, and what it is dealt again from."""

    starting_stacks: tuple[int, ...]
    seed: int
    """The deck's shuffle (chosen at random when none is given, so the hand can be saved)."""
    stacked_deck: tuple[Card, ...] | None
    """A stacked deck, top card first, or ``None``."""
    deal_from_outside: bool
    """Cards come through :meth:`~studspec.engine.hand.Hand.deal` (a replay, a live dealer)."""
    auto_showdown: bool
    """Every contestant's cards are tabled at the showdown (cards speak); otherwise each
    shows or mucks in turn."""


@dataclass(frozen=True, slots=True)
class PendingDeal:
    """What the dealer must deal next when cards come from outside."""

    seat: int | None
    """The seat to deal to, or ``None`` for a community card (or an indicator card)."""
    count: int
    faces: tuple[Face, ...]
    indicator: bool = False
    """The card due is an indicator card, in no hand (``streets[].indicator``)."""
    turn: bool = False
    """The card due is a community card dealt face down unseen (``??``) and turned now: the
    dealer names it; nothing comes from the stub (``streets[].board_dealt_on``)."""


class HandCore(Protocol):
    """What every phase may read and change of a hand: the core it keeps for all of them.

    Attributes are the engine's working state; only phase modules change them, through a
    command of the hand (:meth:`~studspec.engine.hand.Hand.act`,
    :meth:`~studspec.engine.hand.Hand.deal`) that has checked the request first.
    """

    variant: Variant
    rules: ResolvedRules
    stakes: Stakes
    setup: Setup
    seats: int
    stacks: list[int]
    contributed: list[int]
    """Each seat's antes and bets this hand (what shapes the main and side pots)."""
    dead_money: int
    """Chips paid for cards (a dealt-card rule's price): in the main pot, nobody's bet."""
    cards: list[list[Card | None]]
    faces: list[list[Face]]
    boards: list[list[Card | None]]
    """Each seat's up cards in the order dealt, kept as they fall (the first-to-act and
    open-pair rules read every board every street)."""
    shown: list[int]
    """How many of each seat's cards (the first ones dealt) are tabled for all to see."""
    folded: list[bool]
    live: list[int]
    """Seats still holding cards (neither folded nor mucked), in seat order."""
    community: list[Card | None]
    deck: Deck
    events: list[Event]
    phase: Phase
    street: int | None
    """The street being dealt or bet (``None`` before the first and after the last)."""
    parts: list[Any]
    """Each phase module's own record, at the index :func:`part` gave it."""

    @property
    def actor(self) -> int | None: ...

    @property
    def is_complete(self) -> bool: ...

    @property
    def street_id(self) -> str | None: ...

    def seats_with_chips(self) -> list[int]: ...

    def pots(self) -> list[Pot]: ...

    def waiting_for(self) -> str: ...

    def legal_actions(self, seat: int | None = None) -> list[LegalAction]: ...

    def pending_deal(self) -> PendingDeal | None: ...


Step = Callable[[HandCore], Any]
"""A phase's work on entry, or an edge's condition: a function of the hand."""


def _nobody(hand: HandCore) -> int | None:
    """A phase in which no seat is due to act."""
    return None


def _no_choices(hand: HandCore, seat: int) -> list[LegalAction]:
    return []


def _takes_nothing(hand: HandCore, seat: int, action: Action) -> None:
    raise AssertionError("a phase with no choices was given an action")  # act checks the choices first


@dataclass(frozen=True, slots=True)
class PhaseHandler:
    """What one kind of phase does: the whole of it, registered once (``HANDLERS``).

    ``enter`` does the phase's work when a hand enters one of its states; a phase that waits
    (``waits_for``) has ``done``, the condition on every edge out of it that the wait is
    over. While the hand rests in the phase, ``actor`` names the seat due to act, ``choices``
    what a seat may do (the hand checks every action against them: one judge of legality),
    and ``take`` carries out an action already found among them. A handler that
    ``waits_on_seats`` (several seats to answer before the phase can end: decisions about
    cards, declarations) may have ``take`` return ``True`` when seats are still to answer:
    no edge out of the phase can hold then (the compiled machine checks that every edge out
    of such a phase begins with ``done``), and the hand skips looking for one; any other
    return (``None``, ``False``) has the hand look.
    """

    kind: PhaseKind
    enter: Step
    waits_for: Wait | None = None
    done: Step | None = None
    actor: Callable[[HandCore], int | None] = _nobody
    choices: Callable[[HandCore, int], list[LegalAction]] = _no_choices
    take: Callable[[HandCore, int, Action], bool | None] = _takes_nothing
    asked: Callable[[HandCore], int | None] | None = None
    """The seat whose choices stand for the phase's when no seat is named and nobody is
    the actor (several seats may open a round a replay's unseen cards leave open: the first
    of them); ``None``: the actor's."""
    waits_on_seats: bool = False
    """``take`` may answer ``True``: the phase still waits on seats yet to act."""


@dataclass(frozen=True, slots=True)
class Phase:
    """One state of the compiled machine: its name, its kind's handler, its street."""

    name: str
    handler: PhaseHandler
    street: int | None = None
    """The index of the street the phase belongs to (``None`` outside the streets)."""
    rule: Any = None
    """What this one phase of its kind asks, resolved from the book (a decision's count,
    eligible cards, price): ``None`` for kinds whose every phase is alike."""
    kind: PhaseKind = field(init=False)
    """The handler's kind, kept here: the hand asks it at every step."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", self.handler.kind)

    @property
    def waits_for(self) -> Wait | None:
        return self.handler.waits_for


T = TypeVar("T")

PARTS: list[Callable[[], Any]] = []
"""The factory of each phase module's part, in the order they registered."""
LAZY: set[int] = set()
"""The parts only some books use, made when first written (``None`` until then)."""


def part(factory: Callable[[], T], lazy: bool = False) -> int:
    """Register a phase module's part (a factory of its fresh record, called once per
    hand); returns the index the hand keeps it at, ``hand.parts[index]``. A ``lazy`` part
    (one only some books use: a no-peek turn, a face-down community card, a void) is
    ``None`` in a new hand and made by :func:`own_part` when first written, so the hands of
    every other book neither build nor hold it."""
    PARTS.append(factory)
    if lazy:
        LAZY.add(len(PARTS) - 1)
    return len(PARTS) - 1


def new_parts() -> list[Any]:
    """A fresh record of every part, for a new hand (a lazy part: ``None``)."""
    return [None if index in LAZY else make() for index, make in enumerate(PARTS)]


def own_part(hand: HandCore, index: int) -> Any:
    """The hand's part at ``index``, made now if it is a lazy part not made yet."""
    found = hand.parts[index]
    if found is None:
        found = hand.parts[index] = PARTS[index]()
    return found


def fold(hand: HandCore, seat: int) -> None:
    """The seat gives up the hand: out of the seats still in, its cards dead in the muck.
    (A betting fold, a pay-or-fold rule, and any later phase's fold alike.)"""
    hand.folded[seat] = True
    hand.live.remove(seat)
    hand.deck.to_muck(hand.cards[seat])


def clockwise_from(seats: int, seat: int) -> list[int]:
    """The other seats in turn after ``seat``."""
    return [(seat + step) % seats for step in range(1, seats)]


def pot_size(hand: HandCore) -> int:
    """Every chip in the pot now: bets, antes and money paid for cards."""
    return sum(hand.contributed) + hand.dead_money


def take_out(hand: HandCore, seat: int, positions: Sequence[int]) -> list[tuple[Card | None, Face]]:
    """Remove the cards at ``positions`` from the seat's hand (and its board, for up cards),
    returning each with its face, in the order named."""
    cards, faces = hand.cards[seat], hand.faces[seat]
    removed = [(cards[position], faces[position]) for position in positions]
    shown = hand.shown[seat]
    for position in sorted(positions, reverse=True) if len(positions) > 1 else positions:
        card = cards.pop(position)
        if faces.pop(position) is _UP:
            board = hand.boards[seat]
            if card in board:
                board.remove(card)
        if position < shown:
            shown -= 1
    hand.shown[seat] = shown
    return removed
