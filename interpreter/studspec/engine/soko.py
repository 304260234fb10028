"""Soko (Canadian stud): high poker with the four-flush and the four-straight between a pair
and two pair.

Two hands are added to high poker: four cards of one suit with one other card (a four-flush)
and four ranks in a row with one other card (a four-straight). Both beat a pair and lose to
two pair, and a four-flush beats a four-straight (denexa.com, "Soko (Canadian Stud)";
sokopoker.com, "How to play Soko"; generic_poker's ``soko_high``,
tools/generate_rankings/generate_soko_high_hand_rankings.py, Canadian Stud). Two four-flushes
compare their four suited cards highest first, then the fifth card; two four-straights their
top card (in A-2-3-4 the ace is low, so it is a four-high four-straight), then the fifth card
(reviewed-online-poker.com, "Soko hand rankings"). A hand that holds both is a four-flush.

A value is high poker's (:data:`~studspec.engine.evaluation.HIGH`) with two hand classes let
in above a pair: every class from two pair up moves two places. The four-card hands are read
only when the best high hand is a pair or less, from the hand's suit and rank masks. Validate
refuses it with wild cards or a stripped deck (``HAND_TRAITS``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ._tables import CATEGORY_SHIFT, PAIR, TWO_PAIR
from .cards import FIRST_JOKER, Card
from .evaluation import HIGH, Ranking

__all__ = ["FOUR_FLUSH", "FOUR_STRAIGHT", "SOKO", "Soko"]

FOUR_STRAIGHT = TWO_PAIR
"""The class of a four-straight: just above a pair."""
FOUR_FLUSH = TWO_PAIR + 1
"""The class of a four-flush: above a four-straight, below two pair."""
_UP = 2 << CATEGORY_SHIFT
"""What a high value of two pair or better gains: the two classes let in below it."""
_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_WINDOWS = tuple((top, 15 << (top - 3)) for top in range(12, 2, -1)) + ((2, 1 << 12 | 7),)
"""Each four-straight's top rank (deuce 0 .. ace 12) and its rank mask, best first; A-2-3-4 last."""


def _top(mask: int) -> int:
    """The score nibble (deuce 1 .. ace 13) of the highest rank in ``mask``; 0 for none."""
    return mask.bit_length()


def _four_flush(suits: Sequence[int]) -> int:
    """The best four-flush value among the suit masks, or 0 for none."""
    best = 0
    for suit, mask in enumerate(suits):
        if mask.bit_count() >= 4:
            others = 0
            for other, held in enumerate(suits):
                if other != suit:
                    others |= held
            value = FOUR_FLUSH << CATEGORY_SHIFT | _top(others)
            shift = 16
            for rank in range(12, -1, -1):
                if mask >> rank & 1:
                    value |= (rank + 1) << shift
                    shift -= 4
            best = max(best, value)
    return best


def _four_straight(ranks: int, pairs: int) -> int:
    """The best four-straight value of a rank mask (``pairs``: ranks held twice), or 0."""
    for top, window in _WINDOWS:
        if ranks & window == window:
            kicker = _top((ranks & ~window) | (pairs & window))
            return FOUR_STRAIGHT << CATEGORY_SHIFT | (top + 1) << 16 | kicker << 12
    return 0


class Soko(Ranking):
    """The Soko ranking (see the module docstring)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("soko")

    def __repr__(self) -> str:
        return "<Soko>"

    def __reduce__(self) -> tuple[object, tuple[()]]:  # type: ignore[override]
        """Pickle as the module's one instance."""
        return _soko, ()

    def without(self, removed: object) -> Ranking:
        """Played on the full deck; validate refuses a stripped one (``HAND_TRAITS``)."""
        if removed:
            raise ValueError("soko is ranked on the full 52-card deck")
        return self

    def fill(self, most: int = 7) -> int:
        """Fill high poker's tables, which every Soko value starts from."""
        return HIGH.fill(most)

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best Soko hand among ``cards`` (larger is better)."""
        high = HIGH.value(cards)  # refuses a joker
        if high >> CATEGORY_SHIFT >= TWO_PAIR:
            return high + _UP
        if len(cards) < 4:
            return high
        suits = [0, 0, 0, 0]
        ranks = pairs = 0
        for card in cards:
            bit = 1 << (card >> 2)
            pairs |= ranks & bit
            ranks |= bit
            suits[card & 3] |= bit
        return max(high, _four_flush(suits) or _four_straight(ranks, pairs))

    def describe(self, value: int) -> str:
        """Words for a value, e.g. ``"four-flush, king high"`` or ``"two pair, nines and fives"``."""
        category = value >> CATEGORY_SHIFT
        if category == FOUR_FLUSH:
            return f"four-flush, {_WORDS[(value >> 16 & 15) - 1]} high"
        if category == FOUR_STRAIGHT:
            return f"four-straight, {_WORDS[(value >> 16 & 15) - 1]} high"
        return HIGH.describe(value - _UP if category > FOUR_FLUSH else value)

    def qualifies(self, hand: int | Sequence[Card], qualifier: int) -> bool:
        """A high ranking takes no qualifier."""
        raise ValueError("the soko ranking has no qualifier; only a low does")


assert PAIR < FOUR_STRAIGHT < FOUR_FLUSH  # the two classes sit between a pair and two pair

SOKO = Soko()
"""The one Soko ranking."""


def _soko() -> Soko:
    """The module's instance (what a pickled one becomes)."""
    return SOKO
