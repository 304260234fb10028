"""One betting round: who acts, what each seat may do, and what an action does.

Betting actions are plain Python, not state-machine triggers: a round has many small
steps and the machine only needs to know when the round is over. How big a bet may be
comes from a structure (fixed, spread, pot or no limit) looked up by name in
:mod:`studspec.rules`; this module keeps the bookkeeping every structure shares: the
amount to call, whether a full bet has been made, how many raises, who may still raise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol, Sequence

from .actions import Action, ActionKind, LegalAction


@dataclass(frozen=True)
class RoundRules:
    """The rules a round is played under, resolved from the rule book and the stakes."""

    units: tuple[int, ...]
    """Fixed and spread limit: the street's bet sizes (small and big under the open-pair
    rule); pot and no limit: the minimum bet."""
    minimum: int
    """The smallest full bet: the small bet in spread, pot and no limit; the unit in fixed."""
    raise_cap: int | None
    """Raises allowed after the opening bet or completion; ``None`` for no cap."""
    counts_as_full: Callable[[int, int], bool]
    """``(increment, full increment) -> bool``: does a short all-in wager reopen betting?"""
    bring_in: int = 0
    """The bring-in amount when this round opens with one, else 0."""
    pot_at_start: int = 0
    """Chips in the pot before this round (pot limit sizes bets by it)."""


class Sizing(Protocol):
    """A betting structure: the totals a seat may complete, bet or raise to."""

    def ranges(self, betting: "BettingRound", seat: int) -> list[tuple[int, int]]:
        """``(minimum, maximum)`` street totals the seat may choose, before its stack
        caps them; fixed limit gives ``minimum == maximum``."""
        ...

    def full_increment(self, betting: "BettingRound") -> int:
        """How much a wager must add to the last full level to count as a full bet or raise."""
        ...


@dataclass
class BettingRound:
    """The mutable state of one betting round.

    ``level`` is what every seat must match; ``full_level`` is the last total set by a
    full bet or raise (a short all-in raises ``level`` but not ``full_level``, so the next
    raise is sized from the last full one, WSOP-L 129).
    """

    order: tuple[int, ...]
    """Seats in clockwise order from the first seat left of the dealer."""
    rules: RoundRules
    sizing: Sizing
    bets: dict[int, int] = field(default_factory=dict)
    level: int = 0
    full_level: int = 0
    last_increment: int = 0
    """Size of the last full bet or raise (no limit and pot limit raise at least this)."""
    opened: bool = False
    """A full bet (or completion of the bring-in) has been made."""
    raises: int = 0
    uncapped: bool = False
    """The round began heads-up under a rule that lifts the cap then (WSOP-L 127)."""
    big_locked: bool = False
    """Open-pair rule: once a big bet or raise is made, all raises are big (WSOP-L 220)."""
    pending: set[int] = field(default_factory=set)
    acted: set[int] = field(default_factory=set)
    closed_to_raise: set[int] = field(default_factory=set)
    actor: int | None = None
    bring_in_seat: int | None = None
    """Set while the round waits for the bring-in to be posted or completed."""
    bring_in_may_fold: bool = False
    """The low card is all-in for the ante and the rule lets the seat that must open fold
    instead (TDA RP-10E); the obligation then moves on round the table."""
    last_aggressor: int | None = None

    @property
    def over(self) -> bool:
        return not self.pending

    @property
    def capped(self) -> bool:
        """No more raises: the cap is reached (the completion or first bet is not a raise)."""
        cap = self.rules.raise_cap
        return self.opened and cap is not None and not self.uncapped and self.raises >= cap

    def start(self, first: int, can_act: Sequence[int]) -> None:
        """Every seat that can act must act at least once, starting at ``first``."""
        self.pending = set(can_act)
        self.actor = self._next_pending(first, inclusive=True)

    def _next_pending(self, seat: int, *, inclusive: bool) -> int | None:
        if not self.pending:
            return None
        n = len(self.order)
        start = self.order.index(seat)
        for step in range(0 if inclusive else 1, n + 1):
            candidate = self.order[(start + step) % n]
            if candidate in self.pending:
                return candidate
        return None

    def to_call(self, seat: int) -> int:
        return max(0, self.level - self.bets.get(seat, 0))

    def pot_now(self) -> int:
        """Chips in the pot, this round's wagers included."""
        return self.rules.pot_at_start + sum(self.bets.values())

    def legal(self, seat: int, stack: int, opponents_with_chips: int) -> list[LegalAction]:
        """The choices of ``seat`` holding ``stack`` chips behind, with exact amounts."""
        bet = self.bets.get(seat, 0)
        choices: list[LegalAction] = []
        if self.bring_in_seat == seat:
            if self.bring_in_may_fold:
                choices.append(LegalAction(ActionKind.FOLD))
            post = min(self.rules.bring_in, stack)
            choices.append(LegalAction(ActionKind.BRING_IN, bet + post, bet + post, post))
        else:
            owed = self.to_call(seat)
            if owed > 0:
                choices.append(LegalAction(ActionKind.FOLD))
            paid = min(owed, stack)
            choices.append(LegalAction(ActionKind.CHECK_CALL, bet + paid, bet + paid, paid))
        if seat in self.closed_to_raise or opponents_with_chips == 0 or self.capped:
            return choices
        most = bet + stack
        # A wager must go above what is owed; from the bring-in seat, above the bring-in
        # (a short stack's chips go in as the bring-in for less, WSOP-L 217).
        floor = max(self.level, self.rules.bring_in if self.bring_in_seat == seat else 0)
        if most <= floor:
            return choices
        seen: set[tuple[int, int]] = set()
        for low, high in self.sizing.ranges(self, seat):
            if high <= floor:
                continue
            low, high = min(max(low, floor + 1), most), min(high, most)
            if (low, high) not in seen:
                seen.add((low, high))
                choices.append(LegalAction(ActionKind.COMPLETE_BET_RAISE, low, high, low - bet))
        return choices

    def apply(self, seat: int, action: Action, stack: int, can_act: Sequence[int]) -> int:
        """Carry out an action already checked against :meth:`legal`; return chips added.

        ``can_act`` lists the seats that still hold chips and cards (the actor included).
        """
        bet = self.bets.get(seat, 0)
        kind = action.kind
        added = 0
        if kind is ActionKind.BRING_IN:
            added = min(self.rules.bring_in, stack)
            self.level = max(self.level, self.rules.bring_in)
            self.bring_in_seat = None
        elif kind is ActionKind.CHECK_CALL:
            added = min(self.to_call(seat), stack)
        elif kind is ActionKind.COMPLETE_BET_RAISE:
            assert action.amount is not None
            self.bring_in_seat = None
            added = action.amount - bet
            self._raise(seat, action.amount, can_act)
        self.bets[seat] = bet + added
        self.acted.add(seat)
        self.pending.discard(seat)
        if kind is ActionKind.FOLD:
            self.closed_to_raise.discard(seat)
        if stack - added == 0:
            self.pending.discard(seat)
        self.actor = self._next_pending(seat, inclusive=False)
        if kind is ActionKind.FOLD and self.bring_in_seat == seat:
            self.bring_in_seat = self.actor  # the opening obligation moves on
        return added

    def _raise(self, seat: int, total: int, can_act: Sequence[int]) -> None:
        needed = self.sizing.full_increment(self)
        increment = total - self.full_level
        full = increment >= needed or self.rules.counts_as_full(increment, needed)
        if full:
            if self.opened:
                self.raises += 1
            self.opened = True
            if len(self.rules.units) > 1 and increment >= max(self.rules.units):
                self.big_locked = True
            self.full_level = total
            if increment >= needed:
                self.last_increment = increment
            self.closed_to_raise = set()
        else:
            # Less than a full bet: those who already acted may only call or fold (WSOP-L 129).
            self.closed_to_raise |= self.acted
        self.level = total
        self.last_aggressor = seat
        self.acted = {seat}
        self.pending = {other for other in can_act if other != seat}


