"""What a rules designer asks of many hands, counted from each finished hand's events.

A finished hand is reduced to a small :class:`HandRecord` (integers and flags, cheap to
send between processes); records add up into :class:`Totals`, which hold only integer
counts, sums and maxima, so the totals of a simulation are exactly the same whether its
hands were played in one process or spread over many. :func:`report` turns totals into
rates, as plain data for ``--json`` and for the text table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from studspec.engine.actions import ActionKind
from studspec.engine.events import (
    ActionTaken,
    BringInDue,
    BurnsReshuffled,
    CommunityCardDealt,
    DealVoided,
    Declared,
    EventVisitor,
    PotAwarded,
    StreetBegan,
    TriggerFired,
    WildRanksChanged,
)
from studspec.engine.hand import Hand
from studspec.engine.identity import by_identity
from studspec.engine.machine import compile_variant
from studspec.engine.records import quick_init
from studspec.engine.rounds import betting_of
from studspec.rulebook.model import Variant
from studspec.rulebook.options import TRIGGER_EFFECT_TRAITS, TRIGGER_PRICE_TRAITS

from .decision_stats import decision_counts, decision_lines, decisions_report

UNCONTESTED = "uncontested"
_FOLD, _CBR = ActionKind.FOLD, ActionKind.COMPLETE_BET_RAISE
"""Read for every action of every simulated hand: module constants, as Python 3.11's enum
classes make each ``ActionKind.FOLD`` a slow look-up."""
_ANSWERS = frozenset({ActionKind.PAY, ActionKind.DECLINE, ActionKind.FOLD})
"""What a seat may answer to a dealt-card rule's price."""


@quick_init
@dataclass(frozen=True, slots=True)
class HandRecord:
    """The facts of one finished hand that the report counts."""

    players_at_street: tuple[int, ...]
    """Players still in when each street began (0 for a street never reached)."""
    showdown: bool
    pot: int
    """Chips paid out: every pot, every share."""
    bring_in_completed: bool
    completed_by_bring_in: bool
    open_pair_offered: bool
    open_pair_taken: bool
    community: bool
    burns_reshuffled: bool
    main_pot_winners: int
    """Seats that took chips from the main pot (at showdown)."""
    shares_awarded: int
    """Shares of the main pot that someone won (a low nobody qualified for is not)."""
    tied_share: bool
    """Some share of the main pot was split between tied hands."""
    net: tuple[int, ...]
    swings: int = 0
    """Hi-lo declare: seats that declared more than one share (both, all, 1+3: a swing)."""
    swings_failed: int = 0
    """Of those, the seats that took nothing from the main pot (a failed swing)."""
    wild_changes: int = 0
    """Follow the Queen: how many times the wild ranks changed as the up cards fell."""
    extra_cards: int = 0
    """Dealt-card rules: extra cards dealt (Baseball's up fours, free or bought)."""
    voids: int = 0
    """Dealt-card rules: how many times the deal was voided and dealt again (The Queen)."""
    asked: tuple[int, ...] = ()
    """Priced dealt-card rules: how many times each was asked, by :func:`priced_effects` order."""
    paid: tuple[int, ...] = ()
    """Of those, how many times the seat paid (bought the card, matched the pot)."""
    decisions: tuple[int, ...] = ()
    """Decisions about cards: the counts of :class:`~.decision_stats.Count` (none in a book
    without decisions)."""
    shares_won: tuple[int, ...] = ()
    """Each share of the main pot at a showdown: 1 if somebody won it (none without a showdown)."""
    shares_tied: tuple[int, ...] = ()
    """Each share of the main pot at a showdown: 1 if tied hands split it."""


@by_identity
@lru_cache(maxsize=64)
def priced_effects(variant: Variant) -> tuple[str, ...]:
    """The effects of the book's dealt-card rules that ask a price, each once, in book order."""
    return tuple(dict.fromkeys(t.effect for t in variant.triggers if TRIGGER_PRICE_TRAITS[t.price].charges))


@by_identity
@lru_cache(maxsize=64)
def bring_in_street(variant: Variant) -> int | None:
    """The street whose round opens with the bring-in, if any (counted once a book, not a hand)."""
    return next((i for i, s in enumerate(variant.streets) if s.bring_in), None)


