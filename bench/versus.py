"""Whole-hand speed of two checkouts of studspec, interleaved: is a change as fast as before?

    python bench/versus.py --old ../old --new .             # two source trees, default rounds
    python bench/versus.py --old ../old --new . --rounds 7 --hands 2000
    python bench/versus.py --old ../old --new . --instructions --hands 500   # callgrind counts

Each round runs one process per checkout and table, in turn (which goes first alternates),
each importing studspec from its own tree (``TREE/interpreter`` first on ``PYTHONPATH``) and
playing the same seeded hands with the one policy of ``bench/compare.py`` after filling the
book's rankings and warm-up hands, so both run in the steady state a long simulation runs in.
Noise from the rest of the machine falls on both alike; the median of each checkout's rounds
is reported, with the ratio new/old (above 1: the new tree is faster) and the median of the
ratios of each round's pair (the two runs a moment apart), which drift on a shared machine
moves least. On a virtual machine with busy neighbours, wall-clock rates still swing by 10%
from run to run; ``valgrind --tool=callgrind`` counts instructions, which do not swing. Books: seven-card stud,
stud hi-lo and razz at 8 and 2 players, the tables of ``compare.py``'s ``hands`` section.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

BENCH = Path(__file__).resolve().parent
TABLES = [(book, players) for players in (8, 2) for book in ("seven-card-stud", "seven-card-stud-hi-lo", "razz")]


def worker(book: str, players: int, hands: int, seed: int, warmup: int, fill: bool = True) -> float:
    """Hands per second of ``hands`` seeded hands (the studspec on ``sys.path``)."""
    import random

    sys.path.insert(0, os.environ.get("STUDSPEC_BENCH", str(BENCH)))
    import compare  # the tree's own bench/compare.py: the policy both checkouts play
    from studspec import Hand, load_variant
    from studspec.engine.machine import compile_variant

    variant = load_variant(book)
    stacks = [variant.stakes.starting_stack] * players
    compare.finish_studspec(Hand(variant, stacks, seed=seed - 1), random.Random(0))
    if fill:  # under callgrind the warm-up hands fill what the timed hands use, faster
        for rule, _ in compile_variant(variant).rules.shares:
            rule.ranking.fill()
    warm = random.Random(seed - 1)
    for number in range(warmup):
        compare.finish_studspec(Hand(variant, stacks, seed=compare.WARMUP_SEEDS + number), warm)
    rng = random.Random(seed)
    start = time.perf_counter()
    for number in range(seed, seed + hands):
        compare.finish_studspec(Hand(variant, stacks, seed=number), rng)
    return hands / (time.perf_counter() - start)


def _environment(tree: Path) -> dict[str, str]:
    """A worker's environment: the tree's studspec first, and its own bench/compare.py (whose
    imports follow that tree's package layout)."""
    return dict(
        os.environ, PYTHONPATH=str(tree / "interpreter"), STUDSPEC_BENCH=str(tree / "bench"), PYTHONHASHSEED="0"
    )


def measure(tree: Path, book: str, players: int, hands: int, seed: int, warmup: int) -> float:
    env = _environment(tree)
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", book, str(players), str(hands), str(seed)]
    out = subprocess.run([*command, str(warmup)], env=env, capture_output=True, text=True, check=True).stdout
    return float(json.loads(out)["rate"])


def instructions(tree: Path, book: str, players: int, args: argparse.Namespace) -> float:
    """Instructions a hand, counted by callgrind: two runs of different lengths, the same
    set-up and warm-up, their difference divided by the hands between them."""
    counts = []
    for hands in (args.hands // 5, args.hands):
        env = _environment(tree)
        worker_args = [book, str(players), str(hands), str(args.seed), str(args.warmup), "nofill"]
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
        command += [str(Path(__file__).resolve()), "--worker", *worker_args]
        err = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stderr
        collected = [line for line in err.splitlines() if "Collected" in line]
        counts.append(int(collected[-1].split()[-1].replace(",", "")))
    between: int = args.hands - args.hands // 5  # the hands between the runs (argparse gives Any)
    return (counts[1] - counts[0]) / between


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--old", type=Path, help="the tree before the change")
    parser.add_argument("--new", type=Path, help="the tree after the change")
    parser.add_argument("--rounds", type=int, default=5, help="processes a checkout and table (default 5)")
    parser.add_argument("--hands", type=int, default=1500, help="timed hands a process (default 1500)")
    parser.add_argument("--warmup", type=int, default=300, help="untimed hands first (default 300)")
    parser.add_argument("--seed", type=int, default=1000, help="the first timed hand's seed")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions a hand with valgrind's callgrind instead of timing (slow, but the same every run)",
    )
    parser.add_argument("--worker", nargs="+", metavar="ARG", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        book, players, hands, seed, warmup = args.worker[:5]
        rate = worker(book, int(players), int(hands), int(seed), int(warmup), fill=args.worker[5:] != ["nofill"])
        print(json.dumps({"rate": rate}))
        return 0
    if args.old is None or args.new is None:
        parser.error("give --old and --new (two source trees)")
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    if args.instructions:
        print(f"{'table':<32} {'old instr/hand':>15} {'new instr/hand':>15} {'new/old':>8}")
        for book, players in TABLES:
            old, new = (instructions(trees[name], book, players, args) for name in ("old", "new"))
            print(f"{book + f', {players} players':<32} {old:>15,.0f} {new:>15,.0f} {new / old:>8.3f}")
        return 0
    print(f"old {trees['old']}, new {trees['new']}: {args.rounds} rounds of {args.hands} hands, interleaved")
    print(f"{'table':<32} {'old hands/s':>12} {'new hands/s':>12} {'new/old':>8} {'paired':>8}")
    for book, players in TABLES:
        rates: dict[str, list[float]] = {"old": [], "new": []}
        for turn in range(args.rounds):
            for name in ("old", "new") if turn % 2 == 0 else ("new", "old"):
                rates[name].append(measure(trees[name], book, players, args.hands, args.seed, args.warmup))
        old, new = statistics.median(rates["old"]), statistics.median(rates["new"])
        paired = statistics.median(n / o for o, n in zip(rates["old"], rates["new"]))
        print(f"{book + f', {players} players':<32} {old:>12,.0f} {new:>12,.0f} {new / old:>8.3f} {paired:>8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
