"""What one decision about cards costs beside one betting action, in the same hands.

Issue 24 asks that a decision step (turn up, discard, draw, buy, pass, set hands) cost no
more than a betting action. This plays whole hands of rule books with decisions, with one
policy written here for every kind (bet: check or call; a card decision: name the first
cards it may, a set of two hands chosen by brute force until the engine takes it), and times
every ``Hand.act`` call with ``perf_counter_ns``, grouped by what it was. The figure is the
mean cost of an act of each group and the ratio of the decision acts to the betting acts
measured in the same run (a together decision is carried out on its last seat's act, so
that act carries the whole step; the mean over the step's acts is what a table pays per
player). Timer overhead (~0.1 us) falls on both sides alike.

Usage: python bench/decision_step.py [--hands 2000] [--books NAME_OR_PATH ...]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections import defaultdict

from studspec import Action, ActionKind, Hand, IllegalActionError, LegalAction, load_variant
from studspec.engine.actions import CARD_DECISIONS

BOOKS = ("super-stud", "seven-card-flip", "mexican-stud", "anaconda", "stud-with-a-twist", "english-stud", "cowpie")


def actions_for(choice: LegalAction) -> list[Action]:
    """The actions this policy tries for a choice, in order (only a set of hands may need more than one)."""
    if choice.kind is ActionKind.COMPLETE_BET_RAISE:
        return [Action(choice.kind, choice.minimum)]
    if choice.kind not in CARD_DECISIONS:
        return [Action(choice.kind, declaration=choice.declaration)]
    assert choice.minimum is not None
    if choice.kind is ActionKind.SET:
        return [Action(choice.kind, cards=combo) for combo in itertools.combinations(choice.cards, choice.minimum)]
    return [Action(choice.kind, cards=tuple(choice.cards[: choice.minimum]) or None)]


def play(book: str, hands: int, timings: dict[str, list[int]]) -> None:
    variant = load_variant(book)
    for seed in range(hands):
        hand = Hand(variant, [100_000] * variant.max_players, seed=seed)
        while not hand.is_complete:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions()
            choice = next((c for c in legal if c.kind is ActionKind.CHECK_CALL), legal[0])
            group = "decision" if choice.kind in CARD_DECISIONS else "betting"
            for action in actions_for(choice):
                start = time.perf_counter_ns()
                try:
                    hand.act(action, seat)
                except IllegalActionError:
                    continue
                timings[group].append(time.perf_counter_ns() - start)
                break
            else:
                raise SystemExit(f"{book}: the policy found no legal action for p{seat + 1} in {hand.state}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per book (default 2000)")
    parser.add_argument("--books", nargs="+", default=list(BOOKS), help="rule books with decisions")
    args = parser.parse_args()
    print(f"{'book':<22} {'betting us/act':>15} {'decision us/act':>16} {'ratio':>7}")
    for book in args.books:
        timings: dict[str, list[int]] = defaultdict(list)
        play(book, args.hands, timings)
        bet = statistics.fmean(timings["betting"]) / 1000
        decide = statistics.fmean(timings["decision"]) / 1000
        print(f"{book:<22} {bet:>15.2f} {decide:>16.2f} {decide / bet:>7.2f}")


if __name__ == "__main__":
    main()