class _Counter(EventVisitor):
    """The counts that only the event log knows: who was in at each street, whether the
    bring-in was completed (and by the bring-in itself), the main pot's awards."""

    def __init__(self, hand: Hand) -> None:
        streets = hand.variant.streets
        self.at_street = [0] * len(streets)
        self.live = hand.seats
        self.street: int | None = None
        self.bring_in_street = bring_in_street(hand.variant)
        self.bring_in_seat: int | None = None
        self.first_action_on_bring_in = True
        self.completed = False
        self.by_bring_in = False
        self.main: list[PotAwarded] = []
        self.pot = 0
        self.community = False
        """A community card was dealt because the deck ran short (not a board the book deals)."""
        self.boards = [bool(street.board) for street in streets]
        self.reshuffled = False
        self.swingers: set[int] = set()
        self.wild_changes = 0
        self.extra_cards = 0
        self.voids = 0
        self.priced = priced_effects(hand.variant)
        self.asked = [0] * len(self.priced)
        self.paid = [0] * len(self.priced)
        self.offered: list[str] = []
        """The effects of the offers still to be answered, oldest first."""

    def street_began(self, event: StreetBegan) -> None:
        self.street = event.index
        self.at_street[event.index] = self.live

    def bring_in_due(self, event: BringInDue) -> None:
        self.bring_in_seat = event.seat

    def action_taken(self, event: ActionTaken) -> None:
        kind = event.action.kind
        if kind is _FOLD:
            self.live -= 1
        if self.offered and kind in _ANSWERS:
            effect = self.offered.pop(0)
            if kind is ActionKind.PAY:
                self.paid[self.priced.index(effect)] += 1
                self.extra_cards += TRIGGER_EFFECT_TRAITS[effect].deals_card
            return
        if self.street != self.bring_in_street:
            return
        if kind is _CBR:
            self.completed = True
            # Completed by the bring-in itself: its first action on the street was a cbr.
            self.by_bring_in = self.by_bring_in or (self.first_action_on_bring_in and event.seat == self.bring_in_seat)
        self.first_action_on_bring_in = False

    def pot_awarded(self, event: PotAwarded) -> None:
        self.pot += sum(amount for _, amount in event.amounts)
        if event.pot == 0:
            self.main.append(event)

    def wild_ranks_changed(self, event: WildRanksChanged) -> None:
        self.wild_changes += 1

    def deal_voided(self, event: DealVoided) -> None:
        self.voids += 1

    def trigger_fired(self, event: TriggerFired) -> None:
        if event.price is None:
            self.extra_cards += TRIGGER_EFFECT_TRAITS[event.effect].deals_card
            return
        self.asked[self.priced.index(event.effect)] += 1
        self.offered.append(event.effect)

    def declared(self, event: Declared) -> None:
        if event.declaration.swing:
            self.swingers.add(event.seat)

    def community_card_dealt(self, event: CommunityCardDealt) -> None:
        """Only a card dealt in place of a street counts (the deck ran short): a street's own
        board is the book's design."""
        if self.street is None or not self.boards[self.street]:
            self.community = True

    def burns_reshuffled(self, event: BurnsReshuffled) -> None:
        self.reshuffled = True


def record(hand: Hand) -> HandRecord:
    """The :class:`HandRecord` of a finished hand."""
    if not hand.is_complete or hand.result is None:
        raise ValueError("only a finished hand can be counted")
    counts = _Counter(hand)
    counts.visit(hand.events)
    main = counts.main
    rounds = list(betting_of(hand).rounds.values())
    showdown = any(award.share != UNCONTESTED for award in main)
    winners = {seat for award in main for seat, amount in award.amounts if amount > 0}
    return HandRecord(
        players_at_street=tuple(counts.at_street),
        showdown=showdown,
        pot=counts.pot,
        bring_in_completed=counts.completed,
        completed_by_bring_in=counts.by_bring_in,
        open_pair_offered=any(len(r.rules.units) > 1 for r in rounds),
        open_pair_taken=any(r.big_locked for r in rounds),
        community=counts.community,
        burns_reshuffled=counts.reshuffled,
        main_pot_winners=len(winners) if showdown else 0,
        shares_awarded=len(main) if showdown else 0,  # one award a share won (two may share a name)
        tied_share=showdown and any(len(award.amounts) > 1 for award in main),
        net=hand.result.net,
        swings=len(counts.swingers),
        swings_failed=len(counts.swingers - winners),
        wild_changes=counts.wild_changes,
        extra_cards=counts.extra_cards,
        voids=counts.voids,
        asked=tuple(counts.asked),
        paid=tuple(counts.paid),
        decisions=decision_counts(hand),
        **_each_share(hand, main if showdown else []),
    )


