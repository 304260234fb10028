"""Who wins each pot at showdown, and how its chips are divided.

Kept apart from the hand so that the rules of dividing a pot read in one place: every pot
(main and side alike) is split between the rule book's shares; a share nobody qualifies
for goes to the shares somebody won (no low: high takes all); the pot's odd chip between
shares goes to high; chips between tied hands are divided evenly and odd chips follow the
rule book's odd-chip rule (WSOP-L 149, 244). The machine enters the settlement phase
through :func:`enter_settlement`, which pays every pot and records the result.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from studspec.errors import HandError

from .actions import Declaration
from .cards import Card
from .core import HandCore, PhaseHandler, part
from .declare import declarations_of
from .events import HandEnded, PotAwarded
from .phases import PhaseKind
from .pots import Pot, divide
from .records import quick_init
from .rules import UnwonPot
from .setting import hands_of
from .shares import Evaluator, Holding, ShareRule, odd_chip_order
from .showdown import showdown_of
from .wild_now import spec_for


@quick_init
@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand ended: each seat's stack, its net, and every award."""

    stacks: tuple[int, ...]
    net: tuple[int, ...]
    awards: tuple[PotAwarded, ...]


class SettlementPart:
    """The settlement's own record: how the hand ended, once it has."""

    __slots__ = ("result",)

    def __init__(self) -> None:
        self.result: HandResult | None = None


_PART = part(SettlementPart)


def result_of(hand: HandCore) -> HandResult | None:
    """How the hand ended (``None`` until it has)."""
    found: SettlementPart = hand.parts[_PART]
    return found.result


def enter_settlement(hand: HandCore) -> None:
    """Pay every pot (uncontested, or divided between its shares' winners) and end the hand."""
    awards: list[PotAwarded] = []
    rules = hand.rules
    declared = declarations_of(hand)
    for index, pot in enumerate(hand.pots()):
        winners = pot.eligible if len(pot.eligible) == 1 else claimants(hand, pot)
        if len(winners) == 1:
            awards.append(PotAwarded(index, "uncontested", ((winners[0], pot.amount),)))
        elif winners:
            holding_of = _holdings(hand)
            awards.extend(
                award_pot(
                    index,
                    pot.amount,
                    winners,
                    rules.shares,
                    holding_of,
                    rules.odd_chip,
                    declared,
                    rules.nobody_qualifies,
                )
            )
    for award in awards:
        for seat, amount in award.amounts:
            hand.stacks[seat] += amount
    hand.contributed = [0] * hand.seats  # paid out: the pots are empty now
    hand.dead_money = 0
    hand.events.extend(awards)
    settled: SettlementPart = hand.parts[_PART]
    settled.result = HandResult(
        stacks=tuple(hand.stacks),
        net=tuple(s - t for s, t in zip(hand.stacks, hand.setup.starting_stacks)),
        awards=tuple(awards),
    )
    hand.events.append(HandEnded(tuple(hand.stacks)))


def claimants(hand: HandCore, pot: Pot) -> tuple[int, ...]:
    """Who can still win ``pot``: its eligible seats that have not mucked; if all of them
    mucked, the last to muck (nobody else could claim it)."""
    shown = showdown_of(hand)
    found = tuple(s for s in pot.eligible if s not in shown.mucked)
    if not found:
        mucked = [s for s in shown.muck_order if s in pot.eligible]
        found = tuple(mucked[-1:])
    return found


def _holdings(hand: HandCore) -> Callable[[int], Holding]:
    """Each seat's cards, faces and the board, which must all be known to settle."""

    def holding_of(seat: int) -> Holding:
        cards = hand.cards[seat] + hand.community
        if any(c is None for c in cards):
            raise HandError(f"p{seat + 1}'s cards are not all known, so the pot cannot be settled")
        own = tuple(c for c in hand.cards[seat] if c is not None)
        board = tuple(c for c in hand.community if c is not None)
        hands = hands_of(hand, seat)
        sets = () if hands is None else tuple(tuple(c for c in part if c is not None) for part in hands)
        return Holding(own, tuple(hand.faces[seat]), board, spec_for(hand, seat), sets)

    return holding_of


OddChip = Callable[[Evaluator, Sequence[Card], int], tuple[int, ...]]

NOBODY_QUALIFIED = "nobody qualified"
"""The share named in the award of a pot no hand qualified for any share of
(``pots.nobody_qualifies``)."""


def _chip_order(odd_chip: OddChip, rule: ShareRule, held: Mapping[int, Holding]) -> Callable[[int], tuple[int, ...]]:
    """The odd-chip key of each tied seat under ``rule`` (bound now, not in a loop's closure)."""
    return lambda seat: odd_chip(rule.ranking_for(held[seat]), rule.cards(held[seat]), seat)


def share_portions(amount: int, rules: Sequence[ShareRule]) -> list[int]:
    """Split a pot between shares; odd chips go first to the high shares (WSOP-L 244)."""
    base, extra = divmod(amount, len(rules))
    portions = [base] * len(rules)
    for index in odd_chip_order(rules)[:extra]:
        portions[index] += 1
    return portions


def _winners(
    shares: Sequence[tuple[ShareRule, int | None]],
    contenders: Sequence[Sequence[int]],
    held: Mapping[int, Holding],
) -> tuple[list[list[int]], list[dict[int, int]]]:
    """For each share, the seats with the best score among its contenders."""
    winners: list[list[int]] = []
    values: list[dict[int, int]] = []
    for (rule, qualifier), seats in zip(shares, contenders):
        scored: dict[int, int] = {}
        for seat in seats:
            value = rule.score(held[seat])
            if value is not None and (qualifier is None or rule.qualifies(value, qualifier)):
                scored[seat] = value
        best = max(scored.values(), default=None)
        winners.append([seat for seat, v in scored.items() if v == best])
        values.append(scored)
    return winners, values


