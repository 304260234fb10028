"""Whether a table can deal a hand of a rule book: the number of seats, the stacks, the stakes.

Checked before anything is dealt, so a bad table is refused with what is allowed instead of
failing halfway through a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.errors import StakesError
from studspec.rulebook.model import Stakes, Variant

from .actions import MAX_AMOUNT_DIGITS

MAX_AMOUNT = 10**MAX_AMOUNT_DIGITS - 1
"""The most chips a table may hold, and so the largest stack, pot, stake or bet: the largest
amount of :data:`~studspec.engine.actions.MAX_AMOUNT_DIGITS` digits, which is what a hand
history may write (``replay`` refuses more). Every amount of a hand is at most the chips on
the table (or one of its stakes), so a hand dealt within this bound always writes a history
that reads back; the command line's amount options are bounded by it too."""

AMOUNT_LIMIT = f"{MAX_AMOUNT:,} ({MAX_AMOUNT_DIGITS} digits, the most an amount in a hand history may have)"
"""How errors name the bound."""


def check_table(stakes: Stakes, variant: Variant, stacks: Sequence[int]) -> None:
    """Raise :class:`StakesError` unless ``variant`` can be dealt at these stakes and stacks."""
    if not variant.min_players <= len(stacks) <= variant.max_players:
        raise StakesError(
            f"{variant.name} seats {variant.min_players} to {variant.max_players} players, not {len(stacks)}"
        )
    if any(not isinstance(s, int) or s <= 0 for s in stacks):
        raise StakesError(
            "every stack must be a whole number of the smallest unit above 0 (a seat with no chips is not dealt in)"
        )
    _check_amounts(stakes, stacks)
    if stakes.ante < 0 or stakes.bring_in < 0:
        raise StakesError("the ante and the bring-in must not be negative")
    if not 0 < stakes.small_bet < stakes.big_bet:
        raise StakesError(
            f"the small bet ({stakes.small_bet}) must be positive and below the big bet ({stakes.big_bet})"
        )
    if stakes.blinds:
        _check_blinds(stakes, variant, len(stacks))
    elif any(street.bring_in for street in variant.streets) and not 0 < stakes.bring_in < stakes.small_bet:
        raise StakesError(
            f"the bring-in ({stakes.bring_in}) must be more than 0 and less than the small bet ({stakes.small_bet})"
        )


def _check_blinds(stakes: Stakes, variant: Variant, seats: int) -> None:
    """Blinds open the first betting round in place of a bring-in: one a seat, each from 1 up
    to the small bet (the rule book's check, for a table's own stakes)."""
    blinds = stakes.blinds
    if any(street.bring_in for street in variant.streets):
        raise StakesError(
            f"{variant.name} opens with a bring-in; a table of it posts no blinds (blinds {list(blinds)})"
        )
    if len(blinds) > seats:
        raise StakesError(f"{len(blinds)} blinds need at least {len(blinds)} seats, not {seats}")
    if any(type(blind) is not int or not 0 < blind <= stakes.small_bet for blind in blinds):
        raise StakesError(
            f"every blind must be a whole number from 1 up to the small bet ({stakes.small_bet}), not {list(blinds)}"
        )


def _check_amounts(stakes: Stakes, stacks: Sequence[int]) -> None:
    """No stake, and not all the chips on the table together, over :data:`MAX_AMOUNT`: the
    winner of every chip would otherwise end with a stack no history can write."""
    named = (("ante", stakes.ante), ("bring-in", stakes.bring_in), ("small bet", stakes.small_bet))
    for name, amount in (*named, ("big bet", stakes.big_bet), *(("blind", blind) for blind in stakes.blinds)):
        if amount > MAX_AMOUNT:
            raise StakesError(f"the {name} ({amount:,}) is over {AMOUNT_LIMIT}")
    total = sum(stacks)
    if total > MAX_AMOUNT:
        what = "the stacks add up to" if len(stacks) > 1 else "the stack is"
        raise StakesError(f"{what} {total:,} chips; a table holds at most {AMOUNT_LIMIT}")