def _each_share(hand: Hand, main: list[PotAwarded]) -> dict[str, tuple[int, ...]]:
    """Which shares of the main pot were won and which tied: the awards come in the shares'
    order, a share nobody won left out (two shares may read one ranking: Studaha)."""
    names = [rule.name for rule, _ in hand.rules.shares]
    won, tied = [0] * len(names), [0] * len(names)
    position = 0
    for award in main:
        found = next((i for i in range(position, len(names)) if names[i] == award.share), None)
        if found is None:
            continue
        won[found], tied[found] = 1, int(len(award.amounts) > 1)
        position = found + 1
    return {"shares_won": tuple(won) if main else (), "shares_tied": tuple(tied) if main else ()}


@dataclass
class Totals:
    """Integer sums over many hands; :meth:`add` and :meth:`merge` commute exactly."""

    streets: int
    seats: int
    hands: int = 0
    reached: list[int] = field(default_factory=list)
    players_at_street: list[int] = field(default_factory=list)
    showdowns: int = 0
    pot_sum: int = 0
    pot_max: int = 0
    bring_in_completed: int = 0
    completed_by_bring_in: int = 0
    open_pair_offered: int = 0
    open_pair_taken: int = 0
    community: int = 0
    burns_reshuffled: int = 0
    scoops: int = 0
    splits: int = 0
    unclaimed_share: int = 0
    nobody_won: int = 0
    """Main pots at showdown in which no share was won (``pots.nobody_qualifies`` split them)."""
    ties: int = 0
    swings: int = 0
    swings_failed: int = 0
    wild_changes: int = 0
    wild_changed: int = 0
    extra_cards: int = 0
    extra_card_hands: int = 0
    voids: int = 0
    void_hands: int = 0
    asked: list[int] = field(default_factory=list)
    """Priced dealt-card rules asked, by :func:`priced_effects` order."""
    paid: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    """Decisions about cards, by :class:`~.decision_stats.Count`."""
    wins: list[int] = field(default_factory=list)
    net: list[int] = field(default_factory=list)
    share_won: list[int] = field(default_factory=list)
    """Main pots at showdown in which each share was won."""
    share_tied: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.reached = self.reached or [0] * self.streets
        self.players_at_street = self.players_at_street or [0] * self.streets
        self.wins = self.wins or [0] * self.seats
        self.net = self.net or [0] * self.seats

    def add(self, rec: HandRecord, shares: int) -> None:
        self.hands += 1
        for i, players in enumerate(rec.players_at_street):
            if players:
                self.reached[i] += 1
                self.players_at_street[i] += players
        self.showdowns += rec.showdown
        self.pot_sum += rec.pot
        self.pot_max = max(self.pot_max, rec.pot)
        self.bring_in_completed += rec.bring_in_completed
        self.completed_by_bring_in += rec.completed_by_bring_in
        self.open_pair_offered += rec.open_pair_offered
        self.open_pair_taken += rec.open_pair_taken
        self.community += rec.community
        self.burns_reshuffled += rec.burns_reshuffled
        self.swings += rec.swings
        self.swings_failed += rec.swings_failed
        self.wild_changes += rec.wild_changes
        self.wild_changed += rec.wild_changes > 0
        self.extra_cards += rec.extra_cards
        self.extra_card_hands += rec.extra_cards > 0
        self.voids += rec.voids
        self.void_hands += rec.voids > 0
        self.asked = _summed(self.asked, rec.asked)
        self.paid = _summed(self.paid, rec.paid)
        if rec.decisions:
            self.decisions = _summed(self.decisions, rec.decisions)
        if rec.showdown:
            self.scoops += rec.main_pot_winners == 1
            self.splits += rec.main_pot_winners > 1
            self.unclaimed_share += rec.shares_awarded < shares
            self.nobody_won += not any(rec.shares_won)
            self.ties += rec.tied_share
            self.share_won = _summed(self.share_won, rec.shares_won)
            self.share_tied = _summed(self.share_tied, rec.shares_tied)
        for seat, amount in enumerate(rec.net):
            self.wins[seat] += amount > 0
            self.net[seat] += amount

    def merge(self, other: Totals) -> None:
        for name in ("hands", "showdowns", "pot_sum", "bring_in_completed", "completed_by_bring_in",
                     "open_pair_offered", "open_pair_taken", "community", "burns_reshuffled",
                     "scoops", "splits", "unclaimed_share", "nobody_won", "ties", "swings", "swings_failed", "wild_changes", "wild_changed", "extra_cards", "extra_card_hands", "voids", "void_hands"):  # fmt: skip
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.pot_max = max(self.pot_max, other.pot_max)
        for name in (
            "reached",
            "players_at_street",
            "wins",
            "net",
            "asked",
            "paid",
            "decisions",
            "share_won",
            "share_tied",
        ):
            setattr(self, name, _summed(getattr(self, name), getattr(other, name)))