class FixedLimit:
    """Fixed limit: one bet size per street; the open-pair rule may offer two."""

    def ranges(self, betting: BettingRound, seat: int) -> list[tuple[int, int]]:
        units = betting.rules.units
        if betting.big_locked:
            units = (max(units),)
        return [(betting.full_level + unit, betting.full_level + unit) for unit in units]

    def full_increment(self, betting: BettingRound) -> int:
        """A bet of the round's size; once the open-pair big bet is made, a big one."""
        units = betting.rules.units
        return max(units) if betting.big_locked else min(units)


class SpreadLimit:
    """Spread limit: any bet from the small bet up to the street's size; a raise at least the
    previous bet or raise of the round (seed 000)."""

    def ranges(self, betting: BettingRound, seat: int) -> list[tuple[int, int]]:
        low = betting.full_level + self.full_increment(betting)
        return [(low, betting.full_level + max(betting.rules.units))]

    def full_increment(self, betting: BettingRound) -> int:
        return max(betting.rules.minimum, betting.last_increment)


class PotLimit:
    """Pot limit: raise at least the last bet or raise, at most the pot after calling
    (antes, the bring-in and calls count; BARGE, seed 001)."""

    def ranges(self, betting: BettingRound, seat: int) -> list[tuple[int, int]]:
        low = betting.full_level + self.full_increment(betting)
        owed = betting.to_call(seat)
        high = betting.level + betting.pot_now() + owed
        return [(low, max(low, high))]

    def full_increment(self, betting: BettingRound) -> int:
        return max(betting.rules.minimum, betting.last_increment)


class NoLimit:
    """No limit: raise at least the last bet or raise, up to everything in front of you."""

    def ranges(self, betting: BettingRound, seat: int) -> list[tuple[int, int]]:
        low = betting.full_level + self.full_increment(betting)
        return [(low, 1 << 62)]

    def full_increment(self, betting: BettingRound) -> int:
        return max(betting.rules.minimum, betting.last_increment)
