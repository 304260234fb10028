"""Small helpers for the rule tests (tests/rules/; the machine and player tests use them too):
deal chosen cards and play PHH lines on a hand dealt from outside.

Every helper goes through the public API (``Hand.deal``/``Hand.act`` via
``apply_history_action``), so a refused deal or action fails the test at the line that
broke the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studspec.engine.actions import ActionKind, LegalAction, parse_action
from studspec.engine.events import ActionTaken, PotAwarded, Showed
from studspec.engine.hand import Hand
from studspec.history.phh import apply_history_action
from studspec.rulebook import load_variant
from studspec.rulebook.model import Stakes

STUD = "seven-card-stud"
HILO = "seven-card-stud-hi-lo"
RAZZ = "razz"

# docs/rules.md E5 and E6 use BI 3 / SB 10; the ante is 1.
DEFAULT_STAKES = dict(ante=1, bring_in=3, small_bet=10, big_bet=20)

_VARIANTS: dict[str, Any] = {}


def variant(name: str) -> Any:
    if name not in _VARIANTS:
        _VARIANTS[name] = load_variant(name)
    return _VARIANTS[name]


def new_hand(name: str = STUD, stacks: Sequence[int] = (1000, 1000, 1000), **stakes: int | tuple[int, ...]) -> Hand:
    """A hand of rule book ``name`` whose cards are dealt from outside (by the test);
    ``stakes`` over the defaults (``blinds=(5, 10)`` a tuple, the rest whole numbers)."""
    values: dict[str, Any] = {**DEFAULT_STAKES, **stakes}
    return Hand(
        variant(name),
        list(stacks),
        stakes=Stakes(**values),
        deal_from_outside=True,
        auto_showdown=True,
    )


def play(hand: Hand, script: str) -> None:
    """Play PHH lines (``d dh p1 AsKd7h``, ``p2 cbr 10``...), one per line; ``#`` comments."""
    for line in script.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            apply_history_action(hand, line)


def deal(hand: Hand, **cards: str) -> None:
    """Deal one street: ``deal(hand, p1="AsKd7h", p3="2c3c4c")``, dealt in seat order."""
    for who in sorted(cards, key=lambda p: int(p[1:])):
        apply_history_action(hand, f"d dh {who} {cards[who]}")


def legal(hand: Hand, seat: int | None = None) -> list[str]:
    return [str(a) for a in hand.legal_actions(seat)]


def act(hand: Hand, text: str) -> None:
    """The actor takes ``text`` (``cc``, ``cbr 20``...)."""
    hand.act(parse_action(text), seat=hand.actor)


def passive(hand: Hand) -> None:
    """Finish the current betting round without raising: post the bring-in, else check/call."""
    while hand.actor is not None and not hand.is_complete:
        kinds = {a.kind for a in hand.legal_actions()}
        act(hand, "pb" if ActionKind.BRING_IN in kinds else "cc")


def bet_then_call(hand: Hand) -> None:
    """The actor bets the one full bet offered (the smallest), then everyone calls."""
    bets = [a for a in hand.legal_actions() if a.kind is ActionKind.COMPLETE_BET_RAISE]
    assert bets, f"no bet offered to p{hand.actor}: {legal(hand)}"
    act(hand, f"cbr {min(b.minimum for b in bets if b.minimum is not None)}")
    passive(hand)


def streets(*per_seat: str) -> list[dict[str, str]]:
    """Split seven-card strings (one per seat, in dealing order: down, down, up, up, up,
    up, down) into the five streets' ``deal`` keyword arguments. ``None`` seats (folded
    before that street) are skipped by the caller."""
    out: list[dict[str, str]] = []
    slices = [(0, 6), (6, 8), (8, 10), (10, 12), (12, 14)]
    for lo, hi in slices:
        out.append({f"p{i + 1}": cards[lo:hi] for i, cards in enumerate(per_seat) if len(cards) >= hi})
    return out


def deal_street(hand: Hand, street: dict[str, str]) -> None:
    """Deal a street's cards to the seats still in the hand (folded seats get nothing)."""
    live = {f"p{s + 1}" for s in hand.live_seats()}
    deal(hand, **{p: c for p, c in street.items() if p in live})


@dataclass
class Run:
    hand: Hand
    openers: list[int | None]
    """``hand.actor`` right after each street was dealt (the seat that acts first)."""


def run_passive(hand: Hand, *per_seat: str) -> Run:
    """Deal every street from the seven-card strings and play every round passively."""
    openers: list[int | None] = []
    for street in streets(*per_seat):
        if hand.is_complete:
            break
        deal_street(hand, street)
        openers.append(hand.actor)
        passive(hand)
    return Run(hand, openers)


def shown_order(hand: Hand) -> list[int]:
    return [e.seat for e in hand.events if isinstance(e, Showed)]


def awards(hand: Hand) -> list[PotAwarded]:
    return [e for e in hand.events if isinstance(e, PotAwarded)]


def won(hand: Hand) -> dict[int, int]:
    """Chips each seat received from the pots (all pots, all shares)."""
    total: dict[int, int] = {}
    for award in awards(hand):
        for seat, amount in award.amounts:
            total[seat] = total.get(seat, 0) + amount
    return total


def actions_taken(hand: Hand) -> list[ActionTaken]:
    return [e for e in hand.events if isinstance(e, ActionTaken)]


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything observable about a hand, to compare before and after a refused request."""
    return (
        list(hand.events),
        list(hand.stacks),
        list(hand.contributed),
        hand.actor,
        hand.state,
        hand.street,
        [str(a) for a in hand.legal_actions()],
        [(p.amount, p.eligible) for p in hand.pots()],
        hand.pending_deal(),
        list(hand.folded),
        [list(c) for c in hand.cards],
        hand.deck.size,
        dict(hand.round.bets) if hand.round is not None else None,
        hand.view(hand.actor if hand.actor is not None else 0),
    )


def cbr_amounts(options: list[LegalAction]) -> list[int]:
    return sorted(a.minimum for a in options if a.kind is ActionKind.COMPLETE_BET_RAISE and a.minimum is not None)


def finish(hand: Hand, **rest: str) -> None:
    """Deal the remaining streets, one card a street per seat from ``rest`` (``p1="QdQc3d4d"``
    gives p1 its 4th, 5th, 6th and 7th cards), playing each betting round passively."""
    passive(hand)
    index = 0
    while not hand.is_complete and hand.pending_deal() is not None:
        street = {p: cards[index : index + 2] for p, cards in rest.items() if len(cards) > index}
        deal_street(hand, street)
        passive(hand)
        index += 2


def shuffled_hand(name: str, stacks: Sequence[int], seed: int, **stakes: int | tuple[int, ...]) -> Hand:
    """A hand dealt by the interpreter from a deck shuffled with ``seed``."""
    values: dict[str, Any] = {**DEFAULT_STAKES, **stakes}
    return Hand(variant(name), list(stacks), stakes=Stakes(**values), seed=seed, auto_showdown=True)


ALL_CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
