"""The hand's chips in play: antes, each street's betting round, and when betting is over.

A :class:`~studspec.engine.betting.BettingRound` knows one round's bookkeeping; this module
sets rounds up from the rule book and the table (the street's bet sizes, the open-pair
option, the cap heads-up), keeps them in the betting phases' part (:class:`BettingPart`), and
gives the machine its conditions on the betting edges.
"""

from __future__ import annotations

from .actions import Action
from .betting import BettingRound, RoundRules
from .blinds import post_blinds
from .boards import open_pair_showing
from .core import HandCore, PhaseHandler, clockwise_from, fold, part
from .dealing import community_street
from .events import ActionTaken, AntePosted, BettingSkipped, BringInDue
from .hot import FOLD
from .phases import PhaseKind


class BettingPart:
    """The betting phases' own record: every street's round and who opened it, and, while
    unseen cards leave it open who opens the round (a replayed history's ``??``), the
    seats that may."""

    __slots__ = ("blinds", "candidates", "current", "current_street", "next_opener", "openers", "origin", "rounds")

    def __init__(self) -> None:
        self.rounds: dict[int, BettingRound] = {}
        """Each street's round, by street index, once it has begun."""
        self.current: BettingRound | None = None
        self.current_street: int | None = None
        """The last round begun and its street: the round in play while ``hand.street`` is
        still that street (read several times an action, so kept apart from ``rounds``)."""
        self.openers: dict[int, int] = {}
        """Who acted, or was due to act, first on each street."""
        self.candidates: tuple[int, ...] = ()
        """Seats that may open because unseen cards leave it open (a replay); whichever acts does."""
        self.origin: dict[int, int] = {}
        """For each seat that may open in place of an unseen candidate, that candidate."""
        self.blinds: dict[int, int] | None = None
        """The blinds posted, by seat, until the first betting round takes them as its first
        bets (``None``: no blinds, or already taken)."""
        self.next_opener: int | None = None
        """The seat a rule named to open the next round, whatever the boards (the player that
        just beat the best hand showing, ``streets[].turn_until_best``); taken once."""


BETTING_PART = part(BettingPart)
"""Where a hand keeps its betting part (``hand.parts[BETTING_PART]``); the betting turn reads
it directly, several times an action, rather than through :func:`betting_of`."""
_PART = BETTING_PART


def betting_of(hand: HandCore) -> BettingPart:
    """The hand's betting part (the rounds, the openers, the open candidates)."""
    found: BettingPart = hand.parts[_PART]
    return found


def current_round(hand: HandCore) -> BettingRound | None:
    """The round of the street in play, once it has begun (``None`` while it is dealt)."""
    found: BettingPart = hand.parts[_PART]
    return found.current if found.current_street == hand.street else None


def final_round(hand: HandCore) -> BettingRound | None:
    """The last street's round, if it was played."""
    found: BettingPart = hand.parts[_PART]
    return found.rounds.get(len(hand.variant.streets) - 1)


def enter_antes(hand: HandCore) -> None:
    """Every seat antes; a short stack antes what it has and is all-in (WSOP-L 217). Then
    the blinds, where the book has them (:mod:`.blinds`)."""
    ante = hand.stakes.ante
    if ante > 0:
        stacks, contributed, events = hand.stacks, hand.contributed, hand.events
        for seat in range(hand.seats):
            amount = min(ante, stacks[seat])
            stacks[seat] -= amount
            contributed[seat] += amount
            events.append(AntePosted(seat, amount, stacks[seat] == 0))
    if hand.stakes.blinds:
        found: BettingPart = hand.parts[_PART]
        found.blinds = {}
        post_blinds(hand, found.blinds)


def new_round(hand: HandCore, index: int, bring_in: bool) -> BettingRound:
    """Open street ``index``'s betting round (with the bring-in when it has one)."""
    rnd = BettingRound(
        rules=round_rules(hand, index, bring_in),
        sizing=hand.rules.sizing,
        pot_at_start=sum(hand.contributed) + hand.dead_money,
        uncapped=hand.rules.uncapped(len(hand.seats_with_chips())),
    )
    found: BettingPart = hand.parts[_PART]
    found.rounds[index] = found.current = rnd
    found.current_street = index
    return rnd


_KEPT_RULES: dict[tuple[int, int, int, bool, tuple[int, ...]], tuple[object, object, RoundRules]] = {}
"""Round rules already made, by the identity of the book's rules and the stakes they were
made for: a table's streets are played under the same few rules hand after hand."""
_KEPT_RULES_MOST = 256


def round_rules(hand: HandCore, index: int, bring_in: bool) -> RoundRules:
    """The street's bet sizes and limits at this table."""
    street = hand.variant.streets[index]
    stakes = hand.stakes
    if street.bet is None:  # pot and no limit: the small bet is the least bet
        units: tuple[int, ...] = (stakes.small_bet,)
    else:
        units = (stakes.bet(street.bet, street.bet_times),)
        if street.open_pair_applies and open_pair_showing(hand):
            # WSOP-L 220: either bet; seed 002: the round opens with the big bet.
            units = (stakes.big_bet,) if hand.rules.open_pair_requires_big_bet else (stakes.small_bet, stakes.big_bet)
    rules = hand.rules
    key = (id(rules), id(stakes), index, bring_in, units)
    kept = _KEPT_RULES.get(key)
    if kept is not None and kept[0] is rules and kept[1] is stakes:
        return kept[2]
    made = RoundRules(
        units=units,
        minimum=min(stakes.small_bet, *units),
        raise_cap=hand.variant.raise_cap,
        counts_as_full=rules.counts_as_full,
        bring_in=stakes.bring_in if bring_in else 0,
        bring_in_may_complete=rules.bring_in_may_complete,
    )
    if len(_KEPT_RULES) >= _KEPT_RULES_MOST:
        _KEPT_RULES.clear()
    _KEPT_RULES[key] = (rules, stakes, made)  # the entry keeps both alive: their ids stay theirs
    return made


