"""What a hand with wild cards is worth, under any ranking: :class:`WildSpec` and :class:`WildRanking`.

Home games make whole ranks wild (deuces; threes and nines in Baseball; queens and the rank
that follows an up queen in Follow the Queen; a player's lowest down card's rank) and add
jokers, which are either fully wild or a **bug**. A :class:`WildSpec` says which; a
:class:`WildRanking` values hands under a natural :class:`~studspec.engine.evaluation.Ranking`
and a spec, on that ranking's own integer scale (larger is better), so wild and natural
values compare and the rest of the engine needs no new code to take a maximum.

The rules (house rules written down by Robert's Rules for the bug, and in docs/rules.md V5,
V6 and edge case E37):

- a wild card stands for any card, a copy of a card already held included, so four aces
  and a wild card are **five of a kind**, which ranks above a straight flush (five aces
  best); in a flush, by default (:attr:`FlushWilds.DISTINCT_RANKS`), a wild card takes the
  highest rank of that suit not already in it, a flush being five different ranks; under
  the house rule :attr:`FlushWilds.ANY_RANK` it may copy a rank the suit holds, so a wild
  card in a flush is an ace and A-A-8-5-4 of a suit (the "double-ace flush") beats A-K-Q-J-9;
- in a low ranking a wild card is the best card it can be, which is the best rank not
  already held (no pair), and never a card that makes a straight or flush against the hand;
- a **bug** counts only as an ace, or as any card that completes a straight, a flush or a
  straight flush, in a high ranking; in a low ranking it is fully wild (the lowest card the
  hand lacks), as lowball plays the joker;
- the best five of any number of cards play, as for natural hands.

How it is fast: a hand's key (see :mod:`studspec.engine._tables`) is summed from a per-spec
key list in which a wild card adds one unit of a field above the natural fields and nothing
else. A hand without a wild card is then valued exactly as the natural ranking values it,
for the same cost; one with wild cards looks up the natural cards' rank multiset and the
number of wild cards in a lazily filled table, and only when a suit could make a flush,
that suit's rank mask and the number of wild cards in another.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, unique
from functools import lru_cache
from itertools import combinations

from ._tables import (
    CARD_KEYS,
    CATEGORY_SHIFT,
    FLUSH,
    FLUSH_BITS,
    FLUSH_FLAGS,
    RANK_MASK,
    RANK_ONE,
    REMOVE_ONE_UP_TO,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SUIT_BIAS,
    SUIT_FIELD_BITS,
    SUIT_SHIFT,
    FlushTable,
    RankTable,
    counts_of,
    five_card_keys,
    pack,
)
from .cards import FIRST_JOKER, JOKERS, Card, Rank
from .evaluation import FlushRule, Ranking

__all__ = ["FlushWilds", "JokerPlay", "WildRanking", "WildSpec", "wild_ranking"]

WILD_SHIFT = 59
"""A wild card's key is one unit at this bit, above every natural field (bits 0..58)."""
WILD_UNIT = 1 << WILD_SHIFT
NATURAL_MASK = WILD_UNIT - 1
"""Selects the natural cards' part of a hand key."""

_FREE_SHIFT = 39  # a rank-table key: natural rank counts (bits 0..38), then the free cards
_MASK_FREE_SHIFT = 13  # a flush-table key: the suit's 13-bit rank mask, then the free cards
_MOST_FREE = 5  # more wild cards than five cannot all play
_SUIT_ONES = sum(1 << (SUIT_SHIFT + SUIT_FIELD_BITS * suit) for suit in range(4))
_FREE_IN_EVERY_SUIT = tuple(free * _SUIT_ONES for free in range(_MOST_FREE + 1))
"""Added to a hand key, counts ``free`` wild cards into every suit, to ask which could flush."""
_ACE_ONE = RANK_ONE[Rank.ACE]
NO_HAND = -1
"""Below every value: no flush (or straight) can be made from these cards."""