def _summed(mine: Sequence[int], theirs: Sequence[int]) -> list[int]:
    """Two lists of counts added item by item; an empty one (nothing counted yet) adds nothing."""
    if not mine or not theirs:
        return list(mine or theirs)
    return [a + b for a, b in zip(mine, theirs)]


def _rate(count: int, total: int) -> float:
    return round(count / total, 6) if total else 0.0


def _per_hand(count: int, hands: int) -> float:
    """How many a hand, on average, to four places (0 before any hand)."""
    return round(count / hands, 4) if hands else 0.0


def _streets(totals: Totals, variant: Variant) -> list[dict[str, Any]]:
    """How often each street was reached, and by how many players on average."""
    return [
        {
            "street": street.id,
            "reached": _rate(totals.reached[i], totals.hands),
            "average_players": round(totals.players_at_street[i] / totals.reached[i], 3) if totals.reached[i] else 0.0,
        }
        for i, street in enumerate(variant.streets)
    ]


def _main_pot(totals: Totals, variant: Variant) -> dict[str, Any]:
    """How the main pot went at showdown: rates out of the hands that reached one."""
    showdowns = totals.showdowns
    names = [rule.name for rule, _ in compile_variant(variant).rules.shares]  # the names its awards carry
    return {
        "shares": names,
        "scooped": _rate(totals.scoops, showdowns),
        "split": _rate(totals.splits, showdowns),
        "tied_share": _rate(totals.ties, showdowns),
        "share_unclaimed": _rate(totals.unclaimed_share, showdowns),
        **({"no_share_won": _rate(totals.nobody_won, showdowns)} if variant.nobody_qualifies else {}),
        "each_share": [
            {
                "share": name,
                "won": _rate(totals.share_won[i] if i < len(totals.share_won) else 0, showdowns),
                "tied": _rate(totals.share_tied[i] if i < len(totals.share_tied) else 0, showdowns),
            }
            for i, name in enumerate(names)
        ],
    }


def _seats(totals: Totals, big_bet: int) -> list[dict[str, Any]]:
    """Each seat's share of hands won and its average result, by position."""
    n = totals.hands
    return [
        {
            "seat": seat + 1,
            "won": _rate(totals.wins[seat], n),
            "average_net_big_bets": round(totals.net[seat] / n / big_bet, 4) if n else 0.0,
        }
        for seat in range(totals.seats)
    ]


