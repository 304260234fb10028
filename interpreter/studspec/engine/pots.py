"""Pots from contributions, and how a pot's chips are divided among winners.

Pots are derived, never stored: from what each seat has put in (antes included) and who
is still in, the main pot and side pots follow. A short ante is handled the same way as
any all-in: the seat can win from each opponent only what it matched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .records import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]
    """Seats still in the hand that matched this pot's level, in seat order."""


def build_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Main pot first, then side pots in order of formation.

    Each level at which a live seat stopped contributing closes a pot. Money of folded
    seats beyond the last live level (possible only when live seats are all-in for less)
    joins the last pot. ``dead`` money (paid for cards, not bet) is contested by every seat
    still in: it joins the main pot, or, when a seat still in bet nothing (it went all-in
    paying a price, in a game without an ante), it is a pot of its own, the first.
    """
    levels = sorted({c for c, alive in zip(contributions, live) if alive and c > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = 0
        for c in contributions:
            if c > previous:
                amount += (c if c < level else level) - previous
        eligible = tuple([s for s, c in enumerate(contributions) if c >= level and live[s]])
        pots.append(Pot(amount, eligible))
        previous = level
    leftover = 0
    for c in contributions:
        if c > previous:
            leftover += c - previous
    if leftover:
        if pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + leftover, last.eligible)
        else:
            pots.append(Pot(leftover, ()))
    if dead:
        everyone = tuple(s for s, alive in enumerate(live) if alive)
        if pots and len(pots[0].eligible) == len(everyone):
            main = pots[0]
            pots[0] = Pot(main.amount + dead, main.eligible)
        else:
            # A seat still in that bet nothing (all-in for a card's price, with no ante)
            # contests the dead money alone: a pot of its own, ahead of the bets' pots.
            pots.insert(0, Pot(dead, everyone))
    return pots


def divide(amount: int, winners: Sequence[int], odd_chip_key: Callable[[int], Any]) -> dict[int, int]:
    """Split ``amount`` evenly; leftover chips go one each in ``odd_chip_key`` order, best first."""
    base, extra = divmod(amount, len(winners))
    result = dict.fromkeys(winners, base)
    if not extra:
        return result  # no odd chip: the key (a best-five search) is never needed
    for seat in sorted(winners, key=odd_chip_key, reverse=True)[:extra]:
        result[seat] += 1
    return result
