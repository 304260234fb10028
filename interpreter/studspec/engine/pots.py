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
    joins the last pot, except a bet nobody called: what one seat put in beyond every other
    seat is its own, returned to it (the last pot, its one seat) even when a rule made its
    hand dead after the round (a kill card, a turn that fell short), as a table returns an
    uncalled bet when the round ends (WSOP-L 216; TDA 54). ``dead`` money (paid for cards,
    not bet) is contested by every seat still in: it joins the main pot, or, when a seat
    still in bet nothing (it went all-in paying a price, in a game without an ante), it is
    a pot of its own, the first.
    """
    returned = _uncalled(contributions, live)
    if returned is not None:
        seat, excess = returned
        contributions = [c - excess if s == seat else c for s, c in enumerate(contributions)]
        return [*build_pots(contributions, live, dead), Pot(excess, (seat,))]
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


def _uncalled(contributions: Sequence[int], live: Sequence[bool]) -> tuple[int, int] | None:
    """The seat out of the hand whose contribution is above every other seat's, and by how
    much (``None``: none is; a live seat's excess is a pot of its own already)."""
    top = max(contributions, default=0)
    if top <= 0 or contributions.count(top) != 1:
        return None
    seat = contributions.index(top)
    if live[seat]:
        return None
    return seat, top - max((c for s, c in enumerate(contributions) if s != seat), default=0)


def divide(amount: int, winners: Sequence[int], odd_chip_key: Callable[[int], Any]) -> dict[int, int]:
    """Split ``amount`` evenly; leftover chips go one each in ``odd_chip_key`` order, best first."""
    base, extra = divmod(amount, len(winners))
    result = dict.fromkeys(winners, base)
    if not extra:
        return result  # no odd chip: the key (a best-five search) is never needed
    for seat in sorted(winners, key=odd_chip_key, reverse=True)[:extra]:
        result[seat] += 1
    return result
