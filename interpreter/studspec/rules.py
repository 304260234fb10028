"""The registry functions behind every option value a rule book may name.

Each table maps an option value of the schema to the function that carries it out. A new
kind of rule is one more schema value and one more function here; the interpreter reads
these tables when it compiles a rule book and never tests which variant it runs. A test
checks that each table's names are exactly the schema's enum for that option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .betting import FixedLimit, Sizing
from .cards import Card
from .evaluation import ACE_TO_FIVE_LOW, HIGH_BOARD, RANKINGS, Ranking
from .registry import Registry

# --- Who brings in -------------------------------------------------------------------
# A bring-in card rule gives (rank key, suit key) for a door card; the larger key is the
# seat obliged to bring in.

BRING_IN_CARD: Registry[Callable[[Card], tuple[int, int]]] = Registry("bring_in.card")


@BRING_IN_CARD.register("lowest-ace-high")
def lowest_card_ace_high(card: Card) -> tuple[int, int]:
    """The lowest card brings in, aces high, clubs the lowest suit (WSOP-L 215, 240)."""
    return (-card.rank, -card.suit)


@BRING_IN_CARD.register("highest-ace-low")
def highest_card_ace_low(card: Card) -> tuple[int, int]:
    """The highest card brings in, aces low, the king of spades highest (WSOP-L 235)."""
    return ((card.rank + 1) % 13, card.suit)


BRING_IN_TIES: Registry[Callable[[tuple[int, int], int], tuple[int, ...]]] = Registry("bring_in.ties")


@BRING_IN_TIES.register("suit")
def bring_in_ties_by_suit(card_key: tuple[int, int], position: int) -> tuple[int, ...]:
    """Equal ranks: the suit decides, clubs < diamonds < hearts < spades (seeds 001, 002)."""
    return card_key


# --- Who acts first on later streets -------------------------------------------------

FIRST_TO_ACT_BOARD: Registry[Callable[[Sequence[Card]], int]] = Registry("first_to_act.board")


@FIRST_TO_ACT_BOARD.register("best-high-board")
def best_high_board(up_cards: Sequence[Card]) -> int:
    """Pairs, trips, quads and high cards count; straights and flushes do not (WSOP-L 215)."""
    return HIGH_BOARD.value(up_cards)


@FIRST_TO_ACT_BOARD.register("best-low-board")
def best_low_board(up_cards: Sequence[Card]) -> int:
    """The lowest ace-to-five board acts first (razz, WSOP-L 235)."""
    return ACE_TO_FIVE_LOW.value(up_cards)


FIRST_TO_ACT_TIES: Registry[Callable[[Sequence[Card], int], tuple[int, ...]]] = Registry(
    "first_to_act.ties"
)


@FIRST_TO_ACT_TIES.register("seat")
def first_to_act_ties_by_seat(up_cards: Sequence[Card], position: int) -> tuple[int, ...]:
    """Equal boards: the first seat left of the dealer acts (WSOP-L 215, 240)."""
    return (-position,)


# --- Betting -------------------------------------------------------------------------

STRUCTURES: Registry[Sizing] = Registry("betting.structure")
STRUCTURES.add("fixed-limit", FixedLimit())

SHORT_ALL_IN: Registry[Callable[[int, int], bool]] = Registry("betting.short_all_in")


@SHORT_ALL_IN.register("half-bet-reopens")
def half_bet_reopens(increment: int, full_increment: int) -> bool:
    """An all-in of at least half a bet counts as a full bet and reopens (WSOP-L 129)."""
    return 2 * increment >= full_increment


# --- The deck ------------------------------------------------------------------------

BURN: Registry[Callable[[int], bool]] = Registry("deck.burn")


@BURN.register("none")
def no_burns(street_index: int) -> bool:
    return False


@BURN.register("before-later-streets")
def burn_before_later_streets(street_index: int) -> bool:
    """One card is burned before each street after the first (TDA RP-10H, seed 000)."""
    return street_index > 0


@dataclass(frozen=True)
class DealPlan:
    """How a street is dealt given what is left in the stub."""

    reshuffle_burns: bool = False
    community: bool = False
    burn: bool = True


class DeckExhaustedError(RuntimeError):
    """The stub cannot serve the street and the rule book has no rule for running out."""


EXHAUSTION: Registry[Callable[[int, int, int, bool], DealPlan]] = Registry("deck.exhaustion")


@EXHAUSTION.register("none")
def no_exhaustion_rule(stub: int, burns: int, needed: int, burning: bool) -> DealPlan:
    if stub < needed + burning:
        raise DeckExhaustedError(
            f"the stub holds {stub} cards but the street needs {needed + burning}, "
            "and the rule book has no rule for running out (deck.exhaustion: none)"
        )
    return DealPlan(burn=burning)


@EXHAUSTION.register("burns-then-community")
def burns_then_community(stub: int, burns: int, needed: int, burning: bool) -> DealPlan:
    """Short stub: the burns go back in (seed 000); still short: one community card, face up,
    plays in every hand (seeds 000-002). Cards of folded hands are never used again."""
    if stub >= needed + burning:
        return DealPlan(burn=burning)
    if stub + burns >= needed + burning:
        return DealPlan(reshuffle_burns=True, burn=burning)
    return DealPlan(reshuffle_burns=burns > 0, community=True, burn=burning and stub + burns >= 2)


# --- Showdown and pots ---------------------------------------------------------------

SHOWDOWN_ORDER: Registry[Callable[[int | None, int], int]] = Registry("showdown.order")


@SHOWDOWN_ORDER.register("last-aggressor-else-first-to-act")
def last_aggressor_else_first_to_act(last_aggressor: int | None, first_to_act: int) -> int:
    """The last bettor or raiser of the final round shows first; if none, the seat that
    would act first on that street (TDA 17A, WSOP-T 72)."""
    return first_to_act if last_aggressor is None else last_aggressor


HAND_RANKINGS: Registry[Ranking] = Registry("pots.shares.hand")
for _name in ("high", "ace-to-five-low"):
    HAND_RANKINGS.add(_name, RANKINGS[_name])

ODD_CHIP: Registry[Callable[[Ranking, Sequence[Card], int], tuple[int, ...]]] = Registry("pots.odd_chip")


@ODD_CHIP.register("highest-card-by-suit")
def odd_chip_highest_card_by_suit(ranking: Ranking, cards: Sequence[Card], position: int) -> tuple[int, ...]:
    """The odd chip goes to the highest card by suit among the five cards that make the
    hand (WSOP-L 149, 244)."""
    return tuple(ranking.odd_chip_key(cards))
