"""What ``simulate`` counts of the players' decisions about cards, for the books that ask them.

A designer of a game with decisions asks how the players use them: how often a player draws
and how many cards, how many it discards, whether the card it turned up was its best one
(by the book's board ranking: what the bring-in and the first to act read), how often a buy
is taken, how many cards are passed. Each finished hand's events are read once more for
these counts, only in a book with decisions (any other book's hand is not read again, and
its report is what it always was). The counts are integers, summed as the other totals are.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import Any

from studspec.engine.actions import ActionKind
from studspec.engine.cards import FIRST_JOKER, Card
from studspec.engine.events import CardsChosen, CardsDealt, EventVisitor, StreetBegan
from studspec.engine.hand import Hand
from studspec.engine.identity import by_identity
from studspec.engine.machine import compile_variant
from studspec.engine.phases import PhaseKind
from studspec.rulebook.model import Face, Variant


class Count(IntEnum):
    """The place of each count in a hand's tuple of decision counts."""

    TURN_UPS = 0
    """Turn-up choices that turned a card and had a choice (more down cards than it turned)."""
    TURNED_BEST = 1
    """Of those, the ones that turned up the seat's best down card by the board ranking."""
    DISCARDS = 2
    DISCARDED = 3
    """Cards discarded (with no replacement)."""
    DRAWS = 4
    """Draw choices (standing pat included)."""
    DREW = 5
    """Draw choices that drew at least one card."""
    DRAWN = 6
    BUY_OFFERS = 7
    BOUGHT = 8
    PASSES = 9
    PASSED = 10
    SETTINGS = 11
    """Two hands set."""


_KINDS = {
    PhaseKind.TURN_UP: "turn_up",
    PhaseKind.DISCARD: "discard",
    PhaseKind.DRAW: "draw",
    PhaseKind.BUY: "buy",
    PhaseKind.PASS: "pass",
    PhaseKind.SET_HANDS: "set_hands",
}
"""The report's name of each kind of decision."""


@by_identity
@lru_cache(maxsize=64)
def decision_kinds(variant: Variant) -> tuple[PhaseKind, ...]:
    """The kinds of decision the book asks, each once, in the order of the report."""
    asked = {rule.kind for street in compile_variant(variant).rules.decisions for rule in street}
    return tuple(kind for kind in _KINDS if kind in asked)


class DecisionCounter(EventVisitor):
    """Follows each seat's cards through the hand (dealt, turned up, thrown away, passed) to
    count what the seats chose."""

    def __init__(self, hand: Hand) -> None:
        self.counts = [0] * len(Count)
        self.held: list[list[tuple[Card | None, Face]]] = [[] for _ in range(hand.seats)]
        self.rules = compile_variant(hand.variant).rules
        self.board_value = self.rules.board.value
        self.draws = False
        """The street being played has a draw (``sd`` draws there, else it discards)."""

    def street_began(self, event: StreetBegan) -> None:
        self.draws = any(rule.kind is PhaseKind.DRAW for rule in self.rules.decisions[event.index])

    def cards_dealt(self, event: CardsDealt) -> None:
        self.held[event.seat].extend(zip(event.cards, event.faces))

    def cards_chosen(self, event: CardsChosen) -> None:
        kind, named = event.action.kind, list(event.action.cards or ())
        counts = self.counts
        if kind is ActionKind.TURN_UP:
            self._turned(event.seat, named)
        elif kind is ActionKind.DISCARD and self.draws:
            counts[Count.DRAWS] += 1
            counts[Count.DREW] += bool(named)
            counts[Count.DRAWN] += len(named)
        elif kind is ActionKind.DISCARD:
            counts[Count.DISCARDS] += 1
            counts[Count.DISCARDED] += len(named)
        elif kind is ActionKind.BUY or kind is ActionKind.DECLINE:
            counts[Count.BUY_OFFERS] += 1
            counts[Count.BOUGHT] += kind is ActionKind.BUY
        elif kind is ActionKind.PASS:
            counts[Count.PASSES] += 1
            counts[Count.PASSED] += len(named)
        elif kind is ActionKind.SET:
            counts[Count.SETTINGS] += 1
        if kind is not ActionKind.TURN_UP and kind is not ActionKind.SET:
            given = self._take(event.seat, named)
            if event.to is not None:
                self.held[event.to].extend(given)

    def _turned(self, seat: int, named: list[Card | None]) -> None:
        """A turn-up: was the best of the seat's down cards among those it turned?"""
        held = self.held[seat]
        down = [card for card, face in held if face is Face.DOWN and card is not None]
        jokers = any(card >= FIRST_JOKER for card in down)  # a joker has no natural board value
        if named and len(down) > len(named) and None not in named and not jokers:  # a bare ``up`` turns nothing
            best = max(self.board_value([card]) for card in down)
            self.counts[Count.TURN_UPS] += 1
            self.counts[Count.TURNED_BEST] += any(self.board_value([card]) == best for card in named)  # type: ignore[list-item]
        self.held[seat] = [(card, Face.UP if card in named else face) for card, face in held]

    def _take(self, seat: int, named: list[Card | None]) -> list[tuple[Card | None, Face]]:
        """The named cards out of the seat's hand, with their faces."""
        held = self.held[seat]
        taken = [(card, face) for card, face in held if card in named]
        self.held[seat] = [(card, face) for card, face in held if card not in named]
        return taken


