"""Whether a table can deal a hand of a rule book: the number of seats, the stacks, the stakes.

Checked before anything is dealt, so a bad table is refused with what is allowed instead of
failing halfway through a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.errors import StakesError
from studspec.spec.model import Stakes, Variant


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
    if stakes.ante < 0 or stakes.bring_in < 0:
        raise StakesError("the ante and the bring-in must not be negative")
    if not 0 < stakes.small_bet < stakes.big_bet:
        raise StakesError(
            f"the small bet ({stakes.small_bet}) must be positive and below the big bet ({stakes.big_bet})"
        )
    if any(street.bring_in for street in variant.streets) and not 0 < stakes.bring_in < stakes.small_bet:
        raise StakesError(
            f"the bring-in ({stakes.bring_in}) must be more than 0 and less than the small bet ({stakes.small_bet})"
        )
