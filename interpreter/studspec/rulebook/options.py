"""What each option value means, stated once for every module that reasons about it.

A rule book names its rules by option values (``fixed-limit``, ``before-later-streets``). The
engine's registries (:mod:`studspec.engine.rules`) carry a value out; the semantic checks
(:mod:`.checks`) and ``studspec describe`` reason about what it implies: a limit book sizes
every street, a book with no rule for running out must have cards for every seat. Those
implications live here, one frozen traits object per value, so no module compares an option's
string and a new option value states its meaning in one table row. Where the engine needs the
same fact (which streets are burned), its registry entry is read from the trait.

Each table's keys are exactly the schema's enum for its option, in the schema's order
(tests/rulebooks/test_option_traits.py), so messages that list values list them as the schema does.
The spec layer sits below the engine: this module imports nothing from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

T = TypeVar("T")


def values_where(table: Mapping[str, T], trait: Callable[[T], bool]) -> tuple[str, ...]:
    """The option values of ``table`` whose traits satisfy ``trait``, in the schema's order."""
    return tuple(value for value, traits in table.items() if trait(traits))


# --- betting.structure ---------------------------------------------------------------------


@dataclass(frozen=True)
class StructureTraits:
    """What a ``betting.structure`` implies for the streets and the other betting options."""

    limit: bool
    """Bets are sized by the street's stake (``streets[].bet``: fixed and spread limit), so every
    street names one and raises may be capped; else the pot or the stack sizes them, raises are
    unlimited (WSOP-L 125) and the half-bet rule does not apply (WSOP-L 129)."""
    fixed: bool
    """One size per bet, the street's stake: the open-pair big bet (WSOP-L 220) and completing
    the bring-in to the street's bet belong to this structure only."""
    sized_by: str
    """What sizes a bet, as messages say it: ``the street's stake``, ``the pot``, ``the stack``."""

    def __post_init__(self) -> None:
        if self.fixed and not self.limit:
            raise ValueError("a fixed bet size is sized by the street's stake: fixed implies limit")


STRUCTURE_TRAITS: Mapping[str, StructureTraits] = MappingProxyType(
    {
        "fixed-limit": StructureTraits(limit=True, fixed=True, sized_by="the street's stake"),
        "spread-limit": StructureTraits(limit=True, fixed=False, sized_by="the street's stake"),
        "pot-limit": StructureTraits(limit=False, fixed=False, sized_by="the pot"),
        "no-limit": StructureTraits(limit=False, fixed=False, sized_by="the stack"),
    }
)
"""docs/rules.md L1 (fixed limit) and L7 (spread, pot and no limit)."""


# --- betting.short_all_in ------------------------------------------------------------------


@dataclass(frozen=True)
class ShortAllInTraits:
    """What a ``betting.short_all_in`` rule requires of the rest of the book."""

    limit_only: bool
    """The rule is written for limit betting (WSOP-L 129: an all-in of half a bet or more counts
    as a full bet), so a pot- or no-limit book may not use it."""


SHORT_ALL_IN_TRAITS: Mapping[str, ShortAllInTraits] = MappingProxyType(
    {
        "half-bet-reopens": ShortAllInTraits(limit_only=True),
        "full-bet-reopens": ShortAllInTraits(limit_only=False),
    }
)


# --- betting.community_card_round -----------------------------------------------------------


@dataclass(frozen=True)
class CommunityRoundTraits:
    """What happens on a street dealt as one community card (``betting.community_card_round``)."""

    betting_round: bool
    """The street still has a betting round (TDA RP-10H); seed 001 plays it without one. A rule
    that takes the round away means something only if the deck can deal a community card."""


COMMUNITY_ROUND_TRAITS: Mapping[str, CommunityRoundTraits] = MappingProxyType(
    {
        "normal": CommunityRoundTraits(betting_round=True),
        "no-betting": CommunityRoundTraits(betting_round=False),
    }
)


