"""Brute force for the issue 26 rankings: badugi (aces low and high), ace-to-five high, soko and points.

Written from the rules of docs/rules.md V18-V20 and V22, not from the engine's modules (a
points total, the football hand's, from each card's text); a badugi is
found by trying every set of the hand's cards (the largest set of different suits and
different ranks, then the lowest highest card, and so on, aces low); ace-to-five high and
soko by valuing every five cards of the hand the obvious way (counting ranks, looking for
four of a suit and four or five in a row) and keeping the best. Random hands of 5, 6 and 7
cards (some drawn from two suits, a few ranks, or six ranks in a row, so that conflicts of
suits, pairs and runs are common) are valued both ways, and the two orders of the hands
must agree exactly (equal keys, equal values; better keys, larger values).

    python -m tools.ranking_brute_force --hands 100000     # per ranking and hand size

The test suite runs a smaller sample (tests/rules/test_more_rankings.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from typing import Protocol

from studspec.engine.ace_to_five_high import ACE_TO_FIVE_HIGH
from studspec.engine.badugi import BADUGI, BADUGI_ACE_HIGH
from studspec.engine.cards import CARDS, Card, format_cards
from studspec.engine.shares import Holding, PointsShare
from studspec.engine.soko import SOKO

Key = tuple[int, ...]


def _rank(card: Card, ace_low: bool) -> int:
    """A card's rank number: deuce 2 .. ace 14, or ace 1 .. king 13 where the ace is low."""
    rank = (card >> 2) + 2
    return 1 if ace_low and rank == 14 else rank


def badugi_key(cards: Sequence[Card], ace_low: bool = True) -> Key:
    """Every set of the cards with no suit and no rank twice; the most cards, then the lowest
    highest card, then the next (bigger key better)."""
    best: Key = ()
    for size in range(1, min(4, len(cards)) + 1):
        for group in combinations(cards, size):
            ranks = [_rank(card, ace_low) for card in group]
            if len(set(ranks)) < size or len({card & 3 for card in group}) < size:
                continue
            key = (size, *(-rank for rank in sorted(ranks, reverse=True)))
            best = max(best, key)
    return best


