"""How fast studspec values seven-card stud hands, and how that compares with other libraries.

The interpreter values every live hand at every showdown and every board on every street,
and simulations deal millions of hands, so the project holds itself to at least 100,000
best-of-seven high evaluations per second on one core in pure Python. This script prints:

* best-of-seven ``HIGH.value`` evaluations per second (random seeded hands, prebuilt list);
* the same for ``ACE_TO_FIVE_LOW`` (razz, and the low half of eight-or-better) and the two
  lowball rankings, ``DEUCE_TO_SEVEN_LOW`` and ``ACE_TO_SIX_LOW``;
* wild-card evaluation (:mod:`studspec.engine.wild`): seven cards holding exactly one and
  exactly two wild deuces, seven cards with a joker as the bug, and Baseball's eight and
  nine cards with threes and nines wild (as many as the deal gives);
* the rankings of issue 26 (badugi with the ace low and high, ace-to-five high, soko, and the
  most-points share, the football hand), best of
  seven, each beside treys' natural high evaluator (issue 26: none slower than a third of it)
  and studspec's own ``HIGH`` (for the record: a table look-up, which a soko four-flush cannot
  be reduced to, and a badugi only where its suits' lowest cards, or the second lowest that
  stand in for those sharing a rank, are of different ranks);
* when ``treys`` or ``pokerkit`` is importable, their seven-card evaluators timed in the
  same process on the same hands, and the ratio ("studspec is N.Nx treys"); each wild-card
  figure is set beside treys' natural seven-card figure too (issue 10: at least 1x).

The figures are *warm*: studspec fills its tables on first use, so one untimed pass comes
first (the cold pass is printed too, for the record). Each figure is the best of several
timed passes, the usual way to read through noise from the rest of the machine.

Run ``python bench/bench_evaluation.py`` (``--help`` for the knobs). Other bench scripts
can load this file with importlib and call :func:`measure_high_evals_per_second`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

try:
    from studspec.engine.ace_to_five_high import ACE_TO_FIVE_HIGH
    from studspec.engine.badugi import BADUGI, BADUGI_ACE_HIGH
    from studspec.engine.cards import CARDS, JOKERS, Card, Rank
    from studspec.engine.evaluation import ACE_TO_FIVE_LOW, ACE_TO_SIX_LOW, DEUCE_TO_SEVEN_LOW, HIGH, Ranking
    from studspec.engine.shares import Holding, PointsShare
    from studspec.engine.soko import SOKO
    from studspec.engine.wild_ranking import JokerPlay, WildSpec, wild_ranking
    from studspec.rulebook.model import Face
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interpreter"))
    from studspec.engine.ace_to_five_high import ACE_TO_FIVE_HIGH
    from studspec.engine.badugi import BADUGI, BADUGI_ACE_HIGH
    from studspec.engine.cards import CARDS, JOKERS, Card, Rank
    from studspec.engine.evaluation import ACE_TO_FIVE_LOW, ACE_TO_SIX_LOW, DEUCE_TO_SEVEN_LOW, HIGH, Ranking
    from studspec.engine.shares import Holding, PointsShare
    from studspec.engine.soko import SOKO
    from studspec.engine.wild_ranking import JokerPlay, WildSpec, wild_ranking
    from studspec.rulebook.model import Face

Hand = tuple[Card, ...]
DEFAULT_HANDS = 100_000
DEFAULT_SEED = 149
DEFAULT_REPEAT = 5
REQUIRED_HIGH_RATE = 100_000
REQUIRED_HIGH_VS_TREYS = 10.0
REQUIRED_WILD_VS_TREYS = 1.0
REQUIRED_RANKING_VS_TREYS = 1 / 3
"""Issue 26: no ranking evaluates slower than a third of the natural high evaluator (treys')."""
MORE_RANKINGS: tuple[Ranking, ...] = (BADUGI, BADUGI_ACE_HIGH, ACE_TO_FIVE_HIGH, SOKO)
DEUCES_WILD = WildSpec(frozenset({Rank.TWO}))
BASEBALL = WildSpec(frozenset({Rank.THREE, Rank.NINE}))
BUG = WildSpec(jokers=JokerPlay.BUG)


def random_hands(count: int, seed: int = DEFAULT_SEED, size: int = 7) -> list[Hand]:
    """``count`` seeded random hands of ``size`` distinct cards, built before any timing."""
    rng = random.Random(seed)
    return [tuple(rng.sample(CARDS, size)) for _ in range(count)]


def wild_hands(count: int, seed: int, size: int, spec: WildSpec, wilds: int | None) -> list[Hand]:
    """``count`` seeded hands of ``size`` cards under ``spec``: exactly ``wilds`` wild cards
    (drawn from the spec's wild cards, jokers included), or, with ``None``, a plain deal
    from the 52 cards (Baseball: as many threes and nines as come)."""
    rng = random.Random(seed)
    if wilds is None:
        return [tuple(rng.sample(CARDS, size)) for _ in range(count)]
    wild_pool = [card for card in (*CARDS, *JOKERS) if spec.is_wild(card)]
    natural_pool = [card for card in CARDS if not spec.is_wild(card)]
    return [tuple(rng.sample(wild_pool, wilds) + rng.sample(natural_pool, size - wilds)) for _ in range(count)]


WILD_CASES: tuple[tuple[str, WildSpec, int, int | None], ...] = (
    ("7 cards, 1 wild deuce", DEUCES_WILD, 7, 1),
    ("7 cards, 2 wild deuces", DEUCES_WILD, 7, 2),
    ("7 cards, 1 joker as the bug", BUG, 7, 1),
    ("Baseball 8 cards, 3s and 9s wild", BASEBALL, 8, None),
    ("Baseball 9 cards, 3s and 9s wild", BASEBALL, 9, None),
)
"""The wild-card figures: (label, spec, cards, wild cards per hand or None for a plain deal)."""


def measure_wild(n: int, seed: int, repeat: int) -> list[tuple[str, float]]:
    """Warm high-ranking wild-card evaluations per second for each of :data:`WILD_CASES`."""
    rates = []
    for label, spec, size, wilds in WILD_CASES:
        evaluate = wild_ranking(HIGH, spec).value
        hands = wild_hands(n, seed, size, spec, wilds)
        time_pass(evaluate, hands)  # warm: fill the tables these hands need
        rates.append((label, best_rate(evaluate, hands, repeat)))
    return rates


def time_pass(evaluate: Callable[[Any], object], hands: Sequence[Any]) -> float:
    """Seconds one pass of ``evaluate`` over ``hands`` takes (a plain loop: nothing kept)."""
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    return time.perf_counter() - start


def best_rate(evaluate: Callable[[Any], object], hands: Sequence[Any], repeat: int) -> float:
    """Evaluations per second: the fastest of ``repeat`` passes (least disturbed by noise)."""
    return len(hands) / min(time_pass(evaluate, hands) for _ in range(repeat))


def interleaved_best_rates(passes: Sequence[tuple[Callable[[Any], object], Sequence[Any]]], repeat: int) -> list[float]:
    """:func:`best_rate` of several evaluators, their passes taken in turn (one of each, then
    again), so that a burst of machine noise lasting seconds slows every evaluator alike
    rather than all the passes of one: their ratio is what is compared."""
    best = [float("inf")] * len(passes)
    for _ in range(repeat):
        for index, (evaluate, hands) in enumerate(passes):
            best[index] = min(best[index], time_pass(evaluate, hands))
    return [len(hands) / seconds for (_, hands), seconds in zip(passes, best)]


def measure_high_evals_per_second(
    n: int = DEFAULT_HANDS, seed: int = DEFAULT_SEED, repeat: int = DEFAULT_REPEAT
) -> float:
    """Warm best-of-seven ``HIGH.value`` evaluations per second over ``n`` random hands."""
    hands = random_hands(n, seed)
    time_pass(HIGH.value, hands)  # warm: fill the tables these hands need
    return best_rate(HIGH.value, hands, repeat)


def sized_for(evaluate: Callable[[Any], object], hands: Sequence[Any], seconds: float) -> Sequence[Any]:
    """A prefix of ``hands`` that one pass of a (possibly slow) evaluator runs in ``seconds``.

    Third-party evaluators can be a hundred times slower; timing them on the full list
    would make the script take minutes, and a shorter pass measures the same rate.
    """
    probe = hands[: min(len(hands), 200)]
    per_hand = time_pass(evaluate, probe) / len(probe)
    return hands[: max(len(probe), min(len(hands), int(seconds / max(per_hand, 1e-9))))]


def treys_evaluator(hands: Sequence[Hand]) -> tuple[Callable[[Any], int], list[Any]] | None:
    """treys' seven-card evaluate (5 board + 2 hole), with the hands in its card format; it
    answers a rank number, smaller for the better hand."""
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    converted = [
        ([TreysCard.new(str(c)) for c in hand[:2]], [TreysCard.new(str(c)) for c in hand[2:]]) for hand in hands
    ]
    evaluate = evaluator.evaluate
    return (lambda pair: evaluate(pair[0], pair[1])), converted


def pokerkit_evaluator(hands: Sequence[Hand], low: bool = False) -> tuple[Callable[[Any], object], list[Any]] | None:
    """pokerkit's ``from_game`` for stud high (StandardHighHand) or razz low (RegularLowHand)."""
    try:
        from pokerkit import Card as PokerkitCard
        from pokerkit import RegularLowHand, StandardHighHand
    except ImportError:
        return None
    kind = RegularLowHand if low else StandardHighHand
    converted = [
        (
            tuple(PokerkitCard.parse("".join(str(c) for c in hand[:2]))),
            tuple(PokerkitCard.parse("".join(str(c) for c in hand[2:]))),
        )
        for hand in hands
    ]
    from_game = kind.from_game
    return (lambda pair: from_game(pair[0], pair[1])), converted


def treys_agrees(hands: Sequence[Hand], sample: int = 2000) -> bool:
    """Whether treys orders a sample of hands as studspec does (treys: smaller is better).

    A speed ratio means little between evaluators that disagree, so check first.
    """
    made = treys_evaluator(hands[:sample])
    if made is None:
        return True
    evaluate, converted = made
    ours = [HIGH.value(hand) for hand in hands[:sample]]
    theirs = [evaluate(pair) for pair in converted]
    return all(
        (ours[i] > ours[i + 1]) == (theirs[i] < theirs[i + 1])
        and (ours[i] == ours[i + 1]) == (theirs[i] == theirs[i + 1])
        for i in range(len(ours) - 1)
    )


def report_library(
    label: str,
    made: tuple[Callable[[Any], object], list[Any]] | None,
    ours: float,
    seconds: float,
    repeat: int,
) -> float | None:
    """Time a third-party evaluator on (a prefix of) the same hands, print the ratio and
    return its rate (``None`` when it is not installed)."""
    if made is None:
        print(f"  {label:<34} not installed")
        return None
    evaluate, converted = made
    subset = sized_for(evaluate, converted, seconds)
    time_pass(evaluate, subset[:1000])  # warm whatever it caches
    rate = best_rate(evaluate, subset, repeat)
    print(f"  {label:<34} {rate:>12,.0f} evals/s  ({len(subset):,} hands)")
    print(f"    studspec is {ours / rate:.1f}x {label.split()[0]}")
    return rate


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--number",
        type=int,
        default=DEFAULT_HANDS,
        help="hands in the prebuilt list (default %(default)s); more hands, steadier figures",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        help="about how long one timed pass of a third-party evaluator may take (default "
        "%(default)s); they are slower, so they are timed on a prefix of the hands",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=DEFAULT_REPEAT,
        help="timed passes; the best counts (default %(default)s)",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed for the random hands")
    return parser.parse_args(argv)


def report_natural(hands: Sequence[Hand], repeat: int) -> tuple[float, float]:
    """Print the natural rankings' warm rates (and cold first passes); return high's and razz's."""
    rates = []
    for label, ranking in (("HIGH", HIGH), ("ACE_TO_FIVE_LOW", ACE_TO_FIVE_LOW),
                           ("DEUCE_TO_SEVEN_LOW", DEUCE_TO_SEVEN_LOW), ("ACE_TO_SIX_LOW", ACE_TO_SIX_LOW)):  # fmt: skip
        cold = len(hands) / time_pass(ranking.value, hands)
        rate = best_rate(ranking.value, hands, repeat)
        print(f"  {'studspec ' + label + ' (warm)':<34} {rate:>12,.0f} evals/s  (cold pass {cold:,.0f})")
        rates.append(rate)
    return rates[0], rates[1]


def report_wild(args: argparse.Namespace, high: float, treys: float | None) -> bool:
    """Print the wild-card rates beside the natural one and treys'; whether each is >= 1x treys."""
    print(f"wild cards under HIGH ({args.number:,} hands each, seed {args.seed}):")
    ok = True
    for label, rate in measure_wild(args.number, args.seed, args.repeat):
        versus = f"{rate / treys:.1f}x treys" if treys else "treys not installed"
        print(f"  {label:<34} {rate:>12,.0f} evals/s  ({rate / high:.2f}x natural, {versus})")
        ok = ok and (treys is None or rate >= REQUIRED_WILD_VS_TREYS * treys)
    return ok


def report_rankings(hands: Sequence[Hand], repeat: int, treys: float | None) -> bool:
    """Print the issue 26 rankings' warm rates, each timed in turn with ``HIGH`` (so noise slows
    both alike) and set beside it and treys; whether each is at least a third of treys'."""
    print("the issue 26 rankings (best of seven, passes taken in turn with HIGH's):")
    ok = True
    for ranking in MORE_RANKINGS:
        time_pass(ranking.value, hands)  # warm
        rate, high = interleaved_best_rates([(ranking.value, hands), (HIGH.value, hands)], repeat)
        versus = f", {rate / treys:.1f}x treys" if treys else ""
        print(f"  {'studspec ' + ranking.name:<34} {rate:>12,.0f} evals/s  ({rate / high:.2f}x HIGH{versus})")
        ok = ok and (treys is None or rate >= REQUIRED_RANKING_VS_TREYS * treys)
    return report_points(hands, repeat, treys) and ok


def report_points(hands: Sequence[Hand], repeat: int, treys: float | None) -> bool:
    """Print the most-points share's rate (the football hand, every card counted: docs/rules.md
    V22) over the same seven cards, as the settlement calls it, beside ``HIGH`` and treys."""
    football = PointsShare("most-points").scoring({"A": 1, "2": 2, "3": 3, "6": 6})
    held = [Holding(hand, (Face.DOWN,) * len(hand)) for hand in hands]
    time_pass(football.score, held)  # warm
    rate, high = interleaved_best_rates([(football.score, held), (HIGH.value, hands)], repeat)
    versus = f", {rate / treys:.1f}x treys" if treys else ""
    print(f"  {'studspec most-points (football)':<34} {rate:>12,.0f} evals/s  ({rate / high:.2f}x HIGH{versus})")
    return treys is None or rate >= REQUIRED_RANKING_VS_TREYS * treys


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    hands = random_hands(args.number, args.seed)
    print(f"{args.number:,} random seven-card hands (seed {args.seed}), best of {args.repeat}")
    high, low = report_natural(hands, args.repeat)

    if not treys_agrees(hands):
        print("  WARNING: treys orders some hands differently from studspec")
    timing = (args.seconds, args.repeat)
    treys = report_library("treys Evaluator.evaluate", treys_evaluator(hands), high, *timing)
    report_library("pokerkit StandardHighHand", pokerkit_evaluator(hands), high, *timing)
    low_kit = pokerkit_evaluator(hands, low=True)
    report_library("pokerkit RegularLowHand (vs low)", low_kit, low, *timing)
    wild_ok = report_wild(args, high, treys)
    rankings_ok = report_rankings(hands, args.repeat, treys)

    checks = [(high >= REQUIRED_HIGH_RATE, f"high evaluation at least {REQUIRED_HIGH_RATE:,}/s")]
    checks.append((rankings_ok, "every issue 26 ranking at least a third of treys' natural high"))
    if treys:
        checks.append((high >= REQUIRED_HIGH_VS_TREYS * treys, f"high at least {REQUIRED_HIGH_VS_TREYS:.0f}x treys"))
        checks.append((wild_ok, f"every wild-card figure at least {REQUIRED_WILD_VS_TREYS:.0f}x treys"))
    for ok, what in checks:
        print(f"{'meets' if ok else 'MISSES'}: {what}")
    return 0 if all(ok for ok, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
