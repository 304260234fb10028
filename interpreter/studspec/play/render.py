"""A hand's event log as a readable hand history, for people."""

from __future__ import annotations

from collections.abc import Sequence

from studspec.engine.actions import ActionKind
from studspec.engine.cards import Card
from studspec.engine.events import (
    ActionTaken,
    BettingSkipped,
    BringInDue,
    BurnsReshuffled,
    CardsDealt,
    CommunityCardDealt,
    Declared,
    EventVisitor,
    HandEnded,
    Mucked,
    PotAwarded,
    Showed,
    StreetBegan,
    TriggerFired,
    WildRanksChanged,
)
from studspec.engine.hand import Hand
from studspec.engine.wild_cards import wild_words
from studspec.rulebook.model import Face

_VERBS = {ActionKind.FOLD: "folds", ActionKind.CHECK_CALL: "checks", ActionKind.DECLINE: "declines"}
"""Actions whose words need no amount (a call with chips added says how many)."""


def _cards(cards: tuple[Card | None, ...], faces: tuple[Face, ...] | None = None) -> str:
    words = []
    for i, card in enumerate(cards):
        text = "??" if card is None else str(card)
        if faces is not None and faces[i] is Face.DOWN:
            text = f"[{text}]"
        words.append(text)
    return " ".join(words)


def _seats(stacks: Sequence[int]) -> str:
    return ", ".join(f"p{s + 1} {stack}" for s, stack in enumerate(stacks))


def _header(hand: Hand) -> list[str]:
    """The game, its stakes and the starting stacks."""
    stakes = hand.stakes
    bring_in = f", bring-in {stakes.bring_in}" if any(street.bring_in for street in hand.variant.streets) else ""
    return [
        f"{hand.variant.title}: ante {stakes.ante}{bring_in}, bets {stakes.small_bet}/{stakes.big_bet}",
        "Seats: " + _seats(hand.starting_stacks),
    ]


class _Story(EventVisitor):
    """The history line by line. Antes and burns are not told: they happen every hand.

    A ``cbr`` reads as "bets", "completes to" or "raises to" by what came before it on the
    street (nothing, the bring-in, or a bet), so the street's level is followed here.
    """

    def __init__(self, hand: Hand) -> None:
        self.lines = _header(hand)
        self.split_pot = len(hand.variant.shares) > 1
        self.level = 0
        self.brought_in = False

    def street_began(self, event: StreetBegan) -> None:
        self.level, self.brought_in = 0, False
        self.lines.append(f"*** {event.street} street ***")

    def cards_dealt(self, event: CardsDealt) -> None:
        self.lines.append(f"  p{event.seat + 1} is dealt {_cards(event.cards, event.faces)}")

    def community_card_dealt(self, event: CommunityCardDealt) -> None:
        self.lines.append(f"  community card {_cards((event.card,))} (plays in every hand)")

    def burns_reshuffled(self, event: BurnsReshuffled) -> None:
        self.lines.append(f"  the stub is short: {event.count} burn cards are shuffled back in")

    def bring_in_due(self, event: BringInDue) -> None:
        self.lines.append(f"  p{event.seat + 1} has the bring-in")

    def betting_skipped(self, event: BettingSkipped) -> None:
        self.lines.append("  no betting: fewer than two players can bet")

    def wild_ranks_changed(self, event: WildRanksChanged) -> None:
        self.lines.append(f"  now {wild_words(event.ranks)}")

    def trigger_fired(self, event: TriggerFired) -> None:
        price = "" if event.price is None else f" for {event.price}"
        self.lines.append(f"  p{event.seat + 1}'s {event.card} sets off {event.effect}{price}")

    def action_taken(self, event: ActionTaken) -> None:
        suffix = " (all-in)" if event.all_in else ""
        self.lines.append(f"  p{event.seat + 1} {self._words(event)}{suffix}")

    def _words(self, event: ActionTaken) -> str:
        kind = event.action.kind
        if kind is ActionKind.CHECK_CALL and event.added:
            return f"calls {event.added}"
        if kind is ActionKind.COMPLETE_BET_RAISE:
            verb = "completes to" if self.brought_in else ("raises to" if self.level else "bets")
            self.level, self.brought_in = event.street_total, False
            return f"{verb} {event.street_total}"
        if kind is ActionKind.BRING_IN:
            self.level, self.brought_in = event.street_total, True
            return f"brings in for {event.added}"
        if kind is ActionKind.PAY:
            return f"pays {event.added}"
        return _VERBS.get(kind, str(event.action))

    def declared(self, event: Declared) -> None:
        self.lines.append(f"  p{event.seat + 1} declares {event.declaration.value}")

    def showed(self, event: Showed) -> None:
        self.lines.append(f"  p{event.seat + 1} shows {_cards(event.cards)}")

    def mucked(self, event: Mucked) -> None:
        self.lines.append(f"  p{event.seat + 1} mucks")

    def pot_awarded(self, event: PotAwarded) -> None:
        pot = "main pot" if event.pot == 0 else f"side pot {event.pot}"
        share = f" ({event.share})" if self.split_pot else ""
        how = f" with {event.hand}" if event.hand else ""
        for seat, amount in event.amounts:
            self.lines.append(f"  p{seat + 1} wins {amount} from the {pot}{share}{how}")

    def hand_ended(self, event: HandEnded) -> None:
        self.lines.append("Final stacks: " + _seats(event.stacks))


def render(hand: Hand) -> str:
    """Every deal, action, show and award, street by street; down cards in brackets."""
    story = _Story(hand)
    story.visit(hand.events)
    return "\n".join(story.lines)