@unique
class JokerPlay(str, Enum):
    """What a joker may stand for."""

    WILD = "wild"
    """Any card at all (a joker fully wild)."""
    BUG = "bug"
    """In a high ranking, an ace or a card that completes a straight, a flush or a straight
    flush (Robert's Rules' bug); in a low ranking, fully wild."""


@unique
class FlushWilds(str, Enum):
    """What a wild card may stand for in a flush (``wild.flush``)."""

    DISTINCT_RANKS = "distinct-ranks"
    """A rank of the suit not already held: a flush is five different ranks (the default)."""
    ANY_RANK = "any-rank"
    """Any rank, a copy of one held included: a wild card in a flush plays as an ace, and
    a double-ace flush beats an ace-king flush (a house rule Robert's Rules names)."""


@dataclass(frozen=True)
class WildSpec:
    """Which cards are wild for one hand: whole ranks, and how the jokers play.

    Jokers are always wild in some way (``jokers`` says which); ``ranks`` are the ranks every
    card of which is wild (for a player-only rule such as "the lowest down card and its rank",
    build that player's spec). The default, ``WildSpec()``, makes only jokers wild.
    """

    ranks: frozenset[Rank] = frozenset()
    jokers: JokerPlay = JokerPlay.WILD
    flush: FlushWilds = FlushWilds.DISTINCT_RANKS
    cards: frozenset[Card] = frozenset()
    """Single cards wild besides the ranks (the queen of spades; one-eyed jacks)."""
    barred: frozenset[Rank] = frozenset()
    """Ranks a wild card may not stand for (the Good, the Bad and the Ugly: the rank thrown
    out of every hand, and the rank that kills, so no straight through them)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", frozenset(Rank(rank) for rank in self.ranks))
        if self.barred:
            object.__setattr__(self, "barred", frozenset(Rank(rank) for rank in self.barred))
        if any(not 0 <= card < FIRST_JOKER for card in self.cards):
            raise ValueError(f"single wild cards are cards of the 52, not {sorted(self.cards)}")
        object.__setattr__(self, "cards", frozenset(Card(card) for card in self.cards))
        object.__setattr__(self, "jokers", JokerPlay(self.jokers))
        object.__setattr__(self, "flush", FlushWilds(self.flush))

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild under this spec (every joker is)."""
        return card >= FIRST_JOKER or card >> 2 in self.ranks or card in self.cards

    def naturals(self, cards: Iterable[Card]) -> list[Card]:
        """The cards that are not wild, in their order (e.g. a board valued by natural cards)."""
        return [card for card in cards if not self.is_wild(card)]

    def wilds(self, cards: Iterable[Card]) -> list[Card]:
        """The cards that are wild, in their order."""
        return [card for card in cards if self.is_wild(card)]


class _WildRankTable(dict[int, int]):
    """Best value of a natural rank multiset completed by ``free`` wild cards, flushes aside.

    The key is ``rank counts | free << 39``. With no free card it is the natural table's
    value. Otherwise, when all the cards fit in five, the best of giving one wild card each
    of the 13 ranks (a copy of a held rank included: that is how five of a kind comes);
    when they do not, the best hand leaves a natural card out (a wild card is worth at least
    any natural card it replaces), so the best of the multisets one card smaller, or of the
    fives directly for big hands, as :class:`~studspec.engine._tables.RankTable` does.
    ``ones`` are the ranks a wild card may take: on a stripped deck only those it holds.
    """

    __slots__ = ("_natural", "_ones")

    def __init__(self, natural: RankTable, ones: Sequence[int] = RANK_ONE) -> None:
        super().__init__()
        self._natural = natural
        self._ones = tuple(ones)
        """A wild card's choices: one of each rank it may stand for (those the deck holds, none
        an indicator barred)."""

    def __missing__(self, key: int) -> int:
        free, ranks = key >> _FREE_SHIFT, key & RANK_MASK
        counts = counts_of(ranks)
        size = sum(counts)
        if free == 0:
            value = self._natural[ranks]
        elif size + free <= 5:
            less = (free - 1) << _FREE_SHIFT
            value = max(self[(ranks + one) | less] for one in self._ones)
        elif size <= REMOVE_ONE_UP_TO:
            more = free << _FREE_SHIFT
            value = max(self[(ranks - RANK_ONE[r]) | more] for r in range(13) if counts[r])
        else:
            more = free << _FREE_SHIFT
            value = max([self[five | more] for five in five_card_keys(counts, 5 - free)])
        self[key] = value
        return value


