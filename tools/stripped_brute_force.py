"""Brute force for stripped decks: every five cards, every wild substitution, against the evaluator.

Written from the rules of docs/rules.md D5, not from :mod:`studspec.engine.evaluation`: a
straight is five ranks in a row among the ranks the deck holds (the ace also below the
lowest of them, in high poker), a wild card stands for any card the deck holds, a bug for an
ace or a card that completes a straight or a flush, and a flush may beat a full house. Each
random hand of the stripped deck (with and without wild cards and jokers) is valued both
ways, and the two orders of the hands must agree exactly (equal keys, equal values; better
keys, larger values).

    python -m tools.stripped_brute_force --hands 100000     # each case; the figures on one line each

The test suite runs a smaller sample (tests/rules/test_stripped_deck.py).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise

from studspec.engine.cards import CARDS, JOKERS, Card, Rank, format_cards
from studspec.engine.evaluation import RANKINGS
from studspec.engine.wild_ranking import JokerPlay, WildSpec, wild_ranking
from tools.brute_force_cases import run_cases

Key = tuple[int, tuple[int, ...]]
STRAIGHT, FLUSH, FULL_HOUSE, STRAIGHT_FLUSH = 4, 5, 6, 8
ACE = 12


@dataclass(frozen=True)
class Case:
    """One ranking on one stripped deck, with the wild cards its hands may hold."""

    ranking: str
    removed: frozenset[int]
    spec: WildSpec | None

    @property
    def low(self) -> bool:
        return RANKINGS[self.ranking].low

    @property
    def name(self) -> str:
        wild = "natural" if self.spec is None else _spec_name(self.spec)
        return f"{self.ranking} without {''.join('23456789TJQKA'[r] for r in sorted(self.removed))}, {wild}"


def _spec_name(spec: WildSpec) -> str:
    ranks = "".join("23456789TJQKA"[r] for r in sorted(spec.ranks))
    return f"{ranks + 's wild, ' if ranks else ''}jokers {spec.jokers.value}"


def order_of(ranking: str, kept: Sequence[int]) -> list[int]:
    """The ranks the deck holds, lowest first, in the ranking's order (the ace first where it is low)."""
    ace_low = ranking in ("ace-to-five-low", "ace-to-six-low")
    return sorted(kept, key=lambda r: -1 if ace_low and r == ACE else r)


def naive(ranks: tuple[int, ...], flush: bool, ranking: str, kept: tuple[int, ...]) -> tuple[Key, bool]:
    """Category and tie-break of five ranks the obvious way, larger better for high hands
    (lows are turned over by :func:`best_of_five`), and whether the five are a straight or a
    flush (what a bug that is not an ace may complete)."""
    order = order_of(ranking, kept)
    place = {rank: index for index, rank in enumerate(order)}
    by_count = sorted(Counter(ranks).items(), key=lambda item: (item[1], place[item[0]]), reverse=True)
    shape = [count for _, count in by_count] + [0]
    tie = tuple(place[rank] for rank, _ in by_count)
    straights = ranking != "ace-to-five-low"
    flush = flush and straights
    straight = None
    if straights and len(set(ranks)) == 5:
        spots = sorted(place[rank] for rank in ranks)
        if spots[4] - spots[0] == 4:
            straight = spots[4]
        elif ranking in ("high", "high-flush-over-full-house") and sorted(ranks) == sorted((*order[:4], ACE)):
            straight = 3  # the wheel: the ace below the four lowest ranks, topped by the fourth
    return _category(shape, tie, straight, flush, ranking), straight is not None or flush


def _category(shape: list[int], tie: tuple[int, ...], straight: int | None, flush: bool, ranking: str) -> Key:
    flush_rank = FULL_HOUSE if ranking == "high-flush-over-full-house" else FLUSH
    house_rank = FLUSH if ranking == "high-flush-over-full-house" else FULL_HOUSE
    if shape[0] == 5:
        return 9, tie
    if straight is not None and flush:
        return STRAIGHT_FLUSH, (straight,)
    if shape[0] == 4:
        return 7, tie
    if shape[:2] == [3, 2]:
        return house_rank, tie
    if flush:
        return flush_rank, tuple(sorted(tie, reverse=True))
    if straight is not None:
        return STRAIGHT, (straight,)
    return {3: 3, 2: 2 if shape[1] == 2 else 1, 1: 0}[shape[0]], tie


