"""A hand's event log as a readable hand history, for people."""

from __future__ import annotations

from studspec.engine.cards import Card
from studspec.engine.events import (
    ActionTaken,
    AntePosted,
    BettingSkipped,
    BringInDue,
    BurnsReshuffled,
    CardBurned,
    CardsDealt,
    CommunityCardDealt,
    HandEnded,
    Mucked,
    PotAwarded,
    Showed,
    StreetBegan,
)
from studspec.engine.hand import Hand
from studspec.spec.model import Face

_VERBS = {"f": "folds", "cc": "checks", "pb": "brings in for"}


def _cards(cards: tuple[Card | None, ...], faces: tuple[Face, ...] | None = None) -> str:
    words = []
    for i, card in enumerate(cards):
        text = "??" if card is None else str(card)
        if faces is not None and faces[i] is Face.DOWN:
            text = f"[{text}]"
        words.append(text)
    return " ".join(words)


def render(hand: Hand) -> str:
    """Every deal, action, show and award, street by street; down cards in brackets."""
    stakes = hand.stakes
    lines = [
        (
            f"{hand.variant.title}: ante {stakes.ante}, bring-in {stakes.bring_in}, "
            f"bets {stakes.small_bet}/{stakes.big_bet}"
        ),
        "Seats: " + ", ".join(f"p{s + 1} {stack}" for s, stack in enumerate(hand.starting_stacks)),
    ]
    level = 0
    brought_in = False
    for event in hand.events:
        if isinstance(event, AntePosted):
            continue
        if isinstance(event, StreetBegan):
            level, brought_in = 0, False
            lines.append(f"*** {event.street} street ***")
        elif isinstance(event, CardsDealt):
            lines.append(f"  p{event.seat + 1} is dealt {_cards(event.cards, event.faces)}")
        elif isinstance(event, CommunityCardDealt):
            lines.append(f"  community card {_cards((event.card,))} (plays in every hand)")
        elif isinstance(event, CardBurned):
            continue
        elif isinstance(event, BurnsReshuffled):
            lines.append(f"  the stub is short: {event.count} burn cards are shuffled back in")
        elif isinstance(event, BringInDue):
            lines.append(f"  p{event.seat + 1} has the bring-in")
        elif isinstance(event, BettingSkipped):
            lines.append("  no betting: fewer than two players can bet")
        elif isinstance(event, ActionTaken):
            code = event.action.kind.value
            if code == "cc" and event.added:
                text = f"calls {event.added}"
            elif code == "cbr":
                verb = "completes to" if brought_in else ("raises to" if level else "bets")
                text = f"{verb} {event.street_total}"
                level, brought_in = event.street_total, False
            elif code == "pb":
                text = f"brings in for {event.added}"
                level, brought_in = event.street_total, True
            else:
                text = _VERBS.get(code, str(event.action))
            suffix = " (all-in)" if event.all_in else ""
            lines.append(f"  p{event.seat + 1} {text}{suffix}")
        elif isinstance(event, Showed):
            lines.append(f"  p{event.seat + 1} shows {_cards(event.cards)}")
        elif isinstance(event, Mucked):
            lines.append(f"  p{event.seat + 1} mucks")
        elif isinstance(event, PotAwarded):
            pot = "main pot" if event.pot == 0 else f"side pot {event.pot}"
            for seat, amount in event.amounts:
                how = f" with {event.hand}" if event.hand else ""
                share = f" ({event.share})" if len(hand.variant.shares) > 1 else ""
                lines.append(f"  p{seat + 1} wins {amount} from the {pot}{share}{how}")
        elif isinstance(event, HandEnded):
            lines.append("Final stacks: " + ", ".join(f"p{s + 1} {stack}" for s, stack in enumerate(event.stacks)))
    return "\n".join(lines)