# --- deck.cards -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckTraits:
    """A ``deck.cards`` option: what the deck arithmetic of the checks and describe counts."""

    cards: int
    """Cards in the deck."""
    jokers: int = 0
    """Jokers among them (they play as ``wild.jokers`` says)."""

    def size_without(self, removed: int, copies: int = 1) -> int:
        """Cards left once ``removed`` ranks are taken out (``deck.removed_ranks``: four cards a
        rank; the jokers stay), every card ``copies`` times (``deck.copies``: a double deck),
        the size the deck arithmetic counts."""
        return (self.cards - 4 * removed) * copies


DECK_TRAITS: Mapping[str, DeckTraits] = MappingProxyType(
    {
        "standard-52": DeckTraits(cards=52),
        "52-plus-joker": DeckTraits(cards=53, jokers=1),
        "52-plus-two-jokers": DeckTraits(cards=54, jokers=2),
    }
)


# --- deck.burn ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BurnTraits:
    """Before which streets the dealer burns a card (``deck.burn``); a burn is one card.

    :meth:`burns_before` is the engine's ``deck.burn`` registry entry, and the deck checks and
    ``studspec describe`` count burns with :meth:`cards_burned_before`, so what is dealt and
    what is checked and described cannot differ.
    """

    later_streets: bool
    """One card is burned before every street but the first (TDA RP-10H, seed 000)."""

    def burns_before(self, street_index: int) -> bool:
        """Whether a card is burned before the street at ``street_index`` (0-based)."""
        return self.later_streets and street_index > 0

    def cards_burned_before(self, street_index: int) -> int:
        """How many cards are burned before the street at ``street_index`` (0-based)."""
        return int(self.burns_before(street_index))


BURN_TRAITS: Mapping[str, BurnTraits] = MappingProxyType(
    {
        "none": BurnTraits(later_streets=False),
        "before-later-streets": BurnTraits(later_streets=True),
    }
)


# --- deck.exhaustion ------------------------------------------------------------------------


@dataclass(frozen=True)
class ExhaustionTraits:
    """What a ``deck.exhaustion`` rule implies for the deck arithmetic and the last street."""

    has_rule: bool
    """The book says what to do when the stub runs short; without a rule the deck must serve
    every seat on every street in full."""
    may_deal_community_card: bool
    """Running short may end in one community card, face up, that plays in every hand (TDA
    RP-10H, seeds 000-002), so the last street must deal exactly one card."""

    def __post_init__(self) -> None:
        if self.may_deal_community_card and not self.has_rule:
            raise ValueError("a community card is a rule for running out: it implies has_rule")


EXHAUSTION_TRAITS: Mapping[str, ExhaustionTraits] = MappingProxyType(
    {
        "none": ExhaustionTraits(has_rule=False, may_deal_community_card=False),
        "burns-then-community": ExhaustionTraits(has_rule=True, may_deal_community_card=True),
        "tda": ExhaustionTraits(has_rule=True, may_deal_community_card=True),
        "community": ExhaustionTraits(has_rule=True, may_deal_community_card=True),
    }
)
"""docs/rules.md D3."""


# --- pots.shares[].hand ---------------------------------------------------------------------


@dataclass(frozen=True)
class HandTraits:
    """What a ``pots.shares[].hand`` ranking implies for its share."""

    low: bool
    """The lowest hand wins: only a low poker share may take a qualifier (eight or better), and
    a pot split between two poker shares is one high share and one low share."""
    card: bool = False
    """One card in the hole wins, not a poker hand (High and Low Chicago: the spade in the
    hole, docs/rules.md section V): it takes no qualifier and splits a pot with a poker share."""
    ace_low: bool = False
    """The ace is the lowest rank, counted 1 by a qualifier (ace-to-five, ace-to-six); in a
    deuce-to-seven low it is high and never qualifies (the stripped deck's qualifier check)."""
    wild: bool = True
    """Wild cards may play in it; a ranking without wild-card tables (badugi, ace-to-five
    high, soko) is refused in a book where any card can be wild."""
    stripped: bool = True
    """It may rank a stripped or doubled deck's hands (``deck.removed_ranks``, ``deck.copies``);
    the rankings added for issue 26 are written for one full deck and refuse either."""
    size: int = 5
    """How many cards its best hand holds at most: a badugi four, a poker hand five."""
    classes: bool = True
    """Its hands fall in the poker classes, pair up to straight flush, in their usual order:
    what a high share's least hand (``at_least``) names, and what a no-peek turn beats
    (ace-to-five high turns them over; soko adds two)."""
    points: bool = False
    """Not a poker hand: every card counts the points its rank is worth (``points``), the most
    points win (the football hand, docs/rules.md V22)."""