@cache
def best_of_five(
    naturals: tuple[int, ...], suited: bool, wilds: int, bugs: int, ranking: str, kept: tuple[int, ...]
) -> Key:
    """The best key of one five: its natural ranks, whether they share a suit, and each wild
    card and bug as every rank the deck holds (a bug only as an ace unless it completes a
    straight or a flush); lows take the least bad."""
    best: Key | None = None
    low = RANKINGS[ranking].low
    for extra in combinations_with_replacement(kept, wilds):
        for bugged in combinations_with_replacement(kept, bugs):
            ranks = naturals + extra + bugged
            distinct = len(set(ranks)) == len(ranks)
            for flush in (False, True) if suited and distinct and (wilds or bugs) else (suited and distinct,):
                key, made = naive(ranks, flush, ranking, kept)
                if bugs and not low and any(r != ACE for r in bugged) and not made:
                    continue  # the bug stands for what the bug rule forbids
                if low:
                    key = (-key[0], tuple(-r for r in key[1]))
                if best is None or key > best:
                    best = key
    assert best is not None
    return best


def best_key(case: Case, hand: Sequence[Card]) -> Key:
    """The best key of a hand: every five of its cards (fewer: the hand itself)."""
    kept = tuple(r for r in range(13) if r not in case.removed)
    spec = case.spec
    bugs_play = spec is not None and spec.jokers is JokerPlay.BUG and not case.low
    keys = []
    for five in combinations(hand, min(5, len(hand))):
        wild = [c for c in five if spec is not None and spec.is_wild(c)]
        naturals = [c for c in five if c not in wild]
        bugs = sum(c in JOKERS for c in wild) if bugs_play else 0
        suited = len(five) == 5 and len({c & 3 for c in naturals}) <= 1
        ranks = tuple(sorted(c >> 2 for c in naturals))
        keys.append(best_of_five(ranks, suited, len(wild) - bugs, bugs, case.ranking, kept))
    return max(keys)


def random_hands(case: Case, count: int, seed: str) -> list[list[Card]]:
    """Hands of 5 to 7 cards of the stripped deck, 0 to 2 of them wild; a quarter from two
    suits and a sixth from few ranks, so flushes, straight flushes and full houses occur."""
    rng = random.Random(seed)
    deck = [c for c in CARDS if c >> 2 not in case.removed]
    spec = case.spec
    wild_pool = [c for c in (*deck, *JOKERS) if spec is not None and spec.is_wild(c)]
    naturals = [c for c in deck if c not in wild_pool]
    few = sorted({c >> 2 for c in naturals})[-5:]
    pools = (naturals, [c for c in naturals if c & 3 >= 2], [c for c in naturals if c >> 2 in few])
    hands = []
    for index in range(count):
        pool = pools[1 if index % 4 == 1 else 2 if index % 6 == 3 else 0]
        size, wilds = rng.choice((5, 6, 7, 7)), min(rng.randint(0, 2), len(wild_pool))
        hands.append(rng.sample(wild_pool, wilds) + rng.sample(pool, size - wilds))
    return hands


def disagreements(case: Case, hands: Sequence[Sequence[Card]]) -> list[str]:
    """Where the evaluator orders two hands otherwise than the brute force (empty: none)."""
    natural = RANKINGS[case.ranking].without(case.removed)
    evaluator = natural if case.spec is None else wild_ranking(natural, case.spec)
    first: dict[tuple[Key, int], int] = {}
    for index, hand in enumerate(hands):
        first.setdefault((best_key(case, hand), evaluator.value(hand)), index)
    found = []
    for (key_a, value_a), (key_b, value_b) in pairwise(sorted(first)):
        if not (value_a == value_b if key_a == key_b else value_a < value_b):
            a, b = (format_cards(hands[first[pair]]) for pair in ((key_a, value_a), (key_b, value_b)))
            found.append(f"{case.name}: {a} ({value_a}, {key_a}) vs {b} ({value_b}, {key_b})")
    return found


MEXICAN = frozenset({6, 7, 8})
SHORT_DECK = frozenset({0, 1, 2, 3})
CASES = (
    Case("high", MEXICAN, None),
    Case("high-flush-over-full-house", MEXICAN, None),
    Case("high-flush-over-full-house", MEXICAN, WildSpec(jokers=JokerPlay.WILD)),
    Case("high-flush-over-full-house", MEXICAN, WildSpec(jokers=JokerPlay.BUG)),
    Case("high", SHORT_DECK, WildSpec(frozenset({Rank.SIX}), JokerPlay.BUG)),
    Case("deuce-to-seven-low", MEXICAN, None),
    Case("ace-to-six-low", frozenset({3, 7}), WildSpec(jokers=JokerPlay.WILD)),
    Case("ace-to-five-low", SHORT_DECK, WildSpec(jokers=JokerPlay.WILD)),
)
"""Mexican Poker's deck (no 8, 9, T) naturally, with a wild joker and with the bug; short
deck (no 2 to 5) with sixes wild and the bug, for the A-6-7-8-9 wheel; lows on stripped decks."""


def main(argv: Sequence[str] | None = None) -> int:
    return run_cases(__doc__.split("\n", 1)[0], CASES, random_hands, disagreements, argv)


if __name__ == "__main__":
    sys.exit(main())