def one_seat_left(hand: HandCore) -> bool:
    """The machine's condition to settle at once: everyone else folded."""
    return len(hand.live) <= 1


def round_over(hand: HandCore) -> bool:
    """The machine's condition to leave a betting phase: no seat is left to act (and no
    seat of several with unseen cards is still to choose who opens)."""
    found: BettingPart = hand.parts[_PART]
    rnd = found.current if found.current_street == hand.street else None
    return rnd is None or (not found.candidates and not rnd.pending)  # rnd.over, inline


def betting_closed(hand: HandCore) -> bool:
    """No betting when one seat is left, fewer than two seats can still bet, or the street
    was one community card and the rules allow no betting on it (seed 001)."""
    if len(hand.live) <= 1:
        return True
    with_chips = hand.seats_with_chips()
    if len(with_chips) <= 1:
        return not _short_of_a_blind(hand, with_chips)
    return community_street(hand) == hand.street and not hand.rules.community_betting


def _short_of_a_blind(hand: HandCore, with_chips: list[int]) -> bool:
    """Whether the one seat that still has chips has put in less than a blind an opponent
    still in posted: it must still call or fold, though nobody is left to raise (heads-up, a
    big blind all-in for more than the small blind; the small blind owes the rest)."""
    found: BettingPart = hand.parts[_PART]
    posted = found.blinds
    if not posted or not with_chips:
        return False
    live = hand.live
    most = max((amount for seat, amount in posted.items() if seat in live), default=0)
    return posted.get(with_chips[0], 0) < most


def betting_skipped(hand: HandCore) -> None:
    """Record a street whose betting round the machine skipped. Blinds still waiting for
    the first round stay in the pot as what they are, forced bets of a round not played."""
    found: BettingPart = hand.parts[_PART]
    found.blinds = None
    if hand.street is not None and len(hand.live) > 1:
        hand.events.append(BettingSkipped(hand.variant.streets[hand.street].id))


def take_action(hand: HandCore, seat: int, action: Action) -> None:
    """Carry out a betting action already checked as legal: chips to the pot, a fold to the
    muck, and the record of it; the first action of a round that unseen cards left open to
    several seats fixes its opener first (the betting phases' ``take``)."""
    found: BettingPart = hand.parts[_PART]
    if found.candidates:
        fix_opener(hand, seat)
    rnd = found.current  # a betting action is taken in the round in play
    assert rnd is not None
    obliged = rnd.bring_in_seat
    added = rnd.apply(seat, action, hand.stacks[seat], hand.seats_with_chips)
    stacks = hand.stacks
    left = stacks[seat] = stacks[seat] - added
    hand.contributed[seat] += added
    if action.kind is FOLD:
        fold(hand, seat)
    hand.events.append(ActionTaken(seat, action, added, rnd.bets[seat], left == 0))  # apply set the seat's bet
    if obliged == seat and rnd.bring_in_seat not in (None, seat):
        # The seat that had to open folded; the obligation moved on (TDA RP-10E).
        hand.events.append(BringInDue(rnd.bring_in_seat))


def set_bring_in(hand: HandCore, seat: int) -> None:
    """The bring-in is due from ``seat``; if it is all-in for the ante, the next seat with
    chips opens instead (WSOP-L 217, TDA RP-10E)."""
    rnd = current_round(hand)
    assert rnd is not None
    obliged = seat
    if hand.stacks[seat] == 0:
        following = [s for s in clockwise_from(hand.seats, seat) if hand.stacks[s] > 0 and s in hand.live]
        obliged = following[0] if following else seat
    rnd.bring_in_seat = obliged if hand.stacks[obliged] > 0 else None
    rnd.bring_in_may_fold = obliged != seat and hand.rules.opener_may_fold
    hand.events.append(BringInDue(obliged))
    betting_of(hand).openers[hand.street or 0] = obliged
    rnd.start(obliged, hand.seats_with_chips())


def fix_opener(hand: HandCore, seat: int) -> None:
    """``seat``, one of the open candidates, acted: it (or the candidate it stands for) opens."""
    betting = betting_of(hand)
    origin = betting.origin.get(seat, seat)
    betting.candidates = ()
    rnd = current_round(hand)
    assert rnd is not None
    if rnd.bring_in_seat is None and rnd.rules.bring_in and not rnd.acted:
        set_bring_in(hand, origin)
    else:
        betting.openers[hand.street or 0] = origin
        rnd.start(origin, hand.seats_with_chips())


ANTES = PhaseHandler(PhaseKind.ANTES, enter=enter_antes)
