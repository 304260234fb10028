"""Random-play hands per second at 8 players, and best-of-seven evaluations per second.

Whole hands (antes to settlement) played by seeded random players through the public
`Hand` API, so the figure includes the state machine, legality checks and showdown. When
pokerkit is installed (``pip install ".[bench]"``), the same workload runs through its
fixed-limit seven-card stud state in the same process and the ratio is printed: a figure
on its own says little about a machine we do not know.

Usage: python bench/bench_play.py [--hands N] [--players K] [--seed S]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
import warnings
from pathlib import Path

from studspec.engine.hand import Hand
from studspec.play.players import Player, RandomPlayer, play_out
from studspec.rulebook import load_variant


def studspec_hands_per_second(book: str, hands: int, players: int, seed: int) -> float:
    variant = load_variant(book)
    rng = random.Random(seed)
    stacks = [variant.stakes.starting_stack] * players
    bots: list[Player] = [RandomPlayer(random.Random(rng.random())) for _ in range(players)]
    Hand(variant, stacks, seed=0)  # compile the machine outside the timing
    start = time.perf_counter()
    for number in range(hands):
        play_out(Hand(variant, stacks, seed=seed + number), bots)
    return hands / (time.perf_counter() - start)


def pokerkit_hands_per_second(hands: int, players: int, seed: int) -> float | None:
    try:
        from pokerkit import Automation, FixedLimitSevenCardStud, Mode
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    # pokerkit warns each time it reuses mucked cards at 8 players; we only time it.
    warnings.simplefilter("ignore")
    start = time.perf_counter()
    for _ in range(hands):
        state = FixedLimitSevenCardStud.create_state(
            automations, True, 40, 200, 400, 800, [40000] * players, players, mode=Mode.CASH_GAME
        )
        while state.status:
            roll = rng.random()
            if state.can_fold() and roll < 0.15:
                state.fold()
            elif state.can_complete_bet_or_raise_to() and rng.random() < 0.2:
                state.complete_bet_or_raise_to()
            elif state.can_check_or_call():
                state.check_or_call()
            elif state.can_post_bring_in():
                state.post_bring_in()
            else:
                raise RuntimeError("pokerkit state waits for an action the bench does not know")
    return hands / (time.perf_counter() - start)


def evaluations_per_second() -> float | None:
    path = Path(__file__).with_name("bench_evaluation.py")
    spec = importlib.util.spec_from_file_location("bench_evaluation", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_evaluation"] = module
    spec.loader.exec_module(module)
    return float(module.measure_high_evals_per_second())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    evals = evaluations_per_second()
    if evals is not None:
        print(f"best-of-seven high evaluations: {evals:,.0f} per second")
    for book in ("seven-card-stud", "seven-card-stud-hi-lo", "razz"):
        rate = studspec_hands_per_second(book, args.hands, args.players, args.seed)
        print(f"{book}: {rate:,.0f} random-play hands per second at {args.players} players")
        if book == "seven-card-stud":
            ours = rate
    peer = pokerkit_hands_per_second(args.hands, args.players, args.seed)
    if peer is not None:
        print(f"pokerkit fixed-limit seven-card stud: {peer:,.0f} hands per second (same workload)")
        print(f"studspec is {ours / peer:.2f}x pokerkit")


if __name__ == "__main__":
    main()