HAND_TRAITS: Mapping[str, HandTraits] = MappingProxyType(
    {
        "high": HandTraits(low=False),
        "ace-to-five-low": HandTraits(low=True, ace_low=True),
        "deuce-to-seven-low": HandTraits(low=True),
        "ace-to-six-low": HandTraits(low=True, ace_low=True),
        "high-flush-over-full-house": HandTraits(low=False),
        "badugi": HandTraits(low=True, ace_low=True, wild=False, stripped=False, size=4),
        "badugi-ace-high": HandTraits(low=True, wild=False, stripped=False, size=4),
        "ace-to-five-high": HandTraits(low=False, ace_low=True, wild=False, stripped=False, classes=False),
        "soko": HandTraits(low=False, wild=False, stripped=False, classes=False),
        "most-points": HandTraits(low=False, wild=False, stripped=False, classes=False, points=True),
        "high-spade-in-the-hole": HandTraits(low=False, card=True),
        "low-spade-in-the-hole": HandTraits(low=True, card=True),
        "low-spade-in-the-hole-ace-high": HandTraits(low=True, card=True),
    }
)


# --- triggers[] -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TriggerEffectTraits:
    """What a dealt-card rule (``triggers[].effect``) does to the seat dealt its card."""

    deals_card: bool
    """The seat gets one more card in the middle of the street, so the deck must hold every
    extra card there can be (no rule for running out can wait for a community card)."""
    declining_folds: bool
    """Saying no to the price folds the hand (Baseball's up 3: match the pot or fold), so the
    rule needs a price; otherwise saying no only forgoes what the rule gives."""
    declining_unwilds: bool = False
    """Saying no to the price leaves the card natural though its rank is wild (pay for the
    wild card or play it as what it is), so the rule needs a price and a wild rank."""
    kills: bool = False
    """The seat's hand is dead at once (a kill card), with no question, so no price."""
    wins: bool = False
    """The seat wins the pot at once, every other hand dead, with no question, so no price."""
    voids: bool = False
    """The deal is void at once: every card gathered and the hand dealt again from its first
    street, the chips staying in the pot (The Queen's up queen of spades), so no price."""

    @property
    def needs_price(self) -> bool:
        """The rule is a question (pay, or what saying no means), so it has a price."""
        return self.declining_folds or self.declining_unwilds

    @property
    def at_once(self) -> bool:
        """The rule ends a hand with no question, so it has no price."""
        return self.kills or self.wins or self.voids


TRIGGER_EFFECT_TRAITS: Mapping[str, TriggerEffectTraits] = MappingProxyType(
    {
        "extra-card": TriggerEffectTraits(deals_card=True, declining_folds=False),
        "pay-or-fold": TriggerEffectTraits(deals_card=False, declining_folds=True),
        "pay-or-not-wild": TriggerEffectTraits(deals_card=False, declining_folds=False, declining_unwilds=True),
        "kill": TriggerEffectTraits(deals_card=False, declining_folds=False, kills=True),
        "win-pot": TriggerEffectTraits(deals_card=False, declining_folds=False, wins=True),
        "void-deal": TriggerEffectTraits(deals_card=False, declining_folds=False, voids=True),
    }
)
"""docs/rules.md section V, Baseball: an up 4 earns an extra card; an up 3, match the pot or
fold, or buy it to make it wild; V16: a kill card, a card that wins the pot, a card that voids
the deal."""


