"""Hand values for the ways stud ranks hands: high, the three lowball rankings, and the boards.

One mechanism serves them all. A hand's cards are summed into an integer key (rank counts
and suit counts in separate bit fields, see :mod:`studspec.engine._tables`); the rank part is
looked up in the ranking's rank-multiset table, and only when a suit has five cards or
more, and the ranking counts flushes, does the flush suit's rank mask come into it. The
rankings differ only in the small-hand scorer their tables are filled with: whether
straights and flushes count, whether the ace plays high or low, and whether smaller is better.

A value is a plain ``int`` and *larger is always better*, for the low rankings too, so a
showdown or a "who acts first" decision is a ``max()`` whatever the ranking. Values of one
ranking compare across categories and across hand sizes (a board of two cards against a
board of two cards, a seven-card hand against another), never across rankings. Wild cards
are valued on the same scale by :mod:`studspec.engine.wild`; a natural ranking is never
given a joker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from ._tables import (
    CARD_KEYS,
    CATEGORY_SHIFT,
    FIVE_OF_A_KIND,
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
    flush_score,
    score_small_hand,
    straight_runs,
    sub_multisets,
    unpack,
)
from .cards import RANK_LETTERS, Card

__all__ = [
    "ACE_TO_FIVE_LOW",
    "ACE_TO_SIX_BOARD",
    "ACE_TO_SIX_LOW",
    "DEUCE_TO_SEVEN_BOARD",
    "DEUCE_TO_SEVEN_LOW",
    "HIGH",
    "HIGH_BOARD",
    "HIGH_FLUSH_OVER_FULL_HOUSE",
    "RANKINGS",
    "Ranking",
]

_LOW_TOP = 1 << 24
"""A low value is ``_LOW_TOP - score``: every score is below 2**23, so values stay positive."""

_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king", "ace")  # fmt: skip
_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces")  # fmt: skip
_LOW_LETTERS = "A" + RANK_LETTERS[:-1]  # ace-low order: A, 2, ..., K
_ACE_HIGH_NIBBLES = tuple(range(1, 14))  # deuce 1 .. ace 13
_ACE_LOW_NIBBLES = (*range(2, 14), 1)  # ace 1, deuce 2 .. king 13

FlushRule = Callable[[Sequence[Card], int], int]
"""``(cards, key) -> value``: how a ranking values a hand in which some suit has five cards."""


def _check_removed(removed: frozenset[int]) -> None:
    """A stripped deck keeps its aces (the wheel and the bug are defined by them) and five
    ranks at least (a straight needs five)."""
    if any(not 0 <= rank < 12 for rank in removed):
        raise ValueError(f"only the deuce (0) to the king (11) may be removed, not {sorted(removed)}")
    if len(removed) > 8:
        raise ValueError(f"a deck needs five ranks at least; {len(removed)} removed leave {13 - len(removed)}")


def _flush_over_full_house(score: int) -> int:
    """A high-style score with the flush and full house categories swapped (an involution):
    where a flush beats a full house, each takes the other's place."""
    category = score >> CATEGORY_SHIFT
    if category == FLUSH:
        return score + ((FULL_HOUSE - FLUSH) << CATEGORY_SHIFT)
    if category == FULL_HOUSE:
        return score - ((FULL_HOUSE - FLUSH) << CATEGORY_SHIFT)
    return score