class _WildFlushTable(dict[int, int]):
    """Best flush or straight flush of one suit's natural ranks and ``free`` wild cards.

    The key is ``rank mask | free << 13``. A flush is five different ranks, so each wild card
    adds a rank the suit lacks; with no wild card left (or no rank left to add) it is the
    natural flush table's value, or :data:`NO_HAND` when the suit has fewer than five ranks.
    ``kept`` is the mask of the ranks the deck holds: on a stripped deck a wild card in a
    flush is none of the removed ranks.
    """

    __slots__ = ("_kept", "_natural")

    def __init__(self, natural: FlushTable, kept: int = 0x1FFF) -> None:
        super().__init__()
        self._natural = natural
        self._kept = kept
        """The mask of the ranks a wild card may be in a flush."""

    def __missing__(self, key: int) -> int:
        free, mask = key >> _MASK_FREE_SHIFT, key & 0x1FFF
        missing = [1 << r for r in range(13) if self._kept >> r & 1 and not mask >> r & 1]
        if free == 0 or not missing:
            value = self._natural[mask] if mask.bit_count() >= 5 else NO_HAND
        else:
            less = (free - 1) << _MASK_FREE_SHIFT
            value = max(self[(mask | bit) | less] for bit in missing)
        self[key] = value
        return value


class _CopyFlushTable(dict[int, int]):
    """Best flush or straight flush of one suit's natural ranks and ``free`` wild cards that
    may copy a held rank (:attr:`FlushWilds.ANY_RANK`), for an ace-high ranking.

    The key is ``rank mask | free << 13``. A straight flush still needs five different
    ranks (the distinct table finds it); any other flush is best with every wild card an
    ace and the suit's highest natural ranks beside them, repeats kept in the score, so
    A-A-8-5-4 scores above A-K-Q-J-9. ``rescore`` puts the flush on the ranking's scale (where
    a flush beats a full house its category is the full house's).
    """

    __slots__ = ("_distinct", "_rescore")

    def __init__(self, distinct: _WildFlushTable, rescore: Callable[[int], int]) -> None:
        super().__init__()
        self._distinct = distinct
        self._rescore = rescore

    def __missing__(self, key: int) -> int:
        free, mask = key >> _MASK_FREE_SHIFT, key & 0x1FFF
        value = self._distinct[key]
        held = [rank for rank in range(12, -1, -1) if mask >> rank & 1]
        wilds = min(free, 5)
        if wilds and len(held) + wilds >= 5:
            copies = self._rescore(pack(FLUSH, [13] * wilds + [rank + 1 for rank in held[: 5 - wilds]]))
            value = copies if copies > value else value
        self[key] = value
        return value


class _BugStraightTable(dict[int, int]):
    """Best straight of a natural rank multiset with ``free`` cards that may only complete it.

    The key is ``rank counts | free << 39``; a straight whose five ranks lack at most
    ``free`` of them is made, else :data:`NO_HAND`. The straights are read from the
    ranking's own rank table (so the wheel counts exactly where the ranking says), from the
    ranking's windows of five ranks in a row (the removed ranks of a stripped deck skipped).
    """

    __slots__ = ("_barred", "_straights")

    def __init__(
        self, natural: RankTable, windows: Sequence[frozenset[int]], barred: frozenset[Rank] = frozenset()
    ) -> None:
        super().__init__()
        scored = ((window, natural[sum(RANK_ONE[r] for r in window)]) for window in windows)
        self._straights = [(w, v) for w, v in scored if v >> CATEGORY_SHIFT == STRAIGHT]
        self._barred = frozenset(int(rank) for rank in barred)

    def __missing__(self, key: int) -> int:
        free, counts = key >> _FREE_SHIFT, counts_of(key & RANK_MASK)
        held = {r for r in range(13) if counts[r]}
        value = max(
            (v for w, v in self._straights if len(w - held) <= free and not (w - held) & self._barred),
            default=NO_HAND,
        )
        self[key] = value
        return value


