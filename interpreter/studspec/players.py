"""Built-in players: simple automata that choose among the legal actions.

They exist so that a rule book can be played and simulated without people: every choice
comes from ``legal_actions()``, so whatever they do is legal by construction, and all
randomness comes from the ``random.Random`` they are given.
"""

from __future__ import annotations

import random
from typing import Protocol

from .actions import Action, ActionKind, LegalAction, bet_to
from .hand import Hand


def as_action(choice: LegalAction, amount: int | None = None) -> Action:
    """Turn a legal choice into the action that takes it (``cbr`` at ``amount`` or its minimum)."""
    if choice.kind is ActionKind.COMPLETE_BET_RAISE:
        assert choice.minimum is not None
        return bet_to(choice.minimum if amount is None else amount)
    return Action(choice.kind)


class Player(Protocol):
    def choose(self, hand: Hand, seat: int, legal: list[LegalAction]) -> Action: ...


class RandomPlayer:
    """Picks a legal action at random, with weights that keep hands going: folds when
    facing a bet now and then, bets or raises sometimes, otherwise checks or calls."""

    def __init__(self, rng: random.Random, fold: float = 0.15, aggression: float = 0.2) -> None:
        self.rng = rng
        self.fold = fold
        self.aggression = aggression

    def choose(self, hand: Hand, seat: int, legal: list[LegalAction]) -> Action:
        by_kind: dict[ActionKind, list[LegalAction]] = {}
        for choice in legal:
            by_kind.setdefault(choice.kind, []).append(choice)
        roll = self.rng.random()
        if ActionKind.FOLD in by_kind and roll < self.fold:
            return as_action(by_kind[ActionKind.FOLD][0])
        raises = by_kind.get(ActionKind.COMPLETE_BET_RAISE)
        if raises and self.rng.random() < self.aggression:
            choice = self.rng.choice(raises)
            assert choice.minimum is not None and choice.maximum is not None
            return as_action(choice, self.rng.randint(choice.minimum, choice.maximum))
        for kind in (ActionKind.BRING_IN, ActionKind.CHECK_CALL):
            if kind in by_kind:
                return as_action(by_kind[kind][0])
        return as_action(self.rng.choice(legal))


def play_out(hand: Hand, players: list[Player]) -> Hand:
    """Let ``players`` (one per seat) act until the hand is over."""
    while not hand.is_complete:
        seat = hand.actor
        if seat is None:
            raise RuntimeError(f"the hand waits for something players cannot give ({hand.state})")
        hand.act(players[seat].choose(hand, seat, hand.legal_actions()), seat=seat)
    return hand