def report(totals: Totals, variant: Variant, *, big_bet: int, meta: dict[str, Any]) -> dict[str, Any]:
    """The designer's numbers as plain data (rates are fractions from 0 to 1)."""
    n = totals.hands
    return {
        **meta,
        "hands": n,
        "streets": _streets(totals, variant),
        "showdown": _rate(totals.showdowns, n),
        "pot_in_big_bets": {
            "big_bet": big_bet,
            "average": round(totals.pot_sum / n / big_bet, 3) if n else 0.0,
            "largest": round(totals.pot_max / big_bet, 3),
        },
        **_bring_in(totals, variant),
        **_open_pair(totals, variant),
        "community_card": _rate(totals.community, n),
        "burns_reshuffled": _rate(totals.burns_reshuffled, n),
        "main_pot_at_showdown": _main_pot(totals, variant),
        **_declarations(totals, variant),
        **_wild(totals, variant),
        **_extra_cards(totals, variant),
        **_voids(totals, variant),
        **_prices(totals, variant),
        **decisions_report(totals.decisions, totals.hands, variant),
        "seats": _seats(totals, big_bet),
    }


def _bring_in(totals: Totals, variant: Variant) -> dict[str, Any]:
    """How often the bring-in is completed; a book without a bring-in has nothing to count."""
    if bring_in_street(variant) is None:
        return {}
    return {
        "bring_in": {
            "completed": _rate(totals.bring_in_completed, totals.hands),
            "completed_by_the_bring_in": _rate(totals.completed_by_bring_in, totals.hands),
        }
    }


def _open_pair(totals: Totals, variant: Variant) -> dict[str, Any]:
    """How often the open-pair big bet is offered and taken, in a book with that rule."""
    if not any(street.open_pair_applies for street in variant.streets):
        return {}
    return {
        "open_pair_big_bet": {
            "offered": _rate(totals.open_pair_offered, totals.hands),
            "taken": _rate(totals.open_pair_taken, totals.hands),
        }
    }


def _wild(totals: Totals, variant: Variant) -> dict[str, Any]:
    """A wild rank that follows the cards (Follow the Queen): how often it changes."""
    if compile_variant(variant).rules.wild.follow.trigger is None:  # the book's rules, resolved once
        return {}
    return {
        "wild_ranks": {
            "changed": _rate(totals.wild_changed, totals.hands),
            "changes_per_hand": _per_hand(totals.wild_changes, totals.hands),
        }
    }


def _extra_cards(totals: Totals, variant: Variant) -> dict[str, Any]:
    """Dealt-card rules that give an extra card: how often a player gets one."""
    if not any(TRIGGER_EFFECT_TRAITS[trigger.effect].deals_card for trigger in variant.triggers):
        return {}
    return {
        "extra_cards": {
            "hands_with_one": _rate(totals.extra_card_hands, totals.hands),
            "per_hand": _per_hand(totals.extra_cards, totals.hands),
        }
    }


def _voids(totals: Totals, variant: Variant) -> dict[str, Any]:
    """Dealt-card rules that void the deal (The Queen): how often a hand is dealt again."""
    if not any(TRIGGER_EFFECT_TRAITS[trigger.effect].voids for trigger in variant.triggers):
        return {}
    return {
        "voided_deals": {
            "hands_with_one": _rate(totals.void_hands, totals.hands),
            "per_hand": _per_hand(totals.voids, totals.hands),
        }
    }


def _prices(totals: Totals, variant: Variant) -> dict[str, Any]:
    """Priced dealt-card rules: how often each is asked, and how often the seat pays (buys
    Baseball's extra card, matches the pot) rather than declining or folding."""
    effects = priced_effects(variant)
    if not effects:
        return {}
    asked = totals.asked or [0] * len(effects)
    paid = totals.paid or [0] * len(effects)
    return {
        "priced_rules": [
            {
                "effect": effect,
                "asked_per_hand": _per_hand(asked[i], totals.hands),
                "paid": _rate(paid[i], asked[i]),
            }
            for i, effect in enumerate(effects)
        ]
    }


def _declarations(totals: Totals, variant: Variant) -> dict[str, Any]:
    """Hi-lo declare only: how often a player declares both, and how often that fails."""
    if not compile_variant(variant).rules.declares:
        return {}
    return {
        "declare": {
            "both_per_hand": _per_hand(totals.swings, totals.hands),
            "both_failed": _rate(totals.swings_failed, totals.swings),
        }
    }


def _pct(rate: float) -> str:
    return f"{100 * rate:5.1f}%"


