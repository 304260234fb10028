"""One betting round: who acts, what each seat may do, and what an action does.

Betting actions are plain Python, not state-machine triggers: a round has many small
steps and the machine only needs to know when the round is over. How big a bet may be
comes from a structure (fixed, spread, pot or no limit) looked up by name in
:mod:`studspec.engine.rules`; this module keeps the bookkeeping every structure shares: the
amount to call, whether a full bet has been made, how many raises, who may still raise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .actions import Action, ActionKind, LegalAction
from .bits import as_bits
from .hot import BRING_IN, CHECK_CALL, COMPLETE_BET_RAISE, FOLD


@dataclass(frozen=True, slots=True)
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
    bring_in_may_complete: bool = True
    """Whether the seat that must bring in may complete instead (``bring_in.completion``)."""


FOLD_CHOICE = LegalAction(ActionKind.FOLD)
"""The one fold choice every round offers (immutable, so shared)."""

_FOLD, _CHECK_CALL, _BRING_IN, _CBR = FOLD, CHECK_CALL, BRING_IN, COMPLETE_BET_RAISE  # the hot path's (see .hot)

_CHOICES: dict[tuple[ActionKind, int, int, int], LegalAction] = {}
_CHOICES_KEPT = 4096
"""At most this many shared choices; the table starts again when full (a no-limit game's
amounts need not repeat)."""


def choice(kind: ActionKind, minimum: int, maximum: int, cost: int) -> LegalAction:
    """The choice with these amounts, made once and then shared.

    Choices are immutable and a table's amounts repeat hand after hand, while building a
    frozen dataclass costs about six times a look-up; every decision asks for two or three.
    """
    key = (kind, minimum, maximum, cost)
    found = _CHOICES.get(key)
    if found is None:
        if len(_CHOICES) >= _CHOICES_KEPT:
            _CHOICES.clear()
        found = _CHOICES[key] = LegalAction(kind, minimum, maximum, cost)
    return found


class Sizing(Protocol):
    """A betting structure: the totals a seat may complete, bet or raise to."""

    def ranges(self, betting: BettingRound, seat: int) -> Sequence[tuple[int, int]]:
        """``(minimum, maximum)`` street totals the seat may choose, before its stack
        caps them; fixed limit gives ``minimum == maximum``."""
        ...

    def raise_size(self, betting: BettingRound) -> int:
        """The size of a full bet or raise now: what a wager must add to count as one, and
        what a player must face since acting to have the betting reopened."""
        ...

    def full_target(self, betting: BettingRound) -> int:
        """The smallest street total that is a full bet, completion or raise."""
        ...


@dataclass(slots=True)
class BettingRound:
    """The mutable state of one betting round.

    ``level`` is what every seat must match; ``full_level`` is the last total set by a
    full bet or raise (a short all-in raises ``level`` but not ``full_level``, so the next
    raise is sized from the last full one, WSOP-L 129). Seats are numbered clockwise from
    the first seat left of the dealer, so the next seat to act is the next bit up.
    """

    rules: RoundRules
    sizing: Sizing
    pot_at_start: int = 0
    """Chips in the pot before this round (pot limit sizes bets by it)."""
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
    pending: int = 0
    """The seats still to act this round, as bits (seat ``s`` is bit ``s``)."""
    acted: dict[int, int] = field(default_factory=dict)
    """Each seat that has acted this round, with its street total when it last acted."""
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

    def start(self, first: int, can_act: Sequence[int]) -> None:
        """Every seat that can act must act at least once, starting at ``first``."""
        self.pending = as_bits(can_act)
        self.actor = self._next_pending(first, inclusive=True)

    def _next_pending(self, seat: int, *, inclusive: bool) -> int | None:
        """The first seat still to act from ``seat`` (or after it) clockwise: the lowest bit
        above it, else the lowest bit of all (seats are numbered clockwise from 0)."""
        pending = self.pending
        if not pending:
            return None
        start = seat if inclusive else seat + 1
        later = pending >> start
        if later:
            return start + (later & -later).bit_length() - 1
        return (pending & -pending).bit_length() - 1

    @property
    def base(self) -> int:
        """What a wager is measured from: the current bet once a full bet is made; before
        that (only a bring-in, or short all-ins), nothing, so the first wager is a bet."""
        return self.level if self.opened else self.full_level

    def may_raise(self, seat: int) -> bool:
        """Whether the betting is open to ``seat``: it has not acted yet, or since it acted
        there has been a full bet or raise, or short all-ins adding up to one (WSOP-L 129;
        TDA 47)."""
        if seat not in self.acted:
            return True
        since = self.acted[seat]
        return self.full_level > since or self.level - since >= self.sizing.raise_size(self)

    def to_call(self, seat: int) -> int:
        return max(0, self.level - self.bets.get(seat, 0))

    def pot_now(self) -> int:
        """Chips in the pot, this round's wagers included."""
        return self.pot_at_start + sum(self.bets.values())

    def legal(self, seat: int, stack: int, opponent_has_chips: bool) -> list[LegalAction]:
        """The choices of ``seat`` holding ``stack`` chips behind, with exact amounts; no
        wager unless ``opponent_has_chips`` (someone still in could call it).

        Asked at every decision, so the smaller of two amounts is a comparison rather than a
        call of ``min``, and a shared choice is looked up before :func:`choice` is called."""
        bet = self.bets.get(seat, 0)
        level = self.level
        choices: list[LegalAction]
        if self.bring_in_seat == seat:
            choices = self._bring_in_choices(bet, stack)
            if not self.rules.bring_in_may_complete:
                return choices  # only the players after the bring-in may complete
            # A wager must go above the bring-in: a short stack's chips go in as the
            # bring-in for less (WSOP-L 217).
            floor = max(level, self.rules.bring_in)
        else:
            owed = level - bet
            if owed > 0:
                paid = owed if owed < stack else stack
                total = bet + paid
                call = _CHOICES.get((_CHECK_CALL, total, total, paid)) or choice(_CHECK_CALL, total, total, paid)
                choices = [FOLD_CHOICE, call]
            else:
                check = _CHOICES.get((_CHECK_CALL, bet, bet, 0)) or choice(_CHECK_CALL, bet, bet, 0)
                choices = [check]
            floor = level  # a wager must go above what is owed
        most = bet + stack
        if most <= floor or not opponent_has_chips:
            return choices
        cap = self.rules.raise_cap
        if cap is not None and self.opened and not self.uncapped and self.raises >= cap:
            return choices  # capped (as :attr:`capped`, inline: every decision asks)
        if seat in self.acted and not self.may_raise(seat):
            return choices
        for low, high in self.sizing.ranges(self, seat):
            if high <= floor:
                continue
            if low <= floor:
                low = floor + 1
            if low > most:
                low = most
            if high > most:
                high = most
            wager = _CHOICES.get((_CBR, low, high, low - bet)) or choice(_CBR, low, high, low - bet)
            last = choices[-1]
            if last.kind is not _CBR or last != wager:  # open-pair sizes can cap alike
                choices.append(wager)
        return choices

    def _bring_in_choices(self, bet: int, stack: int) -> list[LegalAction]:
        """The seat that must open: post the bring-in (all it has, if less), or fold when the
        obligation has passed to it from a seat all-in for the ante and the rule allows."""
        choices = [FOLD_CHOICE] if self.bring_in_may_fold else []
        post = min(self.rules.bring_in, stack)
        choices.append(choice(_BRING_IN, bet + post, bet + post, post))
        return choices

    def apply(self, seat: int, action: Action, stack: int, can_act: Callable[[], Sequence[int]]) -> int:
        """Carry out an action already checked against :meth:`legal`; return chips added.

        ``can_act()`` lists the seats that still hold chips and cards (the actor included);
        it is asked only when a wager reopens the betting to them.
        """
        bet = self.bets.get(seat, 0)
        kind = action.kind
        added = 0
        if kind is _CHECK_CALL:
            owed = self.level - bet
            if owed > 0:
                added = owed if owed < stack else stack
        elif kind is _BRING_IN:
            bring_in = self.rules.bring_in
            added = bring_in if bring_in < stack else stack
            if bring_in > self.level:
                self.level = bring_in
            self.bring_in_seat = None
        elif kind is _CBR:
            assert action.amount is not None
            self.bring_in_seat = None
            added = action.amount - bet
            self._raise(seat, action.amount, can_act())
        self.bets[seat] = self.acted[seat] = bet + added
        # The next seat still to act clockwise (as _next_pending, inline: every action asks).
        pending = self.pending = self.pending & ~(1 << seat)
        if pending:
            later = pending >> (seat + 1)
            if later:
                self.actor = seat + (later & -later).bit_length()
            else:
                self.actor = (pending & -pending).bit_length() - 1
        else:
            self.actor = None
        if kind is _FOLD and self.bring_in_seat == seat:
            self.bring_in_seat = self.actor  # the opening obligation moves on
        return added

    def _raise(self, seat: int, total: int, can_act: Sequence[int]) -> None:
        size = self.sizing.raise_size(self)
        increment = total - self.base
        # A full bet or raise, or a short all-in the rule book counts as one (WSOP-L 129).
        full = total >= self.sizing.full_target(self) or self.rules.counts_as_full(increment, size)
        if full:
            if self.opened:
                self.raises += 1
            if len(self.rules.units) > 1 and total - self.full_level >= max(self.rules.units):
                self.big_locked = True
            if increment >= size:
                self.last_increment = increment
            self.opened = True
            self.full_level = total
        self.level = total
        self.last_aggressor = seat
        self.pending = as_bits(can_act) & ~(1 << seat)