@dataclass(frozen=True)
class _Tables:
    """The lazily filled wild-card tables of one ranking, shared by every spec."""

    ranks: _WildRankTable
    flushes: _WildFlushTable | None
    bug_straights: _BugStraightTable | None
    copy_flushes: _CopyFlushTable | None
    """The flushes of :attr:`FlushWilds.ANY_RANK`, for a high ranking with the ace high."""


_TABLES: dict[tuple[Ranking, frozenset[Rank]], _Tables] = {}


def _tables_of(ranking: Ranking, barred: frozenset[Rank] = frozenset()) -> _Tables:
    """The ranking's wild-card tables for wild cards barred from ``barred``, made on first
    use (a ranking hashes by identity). A wild card that may copy a held rank in a flush
    plays as an ace there, so with a rank barred the flushes are the distinct ones."""
    tables = _TABLES.get((ranking, barred))
    if tables is None:
        flush_table = ranking.flush_table
        counts_flushes = flush_table is not None and not ranking.low
        kept = [rank for rank in ranking.kept if rank not in barred]  # a wild card is none of these
        flushes = (
            _WildFlushTable(flush_table, sum(1 << r for r in kept))
            if counts_flushes and flush_table is not None
            else None
        )
        straights = ranking.straights and not ranking.low
        copies = flushes is not None and not ranking.ace_low and not barred
        tables = _Tables(
            _WildRankTable(ranking.rank_table, [RANK_ONE[r] for r in kept]),
            flushes,
            _BugStraightTable(ranking.rank_table, ranking.straight_windows, barred) if straights else None,
            _CopyFlushTable(flushes, ranking.rescore) if copies and flushes is not None else None,
        )
        _TABLES[(ranking, barred)] = tables
    return tables


