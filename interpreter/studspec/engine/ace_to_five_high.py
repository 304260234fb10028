"""Ace-to-five high: the hand classes of the ace-to-five low, the highest cards within each.

generic_poker's ``a5_low_high`` ("Lowball ranking with Ace as low, highest unpaired hand
wins", data/hand_evaluations/a5_low_high.json; Razz High, data/game_configs/razz_high.json).
Its ranking files put every hand without a pair above every hand with one, as the ace-to-five
low does (a pair above two pair, then three of a kind, a full house, four of a kind), but
within a class the highest cards win: K-Q-J-T-9 is the best hand, 6-4-3-2-A the worst without
a pair, and a pair of kings the best pair, aces the worst (its two- and three-card files:
K-Q first, A-2 last among unpaired hands; K-K first, A-A last among pairs). The ace is always
low; straights and flushes do not count.

:class:`AceToFiveHigh` is a :class:`~studspec.engine.evaluation.Ranking` whose rank-multiset
table is filled by its own small-hand scorer: the high-style score of the cards counted ace
low, its class turned over. Everything else (the best five, the odd chip, the words) is the
ranking's own, read through :meth:`AceToFiveHigh._score`, which turns the class back.
Validate refuses it with wild cards or a stripped deck (``HAND_TRAITS``).
"""

from __future__ import annotations

from collections.abc import Callable

from ._tables import CATEGORY_SHIFT, FIVE_OF_A_KIND, HIGH_CARD, RankTable, score_small_hand, unpack
from .evaluation import Ranking

__all__ = ["ACE_TO_FIVE_HIGH", "AceToFiveHigh"]

_LOW_BITS = (1 << CATEGORY_SHIFT) - 1
_LOW_LETTERS = "A23456789TJQK"


def _turn_class(score: int) -> int:
    """A score with its hand class turned over (an involution): no pair the best class."""
    return (FIVE_OF_A_KIND - (score >> CATEGORY_SHIFT)) << CATEGORY_SHIFT | (score & _LOW_BITS)


class AceToFiveHigh(Ranking):
    """The ace-to-five high ranking (see the module docstring)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("ace-to-five-high", ace_low=True, straights=False, flushes=False)
        object.__setattr__(self, "low", False)  # the highest hand wins
        object.__setattr__(self, "_by_ranks", RankTable(self._small_hand_scorer()))

    def __repr__(self) -> str:
        return "<AceToFiveHigh>"

    def __reduce__(self) -> tuple[object, tuple[()]]:  # type: ignore[override]
        """Pickle as the module's one instance."""
        return _ace_to_five_high, ()

    def without(self, removed: object) -> Ranking:
        """Played on the full deck; validate refuses a stripped one (``HAND_TRAITS``)."""
        if removed:
            raise ValueError("ace-to-five high is ranked on the full 52-card deck")
        return self

    def _small_hand_scorer(self) -> Callable[[list[int]], int]:
        """Values a rank multiset of at most five cards: its ace-low score, class turned over."""
        nibbles = self.nibbles

        def score(counts: list[int]) -> int:
            return _turn_class(score_small_hand([nibbles[r] for r in range(13) for _ in range(counts[r])], False))

        return score

    def _score(self, value: int) -> int:
        """The high-style score behind a value (its class turned back)."""
        return _turn_class(value)

    def describe(self, value: int) -> str:
        """Words for a value: a hand without a pair card by card, as a low is called
        ("K-Q-J-T-9"); a paired hand by its class ("pair of kings")."""
        category, nibbles = unpack(self._score(value))
        if category == HIGH_CARD:
            return "-".join(_LOW_LETTERS[n - 1] for n in nibbles)
        return super().describe(value)

    def rescore(self, score: int) -> int:
        """The value of a high-style score (wild cards are refused; kept for symmetry)."""
        return _turn_class(score)


ACE_TO_FIVE_HIGH = AceToFiveHigh()
"""The one ace-to-five high ranking."""


def _ace_to_five_high() -> AceToFiveHigh:
    """The module's instance (what a pickled one becomes)."""
    return ACE_TO_FIVE_HIGH