class Ranking:
    """One way of ranking poker hands; the module's instances are the only ones needed.

    ``ace_low`` numbers the ace below the deuce; ``low`` makes the lower hand the better
    one (it defaults to ``ace_low``: an ace-low ranking alone is the ace-to-five low, which
    ignores straights and flushes, so asking it to count them is refused). ``straights``
    and ``flushes`` say whether those hands count: for the hand in a high ranking, against
    it in a low one (deuce-to-seven and ace-to-six lowball, where ``low=True`` is given).
    The ace plays at both ends of a straight only in a high ranking (the wheel); in a
    lowball ranking it plays only where it ranks, so A-2-3-4-5 is ace high in
    deuce-to-seven and a straight in ace-to-six, and T-J-Q-K-A is a straight only in the
    first. The board rankings that decide who acts first count neither (WSOP-L 215).
    """

    __slots__ = ("_by_flush", "_by_ranks", "_runs", "_wheel", "_wheel_ranks", "_with_flush", "ace_low",
                 "flush_beats_full_house", "flushes", "low", "name", "removed", "straights")  # fmt: skip

    name: str
    ace_low: bool
    straights: bool
    flushes: bool
    low: bool
    removed: frozenset[int]
    """The ranks a stripped deck lacks (deuce 0 .. king 11); a straight skips them."""
    flush_beats_full_house: bool
    """A flush ranks above a full house (Mexican Poker's 40-card deck, short-deck hold'em)."""
    _wheel: bool
    _wheel_ranks: frozenset[int]
    _runs: dict[frozenset[int], int] | None
    _by_ranks: RankTable
    _by_flush: FlushTable | None
    _with_flush: FlushRule | None

    def __init__(
        self,
        name: str,
        *,
        ace_low: bool = False,
        straights: bool = True,
        flushes: bool = True,
        low: bool | None = None,
        removed: frozenset[int] = frozenset(),
        flush_beats_full_house: bool = False,
    ) -> None:
        if low is None and ace_low and (straights or flushes):
            raise ValueError(
                "an ace-to-five low ignores straights and flushes; pass low=True for a lowball "
                "ranking in which they count against the hand (ace-to-six)"
            )
        is_low = ace_low if low is None else low
        if ace_low and not is_low:
            raise ValueError("a high ranking plays the ace high (and low only in the wheel)")
        _check_removed(removed)
        if flush_beats_full_house and (is_low or not flushes):
            raise ValueError("a flush above a full house is a high ranking's rule")
        for slot, value in (("name", name), ("ace_low", ace_low), ("straights", straights),
                            ("flushes", flushes), ("low", is_low), ("removed", frozenset(removed)),
                            ("flush_beats_full_house", flush_beats_full_house),
                            ("_wheel", straights and not is_low)):  # fmt: skip
            object.__setattr__(self, slot, value)
        self._set_straights()
        object.__setattr__(self, "_by_ranks", RankTable(self._small_hand_scorer()))
        object.__setattr__(self, "_by_flush", FlushTable(self._flush_scorer()) if flushes else None)
        rule = None if not flushes else self._low_value_with_flush if is_low else self._value_with_flush
        object.__setattr__(self, "_with_flush", rule)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"ranking {self.name!r} is immutable")

    def __repr__(self) -> str:
        without = f" without {''.join(RANK_LETTERS[r] for r in sorted(self.removed))}" if self.removed else ""
        return f"<Ranking {self.name!r}{without}>"

    def __reduce__(self) -> tuple[Callable[[str, tuple[int, ...]], Ranking], tuple[str, tuple[int, ...]]]:
        """Pickle by name and removed ranks, so a copy shares the module's warm tables."""
        return _ranking_named, (self.name, tuple(sorted(self.removed)))

    def _set_straights(self) -> None:
        """The straights of a stripped deck (``None``: every five ranks in a row, the standard
        deck's, which the scorer tests directly) and the ranks of the wheel."""
        kept = [r for r in range(13) if r not in self.removed]
        wheel = frozenset((12, *kept[:4]))
        runs = straight_runs([self.nibbles[r] for r in kept], self._wheel) if self.removed else None
        object.__setattr__(self, "_runs", runs)
        object.__setattr__(self, "_wheel_ranks", wheel)

    def without(self, removed: Iterable[int]) -> Ranking:
        """This ranking on a deck stripped of the ranks ``removed`` (deuce 0 .. king 11):
        straights run over the ranks left, and a wild card stands only for a card the deck
        holds. The same object for the same ranks, so its tables warm once."""
        return _stripped(self.name, frozenset(removed))

    @property
    def kept(self) -> tuple[int, ...]:
        """The ranks (deuce 0 .. ace 12) the deck holds: every rank but the removed ones."""
        return tuple(r for r in range(13) if r not in self.removed)

    @property
    def wheel_top(self) -> int:
        """The score nibble that ranks the wheel: the five (4), or on a stripped deck the
        fourth-lowest rank left."""
        return self.nibbles[sorted(self._wheel_ranks - {12})[-1]]

    @property
    def straight_windows(self) -> tuple[frozenset[int], ...]:
        """The ranks (deuce 0 .. ace 12) of every straight this ranking counts, lowest first."""
        if not self.straights:
            return ()
        kept = sorted(self.kept, key=lambda r: self.nibbles[r])
        windows = [frozenset(kept[i : i + 5]) for i in range(len(kept) - 4)]
        return (self._wheel_ranks, *windows) if self._wheel else tuple(windows)

    @property
    def wheel(self) -> bool:
        """Whether A-2-3-4-5 is a straight with the ace as a one (high rankings only)."""
        return self._wheel

    @property
    def nibbles(self) -> tuple[int, ...]:
        """The score nibble of each card rank (deuce 0 .. ace 12) in this ranking's order."""
        return _ACE_LOW_NIBBLES if self.ace_low else _ACE_HIGH_NIBBLES

    def _small_hand_scorer(self) -> Callable[[list[int]], int]:
        """The function that values a rank multiset of at most five cards (given as counts)."""
        nibbles, straights, wheel, runs, low = self.nibbles, self.straights, self._wheel, self._runs, self.low
        swap = self.flush_beats_full_house

        def score(counts: list[int]) -> int:
            ranks = [nibbles[r] for r in range(13) for _ in range(counts[r])]
            value = score_small_hand(ranks, straights, wheel, runs)
            if swap:
                value = _flush_over_full_house(value)
            return _LOW_TOP - value if low else value

        return score

    def _flush_scorer(self) -> Callable[[list[int]], int]:
        """The function that values five suited ranks (given as rank indices)."""
        nibbles, straights, wheel, runs, low = self.nibbles, self.straights, self._wheel, self._runs, self.low
        swap = self.flush_beats_full_house

        def score(ranks: list[int]) -> int:
            value = flush_score(score_small_hand([nibbles[r] for r in ranks], straights, wheel, runs))
            if swap:
                value = _flush_over_full_house(value)
            return _LOW_TOP - value if low else value

        return score

    def fill(self, most: int = 7) -> int:
        """Value every hand of up to ``most`` cards now; return how many rank multisets the
        table then holds.

        The tables fill as hands ask, which keeps importing and a single hand cheap; but a
        seven-card hand whose multisets are all new costs up to 50 us, so the first ten
        thousand showdowns of a run pay a few hundred milliseconds between them. A long run
        (a simulation, a benchmark of the steady state) can pay it once up front instead:
        under a second for seven cards. Smaller hands first, so each new entry finds the
        ones it is built from.
        """
        for size in range(1, most + 1):
            for key in sub_multisets([4] * 13, 12, size, 0):
                self._by_ranks[key]  # the look-up computes and keeps a missing entry
        if self._by_flush is not None:
            for size in range(5, min(most, 13) + 1):
                for ranks in combinations(range(13), size):
                    self._by_flush[sum(1 << rank for rank in ranks)]
        return len(self._by_ranks)

    # -- values ---------------------------------------------------------------------------

    @property
    def rank_table(self) -> RankTable:
        """The value of each rank multiset, flushes aside (for :mod:`studspec.engine.wild`)."""
        return self._by_ranks

    @property
    def flush_table(self) -> FlushTable | None:
        """The value of each suit's rank mask as a flush, or ``None`` if flushes do not count."""
        return self._by_flush

    @property
    def flush_rule(self) -> FlushRule | None:
        """How :meth:`value` goes on when some suit has five cards (``None``: it ignores them)."""
        return self._with_flush

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best hand of up to five cards among ``cards`` (larger is better).

        Any number of distinct cards from one upward: a board of one to four up cards is
        valued as it stands, five cards or more by their best five. A joker is refused:
        only :mod:`studspec.engine.wild` knows what it stands for.
        """
        key = SUIT_BIAS
        try:
            for card in cards:  # a plain loop: faster than sum(map(...)) for seven cards or fewer
                key += CARD_KEYS[card]
        except IndexError:
            raise ValueError(f"a natural ranking cannot value a joker: {[str(c) for c in cards]}") from None
        if key & FLUSH_BITS and self._with_flush is not None:
            return self._with_flush(cards, key)
        return self._by_ranks[key & RANK_MASK]

    def rank_value(self, cards: Sequence[Card]) -> int:
        """The value of the best hand among ``cards`` that is no flush (a card held twice
        counts twice): what :mod:`.double_deck` reads before valuing its flushes itself."""
        key = 0
        for card in cards:
            key += CARD_KEYS[card]
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

    def _low_value_with_flush(self, cards: Sequence[Card], key: int) -> int:
        """The value of a lowball hand when some suit has five cards (a flush counts against).

        The rank table's best low ignores suits, so it is the answer unless the only way to
        hold it is five cards of one suit: when one of its five ranks is held twice, a card
        of another suit plays. Only when each of its ranks is held once and all in the flush
        suit (rare) are the five-card combinations valued one by one.
        """
        best = self._by_ranks[key & RANK_MASK]
        five = self._distinct_ranks(best)
        if five is None:
            return best  # a pair or more is never a flush
        playing = [card for card in cards if card >> 2 in five]
        if len(playing) > 5 or len({card & 3 for card in playing}) > 1:
            return best
        return max(self._five_card_value(combo) for combo in combinations(cards, 5))

    def _distinct_ranks(self, value: int) -> frozenset[int] | None:
        """The five different ranks (deuce 0 .. ace 12) of a lowball value, if it has them."""
        category, nibbles = unpack(self._score(value))
        if category == STRAIGHT:
            return self.straight_ranks(nibbles[0])
        if category != HIGH_CARD or len(nibbles) < 5:
            return None
        return frozenset(self._rank_index(n) for n in nibbles)

    def _five_card_value(self, five: Sequence[Card]) -> int:
        """The exact value of five cards: a flush if they share a suit, else by their ranks."""
        key = sum(map(CARD_KEYS.__getitem__, five), SUIT_BIAS)
        if key & FLUSH_BITS and self._by_flush is not None:
            mask = 0
            for card in five:
                mask |= 1 << (card >> 2)
            return self._by_flush[mask]
        return self._by_ranks[key & RANK_MASK]

    # -- the cards that make the hand (showdown only) --------------------------------------

    def card_order(self, card: Card) -> tuple[int, int]:
        """(rank in this ranking's order, suit) of ``card``: bigger is higher.

        Where the ace ranks high (high, deuce-to-seven) it is the highest rank (12) and the
        deuce the lowest (0); where it ranks low (ace-to-five, ace-to-six) the ace is the
        lowest (0) and the king the highest (12) (WSOP-L 239: an ace is both the highest and
        the lowest card).
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
        return self._wheel and len(five) == 5 and {c >> 2 for c in five} == self._wheel_ranks

    def _wheel_order(self, card: Card) -> tuple[int, int]:
        rank = card >> 2
        return (-1 if rank == 12 else rank), card & 3

    # -- reading values -------------------------------------------------------------------

    def _score(self, value: int) -> int:
        """The high-style score behind ``value`` (a low value is the score turned over; where
        a flush beats a full house, their categories are swapped back)."""
        score = _LOW_TOP - value if self.low else value
        return _flush_over_full_house(score) if self.flush_beats_full_house else score

    def rescore(self, score: int) -> int:
        """The value in this ranking of a high-style score (as :func:`._tables.pack` makes it):
        what the wild-card tables build a flush of copies with."""
        score = _flush_over_full_house(score) if self.flush_beats_full_house else score
        return _LOW_TOP - score if self.low else score

    def straight_ranks(self, top: int) -> frozenset[int]:
        """The ranks (deuce 0 .. ace 12) of the straight whose top nibble is ``top``."""
        for window in self.straight_windows:
            wheel = self._wheel and window == self._wheel_ranks
            if (self.wheel_top if wheel else max(self.nibbles[r] for r in window)) == top:
                return window
        raise ValueError(f"no straight of the {self.name} ranking is topped by nibble {top}")

    def _rank_index(self, nibble: int) -> int:
        """The card rank (deuce 0 .. ace 12) a score nibble of this ranking stands for."""
        return (nibble - 2) % 13 if self.ace_low else nibble - 1

    def describe(self, value: int) -> str:
        """Words for a value of this ranking, e.g. ``"full house, kings full of sevens"``.

        A no-pair low is written card by card, as players call it ("7-5-4-3-2"); every
        other hand is named by its category and the ranks that decide it (kickers are left
        out). Five of a kind, which only wild cards make, is "five of a kind, aces".
        """
        category, nibbles = unpack(self._score(value))
        ranks = [self._rank_index(n) for n in nibbles]
        if category == HIGH_CARD:
            if self.low:
                letters = _LOW_LETTERS if self.ace_low else RANK_LETTERS
                return "-".join(letters[n - 1] for n in nibbles)
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
        if category == FIVE_OF_A_KIND:
            return f"five of a kind, {_PLURALS[ranks[0]]}"
        raise ValueError(f"{value} is not a value of the {self.name} ranking")

    def qualifies(self, hand: int | Sequence[Card], qualifier: int) -> bool:
        """Whether a low is good enough for a share with a qualifier ("eight or better").

        ``hand`` is the value already computed for the showdown (or the cards, to value
        here). It qualifies when the best low has five different ranks all at most
        ``qualifier``, counting the ace as 1 (8 for eight-or-better, WSOP-L 237-241) where
        it plays low and as 14 (never qualifying) where it plays high; in a lowball ranking
        a straight or a flush is not a qualifying low either.
        """
        if not self.low:
            raise ValueError(f"the {self.name} ranking has no qualifier; only a low does")
        if not 1 <= qualifier <= 13:
            raise ValueError(f"a low qualifier is from 1 (ace) to 13 (king), not {qualifier}")
        if isinstance(hand, Card):
            raise TypeError("pass the hand's value or its cards, not a single card")
        value = hand if isinstance(hand, int) else self.value(hand)
        category, nibbles = unpack(self._score(value))
        top = nibbles[0] if self.ace_low else nibbles[0] + 1
        return category == HIGH_CARD and len(nibbles) == 5 and top <= qualifier


HIGH = Ranking("high")
"""Standard high poker: straight flush down to high card; A-2-3-4-5 is the lowest straight."""

ACE_TO_FIVE_LOW = Ranking("ace-to-five-low", ace_low=True, straights=False, flushes=False)
"""Razz and the low half of eight-or-better: ace low, no straights or flushes; 5-4-3-2-A best."""

HIGH_FLUSH_OVER_FULL_HOUSE = Ranking("high-flush-over-full-house", flush_beats_full_house=True)
"""High poker in which a flush beats a full house: Mexican Poker's 40-card deck (generic_poker's
``27_ja_ffh_high_wild_bug``, "ffh"; luckyladyla.com and bonuskey.com's Mexican Poker hand
rankings), where five cards of a suit are the rarer hand."""

HIGH_BOARD = Ranking("high-board", straights=False, flushes=False)
"""The stud board that acts first: pairs, trips and quads and high cards only, ace high."""

DEUCE_TO_SEVEN_LOW = Ranking("deuce-to-seven-low", low=True)
"""2-7 (Kansas City) lowball and 2-7 razz: the ace is high only, straights and flushes count
against the hand, A-2-3-4-5 is ace high (no straight); 7-5-4-3-2 of mixed suits is best."""

ACE_TO_SIX_LOW = Ranking("ace-to-six-low", ace_low=True, low=True)
"""London lowball: the ace is low only, straights and flushes count against the hand, so
A-2-3-4-5 is a (bad) straight and A-2-3-4-6 of mixed suits is best; T-J-Q-K-A is no straight."""

DEUCE_TO_SEVEN_BOARD = Ranking("deuce-to-seven-board", low=True, straights=False, flushes=False)
"""The board that acts first under deuce-to-seven: the lowest board, ace high, pairs count,
straights and flushes do not (WSOP-L 215); a lone ace is the worst board."""

ACE_TO_SIX_BOARD = Ranking("ace-to-six-board", ace_low=True, low=True, straights=False, flushes=False)
"""The board that acts first under ace-to-six: the lowest board, ace low, pairs count,
straights and flushes do not (WSOP-L 215). Its values are those of the ace-to-five low."""

RANKINGS: dict[str, Ranking] = {
    r.name: r
    for r in (
        HIGH,
        HIGH_FLUSH_OVER_FULL_HOUSE,
        ACE_TO_FIVE_LOW,
        HIGH_BOARD,
        DEUCE_TO_SEVEN_LOW,
        ACE_TO_SIX_LOW,
        DEUCE_TO_SEVEN_BOARD,
        ACE_TO_SIX_BOARD,
    )
}
"""Every ranking by the name a rule book uses for it."""


def _ranking_named(name: str, removed: tuple[int, ...] = ()) -> Ranking:
    """The module's ranking called ``name``, on a deck without ``removed`` (used to unpickle)."""
    return RANKINGS[name].without(removed) if removed else RANKINGS[name]


_STRIPPED: dict[tuple[str, frozenset[int]], Ranking] = {}


def _stripped(name: str, removed: frozenset[int]) -> Ranking:
    """The ranking ``name`` on a deck without ``removed``, made once (the module's own when
    nothing is removed)."""
    if not removed:
        return RANKINGS[name]
    ranking = _STRIPPED.get((name, removed))
    if ranking is None:
        base = RANKINGS[name]
        ranking = Ranking(name, ace_low=base.ace_low, straights=base.straights, flushes=base.flushes,
                          low=base.low, removed=removed, flush_beats_full_house=base.flush_beats_full_house)  # fmt: skip
        _STRIPPED[(name, removed)] = ranking
    return ranking