def _declared_winners(
    shares: Sequence[tuple[ShareRule, int | None]],
    claimants: Sequence[int],
    held: Mapping[int, Holding],
    declared: Mapping[int, Declaration],
) -> tuple[list[list[int]], list[dict[int, int]]]:
    """Hi-lo declare (docs/rules.md V7): each share among the seats that declared for it. A
    seat that declared more than one share (a swing) and does not win or tie every one of
    them is out of the pot, and the shares are decided again without it. If that leaves
    nobody who can win a share, the declarations cannot decide the pot and the cards do, as
    if nobody had declared (no home-game source says otherwise)."""
    highs = tuple(rule.high for rule, _ in shares)
    chosen = {seat: declared[seat].shares(highs) for seat in claimants if seat in declared}
    eligible = list(chosen)
    while eligible:
        contenders = [[s for s in eligible if index in chosen[s]] for index in range(len(shares))]
        winners, values = _winners(shares, contenders, held)
        if not any(winners):  # nobody who declared qualifies for what they declared
            break
        failed = {s for s in eligible if len(chosen[s]) > 1 and any(s not in winners[i] for i in chosen[s])}
        if not failed:
            return winners, values
        eligible = [seat for seat in eligible if seat not in failed]
    return _winners(shares, [claimants] * len(shares), held)


def award_pot(
    pot_index: int,
    amount: int,
    claimants: Sequence[int],
    shares: Sequence[tuple[ShareRule, int | None]],
    holding_of: Callable[[int], Holding],
    odd_chip: OddChip,
    declared: Mapping[int, Declaration] | None = None,
    nobody_qualifies: UnwonPot | None = None,
) -> list[PotAwarded]:
    """Divide one contested pot between the best hands (or cards) of each share; with
    ``declared`` (hi-lo declare), between those who declared for each share; a pot no share
    is won in, as ``nobody_qualifies`` divides it among every claimant."""
    portions = share_portions(amount, [rule for rule, _ in shares])
    held = {seat: holding_of(seat) for seat in claimants}
    if declared:
        winners, values = _declared_winners(shares, claimants, held, declared)
    else:
        winners, values = _winners(shares, [claimants] * len(shares), held)
    won = [i for i, seats in enumerate(winners) if seats]
    if not won:  # nobody qualifies for any share: the book says what happens (pots.nobody_qualifies)
        # validate refuses a book where this can happen without the option; should a hand it did
        # not foresee get here all the same, the pot is split evenly rather than lost
        unwon = nobody_qualifies or divide
        split = unwon(amount, claimants, _chip_order(odd_chip, shares[0][0], held))
        return [PotAwarded(pot_index, NOBODY_QUALIFIED, tuple(sorted(split.items())), "no hand qualified")]
    for index, seats in enumerate(winners):
        if not seats:  # nobody qualifies: the share goes to the first share somebody won
            portions[won[0]] += portions[index]
            portions[index] = 0
    first = winners[won[0]]
    if len(won) > 1 and len(first) > 1 and all(sorted(winners[i]) == sorted(first) for i in won):
        # The same hands tie for every share won (a share nobody won adds to the first): identical hands.
        kept = [shares[i] for i in won], [portions[i] for i in won], [values[i] for i in won]
        return _identical_hands(pot_index, amount, winners[won[0]], *kept, held, odd_chip)
    awards = []
    for (rule, _), seats, portion, scored in zip(shares, winners, portions, values):
        if not seats or portion == 0:
            continue
        split = divide(portion, seats, _chip_order(odd_chip, rule, held))
        awards.append(PotAwarded(pot_index, rule.name, tuple(sorted(split.items())), rule.describe(scored[seats[0]])))
    return awards


def _identical_hands(
    pot_index: int,
    amount: int,
    seats: Sequence[int],
    shares: Sequence[tuple[ShareRule, int | None]],
    portions: Sequence[int],
    values: Sequence[dict[int, int]],
    held: Mapping[int, Holding],
    odd_chip: OddChip,
) -> list[PotAwarded]:
    """The same players tie for every share: identical hands split the whole pot as evenly
    as possible (WSOP-L 149; WSOP-T 73), not share by share (which could hand every odd
    chip to one of them). Each share is still recorded, its chips chosen so that the
    totals come out even."""
    high = shares[0][0]
    totals = divide(amount, seats, _chip_order(odd_chip, high, held))
    awards = []
    left = dict(totals)
    for number, ((rule, _), portion, scored) in enumerate(zip(shares, portions, values)):
        if number < len(shares) - 1:
            split = divide(portion, seats, _chip_order(odd_chip, rule, held))
            split = {seat: min(split[seat], left[seat]) for seat in seats}
            short = portion - sum(split.values())
            for seat in sorted(seats, key=lambda s: left[s] - split[s], reverse=True)[:short]:
                split[seat] += 1
        else:
            split = dict(left)
        for seat in seats:
            left[seat] -= split[seat]
        words = rule.describe(scored[seats[0]])
        awards.append(PotAwarded(pot_index, rule.name, tuple(sorted(split.items())), words))
    return awards


SETTLEMENT = PhaseHandler(PhaseKind.SETTLEMENT, enter=enter_settlement)
