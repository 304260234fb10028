"""What happened in a hand, as frozen records in the order it happened.

The event log is the hand's history: PHH export, readable logs and views are all derived
from it, so nothing is recorded twice. Every event that moves chips or cards says exactly
which, so the invariants (chips conserved, every card in one place) can be checked after
each one.

Readers walk the log with an :class:`EventVisitor`: one method per event type, dispatched
through one table, so every reader sees the same vocabulary and a new event type is one
entry here rather than a branch in each reader.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Final, NoReturn

from studspec.rulebook.model import Face

from .actions import Action, Declaration
from .cards import Card, Rank, format_cards
from .records import quick_init


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of everything recorded in a hand's log."""


@quick_init
@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    seat: int
    amount: int
    all_in: bool


@quick_init
@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    """A seat posted a blind before the deal: ``blind`` is its place among the book's blinds
    (0 the first, the small blind), ``amount`` what it put in (all it had, if less)."""

    seat: int
    blind: int
    amount: int
    all_in: bool


@quick_init
@dataclass(frozen=True, slots=True)
class StreetBegan(Event):
    street: str
    index: int


@quick_init
@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    card: Card | None
    """``None`` when the burned card is not known (a replayed history)."""


@quick_init
@dataclass(frozen=True, slots=True)
class BurnsReshuffled(Event):
    """The burn cards went back into the stub, which was shuffled (deck running short)."""

    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    seat: int
    cards: tuple[Card | None, ...]
    faces: tuple[Face, ...]

    def __str__(self) -> str:
        return f"d dh p{self.seat + 1} {format_cards(self.cards)}"


@quick_init
@dataclass(frozen=True, slots=True)
class CommunityCardDealt(Event):
    """One card face up that plays in every hand (the deck could not serve every seat, or a
    street deals it to the middle)."""

    card: Card | None


@quick_init
@dataclass(frozen=True, slots=True)
class CommunityCardDealtDown(Event):
    """A community card dealt face down to the middle for a later street
    (``streets[].board_dealt_on``): nobody's, seen by nobody and played by no hand until it is
    turned (:class:`CommunityCardTurned`)."""

    card: Card | None


@quick_init
@dataclass(frozen=True, slots=True)
class IndicatorDealt(Event):
    """One card in the middle that plays in no hand but sets a rule (``effect``: the
    indicator, ``wild-rank``: every card of its rank is wild). Dealt face up it takes effect
    at once; face down, when it is turned (:class:`IndicatorTurned`)."""

    card: Card | None
    effect: str
    face: Face = Face.UP


@quick_init
@dataclass(frozen=True, slots=True)
class IndicatorTurned(Event):
    """An indicator card dealt face down earlier is turned up, and its rule takes effect
    (the Good, the Bad and the Ugly's three cards, one a street)."""

    card: Card | None
    effect: str


@quick_init
@dataclass(frozen=True, slots=True)
class CommunityCardTurned(Event):
    """A community card dealt face down earlier is turned up: it plays in every hand from now
    on (Cincinnati's center cards, one a round)."""

    card: Card | None
    named: bool = False
    """The card was dealt unseen (``??``) and the dealer named it at the turn (a ``d db`` line)."""


