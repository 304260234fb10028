"""The hand's chips in play: antes, each street's betting round, and when betting is over.

A :class:`~studspec.engine.betting.BettingRound` knows one round's bookkeeping; this module
sets rounds up from the rule book and the table (the street's bet sizes, the open-pair
option, the cap heads-up) and gives the machine its conditions on the betting edges.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .betting import BettingRound, RoundRules
from .cards import FIRST_JOKER
from .events import ActionTaken, AntePosted, BettingSkipped, BringInDue
from .wilds import as_natural, table_ranks

if TYPE_CHECKING:
    from .hand import Hand

# Enum members the hot path reads, as module constants: Python 3.11's EnumType defines
# __getattr__, so every ``ActionKind.FOLD`` is a slow Python-level look-up (about 150 ns,
# four times a global's), paid several times a decision.
_FOLD = ActionKind.FOLD


def enter_antes(hand: Hand) -> None:
    """Every seat antes; a short stack antes what it has and is all-in (WSOP-L 217)."""
    ante = hand.stakes.ante
    if ante <= 0:
        return
    stacks, contributed, events = hand.stacks, hand.contributed, hand.events
    for seat in range(hand.seats):
        amount = min(ante, stacks[seat])
        stacks[seat] -= amount
        contributed[seat] += amount
        events.append(AntePosted(seat, amount, stacks[seat] == 0))


def new_round(hand: Hand, index: int, bring_in: bool) -> BettingRound:
    """Open street ``index``'s betting round (with the bring-in when it has one)."""
    rnd = BettingRound(
        rules=round_rules(hand, index, bring_in),
        sizing=hand.rules.sizing,
        pot_at_start=sum(hand.contributed) + hand.dead_money,
        uncapped=hand.rules.uncapped(len(hand.seats_with_chips())),
    )
    hand.rounds[index] = rnd
    hand.round = rnd
    return rnd


_KEPT_RULES: dict[tuple[int, int, int, bool, tuple[int, ...]], tuple[object, object, RoundRules]] = {}
"""Round rules already made, by the identity of the book and stakes they were made for: a
table's streets are played under the same few rules hand after hand."""
_KEPT_RULES_MOST = 256


def round_rules(hand: Hand, index: int, bring_in: bool) -> RoundRules:
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
    compiled = hand.compiled
    key = (id(compiled), id(stakes), index, bring_in, units)
    kept = _KEPT_RULES.get(key)
    if kept is not None and kept[0] is compiled and kept[1] is stakes:
        return kept[2]
    rules = RoundRules(
        units=units,
        minimum=min(stakes.small_bet, *units),
        raise_cap=hand.variant.raise_cap,
        counts_as_full=hand.rules.counts_as_full,
        bring_in=stakes.bring_in if bring_in else 0,
        bring_in_may_complete=hand.rules.bring_in_may_complete,
    )
    if len(_KEPT_RULES) >= _KEPT_RULES_MOST:
        _KEPT_RULES.clear()
    _KEPT_RULES[key] = (compiled, stakes, rules)  # the entry keeps both alive: their ids stay theirs
    return rules


def open_pair_showing(hand: Hand) -> bool:
    """Any live board shows a pair (WSOP-L 220: the big bet is open to every player). Read
    naturally, a joker is an ace; where wild cards count on the board, a wild card pairs any
    other up card."""
    table = hand.rules.wild
    if not table.any:  # every up card read as it is: a pair is a repeated rank
        for seat in hand.live:
            ranks = [card >> 2 for card in hand.boards[seat] if card is not None]
            if len(ranks) != len(set(ranks)):
                return True
        return False
    wild = table_ranks(hand) if table.board_wild else frozenset()
    for seat in hand.live:
        up = [c for c in hand.boards[seat] if c is not None]
        wilds = [c for c in up if table.board_wild and (c >= FIRST_JOKER or c.rank in wild)]
        ranks = [as_natural(c) >> 2 for c in up if c not in wilds]
        if len(ranks) != len(set(ranks)) or (wilds and len(up) >= 2):
            return True
    return False


def one_seat_left(hand: Hand) -> bool:
    """The machine's condition to settle at once: everyone else folded."""
    return len(hand.live) <= 1


def round_over(hand: Hand) -> bool:
    """The machine's condition to leave a betting phase: no seat is left to act (and no
    seat of several with unseen cards is still to choose who opens)."""
    rnd = hand.round
    return rnd is None or (not hand.open_candidates and not rnd.pending)  # rnd.over, inline


def betting_closed(hand: Hand) -> bool:
    """No betting when one seat is left, fewer than two seats can still bet, or the street
    was one community card and the rules allow no betting on it (seed 001)."""
    if len(hand.live) <= 1 or len(hand.seats_with_chips()) <= 1:
        return True
    return hand.community_street == hand.street and not hand.rules.community_betting


def betting_skipped(hand: Hand) -> None:
    """Record a street whose betting round the machine skipped."""
    if hand.street is not None and len(hand.live) > 1:
        hand.events.append(BettingSkipped(hand.variant.streets[hand.street].id))


def fold(hand: Hand, seat: int) -> None:
    """The seat gives up the hand: out of the seats still in, its cards dead in the muck."""
    hand.folded[seat] = True
    hand.live.remove(seat)
    hand.deck.to_muck(hand.cards[seat])


def take_action(hand: Hand, seat: int, action: Action) -> None:
    """Carry out a betting action already checked as legal: chips to the pot, a fold to the
    muck, and the record of it."""
    rnd = hand.round
    assert rnd is not None
    obliged = rnd.bring_in_seat
    added = rnd.apply(seat, action, hand.stacks[seat], hand.seats_with_chips)
    stacks = hand.stacks
    left = stacks[seat] = stacks[seat] - added
    hand.contributed[seat] += added
    if action.kind is _FOLD:
        fold(hand, seat)
    hand.events.append(ActionTaken(seat, action, added, rnd.bets[seat], left == 0))  # apply set the seat's bet
    if obliged == seat and rnd.bring_in_seat not in (None, seat):
        # The seat that had to open folded; the obligation moved on (TDA RP-10E).
        hand.events.append(BringInDue(rnd.bring_in_seat))
