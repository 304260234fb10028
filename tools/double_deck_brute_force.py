"""Brute force for the double deck: every five cards, every wild substitution, against the evaluator.

Written from the rules of docs/rules.md D6, not from :mod:`studspec.engine.double_deck`: the
deck holds every card twice, so a hand may hold two identical cards (a pair), five cards of
a rank (five of a kind, above a straight flush), and five cards of a suit with a rank
repeated (a flush, ranked card by card with the repeats); a straight is five different ranks
in a row. A wild card stands for any card (its rank, and whether the five then share a
suit); in a flush under ``distinct-ranks`` it may not repeat a rank of the five, under
``any-rank`` it may; a bug stands for an ace, or for any card that completes a straight or a
flush. Each random double-deck hand (with and without wild cards and jokers) is valued both
ways, and the two orders of the hands must agree exactly (equal keys, equal values; better
keys, larger values).

    python -m tools.double_deck_brute_force --hands 100000     # each case; the figures on one line each

The test suite runs a smaller sample (tests/rules/test_double_deck.py).
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
from studspec.engine.double_deck import DoubleDeck, double_deck
from studspec.engine.evaluation import RANKINGS
from studspec.engine.wild_ranking import FlushWilds, JokerPlay, WildSpec, wild_ranking
from tools.brute_force_cases import run_cases

Key = tuple[int, tuple[int, ...]]
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_KIND = range(10)
ACE = 12
ACE_LOW = ("ace-to-five-low", "ace-to-six-low")
"""The rankings in which the ace is the lowest card."""


@dataclass(frozen=True)
class Case:
    """One ranking on a double deck, with the wild cards its hands may hold."""

    ranking: str
    spec: WildSpec | None = None
    jokers: int = 0
    """Jokers in the single deck (each twice in the double deck)."""

    @property
    def low(self) -> bool:
        return RANKINGS[self.ranking].low

    @property
    def name(self) -> str:
        if self.spec is None:
            return f"{self.ranking}, double deck, natural"
        ranks = "".join("23456789TJQKA"[r] for r in sorted(self.spec.ranks))
        wild = f"{ranks}s wild, " if ranks else ""
        jokers = f"{2 * self.jokers} jokers {self.spec.jokers.value}, " if self.jokers else ""
        return f"{self.ranking}, double deck, {wild}{jokers}flush {self.spec.flush.value}"


def _place(ranking: str, rank: int) -> int:
    """A rank's place in the ranking's order, lowest 0 (the ace first where it is low)."""
    return (rank + 1) % 13 if ranking in ACE_LOW else rank


def naive(ranks: tuple[int, ...], flush: bool, ranking: str) -> tuple[Key, bool]:
    """Category and tie-break of five ranks (repeats allowed) the obvious way, larger better
    for high hands (lows are turned over by :func:`best_of_five`), and whether the five are
    a straight or a flush (what a bug that is not an ace may complete)."""
    places = [_place(ranking, rank) for rank in ranks]
    by_count = sorted(Counter(places).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in by_count] + [0]
    tie = tuple(place for place, _ in by_count)
    counts = ranking != "ace-to-five-low"  # straights and flushes count (for or against)
    flush = flush and counts
    straight = None
    if counts and len(set(places)) == 5:
        spots = sorted(places)
        if spots[4] - spots[0] == 4:
            straight = spots[4]
        elif ranking.startswith("high") and spots == [0, 1, 2, 3, 12]:
            straight = 3  # the wheel: the ace plays below the deuce, the five on top
    return _category(shape, tie, straight, flush, places, ranking), straight is not None or flush


def _category(
    shape: list[int], tie: tuple[int, ...], straight: int | None, flush: bool, places: list[int], ranking: str
) -> Key:
    over = ranking == "high-flush-over-full-house"
    if shape[0] == 5:
        return FIVE_KIND, tie
    if straight is not None and flush:
        return STRAIGHT_FLUSH, (straight,)
    if shape[0] == 4:
        return QUADS, tie
    if shape[:2] == [3, 2]:
        return (FLUSH if over else FULL_HOUSE), tie
    if flush:  # card by card, a repeated rank kept (docs/rules.md D6)
        return (FULL_HOUSE if over else FLUSH), tuple(sorted(places, reverse=True))
    if straight is not None:
        return STRAIGHT, (straight,)
    return {3: TRIPS, 2: TWO_PAIR if shape[1] == 2 else PAIR, 1: HIGH_CARD}[shape[0]], tie


@cache
def best_of_five(naturals: tuple[int, ...], suited: bool, wilds: int, bugs: int, ranking: str, distinct: bool) -> Key:
    """The best key of one five: its natural ranks, whether they share a suit, and each wild
    card and bug as every rank (and as of the naturals' suit or not); in a flush a wild card
    repeats no rank of the five when ``distinct``; a bug is an ace unless it completes a
    straight or a flush; lows take the least bad."""
    best: Key | None = None
    low = RANKINGS[ranking].low
    for extra in combinations_with_replacement(range(13), wilds):
        for bugged in combinations_with_replacement(range(13), bugs):
            ranks = naturals + extra + bugged
            for flush in (False, True) if suited and (wilds or bugs) else (suited,):
                if flush and distinct and _repeats_a_rank(naturals, extra + bugged):
                    continue  # a wild card in a flush is a rank the five do not hold
                key, made = naive(ranks, flush, ranking)
                if bugs and not low and any(r != ACE for r in bugged) and not made:
                    continue  # the bug stands for what the bug rule forbids
                if low:
                    key = (-key[0], tuple(-r for r in key[1]))
                if best is None or key > best:
                    best = key
    assert best is not None
    return best


def _repeats_a_rank(naturals: tuple[int, ...], wilds: tuple[int, ...]) -> bool:
    """Whether some wild card's rank is the rank of another card of the five."""
    return any(rank in naturals or wilds.count(rank) > 1 for rank in wilds)


def best_key(case: Case, hand: Sequence[Card]) -> Key:
    """The best key of a hand: every five of its cards (fewer: the hand itself)."""
    spec = case.spec
    bugs_play = spec is not None and spec.jokers is JokerPlay.BUG and not case.low
    distinct = spec is None or spec.flush is FlushWilds.DISTINCT_RANKS
    keys = []
    for five in combinations(hand, min(5, len(hand))):
        wild = [c for c in five if spec is not None and spec.is_wild(c)]
        naturals = [c for c in five if not (spec is not None and spec.is_wild(c))]
        bugs = sum(c in JOKERS for c in wild) if bugs_play else 0
        suited = len(five) == 5 and len({c & 3 for c in naturals}) <= 1
        ranks = tuple(sorted(c >> 2 for c in naturals))
        keys.append(best_of_five(ranks, suited, len(wild) - bugs, bugs, case.ranking, distinct))
    return max(keys)


def random_hands(case: Case, count: int, seed: str) -> list[list[Card]]:
    """Hands of 5 to 9 cards of the double deck, 0 to 2 of them wild (when the case has wild
    cards); a quarter from one or two suits (flushes with a repeated rank), a sixth from few
    ranks (five of a kind, and more than five of a rank in the big hands)."""
    rng = random.Random(seed)
    spec = case.spec
    deck = [*CARDS, *JOKERS[: case.jokers]] * 2
    wild_pool = [c for c in deck if spec is not None and spec.is_wild(c)]
    naturals = [c for c in deck if c not in wild_pool]
    few = sorted({c >> 2 for c in naturals})[-3:]
    pools = (
        naturals,
        [c for c in naturals if c & 3 >= 2],
        [c for c in naturals if c >> 2 in few],
        [c for c in naturals if c & 3 == 3],
    )
    hands = []
    for index in range(count):
        pool = pools[1 if index % 4 == 1 else 2 if index % 6 == 3 else 3 if index % 8 == 7 else 0]
        size = rng.choice((5, 6, 7, 7, 7, 8, 9) if pool is pools[2] else (5, 6, 7, 7))
        wilds = min(rng.randint(0, 2), len(wild_pool))
        hands.append(rng.sample(wild_pool, wilds) + rng.sample(pool, size - wilds))
    return hands


def evaluator(case: Case) -> DoubleDeck:
    """The engine's double-deck evaluator for the case."""
    natural = RANKINGS[case.ranking]
    return double_deck(natural if case.spec is None else wild_ranking(natural, case.spec))


def disagreements(case: Case, hands: Sequence[Sequence[Card]], engine: DoubleDeck | None = None) -> list[str]:
    """Where the evaluator orders two hands otherwise than the brute force (empty: none)."""
    engine = evaluator(case) if engine is None else engine
    first: dict[tuple[Key, int], int] = {}
    for index, hand in enumerate(hands):
        first.setdefault((best_key(case, hand), engine.value(hand)), index)
    found = []
    for (key_a, value_a), (key_b, value_b) in pairwise(sorted(first)):
        if not (value_a == value_b if key_a == key_b else value_a < value_b):
            a, b = (format_cards(hands[first[pair]]) for pair in ((key_a, value_a), (key_b, value_b)))
            found.append(f"{case.name}: {a} ({value_a}, {key_a}) vs {b} ({value_b}, {key_b})")
    return found


BASEBALL = frozenset({Rank.THREE, Rank.NINE})
CASES = (
    Case("high"),
    Case("ace-to-five-low"),
    Case("deuce-to-seven-low"),
    Case("ace-to-six-low"),
    Case("high-flush-over-full-house"),
    Case("high", WildSpec(BASEBALL)),
    Case("high", WildSpec(frozenset({Rank.TWO}), flush=FlushWilds.ANY_RANK)),
    Case("high", WildSpec(jokers=JokerPlay.WILD), jokers=2),
    Case("high", WildSpec(jokers=JokerPlay.BUG), jokers=2),
    Case("ace-to-five-low", WildSpec(frozenset({Rank.TWO}))),
    Case("deuce-to-seven-low", WildSpec(jokers=JokerPlay.WILD), jokers=1),
)
"""High and the three lows naturally; a flush above a full house; Baseball's threes and nines,
deuces wild with the double-ace flush, two jokers (four in the double deck) wild and as the
bug; deuces wild in razz; a wild joker in deuce-to-seven."""


def main(argv: Sequence[str] | None = None) -> int:
    return run_cases(__doc__.split("\n", 1)[0], CASES, random_hands, disagreements, argv)


if __name__ == "__main__":
    sys.exit(main())
