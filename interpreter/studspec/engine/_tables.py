"""Card keys and the lazily filled tables behind :mod:`studspec.engine.evaluation`.

Every card has an integer key. Adding up the keys of a hand gives one integer that holds,
in separate bit fields, how many cards of each rank and how many of each suit the hand
has; no field can carry into the next, so the sum is the same in any card order and takes
one ``sum()`` to compute. The rank part of that sum names the hand's rank multiset, which
is all that matters unless a suit has five or more cards; that rarer case is settled by
the 13-bit mask of the flush suit's ranks. Both are looked up in dicts that compute a
missing entry once and then keep it, so importing costs nothing and a warm lookup is one
dict access.

Layout of a key (low bits first)::

    bits  0..38   13 rank fields of 3 bits: how many cards of each rank (deuce first)
    bits 39..58   4 suit fields of 5 bits: how many cards of each suit (clubs first)

A hand's key is summed from :data:`SUIT_BIAS`, which starts each suit field at 11, so a
suit field reaches 16 (sets its top bit, one of :data:`FLUSH_FLAGS`) exactly when that
suit has five or more cards; 13 cards of a suit give 24, still inside the field. The
whole key stays below 2**63, which keeps ``sum()`` on its fast machine-integer path.

Scores (the "high" encoding shared by every ranking before a low ranking turns it over)::

    category << 20 | n1 << 16 | n2 << 12 | n3 << 8 | n4 << 4 | n5

where the nibbles ``n1..n5`` are the distinct ranks in the order they are compared (the
pair before its kickers, and so on), numbered 1..13 in the ranking's own order, and 0
where a short hand has no card. So a bigger score is a better high hand, across
categories too, and a hand of fewer cards loses to the same hand with more kickers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations

RANK_FIELD_BITS = 3
SUIT_SHIFT = 13 * RANK_FIELD_BITS
SUIT_FIELD_BITS = 5
_BIAS_PER_SUIT = 11  # 11 + 5 == 16: the field's top bit is set by the fifth card of a suit

RANK_MASK: int = (1 << SUIT_SHIFT) - 1
"""Selects the rank-count part of a key."""

SUIT_BIAS: int = sum(_BIAS_PER_SUIT << (SUIT_SHIFT + SUIT_FIELD_BITS * s) for s in range(4))
"""The start value for summing card keys (see the module docstring)."""

FLUSH_FLAGS: tuple[int, ...] = tuple(16 << (SUIT_SHIFT + SUIT_FIELD_BITS * s) for s in range(4))
"""``key & FLUSH_FLAGS[suit]`` is non-zero when ``suit`` has five or more cards."""

FLUSH_BITS: int = sum(FLUSH_FLAGS)
"""``key & FLUSH_BITS`` is non-zero when some suit has five or more cards."""

RANK_ONE: tuple[int, ...] = tuple(1 << (RANK_FIELD_BITS * r) for r in range(13))
"""The rank-count part of one card of each rank; subtracting it removes such a card."""

CARD_KEYS: list[int] = [RANK_ONE[c >> 2] + (1 << (SUIT_SHIFT + SUIT_FIELD_BITS * (c & 3))) for c in range(52)]
"""The key of each card, indexed by the card (a list: its ``__getitem__`` is the fastest)."""

# Categories, in the order a high hand ranks them. Rankings that ignore straights and
# flushes simply never produce those categories; the others keep their places.
HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
FIVE_OF_A_KIND = 9  # only wild cards make one (:mod:`studspec.engine.wild`); above a straight flush

CATEGORY_SHIFT = 20
NIBBLES = 5
_WHEEL = [13, 4, 3, 2, 1]  # A-5-4-3-2 in the ace-high numbering (deuce = 1)


def pack(category: int, nibbles: Sequence[int]) -> int:
    """Build a score from a category and up to five ranks in comparison order."""
    score = category
    for i in range(NIBBLES):
        score = score << 4 | (nibbles[i] if i < len(nibbles) else 0)
    return score


def unpack(score: int) -> tuple[int, list[int]]:
    """Split a score into its category and its non-zero nibbles (ranks in comparison order)."""
    nibbles = [(score >> (4 * (NIBBLES - 1 - i))) & 0xF for i in range(NIBBLES)]
    return score >> CATEGORY_SHIFT, [n for n in nibbles if n]


_SHIFTS = tuple(RANK_FIELD_BITS * r for r in range(13))


def counts_of(key: int) -> list[int]:
    """How many cards of each rank (deuce first) the rank part of ``key`` holds."""
    return [(key >> shift) & 7 for shift in _SHIFTS]


def smaller_by_one(key: int, counts: Sequence[int]) -> list[int]:
    """The rank-count keys of the multisets one card smaller than ``key`` (one per held rank)."""
    return [key - one for one, count in zip(RANK_ONE, counts) if count]


def score_small_hand(
    nibbles: Sequence[int], straights: bool, wheel: bool = True, runs: Mapping[frozenset[int], int] | None = None
) -> int:
    """Score a hand of at most five cards given by their ranks (1..13, repeats for pairs).

    This is the one place that knows the poker categories; the tables only call it on
    hands of five cards or fewer and take maxima for bigger hands. ``wheel`` says whether
    A-5-4-3-2, numbered ace high (13, 4, 3, 2, 1), is a straight: it is in high poker,
    where the ace plays at both ends, and not in deuce-to-seven, where it is only high. A
    ranking that numbers the ace 1 (ace-to-six) needs no wheel: its A-2-3-4-5 is in a row.
    ``runs``, for a stripped deck, lists every straight instead (its five nibbles to its top
    nibble): five ranks in a row among those the deck holds, the wheel included where it
    counts (:func:`straight_runs`). Five cards of one rank (wild cards only) are five of a kind.
    """
    groups = sorted(((count, nib) for nib, count in Counter(nibbles).items()), reverse=True)
    order = [nib for _, nib in groups]
    if straights and len(order) == 5:
        if runs is not None:
            top = runs.get(frozenset(order))
            if top is not None:
                return pack(STRAIGHT, [top])
        elif order[0] - order[4] == 4:
            return pack(STRAIGHT, order[:1])
        elif wheel and order == _WHEEL:  # the ace plays low: a five-high straight, the lowest one
            return pack(STRAIGHT, [4])
    first = groups[0][0]
    second = groups[1][0] if len(groups) > 1 else 0
    if first == 5:
        category = FIVE_OF_A_KIND
    elif first == 4:
        category = FOUR_OF_A_KIND
    elif first == 3:
        category = FULL_HOUSE if second >= 2 else THREE_OF_A_KIND
    elif first == 2:
        category = TWO_PAIR if second == 2 else PAIR
    else:
        category = HIGH_CARD
    return pack(category, order)


def straight_runs(kept: Sequence[int], wheel: bool) -> dict[frozenset[int], int]:
    """Every straight of a stripped deck: its five nibbles, and the top one that ranks it.

    ``kept`` are the nibbles of the ranks the deck holds, in the ranking's numbering; a
    straight is five of them in a row with the removed ranks skipped (Mexican Poker's
    7-J-Q-K-A, short-deck hold'em's 6-7-8-9-T). With ``wheel`` (high poker, the ace numbered
    13) the ace also plays below the lowest rank held, so A-2-3-4-5 (A-6-7-8-9 without the
    deuces to fives) is the lowest straight, ranked by its fourth-lowest rank.
    """
    ordered = sorted(kept)
    runs = {frozenset(ordered[i : i + 5]): ordered[i + 4] for i in range(len(ordered) - 4)}
    if wheel and ordered and ordered[-1] == 13:
        runs[frozenset((13, *ordered[:4]))] = ordered[3]
    return runs


def sub_multisets(counts: list[int], rank: int, size: int, key: int) -> Iterator[int]:
    """Rank-count keys of every ``size``-card sub-multiset of ``counts`` using ranks <= ``rank``."""
    if size == 0:
        yield key
        return
    if rank < 0:
        return
    for take in range(min(counts[rank], size), -1, -1):
        yield from sub_multisets(counts, rank - 1, size - take, key + take * RANK_ONE[rank])


REMOVE_ONE_UP_TO = 9
"""Hands of up to this many cards are valued from the multisets one card smaller (shared
between many hands, so few are new); bigger ones from their five-card sub-multisets."""
_COMBINATIONS_UP_TO = 16  # C(16, 5) = 4368 fives: itertools lists them faster than recursion


def five_card_keys(counts: Sequence[int], size: int) -> Iterable[int]:
    """The rank-count keys of the distinct ``size``-card sub-multisets of ``counts``."""
    if sum(counts) <= _COMBINATIONS_UP_TO:
        ones = [RANK_ONE[r] for r in range(13) for _ in range(counts[r])]
        return set(map(sum, combinations(ones, size)))
    return sub_multisets(list(counts), 12, size, 0)


class RankTable(dict[int, int]):
    """Value of the best hand of up to five cards for each rank multiset, filled on demand.

    Keys are the rank-count part of a hand key. A multiset of five cards or fewer is
    scored directly by ``score``; one of six to nine cards is worth the best of the
    multisets one card smaller (the best five always leave a card out), which shares the
    work between the many seven-card hands (and Baseball's eight and nine); a bigger one
    takes the best of its fives. A count may exceed four (wild cards copy held ranks).
    """

    __slots__ = ("_score",)

    def __init__(self, score: Callable[[list[int]], int]) -> None:
        super().__init__()
        self._score = score

    def __missing__(self, key: int) -> int:
        counts = counts_of(key)
        size = sum(counts)
        if size == 0:
            raise ValueError("a hand needs at least one card")
        if size <= 5:
            value = self._score(counts)
        elif size <= REMOVE_ONE_UP_TO:
            value = max([self[smaller] for smaller in smaller_by_one(key, counts)])
        else:
            # Removing one card at a time from a big hand would visit exponentially many
            # multisets (5**13 for the whole deck); the five-card ones are few (at most 6175).
            value = max([self[five] for five in five_card_keys(counts, 5)])
        self[key] = value
        return value


def flush_score(straight_score: int) -> int:
    """Turn the score of five different ranks into the score of the same ranks suited.

    A straight becomes a straight flush, anything else a flush; the ranks are kept.
    """
    category = STRAIGHT_FLUSH if straight_score >> CATEGORY_SHIFT == STRAIGHT else FLUSH
    return category << CATEGORY_SHIFT | (straight_score & ((1 << CATEGORY_SHIFT) - 1))


def _high_flush(ranks: list[int]) -> int:
    """The high-poker value of five suited ranks (deuce 0 .. ace 12): a flush or straight flush."""
    return flush_score(score_small_hand([r + 1 for r in ranks], straights=True))


class FlushTable(dict[int, int]):
    """Value of the best flush or straight flush for each 13-bit mask of one suit's ranks.

    Only asked about masks of five ranks or more; five ranks are valued by ``score`` (given
    the five rank indices, deuce 0 .. ace 12; high poker's flush unless a ranking passes its
    own), more take the best mask one rank smaller (as :class:`RankTable` does).
    """

    __slots__ = ("_score",)

    def __init__(self, score: Callable[[list[int]], int] = _high_flush) -> None:
        super().__init__()
        self._score = score

    def __missing__(self, mask: int) -> int:
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) < 5:
            raise ValueError(f"a flush needs five cards of a suit, not {len(ranks)}")
        if len(ranks) == 5:
            value = self._score(ranks)
        else:
            value = max(self[mask & ~(1 << r)] for r in ranks)
        self[mask] = value
        return value
