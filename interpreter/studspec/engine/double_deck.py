"""What a hand is worth when the deck holds every card twice (``deck.copies: 2``, docs/rules.md D6).

A double deck deals hands no single deck can: two identical cards (``As As``, a pair), five
cards of one rank (five of a kind, above a straight flush, as wild cards already make it), and
five cards of one suit with a rank repeated (``As As Ks 9s 4s``, a flush, ranked card by card,
so it beats A-K-Q-J-9 of a suit). :class:`DoubleDeck` wraps the single deck's evaluator (a
natural :class:`~.evaluation.Ranking` or a :class:`~.wild_ranking.WildRanking`) and adds just
those hands, so the single deck's tables and hot paths are untouched: a book without
``deck.copies`` never builds one (the rules are compiled with the plain evaluator).

How it values a hand, on the wrapped evaluator's scale (larger is better):

- the wrapped evaluator values the rank multiset, straights and the flushes of different
  ranks, as for a single deck; identical cards simply count twice in the rank fields, which
  hold up to seven of a rank, so a hand with more than five natural cards of one rank keeps
  five of them there (no five cards can use a sixth);
- in a ranking where a flush counts for the hand, each suit with five cards or more
  (natural cards and wild cards together) is read here: the best straight flush (five
  different ranks in a row, as the ranking's straights run), and the best flush, its five
  highest ranks with repeats kept; a wild card takes, under ``wild.flush: distinct-ranks``,
  the highest rank of the suit the hand does not hold, and under ``any-rank`` an ace;
- in a lowball ranking where a flush counts against the hand (deuce-to-seven, ace-to-six), a
  hand with five natural cards of a suit is valued five cards at a time, a five of one suit
  being a flush (the worse of its two readings) even with a pair in it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations

from ._tables import CATEGORY_SHIFT, FLUSH, STRAIGHT, STRAIGHT_FLUSH, pack
from .cards import Card, Rank
from .evaluation import Ranking
from .wild_ranking import FlushWilds, WildRanking, WildSpec

__all__ = ["DoubleDeck", "double_deck"]

NO_HAND = -1
"""Below every value: no flush can be made."""
_MOST_IN_RANK_FIELD = 5
"""Natural cards of one rank the wrapped evaluator is given at most (its fields hold seven)."""
_CAPPING_FROM = 8
"""Cards a hand must hold before one rank could fill a rank field (eight of a rank)."""


class DoubleDeck:
    """An evaluator for a double deck: reads like :class:`~.evaluation.Ranking` (``value``,
    ``describe``, ``best_five``, ``odd_chip_key``, ``card_order``, ``qualifies``)."""

    __slots__ = ("_high_flushes", "_low_flushes", "inner", "ranking", "spec")

    def __init__(self, inner: Ranking | WildRanking) -> None:
        self.inner = inner
        self.ranking: Ranking = inner.ranking if isinstance(inner, WildRanking) else inner
        self.spec: WildSpec | None = inner.spec if isinstance(inner, WildRanking) else None
        counts = self.ranking.flush_table is not None
        self._high_flushes = counts and not self.ranking.low
        self._low_flushes = counts and self.ranking.low

    def __repr__(self) -> str:
        return f"<DoubleDeck {self.inner!r}>"

    def __reduce__(self) -> tuple[Callable[[Ranking | WildRanking], DoubleDeck], tuple[Ranking | WildRanking]]:
        """Pickle as the wrapped evaluator (whose own pickling shares the module's tables)."""
        return double_deck, (self.inner,)

    # -- values ---------------------------------------------------------------------------

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best hand of up to five cards among ``cards``, a card held twice
        counting as two cards."""
        spec = self.spec
        naturals = list(cards) if spec is None else [card for card in cards if not spec.is_wild(card)]
        if self._low_flushes:
            if _suited_five(naturals):
                return max(self._five(five) for five in combinations(cards, 5))
            return self.inner.value(_capped(cards, naturals))
        if not self._high_flushes:
            return self.inner.value(_capped(cards, naturals))
        best = self.inner.rank_value(_capped(cards, naturals))
        if len(cards) >= 5:
            flush = self._flushes(naturals, len(cards) - len(naturals))
            best = flush if flush > best else best
        return best

    def _flushes(self, naturals: Sequence[Card], wilds: int) -> int:
        """The best straight flush or flush of any suit (:data:`NO_HAND` if none)."""
        free = min(wilds, 5)
        suits: list[list[int]] = [[], [], [], []]
        for card in naturals:
            suits[card & 3].append(card >> 2)
        best = NO_HAND
        for ranks in suits:
            if len(ranks) + free >= 5:
                best = max(best, self._straight_flush(ranks, free), self._flush(ranks, free))
        return best

    def _straight_flush(self, ranks: Sequence[int], free: int) -> int:
        """The best straight flush of one suit's ``ranks`` and ``free`` wild cards, each wild
        card one of the straight's missing ranks (never a barred one)."""
        ranking, held, barred = self.ranking, set(ranks), self._barred()
        best = NO_HAND
        for window in ranking.straight_windows:
            missing = window - held
            if len(missing) <= free and not missing & barred:
                wheel = ranking.wheel and window == ranking.straight_windows[0]
                top = ranking.wheel_top if wheel else max(ranking.nibbles[rank] for rank in window)
                best = max(best, ranking.rescore(pack(STRAIGHT_FLUSH, [top])))
        return best

    def _flush(self, ranks: Sequence[int], free: int) -> int:
        """The best flush of one suit's ``ranks`` (repeats kept) and ``free`` wild cards."""
        ranking = self.ranking
        copies = self.spec is not None and self.spec.flush is FlushWilds.ANY_RANK and not self.spec.barred
        if copies:
            wild_ranks = [int(Rank.ACE)] * free
        else:
            barred = self._barred()
            open_ranks = [r for r in reversed(ranking.kept) if r not in barred and r not in ranks]
            wild_ranks = open_ranks[:free]
        nibbles = sorted((ranking.nibbles[rank] for rank in (*ranks, *wild_ranks)), reverse=True)[:5]
        if len(nibbles) < 5:
            return NO_HAND
        return ranking.rescore(pack(FLUSH, nibbles))

    def _barred(self) -> frozenset[int]:
        return frozenset() if self.spec is None else frozenset(int(rank) for rank in self.spec.barred)

    def _five(self, five: Sequence[Card]) -> int:
        """The exact value of five cards in a lowball ranking that counts flushes against."""
        spec = self.spec
        if spec is not None and any(map(spec.is_wild, five)):
            return self.inner.value(five)  # a wild card never makes a flush against its hand
        if len({card & 3 for card in five}) > 1:
            return self.ranking.value(five)
        ranks = [card >> 2 for card in five]
        if len(set(ranks)) == 5:
            flushes = self.ranking.flush_table
            assert flushes is not None
            return flushes[sum(1 << rank for rank in ranks)]
        nibbles = sorted((self.ranking.nibbles[rank] for rank in ranks), reverse=True)
        return self.ranking.rescore(pack(FLUSH, nibbles))

    # -- reading values and the cards that play (showdown only) ----------------------------

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def low(self) -> bool:
        return self.inner.low

    @property
    def ace_low(self) -> bool:
        return self.inner.ace_low

    def describe(self, value: int) -> str:
        """Words for a value ("flush, ace high" for A-A-K-9-4 of a suit too)."""
        return self.inner.describe(value)

    def card_order(self, card: Card) -> tuple[int, int]:
        return self.inner.card_order(card)

    def qualifies(self, hand: int | Sequence[Card], qualifier: int) -> bool:
        """Whether a low is good enough for a qualified share (five different ranks)."""
        if isinstance(hand, Card):
            raise TypeError("pass the hand's value or its cards, not a single card")
        return self.ranking.qualifies(hand if isinstance(hand, int) else self.value(hand), qualifier)

    def best_five(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The (up to) five cards that make ``value(cards)``, highest first: among several
        choices, the one whose cards rank highest card by card (suit last; a wild card below
        every natural card), as :meth:`.Ranking.best_five` chooses (WSOP-L 149)."""
        target = self.value(cards)
        order = self._order_for(target)
        best: tuple[Card, ...] = ()
        best_order: list[tuple[int, int]] | None = None
        for combo in combinations(cards, min(5, len(cards))):
            if self.value(combo) != target:
                continue
            ordered = tuple(sorted(combo, key=order, reverse=True))
            if best_order is None or [order(c) for c in ordered] > best_order:
                best, best_order = ordered, [order(c) for c in ordered]
        return best

    def odd_chip_key(self, cards: Sequence[Card]) -> tuple[int, int]:
        """(rank, suit) of the highest card of ``best_five(cards)`` (WSOP-L 149); of two
        identical cards either, they are alike."""
        five = self.best_five(cards)
        return self._order_for(self.value(cards))(five[0])

    def _order_for(self, value: int) -> Callable[[Card], tuple[int, int]]:
        """How the cards of a hand worth ``value`` rank: in the wheel the ace is a one."""
        ranking, spec = self.ranking, self.spec
        score = ranking.rescore(value)  # rescore is its own inverse on the category and nibbles
        five_high = score >> CATEGORY_SHIFT in (STRAIGHT, STRAIGHT_FLUSH) and (score >> 16) & 0xF == ranking.wheel_top
        wheel = ranking.wheel and five_high

        def order(card: Card) -> tuple[int, int]:
            if spec is not None and spec.is_wild(card):
                return (-1, -1)
            rank, suit = ranking.card_order(card)
            return (-1 if wheel and card >> 2 == Rank.ACE else rank), suit

        return order


def _suited_five(naturals: Sequence[Card]) -> bool:
    """Whether five of ``naturals`` share a suit."""
    if len(naturals) < 5:
        return False
    counts = [0, 0, 0, 0]
    for card in naturals:
        counts[card & 3] += 1
    return max(counts) >= 5


def _capped(cards: Sequence[Card], naturals: Sequence[Card]) -> Sequence[Card]:
    """``cards`` with at most five natural cards of a rank (the rest can never play)."""
    if len(naturals) < _CAPPING_FROM:
        return cards
    counts = [0] * 13
    for card in naturals:
        counts[card >> 2] += 1
    if max(counts) <= _MOST_IN_RANK_FIELD:
        return cards
    natural = set(naturals)
    kept: list[Card] = []
    for card in cards:
        if card in natural:
            rank = card >> 2
            if counts[rank] > _MOST_IN_RANK_FIELD:
                counts[rank] -= 1
                continue
        kept.append(card)
    return kept


@lru_cache(maxsize=256)
def double_deck(inner: Ranking | WildRanking) -> DoubleDeck:
    """The double-deck evaluator over ``inner`` (cached: build it once, value many hands)."""
    return DoubleDeck(inner)