@dataclass(frozen=True)
class IndicatorTraits:
    """What an indicator card's rank does (``streets[].indicator``; docs/rules.md V15)."""

    wild: bool = False
    """Every card of its rank is wild (Kryky's last card; the Good)."""
    discards: bool = False
    """Every card of its rank, up or down, is thrown out of every hand (the Bad)."""
    folds_showing: bool = False
    """A hand that shows a card of its rank is dead (the Ugly)."""

    @property
    def bars_wild(self) -> bool:
        """No wild card may stand for its rank (mypokerhomegame.com: when tens are bad, no
        9-T-J-Q-K straight from a wild card)."""
        return self.discards or self.folds_showing


INDICATOR_TRAITS: Mapping[str, IndicatorTraits] = MappingProxyType(
    {
        "wild-rank": IndicatorTraits(wild=True),
        "discard-rank": IndicatorTraits(discards=True),
        "fold-rank": IndicatorTraits(folds_showing=True),
    }
)
"""docs/rules.md V15: Kryky's wild indicator; the Good, the Bad and the Ugly's three."""


@dataclass(frozen=True)
class LeastHandTraits:
    """What a high share's least qualifying hand class (``pots.shares[].at_least.hand``) says
    of its deciding rank."""

    lowest_rank: str
    """The lowest rank that decides a hand of the class: two pair from threes (3-3-2-2), a
    straight from the five (the wheel), a flush from the seven (7-5-4-3-2)."""


LEAST_HAND_TRAITS: Mapping[str, LeastHandTraits] = MappingProxyType(
    {
        "pair": LeastHandTraits("2"),
        "two-pair": LeastHandTraits("3"),
        "three-of-a-kind": LeastHandTraits("2"),
        "straight": LeastHandTraits("5"),
        "flush": LeastHandTraits("7"),
        "full-house": LeastHandTraits("2"),
        "four-of-a-kind": LeastHandTraits("2"),
        "straight-flush": LeastHandTraits("5"),
    }
)
"""The hand classes a qualified high share may name, weakest first (docs/rules.md S9)."""


@dataclass(frozen=True)
class TriggerPriceTraits:
    """What a dealt-card rule's ``triggers[].price`` costs."""

    charges: bool
    """The seat is asked to pay (and may say no); a free rule takes effect with no question."""
    stake: str | None = None
    """The ``stakes`` key that sets the price, for a price that is one of the table's stakes."""


TRIGGER_PRICE_TRAITS: Mapping[str, TriggerPriceTraits] = MappingProxyType(
    {
        "free": TriggerPriceTraits(charges=False),
        "ante": TriggerPriceTraits(charges=True, stake="ante"),
        "bring-in": TriggerPriceTraits(charges=True, stake="bring_in"),
        "small-bet": TriggerPriceTraits(charges=True, stake="small_bet"),
        "big-bet": TriggerPriceTraits(charges=True, stake="big_bet"),
        "pot": TriggerPriceTraits(charges=True),
    }
)


TRAITS: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "betting.structure": STRUCTURE_TRAITS,
        "betting.short_all_in": SHORT_ALL_IN_TRAITS,
        "betting.community_card_round": COMMUNITY_ROUND_TRAITS,
        "deck.cards": DECK_TRAITS,
        "deck.burn": BURN_TRAITS,
        "deck.exhaustion": EXHAUSTION_TRAITS,
        "pots.shares.hand": HAND_TRAITS,
        "pots.shares.at_least.hand": LEAST_HAND_TRAITS,
        "triggers.effect": TRIGGER_EFFECT_TRAITS,
        "streets.indicator": INDICATOR_TRAITS,
        "triggers.price": TRIGGER_PRICE_TRAITS,
    }
)
"""Every traits table, by the dotted option whose values it describes."""
