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
in above a pair: every class from two pair up moves two places. The four-straight, like every
class but the flushes, depends on the hand's ranks alone, so it is in the ranking's own
rank-multiset table (a hand of five cards or fewer scored directly, a bigger one the best of
its smaller ones, as :class:`~studspec.engine._tables.RankTable` does); a suit of five is
high poker's flush; only a suit of exactly four, read from the suit counts of the hand's key,
makes the hand look at its suits for a four-flush. Validate refuses it with wild cards or a
stripped deck (``HAND_TRAITS``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ._tables import (
    CARD_KEYS,
    CATEGORY_SHIFT,
    FLUSH_BITS,
    PAIR,
    RANK_MASK,
    SUIT_BIAS,
    SUIT_FIELD_BITS,
    SUIT_SHIFT,
    TWO_PAIR,
    RankTable,
    score_small_hand,
)
from .cards import Card
from .evaluation import HIGH, Ranking

__all__ = ["FOUR_FLUSH", "FOUR_STRAIGHT", "SOKO", "Soko"]

FOUR_STRAIGHT = TWO_PAIR
"""The class of a four-straight: just above a pair."""
FOUR_FLUSH = TWO_PAIR + 1
"""The class of a four-flush: above a four-straight, below two pair."""
_UP = 2 << CATEGORY_SHIFT
"""What a high value of two pair or better gains: the two classes let in below it."""
_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_ONE_EACH = sum(1 << (SUIT_SHIFT + SUIT_FIELD_BITS * suit) for suit in range(4))
"""One more card of each suit: added to a hand's key, a suit of four sets its flush flag."""
_WINDOWS = (*((top, 15 << (top - 3)) for top in range(12, 2, -1)), (2, 1 << 12 | 7))
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
        object.__setattr__(self, "_by_ranks", RankTable(self._small_hand_scorer()))

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

    def _small_hand_scorer(self) -> Callable[[list[int]], int]:
        """Values a rank multiset of at most five cards, suits aside: high poker's classes
        moved up past the four-straight, which is found here."""

        def score(counts: list[int]) -> int:
            high = score_small_hand([r + 1 for r in range(13) for _ in range(counts[r])], True)
            if high >> CATEGORY_SHIFT >= TWO_PAIR:
                return high + _UP
            ranks = sum(1 << r for r in range(13) if counts[r])
            pairs = sum(1 << r for r in range(13) if counts[r] > 1)
            return max(high, _four_straight(ranks, pairs))

        return score

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best Soko hand among ``cards`` (larger is better)."""
        key = SUIT_BIAS
        try:
            for card in cards:
                key += CARD_KEYS[card]
        except IndexError:
            raise ValueError(f"soko cannot value a joker: {[str(c) for c in cards]}") from None
        if key & FLUSH_BITS:  # five of a suit: a flush or better, high poker's
            return HIGH.value(cards) + _UP
        value = self._by_ranks[key & RANK_MASK]
        if value >> CATEGORY_SHIFT < FOUR_FLUSH and (key + _ONE_EACH) & FLUSH_BITS:
            suits = [0, 0, 0, 0]
            for card in cards:
                suits[card & 3] |= 1 << (card >> 2)
            return max(value, _four_flush(suits))
        return value

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
