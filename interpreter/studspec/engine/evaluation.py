"""Hand values for the three ways stud ranks hands: high, ace-to-five low, and the board.

One mechanism serves all three. A hand's cards are summed into an integer key (rank counts
and suit counts in separate bit fields, see :mod:`studspec.engine._tables`); the rank part is
looked up in the ranking's rank-multiset table, and only when a suit has five cards or
more, and the ranking counts flushes, is that suit's rank mask looked up in a flush table.
The rankings differ only in the small-hand scorer their tables are filled with: whether
straights count, whether the ace plays low, and whether smaller is better.

A value is a plain ``int`` and *larger is always better*, for the low ranking too, so a
showdown or a "who acts first" decision is a ``max()`` whatever the ranking. Values of one
ranking compare across categories and across hand sizes (a board of two cards against a
board of two cards, a seven-card hand against another), never across rankings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from ._tables import (
    CARD_KEYS,
    FLUSH,
    FLUSH_BITS,
    FLUSH_FLAGS,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    RANK_MASK,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SUIT_BIAS,
    THREE_OF_A_KIND,
    TWO_PAIR,
    FlushTable,
    RankTable,
    score_small_hand,
    unpack,
)
from .cards import RANK_LETTERS, Card

__all__ = ["ACE_TO_FIVE_LOW", "HIGH", "HIGH_BOARD", "RANKINGS", "Ranking"]

_LOW_TOP = 1 << 24
_WHEEL_RANKS = {12, 0, 1, 2, 3}  # A, 2, 3, 4, 5
"""A low value is ``_LOW_TOP - score``: every score is below 2**23, so values stay positive."""

_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king", "ace")  # fmt: skip
_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces")  # fmt: skip
_LOW_LETTERS = "A" + RANK_LETTERS[:-1]  # ace-low order: A, 2, ..., K


class Ranking:
    """One way of ranking poker hands; the module's instances are the only ones needed.

    ``ace_low`` makes the ranking an ace-to-five low: the ace is the lowest rank, straights
    and flushes do not count, and the lower hand gets the larger value. Otherwise the
    ranking is a high one, with or without ``straights`` and ``flushes`` (the board ranking
    that decides who acts first in stud counts neither).
    """

    __slots__ = ("_by_flush", "_by_ranks", "ace_low", "flushes", "name", "straights")

    name: str
    ace_low: bool
    straights: bool
    flushes: bool
    _by_ranks: RankTable
    _by_flush: FlushTable | None

    def __init__(self, name: str, *, ace_low: bool = False, straights: bool = True, flushes: bool = True) -> None:
        if ace_low and (straights or flushes):
            # A low that counts flushes against the hand cannot be split into the two
            # independent lookups below; no stud game the project plays needs one.
            raise ValueError("an ace-to-five low ranking ignores straights and flushes")
        for slot, value in (("name", name), ("ace_low", ace_low), ("straights", straights),
                            ("flushes", flushes)):  # fmt: skip
            object.__setattr__(self, slot, value)
        object.__setattr__(self, "_by_ranks", RankTable(self._small_hand_scorer()))
        object.__setattr__(self, "_by_flush", FlushTable() if flushes else None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"ranking {self.name!r} is immutable")

    def __repr__(self) -> str:
        return f"<Ranking {self.name!r}>"

    def __reduce__(self) -> tuple[Callable[[str], Ranking], tuple[str]]:
        """Pickle by name, so a copy shares the module's warm tables."""
        return _ranking_named, (self.name,)

    def _small_hand_scorer(self) -> Callable[[list[int]], int]:
        """The function that values a rank multiset of at most five cards (given as counts)."""
        straights = self.straights
        if self.ace_low:

            def score_low(counts: list[int]) -> int:
                # Ace-low numbering: ace 1, deuce 2, ..., king 13; then turn the order over.
                ranks = [1 if r == 12 else r + 2 for r in range(13) for _ in range(counts[r])]
                return _LOW_TOP - score_small_hand(ranks, straights=False)

            return score_low

        def score_high(counts: list[int]) -> int:
            ranks = [r + 1 for r in range(13) for _ in range(counts[r])]
            return score_small_hand(ranks, straights)

        return score_high

    # -- values ---------------------------------------------------------------------------

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best hand of up to five cards among ``cards`` (larger is better).

        Any number of distinct cards from one upward: a board of one to four up cards is
        valued as it stands, five cards or more by their best five.
        """
        key = sum(map(CARD_KEYS.__getitem__, cards), SUIT_BIAS)
        if key & FLUSH_BITS and self._by_flush is not None:
            return self._value_with_flush(cards, key)
        return self._by_ranks[key & RANK_MASK]

    def _value_with_flush(self, cards: Sequence[Card], key: int) -> int:
        """The value when some suit has five cards: the better of that flush and the rest.

        The rank table's best hand is either playable as it stands or is itself five cards
        of one suit, in which case the flush table values it higher; so the maximum of the
        two is the true best hand.
        """
        best = self._by_ranks[key & RANK_MASK]
        for suit, flag in enumerate(FLUSH_FLAGS):
            if key & flag:
                mask = 0
                for card in cards:
                    if card & 3 == suit:
                        mask |= 1 << (card >> 2)
                best = max(best, self._by_flush[mask])  # type: ignore[index]
        return best

    # -- the cards that make the hand (showdown only) --------------------------------------

    def card_order(self, card: Card) -> tuple[int, int]:
        """(rank in this ranking's order, suit) of ``card``: bigger is higher.

        In a high ranking the ace is the highest rank (12) and the deuce the lowest (0); in
        the ace-to-five low the ace is the lowest (0) and the king the highest (12)
        (WSOP-L 239: an ace is both the highest and the lowest card).
        """
        rank = card >> 2
        return ((rank + 1) % 13 if self.ace_low else rank), card & 3

    def best_five(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The (up to) five cards that make ``value(cards)``, highest card first.

        Among several choices worth the same, the one whose highest card (by rank in this
        ranking's order, then suit) is highest, then the next card, and so on: that is the
        hand the odd-chip rule reads ("highest card by suit among the five cards that make
        the hand", WSOP-L 149). Enumerates combinations; meant for showdowns.
        """
        cards = tuple(cards)
        if len(set(cards)) != len(cards):
            raise ValueError(f"the same card twice in {[str(c) for c in cards]}")
        target = self.value(cards)
        best: tuple[Card, ...] | None = None
        best_order: list[tuple[int, int]] = []
        for combo in combinations(cards, min(5, len(cards))):
            if self.value(combo) != target:
                continue
            key = self._wheel_order if self._is_wheel(combo) else self.card_order
            ordered = tuple(sorted(combo, key=key, reverse=True))
            order = [key(card) for card in ordered]
            if best is None or order > best_order:
                best, best_order = ordered, order
        assert best is not None  # value(cards) is always made by some five of them
        return best

    def odd_chip_key(self, cards: Sequence[Card]) -> tuple[int, int]:
        """(rank in this ranking's order, suit) of the highest card of ``best_five(cards)``.

        Between hands that tie, the bigger key wins the odd chip (WSOP-L 149); for a low
        share it is read from the five cards of the low.
        """
        five = self.best_five(cards)
        return self._wheel_order(five[0]) if self._is_wheel(five) else self.card_order(five[0])

    def _is_wheel(self, five: Sequence[Card]) -> bool:
        """A-2-3-4-5 played as a straight, where the ace counts as a one: the five is its
        highest card, so the five's suit decides an odd chip."""
        return self.straights and not self.ace_low and len(five) == 5 and {c >> 2 for c in five} == _WHEEL_RANKS

    def _wheel_order(self, card: Card) -> tuple[int, int]:
        rank = card >> 2
        return (-1 if rank == 12 else rank), card & 3

    # -- reading values -------------------------------------------------------------------

    def _score(self, value: int) -> int:
        """The high-style score behind ``value`` (a low value is the score turned over)."""
        return _LOW_TOP - value if self.ace_low else value

    def _rank_index(self, nibble: int) -> int:
        """The card rank (deuce 0 .. ace 12) a score nibble of this ranking stands for."""
        return (nibble - 2) % 13 if self.ace_low else nibble - 1

    def describe(self, value: int) -> str:
        """Words for a value of this ranking, e.g. ``"full house, kings full of sevens"``.

        A no-pair low is written card by card, as players call it; every other hand is
        named by its category and the ranks that decide it (kickers are left out).
        """
        category, nibbles = unpack(self._score(value))
        ranks = [self._rank_index(n) for n in nibbles]
        if category == HIGH_CARD:
            if self.ace_low:
                return "-".join(_LOW_LETTERS[n - 1] for n in nibbles)
            return f"{_WORDS[ranks[0]]} high"
        if category == PAIR:
            return f"pair of {_PLURALS[ranks[0]]}"
        if category == TWO_PAIR:
            return f"two pair, {_PLURALS[ranks[0]]} and {_PLURALS[ranks[1]]}"
        if category == THREE_OF_A_KIND:
            return f"three of a kind, {_PLURALS[ranks[0]]}"
        if category == STRAIGHT:
            return f"straight, {_WORDS[ranks[0]]} high"
        if category == FLUSH:
            return f"flush, {_WORDS[ranks[0]]} high"
        if category == FULL_HOUSE:
            return f"full house, {_PLURALS[ranks[0]]} full of {_PLURALS[ranks[1]]}"
        if category == FOUR_OF_A_KIND:
            return f"four of a kind, {_PLURALS[ranks[0]]}"
        if category == STRAIGHT_FLUSH:
            return "royal flush" if ranks[0] == 12 else f"straight flush, {_WORDS[ranks[0]]} high"
        raise ValueError(f"{value} is not a value of the {self.name} ranking")

    def qualifies(self, hand: int | Sequence[Card], qualifier: int) -> bool:
        """Whether a low is good enough for a share with a qualifier ("eight or better").

        ``hand`` is the value already computed for the showdown (or the cards, to value
        here). It qualifies when the best low has five different ranks all at most
        ``qualifier``, counting the ace as 1 (8 for eight-or-better, WSOP-L 237-241).
        """
        if not self.ace_low:
            raise ValueError(f"the {self.name} ranking has no qualifier; only a low does")
        if not 1 <= qualifier <= 13:
            raise ValueError(f"a low qualifier is from 1 (ace) to 13 (king), not {qualifier}")
        if isinstance(hand, Card):
            raise TypeError("pass the hand's value or its cards, not a single card")
        value = hand if isinstance(hand, int) else self.value(hand)
        category, nibbles = unpack(self._score(value))
        return category == HIGH_CARD and len(nibbles) == 5 and nibbles[0] <= qualifier


HIGH = Ranking("high")
"""Standard high poker: straight flush down to high card; A-2-3-4-5 is the lowest straight."""

ACE_TO_FIVE_LOW = Ranking("ace-to-five-low", ace_low=True, straights=False, flushes=False)
"""Razz and the low half of eight-or-better: ace low, no straights or flushes; 5-4-3-2-A best."""

HIGH_BOARD = Ranking("high-board", straights=False, flushes=False)
"""The stud board that acts first: pairs, trips and quads and high cards only, ace high."""

RANKINGS: dict[str, Ranking] = {r.name: r for r in (HIGH, ACE_TO_FIVE_LOW, HIGH_BOARD)}
"""Every ranking by the name a rule book uses for it."""


def _ranking_named(name: str) -> Ranking:
    """The module's ranking called ``name`` (used to unpickle)."""
    return RANKINGS[name]
