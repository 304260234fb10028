"""The command line shared by the deck brute forces (tools/double_deck_brute_force.py,
tools/stripped_brute_force.py): each checks a list of cases, every case over as many random
hands, and prints each case's disagreements; the exit status says whether there were any."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from studspec.engine.cards import Card


class Named(Protocol):
    """A case of a brute force: its name seeds its random hands and heads its lines."""

    @property
    def name(self) -> str: ...


CaseT = TypeVar("CaseT", bound=Named)


def run_cases(
    description: str,
    cases: Sequence[CaseT],
    hands_of: Callable[[CaseT, int, str], list[list[Card]]],
    disagreements_of: Callable[[CaseT, Sequence[Sequence[Card]]], list[str]],
    argv: Sequence[str] | None = None,
) -> int:
    """Check every case over ``--hands`` random hands: 0 when none disagrees, else 1."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--hands", type=int, default=100_000, help="random hands per case")
    args = parser.parse_args(argv)
    failed = 0
    for case in cases:
        start = time.perf_counter()
        hands = hands_of(case, args.hands, case.name)
        found = disagreements_of(case, hands)
        failed += len(found)
        print(f"{case.name}: {len(hands)} hands, {len(found)} disagreements, {time.perf_counter() - start:.1f} s")
        for line in found[:5]:
            print("  " + line)
    return 1 if failed else 0