@dataclass(frozen=True)
class WildRanking:
    """A natural ranking with wild cards: values on the ranking's scale, larger better.

    Build it with :func:`wild_ranking` (cached). It reads like a :class:`Ranking` (``name``,
    ``low``, ``value``, ``describe``, ``best_five``, ``odd_chip_key``, ``card_order``,
    ``qualifies``), so a rule book's share can hold either.
    """

    ranking: Ranking
    spec: WildSpec
    _key_of: Callable[[int], int] = field(init=False, repr=False, compare=False)
    _suit_bits: tuple[Callable[[int], int], ...] = field(init=False, repr=False, compare=False)
    _bugs: bool = field(init=False, repr=False, compare=False)
    _flush_rule: FlushRule | None = field(init=False, repr=False, compare=False)
    _by_ranks: RankTable = field(init=False, repr=False, compare=False)
    _wild_ranks: _WildRankTable = field(init=False, repr=False, compare=False)
    _wild_flushes: _WildFlushTable | _CopyFlushTable | None = field(init=False, repr=False, compare=False)
    _bug_straights: _BugStraightTable | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        wild = [self.spec.is_wild(Card(card)) for card in range(FIRST_JOKER + len(JOKERS))]
        keys = [WILD_UNIT if wild[card] else CARD_KEYS[card] for card in range(len(wild))]
        suit_bits = tuple(
            [0 if wild[card] or card & 3 != suit else 1 << (card >> 2) for card in range(len(wild))]
            for suit in range(4)
        )
        bugs = self.spec.jokers is JokerPlay.BUG and not self.ranking.low
        tables = _tables_of(self.ranking, self.spec.barred)
        derived = (("_key_of", keys.__getitem__), ("_suit_bits", tuple(bits.__getitem__ for bits in suit_bits)),
                   ("_bugs", bugs), ("_flush_rule", self.ranking.flush_rule),
                   ("_by_ranks", self.ranking.rank_table), ("_wild_ranks", tables.ranks),
                   ("_wild_flushes", self._flush_table(tables)), ("_bug_straights", tables.bug_straights))  # fmt: skip
        for name, value in derived:
            object.__setattr__(self, name, value)

    def _flush_table(self, tables: _Tables) -> _WildFlushTable | _CopyFlushTable | None:
        """The flushes this spec plays: of different ranks, or with copies (``any-rank``)."""
        if self.spec.flush is FlushWilds.ANY_RANK and tables.copy_flushes is not None:
            return tables.copy_flushes
        return tables.flushes

    def __reduce__(self) -> tuple[Callable[[Ranking, WildSpec], WildRanking], tuple[Ranking, WildSpec]]:
        """Pickle as the ranking and the spec: a copy rebuilds its keys and shares the tables."""
        return wild_ranking, (self.ranking, self.spec)

    # -- values ---------------------------------------------------------------------------

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best hand of up to five cards among ``cards``, wild cards played.

        Any number of distinct cards from one upward (a board too). Without a wild card it
        is exactly ``ranking.value(cards)``.
        """
        key = sum(map(self._key_of, cards), SUIT_BIAS)
        if key < WILD_UNIT:
            if key & FLUSH_BITS and self._flush_rule is not None:
                return self._flush_rule(cards, key)
            return self._by_ranks[key & RANK_MASK]
        return self._wild_value(cards, key)

    def _wild_value(self, cards: Sequence[Card], key: int) -> int:
        """The value of a hand holding wild cards (``key`` counts them above the naturals)."""
        wilds, natural = key >> WILD_SHIFT, key & NATURAL_MASK
        if self._bugs:
            bugs = cards.count(JOKERS[0]) + cards.count(JOKERS[1])
            if bugs:
                return self._bug_value(cards, natural, wilds, bugs)
        free = wilds if wilds < _MOST_FREE else _MOST_FREE
        best = self._wild_ranks[(natural & RANK_MASK) | free << _FREE_SHIFT]
        if self._wild_flushes is not None:
            suited = natural + _FREE_IN_EVERY_SUIT[free]
            if suited & FLUSH_BITS:
                best = self._with_flushes(cards, suited, free, best)
        return best

    def _bug_value(self, cards: Sequence[Card], natural: int, wilds: int, bugs: int) -> int:
        """The value of a high hand holding a bug: the best of the bug as an ace (rank
        multiset), as a card completing a straight, and as a card completing a flush."""
        ranks = natural & RANK_MASK
        full = wilds - bugs if wilds - bugs < _MOST_FREE else _MOST_FREE
        best = self._wild_ranks[(ranks + bugs * _ACE_ONE) | full << _FREE_SHIFT]
        free = wilds if wilds < _MOST_FREE else _MOST_FREE
        if self._bug_straights is not None:
            straight = self._bug_straights[ranks | free << _FREE_SHIFT]
            best = straight if straight > best else best
        if self._wild_flushes is not None:
            suited = natural + _FREE_IN_EVERY_SUIT[free]
            if suited & FLUSH_BITS:
                best = self._with_flushes(cards, suited, free, best)
        return best

    def rank_value(self, cards: Sequence[Card]) -> int:
        """The value of the best hand among ``cards`` that is no flush, wild cards played
        (a bug as an ace or completing a straight): what :mod:`.double_deck` reads before
        valuing its flushes itself, a card held twice counting twice. Bugs that would make a
        sixth ace play no part (five aces are the best hand)."""
        key = sum(map(self._key_of, cards))
        ranks, wilds = key & RANK_MASK, key >> WILD_SHIFT
        if not wilds:
            return self._by_ranks[ranks]
        free = wilds if wilds < _MOST_FREE else _MOST_FREE
        bugs = cards.count(JOKERS[0]) + cards.count(JOKERS[1]) if self._bugs else 0
        if not bugs:
            return self._wild_ranks[ranks | free << _FREE_SHIFT]
        aces = min(bugs, max(0, 5 - counts_of(ranks)[Rank.ACE]))
        full = min(wilds - bugs, _MOST_FREE)
        best = self._wild_ranks[(ranks + aces * _ACE_ONE) | full << _FREE_SHIFT]
        if self._bug_straights is not None:
            straight = self._bug_straights[ranks | free << _FREE_SHIFT]
            best = straight if straight > best else best
        return best

    def _with_flushes(self, cards: Sequence[Card], suited: int, free: int, best: int) -> int:
        """``best``, or a better flush of a suit whose natural cards and ``free`` wild cards
        number five or more (``suited`` has their suit fields; high rankings only, where a
        flush counts for the hand)."""
        flushes = self._wild_flushes
        assert flushes is not None
        for suit, flag in enumerate(FLUSH_FLAGS):
            if suited & flag:
                mask = sum(map(self._suit_bits[suit], cards))
                flush = flushes[mask | free << _MASK_FREE_SHIFT]
                best = flush if flush > best else best
        return best

    # -- reading values and the cards that play (showdown only) ----------------------------

    @property
    def name(self) -> str:
        """The natural ranking's name: a wild card changes what a hand holds, not the ranking."""
        return self.ranking.name

    @property
    def low(self) -> bool:
        """Whether the lower hand wins (the natural ranking's)."""
        return self.ranking.low

    @property
    def ace_low(self) -> bool:
        """Whether the ace ranks low (the natural ranking's)."""
        return self.ranking.ace_low

    def describe(self, value: int) -> str:
        """Words for a value, as the natural ranking says them ("five of a kind, aces" too)."""
        return self.ranking.describe(value)

    def card_order(self, card: Card) -> tuple[int, int]:
        """(rank, suit) of a natural card in the ranking's order; a wild card is below all."""
        return (-1, -1) if self.spec.is_wild(card) else self.ranking.card_order(card)

    def qualifies(self, hand: int | Sequence[Card], qualifier: int) -> bool:
        """Whether a low is good enough for a qualified share, wild cards played."""
        if isinstance(hand, Card):
            raise TypeError("pass the hand's value or its cards, not a single card")
        return self.ranking.qualifies(hand if isinstance(hand, int) else self.value(hand), qualifier)

    def best_five(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The (up to) five held cards that make ``value(cards)``: natural cards first,
        highest first, then the wild cards.

        Without a wild card, the natural ranking's choice. With wild cards, among the fives
        worth the value, the one whose natural cards rank highest (card by card, suit last),
        so the odd chip reads the highest natural card that plays. Enumerates combinations.
        """
        cards = tuple(cards)
        if len(set(cards)) != len(cards):
            raise ValueError(f"the same card twice in {[str(c) for c in cards]}")
        if not any(map(self.spec.is_wild, cards)):
            return self.ranking.best_five(cards)
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
        """(rank, suit) of the highest natural card of ``best_five(cards)`` (WSOP-L 149).

        A wild card has no suit of its own, so it never wins an odd chip by suit; a five
        made only of wild cards has the lowest key, ``(-1, -1)``.
        """
        if not any(map(self.spec.is_wild, cards)):
            return self.ranking.odd_chip_key(cards)
        five = self.best_five(cards)
        return self._order_for(self.value(cards))(five[0])

    def _order_for(self, value: int) -> Callable[[Card], tuple[int, int]]:
        """How the cards of a hand worth ``value`` rank for the odd chip: in a five-high
        straight (the wheel) the ace is a one; a wild card is below every natural card."""
        top = self.ranking.wheel_top
        five_high = value >> CATEGORY_SHIFT in (STRAIGHT, STRAIGHT_FLUSH) and (value >> 16) & 0xF == top
        wheel = self.ranking.wheel and five_high

        def order(card: Card) -> tuple[int, int]:
            if self.spec.is_wild(card):
                return (-1, -1)
            rank, suit = self.ranking.card_order(card)
            return (-1 if wheel and card >> 2 == Rank.ACE else rank), suit

        return order


@lru_cache(maxsize=1024)
def wild_ranking(ranking: Ranking, spec: WildSpec) -> WildRanking:
    """The evaluator of ``ranking`` under ``spec`` (cached: build it once, value many hands)."""
    return WildRanking(ranking, spec)
