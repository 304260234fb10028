"""Who wins each pot at showdown, and how its chips are divided.

Kept apart from the hand so that the rules of dividing a pot read in one place: every pot
(main and side alike) is split between the rule book's shares; a share nobody qualifies
for goes to the shares somebody won (no low: high takes all); the pot's odd chip between
shares goes to high; chips between tied hands are divided evenly and odd chips follow the
rule book's odd-chip rule (WSOP-L 149, 244).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .cards import Card
from .evaluation import Ranking
from .events import PotAwarded
from .pots import divide

OddChip = Callable[[Ranking, Sequence[Card], int], tuple[int, ...]]


def _chip_order(
    odd_chip: OddChip, ranking: Ranking, cards: Mapping[int, Sequence[Card]]
) -> Callable[[int], tuple[int, ...]]:
    """The odd-chip key of each tied seat under ``ranking`` (bound now, not in a loop's closure)."""
    return lambda seat: odd_chip(ranking, cards[seat], seat)


def share_portions(amount: int, rankings: Sequence[Ranking]) -> list[int]:
    """Split a pot between shares; odd chips go first to the high shares (WSOP-L 244)."""
    base, extra = divmod(amount, len(rankings))
    portions = [base] * len(rankings)
    for index in sorted(range(len(rankings)), key=lambda i: rankings[i].ace_low)[:extra]:
        portions[index] += 1
    return portions


def award_pot(
    pot_index: int,
    amount: int,
    claimants: Sequence[int],
    shares: Sequence[tuple[Ranking, int | None]],
    cards_of: Callable[[int], Sequence[Card]],
    odd_chip: OddChip,
) -> list[PotAwarded]:
    """Divide one contested pot between the best hands of each share."""
    rankings = [ranking for ranking, _ in shares]
    portions = share_portions(amount, rankings)
    cards = {seat: cards_of(seat) for seat in claimants}
    winners: list[list[int]] = []
    values: list[dict[int, int]] = []
    for ranking, qualifier in shares:
        scored = {seat: ranking.value(cards[seat]) for seat in claimants}
        if qualifier is not None:
            scored = {seat: v for seat, v in scored.items() if ranking.qualifies(v, qualifier)}
        best = max(scored.values(), default=None)
        winners.append([seat for seat, v in scored.items() if v == best])
        values.append(scored)
    if len(shares) > 1 and len(winners[0]) > 1 and all(sorted(seats) == sorted(winners[0]) for seats in winners):
        return _identical_hands(pot_index, amount, winners[0], shares, portions, values, cards, odd_chip)
    won = [i for i, seats in enumerate(winners) if seats]
    for index, seats in enumerate(winners):
        if not seats:  # nobody qualifies: the share goes to the first share somebody won
            portions[won[0]] += portions[index]
            portions[index] = 0
    awards = []
    for (ranking, _), seats, portion, scored in zip(shares, winners, portions, values):
        if not seats or portion == 0:
            continue
        split = divide(portion, seats, _chip_order(odd_chip, ranking, cards))
        awards.append(
            PotAwarded(pot_index, ranking.name, tuple(sorted(split.items())), ranking.describe(scored[seats[0]]))
        )
    return awards


def _identical_hands(
    pot_index: int,
    amount: int,
    seats: Sequence[int],
    shares: Sequence[tuple[Ranking, int | None]],
    portions: Sequence[int],
    values: Sequence[dict[int, int]],
    cards: dict[int, Sequence[Card]],
    odd_chip: OddChip,
) -> list[PotAwarded]:
    """The same players tie for every share: identical hands split the whole pot as evenly
    as possible (WSOP-L 149; WSOP-T 73), not share by share (which could hand every odd
    chip to one of them). Each share is still recorded, its chips chosen so that the
    totals come out even."""
    high = shares[0][0]
    totals = divide(amount, seats, _chip_order(odd_chip, high, cards))
    awards = []
    left = dict(totals)
    for number, ((ranking, _), portion, scored) in enumerate(zip(shares, portions, values)):
        if number < len(shares) - 1:
            split = divide(portion, seats, _chip_order(odd_chip, ranking, cards))
            split = {seat: min(split[seat], left[seat]) for seat in seats}
            short = portion - sum(split.values())
            for seat in sorted(seats, key=lambda s: left[s] - split[s], reverse=True)[:short]:
                split[seat] += 1
        else:
            split = dict(left)
        for seat in seats:
            left[seat] -= split[seat]
        words = ranking.describe(scored[seats[0]])
        awards.append(PotAwarded(pot_index, ranking.name, tuple(sorted(split.items())), words))
    return awards