def decision_counts(hand: Hand) -> tuple[int, ...]:
    """A finished hand's decision counts (empty for a book without decisions)."""
    if not decision_kinds(hand.variant):
        return ()
    counter = DecisionCounter(hand)
    counter.visit(hand.events)
    return tuple(counter.counts)


def _share(count: int, total: int) -> float:
    return round(count / total, 6) if total else 0.0


def _average(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def decisions_report(counts: list[int], hands: int, variant: Variant) -> dict[str, Any]:
    """The report's ``decisions`` section: one entry per kind the book asks (nothing for a
    book without decisions)."""
    kinds = decision_kinds(variant)
    if not kinds:
        return {}
    c = counts or [0] * len(Count)
    figures: dict[PhaseKind, dict[str, float]] = {
        PhaseKind.TURN_UP: {
            "choices_per_hand": _average(c[Count.TURN_UPS], hands),
            "turned_best": _share(c[Count.TURNED_BEST], c[Count.TURN_UPS]),
        },
        PhaseKind.DISCARD: {
            "choices_per_hand": _average(c[Count.DISCARDS], hands),
            "cards_per_choice": _average(c[Count.DISCARDED], c[Count.DISCARDS]),
        },
        PhaseKind.DRAW: {
            "choices_per_hand": _average(c[Count.DRAWS], hands),
            "drew": _share(c[Count.DREW], c[Count.DRAWS]),
            "cards_per_draw": _average(c[Count.DRAWN], c[Count.DREW]),
        },
        PhaseKind.BUY: {
            "offers_per_hand": _average(c[Count.BUY_OFFERS], hands),
            "bought": _share(c[Count.BOUGHT], c[Count.BUY_OFFERS]),
        },
        PhaseKind.PASS: {
            "passes_per_hand": _average(c[Count.PASSES], hands),
            "cards_per_pass": _average(c[Count.PASSED], c[Count.PASSES]),
        },
        PhaseKind.SET_HANDS: {"settings_per_hand": _average(c[Count.SETTINGS], hands)},
    }
    return {"decisions": {_KINDS[kind]: figures[kind] for kind in kinds}}


def _pct(rate: float) -> str:
    return f"{100 * rate:5.1f}%"


def decision_lines(data: dict[str, Any]) -> list[str]:
    """The report's lines about decisions (none for a book without them)."""
    decided = data.get("decisions")
    if not decided:
        return []
    lines = ["", "decisions about cards"]
    if "turn_up" in decided:
        turn = decided["turn_up"]
        lines.append(
            f"  turned up the best card    {_pct(turn['turned_best'])}"
            f"  (by the board ranking; {turn['choices_per_hand']:.2f} choices a hand)"
        )
    if "discard" in decided:
        discard = decided["discard"]
        lines.append(
            f"  cards discarded            {discard['cards_per_choice']:.2f} a choice"
            f"  ({discard['choices_per_hand']:.2f} choices a hand)"
        )
    if "draw" in decided:
        draw = decided["draw"]
        lines.append(
            f"  drew                       {_pct(draw['drew'])}  ({draw['cards_per_draw']:.2f} cards a draw;"
            f" {draw['choices_per_hand']:.2f} choices a hand)"
        )
    if "buy" in decided:
        buy = decided["buy"]
        lines.append(
            f"  bought                     {_pct(buy['bought'])}  ({buy['offers_per_hand']:.2f} offers a hand)"
        )
    if "pass" in decided:
        passed = decided["pass"]
        lines.append(
            f"  passes                     {passed['passes_per_hand']:.2f} a hand"
            f"  ({passed['cards_per_pass']:.2f} cards a pass)"
        )
    if "set_hands" in decided:
        lines.append(f"  two hands set              {decided['set_hands']['settings_per_hand']:.2f} a hand")
    return lines