@quick_init
@dataclass(frozen=True, slots=True)
class CardsTurned(Event):
    """A seat's next face-down cards turned up by rule, not by choice (``streets[].turn_up``:
    Blind Baseball's one a round); no history line is written for it."""

    seat: int
    cards: tuple[Card | None, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class RollFellShort(Event):
    """A seat turned every face-down card without beating the best hand showing
    (``streets[].turn_until_best``: Seven Card No Peek): its hand is dead, its chips stay in
    the pot. No history line: it follows from the cards turned."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class CardsThrownOut(Event):
    """A rule threw cards out of a seat's hand into the muck, up or down (an indicator of a
    rank to discard: the Bad). The cards are shown as they go: each is of the named rank."""

    seat: int
    cards: tuple[Card | None, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class HandKilled(Event):
    """A rule made a seat's hand dead with no action of its own (a kill card dealt to it, a
    card that won the pot for another, an indicator of a rank it shows: the Ugly); its chips
    stay in the pot."""

    seat: int
    card: Card | None
    """The card that killed it."""


@quick_init
@dataclass(frozen=True, slots=True)
class DealVoided(Event):
    """A dealt card voided the deal (``effect: void-deal``: The Queen's up queen of spades):
    every card was gathered and the deck shuffled again; the hand is dealt again from its
    first street to the seats still in, the chips staying in the pot."""

    seat: int
    card: Card
    """The card that voided it, dealt to ``seat``."""
    count: int
    """How many times this hand's deal has been voided, this one included."""


@quick_init
@dataclass(frozen=True, slots=True)
class WildRanksChanged(Event):
    """The ranks wild for every seat changed as an up card fell (Follow the Queen)."""

    ranks: tuple[Rank, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class TriggerFired(Event):
    """A dealt card set off a dealt-card rule (Baseball's up 4: an extra card; an up 3: match
    the pot or fold)."""

    seat: int
    card: Card
    effect: str
    """The rule's ``effect`` (``extra-card``, ``pay-or-fold``)."""
    price: int | None = None
    """``None``: the rule took effect at once (free); else what the seat is asked to pay."""


@quick_init
@dataclass(frozen=True, slots=True)
class BringInDue(Event):
    """The rules named the seat that must post the bring-in."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class BettingSkipped(Event):
    """No betting this street: fewer than two seats can still bet."""

    street: str


@quick_init
@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A seat's action; ``added`` is what it moved from stack to pot."""

    seat: int
    action: Action
    """The action as taken (its kind, and the street total of a ``cbr``)."""
    added: int
    street_total: int
    all_in: bool


@quick_init
@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A seat's hi-lo declaration, recorded when every other seat may know it: at once when
    seats declare in turn, all together once the last seat has declared simultaneously."""

    seat: int
    declaration: Declaration


@quick_init
@dataclass(frozen=True, slots=True)
class CardsChosen(Event):
    """A seat's decision about its cards, carried out (turn up, discard, draw, buy, pass, set
    hands): the action names the cards. Only turned-up cards are public; the others are the
    seat's own (and its receiver's, for a pass) until shown, though their number is public."""

    seat: int
    action: Action
    paid: int = 0
    """Chips paid for replacement cards (dead money in the pot)."""
    to: int | None = None
    """For a pass: the seat the cards went to."""


@quick_init
@dataclass(frozen=True, slots=True)
class Showed(Event):
    seat: int
    cards: tuple[Card | None, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Mucked(Event):
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
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


@quick_init
@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    stacks: tuple[int, ...]


EVENT_METHODS: Final[Mapping[type[Event], str]] = MappingProxyType(
    {
        AntePosted: "ante_posted",
        BlindPosted: "blind_posted",
        StreetBegan: "street_began",
        CardBurned: "card_burned",
        BurnsReshuffled: "burns_reshuffled",
        CardsDealt: "cards_dealt",
        CommunityCardDealt: "community_card_dealt",
        CommunityCardDealtDown: "community_card_dealt_down",
        CommunityCardTurned: "community_card_turned",
        IndicatorDealt: "indicator_dealt",
        IndicatorTurned: "indicator_turned",
        CardsThrownOut: "cards_thrown_out",
        CardsTurned: "cards_turned",
        RollFellShort: "roll_fell_short",
        HandKilled: "hand_killed",
        DealVoided: "deal_voided",
        WildRanksChanged: "wild_ranks_changed",
        TriggerFired: "trigger_fired",
        BringInDue: "bring_in_due",
        BettingSkipped: "betting_skipped",
        ActionTaken: "action_taken",
        Declared: "declared",
        CardsChosen: "cards_chosen",
        Showed: "showed",
        Mucked: "mucked",
        PotAwarded: "pot_awarded",
        HandEnded: "hand_ended",
    }
)
"""Each event type and the :class:`EventVisitor` method that receives it: the one place
that says how the log is read. Keyed by exact type, so a subclass of an event is not
mistaken for its parent."""

_Handler = Callable[["EventVisitor", Event], None]


def _unknown(event: Event) -> NoReturn:
    """Refuse an event no reader knows: skipping it would make every reader wrong in silence."""
    raise TypeError(f"EventVisitor has no method for {type(event).__qualname__}; add it to EVENT_METHODS")


class EventVisitor:
    """Walks a hand's events, calling the method named for each event's type.

    Subclasses override the methods for the events they care about; the rest do nothing.
    The table of overridden methods is built once per subclass, when it is defined (so a
    method patched onto the class later is not seen), and ``visit`` calls only those: an
    event nobody reads costs one dictionary lookup. An event whose exact type is not in
    :data:`EVENT_METHODS` raises :class:`TypeError` rather than being skipped in silence.
    """

    _handlers: ClassVar[dict[type[Event], _Handler | None]] = dict.fromkeys(EVENT_METHODS)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Resolve the subclass's overridden methods once, so dispatch is one lookup and one
        call: every event type has an entry, ``None`` for the ones this reader ignores."""
        super().__init_subclass__(**kwargs)
        cls._handlers = {
            kind: getattr(cls, name) if getattr(cls, name) is not getattr(EventVisitor, name) else None
            for kind, name in EVENT_METHODS.items()
        }

    def visit(self, events: Iterable[Event]) -> None:
        """Dispatch each event in order (the loop is inlined: a simulation reads every hand)."""
        handlers = self._handlers
        for event in events:
            try:
                handler = handlers[event.__class__]
            except KeyError:
                _unknown(event)
            if handler is not None:
                handler(self, event)

    def visit_one(self, event: Event) -> None:
        """Dispatch one event."""
        self.visit((event,))

    def ante_posted(self, event: AntePosted) -> None:
        """A seat posted its ante."""

    def blind_posted(self, event: BlindPosted) -> None:
        """A seat posted a blind."""

    def street_began(self, event: StreetBegan) -> None:
        """A new street began (betting levels start again)."""

    def card_burned(self, event: CardBurned) -> None:
        """The dealer burned a card before dealing."""

    def burns_reshuffled(self, event: BurnsReshuffled) -> None:
        """The burn cards went back into a short stub."""

    def cards_dealt(self, event: CardsDealt) -> None:
        """A seat was dealt cards, each up or down."""

    def indicator_dealt(self, event: IndicatorDealt) -> None:
        """An indicator card was dealt to the middle (it plays in no hand)."""

    def indicator_turned(self, event: IndicatorTurned) -> None:
        """An indicator card dealt face down was turned up; its rule takes effect."""

    def cards_turned(self, event: CardsTurned) -> None:
        """A seat's next face-down cards were turned up by rule (no choice was made)."""

    def roll_fell_short(self, event: RollFellShort) -> None:
        """A seat turned every card without beating the best hand showing: its hand is dead."""

    def cards_thrown_out(self, event: CardsThrownOut) -> None:
        """A rule threw a seat's cards of a rank into the muck."""

    def hand_killed(self, event: HandKilled) -> None:
        """A rule made a seat's hand dead (a kill card, a pot won by another's card)."""

    def deal_voided(self, event: DealVoided) -> None:
        """A dealt card voided the deal: every card gathered, the hand dealt again."""

    def community_card_dealt(self, event: CommunityCardDealt) -> None:
        """One community card was dealt face up (the deck ran short, or a street deals the board)."""

    def community_card_dealt_down(self, event: CommunityCardDealtDown) -> None:
        """A community card was dealt face down, for a later street to turn."""

    def community_card_turned(self, event: CommunityCardTurned) -> None:
        """A community card dealt face down was turned up; it plays in every hand now."""

    def wild_ranks_changed(self, event: WildRanksChanged) -> None:
        """The wild ranks changed as an up card fell (Follow the Queen)."""

    def trigger_fired(self, event: TriggerFired) -> None:
        """A dealt card set off a dealt-card rule."""

    def bring_in_due(self, event: BringInDue) -> None:
        """The rules named the seat that must bring in."""

    def betting_skipped(self, event: BettingSkipped) -> None:
        """A street had no betting (fewer than two seats could bet)."""

    def action_taken(self, event: ActionTaken) -> None:
        """A seat acted: fold, check or call, bring-in, complete, bet or raise."""

    def declared(self, event: Declared) -> None:
        """A seat's hi-lo declaration became known to the table."""

    def cards_chosen(self, event: CardsChosen) -> None:
        """A seat's decision about its cards was carried out (up, sd, buy, pass, set)."""

    def showed(self, event: Showed) -> None:
        """A seat showed its cards."""

    def mucked(self, event: Mucked) -> None:
        """A seat mucked its cards."""

    def pot_awarded(self, event: PotAwarded) -> None:
        """One share of one pot was paid to its winners."""

    def hand_ended(self, event: HandEnded) -> None:
        """The hand is over; the final stacks."""
