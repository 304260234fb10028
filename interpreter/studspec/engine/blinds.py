"""Blinds: forced bets posted by position before the deal, in place of a bring-in.

A book's ``stakes.blinds`` lists the amounts from the dealer's left: seat 0 (the first seat
to the dealer's left; the dealer sits last) posts the first, the small blind, the next seat
the second, and so on. Heads-up with two blinds the dealer posts the small blind and the
other seat the big one, and the dealer acts first (TDA Rule 34, the heads-up button).

The blinds are live bets of the hand's first betting round, whatever street it is on (a
step of decisions may come before it): that round opens with the first seat after the last
blind, not by the boards; the bet to call is the largest blind, in full even when its
poster is all-in for less; and every poster is still to act, so when the betting comes back
to the big blind unraised it may check or raise (its option). A largest blind of at least a
full bet opens the betting (the next wager is a raise); a smaller one is completed, as a
bring-in is.
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.rulebook.model import Stakes, Variant

from .betting import BettingRound
from .core import HandCore
from .events import BlindPosted


@dataclass(frozen=True)
class BlindRound:
    """What a reader of a hand's log needs to tell its first betting round: the street whose
    round the blinds open, the bet to call there, and whether a wager completes it (the
    largest blind is below a full bet) rather than raising it."""

    street: int
    level: int
    completed: bool


def blind_round(variant: Variant, stakes: Stakes) -> BlindRound | None:
    """The round a table's blinds open (``None``: no blinds, or no street with betting)."""
    street = next((index for index, each in enumerate(variant.streets) if each.betting), None)
    if not stakes.blinds or street is None:
        return None
    size = variant.streets[street].bet
    full = stakes.small_bet if size is None else stakes.bet(size, variant.streets[street].bet_times)
    level = max(stakes.blinds)
    return BlindRound(street, level, level < full)


BLIND_NAMES = {(1, 0): "blind", (2, 0): "small blind", (2, 1): "big blind"}
"""How a blind is called by how many the table has and its place among them (else ``blind N``)."""


def blind_name(count: int, number: int) -> str:
    """``small blind``, ``big blind``, ``blind``, or ``blind 3`` of three and more."""
    return BLIND_NAMES.get((count, number), f"blind {number + 1}")


def blind_seats(seats: int, count: int) -> tuple[int, ...]:
    """The seat that posts each of ``count`` blinds at a table of ``seats``, in blind order.

    >>> blind_seats(6, 2), blind_seats(2, 2), blind_seats(2, 1), blind_seats(4, 3)
    ((0, 1), (1, 0), (0,), (0, 1, 2))
    """
    if seats == 2 and count == 2:
        return (1, 0)  # heads-up: the dealer (the last seat) posts the small blind
    return tuple(range(count))


def post_blinds(hand: HandCore, posted: dict[int, int]) -> None:
    """Every blind is posted, before the deal; a short stack posts what it has and is all-in
    (a stack all-in for the ante posts nothing). ``posted`` receives each seat's blind."""
    blinds, stacks, contributed, events = hand.stakes.blinds, hand.stacks, hand.contributed, hand.events
    for number, seat in enumerate(blind_seats(hand.seats, len(blinds))):
        amount = min(blinds[number], stacks[seat])
        if amount == 0:
            continue
        stacks[seat] -= amount
        contributed[seat] += amount
        posted[seat] = posted.get(seat, 0) + amount
        events.append(BlindPosted(seat, number, amount, stacks[seat] == 0))


def open_after_blinds(hand: HandCore, rnd: BettingRound, posted: dict[int, int]) -> int:
    """Make the blinds ``posted`` the round's first bets and return the seat that opens it:
    the first after the last blind. The bet to call is the largest blind in full; it is a
    full bet if it reaches one (the next wager raises it), else it is completed."""
    blinds = hand.stakes.blinds
    seats = blind_seats(hand.seats, len(blinds))
    rnd.bets = dict(posted)
    rnd.pot_at_start -= sum(posted.values())  # already in the pot as contributions
    level = max(blinds)
    rnd.level = level
    if level >= rnd.sizing.full_target(rnd):
        rnd.opened = True
        rnd.full_level = level
        rnd.last_increment = level
    return (seats[-1] + 1) % hand.seats