def _home_game_lines(data: dict[str, Any]) -> list[str]:
    """The lines only some books report: a wild rank that follows the cards, declarations."""
    lines: list[str] = []
    if "wild_ranks" in data:
        wild = data["wild_ranks"]
        lines += [
            "",
            f"wild ranks changed           {_pct(wild['changed'])}  ({wild['changes_per_hand']:.2f} changes a hand)",
        ]
    if "extra_cards" in data:
        extra = data["extra_cards"]
        lines += [
            "",
            f"an extra card dealt          {_pct(extra['hands_with_one'])}  ({extra['per_hand']:.2f} a hand)",
        ]
    if "voided_deals" in data:
        voided = data["voided_deals"]
        lines += [
            "",
            f"a deal voided, dealt again   {_pct(voided['hands_with_one'])}  ({voided['per_hand']:.2f} a hand)",
        ]
    for rule in data.get("priced_rules", ()):
        lines += [
            "",
            f"{rule['effect']} asked, per hand".ljust(29) + f"{rule['asked_per_hand']:.3f}",
            f"  and paid for               {_pct(rule['paid'])}",
        ]
    if "declare" in data:
        declare = data["declare"]
        lines += [
            "",
            f"declared a swing, per hand    {declare['both_per_hand']:.3f}",  # both, all, 1+3
            f"  and won nothing (failed)   {_pct(declare['both_failed'])}",
        ]
    return lines


def _rule_lines(data: dict[str, Any]) -> list[str]:
    """The bring-in and open-pair lines, for a book that has those rules."""
    lines = []
    if "bring_in" in data:
        bring_in = data["bring_in"]
        lines.append(
            f"bring-in completed           {_pct(bring_in['completed'])}"
            f"  (by the bring-in itself {_pct(bring_in['completed_by_the_bring_in']).strip()})"
        )
    if "open_pair_big_bet" in data:
        open_pair = data["open_pair_big_bet"]
        lines.append(
            f"open-pair big bet offered    {_pct(open_pair['offered'])}  (taken {_pct(open_pair['taken']).strip()})"
        )
    return lines


def format_report(data: dict[str, Any]) -> str:
    """The report as a table for people."""
    pot = data["pot_in_big_bets"]
    main = data["main_pot_at_showdown"]
    lines = [
        (
            f"{data['title']}: {data['hands']} hands, {data['players']} players, seed {data['seed']}, "
            f"{data['player']} players"
        ),
        "",
        "street reached (average players in)",
    ]
    for street in data["streets"]:
        lines.append(f"  {street['street']:<12} {_pct(street['reached'])}  ({street['average_players']:.2f})")
    lines += [
        "",
        f"showdown                     {_pct(data['showdown'])}",
        f"pot in big bets ({pot['big_bet']})".ljust(29) + f"average {pot['average']:.2f}, largest {pot['largest']:.2f}",
        *_rule_lines(data),
        f"community card               {_pct(data['community_card'])}",
        f"burns reshuffled             {_pct(data['burns_reshuffled'])}",
        "",
        f"main pot at showdown ({' / '.join(main['shares'])})",
        f"  scooped by one player      {_pct(main['scooped'])}",
        f"  split between players      {_pct(main['split'])}",
        f"  a share tied               {_pct(main['tied_share'])}",
    ]
    if len(main["shares"]) > 1:
        lines.append(
            f"  a share nobody qualified   {_pct(main['share_unclaimed'])}  (no low, no hole spade, or nobody declared it)"
        )
        for share in main["each_share"]:
            lines.append(f"  {share['share'] + ' won':<26} {_pct(share['won'])}  (tied {_pct(share['tied']).strip()})")
    if "no_share_won" in main:
        lines.append(f"  nobody qualified for any   {_pct(main['no_share_won'])}  (split among every hand)")
    lines += _home_game_lines(data)
    lines += decision_lines(data)
    lines += ["", "seat (1 = first left of the dealer): hands won, average net in big bets"]
    for seat in data["seats"]:
        lines.append(f"  p{seat['seat']:<3} {_pct(seat['won'])}  {seat['average_net_big_bets']:+.3f}")
    return "\n".join(lines) + "\n"