def _grouped(ranks: Sequence[int]) -> tuple[list[int], list[int]]:
    """The counts of the ranks, biggest first, and the ranks in the order they compare."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return [counts[rank] for rank in order], order


_A5_CLASSES = ([1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1])
"""The hand classes of ace-to-five, best first: no pair, a pair, two pair, trips, full house, quads."""


def ace_to_five_high_five(five: Sequence[Card]) -> Key:
    """Five cards under ace-to-five high: the class (no pair best), then the ranks, highest
    first, the ace low."""
    shape, order = _grouped([_rank(card, True) for card in five])
    return (-_A5_CLASSES.index(shape), *order)


def _run_top(ranks: set[int], length: int) -> int:
    """The top rank of the highest run of ``length`` ranks in a row (the ace also below the
    deuce, where the run's top is then its highest other card); 0 for none."""
    for top in range(14, length, -1):
        if all(rank in ranks for rank in range(top - length + 1, top + 1)):
            return top
    if all(rank in ranks for rank in (14, *range(2, length + 1))):
        return length
    return 0


def soko_five(five: Sequence[Card]) -> Key:
    """Five cards under soko: high poker's classes with the four-straight (2) and the
    four-flush (3) between a pair (1) and two pair (4)."""
    ranks = [_rank(card, False) for card in five]
    shape, order = _grouped(ranks)
    suits = Counter(card & 3 for card in five)
    flush = len(suits) == 1
    straight = _run_top(set(ranks), 5) if len(set(ranks)) == 5 else 0
    if straight and flush:
        return (10, straight)
    if shape[0] == 4:
        return (9, *order)
    if shape[:2] == [3, 2]:
        return (8, *order)
    if flush:
        return (7, *order)
    if straight:
        return (6, straight)
    if shape[0] == 3:
        return (5, *order)
    if shape[:2] == [2, 2]:
        return (4, *order)
    suit, most = suits.most_common(1)[0]
    if most == 4:
        suited = sorted((r for r, c in zip(ranks, five) if c & 3 == suit), reverse=True)
        return (3, *suited, *(r for r, c in zip(ranks, five) if c & 3 != suit))
    run = _run_top(set(ranks), 4)
    if run:
        window = set(range(run - 3, run + 1)) if run > 4 else {14, 2, 3, 4}
        rest = list(ranks)
        for rank in window:
            rest.remove(rank)
        return (2, run, *rest)
    return (1 if shape[0] == 2 else 0, *order)


def best_of_fives(score: Callable[[Sequence[Card]], Key]) -> Callable[[Sequence[Card]], Key]:
    """The best key of any five of the cards."""

    def best(cards: Sequence[Card]) -> Key:
        return max(score(five) for five in combinations(cards, 5))

    return best


FOOTBALL = {"A": 1, "2": 2, "3": 3, "6": 6}
"""Oakland Raiders' football points (docs/rules.md V22)."""


def football_key(cards: Sequence[Card]) -> Key:
    """The football total read from each card's text (``6s``: a six, 6 points)."""
    return (sum(FOOTBALL.get(str(card)[0], 0) for card in cards),)


class PointsValue:
    """The engine's most-points share as the settlement calls it, valued like a ranking."""

    def __init__(self, points: dict[str, int]) -> None:
        self.share = PointsShare("most-points").scoring(points)

    def value(self, cards: Sequence[Card]) -> int:
        return self.share.score(Holding(tuple(cards), ())) or 0


class Valued(Protocol):
    def value(self, cards: Sequence[Card]) -> int: ...


REFERENCES: dict[str, tuple[Valued, Callable[[Sequence[Card]], Key]]] = {
    "badugi": (BADUGI, badugi_key),
    "badugi-ace-high": (BADUGI_ACE_HIGH, lambda cards: badugi_key(cards, ace_low=False)),
    "ace-to-five-high": (ACE_TO_FIVE_HIGH, best_of_fives(ace_to_five_high_five)),
    "soko": (SOKO, best_of_fives(soko_five)),
    "most-points": (PointsValue(FOOTBALL), football_key),
}
"""Each ranking, and the brute force it is checked against."""


def random_hands(count: int, size: int, seed: str) -> list[list[Card]]:
    """``count`` hands of ``size`` cards; every other hand from a narrow pool (two suits, five
    ranks, or six ranks in a row), so badugis clash, pairs and four-flushes and runs are common."""
    rng = random.Random(seed)
    hands = []
    for index in range(count):
        kind = index % 8
        if kind == 1:
            suits = rng.sample(range(4), 2)
            pool = [c for c in CARDS if c & 3 in suits]
        elif kind == 3:
            ranks = rng.sample(range(13), 5)
            pool = [c for c in CARDS if c >> 2 in ranks]
        elif kind in (5, 7):
            low = rng.randrange(-1, 8)
            pool = [c for c in CARDS if (c >> 2) in {r % 13 for r in range(low, low + 6)}]
        else:
            pool = list(CARDS)
        hands.append(rng.sample(pool, size))
    return hands


def disagreements(name: str, hands: Sequence[Sequence[Card]], ranking: Valued | None = None) -> list[str]:
    """Where the ranking (the registered one unless given) orders two hands otherwise than the
    brute force (empty: none)."""
    engine, reference = REFERENCES[name]
    evaluator = engine if ranking is None else ranking
    first: dict[tuple[Key, int], int] = {}
    for index, hand in enumerate(hands):
        first.setdefault((reference(hand), evaluator.value(hand)), index)
    found = []
    for (key_a, value_a), (key_b, value_b) in pairwise(sorted(first)):
        if not (value_a == value_b if key_a == key_b else value_a < value_b):
            a, b = (format_cards(hands[first[pair]]) for pair in ((key_a, value_a), (key_b, value_b)))
            found.append(f"{name}: {a} ({value_a}, {key_a}) vs {b} ({value_b}, {key_b})")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands per ranking and hand size")
    parser.add_argument("--ranking", choices=sorted(REFERENCES), action="append", help="only these (repeatable)")
    args = parser.parse_args(argv)
    failed = 0
    for name in args.ranking or list(REFERENCES):
        for size in (5, 6, 7):
            start = time.perf_counter()
            hands = random_hands(args.hands, size, f"{name}/{size}")
            found = disagreements(name, hands)
            failed += len(found)
            seconds = time.perf_counter() - start
            print(f"{name}, {size} cards: {len(hands)} hands, {len(found)} disagreements, {seconds:.1f} s")
            for line in found[:5]:
                print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