class FixedLimit:
    """Fixed limit: one bet size per street; the open-pair rule may offer two. A raise is
    one bet over the last full bet (after a short all-in it "completes" it)."""

    def ranges(self, betting: BettingRound, seat: int) -> Sequence[tuple[int, int]]:
        units = betting.rules.units
        if len(units) == 1:  # no open-pair choice: the one size (every decision asks)
            total = betting.full_level + units[0]
            return ((total, total),)
        if betting.big_locked:
            units = (max(units),)
        return [(betting.full_level + unit, betting.full_level + unit) for unit in units]

    def raise_size(self, betting: BettingRound) -> int:
        """A bet of the round's size; once the open-pair big bet is made, a big one."""
        units = betting.rules.units
        return max(units) if betting.big_locked else min(units)

    def full_target(self, betting: BettingRound) -> int:
        return betting.full_level + self.raise_size(betting)


class _FromTheBet:
    """Spread, pot and no limit: a bet of at least the small bet; a raise of at least the
    last full bet or raise, counted from the current bet (WSOP-L 128; TDA 43)."""

    def raise_size(self, betting: BettingRound) -> int:
        return max(betting.rules.minimum, betting.last_increment)

    def full_target(self, betting: BettingRound) -> int:
        return betting.base + self.raise_size(betting)


class SpreadLimit(_FromTheBet):
    """Spread limit: any bet from the small bet up to the street's size; a raise at least the
    previous bet or raise of the round and at most the street's size (seed 000)."""

    def ranges(self, betting: BettingRound, seat: int) -> list[tuple[int, int]]:
        return [(self.full_target(betting), betting.base + max(betting.rules.units))]


class PotLimit(_FromTheBet):
    """Pot limit: at most the pot after calling (antes, the bring-in and calls count;
    BARGE, seed 001)."""

    def ranges(self, betting: BettingRound, seat: int) -> list[tuple[int, int]]:
        low = self.full_target(betting)
        high = betting.level + betting.pot_now() + betting.to_call(seat)
        return [(low, max(low, high))]


class NoLimit(_FromTheBet):
    """No limit: up to everything in front of you."""

    def ranges(self, betting: BettingRound, seat: int) -> list[tuple[int, int]]:
        return [(self.full_target(betting), 1 << 62)]
